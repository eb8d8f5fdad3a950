"""Writing output files atomically: the whole file appears at once, or nothing does.

The data is written to a temporary file in the target's directory (so the final
``os.replace`` is a rename within one file system, atomic on POSIX and Windows),
flushed to disk, and renamed over the target. On any error, or Ctrl-C, the
temporary file is removed and an existing target is left untouched.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _default_mode() -> int:
    # mkstemp creates the file 0600; give it what open() would: 0666 less the umask.
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success it replaces ``path``.

    For writers that want a file name (``savefig``). Nothing is left behind on error.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_path(target) as tmp:
    ...     _ = tmp.write_text("433/833")
    >>> target.read_text()
    '433/833'
    """
    target = Path(path)
    handle, name = tempfile.mkstemp(
        dir=target.parent if str(target.parent) else ".",
        prefix=f".{target.name}.",
        suffix=".tmp",
    )
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        mode = target.stat().st_mode & 0o7777 if target.exists() else _default_mode()
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "odds.csv"
    >>> write_atomic(target, "banker,punter\\n433/833,400/833\\n")
    >>> target.read_text().splitlines()[1]
    '433/833,400/833'
    """
    with atomic_path(path) as temporary, open(temporary, "w", encoding="utf-8", newline="") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
