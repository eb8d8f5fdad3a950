"""The plot ``bank``: the banker's net result over several bets in one deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shtoss_exact.i18n import _, ngettext
from shtoss_exact.report.plots.figures import deck_words, net_bars

if TYPE_CHECKING:
    from shtoss_exact.banks.odds import Bank, Bet


def _bets_text(bets: Sequence[Bet], *, most: int = 6) -> str:
    shown = ", ".join(str(b) for b in bets[:most])
    if len(bets) <= most:
        return shown
    rest = len(bets) - most
    return shown + ngettext(" and {count} more", " and {count} more", rest).format(count=rest)


def draw(bank: Bank, ax: Any) -> None:
    """Bars of the banker's net result of ``bank`` against its exact probability."""
    net_bars(ax, bank.banker_net, who="banker")
    count = len(bank.bets)
    decides = ngettext(
        "The bank: the banker's net result when one deal decides {count} bet",
        "The bank: the banker's net result when one deal decides {count} bets",
        count,
    )
    deal = bank.as_played
    ax.set_title(
        decides.format(count=count)
        + "\n"
        + _("{deck}; stakes {bets}").format(
            deck=deck_words(deal.cards, one_deck=deal.one_deck), bets=_bets_text(bank.bets)
        ),
        fontsize=11,
    )
    ax.set_xlabel(_("banker's net result (stakes won minus stakes paid)"))
