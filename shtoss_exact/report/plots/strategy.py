"""The ``strategy`` plot: the optimal value and every optimal stake against the bankroll.

Drawn from an ``OptimalPlay`` (``optimal_play(...).plot()``): its exact values are
turned into floats only to draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shtoss_exact.i18n import _
from shtoss_exact.report.numbers import decimal_str

if TYPE_CHECKING:
    from shtoss_exact.strategy.play import OptimalPlay

VALUE, STAKE, BOLD = "#2a7f62", "#b2443a", "#8c8c8c"
"""Colours: the optimal value, the optimal stakes, bold play's stakes."""


def draw(result: OptimalPlay, ax: Any) -> None:
    """The optimal value of ``result`` and every optimal stake against the bankroll, with
    bold play's stake beside them (``reach``); the punter's bankroll is marked."""
    axes = ax
    reach = result.objective.value == "reach"
    xs = [float(x) for x in result.values]
    axes.plot(
        xs,
        [float(v) for v in result.values.values()],
        color=VALUE,
        marker="o",
        markersize=2,
        linewidth=1.2,
        label=_("P(reach the target), best stakes") if reach else _("expected deals, best stakes"),
    )
    axes.set_xlabel(_("the punter's bankroll (units of the initial kush)"))
    axes.set_ylabel(
        _("P(reach the target)") if reach else _("expected deals before ruin or target")
    )
    axes.set_ylim(bottom=0)
    axes.grid(alpha=0.3)
    stakes = axes.twinx()
    points = [(float(x), s) for x, tied in result.policy.items() for s in tied]
    stakes.scatter(
        [x for x, _ in points],
        [s for _, s in points],
        s=6,
        color=STAKE,
        label=_("optimal stakes (every one where they tie)"),
    )
    if reach:
        stakes.plot(
            xs, bold_stakes(result), color=BOLD, linestyle="--", linewidth=1.0,
            label=_("bold play's stake"),
        )  # fmt: skip
    stakes.set_ylabel(_("stake (units)"))
    stakes.set_ylim(bottom=0)
    axes.axvline(float(result.bankroll), color="black", linewidth=0.6, linestyle=":")
    handles = axes.get_legend_handles_labels()
    more = stakes.get_legend_handles_labels()
    axes.legend(handles[0] + more[0], handles[1] + more[1], loc="upper left", fontsize=9)
    if result.max_stake is None:
        kush = _("free kush")
    else:
        kush = _("maximum stake {stake}").format(stake=result.max_stake)
    measure = _("P(reach)") if reach else _("expected deals")
    axes.set_title(
        _("The best a punter can do: target {target}, {scheme} scheme, {kush}").format(
            target=result.target, scheme=result.scheme.name, kush=kush
        )
        + "\n"
        + _("from a bankroll of {bankroll}: {measure} = {value}, stake {stakes}").format(
            bankroll=result.bankroll,
            measure=measure,
            value=decimal_str(result.value, 6),
            stakes=", ".join(str(s) for s in result.stakes),
        ),
        fontsize=11,
    )


def bold_stakes(result: OptimalPlay) -> list[int]:
    """Bold play's stake at every bankroll of ``result`` (as ``strategy_solve`` plays it).

    >>> from shtoss_exact.strategy.play import optimal_play
    >>> bold_stakes(optimal_play(bankroll=1, target=5, plans=()))
    [1, 2, 2, 1]
    """
    from shtoss_exact.plans.series import deal_outcomes
    from shtoss_exact.strategy.solve import bankroll_grid

    outcomes = deal_outcomes(result.deal, result.scheme)
    g = bankroll_grid(
        (outcomes.denominator, outcomes.counts),
        bankroll=result.bankroll,
        target=result.target,
        max_stake=result.max_stake,
    )
    return g.bold()
