"""The plot ``series``: the punter's net result after a plan over several deals."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Deal
from shtoss_exact.report.plots.figures import net_bars
from shtoss_exact.schemes.scheme import SchemeArgument

if TYPE_CHECKING:
    from shtoss_exact.plans.catalog import Plan


def series_plot(
    axes: Any,
    *,
    plan: Plan | str = "flat",
    deals: int | None = None,
    scheme: SchemeArgument = "classic",
    deal: Deal | None = None,
    bankroll: Fraction | int | None = None,
    target: Fraction | int | None = None,
    max_stake: Fraction | int | None = None,
    kush: Fraction | int | None = None,
) -> None:
    # Options as those of ``shtoss_exact.plans.series.series``.
    from shtoss_exact.deck import make_deal
    from shtoss_exact.plans.series import series

    the_deal = make_deal() if deal is None else deal
    result = series(
        plan,
        deals=deals,
        scheme=scheme,
        deal=the_deal,
        bankroll=bankroll,
        target=target,
        max_stake=max_stake,
        kush=kush,
    )
    net_bars(axes, result.net, who="punter", others="banker")
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
    game = "one-deck game" if the_deal.one_deck else "banker's deck"
    scheme_name = result.scheme
    axes.set_title(
        f"A series: the punter's net result, plan {result.plan.name}, {length}\n"
        f"kush {result.plan.kush}{''.join(', ' + limit for limit in limits)}; "
        f"{scheme_name} scheme, {the_deal.cards} cards in the {game}",
        fontsize=11,
    )
    axes.set_xlabel("punter's net result after the series (the banker's is its negative)")
