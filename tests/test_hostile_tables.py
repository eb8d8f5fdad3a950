"""Hostile input to ``table``, ``odds --by-abzug`` and ``plot``, through the real program.

Each case runs ``python -m shtoss_exact ARGS`` in a fresh directory and must end
within ``LIMIT_SECONDS`` with exit status 2, nothing on stdout, exactly one stderr
line ``shtoss-exact: error: ...`` naming the bad value, no traceback, and no file
left behind but the case's own inputs. Every size is counted, and every cost
estimated, before anything is computed: the largest requests are refused at once.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

LIMIT_SECONDS = 5.0
"""Wall time allowed for one refusal, Python's start-up included (the machine is shared)."""

BAD_SCHEME = b'name = "bad"\n[[rules]]\nposition = 0\npayoff = "1/0"\n'

CASES: list[tuple[str, str, str]] = [
    # (id, arguments, what the one line names)
    ("rows-counted", "table --cards 1..50000 --copies 1..50000", "1250025000 rows: at most 50000"),
    ("by-abzug-set-ups", "table --by-abzug --cards 1..50000 --copies 1..50000",
     "got 1250025000"),
    ("by-abzug-three", "table --by-abzug", "needs one set-up, got 3"),
    ("by-abzug-scheme", "table --by-abzug --cards 52 --scheme faro", "takes no --scheme"),
    ("by-abzug-huge", "table --by-abzug --cards 999999999999 --copies 4",
     "cards=999999999999 with copies=4 gives 500000000000 rows"),
    ("by-abzug-big-numbers", "table --by-abzug --cards 200000 --copies 300",
     "cards=200000 with copies=300"),
    ("odds-by-abzug-huge", "odds --cards 1000000000 --by-abzug", "cards=1000000000"),
    ("odds-by-abzug-json", "odds --cards 1000000000 --by-abzug --format json",
     "cards=1000000000"),
    ("odds-by-abzug-text", "odds --cards 10000000 --copies 4 --by-abzug --format text",
     "cards=10000000 with copies=4 gives 5000000 rows"),
    ("odds-by-abzug-decimals", "odds --cards 10000000 --by-abzug --format csv --decimals 6",
     "cards=10000000"),
    ("odds-by-abzug-soda", "odds --scheme faro.toml --by-abzug", "before the soda is seen"),
    ("table-slow", "table --cards 1000..40000 --copies 200",
     "s of work (the most for deck=40000 with copies=200): more than the limit 10 s"),
    ("table-digits", "table --cards 10000000 --copies 5000000",
     "cards=10000000 with copies=5000000"),
    ("range-backwards", "table --cards 8..4", "--cards '8..4' is not a valid range"),
    ("range-word", "table --copies x", "--copies 'x' is not a valid range"),
    ("range-long", "table --cards 1234567890123", "allowed 12 digits at most"),
    ("range-many", "table --cards 1..999999999999", "has too many values: at most 50000"),
    ("range-digit-lookalike", "table --cards ٥٢", "is not a valid range"),
    ("scheme-unknown", "table --scheme classic,nope", "unknown scheme 'nope'"),
    ("scheme-suited", "table --scheme thirds", "scheme 'thirds' depends on"),
    ("scheme-file-missing", "table --scheme missing.toml", "missing.toml"),
    ("scheme-file-bad", "table --scheme bad.toml", "bad.toml"),
    ("scheme-none", "table --scheme ,", "names no scheme"),
    ("game-unknown", "table --game three-deck", "unknown game 'three-deck'"),
    ("game-twice", "table --one-deck --game two-deck", "--one-deck and --game both given"),
    ("decimals-many", "table --decimals 51", "51 is too many places"),
    ("decimals-negative", "table --decimals -1", "-1 is too small"),
    ("no-rows", "table --cards 2 --copies 5", "the table has no rows"),
    ("format-unknown", "table --format xml", "'xml' is not one of"),
    ("plot-suffix", "plot -o x.pdf", "cannot plot to 'x.pdf'"),
    ("plot-format", "plot -o x.png --format gif", "'gif' is not one of"),
    ("plot-edge-digits", "plot -o x.png --kind edge --cards 10000..40000 --copies 2000",
     "with copies=2000 makes exact values of about"),
    ("plot-edge-slow", "plot -o x.png --kind edge --cards 10000..40000 --copies 600 "
     "--scheme classic,pharaon,faro,lob-half",
     "s of work (the most for deck=40000 with copies=600)"),
    ("plot-edge-many", "plot -o x.png --kind edge --cards 1..60000", "at most 50000"),
    ("plot-scheme-unknown", "plot -o x.png --kind edge --scheme nope", "unknown scheme 'nope'"),
    ("plot-scheme-file", "plot -o x.png --kind series --scheme bad.toml", "bad.toml"),
    ("plot-abzug-two-sizes", "plot -o x.png --cards 36,52", "the abzug plot takes one deck size"),
]  # fmt: skip

FILES = {
    "bad.toml": BAD_SCHEME,
    "faro.toml": b'name = "faro-before"\nbase = "faro"\n[options]\nsoda = "before"\n',
}


def test_every_refusal_has_a_case() -> None:
    assert len({case_id for case_id, _, _ in CASES}) == len(CASES)


@pytest.mark.parametrize(("case_id", "args", "expect"), CASES, ids=[c[0] for c in CASES])
def test_refused_in_one_line(case_id: str, args: str, expect: str, tmp_path: Path) -> None:
    for name, data in FILES.items():
        (tmp_path / name).write_bytes(data)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "shtoss_exact", *args.split()],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    elapsed = time.monotonic() - start
    lines = result.stderr.splitlines()
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("shtoss-exact: error: ")
    assert expect in lines[0]
    assert "Traceback" not in result.stderr
    assert elapsed < LIMIT_SECONDS, f"{case_id} took {elapsed:.1f} s"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(FILES)


def test_a_huge_stream_starts_at_once(tmp_path: Path) -> None:
    # 10^6 rows of CSV are answered, and the first of them come out at once.
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    start = time.monotonic()
    with subprocess.Popen(
        [sys.executable, "-m", "shtoss_exact", "odds", "--cards", "2000000", "--by-abzug",
         "--format", "csv"],
        stdout=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
    ) as child:  # fmt: skip
        assert child.stdout is not None
        header = child.stdout.readline()
        first = child.stdout.readline()
        elapsed = time.monotonic() - start
        child.kill()
    assert header == "abzug,killed,plie,given,banker\n"
    assert first.startswith("1,")
    assert elapsed < LIMIT_SECONDS
