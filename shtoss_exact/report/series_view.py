"""A plan's result across deals, rendered from its record (``SeriesResult.to_dict()``):
text, Markdown, CSV.

Exact values longer than ``MAX_TEXT_DIGITS`` characters are named by their length in
text tables (``--format json`` has them in full); the decimals beside them come from
the record's floats.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.i18n import _, ngettext
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
    if record["deals"] is None:
        deals = _("until the play ends")
    else:
        count = record["deals"]
        deals = ngettext("{count} deal", "{count} deals", count).format(count=count)
    parts = [_("plan {plan}").format(plan=record["plan"]), deals]
    parts.append(_("initial kush {kush}").format(kush=record["kush"]))
    if record["bankroll"] is not None:
        parts.append(_("bankroll {bankroll}").format(bankroll=record["bankroll"]))
    if record["target"] is not None:
        parts.append(_("target {target}").format(target=record["target"]))
    stake = record["max_stake"]
    if stake is None:
        parts.append(_("free kush"))
    else:
        parts.append(_("banker's maximum stake {stake}").format(stake=stake))
    cards = record["cards"]
    if record["one_deck"]:
        deck = ngettext(
            "{count} card in the one-deck game", "{count} cards in the one-deck game", cards
        )
    else:
        deck = ngettext(
            "{count} card in the banker's deck", "{count} cards in the banker's deck", cards
        )
    return _("Stakes across deals: {parts}; scheme {scheme}, {deck}").format(
        parts=", ".join(parts), scheme=record["scheme"], deck=deck.format(count=cards)
    )


def _readable(text: str) -> Cell:
    if len(text) <= MAX_TEXT_DIGITS:
        return text
    return _("({count} characters; exact in --format json)").format(count=len(text))


def _decimal(value: float | None) -> str:
    return "" if value is None else f"{value:.6f}"


def _figures(record: dict[str, Any]) -> list[tuple[str, str]]:
    rows = [
        (_("punter's expected net"), "ev"),
        (_("variance of the net"), "variance"),
        (_("P(punter ends ahead: net > 0)"), "punter"),
        (_("P(banker ends ahead: net < 0)"), "banker"),
        (_("P(even: net = 0)"), "null"),
        (_("expected deals played"), "expected_deals"),
    ]
    ends = []
    if record["bankroll"] is not None:
        ends.append((_("P(ruined: the bankroll fell below the kush)"), "p_ruin"))
    if record["target"] is not None:
        ends.append((_("P(the bankroll reached the target)"), "p_target"))
    if record["p_stopped"] != "0":
        ends.append((_("P(the plan stopped after a loss)"), "p_stopped"))
    if ends and record["deals"] is not None:
        ends.append((_("P(still playing after the deals)"), "p_playing"))
    rows += ends
    if record["expected_series"] is not None:
        rows.append((_("expected length of a series once begun"), "expected_series"))
    if record["p_series"] is not None:
        length = record["series_length"]
        series = ngettext(
            "P(a series of at least {count} win)", "P(a series of at least {count} wins)", length
        )
        rows.append((series.format(count=length), "p_series"))
    if record["p_story"] is not None:
        story = ", ".join(record["story"])
        rows.append((_("P(the story: {story})").format(story=story), "p_story"))
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
            _(
                "The punter's net takes more than {count} values: --format json or csv lists them"
            ).format(count=MAX_TEXT_ROWS),
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
        _("The punter's net result (the banker's is its negation)"),
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
