"""Hostile input to ``shtoss-exact formula``, through the real program: each case exits
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
LONG = "7" * 4000  # a whole number click takes, with more digits than is sane
TOO_LONG = "9" * 5000  # more digits than int() converts by default


def _rules(count: int) -> bytes:
    rule = '[[rules]]\nkind = "killed"\nposition = {}\npayoff = 1\n'
    return "".join(rule.format(2 * i + 1) for i in range(count)).encode()


# (id, arguments, what the message names, files to create: name -> bytes)
CASES: list[tuple[str, list[str], str, dict[str, bytes]]] = [
    ("copies-0", ["--copies", "0"], "copies=0: closed forms are derived for 1..12", {}),
    ("copies-13", ["--copies", "13"], "copies=13: closed forms are derived for 1..12", {}),
    ("copies-googol", ["--copies", GOOGOL], "copies=a number of about 100 digits", {}),
    ("copies-4000-digits", ["--copies", LONG], "copies=a number of about 4000 digits", {}),
    ("copies-5000-digits", ["--copies", TOO_LONG], "is not a whole number", {}),
    ("copies-negative", ["--copies", "-3"], "-3 is too small", {}),
    ("copies-word", ["--copies", "four"], "'four' is not a whole number", {}),
    ("copies-float", ["--copies", "4.0"], "'4.0' is not a whole number", {}),
    ("copies-arabic-digit", ["--copies", "٤"], "is not a whole number", {}),
    ("copies-code", ["--copies", "__import__('os')"], "is not a whole number", {}),
    ("copies-missing", [], "Missing option '--copies'", {}),
    ("scheme-thirds", ["--copies", "4", "--scheme", "thirds"], "scheme 'thirds' depends on", {}),
    ("scheme-thirds-russian", ["--copies", "4", "--scheme", "трети"], "'thirds' depends on", {}),
    ("scheme-unknown", ["--copies", "4", "--scheme", "nosuch"], "unknown scheme 'nosuch'", {}),
    ("scheme-expression", ["--copies", "4", "--scheme", "n**2"], "unknown scheme 'n**2'", {}),
    ("scheme-file-missing", ["--copies", "4", "--scheme", "gone.toml"], "gone.toml", {}),
    (
        "scheme-file-suits",
        ["--copies", "4", "--scheme", "s.toml"],
        "depends on the deciding card's suit",
        {"s.toml": b'[[rules]]\nrelation = "plain"\npayoff = "1/3"\n'},
    ),
    (
        "scheme-file-malformed",
        ["--copies", "4", "--scheme", "bad.toml"],
        "bad.toml",
        {"bad.toml": b"[[rules]\n"},
    ),
    (
        "scheme-file-position-zero",
        ["--copies", "4", "--scheme", "p.toml"],
        "position",
        {"p.toml": b"[[rules]]\nposition = 0\npayoff = 1\n"},
    ),
    (
        "scheme-file-too-costly",
        ["--copies", "12", "--scheme", "many.toml"],
        "would take about",
        {"many.toml": _rules(600)},
    ),
    ("parity-all", ["--copies", "4", "--parity", "all"], "'all' is not one of", {}),
    ("parity-empty", ["--copies", "4", "--parity", ""], "'' is not one of", {}),
    ("format-html", ["--copies", "4", "--format", "html"], "'html' is not one of", {}),
    ("decimals-too-many", ["--copies", "4", "--decimals", "51"], "51 is too many places", {}),
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
        [sys.executable, "-m", "shtoss_exact", "formula", *arguments],
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
