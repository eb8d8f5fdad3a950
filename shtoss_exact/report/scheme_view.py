"""The list of built-in schemes and fair payoffs, rendered from their records."""

from __future__ import annotations

from typing import Any

from shtoss_exact.report.table import Cell, Table


def schemes_tables(record: dict[str, Any]) -> list[Table]:
    """One line per scheme: name, Russian names, solvable parameters, rule, source."""
    rows: list[tuple[Cell, ...]] = [
        (
            s["scheme"],
            ", ".join(s["aliases"]) or "-",
            " ".join(f"{p['parameter']}={p['value']}" for p in s["parameters"]) or "-",
            s["rule"],
        )
        for s in record["schemes"]
    ]
    return [Table("Payout schemes", ("scheme", "aliases", "parameters", "rule"), tuple(rows))]


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
    ("current", "{p} in the scheme"),
    ("ev", "punter's EV there"),
    ("ev_at_zero", "punter's EV at {p} = 0"),
    ("slope", "EV change per unit of {p}"),
    ("fair", "fair {p} (EV = 0)"),
)


def fair_tables(record: dict[str, Any]) -> list[Table]:
    """The fair value of one parameter and how the EV moves with it."""
    p = record["parameter"]
    return [
        Table(
            f"Fair payoff: scheme {record['scheme']}, {record['cards']} cards, "
            f"{record['copies']} copies",
            ("quantity", "exact"),
            tuple((label.format(p=p), record[key]) for key, label in _FAIR_ROWS),
        )
    ]


def fair_csv(record: dict[str, Any]) -> Table:
    keys = ("scheme", "cards", "copies", "parameter", "current", "ev", "ev_at_zero", "slope",
            "fair")  # fmt: skip
    return Table("", keys, (tuple(record[k] for k in keys),))
