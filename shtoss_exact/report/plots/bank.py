"""The plot ``bank``: the banker's net result over several bets in one deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from shtoss_exact.report.plots.figures import net_bars

if TYPE_CHECKING:
    from shtoss_exact.banks.odds import Bet


def _bets_text(bets: Sequence[Bet], *, most: int = 6) -> str:
    shown = ", ".join(str(b) for b in bets[:most])
    return shown + (f" and {len(bets) - most} more" if len(bets) > most else "")


def bank_plot(
    axes: Any,
    *,
    bets: Sequence[Bet | str],
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
) -> None:
    # Options as those of ``shtoss_exact.banks.odds.bank``.
    from shtoss_exact.banks.odds import bank

    result = bank(bets, deck=deck, cards=cards, copies=copies, one_deck=one_deck)
    net_bars(axes, result.banker_net, who="banker", others="punters")
    game = "one-deck game" if result.as_played.one_deck else "banker's deck"
    count = len(result.bets)
    axes.set_title(
        f"The bank: the banker's net result when one deal decides {count} "
        f"{'bet' if count == 1 else 'bets'}\n"
        f"{result.as_played.cards} cards in the {game}; stakes {_bets_text(result.bets)}",
        fontsize=11,
    )
    axes.set_xlabel("banker's net result (stakes won minus stakes paid)")
