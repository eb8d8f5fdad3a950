"""One bet's odds as tables (text, Markdown, CSV) and as a JSON record."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.odds import Odds
from shtoss_exact.report.numbers import decimal_str, exact_str, percent_str
from shtoss_exact.report.table import Table


def describe(o: Odds) -> str:
    """A one-line title of the set-up in the game's words."""
    deal = o.deal
    if o.mixed:
        return (
            f"Stoss, one bet: {deal.cards} cards in the banker's deck before the soda, "
            f"{deal.copies} copies of the punter's rank"
        )
    game = "one-deck game" if deal.one_deck else "banker's deck"
    card = f", punter's card {deal.card}" if deal.card is not None else ""
    return (
        f"Stoss, one bet: {deal.cards} cards in the {game}, "
        f"{deal.copies} copies of the punter's rank{card}"
    )


def summary_table(o: Odds) -> Table:
    rows: list[tuple[str, Fraction]] = [
        ("banker wins (killed or plié)", o.banker),
        ("  killed by a lob", o.killed),
        ("  plié", o.plie),
        ("punter wins (given)", o.punter),
        ("no decision", o.none),
        ("punter's expected net per unit stake", o.ev),
    ]
    return Table(
        describe(o),
        ("outcome", "exact", "percent"),
        tuple((label, value, percent_str(value)) for label, value in rows),
    )


def abzug_table(o: Odds) -> Table:
    return Table(
        "By abzug (lob = banker's card, sonik = punter's card)",
        ("abzug", "killed", "plie", "given", "banker", "percent banker", "percent given"),
        tuple(
            (row.abzug, row.killed, row.plie, row.given, row.banker,
             percent_str(row.banker), percent_str(row.given))
            for row in o.by_abzug
        ),
    )  # fmt: skip


def relation_table(o: Odds) -> Table | None:
    rows = o.by_relation
    if rows is None:
        return None
    return Table(
        "By the deciding card's suit (colour = same suit, half-colour = same colour, plain)",
        ("suit relation", "killed", "plie", "given"),
        tuple((r.relation.value, r.killed, r.plie, r.given) for r in rows),
    )


def odds_tables(o: Odds, *, by_abzug: bool = False) -> list[Table]:
    """Tables for text and Markdown: the summary, suit relations, the by-abzug rows."""
    tables = [summary_table(o)]
    relations = relation_table(o)
    if relations is not None:
        tables.append(relations)
    if by_abzug:
        tables.append(abzug_table(o))
    if o.scheme_result is not None:
        from shtoss_exact.report.scheme_view import distribution_table, measures_table

        tables += [measures_table(o.scheme_result), distribution_table(o.scheme_result)]
    return tables


def odds_csv_table(o: Odds, *, by_abzug: bool = False) -> Table:
    """One machine-readable table: the summary row, or one row per abzug and a total row."""
    if not by_abzug:
        columns: tuple[str, ...] = ("cards", "copies", "banker", "plie", "punter", "none", "ev")
        row: tuple[int | str | Fraction, ...] = (
            o.cards, o.copies, o.banker, o.plie, o.punter, o.none, o.ev,
        )  # fmt: skip
        r = o.scheme_result
        if r is not None:
            columns += ("scheme", "edge", "edge_per_action", "edge_per_abzug", "variance")
            row += (r.scheme.name, r.edge, _cell(r.edge_per_action), _cell(r.edge_per_abzug),
                    r.variance)  # fmt: skip
        return Table("", columns, (row,))
    rows: list[tuple[int | str | Fraction, ...]] = [
        (row.abzug, row.killed, row.plie, row.given, row.banker) for row in o.by_abzug
    ]
    rows.append(("total", o.killed, o.plie, o.punter, o.banker))
    return Table("", ("abzug", "killed", "plie", "given", "banker"), tuple(rows))


def _cell(value: Fraction | None) -> Fraction | str:
    return "" if value is None else value


def odds_record(o: Odds, *, by_abzug: bool = False) -> dict[str, Any]:
    """A JSON-ready record: exact values as strings (``"433/833"``), decimals under ``float``."""
    record: dict[str, Any] = {
        "cards": o.cards,
        "copies": o.copies,
        "one_deck": o.deal.one_deck,
        "card": str(o.deal.card) if o.deal.card is not None else None,
        "banker": exact_str(o.banker),
        "killed": exact_str(o.killed),
        "plie": exact_str(o.plie),
        "punter": exact_str(o.punter),
        "none": exact_str(o.none),
        "ev": exact_str(o.ev),
        "float": {
            key: float(decimal_str(value, 12))
            for key, value in (
                ("banker", o.banker), ("plie", o.plie), ("punter", o.punter),
                ("none", o.none), ("ev", o.ev),
            )
        },
    }  # fmt: skip
    relations = o.by_relation
    if relations is not None:
        record["by_relation"] = [
            {"relation": r.relation.value, "killed": exact_str(r.killed),
             "plie": exact_str(r.plie), "given": exact_str(r.given)}
            for r in relations
        ]  # fmt: skip
    if o.scheme_result is not None:
        from shtoss_exact.report.scheme_view import scheme_record

        record.update(scheme_record(o.scheme_result))
    if by_abzug:
        record["by_abzug"] = [
            {"abzug": row.abzug, "banker": exact_str(row.banker), "killed": exact_str(row.killed),
             "plie": exact_str(row.plie), "punter": exact_str(row.given)}
            for row in o.by_abzug
        ]  # fmt: skip
    return record
