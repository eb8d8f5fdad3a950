"""Every bet of a state, counted once and kept: a replay meets again every state of the
deal so far, and the states of two deals as deep share the bets on a rank with as many
copies left.

``counted(state)`` is what ``Case.bets``, ``bet``, ``high_card``, ``every_bet``,
``best_bet`` and ``fair_or_better`` read: the state's bets on every rank by side and
kind, its high card, its best bet and those with ``ev >= 0``, counted at the state's
first question and kept with it (and for the last ``EVERY_BET_STATES`` states asked).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from shtoss_exact.case.bets import CardOdds, CaseBet, high_card_odds, mix, one_turn_odds, stay_odds
from shtoss_exact.case.rules import BetKind, GameRules, Side
from shtoss_exact.frozen import dataclass

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case
    from shtoss_exact.schemes.scheme import Scheme

EVERY_BET_STATES = 512
"""States whose bets are kept (``Case.every_bet``): a deal of 52 cards has 27 (so the
deals of 18 pages at once), each state's about 27 kB with every bet kind and its rows
(measured with tracemalloc; its bets are shared with the states of other deals as
deep): about 14 MB at most, within the server's 20 MB of growth."""

SHARED_BETS = 8192
"""Bets on a rank kept to be shared (``_case_bet``): a 52-card Faro deal has about 5,600."""

_SHARED: dict[tuple[str, int, Side, BetKind, int], CaseBet] = {}


def counted(state: Case) -> _Counted:
    """The state's kept count, found once for this object (a field of no comparison)."""
    kept: _Counted | None = state.__dict__.get("_kept")
    if kept is None:
        scheme = _Same(state.game.scheme)  # found by identity: hashing a scheme is slow
        cls: Callable[..., Case] = type(state)
        kept = _count(cls, state.game.name, scheme, state.deck, state.left, state.turns_dealt,
                      state.soda_due)  # fmt: skip
        state.__dict__["_kept"] = kept
    return kept


@dataclass(frozen=True)
class _Counted:
    """Every bet of one state (``Case.every_bet``), those on the ranks by side and kind
    (``bets``), its best and those with ``ev >= 0`` (``best_bet``, ``fair_or_better``)."""

    every: tuple[CaseBet, ...]
    by_kind: dict[tuple[Side, BetKind], tuple[CaseBet, ...]]
    high: CaseBet | None
    best: CaseBet | None
    fair_or_better: tuple[CaseBet, ...]


class _Same:
    """A key part equal only to itself: ``thing`` by its identity (which the key, kept,
    holds alive), never compared or hashed by value."""

    __slots__ = ("thing",)

    def __init__(self, thing: Scheme) -> None:
        self.thing = thing

    def __hash__(self) -> int:
        return id(self.thing)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.thing is self.thing


@lru_cache(maxsize=EVERY_BET_STATES)
def _count(cls: Callable[..., Case], game: str, scheme: _Same, deck: int, left: tuple[int, ...],
           turns_dealt: int, soda_due: bool) -> _Counted:  # fmt: skip
    """Every bet of the state so given, counted once, with its best and fair ones (the
    built-in schemes are one object each: a state of the page is found again). ``cls``
    is ``Case``, handed down: this module is below the state's."""
    rules = GameRules(game, scheme.thing)
    state = cls(game=rules, deck=deck, left=left, turns_dealt=turns_dealt, soda_due=soda_due)
    by_kind = _count_by_kind(state)
    high = _count_high_card(state) if rules.faro_bets else None
    every = tuple(bet for bets in by_kind.values() for bet in bets) + (() if high is None
                                                                       else (high,))  # fmt: skip
    return _Counted(
        every=every,
        by_kind=by_kind,
        high=high,
        best=max(every, key=lambda bet: bet.ev) if every else None,
        fair_or_better=tuple(bet for bet in every if bet.ev >= 0),
    )


def _count_by_kind(state: Case) -> dict[tuple[Side, BetKind], tuple[CaseBet, ...]]:
    """The bets on the ranks by side and kind, in the order of ``every_bet``."""
    sides = (Side.OPEN, Side.COPPERED) if state.game.faro_bets else (Side.OPEN,)
    return {
        (side, kind): _count_bets(state, side, kind) if state.turns_left else ()
        for kind in (BetKind.STAY, BetKind.ONE_TURN)
        for side in sides
    }


def _count_bets(state: Case, side: Side, kind: BetKind) -> tuple[CaseBet, ...]:
    ranks = state.ranks
    alike: dict[int, CardOdds] = {}  # the odds of a bet on a rank, by its copies left
    found = []
    for index, copies in enumerate(state.left):
        if copies:
            odds = alike.get(copies)
            if odds is None:
                odds = alike[copies] = _rank_bet(state, index, side, kind).odds
            found.append(_case_bet(ranks[index], copies, side, kind, odds))
    return tuple(found)


def _rank_bet(state: Case, index: int, side: Side, kind: BetKind) -> CaseBet:
    parts = tuple(_rank_after_soda(state, index).items())
    odds = _mixed(state.game.scheme, parts, side, kind)
    return CaseBet.of(
        rank=state.ranks[index], copies_left=state.left[index], side=side, kind=kind, odds=odds
    )


def _rank_after_soda(state: Case, index: int) -> dict[tuple[int, int, int], Fraction]:
    """``after_soda()`` as one rank sees it: (cards left, its copies left, turns
    dealt) -> probability. The soda is of this rank or not: two states at most, the
    same odds for the twelve other sodas (one bet counted twice, not thirteen times)."""
    copies, cards = state.left[index], state.cards_left
    if not state.soda_due:
        return {(cards, copies, state.turns_dealt): Fraction(1)}
    found = {}
    if copies:
        found[cards - 1, copies - 1, 0] = Fraction(copies, cards)
    if cards > copies:
        found[cards - 1, copies, 0] = Fraction(cards - copies, cards)
    return found


def _count_high_card(state: Case) -> CaseBet | None:
    if not state.turns_left:
        return None
    parts: list[tuple[Fraction, CardOdds]] = []
    for weight, after in state.after_soda():
        odds = high_card_odds(state.game.scheme, after.left, turns=after.turns_dealt)
        if odds is None:
            return None
        parts.append((weight, odds))
    return CaseBet.of(
        rank=None, copies_left=None, side=Side.OPEN, kind=BetKind.HIGH_CARD, odds=mix(parts)
    )


def _case_bet(rank: str, copies: int, side: Side, kind: BetKind, odds: CardOdds) -> CaseBet:
    """The bet on ``rank`` with ``odds``, one object for every state it is a bet of: the
    states of two deals as deep have the same odds for a rank with as many copies left
    (``_mixed``), so their bets are shared. Found by the odds' identity, which the bet
    kept holds alive; all are let go once ``SHARED_BETS`` are kept."""
    key = (rank, copies, side, kind, id(odds))
    bet = _SHARED.get(key)
    if bet is None or bet.odds is not odds:
        if len(_SHARED) >= SHARED_BETS:
            _SHARED.clear()
        bet = _SHARED[key] = CaseBet.of(rank=rank, copies_left=copies, side=side, kind=kind,
                                        odds=odds)  # fmt: skip
    return bet


@lru_cache(maxsize=1024)
def _mixed(
    scheme: Scheme, parts: tuple[tuple[tuple[int, int, int], Fraction], ...], side: Side,
    kind: BetKind,
) -> CardOdds:  # fmt: skip
    """The odds of a bet over the states of its rank after the soda, ``(cards, copies,
    turns) -> probability``: counted once for every rank whose copies left are alike."""
    count = stay_odds if kind is BetKind.STAY else one_turn_odds
    return mix(
        (weight, count(scheme, cards=cards, copies=copies, turns=turns, side=side))
        for (cards, copies, turns), weight in parts
    )
