"""The plot ``series``: the punter's net result after a plan over several deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.plots.figures import deck_words, net_bars

if TYPE_CHECKING:
    from shtoss_exact.plans.result import SeriesResult

LIMITS = (
    ("bankroll", N_("bankroll {value}")),
    ("target", N_("target {value}")),
    ("max_stake", N_("banker's maximum stake {value}")),
)
"""The series' limits shown in the title: the result's attribute, and its words."""


def draw(result: SeriesResult, ax: Any) -> None:
    """Bars of the punter's net result of ``result`` against its exact probability."""
    net_bars(ax, result.net, who="punter")
    if result.deals is None:
        length = _("until ruin or target")
    else:
        length = ngettext("{count} deal", "{count} deals", result.deals).format(count=result.deals)
    limits = [
        _(words).format(value=getattr(result, name))
        for name, words in LIMITS
        if getattr(result, name) is not None
    ]
    deal = result.deal
    ax.set_title(
        _("A series: the punter's net result, plan {plan}, {length}").format(
            plan=result.plan.name, length=length
        )
        + "\n"
        + _("kush {kush}{limits}; {scheme} scheme, {deck}").format(
            kush=result.plan.kush,
            limits="".join(", " + limit for limit in limits),
            scheme=result.scheme,
            deck=deck_words(deal.cards, one_deck=deal.one_deck),
        ),
        fontsize=11,
    )
    ax.set_xlabel(_("punter's net result after the series (the banker's is its negative)"))
