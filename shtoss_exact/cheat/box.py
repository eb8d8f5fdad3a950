"""The two-card box (Maskelyne, *Sharps and Flats*, 1894, ch. VIII; the «спуск» of
Stoss): before each card leaves the box the dealer knows that card, and that card only;
at most ``takes`` times a deal he takes it out unseen together with the visible one,
and the slot it would have filled goes to the card after it.

The banker's best use of it is an expectimax over the bet's state. With ``n`` cards
left, ``m`` copies among them, the next slot ``p`` and ``k`` takes left, the next card
is a copy for C(n-1, m-1) of the C(n, m) orders and another card for C(n-1, m)::

    B(n, m, p, k) = sum over the next card x of
                    min( F(x; n-1, m-x, p, k),                          let it fall
                         sum over the card after, y, of F(y; n-2, m-x-y, p, k-1) )  take it

where ``F`` places a card in slot ``p`` (``walk.Walk.fill``) and continues with ``B``;
values are the punter's payoff times the orders of the cards left, so the two options
of a branch are counted over the same orders. With no take it is the honest deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shtoss_exact.cheat.start import orders
from shtoss_exact.cheat.walk import COPY, OTHER, Walk, cheat_result

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case
    from shtoss_exact.cheat.start import CheatResult
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["two_card_box"]


class _Box(Walk):
    def value(self, cards: int, copies: int, position: int, takes: int, lob_copy: bool,
              top: int | None) -> int:  # fmt: skip
        key = (cards, copies, position, takes, lob_copy)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0
        for card in (COPY, OTHER):
            left = copies - card
            if not orders(cards - 1, left):
                continue
            fall = self.fill(card, cards - 1, left, position, takes, lob_copy)
            best = fall
            if takes and cards >= 2:
                take = sum(
                    self.fill(after, cards - 2, left - after, position, takes - 1, lob_copy)
                    for after in (COPY, OTHER)
                    if orders(cards - 2, left - after)
                )
                if take < fall:
                    best = take
                    self.choose((*key, card), {
                        "cards_left": cards, "copies_left": copies, "takes": takes,
                        "slot": self.slot(position, lob_copy),
                        "next_card": "copy" if card == COPY else "other",
                    })  # fmt: skip
            total += best
        self.memo[key] = total
        return total


def two_card_box(
    rank: str,
    *,
    takes: int = 1,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> CheatResult:
    """The banker's edge against one bet on ``rank`` left until decided, with a
    two-card box and at most ``takes`` takes a deal, from the start (the soda shown) or
    from the cards ``seen`` or a ``case``; ``policy`` lists the states where he takes.

    >>> two_card_box("7", takes=0).edge  # honest Faro: odds --scheme faro
    Fraction(101, 4998)
    >>> two_card_box("7", takes=1).edge
    Fraction(10209, 20825)
    """
    return cheat_result("box", _Box, rank, takes, game=game, scheme=scheme, deck=deck,
                        seen=seen, case=case)  # fmt: skip
