"""Hostile and malformed input, through the real program, for every command and file format.

One table of refusals, ``CASES``: the rows of every module of ``tests/hostile``. Each
runs ``python -m shtoss_exact ARGS`` in a fresh directory holding the row's files, and
must end within ``LIMIT_SECONDS`` of CPU time with its exit status (2 unless the row
says otherwise), nothing on stdout, exactly one stderr line ``shtoss-exact: error: ...``
containing the row's fragment, no traceback, and no file left behind but the row's
own inputs (no partial output file, no temporary file).

One table of answers, ``ANSWERED``: inputs that look hostile but must be answered,
with exit status 0 and nothing on stderr, within ``ANSWER_SECONDS`` of CPU time and in
less than ``ANSWER_MEMORY`` of peak resident memory.

Every limit is the child's CPU time, never the wall clock, so that the tables pass on a
loaded machine; the wall clock only stops a child that hangs.
"""

from __future__ import annotations

import os
import pkgutil
import subprocess
import threading
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

import pytest

import tests.contracts.hostile
from tests.conftest import run_shtoss, start_shtoss
from tests.contracts.hostile.answered import ANSWERED
from tests.contracts.hostile.harness import (
    ANSWER_MEMORY,
    ANSWER_SECONDS,
    HANG_FACTOR,
    LIMIT_SECONDS,
    Case,
    cpu_seconds,
    inputs,
    run,
)

_NOT_ROWS = {"harness", "answered"}
ROW_MODULES = sorted(
    info.name
    for info in pkgutil.iter_modules(tests.contracts.hostile.__path__)
    if info.name not in _NOT_ROWS
)
CASES: list[Case] = [
    row for name in ROW_MODULES for row in import_module(f"tests.contracts.hostile.{name}").CASES
]

MEGABYTE = 1024**2


@dataclass
class _Timing:
    slowest: tuple[float, str] = (0.0, "")
    count: int = 0
    heaviest: tuple[int, str] = (0, "")


REFUSED = _Timing()
ANSWERS = _Timing()


def _note(timing: _Timing, row: Case, seconds: float, peak_bytes: int) -> None:
    timing.count += 1
    timing.slowest = max(timing.slowest, (seconds, row.id))
    timing.heaviest = max(timing.heaviest, (peak_bytes, row.id))


def test_the_table_is_large_and_covers_every_command() -> None:
    from shtoss_exact.cli import all_commands

    assert len(CASES) >= 300
    ids = [row.id for row in CASES] + [row.id for row in ANSWERED]
    assert len(set(ids)) == len(ids), sorted({i for i in ids if ids.count(i) > 1})
    runs = [row.invocation() for row in [*CASES, *ANSWERED]]
    twice = {row.id for row in [*CASES, *ANSWERED] if runs.count(row.invocation()) > 1}
    assert not twice, f"rows that run the same thing: {sorted(twice)}"
    assert set(all_commands()) <= {row.command for row in CASES}
    assert all(row.status != 0 and row.expect for row in CASES)
    assert all(row.status == 0 for row in ANSWERED)


@pytest.mark.parametrize("bad", CASES, ids=[row.id for row in CASES])
def test_refused_in_one_line(bad: Case, tmp_path: Path) -> None:
    ran = run(bad, tmp_path, timeout=LIMIT_SECONDS * HANG_FACTOR)
    _note(REFUSED, bad, ran.seconds, ran.peak_bytes)
    assert "Traceback" not in ran.stderr
    assert ran.status == bad.status, ran.stderr
    assert ran.stdout == b""
    lines = ran.stderr.splitlines()
    assert len(lines) == 1, ran.stderr
    assert lines[0].startswith("shtoss-exact: error: "), ran.stderr
    assert bad.expect in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == inputs(bad)
    assert ran.seconds < LIMIT_SECONDS, f"{bad.id} took {ran.seconds:.2f} s of CPU"
    assert ran.peak_bytes < ANSWER_MEMORY, f"{bad.id} took {ran.peak_bytes // MEGABYTE} MB"


SLOW_ANSWERS = {"strategy-target-2000", "series-stop-ruin-2000"}
"""Answers that take more than a few seconds of a loaded machine: marked slow."""


def test_the_slow_answers_are_rows() -> None:
    assert {row.id for row in ANSWERED} >= SLOW_ANSWERS


@pytest.mark.parametrize(
    "good",
    [
        pytest.param(row, id=row.id, marks=[pytest.mark.slow] if row.id in SLOW_ANSWERS else [])
        for row in ANSWERED
    ],
)
def test_answered_in_bounded_time_and_memory(good: Case, tmp_path: Path) -> None:
    ran = run(good, tmp_path, timeout=ANSWER_SECONDS * HANG_FACTOR)
    _note(ANSWERS, good, ran.seconds, ran.peak_bytes)
    assert "Traceback" not in ran.stderr
    assert ran.status == 0, ran.stderr
    assert ran.stderr == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({*inputs(good), *good.leaves})
    if good.leaves:
        assert all((tmp_path / name).stat().st_size > 0 for name in good.leaves)
    else:
        assert ran.stdout
    assert ran.seconds < ANSWER_SECONDS, f"{good.id} took {ran.seconds:.2f} s of CPU"
    assert ran.peak_bytes < ANSWER_MEMORY, f"{good.id} took {ran.peak_bytes // MEGABYTE} MB"


def test_report_the_slowest() -> None:
    # Runs after the tables (pytest keeps file order); shows the figures with -s.
    if REFUSED.count:
        seconds, name = REFUSED.slowest
        peak, heavy = REFUSED.heaviest
        print(
            f"\n{REFUSED.count} hostile inputs refused; slowest {name}: {seconds:.2f} s of CPU; "
            f"most memory {heavy}: {peak // MEGABYTE} MB"
        )
    if ANSWERS.count:
        seconds, name = ANSWERS.slowest
        peak, heavy = ANSWERS.heaviest
        print(
            f"{ANSWERS.count} hostile-looking inputs answered; "
            f"slowest {name}: {seconds:.2f} s of CPU; most memory {heavy}: {peak // MEGABYTE} MB"
        )
    assert REFUSED.slowest[0] < LIMIT_SECONDS
    assert ANSWERS.slowest[0] < ANSWER_SECONDS


# --- beyond the tables ------------------------------------------------------------------------


def test_a_huge_stream_starts_at_once(tmp_path: Path) -> None:
    # 10^6 rows of CSV are answered, and the first of them come out at once: within
    # LIMIT_SECONDS of the child's CPU time, Python's start-up included.
    with start_shtoss(
        "odds", "--cards", "2000000", "--by-abzug", "--format", "csv",
        stdout=subprocess.PIPE, text=True, cwd=tmp_path,
    ) as child:  # fmt: skip
        assert child.stdout is not None
        hang = threading.Timer(LIMIT_SECONDS * HANG_FACTOR, child.kill)
        hang.start()
        header = child.stdout.readline()
        first = child.stdout.readline()
        hang.cancel()
        child.kill()  # it stops within a pipe's worth of rows: the pipe is not read again
        _, wait_status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(wait_status)
    assert header == "abzug,killed,plie,given\n"
    assert first.startswith("1,")
    assert cpu_seconds(usage) < LIMIT_SECONDS


@pytest.mark.parametrize(
    ("argv", "make", "status", "fragment"),
    [
        # A target that cannot be opened is bad input: exit status 2.
        (["series", "--deals", "2", "--export-graph", "nodir/c.dot"], None, 2,
         "cannot write 'nodir/c.dot'"),
        (["series", "--deals", "2", "--export-graph", "c.dot"], "c.dot", 2, "c.dot"),
        # A write that fails midway (a full disk) is exit status 1.
        (["table", "--cards", "4..60", "-o", "/dev/full"], None, 1, "cannot write '/dev/full'"),
    ],
    ids=["export-no-directory", "export-a-directory", "table-full-disk"],
)  # fmt: skip
def test_an_output_that_cannot_be_written(
    argv: list[str], make: str | None, status: int, fragment: str, tmp_path: Path
) -> None:
    if make is not None:
        (tmp_path / make).mkdir()
    done = run_shtoss(*argv, cwd=tmp_path, timeout=60)
    lines = done.stderr.splitlines()
    assert done.status == status, done.stderr
    assert done.stdout == ""
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("shtoss-exact: error: ") and fragment in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ([make] if make else [])


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_standard_output_on_a_full_disk_is_exit_status_1(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = run_shtoss(
            "odds", "--cards", "2000", "--copies", "4", cwd=tmp_path, stdout=full, timeout=60
        )
    lines = done.stderr.splitlines()
    assert done.status == 1, done.stderr
    assert len(lines) == 1 and "cannot write standard output" in lines[0], done.stderr
