"""The one writer of every output: standard output, or a file written safely.

``open_output(path)`` yields a text stream, and every command writes through it:

* ``None`` or ``"-"``: standard output. A closed standard output is an error, not
  silence; a failed write (a full disk, ``/dev/full``) is an ``OutputError``.
* A new name or an existing regular file: the text goes to a temporary file beside
  the target and is renamed over it once complete, so the target is whole or
  untouched. A symlink is followed: the link stays and its target gets the text.
  The temporary file is removed on any error, on Ctrl-C, and on SIGTERM or SIGHUP
  (``Terminated``), which the command line raises from its signal handlers.
* An existing file that is not a regular file (a device such as ``/dev/null``, a
  FIFO) is written in place, never replaced; a directory is refused.

Text goes out as UTF-8 to files; standard output keeps its own encoding, and a
character it cannot show is written as a backslash escape instead of failing.

The command line puts standard output behind ``guard_stdout`` first: every write to
it is whole or an ``OutputError`` (Python itself, unbuffered, would drop the rest of
a short write to a full disk or past ``ulimit -f``), a closed standard output is an
error at the first write, and ``finish_stdout`` checks the last flush.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _, os_reason

if TYPE_CHECKING:
    import signal

    from _typeshed import ReadableBuffer
else:  # the C module ``signal`` wraps, without its enumerations (see ``cli.process``)
    import _signal as signal

STDOUT = "-"
"""The name of standard output for ``-o``."""

_TEMP_NAME = 64
"""Characters of the target's name kept in its temporary file's name (names are <= 255 bytes)."""


class OutputError(ShtossError):
    """Output failed while it was written (a full disk, a closed standard output): exit
    status 1. A target that cannot be opened at all (no such directory, a directory,
    no permission) is bad input, a plain ``ShtossError``: exit status 2; but a full disk
    is exit status 1 even when it shows at the opening (no free inode for the
    temporary file, a quota reached: ``open_failure``)."""


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwind (removing temporary files) and exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _default_mode() -> int:
    # mkstemp creates the file 0600; give it what open() would: 0666 less the umask.
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _describe(error: OSError) -> str:
    return os_reason(error)


DISK_FULL = frozenset(
    code for code in (errno.ENOSPC, getattr(errno, "EDQUOT", None), errno.EFBIG) if code is not None
)
"""The errors of a full disk, however it shows: no space left, no free inode (both
``ENOSPC``), a quota reached (``EDQUOT``), a file past its size limit (``EFBIG``)."""


def open_failure(name: str, error: OSError) -> ShtossError:
    """The error for a target that cannot be opened: bad input (``ShtossError``, exit
    status 2), unless the disk is full, which is an ``OutputError`` (exit status 1)
    whenever it shows, even before the first byte.

    >>> type(open_failure("x", OSError(errno.ENOSPC, "No space left on device"))).__name__
    'OutputError'
    >>> type(open_failure("x", OSError(errno.EACCES, "Permission denied"))).__name__
    'ShtossError'
    """
    kind = OutputError if error.errno in DISK_FULL else ShtossError
    return kind(_("cannot write {name!r}: {describe}").format(name=name, describe=_describe(error)))


def check_file_name(path: str | os.PathLike[str]) -> None:
    """Refuse a target whose name ends in a path separator: it names a directory, and
    ``os.path.realpath`` would drop the separator (``-o new/`` wrote a file ``new``);
    and a target that cannot be resolved, such as a loop of symlinks (``realpath``
    stops somewhere in the loop, and a picture replaced one of its links).

    >>> check_file_name("new/")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cannot write 'new/': a name ending in / is a \
directory's; allowed a file's name
    """
    name = os.fspath(path)
    if name.endswith((os.sep, os.altsep or os.sep)):
        raise ShtossError(
            _(
                "cannot write {name!r}: a name ending in / is a directory's; allowed a file's name"
            ).format(name=name[-80:])
        )
    try:
        os.path.realpath(name, strict=True)
    except FileNotFoundError:  # a new name, or a link to one: written as a new file
        pass
    except OSError as error:
        raise open_failure(name, error) from None


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``'s real target; on success it replaces it.

    For writers that want a file name (``savefig``, GraphML). Nothing is left behind
    on error; a symlink is followed; a target that is not a regular file is refused
    here (``open_output`` writes such a target in place).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_path(target) as tmp:
    ...     _ = tmp.write_text("433/833")
    >>> target.read_text()
    '433/833'
    """
    check_file_name(path)
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        raise ShtossError(
            _("cannot write {fspath!r}: not a regular file").format(fspath=os.fspath(path))
        )
    temporary: Path | None = None
    try:
        with _signals_held():  # the name is known before any signal can unwind
            import tempfile  # here, not at the top: the command line starts without it

            try:
                handle, name = tempfile.mkstemp(
                    dir=target.parent, prefix=f".{target.name[:_TEMP_NAME]}.", suffix=".tmp"
                )
            except OSError as error:
                raise open_failure(os.fspath(path), error) from None
            temporary = Path(name)
            _LIVE.add(temporary)
        os.close(handle)
        yield temporary
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else _default_mode()
        os.chmod(temporary, mode)
        os.replace(temporary, target)
        _LIVE.discard(temporary)
    except OSError as error:
        if temporary is not None:
            _discard(temporary)
        raise OutputError(
            _("cannot write {fspath!r}: {describe}").format(
                fspath=os.fspath(path), describe=_describe(error)
            )
        ) from None
    except BaseException:
        if temporary is not None:
            _discard(temporary)
        raise


_LIVE: set[Path] = set()
"""Temporary files made and not yet renamed or removed (``remove_temporaries``)."""


def _discard(temporary: Path) -> None:
    with _signals_held():  # a signal now is raised once the file is gone
        temporary.unlink(missing_ok=True)
        _LIVE.discard(temporary)


def remove_temporaries() -> None:
    """Remove every temporary file still there: the command line's last step after a
    signal, should one have cut the unwinding short before the file was removed."""
    for temporary in list(_LIVE):
        try:
            _discard(temporary)
        except OSError:
            _LIVE.discard(temporary)


_HELD = {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}


@contextmanager
def _signals_held() -> Iterator[None]:
    """Delay Ctrl-C, SIGTERM and SIGHUP for the few steps that create a temporary file."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:
        yield
        return
    previous = block(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, previous)


@contextmanager
def open_output(path: str | os.PathLike[str] | None) -> Iterator[TextIO]:
    """A text stream to ``path`` (standard output for ``None`` or ``"-"``), safely.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "odds.csv"
    >>> with open_output(target) as out:
    ...     _ = out.write("banker,punter\\n433/833,400/833\\n")
    >>> target.read_text().splitlines()[1]
    '433/833,400/833'
    """
    if path is None or os.fspath(path) == STDOUT:
        yield _stdout()
        flush_stdout()
        return
    name = os.fspath(path)
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise open_failure(name, error) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise ShtossError(_("cannot write {name!r}: it is a directory").format(name=name))
    if mode is not None and not stat.S_ISREG(mode):
        # A device or a FIFO: written in place, never replaced by a regular file.
        try:
            handle = open(name, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as error:
            raise open_failure(name, error) from None
        try:
            with handle as out:
                yield out
        except OSError as error:
            raise OutputError(
                _("cannot write {name!r}: {describe}").format(name=name, describe=_describe(error))
            ) from None
        return
    with atomic_path(name) as temporary:
        try:
            with open(temporary, "w", encoding="utf-8", newline="") as out:
                yield out
                out.flush()
                os.fsync(out.fileno())
        except OSError as error:
            raise OutputError(
                _("cannot write {name!r}: {describe}").format(name=name, describe=_describe(error))
            ) from None


def write_output(path: str | os.PathLike[str] | None, text: str) -> None:
    """Write ``text`` to ``path`` (standard output for ``None`` or ``"-"``) through
    ``open_output``, ending it with one newline.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "ev.txt"
    >>> write_output(target, "-33/833")
    >>> target.read_text()
    '-33/833\\n'
    """
    with open_output(path) as out:
        try:
            out.write(text if text.endswith("\n") else text + "\n")
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(
                _("cannot write {where}: {describe}").format(
                    where=_where(path), describe=_describe(error)
                )
            ) from None


def _where(path: str | os.PathLike[str] | None) -> str:
    return "standard output" if path is None or os.fspath(path) == STDOUT else repr(path)


def _stdout() -> TextIO:
    stream = sys.stdout
    if stream is None:
        raise OutputError(_("cannot write standard output: it is closed"))
    return stream


def flush_stdout() -> None:
    """Flush standard output now, so that a failure is reported (not lost at exit)."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(
            _("cannot write standard output: {describe}").format(describe=_describe(error))
        ) from None


class _WholeWrites(io.RawIOBase):
    """Standard output's file descriptor (``None``: closed when the program started),
    each write whole or an ``OutputError``.

    A short write (a disk filling up, a file reaching ``ulimit -f``) is continued
    until the kernel refuses with an error; that first error is raised, and whatever
    is written after it is dropped, so that it is reported once (Python's own flush
    at exit stays quiet).
    """

    def __init__(self, fd: int | None) -> None:
        super().__init__()
        self.fd = fd
        self.failure: str | None = None
        self.dropping = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        if self.fd is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self.fd

    def isatty(self) -> bool:
        return self.fd is not None and os.isatty(self.fd)

    def write(self, data: ReadableBuffer) -> int:
        view = memoryview(data).cast("B")
        size = len(view)
        if self.dropping or not size:
            return size
        if self.fd is None:
            self._fail("it is closed")
        done = 0
        while done < size:
            try:
                written = os.write(self.fd, view[done:])
            except BlockingIOError:  # a non-blocking descriptor: wait until it takes more
                import select

                select.select([], [self.fd], [])
                continue
            except BrokenPipeError:
                self.dropping = True
                raise
            except OSError as error:
                self._fail(_describe(error))
            if not written:
                self._fail(_describe(OSError(errno.EIO, os.strerror(errno.EIO))))
            done += written
        return size

    def _fail(self, reason: str) -> NoReturn:
        self.failure = _("cannot write standard output: {describe}").format(describe=reason)
        self.dropping = True
        raise OutputError(self.failure)


def _guarded() -> _WholeWrites | None:
    stream = sys.stdout
    layer = getattr(stream, "buffer", None)
    layer = getattr(layer, "raw", layer)
    return layer if isinstance(layer, _WholeWrites) else None


def guard_stdout() -> None:
    """Put standard output (file descriptor 1) behind ``_WholeWrites``, buffered as it
    was (``python -u`` and ``PYTHONUNBUFFERED`` keep it unbuffered). Done once, by the
    command line, at start; a stream that is not the process's own (a test's capture)
    is left alone.
    """
    stream = sys.stdout
    if _guarded() is not None:
        return
    if stream is None:  # closed at start: an error at the first write, not silence
        sys.stdout = io.TextIOWrapper(
            _WholeWrites(None), encoding="utf-8", errors="backslashreplace", write_through=True
        )
        return
    if stream is not sys.__stdout__ or not isinstance(stream, io.TextIOWrapper):
        return
    try:
        if stream.fileno() != 1:
            return
    except (OSError, ValueError):
        return
    layer = stream.buffer
    if not isinstance(getattr(layer, "raw", layer), io.FileIO):  # not a Windows console
        return
    stream.flush()
    raw = _WholeWrites(1)
    buffered = isinstance(layer, io.BufferedWriter)
    size = getattr(os.fstat(1), "st_blksize", 0)
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw, size if size > 1 else io.DEFAULT_BUFFER_SIZE) if buffered else raw,
        encoding=stream.encoding,
        errors="backslashreplace",
        newline="\n",
        line_buffering=stream.line_buffering,
        write_through=not buffered,
    )


def finish_stdout() -> None:
    """The last flush of standard output, checked: an ``OutputError`` if it fails, or
    if any write to it failed (even one whose error was caught and dropped); and the
    file's own last word, which some file systems (NFS) give only when it is closed."""
    flush_stdout()
    raw = _guarded()
    if raw is None:
        return
    if raw.failure is not None:
        raise OutputError(raw.failure)
    if raw.fd is None or raw.dropping:
        return
    try:
        copy = os.dup(raw.fd)
    except OSError:
        return
    try:
        os.close(copy)
    except OSError as error:
        raise OutputError(
            _("cannot write standard output: {describe}").format(describe=_describe(error))
        ) from None


def drop_stdout() -> None:
    """Drop what standard output still holds: after a signal the output is cut short
    anyway, and the program ends without waiting for a reader."""
    raw = _guarded()
    if raw is not None:
        raw.dropping = True
