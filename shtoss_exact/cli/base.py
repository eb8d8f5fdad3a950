"""The option bundles commands share: the deck, the scheme, the game, the output."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, overload

import click

from shtoss_exact.cli.group import COMMAND_MODULES as COMMAND_MODULES
from shtoss_exact.cli.group import SUMMARIES as SUMMARIES
from shtoss_exact.cli.group import cli as cli
from shtoss_exact.cli.process import int_digits
from shtoss_exact.cli.speaking import ListingOption
from shtoss_exact.errors import ShtossError, shown_number
from shtoss_exact.i18n import _, os_reason
from shtoss_exact.output import OutputError

if TYPE_CHECKING:
    from fractions import Fraction

    from shtoss_exact.report.stream import RowStream

F = TypeVar("F", bound=Callable[..., Any])


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
        from shtoss_exact.output import open_output
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
            _check_apart(kwargs.get("plot_path"), output)
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


def _check_apart(picture: str | None, report: str | None) -> None:
    """Refuse ``--plot FILE`` and ``-o FILE`` naming one file: the report would be
    written over the picture."""
    import os

    if picture is None or report in (None, "-"):
        return
    if os.path.realpath(picture) == os.path.realpath(report):
        raise ShtossError(
            _(
                "--plot and -o FILE both name {name!r}: give the picture and the report a file each"
            ).format(name=picture[:80])
        )


def _check_decimals(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    if value is not None and value > MAX_DECIMALS:
        raise click.BadParameter(
            _("{value} is too many places: allowed 0..{max_decimals}").format(
                value=shown_number(value), max_decimals=MAX_DECIMALS
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
