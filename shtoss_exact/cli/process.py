"""How the program runs: its standard streams, its signals and its exit statuses.

Every way the program ends is one line on stderr (``fail``) and an exit status: 1 for a
write that fails, 2 for bad input, 128 + the signal for Ctrl-C, SIGTERM and SIGHUP, 141
(quietly) when the reader of standard output goes away.

The signals are set through ``_signal``, the C module the standard ``signal`` wraps:
the same functions and numbers (as plain ints), without the three enumerations of every
signal's name that ``signal`` builds as it loads (a fiftieth of the program's start-up).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import click

from shtoss_exact.i18n import _
from shtoss_exact.int_text import digit_limit
from shtoss_exact.limits import MAX_WHOLE_DIGITS
from shtoss_exact.output import OutputError, Terminated, finish_stdout, guard_stdout

if TYPE_CHECKING:
    import signal
else:
    import _signal as signal

PROG = "shtoss-exact"

INTERRUPT: int = signal.SIGINT
"""Ctrl-C's signal: the program ends with ``128 + INTERRUPT``."""

_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


@contextlib.contextmanager
def int_digits(limit: int = MAX_WHOLE_DIGITS) -> Iterator[None]:
    """Python's limit on int-text conversion set to ``limit`` inside, and put back as it
    was after (``int_text.digit_limit``; a decorator too): a command renders its whole
    numbers (a deck of up to ``MAX_WHOLE_DIGITS`` digits) under the program's own limit,
    whatever ``PYTHONINTMAXSTRDIGITS`` or a caller running the command line in its own
    process has set; every longer exact value is written by ``int_text.int_str``, under
    any limit."""
    with digit_limit(limit):
        yield


_OWN_PROCESS = [False]
"""Whether this process is the program's own (loaded by ``shtoss_exact.entry``, the
collector off), not a caller running the command line in its process."""


def own_process() -> bool:
    """Whether the console script started this process (``entry.OWN_PROCESS``), read
    without importing it: a caller that never ran it has not loaded it."""
    entry = sys.modules.get("shtoss_exact.entry")
    return entry is not None and bool(entry.OWN_PROCESS[0])


def resume_collector() -> None:
    """The collector of reference cycles on again when the program was loaded with it off
    (``shtoss_exact.entry``): what was loaded is frozen first, so that no collection
    while the command runs walks through it again."""
    if own_process() and not gc.isenabled():  # a caller's collector is its own
        _OWN_PROCESS[0] = True
        gc.freeze()
        gc.enable()


@contextlib.contextmanager
def collector_held() -> Iterator[None]:
    """No collection of reference cycles inside, the collector as it was after: for a
    picture, where matplotlib loads and draws tens of thousands of objects, most of them
    its modules, and the program ends soon after. In the program's own process what was
    made inside is frozen too (never walked by a collection again); a caller's process
    keeps its garbage collectable."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _OWN_PROCESS[0]:
            gc.freeze()
        if enabled:
            gc.enable()


def prepare_streams() -> None:
    """Characters the terminal cannot show are escaped, not fatal; every write to
    standard output is whole or an error (``guard_stdout``), and a file size limit
    (``ulimit -f``) fails a write instead of killing the program (SIGXFSZ ignored);
    Ctrl-C, SIGTERM and SIGHUP unwind (``Terminated``), so that no temporary file is
    left behind and the program ends with one line (click would print a blank line
    first for Ctrl-C)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    guard_stdout()
    handle_signals(terminate)
    if hasattr(signal, "SIGXFSZ"):
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def signal_handlers() -> dict[int, Any]:
    """The handlers of the signals ``prepare_streams`` sets, as they are (those set
    from Python: one set outside it cannot be put back, and is not taken)."""
    numbers = _numbers() | ({signal.SIGXFSZ} if hasattr(signal, "SIGXFSZ") else set())
    handlers = {number: signal.getsignal(number) for number in numbers}
    return {number: handler for number, handler in handlers.items() if handler is not None}


def restore_signals(handlers: dict[int, Any]) -> None:
    """Put back the handlers ``signal_handlers`` took: a caller running the command line
    in its own process keeps its Ctrl-C (a notebook's KeyboardInterrupt)."""
    for number, handler in handlers.items():
        with contextlib.suppress(ValueError):  # not the main thread: they were left be
            signal.signal(number, handler)


def handle_signals(handler: Callable[[int, Any], None]) -> None:
    for number in _numbers():
        with contextlib.suppress(ValueError):  # not the main thread: leave them be
            signal.signal(number, handler)


def terminate(signum: int, frame: object) -> None:
    # The first signal unwinds; any further one is held back until the program ends,
    # so that it cannot cut short the removal of a temporary file, change the exit
    # status, or kill the program while it ends.
    stop_signals()
    raise Terminated(signum)


def stop_signals() -> None:
    """From now on Ctrl-C, SIGTERM and SIGHUP wait (blocked) until the program has
    ended; one already on its way is ignored."""
    handle_signals(_ignore)
    signal_mask("SIG_BLOCK", _numbers())


def signal_mask(how: str, numbers: Iterable[int] = ()) -> set[int]:
    """``signal.pthread_sigmask(SIG_BLOCK or SIG_SETMASK, numbers)``: the mask before.
    Nothing where the platform has no signal masks."""
    mask = getattr(signal, "pthread_sigmask", None)
    return set() if mask is None else set(mask(getattr(signal, how), numbers))


def _numbers() -> set[int]:
    return {getattr(signal, name) for name in _SIGNALS if hasattr(signal, name)}


def _ignore(signum: int, frame: object) -> None:
    """A signal that arrived with the first one, before the others were blocked."""


def finish(code: int) -> int:
    """The last flush of standard output, checked (a failure there is exit status 1)."""
    try:
        finish_stdout()
    except BrokenPipeError:
        return quiet_broken_pipe() if code == 0 else code
    except OutputError as error:
        return fail(str(error), status=1) if code == 0 else code
    return code


def quiet_broken_pipe() -> int:
    """The reader went away (``| head -1``): end quietly, as Unix tools do."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass
    return 141


def fail(message: str, *, status: int) -> int:
    line = " ".join(message.split())
    with contextlib.suppress(OSError):
        click.echo(f"{PROG}: {_('error')}: {line}", err=True)
    return status
