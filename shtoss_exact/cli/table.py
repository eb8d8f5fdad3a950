"""``shtoss-exact table``: probability tables over ranges of set-ups, or one set-up by abzug."""

from __future__ import annotations

import sys
from typing import Any

import click

from shtoss_exact.cli.base import (
    TABLE_FORMATS,
    TABLE_GAMES,
    Output,
    cli,
    game_option,
    one_deck_option,
    output_options,
)
from shtoss_exact.cli.bundles import plot_option, plotted
from shtoss_exact.cli.scheme_list import scheme_list_option
from shtoss_exact.i18n import _

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
    help="Copies of the punter's rank in the whole deck, as a range like --cards (in the "
    "one-deck game the punter's card is one of them) [default: 4].",
)
@scheme_list_option(help="Payout schemes, a comma list [default: classic].")
@game_option(*TABLE_GAMES, default=None, several=True, help="The games dealt [default: two-deck].")
@one_deck_option(taken="short for --game one-deck.")
@click.option(
    "--by-abzug",
    is_flag=True,
    help="One set-up (one deck size, one number of copies, one game) by abzug: killed, "
    "plié, given; streamed row by row, whatever the deck.",
)
@plot_option
@output_options(*TABLE_FORMATS)
def table(
    cards: str,
    copies: str | None,
    scheme: str | None,
    game: tuple[str, ...] | None,
    one_deck: bool,
    by_abzug: bool,
    plot_path: str | None,
    out: Output,
) -> None:
    """Tables of exact probabilities over deck sizes, copies, schemes and games.

    Each row: the deck, the game, the cards of the banker's deck as shuffled, the
    copies, the scheme; banker (the punter's net < 0), punter (net > 0), null (no
    money changes hands), and the punter's expected net per unit stake (ev).

    \b
    Examples:
      shtoss-exact table --cards presets --scheme classic,pharaon
      shtoss-exact table --cards 4..104:10 --copies 1..4 --format csv --decimals 4
      shtoss-exact table --cards 36 --one-deck --by-abzug --format markdown
      shtoss-exact table --cards 12..104:2 --scheme classic,pharaon --plot edge.svg
    """
    from shtoss_exact.bet.tables import SummaryTable, TableSpec, parse_range, parse_schemes
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.report.table_view import abzug_title, summary_csv, summary_tables

    if by_abzug and scheme is not None:
        raise ShtossError(
            _("--by-abzug takes no --scheme: its rows are where the first copy falls")
        )
    if by_abzug and plot_path is not None:
        raise ShtossError(_(
                "--plot draws the edge by deck size: not with --by-abzug (odds --plot draws one "
                "set-up by abzug)"
            ))  # fmt: skip
    spec = TableSpec(
        cards=parse_range(cards, name="cards"),
        copies=None if copies is None else parse_range(copies, name="copies"),
        schemes=parse_schemes("classic" if scheme is None else scheme),
        games=_games(game, one_deck=one_deck),
    )
    if by_abzug:
        result = spec.by_abzug()
        head = result.head()
        out.emit_rows(head, "by_abzug", result.stream(), title=abzug_title(head))
        return
    spec.check()
    rows = _with_progress(spec.rows(), spec.size())
    summary = SummaryTable(rows=tuple(rows))
    if plotted(summary, plot_path):
        return
    out.emit(summary.to_dict(), summary_tables, csv=summary_csv)


def _games(games: tuple[str, ...] | None, *, one_deck: bool) -> tuple[str, ...]:
    from shtoss_exact.errors import ShtossError

    if one_deck and games is not None:
        raise ShtossError(_("--one-deck and --game both given: give one of them"))
    if one_deck:
        return ("one-deck",)
    return ("two-deck",) if games is None else games


def _with_progress(rows: Any, total: int) -> list[Any]:
    """Collect the rows, with a progress bar on stderr for long runs on a terminal."""
    if total < PROGRESS_ROWS or not sys.stderr.isatty():
        return list(rows)
    collected: list[Any] = []
    with click.progressbar(rows, length=total, label="rows", file=sys.stderr) as bar:
        collected.extend(bar)
    return collected
