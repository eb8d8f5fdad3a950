"""The ``table`` command's outputs, rendered from their records: a summary table over
set-ups (``SummaryTable.to_dict()``), or one set-up by abzug (``AbzugTable``)."""

from __future__ import annotations

from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.table import Cell, Table

SUMMARY_TITLE = N_(
    "Stoss, one bet: banker (the punter's net < 0), punter (net > 0), null (no money "
    "changes hands), ev (the punter's expected net per unit stake); deck = the whole "
    "deck, cards = the banker's deck as shuffled"
)
"""The summary table's title (in the language spoken when shown)."""

SUMMARY_COLUMNS = ("deck", "game", "cards", "copies", "scheme", "banker", "punter", "null", "ev")


def summary_tables(record: dict[str, Any]) -> list[Table]:
    """The summary table, titled, for text, Markdown, LaTeX and HTML."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        tuple(row[key] for key in SUMMARY_COLUMNS) for row in record["rows"]
    )
    return [Table(_(SUMMARY_TITLE), SUMMARY_COLUMNS, rows)]


def summary_csv(record: dict[str, Any]) -> Table:
    """The summary table for CSV: one line per row, no title."""
    table = summary_tables(record)[0]
    return Table("", table.columns, table.rows)


def abzug_title(head: dict[str, Any]) -> str:
    """The title of one set-up by abzug, from its record's head.

    >>> abzug_title({"deck": 36, "game": "one-deck", "cards": 35, "copies": 3})[:60]
    'Stoss, one bet by abzug: 36-card deck (one-deck game), 35 ca'
    """
    cards, copies = head["cards"], head["copies"]
    deck = ngettext(
        "{count} card in the banker's deck", "{count} cards in the banker's deck", cards
    )
    rank = ngettext(
        "{count} copy of the punter's rank", "{count} copies of the punter's rank", copies
    )
    return _("Stoss, one bet by abzug: {deck}-card deck ({game} game), {cards}, {copies}").format(
        deck=head["deck"],
        game=head["game"],
        cards=deck.format(count=cards),
        copies=rank.format(count=copies),
    )
