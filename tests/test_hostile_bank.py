"""Hostile and oversized input to ``bank``, through the real program.

Each refused case runs ``python -m shtoss_exact bank ...`` in a fresh directory and
must end within ``LIMIT_SECONDS`` with exit status 2, nothing on stdout, exactly one
stderr line ``shtoss-exact: error: ...`` naming the value, and no traceback. The
large banks that are answered must answer within ``ANSWER_SECONDS``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shtoss_exact.deck import RANKS_52

LIMIT_SECONDS = 3.0
"""Wall time allowed for one refusal, Python's start-up included."""

ANSWER_SECONDS = 20.0
"""Wall time allowed for a large bank that is answered (about 2 s on an idle machine)."""

SEVEN_SCHEMES = ["classic", "lob-half", "gorka-half", "eleven", "bait", "pharaon", "bassette"]
THIRTEEN = [f"--bet={rank}" for rank in RANKS_52]
# Thirty stakes with coprime 60-digit denominators: their common denominator alone has
# 1 800 digits.
COPRIME = [f"--bet={RANKS_52[i % 13]}:1/{10**59 + 2 * i + 1}" for i in range(30)]

CASES: list[tuple[str, list[str], str, dict[str, bytes]]] = [
    ("cards-8000-copies-2000",
     ["--cards", "8000", "--copies", "2000", "--bet", "7", "--bet", "Q"], "digits", {}),
    ("cards-100000-copies-20000",
     ["--cards", "100000", "--copies", "20000", "--bet", "7", "--bet", "Q"], "digits", {}),
    ("thousand-bets", ["--bet", "7"] * 1000, "300 bets", {}),
    ("thirteen-ranks-seven-schemes",
     [f"--bet={rank}:1:{SEVEN_SCHEMES[i % 7]}" for i, rank in enumerate(RANKS_52)], "limit", {}),
    ("thirteen-ranks-mixed-1000-cards",
     [*(f"--bet={r}:{i + 1}:{SEVEN_SCHEMES[i % 3]}" for i, r in enumerate(RANKS_52)),
      "--cards", "1000"], "limit 10 s", {}),
    ("googol-cards", ["--cards", "1" + "0" * 100, "--bet", "7", "--bet", "Q"], "limit", {}),
    ("million-cards-length", ["--cards", "1000000", "--bet", "7"], "rows", {}),
    ("cards-4000-digits", ["--cards", "9" * 4000, "--bet", "7"], "limit", {}),
    ("cards-5000-digits", ["--cards", "9" * 5000, "--bet", "7"], "not a whole number", {}),
    ("copies-4000-digits", ["--copies", "9" * 4000, "--bet", "7"], "copies", {}),
    ("stakes-coprime-denominators", COPRIME, "digits", {}),
    ("joint-thirteen-ranks", ["--joint", *THIRTEEN], "100000", {}),
    ("joint-three-ranks", ["--joint", "--bet", "7", "--bet", "Q", "--bet", "A"], "100000", {}),
    ("stake-float-exponent", ["--bet", "7:1e9"], "'1e9'", {}),
    ("stake-zero", ["--bet", "7:0"], "not positive", {}),
    ("stake-61-digits", ["--bet", "7:" + "1" * 61], "digits", {}),
    ("stake-code", ["--bet", "7:__import__('os')"], "not a number", {}),
    ("bet-empty-rank", ["--bet", ":5"], "no rank", {}),
    ("bet-rank-unknown", ["--bet", "Z:1"], "unknown rank 'Z'", {}),
    ("bet-scheme-unknown", ["--bet", "7:1:nosuch"], "unknown scheme 'nosuch'", {}),
    ("bet-scheme-file-missing", ["--bet", "7:1:missing.toml"], "missing.toml", {}),
    ("bet-scheme-file-bad", ["--bet", "7:1:bad.toml"], "abzug", {
        "bad.toml": b"[[rules]]\nabzug = 0\npayoff = 1\n"}),
    ("bet-scheme-thirds", ["--bet", "7:1:трети"], "needs the suits", {}),
    ("scheme-file-endless", ["--bet", "7", "--scheme", "z.toml"], "z.toml", {}),
    ("soda-mixed", ["--bet", "7:1:faro", "--bet", "Q"], "soda", {}),
    ("copies-more-than-cards",
     ["--cards", "5", "--copies", "3", "--bet", "7", "--bet", "Q"], "6 copies", {}),
    ("one-deck-too-small", ["--one-deck", "--cards", "1", "--bet", "7", "--bet", "Q"],
     "one-deck", {}),
    ("rank-not-in-deck", ["--deck", "32", "--bet", "2"], "rank 2", {}),
    ("decimals-too-many", ["--bet", "7", "--decimals", "99"], "99", {}),
]  # fmt: skip

LINKS = {"scheme-file-endless": {"z.toml": "/dev/zero"}}


def run(args: list[str], where: Path) -> tuple[subprocess.CompletedProcess[bytes], float]:
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "shtoss_exact", "bank", *args],
        cwd=where,
        capture_output=True,
        timeout=ANSWER_SECONDS * 3,
        env=environment,
        check=False,
    )
    return done, time.perf_counter() - start


@pytest.mark.parametrize(("name", "args", "expect", "files"), CASES, ids=[c[0] for c in CASES])
def test_refused_in_one_line(
    name: str, args: list[str], expect: str, files: dict[str, bytes], tmp_path: Path
) -> None:
    for file, data in files.items():
        (tmp_path / file).write_bytes(data)
    for file, target in LINKS.get(name, {}).items():
        (tmp_path / file).symlink_to(target)
    done, elapsed = run(args, tmp_path)
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr
    assert done.returncode == 2, stderr
    assert done.stdout == b""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("shtoss-exact: error: "), stderr
    assert expect in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({*files, *LINKS.get(name, {})})
    assert elapsed < LIMIT_SECONDS, f"{name} took {elapsed:.2f} s"


ANSWERED = [
    ("thirteen-ranks-10000-cards", [*THIRTEEN, "--cards", "10000", "--format", "csv"]),
    ("thirteen-ranks-mixed-schemes",
     [f"--bet={r}:{i + 1}:{SEVEN_SCHEMES[i % 3]}" for i, r in enumerate(RANKS_52)]),
    ("two-ranks-400-copies", ["--cards", "3000", "--copies", "400", "--bet", "7", "--bet", "Q"]),
    ("joint-120-cards", ["--joint", "--cards", "120", "--bet", "7", "--bet", "Q"]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "args"), ANSWERED, ids=[c[0] for c in ANSWERED])
def test_large_banks_are_answered(name: str, args: list[str], tmp_path: Path) -> None:
    done, elapsed = run(args, tmp_path)
    assert done.returncode == 0, done.stderr.decode("utf-8")
    assert done.stderr == b""
    assert done.stdout
    assert elapsed < ANSWER_SECONDS, f"{name} took {elapsed:.2f} s"
