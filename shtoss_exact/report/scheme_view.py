"""A scheme's measures, the list of built-in schemes and fair payoffs as tables and records."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from shtoss_exact.fair import FairPayoff
from shtoss_exact.measures import SchemeResult
from shtoss_exact.report.numbers import decimal_str, exact_str, percent_str
from shtoss_exact.report.table import Cell, Table
from shtoss_exact.schemes import Scheme


def _maybe(value: Fraction | None) -> str:
    return "undefined" if value is None else exact_str(value)


def _maybe_percent(value: Fraction | None) -> str:
    return "" if value is None else percent_str(value)


def measures_table(r: SchemeResult) -> Table:
    """EV, the banker's edge three ways, the variance, null and action probabilities."""
    rows: list[tuple[str, Fraction | None, bool]] = [
        ("punter's expected net per unit stake", r.ev, True),
        ("banker's edge per bet settled", r.edge, True),
        ("banker's edge per unit of action", r.edge_per_action, True),
        ("banker's edge per abzug exposed", r.edge_per_abzug, True),
        ("variance of the punter's net", r.variance, False),
        ("expected abzugs exposed", r.expected_abzugs, False),
        ("P(action: money changes hands)", r.action, True),
        ("P(null: the scheme voids the bet)", r.null, True),
    ]
    return Table(
        f"Scheme {r.scheme.name}: {r.scheme.description}",
        ("measure", "exact", "percent"),
        tuple(
            (label, _maybe(v), _maybe_percent(v) if percent else "") for label, v, percent in rows
        ),
    )


def distribution_table(r: SchemeResult) -> Table:
    """The punter's net result per unit stake: value -> exact probability."""
    return Table(
        "Distribution of the punter's net result per unit stake",
        ("net", "probability", "percent"),
        tuple((v, p, percent_str(p)) for v, p in r.distribution.items()),
    )


def scheme_record(r: SchemeResult) -> dict[str, Any]:
    """JSON keys a scheme adds: ``scheme``, ``ev``, ``edge``, ``distribution`` and the rest."""
    return {
        "scheme": r.scheme.name,
        "ev": exact_str(r.ev),
        "edge": exact_str(r.edge),
        "edge_per_action": None if r.edge_per_action is None else exact_str(r.edge_per_action),
        "edge_per_abzug": None if r.edge_per_abzug is None else exact_str(r.edge_per_abzug),
        "variance": exact_str(r.variance),
        "expected_abzugs": exact_str(r.expected_abzugs),
        "action": exact_str(r.action),
        "null": exact_str(r.null),
        "distribution": {exact_str(v): exact_str(p) for v, p in r.distribution.items()},
    }


def schemes_table(schemes: Iterable[Scheme]) -> Table:
    """One line per scheme: name, solvable parameters with their values, description."""
    rows: list[tuple[Cell, ...]] = [
        (
            s.name,
            " ".join(f"{k}={exact_str(v)}" for k, v in s.params.items()) or "-",
            s.description,
        )
        for s in schemes
    ]
    return Table("Payout schemes", ("scheme", "parameters", "rule"), tuple(rows))


def schemes_records(schemes: Iterable[Scheme]) -> list[dict[str, Any]]:
    return [
        {
            "scheme": s.name,
            "parameters": {k: exact_str(v) for k, v in s.params.items()},
            "rule": s.description,
            "source": s.source,
        }
        for s in schemes
    ]


def fair_table(f: FairPayoff) -> Table:
    """The fair value of one parameter and how the EV moves with it."""
    rows: list[tuple[str, Fraction]] = [
        (f"{f.name} in the scheme", f.current),
        ("punter's EV there", f.ev),
        (f"punter's EV at {f.name} = 0", f.ev_at_zero),
        (f"EV change per unit of {f.name}", f.slope),
        (f"fair {f.name} (EV = 0)", f.value),
    ]
    return Table(
        f"Fair payoff: scheme {f.scheme.name}, {f.deal.cards} cards, {f.deal.copies} copies",
        ("quantity", "exact", "decimal"),
        tuple((label, v, decimal_str(v, 6)) for label, v in rows),
    )


def fair_record(f: FairPayoff) -> dict[str, Any]:
    return {
        "scheme": f.scheme.name,
        "cards": f.deal.cards,
        "copies": f.deal.copies,
        "parameter": f.name,
        "current": exact_str(f.current),
        "ev": exact_str(f.ev),
        "ev_at_zero": exact_str(f.ev_at_zero),
        "slope": exact_str(f.slope),
        "fair": exact_str(f.value),
    }
