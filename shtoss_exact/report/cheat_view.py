"""A cheat's answer rendered from its record (``CheatResult.to_dict()``): text,
Markdown, CSV."""

from __future__ import annotations

from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.case_view import GAME_TITLES
from shtoss_exact.report.table import Table

CHEAT_TITLES = {
    "box": N_("The two-card box"),
    "seconds": N_("Dealing seconds"),
    "swap": N_("The передержка (the abzug's two cards swapped)"),
    "tell": N_("The sand-tell with the two-card box"),
}

SUMMARY_COLUMNS = ("cards_left", "copies_left", "takes", "edge", "honest_edge", "gain")


def cheat_tables(record: dict[str, Any]) -> list[Table]:
    """The summary (the edge under the banker's best use of the cheat, the honest edge,
    the gain) and the policy: the states in which he cheats."""
    game = _game(record["game"])
    cheat = _(CHEAT_TITLES.get(record["cheat"], record["cheat"]))
    title = _("{cheat}, {game}: one bet on the {rank}, staked 1 until decided").format(
        cheat=cheat, game=game, rank=record["rank"]
    )
    if "tell_class" in record:
        title += _("; the class {ranks}").format(ranks=",".join(record["tell_class"]))
    summary = tuple(record[key] for key in SUMMARY_COLUMNS)
    tables = [Table(title, SUMMARY_COLUMNS, (summary,))]
    rows = record["policy"]
    if rows:
        columns = tuple(rows[0])
        tables.append(
            Table(
                ngettext(
                    "Policy: the {count} state in which the banker cheats",
                    "Policy: the {count} states in which the banker cheats",
                    len(rows),
                ).format(count=len(rows)),
                columns,
                tuple(tuple(row[key] for key in columns) for row in rows),
            )
        )
    return tables


def _game(game: str) -> str:
    """The game's name in titles, spoken (``case_view.GAME_TITLES``)."""
    return _(GAME_TITLES[game]) if game in GAME_TITLES else game


def cheat_csv(record: dict[str, Any]) -> Table:
    """The summary as one row (the rank first, as a word)."""
    columns = ("cheat", "game", "rank", *SUMMARY_COLUMNS)
    return Table("", columns, (tuple(record[key] for key in columns),))


def splits_tables(record: dict[str, Any]) -> list[Table]:
    """The law of the number of splits, with the banker's take beside it under a pattern."""
    turns = ngettext("{count} turn left", "{count} turns left", record["turns_left"])
    title = _("Splits put up, {game}: {stacked} stacked, {turns}, mean {mean}").format(
        game=_game(record["game"]),
        stacked=record["stacked"],
        turns=turns.format(count=record["turns_left"]),
        mean=record["mean"],
    )
    return [splits_csv(record, title=title)]


def splits_csv(record: dict[str, Any], *, title: str = "") -> Table:
    """One row per number of splits: its probability (and the banker's take)."""
    laws = record["splits"]
    if record["banker_take"] is None:
        pairs = tuple((row["value"], row["probability"]) for row in laws)
        return Table(title, ("splits", "probability"), pairs)
    takes = record["banker_take"]
    rows = tuple(
        (row["value"], take["value"], row["probability"])
        for row, take in zip(laws, takes, strict=True)
    )
    return Table(title, ("splits", "banker_take", "probability"), rows)


PATTERN_COLUMNS = ("cards_left", "turns_left", "takes", "banker_take", "honest_take", "gain")

SHORT = 40
"""Longest exact value the text shows in full (JSON and ``--format csv`` hold them all)."""


def box_pattern_tables(record: dict[str, Any]) -> list[Table]:
    """The two-card box against a pattern: the banker's take over the rest of the deal
    under his best use of the takes, the honest take, the gain."""
    from shtoss_exact.report.numbers import decimal_str

    title = _(
        "The two-card box, {game}: the banker's take over the rest of the deal, the "
        "punters betting {pattern}"
    ).format(game=_game(record["game"]), pattern=record["pattern"])

    def shown(value: Any) -> Any:
        text = str(value)
        return f"{decimal_str(text, 12)}..." if "/" in text and len(text) > SHORT else value

    row = tuple(shown(record[key]) for key in PATTERN_COLUMNS)
    return [Table(title, PATTERN_COLUMNS, (row,))]


def box_pattern_csv(record: dict[str, Any]) -> Table:
    """The summary as one row (the pattern first)."""
    columns = ("cheat", "game", "pattern", *PATTERN_COLUMNS)
    return Table("", columns, (tuple(record[key] for key in columns),))
