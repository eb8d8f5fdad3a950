"""The plot ``series``: the punter's net result after a plan over several deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shtoss_exact.report.plots.figures import net_bars

if TYPE_CHECKING:
    from shtoss_exact.plans.result import SeriesResult


def draw(result: SeriesResult, ax: Any) -> None:
    """Bars of the punter's net result of ``result`` against its exact probability."""
    net_bars(ax, result.net, who="punter", others="banker")
    length = "until ruin or target" if result.deals is None else f"{result.deals} deals"
    limits = [
        f"{name} {value}"
        for name, value in (
            ("bankroll", result.bankroll),
            ("target", result.target),
            ("banker's maximum stake", result.max_stake),
        )
        if value is not None
    ]
    deal = result.deal
    game = "one-deck game" if deal.one_deck else "banker's deck"
    ax.set_title(
        f"A series: the punter's net result, plan {result.plan.name}, {length}\n"
        f"kush {result.plan.kush}{''.join(', ' + limit for limit in limits)}; "
        f"{result.scheme} scheme, {deal.cards} cards in the {game}",
        fontsize=11,
    )
    ax.set_xlabel("punter's net result after the series (the banker's is its negative)")
