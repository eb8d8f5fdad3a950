"""The click group, its one-line error handling, and the option bundles commands share."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

import click

from shtoss_exact._version import __version__
from shtoss_exact.errors import ShtossError
from shtoss_exact.output import (
    OutputError,
    Terminated,
    drop_stdout,
    finish_stdout,
    guard_stdout,
    remove_temporaries,
)

if TYPE_CHECKING:
    from shtoss_exact.report.stream import RowStream

F = TypeVar("F", bound=Callable[..., Any])

PROG = "shtoss-exact"

# click >= 8.2 raises this for a bare ``shtoss-exact`` (click 8.1 prints the help itself).
_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)


COMMAND_MODULES = (
    "bank",
    "case",
    "fair",
    "formula",
    "odds",
    "plot",
    "schemes",
    "series",
    "strategy",
    "table",
)
"""Each command lives in ``shtoss_exact.cli.NAME`` and is imported only when it is run
or listed, so that starting one command does not load the others."""


class ShtossGroup(click.Group):
    """A click group whose every error is one line on stderr, exit status 2.

    Its commands are loaded lazily from ``COMMAND_MODULES``.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            import_module(f"shtoss_exact.cli.{cmd_name}")
        return self.commands.get(cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        mask = _signal_mask("SIG_BLOCK")  # as it is: restored if the caller goes on
        try:
            _prepare_streams()
            code = self._run(args, prog_name or PROG, complete_var, extra)
            code = _finish(code)
            remove_temporaries()
        except (Terminated, KeyboardInterrupt) as stop:
            _stop_signals()  # a second signal cannot cut the clean-up short
            drop_stdout()
            remove_temporaries()
            signum = stop.signum if isinstance(stop, Terminated) else signal.SIGINT
            code = _fail("interrupted" if signum == signal.SIGINT else "terminated",
                         status=128 + signum)  # fmt: skip
            if not standalone_mode:  # the caller goes on: its signals as they were
                _signal_mask("SIG_SETMASK", mask)
        if standalone_mode:
            sys.exit(code)
        return code

    def _run(
        self,
        args: Sequence[str] | None,
        prog_name: str,
        complete_var: str | None,
        extra: dict[str, Any],
    ) -> int:
        """Run the command; every error is one line on stderr: its exit status."""
        try:
            try:
                result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except _NO_ARGS_IS_HELP as error:
                # No command at all: the help, as with -h, rather than a squashed error line.
                click.echo(error.ctx.get_help() if error.ctx is not None else error.message)
                result = 0
            return result if isinstance(result, int) else 0
        except click.exceptions.Abort:
            return _fail("interrupted", status=130)
        except BrokenPipeError:
            return _quiet_broken_pipe()
        except OutputError as error:
            return _fail(str(error), status=1)
        except click.ClickException as error:
            return _fail(error.format_message(), status=2)
        except ShtossError as error:
            return _fail(str(error), status=2)
        except RecursionError:
            return _fail("input nested too deeply", status=2)
        except MemoryError:
            return _fail(
                "out of memory: the computation is larger than this machine holds", status=2
            )
        except Exception as error:  # a bug: still one line, never a traceback
            name = type(error).__name__
            return _fail(f"internal error ({name}: {error}); please report it", status=1)


_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def _prepare_streams() -> None:
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
    _handle_signals(_terminate)
    if hasattr(signal, "SIGXFSZ"):
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _handle_signals(handler: Callable[[int, Any], None]) -> None:
    for number in _numbers():
        with contextlib.suppress(ValueError):  # not the main thread: leave them be
            signal.signal(number, handler)


def _terminate(signum: int, frame: object) -> None:
    # The first signal unwinds; any further one is held back until the program ends,
    # so that it cannot cut short the removal of a temporary file, change the exit
    # status, or kill the program while it ends.
    _stop_signals()
    raise Terminated(signum)


def _stop_signals() -> None:
    """From now on Ctrl-C, SIGTERM and SIGHUP wait (blocked) until the program has
    ended; one already on its way is ignored."""
    _handle_signals(_ignore)
    _signal_mask("SIG_BLOCK", _numbers())


def _signal_mask(how: str, numbers: Iterable[int] = ()) -> set[int]:
    """``signal.pthread_sigmask(SIG_BLOCK or SIG_SETMASK, numbers)``: the mask before.
    Nothing where the platform has no signal masks."""
    mask = getattr(signal, "pthread_sigmask", None)
    return set() if mask is None else set(mask(getattr(signal, how), numbers))


def _numbers() -> set[int]:
    return {getattr(signal, name) for name in _SIGNALS if hasattr(signal, name)}


def _ignore(signum: int, frame: object) -> None:
    """A signal that arrived with the first one, before the others were blocked."""


def _finish(code: int) -> int:
    """The last flush of standard output, checked (a failure there is exit status 1)."""
    try:
        finish_stdout()
    except BrokenPipeError:
        return _quiet_broken_pipe() if code == 0 else code
    except OutputError as error:
        return _fail(str(error), status=1) if code == 0 else code
    return code


def _quiet_broken_pipe() -> int:
    """The reader went away (``| head -1``): end quietly, as Unix tools do."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass
    return 141


def _fail(message: str, *, status: int) -> int:
    line = " ".join(message.split())
    with contextlib.suppress(OSError):
        click.echo(f"{PROG}: error: {line}", err=True)
    return status


class WholeNumber(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A whole number ``>= minimum``; ASCII digits only (no look-alike digits, no floats)."""

    name = "integer"

    def __init__(self, minimum: int = 0) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 4300:
                self.fail(
                    f"{value!r} is not a whole number (allowed: >= {self.minimum})", param, ctx
                )
            number = int(text)
        if number < self.minimum:
            self.fail(f"{number} is too small (allowed: >= {self.minimum})", param, ctx)
        return number


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(cls=ShtossGroup, context_settings=CONTEXT)
@click.version_option(version=__version__, prog_name=PROG)
def cli() -> None:
    """Exact odds for Stoss (штосс), Pharaon, Bassette, Faro and Stuss.

    Every probability is counted exactly over the C(n, m) places of the punter's
    rank in the banker's deck: fractions, never simulations.
    """


def deck_options(command: F) -> F:
    """The options that set up one bet's deck, shared by every one-bet command."""
    options = [
        click.option(
            "--deck",
            type=click.Choice(["52", "36", "32"]),
            default="52",
            show_default=True,
            help="Preset deck: 52 (2..A), 36 (6..A) or 32 (7..A) cards.",
        ),
        click.option(
            "--cards",
            type=WholeNumber(),
            default=None,
            help="Custom number of cards (overrides --deck); with no --one-deck, cards left "
            "in a mid-deal state.",
        ),
        click.option(
            "--copies",
            type=WholeNumber(),
            default=None,
            help="Copies of the punter's rank in the deck [default: 4, or 3 with --one-deck].",
        ),
        click.option(
            "--one-deck",
            is_flag=True,
            help="One-deck game: the punter's card is the top card of the banker's deck.",
        ),
        click.option(
            "--card",
            default=None,
            metavar="CARD",
            help="The punter's card with its suit: 7h, 7♥, 10D, QS, Дп.",
        ),
        click.option(
            "--suits",
            default=None,
            metavar="SUITS",
            help="Suits of the copies in the deck, one letter each (e.g. shc), for custom decks.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


class _SchemeOption(click.Option):
    """``--scheme``: its help lists the built-in schemes from the one registry, read
    only when help is shown (so that starting a command does not load the schemes)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from shtoss_exact.schemes import scheme_names

        base = getattr(self, "_base_help", None) or self.help or ""
        self._base_help = base
        names = ", ".join(scheme_names())
        self.help = f"{base} Built-in: {names}; or a .toml/.json scheme file."
        return super().get_help_record(ctx)


def scheme_option(*, default: str | None = None, required: bool = False,
                  help: str = "Payout scheme.") -> Callable[[F], F]:  # fmt: skip
    """``--scheme NAME|FILE``: a built-in scheme (by name or Russian alias) or a scheme
    file; ``resolve_scheme`` reads it."""
    extra: dict[str, Any] = {"default": default, "show_default": True} if default else {}
    return click.option(
        "--scheme",
        cls=_SchemeOption,
        required=required,
        metavar="NAME|FILE",
        help=help,
        **extra,
    )


def make_deal_from(options: dict[str, Any]) -> Any:
    from shtoss_exact.deck import make_deal

    return make_deal(
        deck=int(options["deck"]),
        cards=options["cards"],
        copies=options["copies"],
        one_deck=options["one_deck"],
        card=options["card"],
        suits=options["suits"],
    )


FORMATS = ("text", "json", "csv", "markdown")
"""The formats every command prints; table-shaped outputs add ``latex`` and ``html``."""

TABLE_FORMATS = (*FORMATS, "latex", "html")

MAX_DECIMALS = 50
"""Most decimal places ``--decimals`` may ask for."""


class Output:
    """Where and how a command prints: ``--format``, ``--decimals`` and ``-o``."""

    __slots__ = ("decimals", "fmt", "path")

    def __init__(self, fmt: str, decimals: int | None, path: str | None) -> None:
        self.fmt = fmt
        self.decimals = decimals
        self.path = path

    def emit(
        self,
        record: dict[str, Any],
        tables: Callable[[dict[str, Any]], list[Any]],
        *,
        csv: Callable[[dict[str, Any]], Any] | None = None,
    ) -> None:
        """Print a result's record: JSON as it is; every other format through ``tables``
        (record -> ``report.Table`` list; ``csv``, record -> one ``Table``, for CSV, else
        the first of ``tables``), with the ``--decimals`` columns added."""
        if self.fmt == "json":
            from shtoss_exact.records import to_json

            self.emit_text(to_json(record))
            return
        from shtoss_exact.report import render_tables
        from shtoss_exact.report.table import with_decimals

        if self.fmt == "csv":
            rendered = [csv(record)] if csv is not None else tables(record)[:1]
        else:
            rendered = tables(record)
        if self.decimals is not None:
            rendered = [with_decimals(t, self.decimals) for t in rendered]
        self.emit_text(render_tables(rendered, self.fmt))

    def emit_text(self, text: str) -> None:
        """Print ready text (one newline added) to standard output or the ``-o`` file."""
        from shtoss_exact.output import write_output

        write_output(self.path, text)

    def emit_rows(
        self,
        head: dict[str, Any],
        key: str,
        rows: RowStream,
        *,
        title: str,
        tables: Callable[[dict[str, Any]], list[Any]] | None = None,
    ) -> None:
        """Print a record whose list ``key`` is too long to hold, a row at a time.

        ``head`` is the record without the list; ``rows`` a ``report.stream.RowStream``
        (``columns``, ``rows()``, ``check(factor=)``), whose cost in this format is
        checked before anything is written. JSON is ``to_json({**head, key: [...]})``
        byte for byte; CSV the rows' table alone; the other formats ``tables(head)``
        (with the ``--decimals`` columns), then the rows' table titled ``title``.
        """
        from shtoss_exact.output import OutputError, open_output
        from shtoss_exact.report import render_tables, stream
        from shtoss_exact.report.table import Table, with_decimals

        rows.check(factor=stream.cost_factor(self.fmt, decimals=self.decimals is not None))
        columns = tuple(rows.columns)
        before = [] if tables is None or self.fmt in ("json", "csv") else tables(head)
        if self.decimals is not None:
            before = [with_decimals(t, self.decimals) for t in before]
        with open_output(self.path) as out:
            try:
                if self.fmt == "json":
                    stream.write_record(out, head, key, columns, rows.rows())
                else:
                    if before:  # shown at once; the rows follow as they are made
                        out.write(render_tables(before, self.fmt) + "\n\n")
                        out.flush()
                    shape = Table("" if self.fmt == "csv" else title, columns, ())
                    stream.write_table(out, self.fmt, shape, rows.rows, decimals=self.decimals)
                out.write("\n")
            except BrokenPipeError:
                raise
            except OSError as error:
                where = "standard output" if self.path in (None, "-") else repr(self.path)
                raise OutputError(f"cannot write {where}: {error.strerror or error}") from None


def output_options(*formats: str) -> Callable[[F], F]:
    """``--format`` (one of ``formats``), ``--decimals D`` and ``-o FILE``, passed to the
    command as one ``out: Output``."""
    chosen = formats or FORMATS

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def wrapper(*args: Any, fmt: str, decimals: int | None, output: str | None,
                    **kwargs: Any) -> Any:  # fmt: skip
            return command(*args, out=Output(fmt, decimals, output), **kwargs)

        options = [
            click.option(
                "--format",
                "fmt",
                type=click.Choice(list(chosen)),
                default=chosen[0],
                show_default=True,
                help="Output format.",
            ),
            click.option(
                "--decimals",
                type=WholeNumber(),
                default=None,
                callback=_check_decimals,
                metavar="D",
                help="Add a decimal column, rounded half-even to D places, beside each exact "
                f'one (0..{MAX_DECIMALS}; JSON always carries floats under "float").',
            ),
            click.option(
                "-o",
                "--output",
                default=None,
                metavar="FILE",
                help="Write to FILE instead of standard output (- is standard output); a "
                "regular file is replaced whole or not at all.",
            ),
        ]
        decorated: Any = wrapper
        for option in reversed(options):
            decorated = option(decorated)
        return decorated  # type: ignore[no-any-return]

    return decorate


def _check_decimals(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    if value is not None and value > MAX_DECIMALS:
        raise click.BadParameter(f"{value} is too many places: allowed 0..{MAX_DECIMALS}")
    return value
