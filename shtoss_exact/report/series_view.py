"""A plan's result across deals, rendered from its record (``SeriesResult.to_dict()``):
text, Markdown, CSV.

Exact values longer than ``MAX_TEXT_DIGITS`` characters are named by their length in
text tables (``--format json`` has them in full); the decimals beside them come from
the record's floats.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.report.numbers import percent_str
from shtoss_exact.report.table import Cell, Table

if TYPE_CHECKING:
    from shtoss_exact.plans.result import SeriesResult

MAX_TEXT_ROWS = 60
"""Net distributions longer than this are listed in JSON and CSV only."""

MAX_TEXT_DIGITS = 100
"""Exact values longer than this are named, not printed, in text tables."""


def shows_net(result: SeriesResult, fmt: str) -> bool:
    """Whether the output in ``fmt`` lists the net distribution (JSON and CSV always;
    tables when it is short enough to read)."""
    return fmt in ("json", "csv") or len(result.net) <= MAX_TEXT_ROWS


def describe(record: dict[str, Any]) -> str:
    """A one-line title of the set-up."""
    deals = "until the play ends" if record["deals"] is None else f"{record['deals']} deals"
    parts = [f"plan {record['plan']}", deals, f"initial kush {record['kush']}"]
    if record["bankroll"] is not None:
        parts.append(f"bankroll {record['bankroll']}")
    if record["target"] is not None:
        parts.append(f"target {record['target']}")
    stake = record["max_stake"]
    parts.append("free kush" if stake is None else f"banker's maximum stake {stake}")
    game = "one-deck game" if record["one_deck"] else "banker's deck"
    return (
        f"Stakes across deals: {', '.join(parts)}; scheme {record['scheme']}, "
        f"{record['cards']} cards in the {game}"
    )


def _readable(text: str) -> Cell:
    if len(text) <= MAX_TEXT_DIGITS:
        return text
    return f"({len(text)} characters; exact in --format json)"


def _decimal(value: float | None) -> str:
    return "" if value is None else f"{value:.6f}"


def _figures(record: dict[str, Any]) -> list[tuple[str, str]]:
    rows = [
        ("punter's expected net", "ev"),
        ("variance of the net", "variance"),
        ("P(punter ends ahead: net > 0)", "punter"),
        ("P(banker ends ahead: net < 0)", "banker"),
        ("P(even: net = 0)", "null"),
        ("expected deals played", "expected_deals"),
    ]
    ends = []
    if record["bankroll"] is not None:
        ends.append(("P(ruined: the bankroll fell below the kush)", "p_ruin"))
    if record["target"] is not None:
        ends.append(("P(the bankroll reached the target)", "p_target"))
    if record["p_stopped"] != "0":
        ends.append(("P(the plan stopped after a loss)", "p_stopped"))
    if ends and record["deals"] is not None:
        ends.append(("P(still playing after the deals)", "p_playing"))
    rows += ends
    if record["expected_series"] is not None:
        rows.append(("expected length of a series once begun", "expected_series"))
    if record["p_series"] is not None:
        rows.append((f"P(a series of at least {record['series_length']} wins)", "p_series"))
    if record["p_story"] is not None:
        rows.append((f"P(the story: {', '.join(record['story'])})", "p_story"))
    return rows


def series_tables(record: dict[str, Any]) -> list[Table]:
    """The figures, then the net distribution (when the record lists it)."""
    floats = record["float"]
    summary = Table(
        describe(record),
        ("quantity", "exact", "decimal"),
        tuple(
            (label, _readable(record[key]), _decimal(floats[key]))
            for label, key in _figures(record)
        ),
    )
    if "net" not in record:
        note = Table(
            f"The punter's net takes more than {MAX_TEXT_ROWS} values: --format json or csv "
            "lists them",
            (),
            (),
        )
        return [summary, note]
    return [summary, net_table(record)]


def net_table(record: dict[str, Any]) -> Table:
    """The punter's net result (the banker's is its negation): value, probability."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            _readable(d["value"]),
            _readable(d["probability"]),
            percent_str(_approximate(d["probability"])),
        )
        for d in record["net"]
    )
    return Table(
        "The punter's net result (the banker's is its negation)",
        ("net", "probability", "percent"),
        rows,
    )


def series_csv(record: dict[str, Any]) -> Table:
    """One row per value of the punter's net."""
    return Table(
        "", ("net", "probability"), tuple((d["value"], d["probability"]) for d in record["net"])
    )


def _approximate(text: str) -> Fraction:
    """An exact string ``p/q`` as a fraction, exactly when short; from its leading 30
    digits when long (a percent needs no more, and long digits are never parsed)."""
    if len(text) <= 1000:
        return Fraction(text)
    head, _, tail = text.partition("/")

    def lead(digits: str) -> Fraction:
        sign = -1 if digits.startswith("-") else 1
        digits = digits.lstrip("-")
        return sign * Fraction(int(digits[:30])) * Fraction(10) ** (len(digits) - 30)

    value = lead(head)
    return value / lead(tail) if tail else value
