"""``shtoss-exact table``: probability tables over ranges of set-ups, or one set-up by abzug."""

from __future__ import annotations

import sys
from typing import Any

import click

from shtoss_exact.cli.base import WholeNumber, cli, emit_json

MAX_DECIMALS = 50
"""Most decimal places a decimal column may have."""

PROGRESS_ROWS = 200
"""Rows from which a progress bar is drawn on stderr (when stderr is a terminal)."""


@cli.command()
@click.option(
    "--cards",
    default="52,36,32",
    show_default=True,
    metavar="RANGE",
    help="Deck sizes (the whole deck): N, A..B, A..B:STEP, comma lists, or 'presets' (32, 36, 52).",
)
@click.option(
    "--copies",
    default=None,
    metavar="RANGE",
    help="Copies of the punter's rank in the banker's deck, as a range like --cards "
    "[default: 4, or 3 in the one-deck game].",
)
@click.option(
    "--scheme",
    default=None,
    metavar="NAMES",
    help="Payout schemes, a comma list: classic, lob-half, gorka-half, pharaon, bassette, "
    "faro, stuss [default: classic].",
)
@click.option(
    "--game",
    default=None,
    metavar="GAMES",
    help="two-deck, one-deck or both as a comma list [default: two-deck].",
)
@click.option("--one-deck", is_flag=True, help="Same as --game one-deck.")
@click.option(
    "--by-abzug",
    is_flag=True,
    help="One set-up (one deck size, one number of copies, one game) by abzug: killed, "
    "plié, given, banker.",
)
@click.option(
    "--decimals",
    type=WholeNumber(),
    default=None,
    help="Add a decimal column (rounded half-even to D places) beside each exact one.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    metavar="FILE",
    help="Write to FILE (atomically: whole or not at all) instead of stdout.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "csv", "latex", "json", "html"]),
    default="text",
    show_default=True,
    help="Output format (LaTeX uses booktabs).",
)
def table(
    cards: str,
    copies: str | None,
    scheme: str | None,
    game: str | None,
    one_deck: bool,
    by_abzug: bool,
    decimals: int | None,
    output: str | None,
    fmt: str,
) -> None:
    """Tables of exact probabilities over deck sizes, copies, schemes and games.

    Each row: banker (the punter's net < 0), plié, punter (net > 0), null (no action,
    the stake comes back) and the punter's expected net per unit stake (ev).

    \b
    Examples:
      shtoss-exact table --cards presets --scheme classic,pharaon
      shtoss-exact table --cards 4..104:10 --copies 1..4 --format csv --decimals 4
      shtoss-exact table --cards 36 --one-deck --by-abzug --format markdown
    """
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.output import write_output as write_atomic
    from shtoss_exact.report import render_tables
    from shtoss_exact.tables import (
        Game,
        TableSpec,
        abzug_records,
        iter_summary_records,
        json_records,
        parse_range,
        parse_schemes,
        records_table,
    )

    if decimals is not None and decimals > MAX_DECIMALS:
        raise ShtossError(f"--decimals {decimals} is too many: allowed 0..{MAX_DECIMALS}")
    games = _games(game, one_deck=one_deck)
    spec = TableSpec(
        cards=parse_range(cards, name="cards"),
        copies=None if copies is None else parse_range(copies, name="copies"),
        schemes=parse_schemes(scheme or "classic"),
        games=games,
    )
    if by_abzug:
        if scheme is not None:
            raise ShtossError("--by-abzug takes no --scheme: its rows are by card kind")
        deals = list(spec.deals())
        if len(deals) != 1:
            raise ShtossError(
                f"--by-abzug needs one set-up, got {len(deals)}: give one --cards, one "
                "--copies and one --game"
            )
        size, chosen, deal = deals[0]
        game_words = "one-deck game" if chosen is Game.ONE_DECK else "two-deck game"
        title = (
            f"Stoss, one bet by abzug: {size}-card deck ({game_words}), {deal.cards} cards in "
            f"the banker's deck, {deal.copies} copies of the punter's rank"
        )
        result = records_table(abzug_records(deal), title=title, decimals=decimals)
    else:
        spec.check()
        rows = _with_progress(iter_summary_records(spec), spec.size())
        title = (
            "Stoss, one bet: banker (net < 0), plié, punter (net > 0), null (no action), "
            "ev (the punter's expected net per unit stake); cards = the whole deck"
        )
        result = records_table(rows, title=title, decimals=decimals)
    if fmt == "json":
        if output is None:
            emit_json(json_records(result))
            return
        import json

        text = json.dumps(json_records(result), ensure_ascii=False, indent=2)
    else:
        text = render_tables([result], fmt)
    if output is None:
        click.echo(text)
        return
    try:
        write_atomic(output, text + "\n")
    except OSError as error:
        raise ShtossError(f"cannot write {output!r}: {error.strerror or error}") from None


def _games(text: str | None, *, one_deck: bool) -> tuple[Any, ...]:
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.tables import Game

    if one_deck and text is not None:
        raise ShtossError("--one-deck and --game both given: give one of them")
    if one_deck:
        return (Game.ONE_DECK,)
    if text is None:
        return (Game.TWO_DECK,)
    games: list[Game] = []
    for part in (p.strip() for p in text.split(",")):
        names = [g.value for g in Game]
        if part == "both":
            games.extend(Game)
        elif part in names:
            games.append(Game(part))
        else:
            raise ShtossError(f"unknown game {part!r}: allowed games are {', '.join(names)}, both")
    return tuple(dict.fromkeys(games))


def _with_progress(rows: Any, total: int) -> list[dict[str, Any]]:
    """Collect the rows, with a progress bar on stderr for long runs on a terminal."""
    if total < PROGRESS_ROWS or not sys.stderr.isatty():
        return list(rows)
    collected: list[dict[str, Any]] = []
    with click.progressbar(rows, length=total, label="rows", file=sys.stderr) as bar:
        collected.extend(bar)
    return collected
