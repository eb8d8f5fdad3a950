"""The one writer, through the real program: ``-o``, standard output that fails, signals."""

from __future__ import annotations

import errno
import io
import json
import os
import resource
import shlex
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.output import (
    OutputError,
    Terminated,
    _WholeWrites,
    atomic_path,
    finish_stdout,
    open_failure,
    open_output,
    remove_temporaries,
    write_output,
)
from tests.conftest import PROGRAM, Shtoss, child_environment, run_shtoss, start_shtoss

ENV = child_environment()


def _closed_stdout() -> None:
    """Run in the child before the program: its standard output closed, as by ``>&-``."""
    os.close(1)


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


def test_a_name_ending_in_a_separator_is_refused_and_nothing_written(tmp_path: Path) -> None:
    # realpath drops the separator: "new/" was written as a file "new"
    with pytest.raises(ShtossError, match="a name ending in / is a directory's"):
        write_output(f"{tmp_path / 'new'}/", "x")
    assert list(tmp_path.iterdir()) == []


def test_a_loop_of_symlinks_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(ShtossError, match="Too many levels of symbolic links"):
        write_output(tmp_path / "a", "x")
    assert all(path.is_symlink() for path in tmp_path.iterdir())


def test_a_250_character_name_works(tmp_path: Path) -> None:
    target = tmp_path / ("o" * 246 + ".csv")
    write_output(target, "x")
    assert target.read_text() == "x\n"


# --- a full disk, however it shows -----------------------------------------------------------


@pytest.mark.parametrize("code", ["ENOSPC", "EDQUOT", "EFBIG"])
def test_a_full_disk_at_the_opening_is_a_failed_write(code: str) -> None:
    number = getattr(errno, code, None)
    if number is None:
        pytest.skip(f"errno {code} does not exist on this platform")
    error = open_failure("x.txt", OSError(number, os.strerror(number)))
    assert isinstance(error, OutputError)
    assert str(error) == f"cannot write 'x.txt': {os.strerror(number)}"


@pytest.mark.parametrize("code", ["ENOENT", "EACCES", "EROFS", "EISDIR", "ENOTDIR", "ENAMETOOLONG"])
def test_a_target_that_cannot_be_opened_is_bad_input(code: str) -> None:
    number = getattr(errno, code)
    error = open_failure("x.txt", OSError(number, os.strerror(number)))
    assert isinstance(error, ShtossError) and not isinstance(error, OutputError)


@pytest.mark.parametrize("code", ["ENOSPC", "EDQUOT"])
def test_no_room_for_the_temporary_file_is_a_failed_write(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    number = getattr(errno, code, None)
    if number is None:
        pytest.skip(f"errno {code} does not exist on this platform")

    def full(*args: object, **options: object) -> tuple[int, str]:
        raise OSError(number, os.strerror(number))

    monkeypatch.setattr(tempfile, "mkstemp", full)
    with pytest.raises(OutputError, match=os.strerror(number)):
        write_output(tmp_path / "odds.txt", "433/833")
    assert list(tmp_path.iterdir()) == []


@contextmanager
def _tiny_file_system(where: Path, *, inodes: int, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` with ``inodes`` inodes (its root takes one), mounted at
    ``where`` for the test; skipped where it cannot be mounted (not root)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs with few inodes needs root on Linux")
    where.mkdir()
    options = f"size={size},nr_inodes={inodes}"
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)


def _fill_inodes(where: Path) -> None:
    for k in range(100):
        try:
            (where / f"filler{k}").touch()
        except OSError as error:
            assert error.errno == errno.ENOSPC
            return
    raise AssertionError("the file system never ran out of inodes")


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (("odds", "-o"), "x.txt"),
        (("series", "--deals", "2", "--export-graph"), "x.graphml"),
        (("plot", "-o"), "x.svg"),
    ],
    ids=["odds", "export-graph", "plot"],
)
def test_no_free_inode_for_the_output_is_exit_status_1(
    shtoss: Any, tmp_path: Path, args: tuple[str, ...], name: str
) -> None:
    if args[0] == "plot":
        pytest.importorskip("matplotlib")
    with _tiny_file_system(tmp_path / "disk", inodes=3, size="1m") as disk:
        _fill_inodes(disk)
        before = sorted(p.name for p in disk.iterdir())
        ran = shtoss(*args, str(disk / name), process=True)
        after = sorted(p.name for p in disk.iterdir())
    assert ran.status == 1, ran.stderr
    assert ran.stdout == ""
    assert ran.stderr.splitlines() == [
        f"shtoss-exact: error: cannot write {str(disk / name)!r}: No space left on device"
    ]
    assert after == before


def test_no_space_left_for_the_output_is_exit_status_1(shtoss: Any, tmp_path: Path) -> None:
    with _tiny_file_system(tmp_path / "disk", inodes=100, size="64k") as disk:
        target = disk / "t.csv"
        ran = shtoss("table", "--cards", "4..3000", "--format", "csv", "-o", str(target),
                     process=True)  # fmt: skip
        left = [p.name for p in disk.iterdir()]
    assert ran.status == 1, ran.stderr
    lines = ran.stderr.splitlines()
    assert len(lines) == 1 and "No space left on device" in lines[0], lines
    assert left == []


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
def test_output_file_holds_exactly_what_stdout_shows(
    args: tuple[str, ...], tmp_path: Path, shtoss: Shtoss
) -> None:
    shown = shtoss(*args, process=True, raw=True, timeout=60)
    assert shown.status == 0, shown.stderr
    target = tmp_path / "out"
    written = shtoss(*args, "-o", str(target), process=True, raw=True, timeout=60)
    assert written.status == 0 and written.stdout == b""
    assert target.read_bytes() == shown.stdout
    dashed = shtoss(*args, "-o", "-", process=True, raw=True, timeout=60)
    assert dashed.stdout == shown.stdout


def test_output_to_dev_null_keeps_the_device(shtoss: Shtoss) -> None:
    done = shtoss("odds", "-o", os.devnull, process=True, timeout=60)
    assert done.status == 0 and stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_full_disk_is_one_line_and_a_failure(shtoss: Shtoss) -> None:
    with open("/dev/full", "wb") as full:
        done = shtoss("odds", stdout=full, timeout=60)
    lines = done.stderr.splitlines()
    assert done.status == 1 and len(lines) == 1 and "No space left" in lines[0]


def test_a_closed_stdout_is_one_line_and_a_failure(shtoss: Shtoss) -> None:
    done = shtoss("odds", preexec_fn=_closed_stdout, timeout=60)
    lines = done.stderr.splitlines()
    assert done.status == 1 and len(lines) == 1 and "standard output" in lines[0]


def test_a_broken_pipe_ends_quietly() -> None:
    process = start_shtoss(
        "odds", "--by-abzug", "--cards", "200000", "--copies", "4",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    process.wait(timeout=60)
    assert error == b"" and process.returncode in (0, 1, 141)  # click exits 1 on EPIPE


def test_a_terminal_that_cannot_show_cyrillic_degrades(shtoss: Shtoss) -> None:
    done = shtoss("schemes", env={"PYTHONIOENCODING": "latin-1"}, process=True, raw=True)
    assert done.status == 0 and b"Traceback" not in done.stderr
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
        "shtoss_exact.report.stream",
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
    assert process.returncode != 0, f"the program never loads {module}: name one it loads"
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


# --- every write to standard output whole, or an error ----------------------------------------

BUFFERING = {"buffered": {"PYTHONUNBUFFERED": ""}, "unbuffered": {"PYTHONUNBUFFERED": "1"}}
"""Standard output as Python makes it by default, and with ``python -u``."""

LONG_CSV = ("odds", "--cards", "200000", "--copies", "4", "--by-abzug", "--format", "csv")


def _environment(buffering: str) -> dict[str, str]:
    """What the child's environment adds: Python buffers when PYTHONUNBUFFERED is empty."""
    return BUFFERING[buffering]


def _file_limit(size: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


def test_a_short_write_is_continued(monkeypatch: pytest.MonkeyPatch) -> None:
    # The kernel may take part of a write (a disk filling up, ulimit -f): the rest follows.
    read, write = os.pipe()
    real = os.write
    calls: list[int] = []

    def short(fd: int, data: bytes) -> int:
        calls.append(len(data))
        return real(fd, bytes(data)[:3])

    monkeypatch.setattr("shtoss_exact.output.os.write", short)
    try:
        stream = _WholeWrites(write)
        assert stream.write(b"433/833\n") == 8
        assert os.read(read, 100) == b"433/833\n" and calls == [8, 5, 2]
    finally:
        os.close(read)
        os.close(write)


def test_a_failed_write_is_reported_once(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    real = os.write
    written: list[bytes] = []

    def fails_after_three(fd: int, data: bytes) -> int:
        if written:
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
        written.append(bytes(data)[:3])
        return real(fd, bytes(data)[:3])

    monkeypatch.setattr("shtoss_exact.output.os.write", fails_after_three)
    try:
        stream = _WholeWrites(write)
        with pytest.raises(OutputError, match="cannot write standard output: File too large"):
            stream.write(b"433/833\n")
        assert stream.write(b"more") == 4  # dropped: the error is reported once
        assert stream.failure == "cannot write standard output: File too large"
        assert os.read(read, 100) == b"433"
    finally:
        os.close(read)
        os.close(write)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_the_last_flush_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    # Buffered text that only the flush at the end would write: its failure is an error.
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        stream = io.TextIOWrapper(io.BufferedWriter(_WholeWrites(fd)), encoding="utf-8")
        monkeypatch.setattr(sys, "stdout", stream)
        stream.write("433/833\n")  # held in the buffer: no error yet
        with pytest.raises(OutputError, match="No space left on device"):
            finish_stdout()
        with pytest.raises(OutputError, match="No space left on device"):
            finish_stdout()  # and again at the very end: the failure is remembered
    finally:
        os.close(fd)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_failure_caught_on_the_way_still_fails_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        stream = io.TextIOWrapper(_WholeWrites(fd), encoding="utf-8", write_through=True)
        monkeypatch.setattr(sys, "stdout", stream)
        with pytest.raises(OutputError):
            stream.write("433/833\n")  # a caller that drops this error ...
        stream.write("more\n")  # ... writes on, into nothing
        with pytest.raises(OutputError, match="No space left on device"):
            finish_stdout()  # ... and is not let off at the end
    finally:
        os.close(fd)


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
@pytest.mark.parametrize(
    ("args", "limit"),
    [
        (LONG_CSV, 64 * 1024),  # fails while it is written
        (("table", "--cards", "4..3000", "--format", "csv"), 64 * 1024),
        (("odds",), 100),  # buffered, fails at the last flush only
        (("--help",), 100),
    ],
    ids=["by-abzug-csv", "table-csv", "odds", "help"],
)
def test_standard_output_past_a_file_size_limit_is_exit_status_1(
    args: tuple[str, ...], limit: int, buffering: str, tmp_path: Path
) -> None:
    target = tmp_path / "out.txt"
    with open(target, "wb") as out:
        done = run_shtoss(
            *args, stdout=out, timeout=60, env=_environment(buffering),
            preexec_fn=_file_limit(limit),
        )  # fmt: skip
    lines = done.stderr.splitlines()
    assert done.status == 1, done.stderr
    assert lines == ["shtoss-exact: error: cannot write standard output: File too large"]
    assert target.stat().st_size == limit


@pytest.mark.parametrize(
    "args",
    [LONG_CSV, ("table", "--cards", "4..3000", "--format", "csv"),
     ("series", "--deals", "400", "--format", "json")],
    ids=["by-abzug-csv", "table-csv", "series-json"],
)  # fmt: skip
def test_an_output_file_past_a_file_size_limit_leaves_nothing(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    target = tmp_path / "big.csv"
    target.write_text("old\n")
    done = run_shtoss(
        *args, "-o", str(target), cwd=tmp_path, preexec_fn=_file_limit(64 * 1024), timeout=60
    )
    lines = done.stderr.splitlines()
    assert done.status == 1 and done.stdout == ""
    assert lines == [f"shtoss-exact: error: cannot write {str(target)!r}: File too large"]
    assert [p.name for p in tmp_path.iterdir()] == ["big.csv"]  # no temporary file
    assert target.read_text() == "old\n"  # untouched


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
@pytest.mark.parametrize("args", ["--help", "--version", "odds --help", "", "odds"])
def test_help_and_version_to_a_full_or_closed_stdout(
    args: str, redirect: str, buffering: str
) -> None:
    with open("/dev/full", "wb") as full:
        stdout: dict[str, Any] = (
            {"stdout": full} if "full" in redirect else {"preexec_fn": _closed_stdout}
        )
        done = run_shtoss(*shlex.split(args), timeout=60, env=_environment(buffering), **stdout)
    lines = done.stderr.splitlines()
    reason = "No space left on device" if "full" in redirect else "it is closed"
    assert done.status == 1, done.stderr
    assert lines == [f"shtoss-exact: error: cannot write standard output: {reason}"]


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
def test_a_closed_stdout_does_not_matter_to_output_in_a_file(
    buffering: str, tmp_path: Path
) -> None:
    done = run_shtoss(
        "odds", "--format", "json", "-o", "odds.json", cwd=tmp_path,
        preexec_fn=_closed_stdout, timeout=60, env=_environment(buffering),
    )  # fmt: skip
    assert done.status == 0 and done.stderr == ""
    assert json.loads((tmp_path / "odds.json").read_text())["cards"] == 52


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
@pytest.mark.parametrize(
    "args", [LONG_CSV, ("table", "--cards", "4..3000")], ids=["by-abzug-csv", "table-text"]
)
def test_a_broken_pipe_ends_quietly_whatever_the_buffering(
    args: tuple[str, ...], buffering: str
) -> None:
    process = start_shtoss(
        *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_environment(buffering)
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()  # the reader goes away, as with | head -c 10
    error = process.stderr.read()
    process.stderr.close()
    process.wait(timeout=60)
    assert error == b"" and process.returncode in (1, 141)  # click exits 1 on EPIPE


# --- a second signal during the clean-up ------------------------------------------------------


def test_remove_temporaries_removes_what_unwinding_left(tmp_path: Path) -> None:
    writing = atomic_path(tmp_path / "out.csv")
    temporary = writing.__enter__()
    temporary.write_text("half")
    remove_temporaries()  # what the command line does last, after a signal
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_a_second_signal_cannot_cut_the_removal_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shtoss_exact.cli import process

    numbers = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    handlers = {n: signal.getsignal(n) for n in numbers}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        signal.raise_signal(signal.SIGINT)  # the second signal, as the removal starts
        real_unlink(self, missing_ok=missing_ok)

    try:
        process.handle_signals(process.terminate)
        with pytest.raises(Terminated) as stopped, atomic_path(tmp_path / "out.csv") as temporary:
            temporary.write_text("half")
            monkeypatch.setattr(Path, "unlink", unlink)
            signal.raise_signal(signal.SIGTERM)  # the first: its handler raises at once
        assert stopped.value.signum == signal.SIGTERM  # not the second's
        assert list(tmp_path.iterdir()) == []
    finally:
        monkeypatch.undo()
        for number in numbers:  # a signal still held back is dropped, then all as it was
            signal.signal(number, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for number, handler in handlers.items():
            signal.signal(number, handler)


def _start_long_output(tmp_path: Path) -> subprocess.Popen[bytes]:
    """A long write to ``-o big.csv``, once its temporary file is there (polled)."""
    process = start_shtoss(
        "odds", "--by-abzug", "--cards", "2000000", "--copies", "4", "--format", "csv",
        "-o", "big.csv", cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".big.csv*")) and time.monotonic() < deadline:
        if process.poll() is not None:
            break
        time.sleep(0.005)
    return process


SECOND = {"SIGTERM": signal.SIGTERM, "SIGINT": signal.SIGINT, "SIGHUP": signal.SIGHUP}


@pytest.mark.parametrize(
    ("first", "second"),
    [("SIGTERM", "SIGTERM"), ("SIGINT", "SIGINT"), ("SIGTERM", "SIGINT"), ("SIGINT", "SIGTERM"),
     ("SIGHUP", "SIGTERM")],
)  # fmt: skip
def test_two_signals_leave_no_temporary_file(first: str, second: str, tmp_path: Path) -> None:
    process = _start_long_output(tmp_path)
    if process.poll() is not None:
        pytest.skip("the output was written before any signal could be sent")
    process.send_signal(SECOND[first])
    process.send_signal(SECOND[second])  # at once: while the first one's clean-up runs
    _, error = process.communicate(timeout=60)
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["big.csv"])  # no temporary
    words = {signal.SIGINT: "interrupted"}
    expected = {128 + n: f"shtoss-exact: error: {words.get(n, 'terminated')}"
                for n in (SECOND[first], SECOND[second])}  # fmt: skip
    if first == second or SECOND[first] < SECOND[second]:
        # The same signal twice, or the lower number first: it is the first one handled
        # even if both arrive before the program looks (Python handles them by number).
        expected = {128 + SECOND[first]: expected[128 + SECOND[first]]}
    assert process.returncode in expected, error
    assert error.decode().splitlines() == [expected[process.returncode]]


# --- Ctrl-C during long work ------------------------------------------------------------------

LONG_WORK = {
    "strategy": ("strategy", "--bankroll", "1", "--target", "2000", "--max-stake", "2000"),
    "series-stop": ("series", "--plan", "stop", "--bankroll", "1", "--target", "1999"),
    "table-to-a-file": ("table", "--cards", "1..50000", "--copies", "4", "--format", "csv",
                        "-o", "t.csv"),
}  # fmt: skip
"""Commands the guards allow that compute for several seconds (about 10, 5 and 3 s on a
two-core machine), all of it exact big-integer work."""

WORKING_SECONDS = 1.0
"""CPU seconds a command has worked when it is interrupted (Python's start-up is 0.2)."""


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a running process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("args", list(LONG_WORK.values()), ids=list(LONG_WORK))
def test_ctrl_c_during_long_work_is_answered_at_once(args: tuple[str, ...], tmp_path: Path) -> None:
    # Python runs a signal handler only between two steps of its own: one long step in C
    # (a conversion or a product of huge integers) would hold Ctrl-C back. The guards keep
    # every step short; this interrupts real work and times the answer.
    child = start_shtoss(*args, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert child.stderr is not None
    deadline = time.monotonic() + 120  # a loaded machine is slow to give the CPU time
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            pytest.skip(f"{args[0]} ended before {WORKING_SECONDS} s of work (a fast machine)")
        worked = _cpu_seconds(child.pid)
        if worked >= WORKING_SECONDS or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    while True:  # polled, not waited for: a hang is a failure, not a stuck test
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid or time.monotonic() > sent + 30:
            break
        time.sleep(0.005)
    wall = time.monotonic() - sent
    if not pid:
        child.kill()
        child.wait()
    cpu = usage.ru_utime + usage.ru_stime - worked
    error = child.stderr.read().decode()
    child.stderr.close()
    print(f"\n{' '.join(args)}: exit {wall:.3f} s after Ctrl-C ({cpu:.3f} s of CPU)")
    assert pid, f"still running {wall:.1f} s after Ctrl-C"
    assert os.waitstatus_to_exitcode(status) == 130, error
    assert error.splitlines() == ["shtoss-exact: error: interrupted"]
    # CPU time, not the wall clock: a long step in C would spend it; a loaded machine not.
    assert cpu < 1.0, f"{cpu:.2f} s of CPU ({wall:.2f} s) after Ctrl-C"
    assert [p.name for p in tmp_path.iterdir()] == []  # no output, no temporary file
