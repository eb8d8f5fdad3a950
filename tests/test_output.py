"""The one writer, through the real program: ``-o``, standard output that fails, signals."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.output import Terminated, atomic_path, open_output, write_output

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
PROGRAM = [sys.executable, "-m", "shtoss_exact"]


def run(*args: str, **options: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*PROGRAM, *args], capture_output=True, timeout=60, env=ENV, check=False, **options
    )  # type: ignore[call-overload,no-any-return]


# --- the library's writer ------------------------------------------------------------------


def test_write_output_replaces_a_regular_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "odds.txt"
    target.write_text("old\n")
    write_output(target, "433/833")
    assert target.read_text() == "433/833\n"
    assert [p.name for p in tmp_path.iterdir()] == ["odds.txt"]


def test_an_error_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "odds.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), open_output(target) as out:
        out.write("half")
        raise RuntimeError("stop")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["odds.txt"]


def test_a_signal_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "plot.png"
    with pytest.raises(Terminated), atomic_path(target) as temporary:
        temporary.write_bytes(b"half")
        raise Terminated(signal.SIGTERM)
    assert list(tmp_path.iterdir()) == []


def test_a_symlink_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_output(link, "new")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_a_device_is_written_in_place_never_replaced() -> None:
    before = os.stat(os.devnull)
    write_output(os.devnull, "433/833")
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and before.st_ino == after.st_ino


def test_a_fifo_is_written_in_place(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_output(fifo, "433/833")
    reader.join(timeout=10)
    assert received == [b"433/833\n"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ShtossError, match="directory"):
        write_output(tmp_path, "x")


def test_a_250_character_name_works(tmp_path: Path) -> None:
    target = tmp_path / ("o" * 246 + ".csv")
    write_output(target, "x")
    assert target.read_text() == "x\n"


# --- the program ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "--scheme", "pharaon", "--format", "json"),
        ("odds", "--by-abzug", "--cards", "12", "--copies", "3", "--format", "csv"),
        ("fair", "--scheme", "lob-half", "--solve", "lob", "--format", "markdown"),
        ("schemes", "--decimals", "3"),
    ],
)
def test_output_file_holds_exactly_what_stdout_shows(args: tuple[str, ...], tmp_path: Path) -> None:
    shown = run(*args)
    assert shown.returncode == 0, shown.stderr
    target = tmp_path / "out"
    written = run(*args, "-o", str(target))
    assert written.returncode == 0 and written.stdout == b""
    assert target.read_bytes() == shown.stdout
    dashed = run(*args, "-o", "-")
    assert dashed.stdout == shown.stdout


def test_output_to_dev_null_keeps_the_device() -> None:
    done = run("odds", "-o", os.devnull)
    assert done.returncode == 0 and stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_full_disk_is_one_line_and_a_failure() -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [*PROGRAM, "odds"],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            env=ENV,
            check=False,
        )
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and "No space left" in lines[0]


def test_a_closed_stdout_is_one_line_and_a_failure() -> None:
    done = subprocess.run(
        f"{sys.executable} -m shtoss_exact odds >&-",
        shell=True,
        capture_output=False,
        stderr=subprocess.PIPE,
        timeout=60,
        env=ENV,
        check=False,
    )
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and "standard output" in lines[0]


def test_a_broken_pipe_ends_quietly() -> None:
    process = subprocess.Popen(
        [*PROGRAM, "odds", "--by-abzug", "--cards", "200000", "--copies", "4"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    process.wait(timeout=60)
    assert error == b"" and process.returncode in (0, 1, 141)  # click exits 1 on EPIPE


def test_a_terminal_that_cannot_show_cyrillic_degrades() -> None:
    done = subprocess.run(
        [*PROGRAM, "schemes"],
        capture_output=True,
        timeout=60,
        env={**ENV, "PYTHONIOENCODING": "latin-1"},
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"pharaon" in done.stdout


# --- signals, through the program as installed ----------------------------------------------
#
# Each runs both ``python -m shtoss_exact`` and the console script ``shtoss-exact`` (when it is
# installed beside this Python, as ``pip install -e .`` puts it). A signal is sent only once the
# program runs (its first rows are out, or its temporary file exists), never at a fixed time
# after the start: on a loaded machine Python's own start-up may take seconds, and a signal
# then meets Python's handling, not the program's. Ctrl-C while the program loads is sent
# from inside the child instead, by ``_interrupt_at``. The wall clock is only a hang guard.

HANG_SECONDS = 120.0
"""A child still running this long has hung (each one needs about a second of CPU)."""

SCRIPT = Path(sys.executable).with_name("shtoss-exact")
PROGRAMS = [
    pytest.param(PROGRAM, id="module"),
    pytest.param(
        [str(SCRIPT)],
        id="script",
        marks=pytest.mark.skipif(not SCRIPT.exists(), reason="no console script installed"),
    ),
]


@contextmanager
def _started(program: list[str], *args: str, **options: Any) -> Iterator[subprocess.Popen[bytes]]:
    """The program, started; a hang guard kills it after ``HANG_SECONDS``."""
    with subprocess.Popen([*program, *args], stderr=subprocess.PIPE, **options) as process:
        guard = threading.Timer(HANG_SECONDS, process.kill)
        guard.start()
        try:
            yield process
        finally:
            guard.cancel()
            if process.poll() is None:
                process.kill()


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1, 0.2, 0.4])
@pytest.mark.parametrize("program", PROGRAMS)
def test_ctrl_c_at_any_moment_is_one_line(program: list[str], delay: float) -> None:
    with _started(
        program, "odds", "--by-abzug", "--cards", "400000", "--copies", "4", "--format", "csv",
        stdout=subprocess.PIPE, env=ENV,
    ) as process:  # fmt: skip
        assert process.stdout is not None
        assert process.stdout.readline() == b"abzug,killed,plie,given\n"  # it runs
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, error = process.communicate(timeout=HANG_SECONDS)
    if process.returncode == 0:  # finished first
        assert error == b""
    else:
        assert process.returncode == 130, error.decode()
        assert error.decode().splitlines() == ["shtoss-exact: error: interrupted"]


_INTERRUPT_AT = """\
import os, signal, sys


class _InterruptAt:
    # Ctrl-C (SIGINT to itself) the first time the module TARGET is looked for.
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == TARGET:
            sys.meta_path.remove(_InterruptAt)
            os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, _InterruptAt)
"""


def _interrupt_at(module: str, where: Path) -> dict[str, str]:
    """An environment whose Python sends itself SIGINT when ``module`` is first imported:
    a ``sitecustomize`` (run by ``site`` after the installed ``.pth`` files) that watches
    every import."""
    (where / "sitecustomize.py").write_text(_INTERRUPT_AT.replace("TARGET", repr(module)))
    path = os.environ.get("PYTHONPATH")
    return {**ENV, "PYTHONPATH": str(where) if not path else f"{where}{os.pathsep}{path}"}


@pytest.mark.parametrize(
    "module",
    [
        "click",  # the command line loads
        "shtoss_exact.cli.base",
        "shtoss_exact.engine",  # the command runs and loads what it needs
        "shtoss_exact.abzug_stream",
    ],
)
@pytest.mark.parametrize("program", PROGRAMS)
def test_ctrl_c_while_the_program_loads_is_one_line(
    program: list[str], module: str, tmp_path: Path
) -> None:
    with _started(
        program, "odds", "--by-abzug", "--cards", "40", "--copies", "4",
        stdout=subprocess.PIPE, env=_interrupt_at(module, tmp_path),
    ) as process:  # fmt: skip
        _, error = process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == 130, error.decode()
    assert error.decode().splitlines() == ["shtoss-exact: error: interrupted"]


@pytest.mark.parametrize("program", PROGRAMS)
def test_sigterm_removes_the_temporary_file(program: list[str], tmp_path: Path) -> None:
    with _started(
        program, "odds", "--by-abzug", "--cards", "1500000", "--copies", "4", "-o", "big.csv",
        cwd=tmp_path, stdout=subprocess.DEVNULL, env=ENV,
    ) as process:  # fmt: skip
        while not list(tmp_path.glob(".big.csv*")) and process.poll() is None:
            time.sleep(0.01)  # until the program writes: its handlers are in place
        process.send_signal(signal.SIGTERM)
        _, error = process.communicate(timeout=HANG_SECONDS)
    assert b"Traceback" not in error
    if process.returncode != 0:  # not finished first
        assert process.returncode == 128 + signal.SIGTERM, error.decode()
        assert error.decode().splitlines() == ["shtoss-exact: error: terminated"]
    assert not list(tmp_path.glob(".big.csv*"))
