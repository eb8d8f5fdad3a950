"""The click group, its one-line error handling, and the option bundles commands share."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar, overload

import click

from shtoss_exact._version import __version__
from shtoss_exact.cli.keywords import as_flags
from shtoss_exact.cli.process import (
    INTERRUPT,
    PROG,
    fail,
    finish,
    int_digits,
    prepare_streams,
    quiet_broken_pipe,
    resume_collector,
    signal_mask,
    stop_signals,
)
from shtoss_exact.cli.speaking import ListingOption, Speaking, SpeakingCommand
from shtoss_exact.cli.usage_errors import speak_click_errors
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import (
    LANGUAGES,
    _,
    language,
    language_from_environment,
    os_reason,
    set_language,
    speaking,
)
from shtoss_exact.output import OutputError, Terminated, drop_stdout, remove_temporaries

if TYPE_CHECKING:
    from fractions import Fraction

    from shtoss_exact.report.stream import RowStream

F = TypeVar("F", bound=Callable[..., Any])

speak_click_errors()  # click's usage errors in the language spoken


# click >= 8.2 raises this for a bare ``shtoss-exact`` (click 8.1 prints the help itself).
_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)


COMMAND_MODULES = (
    "audit",
    "bank",
    "case",
    "cheat",
    "fair",
    "formula",
    "odds",
    "plot",
    "schemes",
    "series",
    "serve",
    "strategy",
    "table",
)
"""Each command lives in ``shtoss_exact.cli.NAME`` and is imported only when it is run
or listed, so that starting one command does not load the others."""

SUMMARIES = {
    "audit": "Exact tests of fair dealing from what the punter recorded.",
    "bank": "The banker's exact result when one deal decides several bets.",
    "case": "A deal in progress, the case kept: every bet now, the best bet, the whole deal.",
    "cheat": "Crooked dealing: what each cheat is worth.",
    "fair": "The value of one named payoff that makes the punter's expected value exactly 0.",
    "formula": "Exact closed forms in the number of cards n, for even and odd n.",
    "odds": "Exact odds of one bet: banker, plié, punter, expected value, by abzug.",
    "plot": "A command's picture alone, as PNG, SVG or PDF (pip install 'shtoss-exact[plot]').",
    "schemes": "List the built-in payout schemes: name, solvable parameters, rule.",
    "series": "A punter's plan over several deals: net result, ruin, series — exact.",
    "serve": "The casekeeper page: exact odds live while a deal is dealt.",
    "strategy": "The best a punter can do: exactly optimal stakes across deals, proved optimal.",
    "table": "Tables of exact probabilities over deck sizes, copies, schemes and games.",
}
"""The first paragraph of each command's help, as its module has it (a test holds them
equal): ``-h`` lists the commands from these without loading any of them."""


_LISTING = "shtoss_exact.listing"


class ShtossCommand(SpeakingCommand):
    """A command of the program: as it starts, the collector of cycles is on again
    (``process.resume_collector``: it is off while the program loads)."""

    def invoke(self, ctx: click.Context) -> Any:
        resume_collector()
        return super().invoke(ctx)


class SpeakingGroup(Speaking, click.Group):
    """A click group whose every command takes ``--lang``, and so do its groups'; its
    help and theirs are spoken in the language of ``--lang`` (``cli.speaking``)."""

    command_class = ShtossCommand

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Register ``cmd``, with ``--lang`` among its options like every command's."""
        if LANG_OPTION not in cmd.params:
            cmd.params.append(LANG_OPTION)
        super().add_command(cmd, name)


SpeakingGroup.group_class = SpeakingGroup


class ShtossGroup(SpeakingGroup):
    """A click group whose every error is one line on stderr, exit status 2.

    Its commands are loaded lazily from ``COMMAND_MODULES``.
    """

    _spoken = "en"
    """The language the command ran in, for the line of a stop that comes after it."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            if getattr(ctx, "meta", {}).get(_LISTING):  # the help's list: the summary alone
                return click.Command(cmd_name, help=_(SUMMARIES[cmd_name]))
            import_module(f"shtoss_exact.cli.{cmd_name}")
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        ctx.meta[_LISTING] = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            ctx.meta[_LISTING] = False

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        mask = signal_mask("SIG_BLOCK")  # as it is: restored if the caller goes on
        try:
            prepare_streams()
            code = self._speaking(args, prog_name or PROG, complete_var, extra)
            code = finish(code)
            remove_temporaries()
        except (Terminated, KeyboardInterrupt) as stop:
            stop_signals()  # a second signal cannot cut the clean-up short
            drop_stdout()
            remove_temporaries()
            signum = stop.signum if isinstance(stop, Terminated) else INTERRUPT
            with speaking(self._spoken):  # the command's language, as it ran
                code = fail(_("interrupted") if signum == INTERRUPT else _("terminated"),
                             status=128 + signum)  # fmt: skip
            if not standalone_mode:  # the caller goes on: its signals as they were
                signal_mask("SIG_SETMASK", mask)
        if standalone_mode:
            sys.exit(code)
        return code

    def _speaking(
        self,
        args: Sequence[str] | None,
        prog_name: str,
        complete_var: str | None,
        extra: dict[str, Any],
    ) -> int:
        """Run the command in the environment's language (or ``--lang``'s); the caller's
        language as it was afterwards."""
        before = self._spoken = language()
        try:
            set_language(language_from_environment())
            set_language(_lang_given(sys.argv[1:] if args is None else args) or language())
            self._spoken = language()
            return self._run(args, prog_name, complete_var, extra)
        except ShtossError as error:  # SHTOSS_LANG itself
            return fail(f"SHTOSS_LANG: {error}", status=2)
        finally:
            self._spoken = language()  # a stop after it is told in this language
            set_language(before)

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
            return fail(_("interrupted"), status=130)
        except BrokenPipeError:
            return quiet_broken_pipe()
        except OutputError as error:
            return fail(str(error), status=1)
        except click.ClickException as error:
            return fail(error.format_message(), status=2)
        except ShtossError as error:
            return fail(as_flags(str(error)), status=2)
        except RecursionError:
            return fail(_("input nested too deeply"), status=2)
        except MemoryError:
            return fail(
                _("out of memory: the computation is larger than this machine holds"), status=2
            )
        except Exception as error:  # a bug: still one line, never a traceback
            name = type(error).__name__
            return fail(f"internal error ({name}: {error}); please report it", status=1)


def _lang_given(args: Sequence[str]) -> str | None:
    """The language of a ``--lang`` among ``args`` (before ``--``), read before click parses
    them, so that an error in parsing (``No such option``) and the help asked before it
    (``-h --lang ru``) are in that language too; the last one counts, as click reads it; a
    bad value is left to click.

    >>> _lang_given(["odds", "--nope", "--lang=RU"]), _lang_given(["--", "--lang", "ru"])
    ('ru', None)
    >>> _lang_given(["-h", "--lang", "ru", "--lang", "en"])
    'en'
    """
    chosen = None
    for at, arg in enumerate(args):
        if arg == "--":
            break
        value = arg[7:] if arg.startswith("--lang=") else None
        if arg == "--lang" and at + 1 < len(args):
            value = args[at + 1]
        if value is not None and value.lower() in LANGUAGES:
            chosen = value.lower()
    return chosen


class WholeNumber(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A whole number ``>= minimum`` (and ``<= maximum``), read by the one parser of whole
    numbers (``numbers.whole_number``): ASCII digits only, no look-alike digits, no
    floats, at most ``limits.MAX_WHOLE_DIGITS`` digits whatever ``PYTHONINTMAXSTRDIGITS``."""

    name = "integer"

    def __init__(self, minimum: int = 0, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from shtoss_exact.numbers import whole_number

        try:
            return whole_number(
                value, name="", minimum=self.minimum, maximum=self.maximum, text=True
            )
        except ShtossError as error:
            self.fail(str(error), param, ctx)


@overload
def option_number(flag: str, text: str) -> Fraction: ...
@overload
def option_number(flag: str, text: str | None) -> Fraction | None: ...
def option_number(flag: str, text: str | None) -> Fraction | None:
    """An option's exact number (``"3"``, ``"1/2"``), or ``None`` when it was not given;
    a bad one is refused naming the option: ``--target: ...``."""
    if text is None:
        return None
    from shtoss_exact.numbers import parse_fraction

    try:
        return parse_fraction(text)
    except ShtossError as error:
        raise ShtossError(f"{flag}: {error}") from None


def completion(what: str, *, several: bool = False) -> Callable[..., list[Any]]:
    """The ``shell_complete`` callback of an option whose values are ``what`` (``scheme``,
    ``plan``, ``pattern``: a registry's names; ``file``: a file's path); ``several``: a
    comma list. ``cli.completion`` and the registry are imported only when the shell asks."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from shtoss_exact.cli.completion import complete as values

        return values(what, incomplete, several=several)

    return complete


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _speak(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang``: speak it from the start of parsing (it is eager), before any other
    option's message or the help."""
    if value is not None:
        set_language(value.lower())


LANG_OPTION = click.Option(
    ["--lang"],
    type=click.Choice(LANGUAGES, case_sensitive=False),
    is_eager=True,
    expose_value=False,
    callback=_speak,
    help="The language of labels, help and error lines: ru or en "
    "(default: SHTOSS_LANG, then the locale).",
)
"""``--lang ru|en``, on the program and on every command (``ShtossGroup.add_command``
adds it): one declaration."""


@click.group(cls=ShtossGroup, context_settings=CONTEXT, params=[LANG_OPTION])
@click.version_option(version=__version__, prog_name=PROG)
def cli() -> None:
    """Exact odds for Stoss (штосс), Pharaon, Bassette, Faro and Stuss.

    Every probability is counted exactly over the C(n, m) places of the punter's
    rank in the banker's deck: fractions, never simulations.
    """


def deck_option(*, unset: bool = False) -> Callable[[F], F]:
    """``--deck``: a preset deck, the choices and their ranks read from ``deck.PRESETS``
    (the first is the default); ``unset``: None unless given, for a command that tells."""
    from shtoss_exact.deck import PRESETS

    sizes = [str(size) for size in PRESETS]
    named = [f"{size} ({ranks[0]}..{ranks[-1]})" for size, ranks in PRESETS.items()]
    text = f"Preset deck: {', '.join(named[:-1])} or {named[-1]} cards"
    text += f" [default: {sizes[0]}]." if unset else "."
    return click.option(
        "--deck",
        type=click.Choice(sizes),
        default=None if unset else sizes[0],
        show_default=not unset,
        help=text,
    )


def cards_option(*, then: str) -> Callable[[F], F]:
    """``--cards N``: a custom deck size; ``then`` says what the other cards are."""
    return click.option(
        "--cards",
        type=WholeNumber(),
        default=None,
        help=f"Custom number of cards (overrides --deck); {then}",
    )


def copies_option(
    *,
    of: str = "the punter's rank",
    one_deck: str = "the punter's card is one of them, so the banker's deck holds one fewer",
    required: bool = False,
    allowed: str = "",
) -> Callable[[F], F]:
    """``--copies M``: the copies ``of`` a rank in the whole deck (``one_deck``: what the
    one-deck game takes of them)."""
    given: dict[str, Any]
    if required:
        text, given = f"Copies of {of} ({allowed}).", {"required": True}
    else:
        text = f"Copies of {of} in the whole deck; with --one-deck {one_deck} [default: 4]."
        given = {"default": None}
    return click.option("--copies", type=WholeNumber(), help=text, **given)


def one_deck_option(
    *, taken: str = "the punter's card is the top card of the banker's deck."
) -> Callable[[F], F]:
    """``--one-deck``: the punter's cards come off the banker's deck (``taken`` says how)."""
    return click.option(
        "--one-deck", is_flag=True, help=f"One-deck game (--game one-deck): {taken}"
    )


def card_option(*, only: str = "") -> Callable[[F], F]:
    """``--card CARD``: the punter's card with its suit (``only``: the uses that take it,
    for a command with several)."""
    return click.option(
        "--card",
        default=None,
        metavar="CARD",
        help=_for(only, "the punter's card with its suit: 7h, 7♥, 10D, QS, Дп."),
    )


def suits_option(*, only: str = "") -> Callable[[F], F]:
    """``--suits SUITS``: the suits of the copies (``only``: the uses that take it)."""
    return click.option(
        "--suits",
        default=None,
        metavar="SUITS",
        help=_for(
            only, "suits of the copies in the deck, one letter each (e.g. shc), for custom decks."
        ),
    )


def _for(only: str, text: str) -> str:
    """A help ``text`` for the uses ``only`` names (``"abzug: ..."``), or for every use."""
    return f"{only}: {text}" if only else text[:1].upper() + text[1:]


def deck_options(command: F) -> F:
    """The options that set up one bet's deck, shared by every one-bet command."""
    options = [
        deck_option(),
        cards_option(then="with no --one-deck, cards left in a mid-deal state."),
        copies_option(),
        one_deck_option(),
        card_option(),
        suits_option(),
    ]
    for option in reversed(options):
        command = option(command)
    return command


class _SchemeOption(ListingOption):
    """``--scheme``: its help lists the built-in schemes from the one registry."""

    def listed(self) -> str:
        from shtoss_exact.schemes.scheme import scheme_names

        names = ", ".join(scheme_names())
        return _("Built-in: {names}; or a .toml/.json scheme file.").format(names=names)


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
        shell_complete=completion("scheme"),
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

    @int_digits()  # every whole number a record holds is rendered under the program's limit
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

    @int_digits()
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
                where = _("standard output") if self.path in (None, "-") else repr(self.path)
                raise OutputError(
                    _("cannot write {where}: {value}").format(where=where, value=os_reason(error))
                ) from None


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
                shell_complete=completion("file"),
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
        raise click.BadParameter(
            _("{value} is too many places: allowed 0..{max_decimals}").format(
                value=value, max_decimals=MAX_DECIMALS
            )
        )
    return value


CASE_GAMES = ("faro", "stuss", "pharaon", "bassette", "two-deck")
"""The games ``case`` (and ``plot --kind case``) deal: names of the one registry,
``deck.Game``."""

TABLE_GAMES = ("two-deck", "one-deck")
"""The games ``table`` deals (``both`` is the two)."""


class _GameType(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """``--game``: a game of the one registry (``deck.Game``) that the command deals;
    with ``several``, a comma list of them (``both``: all it deals)."""

    name = "game"

    def __init__(self, games: tuple[str, ...], *, several: bool) -> None:
        self.games = games
        self.several = several

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from shtoss_exact.deck import Game, parse_game

        if isinstance(value, tuple):
            return value
        allowed = tuple(Game(g) for g in self.games)
        if not self.several:
            return parse_game(str(value), allowed=allowed, what="--game").value
        chosen: list[str] = []
        for part in (p.strip() for p in str(value).split(",")):
            if part.lower() == "both":
                chosen.extend(self.games)
            else:
                try:
                    chosen.append(parse_game(part, allowed=allowed, what="--game").value)
                except ShtossError as error:
                    raise ShtossError(_("{error}, or both").format(error=error)) from None
        return tuple(dict.fromkeys(chosen))

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[Any]:
        from shtoss_exact.cli.completion import choices

        names = (*self.games, "both") if self.several else self.games
        return choices(names, incomplete, several=self.several)


def game_option(
    *games: str, default: str | None, several: bool = False, help: str = "The game dealt."
) -> Callable[[F], F]:
    """``--game GAME``: one word for every command, the game dealt (``deck.Game``:
    two-deck, one-deck, faro, stuss, pharaon, bassette); each command names the games it
    deals, listed in its help and in the one-line refusal of any other."""
    from shtoss_exact.deck import Game

    for name in games:
        Game(name)  # a name outside the registry is a bug of the command
    listed = ", ".join(games) + (", or both as a comma list" if several else "")
    extra: dict[str, Any] = {"default": default, "show_default": True} if default else {}
    return click.option(
        "--game",
        type=_GameType(games, several=several),
        metavar="GAMES" if several else "GAME",
        help=f"{help} Allowed here: {listed}.",
        **extra,
    )
