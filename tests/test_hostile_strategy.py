"""Hostile input to ``shtoss-exact strategy``, through the real program: each case exits
with status 2, prints exactly one stderr line naming the bad value and nothing on
stdout, shows no traceback, and is refused within ``LIMIT_SECONDS`` (the guards
estimate the cost before computing anything)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

LIMIT_SECONDS = 3.0
"""Wall time allowed for one refusal, Python's start-up included."""

GOOGOL = "1" + "0" * 100
BASE = ["--bankroll", "5", "--target", "10"]

# (id, arguments, what the message names, files to create: name -> bytes)
CASES: list[tuple[str, list[str], str, dict[str, bytes]]] = [
    ("bankroll-missing", ["--target", "10"], "Missing option '--bankroll'", {}),
    (
        "bankroll-zero",
        ["--bankroll", "0", "--target", "5"],
        "bankroll=0: allowed bankroll >= 1",
        {},
    ),
    ("bankroll-half", ["--bankroll", "1/2", "--target", "5"], "bankroll=1/2", {}),
    ("bankroll-negative", ["--bankroll", "-3", "--target", "5"], "bankroll=-3", {}),
    ("bankroll-word", ["--bankroll", "fifty", "--target", "99"], "--bankroll: 'fifty'", {}),
    ("bankroll-code", ["--bankroll", "__import__('os')", "--target", "9"], "--bankroll:", {}),
    ("bankroll-exponent", ["--bankroll", "1e3", "--target", "9"], "'1e3' is not an exact", {}),
    ("bankroll-googol", ["--bankroll", GOOGOL, "--target", "9"], "more than 60 digits", {}),
    ("bankroll-zero-denominator", ["--bankroll", "1/0", "--target", "9"], "divides by zero", {}),
    ("target-missing", ["--bankroll", "5"], "give the target", {}),
    ("target-and-bank", [*BASE, "--bank", "5"], "give the target", {}),
    ("target-below", ["--bankroll", "5", "--target", "5"], "target=5 is not above", {}),
    ("target-huge", ["--bankroll", "5", "--target", "1" + "0" * 50], "more than the limit", {}),
    ("target-nan", ["--bankroll", "5", "--target", "nan"], "--target: 'nan'", {}),
    ("bank-zero", ["--bankroll", "5", "--bank", "0"], "bank=0: allowed bank > 0", {}),
    ("bank-negative", ["--bankroll", "5", "--bank", "-1/2"], "bank=-1/2", {}),
    ("max-stake-zero", [*BASE, "--max-stake", "0"], "max_stake=0", {}),
    ("max-stake-word", [*BASE, "--max-stake", "all"], "--max-stake: 'all'", {}),
    ("objective-unknown", [*BASE, "--objective", "win"], "'win' is not one of", {}),
    ("plans-unknown", [*BASE, "--plans", "martingale"], "unknown plan 'martingale'", {}),
    ("plans-empty-item", [*BASE, "--plans", "flat,,raise"], "unknown plan ''", {}),
    ("plans-bad-bound", [*BASE, "--plans", "paroli:x"], "bad plan 'paroli:x'", {}),
    ("plans-too-many", [*BASE, "--plans", ",".join(["flat"] * 21)], "21 plans", {}),
    ("scheme-unknown", [*BASE, "--scheme", "whist"], "unknown scheme 'whist'", {}),
    ("scheme-thirds-no-card", [*BASE, "--scheme", "thirds"], "needs the suits", {}),
    ("scheme-file-missing", [*BASE, "--scheme", "gone.toml"], "gone.toml", {}),
    (
        "scheme-file-push-only",
        [*BASE, "--scheme", "push.toml"],
        "never moves money",
        {
            "push.toml": b"".join(
                b'[[rules]]\nkind = "%s"\npayoff = 0\n' % kind
                for kind in (b"killed", b"plie", b"given")
            )
        },
    ),
    ("copies-zero", [*BASE, "--copies", "0"], "never moves money", {}),
    ("deck-unknown", [*BASE, "--deck", "54"], "'54' is not one of", {}),
    (
        "thirds-too-costly",
        ["--bankroll", "150", "--target", "300", "--scheme", "thirds", "--card", "7h"],
        "more than the limit",
        {},
    ),
    (
        "lob-half-too-many-states",
        ["--bankroll", "1", "--target", "12000", "--scheme", "lob-half"],
        "more than the limit",
        {},
    ),
    ("format-unknown", [*BASE, "--format", "xml"], "'xml' is not one of", {}),
    ("decimals-too-many", [*BASE, "--decimals", "51"], "51 is too many places", {}),
]


@pytest.mark.parametrize(
    ("arguments", "expect", "files"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_refused_in_one_line(
    arguments: list[str], expect: str, files: dict[str, bytes], tmp_path: Path
) -> None:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "shtoss_exact", "strategy", *arguments],
        cwd=tmp_path,
        capture_output=True,
        timeout=LIMIT_SECONDS * 5,
        env=environment,
        check=False,
    )
    elapsed = time.perf_counter() - start
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr
    assert done.returncode == 2, stderr
    assert done.stdout == b""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("shtoss-exact: error: "), stderr
    assert expect in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)
    assert elapsed < LIMIT_SECONDS, f"took {elapsed:.2f} s"
