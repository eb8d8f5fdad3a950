"""The console script ``shtoss-exact``: Ctrl-C while the program is still loading is
one line and exit status 130 too, never a traceback.

The collector of reference cycles is off while the program loads (click, the command
line, the command's module): loading makes modules, classes and functions that live
as long as the program, and collecting them again and again is a tenth of its start-up.
The command turns it back on as it starts, everything loaded so far frozen
(``cli.process.resume_collector``).
"""

from __future__ import annotations

import gc
import os
import sys

TYPE_CHECKING = False  # typing itself is not loaded yet
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

OWN_PROCESS = [False]
"""Whether this process is the program's own: the console script started it (``main``),
not a caller importing the package or running the command line in its own process."""


def main() -> None:
    """Load the command line, then run it."""
    OWN_PROCESS[0] = True
    gc.disable()  # until the command starts: cli.process.resume_collector
    try:
        from shtoss_exact.cli import main as run
    except KeyboardInterrupt:
        _hold_signals()
        sys.stderr.write(interrupted_line(sys.argv[1:], os.environ))
        sys.exit(130)
    from shtoss_exact.limits import PROCESS_BYTES, held_besides

    with held_besides(PROCESS_BYTES):  # the program's own memory counts in its budget
        run(prog_name="shtoss-exact")


def interrupted_line(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The line of a Ctrl-C while loading, in the language asked for: the last ``--lang``
    of ``args`` (before ``--``), else the first of SHTOSS_LANG, LC_ALL, LC_MESSAGES, LANG
    set; read here without the catalog, which is not loaded yet.

    >>> interrupted_line(["odds", "--lang=ru"], {})
    'shtoss-exact: ошибка: прервано\\n'
    >>> interrupted_line(["odds", "--lang", "ru", "--lang", "en"], {"LANG": "ru_RU.UTF-8"})
    'shtoss-exact: error: interrupted\\n'
    """
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.i18n import lang_given, language_from_environment

    try:
        chosen = lang_given(args) or language_from_environment(environ)
    except ShtossError:  # SHTOSS_LANG itself: the command would have refused it
        chosen = "en"
    if chosen == "ru":
        return "shtoss-exact: ошибка: прервано\n"
    return "shtoss-exact: error: interrupted\n"


def _hold_signals() -> None:
    """A second Ctrl-C (or SIGTERM, SIGHUP) waits until the program has ended: it cannot
    interrupt the one line, nor change the exit status."""
    import signal

    signal.signal(signal.SIGINT, _ignore)
    numbers = {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, numbers)


def _ignore(signum: int, frame: object) -> None:
    """A Ctrl-C that came with the first, before the others were blocked."""
