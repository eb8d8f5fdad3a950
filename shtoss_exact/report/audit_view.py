"""The audits rendered from their records: the measures, the deals, the laws."""

from __future__ import annotations

from typing import Any

from shtoss_exact.report.numbers import decimal_str
from shtoss_exact.report.table import Cell, Table

SHORT = 40
"""Longest exact value the text shows in full (JSON and ``--format csv`` hold them all)."""


def _shown(value: str) -> str:
    """An exact value in full when short, else its decimal to 12 places (the record holds it)."""
    return value if len(value) <= SHORT else f"{decimal_str(value, 12)}..."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _measures(title: str, rows: list[tuple[str, Any]]) -> Table:
    cells: list[tuple[Cell, ...]] = []
    for label, value in rows:
        text = "-" if value is None else str(value)
        exact = isinstance(value, str) and "/" in value
        cells.append((label, _shown(text) if exact else text))
    return Table(title, ("quantity", "value"), tuple(cells))


def splits_tables(record: dict[str, Any]) -> list[Table]:
    """The splits audit: the measures, then the sequential test deal by deal."""
    measures = _measures(
        f"Splits audit: {_plural(record['deals'], 'deal')}, {_plural(record['total'], 'split')}"
        f", alpha {record['alpha']}",
        [
            ("mean splits under fair dealing", record["mean"]),
            ("p-value of the total (upper tail)", record["p_value"]),
            ("critical value (reject at or above)", record["critical"]),
            ("size of the test", record["size"]),
            (f"power against {record['stacked']} stacked a deal", record["power"]),
            ("rejected", "yes" if record["rejected"] else "no"),
            (f"sequential: caught at deal (product >= {record['threshold']})",
             record["caught_at"]),
        ],
    )  # fmt: skip
    steps = tuple(
        (s["deal"], s["count"], _shown(s["factor"]), _shown(s["product"]))
        for s in record["sequential"]
    )
    sequential = Table("Sequential test (test martingale)",
                       ("deal", "count", "factor", "product"), steps)  # fmt: skip
    return [measures, sequential]


def splits_csv(record: dict[str, Any]) -> Table:
    """One row a deal: its count, its factor and the product so far."""
    rows = tuple((s["deal"], s["count"], s["factor"], s["product"]) for s in record["sequential"])
    return Table("", ("deal", "count", "factor", "product"), rows)


def parity_tables(record: dict[str, Any]) -> list[Table]:
    """The parity audit: the measures, then the deals."""
    measures = _measures(
        f"Parity audit: class {' '.join(record['class'])}, "
        f"{_plural(record['total'], 'class loser')}",
        [("mean class losers under fair dealing", record["mean"]),
         ("p-value (upper tail)", record["p_value"])],
    )  # fmt: skip
    return [measures, parity_csv(record, title="Deals")]


def parity_csv(record: dict[str, Any], *, title: str = "") -> Table:
    """One row a deal: its whole turns, class cards and class losers."""
    rows = tuple((d["deal"], d["turns_dealt"], d["class_cards"], d["class_losers"])
                 for d in record["by_deal"])  # fmt: skip
    return Table(title, ("deal", "turns_dealt", "class_cards", "class_losers"), rows)


def deal_tables(record: dict[str, Any]) -> list[Table]:
    """The deal checked: whole or not, the soda, the hock, the splits, the cards not seen."""
    short = len(record["missing"])
    verdict = "whole" if record["whole"] else f"short: {short} card{'s' * (short != 1)} not seen"
    rows: list[tuple[Cell, ...]] = [
        ("cards seen", f"{record['cards_seen']} of {record['cards']}"),
        ("deal", verdict),
        ("soda", record["soda"]),
        ("hock", record["hock"] or "-"),
        ("splits", record["split_count"]),
        ("p-value under fair dealing", record["p_value"]),
    ]
    if record["missing"]:
        rows.append(("not seen", " ".join(record["missing"])))
    return [Table("Deal audit", ("quantity", "value"), tuple(rows))]


def deal_csv(record: dict[str, Any]) -> Table:
    """The deal checked, one row (the cards not seen joined by spaces)."""
    keys = ("cards_seen", "cards", "whole", "soda", "hock", "split_count", "p_value")
    row = (*(str(record[k]) if record[k] is not None else "" for k in keys),
           " ".join(record["missing"]))  # fmt: skip
    return Table("", (*keys, "missing"), (row,))


def ledger_tables(record: dict[str, Any]) -> list[Table]:
    """The ledger audit: the measures, then the deals."""
    measures = _measures(
        f"Ledger audit: {_plural(record['deals'], 'deal')}, "
        f"{_plural(sum(len(d['recorded_bets']) for d in record['by_deal']), 'bet')}, "
        f"alpha {record['alpha']}",
        [
            ("the punter's total result", record["total"]),
            ("mean total under fair dealing", record["mean"]),
            ("p-value of the total (lower tail)", record["p_value"]),
            ("critical value (reject at or below)", record["critical"]),
            ("size of the test", record["size"]),
            ("rejected", "yes" if record["rejected"] else "no"),
        ],
    )
    return [measures, ledger_csv(record, title="Deals")]


def ledger_csv(record: dict[str, Any], *, title: str = "") -> Table:
    """One row a deal: its recorded bets, the punter's total, its mean and p-value under
    fair dealing (the text shows long exact values by their decimals)."""
    shown = _shown if title else str
    rows = tuple((d["deal"], " ".join(b["notation"] for b in d["recorded_bets"]), d["total"],
                  shown(d["mean"]), shown(d["p_value"])) for d in record["by_deal"])  # fmt: skip
    return Table(title, ("deal", "recorded_bets", "total", "mean", "p_value"), rows)
