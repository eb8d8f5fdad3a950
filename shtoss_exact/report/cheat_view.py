"""A cheat's answer rendered from its record (``CheatResult.to_dict()``): text,
Markdown, CSV."""

from __future__ import annotations

from typing import Any

from shtoss_exact.report.case_view import GAME_TITLES
from shtoss_exact.report.table import Table

CHEAT_TITLES = {
    "box": "The two-card box",
    "seconds": "Dealing seconds",
    "swap": "The передержка (the abzug's two cards swapped)",
}

SUMMARY_COLUMNS = ("cards_left", "copies_left", "takes", "edge", "honest_edge", "gain")


def cheat_tables(record: dict[str, Any]) -> list[Table]:
    """The summary (the edge under the banker's best use of the cheat, the honest edge,
    the gain) and the policy: the states in which he cheats."""
    game = GAME_TITLES.get(record["game"], record["game"])
    cheat = CHEAT_TITLES.get(record["cheat"], record["cheat"])
    title = f"{cheat}, {game}: one bet on the {record['rank']}, staked 1 until decided"
    summary = tuple(record[key] for key in SUMMARY_COLUMNS)
    tables = [Table(title, SUMMARY_COLUMNS, (summary,))]
    rows = record["policy"]
    if rows:
        columns = tuple(rows[0])
        tables.append(
            Table(
                f"Policy: the {len(rows)} states in which the banker cheats",
                columns,
                tuple(tuple(row[key] for key in columns) for row in rows),
            )
        )
    return tables


def cheat_csv(record: dict[str, Any]) -> Table:
    """The summary as one row (the rank first, as a word)."""
    columns = ("cheat", "game", "rank", *SUMMARY_COLUMNS)
    return Table("", columns, (tuple(record[key] for key in columns),))
