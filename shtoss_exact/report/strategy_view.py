"""The optimal stakes, rendered from their record (``OptimalPlay.to_dict()``): text,
Markdown, CSV."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.numbers import decimal_str
from shtoss_exact.report.table import Cell, Table

MAX_TEXT_DIGITS = 100
"""Exact values longer than this are named, not printed, in text tables (JSON has them)."""

PLACES = 6
"""Decimal places of the values in the table of every bankroll."""

_GOALS = {
    "reach": N_("P(reach the target)"),
    "stay": N_("expected deals before ruin or target"),
}


def describe(record: dict[str, Any]) -> str:
    """A one-line title of the problem in the game's words."""
    aim = _("reach the target") if record["objective"] == "reach" else _("stay at the table")
    cards = record["cards"]
    if record["one_deck"]:
        deck = ngettext(
            "{count} card in the one-deck game", "{count} cards in the one-deck game", cards
        )
    else:
        deck = ngettext(
            "{count} card in the banker's deck", "{count} cards in the banker's deck", cards
        )
    card = "" if record["card"] is None else _(", punter's card {card}").format(card=record["card"])
    if record["max_stake"] is None:
        stake = _("free kush")
    else:
        stake = _("banker's maximum stake {stake}").format(stake=record["max_stake"])
    return _(
        "The best a punter can do: bankroll {bankroll}, target {target} (units of the "
        "initial kush), to {aim}; scheme {scheme}, {deck}{card}, {stake}"
    ).format(
        bankroll=record["bankroll"], target=record["target"], aim=aim,
        scheme=record["scheme"], deck=deck.format(count=cards), card=card, stake=stake,
    )  # fmt: skip


def stakes_str(stakes: list[int]) -> str:
    """Stakes as runs: ``1..3, 5``.

    >>> stakes_str([1, 2, 3, 5]), stakes_str([7])
    ('1..3, 5', '7')
    """
    runs: list[list[int]] = []
    for stake in stakes:
        if runs and stake == runs[-1][1] + 1:
            runs[-1][1] = stake
        else:
            runs.append([stake, stake])
    return ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in runs)


def _stakes_cell(stakes: list[int]) -> Cell:
    # A lone stake stays an int: a count of units, given no decimal column.
    return stakes[0] if len(stakes) == 1 else stakes_str(stakes)


def _readable(text: str | None) -> Cell:
    if text is None:
        return _("not computed (too large)")
    if len(text) <= MAX_TEXT_DIGITS:
        return text
    return _("({count} characters; exact in --format json)").format(count=len(text))


def _decimal(text: str | None) -> str:
    return "" if text is None else decimal_str(Fraction(text), PLACES)


def strategy_tables(record: dict[str, Any]) -> list[Table]:
    """The value and stakes at the punter's bankroll, the plans compared, then the best
    stakes and value at every bankroll."""
    goal = _(_GOALS[record["objective"]])
    value = _readable(record["value"]), _decimal(record["value"])
    rows: list[tuple[Cell, ...]] = [
        (_("{goal} with the best stakes").format(goal=goal), *value),
        (_("the best stakes now"), stakes_str(record["stakes"]), ""),
    ]
    if record["objective"] == "reach":
        bank = Fraction(record["target"]) - Fraction(record["bankroll"])
        side = _("the banker's side: P(this punter breaks a bank of {bank})")
        rows.append((side.format(bank=bank), *value))
    tables = [Table(describe(record), ("quantity", "exact", "decimal"), tuple(rows))]
    if record["compare"]:
        tables.append(
            Table(
                _("Against the named plans: {goal}").format(goal=goal),
                ("plan", "exact", "decimal"),
                tuple(
                    (c["plan"], _readable(c["value"]), _decimal(c["value"]))
                    for c in record["compare"]
                ),
            )
        )
    tables.append(
        Table(
            _(
                "The best stakes at every bankroll (all of them where they tie), {goal} to "
                "{places} places; exact in --format json or csv"
            ).format(goal=goal, places=PLACES),
            ("bankroll", "stakes", "value"),
            tuple(
                (p["bankroll"], _stakes_cell(p["stakes"]), _decimal(p["value"]))
                for p in record["policy"]
            ),
        )
    )
    return tables


def strategy_csv(record: dict[str, Any]) -> Table:
    """One row per bankroll: the bankroll, every optimal stake (space-separated), the
    exact value."""
    return Table(
        "",
        ("bankroll", "stakes", "value"),
        tuple(
            (p["bankroll"], " ".join(str(s) for s in p["stakes"]), p["value"])
            for p in record["policy"]
        ),
    )
