"""Every bet of a deal in progress, exactly: on a rank (open or coppered, staying or for
one turn), high card, and calling the turn.

A bet that stays on a rank with ``c`` copies among the ``n`` cards left is the engine's
one-bet question on that deck (``settlement_counts`` of ``Deal(n, c)`` under the game's
scheme read from where the deal is). A *one-turn* bet is decided by the next turn
alone, counted over its n(n - 1) ordered pairs of cards:

* a copy is the loser alone in c(n - c) of them, the winner alone in (n - c) c;
* both cards are copies (a split) in c(c - 1); neither in (n - c)(n - c - 1), and the
  stake comes back.

*High card* bets that the turn's winner outranks its loser; a pair is a push. Any two
cards are as likely in one order as in the other, so it wins exactly as often as it
loses: its expected value is 0 in every state. *Calling the turn* names the order of
the last three cards (loser, winner, hock): one of the 3!/(multiplicities!) orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from shtoss_exact.case.rules import BetKind, Side, side_payoff, turn_settlements
from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind
from shtoss_exact.frozen import dataclass
from shtoss_exact.numbers import exact_str
from shtoss_exact.records import Record
from shtoss_exact.schemes.parts import Settlement
from shtoss_exact.schemes.scheme import Scheme
from shtoss_exact.schemes.settlement import settlement_counts

ZERO = Fraction(0)


@dataclass(frozen=True)
class CardOdds:
    """The probabilities of one bet of a case by its rank's card, and its expected value
    per unit staked (by the payoff).

    ``win`` / ``lose``: its rank falls on the side it backs / the other side (for a
    coppered bet the loser is its side); ``split``: both cards of the deciding turn
    are of its rank; ``dead``: its rank falls on a dead card (the soda, the hock, a
    null last card); ``action``: money changes hands.
    """

    win: Fraction = ZERO
    lose: Fraction = ZERO
    split: Fraction = ZERO
    dead: Fraction = ZERO
    action: Fraction = ZERO
    ev: Fraction = ZERO

    def scaled(self, weight: Fraction) -> CardOdds:
        return CardOdds(*(weight * value for value in self._values()))

    def plus(self, other: CardOdds) -> CardOdds:
        return CardOdds(*(a + b for a, b in zip(self._values(), other._values(), strict=True)))

    def _values(self) -> tuple[Fraction, ...]:
        return (self.win, self.lose, self.split, self.dead, self.action, self.ev)


def mix(parts: Iterable[tuple[Fraction, CardOdds]]) -> CardOdds:
    """The odds of a mixture: ``(probability, odds)`` parts whose probabilities sum to 1.

    >>> mix([(Fraction(1, 2), CardOdds(win=Fraction(1))), (Fraction(1, 2), CardOdds())]).win
    Fraction(1, 2)
    """
    items = list(parts)
    if len(items) == 1 and items[0][0] == 1:  # the soda known: no mixture
        return items[0][1]
    total = CardOdds()
    for weight, odds in items:
        total = total.plus(odds.scaled(weight))
    return total


DEAD = CardOdds(dead=Fraction(1))
"""A bet whose rank has no copy left after the soda: its stake comes back."""


def _reduce(items: Iterable[tuple[Kind, Settlement, int]], total: int, side: Side) -> CardOdds:
    """Probabilities over ``total`` from (kind, settlement, count) items; what no item
    covers is a bet not decided (its stake comes back)."""
    win = lose = split = dead = action = 0
    net = ZERO
    for kind, settlement, count in items:
        if not count:
            continue
        if settlement.null:
            dead += count
            continue
        payoff = side_payoff(settlement, side=side, kind=kind)
        net += payoff * count
        if payoff:
            action += count
        if kind is Kind.PLIE:
            split += count
        elif (kind is Kind.GIVEN) == (side is Side.OPEN):
            win += count
        else:
            lose += count
    return CardOdds(
        Fraction(win, total),
        Fraction(lose, total),
        Fraction(split, total),
        Fraction(dead, total),
        Fraction(action, total),
        net / total,
    )


@lru_cache(maxsize=8192)
def stay_odds(scheme: Scheme, *, cards: int, copies: int, turns: int, side: Side) -> CardOdds:
    """A bet on a rank with ``copies`` among ``cards`` left, after ``turns`` turns, that
    stays until the rank is dealt: the engine's one-bet counts.

    >>> from shtoss_exact.case.rules import as_game
    >>> stay_odds(as_game("faro").scheme, cards=51, copies=4, turns=0, side=Side.OPEN).ev
    Fraction(-101, 4998)
    """
    if copies == 0:
        return DEAD
    total, items = _stay_items(scheme, cards, copies, turns)
    return _reduce(items, total, side)


@lru_cache(maxsize=8192)
def _stay_items(
    scheme: Scheme, cards: int, copies: int, turns: int
) -> tuple[int, tuple[tuple[Kind, Settlement, int], ...]]:
    from shtoss_exact.case.rules import shifted

    counts = settlement_counts(Deal(cards, copies), shifted(scheme, turns))
    items = tuple(
        (kind, Settlement(payoff, null), count)
        for (payoff, null, kind), count in counts.items.items()
    )
    return counts.total, items


@lru_cache(maxsize=8192)
def one_turn_odds(scheme: Scheme, *, cards: int, copies: int, turns: int, side: Side) -> CardOdds:
    """A bet on a rank decided by the next turn alone (else its stake comes back).

    >>> from shtoss_exact.case.rules import as_game
    >>> o = one_turn_odds(as_game("faro").scheme, cards=49, copies=2, turns=1, side=Side.OPEN)
    >>> o.action, -o.ev / o.action
    (Fraction(95, 1176), Fraction(1, 190))
    """
    if copies == 0:
        return DEAD
    settle = turn_settlements(scheme, cards=cards, turns=turns)
    if cards == 1:  # a lone last card: a loser only
        return _reduce([(Kind.KILLED, settle.loser, copies)], 1, side)
    assert settle.winner is not None and settle.split is not None
    others = cards - copies
    items = [
        (Kind.KILLED, settle.loser, copies * others),
        (Kind.GIVEN, settle.winner, others * copies),
        (Kind.PLIE, settle.split, copies * (copies - 1)),
    ]
    return _reduce(items, cards * (cards - 1), side)


def high_card_odds(scheme: Scheme, left: Sequence[int], *, turns: int) -> CardOdds | None:
    """High card on the next turn: ``win`` the winner outranks the loser, ``lose`` the
    reverse, ``split`` a pair (a push); ``None`` when no turn of two cards is left.

    Ranks are ordered as ``left`` lists them (the deck's order, low to high); any order
    gives the same numbers, each order of two cards being equally likely.

    >>> from shtoss_exact.case.rules import as_game
    >>> high_card_odds(as_game("faro").scheme, (4,) * 13, turns=0).split
    Fraction(1, 17)
    """
    cards = sum(left)
    if cards < 2:
        return None
    settle = turn_settlements(scheme, cards=cards, turns=turns)
    assert settle.winner is not None
    total = cards * (cards - 1)
    pairs = sum(c * (c - 1) for c in left)
    below = 0  # ordered (loser, winner) with the winner higher: sum over a < b of c_a c_b
    higher = 0
    for copies in left:
        higher += copies * below
        below += copies
    if settle.winner.null:  # the winner is a dead card: every bet but a pair comes back
        return CardOdds(split=Fraction(pairs, total), dead=Fraction(total - pairs, total))
    return CardOdds(
        win=Fraction(higher, total),
        lose=Fraction(higher, total),
        split=Fraction(pairs, total),
        action=Fraction(2 * higher, total),
        ev=ZERO,
    )


@dataclass(frozen=True, repr=False, kw_only=True)
class CaseBet(Record):
    """One bet now, exactly: which bet, then its probabilities and ``ev`` (as
    ``CardOdds`` has them), each a field, so that a list of bets is a flat table
    (``pandas.DataFrame(case.every_bet())`` has a column per probability).

    ``rank`` and ``copies_left`` are ``None`` for high card.

    >>> from shtoss_exact.case.state import Case
    >>> Case.from_case("*:0,7:2,K:1", game="faro").bet("7").split
    Fraction(1, 3)
    """

    rank: str | None
    copies_left: int | None
    side: Side
    kind: BetKind
    win: Fraction
    lose: Fraction
    split: Fraction
    dead: Fraction
    action: Fraction
    ev: Fraction
    """The punter's expected net result per unit staked."""

    @classmethod
    def of(cls, *, rank: str | None, copies_left: int | None, side: Side, kind: BetKind,
           odds: CardOdds) -> CaseBet:  # fmt: skip
        """The bet on ``rank`` with the probabilities of ``odds`` (kept: the odds of a
        state are shared by every rank with as many copies left)."""
        bet = cls(rank=rank, copies_left=copies_left, side=side, kind=kind, win=odds.win,
                  lose=odds.lose, split=odds.split, dead=odds.dead, action=odds.action,
                  ev=odds.ev)  # fmt: skip
        object.__setattr__(bet, "_odds", odds)  # not a field: no column of a frame
        return bet

    @property
    def odds(self) -> CardOdds:
        """The probabilities and ``ev`` as one ``CardOdds``."""
        shared: CardOdds | None = self.__dict__.get("_odds")
        if shared is None:
            return CardOdds(self.win, self.lose, self.split, self.dead, self.action, self.ev)
        return shared

    @property
    def edge(self) -> Fraction:
        """The banker's expected gain per unit staked: ``-ev``."""
        return -self.ev

    @property
    def edge_per_action(self) -> Fraction | None:
        """``edge / action``; ``None`` when no money can change hands."""
        return self.edge / self.action if self.action else None

    def to_dict(self) -> dict[str, Any]:
        """The row: the bet, then its probabilities, ``ev``, ``edge``, ``edge_per_action``."""
        per_action = self.edge_per_action
        return {
            "rank": self.rank,
            "copies_left": self.copies_left,
            "side": self.side.value,
            "kind": self.kind.value,
            **{
                key: exact_str(value)
                for key, value in (
                    ("win", self.win),
                    ("lose", self.lose),
                    ("split", self.split),
                    ("dead", self.dead),
                    ("action", self.action),
                    ("ev", self.ev),
                    ("edge", self.edge),
                )
            },
            "edge_per_action": None if per_action is None else exact_str(per_action),
        }

    def summary(self) -> dict[str, Any]:
        """The short record of ``best_bet``: ``rank``, ``side``, ``kind``, ``ev``."""
        return {"rank": self.rank, "side": self.side.value, "kind": self.kind.value,
                "ev": exact_str(self.ev)}  # fmt: skip


CALL_KINDS = ("three-ranks", "cathop", "three-of-a-kind")


@dataclass(frozen=True, repr=False, kw_only=True)
class TurnCall(Record):
    """Calling the turn: naming the order of the last three cards (loser, winner, hock).

    ``kind``: ``three-ranks`` (three different ranks, 6 orders), ``cathop`` (a pair and
    one card, 3 orders) or ``three-of-a-kind`` (one order: no bet). ``payout`` is paid
    for a right call, read "for" (the stake included: net ``payout - 1``) in ``ev_for``
    and "to" (net ``payout``) in ``ev_to``.

    >>> c = call_the_turn((1, 1, 1), pay=4, cathop_pay=2)
    >>> c.p_right, c.ev_for, c.ev_to
    (Fraction(1, 6), Fraction(-1, 3), Fraction(-1, 6))
    """

    kind: str
    p_right: Fraction | None
    payout: Fraction | None

    @property
    def ev_for(self) -> Fraction | None:
        """Expected net per unit when ``payout`` is paid "for" one (the stake included)."""
        if self.p_right is None or self.payout is None:
            return None
        return self.p_right * self.payout - 1

    @property
    def ev_to(self) -> Fraction | None:
        """Expected net per unit when ``payout`` is paid "to" one (besides the stake)."""
        if self.p_right is None or self.payout is None:
            return None
        return self.p_right * (self.payout + 1) - 1

    def to_dict(self) -> dict[str, Any]:
        """``kind``, ``p_right``, ``payout``, ``ev_for``, ``ev_to`` (exact; ``None`` when
        there is no bet)."""

        def text(value: Fraction | None) -> str | None:
            return None if value is None else exact_str(value)

        return {
            "kind": self.kind,
            "p_right": text(self.p_right),
            "payout": text(self.payout),
            "ev_for": text(self.ev_for),
            "ev_to": text(self.ev_to),
        }


def call_the_turn(left: Sequence[int], *, pay: Fraction | int, cathop_pay: Fraction | int
                  ) -> TurnCall | None:  # fmt: skip
    """Calling the turn with the copies ``left`` by rank; ``None`` unless three cards are
    left. Each of the distinct orders of the three cards is equally likely.

    >>> call_the_turn((2, 1), pay=4, cathop_pay=2).ev_to
    Fraction(0, 1)
    """
    copies = sorted((c for c in left if c), reverse=True)
    if sum(copies) != 3:
        return None
    if copies == [3]:
        return TurnCall(kind="three-of-a-kind", p_right=None, payout=None)
    if copies == [2, 1]:
        return TurnCall(kind="cathop", p_right=Fraction(1, 3), payout=Fraction(cathop_pay))
    return TurnCall(kind="three-ranks", p_right=Fraction(1, 6), payout=Fraction(pay))
