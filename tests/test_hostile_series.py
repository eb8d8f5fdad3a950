"""Hostile and malformed input to ``series``, through the real program.

Each refusal runs ``python -m shtoss_exact series ...`` in a fresh directory holding the
case's files, with its memory bounded, and must end within ``LIMIT_SECONDS`` with exit
status 2, nothing on stdout, exactly one stderr line ``shtoss-exact: error: ...`` that
names the bad value, no traceback, and no file left behind but the case's own. Each
question that looks hostile but has an answer must be answered as quickly.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

LIMIT_SECONDS = 5.0
"""Wall time allowed for one refusal or answer, Python's start-up included (on a busy
two-core machine)."""

MEMORY = 2 * 1024**3
"""Address space a case may use."""

HUGE = "1" + "0" * 100  # 10**100
VERY_LONG = "9" * 5000  # more digits than int() converts by default


@dataclass(frozen=True)
class Case:
    id: str
    argv: tuple[str, ...]
    expect: str
    files: dict[str, bytes] = field(default_factory=dict)
    fifo: str | None = None


def case(id: str, argv: str | list[str], expect: str, *, fifo: str | None = None,
         **files: bytes) -> Case:  # fmt: skip
    args = tuple(argv.split()) if isinstance(argv, str) else tuple(argv)
    return Case(id, args, expect, {k.replace("__", "."): v for k, v in files.items()}, fifo)


REFUSED = [
    case("deals-billion", "--plan paroli:3 --deals 1000000000", "limit"),
    case("deals-billion-flat", "--deals 1000000000", "limit"),
    case("deals-googol", f"--deals {HUGE}", "limit"),
    case("raise-million", "--plan raise --deals 1000000", "limit"),
    case("plan-unknown", "--plan martingale", "unknown plan 'martingale'"),
    case("plan-bound-5000-digits", ["--plan", "paroli:" + VERY_LONG], "paroli"),
    case("plan-bound-on-flat", "--plan flat:3 --deals 2", "flat:3"),
    case("kush-zero", "--kush 0 --deals 2", "kush"),
    case("kush-code", ["--kush", "__import__('os').system('x')"], "exact number"),
    case("kush-arabic", "--kush ٣", "exact number"),
    case("kush-5000-digits", ["--kush", VERY_LONG, "--deals", "2"], "digits"),
    case("target-exponent", "--target 1e999999", "exact number"),
    case("bankroll-below-kush", "--deals 2 --bankroll 1/2", "bankroll=1/2"),
    case("ruin-state-space", f"--bankroll {HUGE[:40]} --target {HUGE[:40]}", "limit"),
    case("ruin-walk-wide", "--bankroll 1000000 --target 1000000", "limit"),
    case("ruin-paroli-wide", "--plan paroli:3 --bankroll 1000000 --target 1000000", "limit"),
    case("ruin-thirds-wide", "--bankroll 3000 --target 3000 --scheme thirds --card 7h", "limit"),
    case("bankroll-alone", "--bankroll 5", "--target"),
    case("thirds-paroli-100", "--plan paroli:3 --deals 100 --scheme thirds --card 7h", "limit"),
    case("cards-4000-digits", ["--deals", "2", "--cards", "9" * 4000], "digits"),
    case("thirds-without-card", "--scheme thirds --deals 2", "thirds"),
    case("series-length-zero", "--deals 3 --series 0", "0 is too small"),
    case("series-without-deals", "--bankroll 2 --target 2 --series 2", "deals"),
    case("json-too-long", "--deals 10000 --format json", "limit"),
    case("never-ends", "--bankroll 2 --target 2 --cards 10 --copies 0", "never ends"),
    case("plan-file-missing", "--plan-file missing.toml", "cannot read"),
    case("plan-file-empty", "--plan-file p.toml", "empty", p__toml=b""),
    case("plan-file-fifo", "--plan-file f.toml --deals 2", "not a regular file", fifo="f.toml"),
    case("plan-file-nul-bytes", "--plan-file p.toml", "bad TOML", p__toml=b"\x00" * 64),
    case(
        "plan-file-nested",
        "--plan-file p.toml",
        "p.toml",
        p__toml=b"story = " + b"[" * 100_000 + b"]" * 100_000,
    ),
    case(
        "plan-file-huge",
        "--plan-file p.toml",
        "bytes",
        p__toml=b'name = "big"\n# ' + b"x" * 1_100_000 + b"\n",
    ),
    case("plan-file-unknown-key", "--plan-file p.toml", "unknown key", p__toml=b"stake = 2"),
    case(
        "plan-file-duplicate-key",
        "--plan-file p.json",
        "twice",
        p__json=b'{"kush": 1, "kush": 1000}',
    ),
    case(
        "plan-file-kush-code",
        "--plan-file p.toml",
        "exact number",
        p__toml=b"kush = \"__import__('os').system('x')\"",
    ),
    case(
        "plan-file-kush-5000-digits",
        "--plan-file p.toml --deals 2",
        "digits",
        p__toml=b'kush = "' + b"9" * 5000 + b'"',
    ),
    case(
        "plan-file-kush-5000-digit-int",
        "--plan-file p.json --deals 2",
        "digits",
        p__json=b'{"kush": ' + b"9" * 5000 + b"}",
    ),
    case("plan-file-kush-exponent", "--plan-file p.toml", "kush", p__toml=b"kush = 1e999999"),
    case("plan-file-kush-nan", "--plan-file p.json", "p.json", p__json=b'{"kush": NaN}'),
    case("plan-file-raises-word", "--plan-file p.toml", "raises", p__toml=b'raises = "two"'),
    case(
        "plan-file-story-2000",
        "--plan-file p.toml",
        "story",
        p__toml=b"story = [" + b", ".join([b'"sonik-won"'] * 2000) + b"]",
    ),
    case(
        "plan-file-story-longer-than-deals",
        "--plan-file p.toml",
        "story",
        p__toml=b'deals = 1\nstory = ["sonik-won", "lob-killed"]',
    ),
    case(
        "plan-file-control-character",
        "--plan-file p.toml --deals 2",
        "control",
        p__toml=b'name = "\\u001b[2J"',
    ),
    case(
        "plan-file-deals-huge",
        "--plan-file p.toml",
        "limit",
        p__toml=b'after_win = "ride"\nraises = 3\ndeals = 1000000000000',
    ),
    case("plan-file-wrong-suffix", "--plan-file p.yaml", "unknown file type", p__yaml=b"a: 1"),
    case("export-graph-suffix", "--deals 2 --export-graph chain.txt", ".graphml"),
    case(
        "export-graph-refused-run",
        "--plan paroli:3 --deals 1000000000 --export-graph c.graphml",
        "limit",
    ),
    case("export-graph-too-large", "--plan raise --deals 30000 --export-graph c.dot", "limit"),
]

ANSWERED = [
    case("series-length-googol", "--deals 3 --series 10000000000000000000", ""),
    case("series-length-billion", "--deals 3 --series 1000000000", ""),
    case("series-length-million", "--deals 1000 --series 1000000", ""),
    case("deals-1500", "--deals 1500", ""),
    case("raise-ruin-100", "--plan raise --bankroll 100 --target 100", ""),
    case("raise-100", "--plan raise --deals 100", ""),
    case("flat-1000-deals-ruin", "--deals 1000 --bankroll 20 --target 20", ""),
    case(
        "ruin-thirds-small-kush",
        "--bankroll 1 --target 1 --kush 1/100 --scheme thirds --card 7h",
        "",
    ),
    case("flat-ruin-1000", "--bankroll 1000 --target 1000 --format json", ""),
]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(bad: Case, tmp_path: Path) -> tuple[subprocess.CompletedProcess[bytes], float]:
    for name, data in bad.files.items():
        (tmp_path / name).write_bytes(data)
    if bad.fifo is not None:
        os.mkfifo(tmp_path / bad.fifo)
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "shtoss_exact", "series", *bad.argv],
        cwd=tmp_path,
        capture_output=True,
        timeout=LIMIT_SECONDS * 6,
        env=environment,
        check=False,
        preexec_fn=_limit_memory,
    )
    return done, time.perf_counter() - start


@pytest.mark.parametrize("bad", REFUSED, ids=[c.id for c in REFUSED])
def test_refused_in_one_line(bad: Case, tmp_path: Path) -> None:
    done, elapsed = _run(bad, tmp_path)
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr
    assert done.returncode == 2, stderr
    assert done.stdout == b""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("shtoss-exact: error: "), stderr
    assert bad.expect in lines[0], lines[0]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted({*bad.files, *([bad.fifo] if bad.fifo else [])})
    assert elapsed < LIMIT_SECONDS, f"{bad.id} took {elapsed:.2f} s"


@pytest.mark.parametrize("good", ANSWERED, ids=[c.id for c in ANSWERED])
def test_answered_quickly(good: Case, tmp_path: Path) -> None:
    done, elapsed = _run(good, tmp_path)
    assert done.returncode == 0, done.stderr.decode("utf-8")
    assert done.stderr == b"" and done.stdout
    assert elapsed < LIMIT_SECONDS, f"{good.id} took {elapsed:.2f} s"


def test_an_export_that_cannot_be_written_is_an_output_error(tmp_path: Path) -> None:
    # Output that cannot be written is not the input's fault: exit status 1, one line.
    done, _ = _run(case("no-directory", "--deals 2 --export-graph nodir/c.dot", ""), tmp_path)
    lines = done.stderr.decode("utf-8").splitlines()
    assert done.returncode == 1 and done.stdout == b""
    assert len(lines) == 1 and "cannot write 'nodir/c.dot'" in lines[0]
