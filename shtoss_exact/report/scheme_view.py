"""The list of built-in schemes and fair payoffs, rendered from their records."""

from __future__ import annotations

from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.table import Cell, Table


def schemes_tables(record: dict[str, Any]) -> list[Table]:
    """One line per scheme: name, Russian names, solvable parameters, rule (a built-in
    scheme's in the language spoken now; a scheme file's as written)."""
    rows: list[tuple[Cell, ...]] = [
        (
            s["scheme"],
            ", ".join(s["aliases"]) or "-",
            " ".join(f"{p['parameter']}={p['value']}" for p in s["parameters"]) or "-",
            _(s["rule"]) if s["rule"] else "",
        )
        for s in record["schemes"]
    ]
    return [Table(_("Payout schemes"), ("scheme", "aliases", "parameters", "rule"), tuple(rows))]


def schemes_csv(record: dict[str, Any]) -> Table:
    rows: list[tuple[Cell, ...]] = [
        (
            s["scheme"],
            " ".join(s["aliases"]),
            " ".join(f"{p['parameter']}={p['value']}" for p in s["parameters"]),
            s["rule"],
            s["source"],
        )
        for s in record["schemes"]
    ]
    return Table("", ("scheme", "aliases", "parameters", "rule", "source"), tuple(rows))


_FAIR_ROWS = (
    ("current", N_("{p} in the scheme")),
    ("ev", N_("punter's EV there")),
    ("ev_at_zero", N_("punter's EV at {p} = 0")),
    ("slope", N_("EV change per unit of {p}")),
    ("fair", N_("fair {p} (EV = 0)")),
)


def fair_tables(record: dict[str, Any]) -> list[Table]:
    """The fair value of one parameter and how the EV moves with it."""
    p = record["parameter"]
    cards = ngettext("{count} card", "{count} cards", record["cards"])
    copies = ngettext("{count} copy", "{count} copies", record["copies"])
    title = _("Fair payoff: scheme {scheme}, {cards}, {copies}").format(
        scheme=record["scheme"],
        cards=cards.format(count=record["cards"]),
        copies=copies.format(count=record["copies"]),
    )
    rows = tuple((_(label).format(p=p), record[key]) for key, label in _FAIR_ROWS)
    return [Table(title, ("quantity", "exact"), rows)]


def fair_csv(record: dict[str, Any]) -> Table:
    keys = ("scheme", "cards", "copies", "parameter", "current", "ev", "ev_at_zero", "slope",
            "fair")  # fmt: skip
    return Table("", keys, (tuple(record[k] for k in keys),))
