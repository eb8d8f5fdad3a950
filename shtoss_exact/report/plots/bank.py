"""The plot ``bank``: the banker's net result over several bets in one deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shtoss_exact.report.plots.figures import net_bars

if TYPE_CHECKING:
    from shtoss_exact.banks.odds import Bank, Bet


def _bets_text(bets: Sequence[Bet], *, most: int = 6) -> str:
    shown = ", ".join(str(b) for b in bets[:most])
    return shown + (f" and {len(bets) - most} more" if len(bets) > most else "")


def draw(bank: Bank, ax: Any) -> None:
    """Bars of the banker's net result of ``bank`` against its exact probability."""
    net_bars(ax, bank.banker_net, who="banker", others="punters")
    game = "one-deck game" if bank.as_played.one_deck else "banker's deck"
    count = len(bank.bets)
    ax.set_title(
        f"The bank: the banker's net result when one deal decides {count} "
        f"{'bet' if count == 1 else 'bets'}\n"
        f"{bank.as_played.cards} cards in the {game}; stakes {_bets_text(bank.bets)}",
        fontsize=11,
    )
    ax.set_xlabel("banker's net result (stakes won minus stakes paid)")
