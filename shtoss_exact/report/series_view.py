"""A plan's result across deals as tables (text, Markdown, CSV) and as a JSON record."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.report.numbers import decimal_str, exact_str, percent_str
from shtoss_exact.report.table import Cell, Table
from shtoss_exact.series_odds import SeriesResult

MAX_TEXT_ROWS = 60
"""Net distributions longer than this are listed in JSON and CSV only."""


def describe(r: SeriesResult) -> str:
    """A one-line title of the set-up."""
    deals = "until the play ends" if r.deals is None else f"{r.deals} deals"
    parts = [f"plan {r.plan.name}", deals, f"initial kush {exact_str(r.plan.kush)}"]
    if r.bankroll is not None:
        parts.append(f"bankroll {exact_str(r.bankroll)}")
    if r.target is not None:
        parts.append(f"target {exact_str(r.target)}")
    parts.append(
        "free kush" if r.free_kush else f"banker's maximum stake {exact_str(r.max_stake or 0)}"
    )
    return "Stakes across deals: " + ", ".join(parts)


MAX_TEXT_DIGITS = 100
"""Exact values longer than this are named, not printed, in text tables (JSON has them)."""


def _readable(value: Fraction) -> Cell:
    text = exact_str(value)
    if len(text) <= MAX_TEXT_DIGITS:
        return value
    return f"({len(text)} characters; exact in --format json)"


def _figures(r: SeriesResult) -> list[tuple[str, Fraction]]:
    rows = [
        ("punter's expected net", r.ev),
        ("variance of the net", r.variance),
        ("P(punter ends ahead)", r.p_ahead),
        ("P(punter ends behind = banker ahead)", r.p_behind),
        ("expected deals played", r.expected_deals),
    ]
    if r.p_ruin is not None:
        rows.append(("P(ruin)", r.p_ruin))
    if r.p_target is not None:
        rows.append(("P(target reached)", r.p_target))
    if r.p_stopped:
        rows.append(("P(the plan stops after a loss)", r.p_stopped))
    if r.mean_series is not None:
        rows.append(("expected length of a series", r.mean_series))
    if r.p_series is not None:
        rows.append((f"P(a series of at least {r.series_length} wins)", r.p_series))
    if r.story is not None:
        story = ", ".join(event.value for event in r.plan.story)
        rows.append((f"P(the story: {story})", r.story))
    return rows


def series_tables(r: SeriesResult) -> list[Table]:
    """The figures, then the net distribution (when short enough to read)."""
    summary = Table(
        describe(r),
        ("quantity", "exact", "decimal"),
        tuple((label, _readable(value), decimal_str(value, 6)) for label, value in _figures(r)),
    )
    if len(r.net) > MAX_TEXT_ROWS:
        note = Table(
            f"The punter's net takes {len(r.net)} values: --format json or csv lists them", (), ()
        )
        return [summary, note]
    return [summary, net_table(r)]


def net_table(r: SeriesResult) -> Table:
    """The punter's net result (the banker's is its negation): value, probability."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (value, _readable(p), percent_str(p)) for value, p in r.net.items()
    )
    return Table(
        "The punter's net result (the banker's is its negation)",
        ("net", "probability", "percent"),
        rows,
    )


def series_csv_table(r: SeriesResult) -> Table:
    """One row per value of the punter's net."""
    return Table("", ("net", "probability"), tuple((v, p) for v, p in r.net.items()))


def _optional(value: Fraction | None) -> str | None:
    return None if value is None else exact_str(value)


def series_record(r: SeriesResult) -> dict[str, Any]:
    """A JSON-ready record; exact values as strings, ``net`` maps value -> probability."""
    record: dict[str, Any] = {
        "plan": r.plan.name,
        "deals": r.deals,
        "kush": exact_str(r.plan.kush),
        "bankroll": _optional(r.bankroll),
        "target": _optional(r.target),
        "max_stake": _optional(r.max_stake),
        "free_kush": r.free_kush,
        "net": {exact_str(v): exact_str(p) for v, p in r.net.items()},
        "ev": exact_str(r.ev),
        "variance": exact_str(r.variance),
        "p_ahead": exact_str(r.p_ahead),
        "p_behind": exact_str(r.p_behind),
        "expected_deals": exact_str(r.expected_deals),
        "p_stopped": exact_str(r.p_stopped),
        "mean_series_length": _optional(r.mean_series),
        "banker": {
            "ev": exact_str(-r.ev),
            "variance": exact_str(r.variance),
            "p_ahead": exact_str(r.p_behind),
            "p_behind": exact_str(r.p_ahead),
        },
        "states": r.states,
    }
    if r.p_ruin is not None:
        record["p_ruin"] = exact_str(r.p_ruin)
    if r.p_target is not None:
        record["p_target"] = exact_str(r.p_target)
    if r.p_series is not None:
        record["series"] = {"length": r.series_length, "p_at_least": exact_str(r.p_series)}
    if r.story is not None:
        record["story"] = {
            "events": [event.value for event in r.plan.story],
            "probability": exact_str(r.story),
        }
    record["float"] = {
        key: float(decimal_str(value, 12))
        for key, value in (
            ("ev", r.ev),
            ("p_ahead", r.p_ahead),
            ("expected_deals", r.expected_deals),
        )
    }
    return record
