"""The ``table`` command's outputs, rendered from their records: a summary table over
set-ups (``SummaryTable.to_dict()``), or one set-up by abzug (``AbzugTable``)."""

from __future__ import annotations

from typing import Any

from shtoss_exact.report.table import Cell, Table

SUMMARY_TITLE = (
    "Stoss, one bet: banker (the punter's net < 0), punter (net > 0), null (no money "
    "changes hands), ev (the punter's expected net per unit stake); deck = the whole "
    "deck, cards = the banker's deck as shuffled"
)

SUMMARY_COLUMNS = ("deck", "game", "cards", "copies", "scheme", "banker", "punter", "null", "ev")


def summary_tables(record: dict[str, Any]) -> list[Table]:
    """The summary table, titled, for text, Markdown, LaTeX and HTML."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        tuple(row[key] for key in SUMMARY_COLUMNS) for row in record["rows"]
    )
    return [Table(SUMMARY_TITLE, SUMMARY_COLUMNS, rows)]


def summary_csv(record: dict[str, Any]) -> Table:
    """The summary table for CSV: one line per row, no title."""
    table = summary_tables(record)[0]
    return Table("", table.columns, table.rows)


def abzug_title(head: dict[str, Any]) -> str:
    """The title of one set-up by abzug, from its record's head.

    >>> abzug_title({"deck": 36, "game": "one-deck", "cards": 35, "copies": 3})[:60]
    'Stoss, one bet by abzug: 36-card deck (one-deck game), 35 ca'
    """
    return (
        f"Stoss, one bet by abzug: {head['deck']}-card deck ({head['game']} game), "
        f"{head['cards']} cards in the banker's deck, {head['copies']} copies of the "
        "punter's rank"
    )
