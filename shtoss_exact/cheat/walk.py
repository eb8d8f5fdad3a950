"""The walk shared by the cheats: a card of the punter's rank (a *copy*) or another
card filling the next slot, and how that settles the bet or hands the rest of the deal
on.

Slots alternate from position 1: odd the lob (the banker's card, Faro's loser), even
the sonik (the punter's card, the winner). A copy on a lob kills the bet unless the
sonik is a copy too (a plié, Faro's split); a copy on a sonik is given; the last card
of the box alone on a lob is a lob only. A value is an integer: the punter's payoff
times ``Payoffs.scale`` times the orders of the cards not yet seen by the dealer, so
that the banker's choices compare values over the same orders and chance adds them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.cheat.start import (
    CheatResult,
    Payoffs,
    check_states,
    check_takes,
    orders,
    start_of,
)
from shtoss_exact.engine import Kind

if TYPE_CHECKING:
    from shtoss_exact.cheat.start import Start

COPY, OTHER = 1, 0
"""A card's class: a copy of the punter's rank, or another card."""

SLOT_WORDS = {"two-deck": ("lob", "sonik", "plie")}
"""The slot a card fills, in the game's words: lob, sonik, or the sonik after a copy
on the lob (a copy there makes a plié); Faro's family says loser, winner, split."""

FARO_SLOTS = ("loser", "winner", "split")


class Walk:
    """A cheat's recursion on one deck: subclasses give ``value`` (the state before
    the next card is dealt) and ``seen_scale`` (the orders a value is counted over)."""

    def __init__(self, start: Start, *, takes: int, game: str, shortest: int) -> None:
        self.cards, self.copies, self.takes = start.cards, start.copies, takes
        self.payoffs = Payoffs(start.scheme, cards=start.cards, shortest=shortest)
        self.memo: dict[tuple[int, ...], int] = {}
        self.slots = SLOT_WORDS.get(game, FARO_SLOTS)
        self.chosen: dict[tuple[int, ...], dict[str, Any]] = {}

    # --- subclasses ------------------------------------------------------------------

    def value(self, cards: int, copies: int, position: int, takes: int, lob_copy: bool,
              top: int | None) -> int:  # fmt: skip
        raise NotImplementedError

    def seen_scale(self, cards: int, copies: int, top: int | None) -> int:
        """The orders of ``cards`` left a value counts (the known top card excepted)."""
        if top is None or cards == 0:
            return orders(cards, copies)
        return orders(cards - 1, copies - top)

    # --- shared ----------------------------------------------------------------------

    def fill(self, card: int, rest: int, copies: int, position: int, takes: int,
             lob_copy: bool, top: int | None = None) -> int:  # fmt: skip
        """A card of class ``card`` fills slot ``position``; ``rest`` cards (``copies``
        copies) stay in the box, ``top`` the class of its top card if the dealer knows
        it. The deal's length as dealt is ``position + rest``."""
        length = position + rest
        if position % 2:  # a lob
            if card == COPY and rest == 0:
                return self.payoffs.outcome(Kind.KILLED, position, length)
            return self.after(rest, copies, position + 1, takes, card == COPY, top)
        scale = self.seen_scale(rest, copies, top)
        if lob_copy:
            # A copy on a dead last card (the hock) pairs with nothing: the lob killed.
            plie = card == COPY and not (rest == 0 and self.payoffs.dead_last(length))
            kind = Kind.PLIE if plie else Kind.KILLED
            return self.payoffs.outcome(kind, position - 1, length) * scale
        if card == COPY:
            return self.payoffs.outcome(Kind.GIVEN, position, length) * scale
        return self.after(rest, copies, position + 1, takes, False, top)

    def after(self, cards: int, copies: int, position: int, takes: int, lob_copy: bool,
              top: int | None) -> int:  # fmt: skip
        if cards == 0 or (copies == 0 and not lob_copy):
            return 0  # no copy left: the bet is never decided
        return self.value(cards, copies, position, takes, lob_copy, top)

    def slot(self, position: int, lob_copy: bool) -> str:
        return self.slots[2 if lob_copy else (0 if position % 2 else 1)]

    def choose(self, key: tuple[int, ...], row: dict[str, Any]) -> None:
        """Note a state where the banker cheats (strictly gaining by it)."""
        self.chosen.setdefault(key, row)

    def edge(self, total: int) -> Fraction:
        """The banker's edge from the value of the whole deck."""
        return Fraction(-total, self.payoffs.scale * orders(self.cards, self.copies))

    def policy(self) -> tuple[dict[str, Any], ...]:
        return tuple(self.chosen[key] for key in sorted(self.chosen, reverse=True))

    def run(self) -> int:
        """The value of the whole deck, the banker using his cheat at best."""
        if self.copies == 0:
            return 0
        return self.value(self.cards, self.copies, 1, self.takes, False, None)


STATES_PER_CARD = {"box": 2, "seconds": 4, "swap": 1}
"""States of a cheat's recursion per (card, copies, takes): the slot's plié flag, and
for seconds the known top card's class too."""


def walk_of(cheat: str, walker: type[Walk], start: Start, *, takes: int, game: str) -> Walk:
    """The recursion of ``cheat`` on one deck, its cost checked first."""
    check_states(
        start.cards * (start.copies + 1) * (takes + 1) * STATES_PER_CARD[cheat],
        start.cards,
        what=f"{cheat} over {start.cards} cards with {takes} takes",
    )
    shortest = start.cards - takes if cheat == "box" else start.cards
    return walker(start, takes=takes, game=game, shortest=shortest)


def cheat_result(cheat: str, walker: type[Walk], rank: str, takes: int, **where: Any
                 ) -> CheatResult:  # fmt: skip
    """The record of ``cheat`` against a bet on ``rank``: its edge over every deck the
    bet may be played on (one, or several while the soda is due), the honest edge."""
    from shtoss_exact.cheat.honest import honest_edge

    chosen = check_takes(takes)
    state, parts = start_of(rank, **where)
    edge = Fraction(0)
    policy: tuple[dict[str, Any], ...] = ()
    for part in parts:
        walk = walk_of(cheat, walker, part, takes=chosen, game=state.game.name)
        edge += part.weight * walk.edge(walk.run())
        if len(parts) == 1:
            policy = walk.policy()
    return CheatResult(
        cheat=cheat,
        game=state.game.name,
        rank=rank,
        cards_left=state.cards_left,
        copies_left=state.copies_left(rank),
        takes=chosen,
        edge=edge,
        honest_edge=honest_edge(parts),
        policy=policy,
    )
