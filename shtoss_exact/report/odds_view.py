"""One bet's odds, rendered from its record (``Odds.to_dict()``): text, Markdown, CSV."""

from __future__ import annotations

from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.numbers import percent_str
from shtoss_exact.report.table import Cell, Table


def describe(record: dict[str, Any]) -> str:
    """A one-line title of the set-up in the game's words."""
    cards, copies = record["cards"], record["copies"]
    if record["one_deck"]:
        deck = ngettext(
            "{count} card in the one-deck game", "{count} cards in the one-deck game", cards
        )
    else:
        deck = ngettext(
            "{count} card in the banker's deck", "{count} cards in the banker's deck", cards
        )
    rank = ngettext(
        "{count} copy of the punter's rank", "{count} copies of the punter's rank", copies
    )
    card = (
        _(", punter's card {card}").format(card=record["card"])
        if record["card"] is not None
        else ""
    )
    scheme = (
        _(", scheme {scheme}").format(scheme=record["scheme"])
        if record["scheme"] is not None
        else ""
    )
    deal = _("Stoss, one bet: {deck}, {rank}").format(
        deck=deck.format(count=cards), rank=rank.format(count=copies)
    )
    return f"{deal}{card}{scheme}"


def _rows(record: dict[str, Any], labels: list[tuple[str, str]], *, percent: bool) -> Table:
    rows: list[tuple[Cell, ...]] = []
    for key, label in labels:
        if record.get(key) is None:  # a measure that does not exist: no row
            continue
        value = record[key]
        rows.append((_(label), value, percent_str(value)) if percent else (_(label), value))
    return Table(
        "", ("outcome", "exact", "percent") if percent else ("measure", "exact"), tuple(rows)
    )


_OUTCOMES = [
    ("banker", N_("banker wins (the punter's net < 0)")),
    ("punter", N_("punter wins (net > 0)")),
    ("null", N_("null (no money changes hands)")),
    ("killed", N_("first copy on a lob: killed")),
    ("plie", N_("first copy on a lob and its sonik: plié")),
    ("given", N_("first copy on a sonik: given")),
    ("ev", N_("punter's expected net per unit stake")),
]

_MEASURES = [
    ("edge", N_("banker's edge per bet settled")),
    ("edge_per_action", N_("banker's edge per unit of action")),
    ("edge_per_abzug", N_("banker's edge per abzug exposed")),
    ("variance", N_("variance of the punter's net")),
    ("expected_abzugs", N_("expected abzugs exposed")),
    ("action", N_("action (money changes hands)")),
]


def odds_tables(record: dict[str, Any]) -> list[Table]:
    """Tables for text and Markdown: outcomes, the scheme's measures and distribution,
    the suit relations, the by-abzug rows."""
    summary = _rows(record, _OUTCOMES, percent=True)
    tables = [Table(describe(record), summary.columns, summary.rows)]
    if record["scheme"] is not None:
        measures = _rows(record, _MEASURES, percent=False)
        tables.append(
            Table(
                _("Scheme {scheme}").format(scheme=record["scheme"]),
                measures.columns,
                measures.rows,
            )
        )
        tables.append(
            Table(
                _("Distribution of the punter's net result per unit stake"),
                ("value", "probability", "percent"),
                tuple(
                    (d["value"], d["probability"], percent_str(d["probability"]))
                    for d in record["distribution"]
                ),
            )
        )
    if "by_relation" in record:
        tables.append(
            Table(
                _(
                    "By the deciding card's suit (colour = same suit, half-colour = same "
                    "colour, plain)"
                ),
                ("relation", "killed", "plie", "given"),
                tuple(
                    (r["relation"], r["killed"], r["plie"], r["given"])
                    for r in record["by_relation"]
                ),
            )
        )
    if "by_abzug" in record:
        tables.append(abzug_table(record["by_abzug"]))
    return tables


def abzug_table(rows: list[dict[str, Any]]) -> Table:
    """One row per abzug: killed, plié, given (where the first copy falls)."""
    return Table(
        _("By abzug (lob = banker's card, sonik = punter's card)"),
        ("abzug", "killed", "plie", "given"),
        tuple((r["abzug"], r["killed"], r["plie"], r["given"]) for r in rows),
    )


CSV_KEYS = ("cards", "copies", "one_deck", "card", "scheme", "banker", "punter", "null",
            "killed", "plie", "given", "ev", "edge", "edge_per_action", "edge_per_abzug",
            "variance", "action", "expected_abzugs")  # fmt: skip


def odds_csv(record: dict[str, Any]) -> Table:
    """One machine-readable table: the summary row, or one row per abzug."""
    if "by_abzug" in record:
        table = abzug_table(record["by_abzug"])
        return Table("", table.columns, table.rows)
    keys = [k for k in CSV_KEYS if k in record]
    return Table("", tuple(keys), (tuple(_csv_cell(record[k]) for k in keys),))


def _csv_cell(value: Any) -> Cell:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value  # type: ignore[no-any-return]
