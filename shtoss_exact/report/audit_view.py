"""The audits rendered from their records: the measures, the deals, the laws."""

from __future__ import annotations

from typing import Any

from shtoss_exact.i18n import _, ngettext
from shtoss_exact.report.numbers import decimal_str
from shtoss_exact.report.table import Cell, Table

SHORT = 40
"""Longest exact value the text shows in full (JSON and ``--format csv`` hold them all)."""


def _shown(value: str) -> str:
    """An exact value in full when short, else its decimal to 12 places (the record holds it)."""
    return value if len(value) <= SHORT else f"{decimal_str(value, 12)}..."


def _deals(count: int) -> str:
    return ngettext("{count} deal", "{count} deals", count).format(count=count)


def _yes(flag: bool) -> str:
    return _("yes") if flag else _("no")


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
        _("Splits audit: {deals}, {splits}, alpha {alpha}").format(
            deals=_deals(record["deals"]),
            splits=ngettext("{count} split", "{count} splits", record["total"]).format(
                count=record["total"]
            ),
            alpha=record["alpha"],
        ),
        [
            (_("mean splits under fair dealing"), record["mean"]),
            (_("p-value of the total (upper tail)"), record["p_value"]),
            (_("critical value (reject at or above)"), record["critical"]),
            (_("size of the test"), record["size"]),
            (_("power against {stacked} stacked a deal").format(stacked=record["stacked"]),
             record["power"]),
            (_("rejected"), _yes(record["rejected"])),
            (_("sequential: caught at deal (product >= {threshold})").format(
                threshold=record["threshold"]), record["caught_at"]),
        ],
    )  # fmt: skip
    steps = tuple(
        (s["deal"], s["count"], _shown(s["factor"]), _shown(s["product"]))
        for s in record["sequential"]
    )
    sequential = Table(_("Sequential test (test martingale)"),
                       ("deal", "count", "factor", "product"), steps)  # fmt: skip
    return [measures, sequential]


def splits_csv(record: dict[str, Any]) -> Table:
    """One row a deal: its count, its factor and the product so far."""
    rows = tuple((s["deal"], s["count"], s["factor"], s["product"]) for s in record["sequential"])
    return Table("", ("deal", "count", "factor", "product"), rows)


def parity_tables(record: dict[str, Any]) -> list[Table]:
    """The parity audit: the measures, then the deals."""
    measures = _measures(
        _("Parity audit: class {ranks}, {losers}").format(
            ranks=" ".join(record["class"]),
            losers=ngettext("{count} class loser", "{count} class losers",
                            record["total"]).format(count=record["total"]),
        ),
        [(_("mean class losers under fair dealing"), record["mean"]),
         (_("p-value (upper tail)"), record["p_value"])],
    )  # fmt: skip
    return [measures, parity_csv(record, title=_("Deals"))]


def parity_csv(record: dict[str, Any], *, title: str = "") -> Table:
    """One row a deal: its whole turns, class cards and class losers."""
    rows = tuple((d["deal"], d["turns_dealt"], d["class_cards"], d["class_losers"])
                 for d in record["by_deal"])  # fmt: skip
    return Table(title, ("deal", "turns_dealt", "class_cards", "class_losers"), rows)


def deal_tables(record: dict[str, Any]) -> list[Table]:
    """The deal checked: whole or not, the soda, the hock, the splits, the cards not seen."""
    short = len(record["missing"])
    if record["whole"]:
        verdict = _("whole")
    else:
        verdict = ngettext(
            "short: {count} card not seen", "short: {count} cards not seen", short
        ).format(count=short)
    seen = _("{seen} of {cards}").format(seen=record["cards_seen"], cards=record["cards"])
    rows: list[tuple[Cell, ...]] = [
        (_("cards seen"), seen),
        (_("deal"), verdict),
        (_("soda"), record["soda"]),
        (_("hock"), record["hock"] or "-"),
        (_("splits"), record["split_count"]),
        (_("p-value under fair dealing"), record["p_value"]),
    ]
    if record["missing"]:
        rows.append((_("not seen"), " ".join(record["missing"])))
    return [Table(_("Deal audit"), ("quantity", "value"), tuple(rows))]


def deal_csv(record: dict[str, Any]) -> Table:
    """The deal checked, one row (the cards not seen joined by spaces)."""
    keys = ("cards_seen", "cards", "whole", "soda", "hock", "split_count", "p_value")
    row = (*(str(record[k]) if record[k] is not None else "" for k in keys),
           " ".join(record["missing"]))  # fmt: skip
    return Table("", (*keys, "missing"), (row,))


def ledger_tables(record: dict[str, Any]) -> list[Table]:
    """The ledger audit: the measures, then the deals."""
    bets = sum(len(d["recorded_bets"]) for d in record["by_deal"])
    measures = _measures(
        _("Ledger audit: {deals}, {bets}, alpha {alpha}").format(
            deals=_deals(record["deals"]),
            bets=ngettext("{count} bet", "{count} bets", bets).format(count=bets),
            alpha=record["alpha"],
        ),
        [
            (_("the punter's total result"), record["total"]),
            (_("mean total under fair dealing"), record["mean"]),
            (_("p-value of the total (lower tail)"), record["p_value"]),
            (_("critical value (reject at or below)"), record["critical"]),
            (_("size of the test"), record["size"]),
            (_("rejected"), _yes(record["rejected"])),
        ],
    )
    return [measures, ledger_csv(record, title=_("Deals"))]


def ledger_csv(record: dict[str, Any], *, title: str = "") -> Table:
    """One row a deal: its recorded bets, the punter's total, its mean and p-value under
    fair dealing (the text shows long exact values by their decimals)."""
    shown = _shown if title else str
    rows = tuple((d["deal"], " ".join(b["notation"] for b in d["recorded_bets"]), d["total"],
                  shown(d["mean"]), shown(d["p_value"])) for d in record["by_deal"])  # fmt: skip
    return Table(title, ("deal", "recorded_bets", "total", "mean", "p_value"), rows)
