"""The two-card box against a betting pattern (``shtoss_exact.cheat.box_pattern``): an
expectimax over the explicit cards left of small deals, written from the rules alone;
no take is ``case --pattern``; a pattern of one bet is the box against one rank."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from shtoss_exact.case.pattern import Pattern
from shtoss_exact.case.state import Case
from shtoss_exact.cheat.box import two_card_box
from shtoss_exact.cheat.box_pattern import box_against_pattern
from shtoss_exact.errors import ShtossError

Cards = tuple[tuple[str, int], ...]


def _less(cards: Cards, rank: str) -> Cards:
    return tuple((r, c - (r == rank)) for r, c in cards if c - (r == rank))


def oracle(game: str, left: dict[str, int], pattern: str, takes: int) -> Fraction:
    """The punters' expected net over the rest of the deal when the dealer, knowing only
    the next card, may pull it out unseen with the one after it (at most ``takes``
    times), against a unit on every live rank (``every-rank``) or on every rank the
    punters' case shows with one copy (``case-cards``) before every turn. Faro: the last
    card dead, a split costs half; Stoss (two-deck): a lone last lob kills, a plié costs
    the stake."""
    split = Fraction(-1, 2) if game == "faro" else Fraction(-1)

    def staked(shown: Cards, rank: str) -> bool:
        copies = dict(shown).get(rank, 0)
        return copies > 0 if pattern == "every-rank" else copies == 1

    def draws(cards: Cards) -> list[tuple[str, Fraction]]:
        n = sum(c for _, c in cards)
        return [(r, Fraction(c, n)) for r, c in cards]

    @cache
    def loser(cards: Cards, shown: Cards, k: int) -> Fraction:
        n = sum(c for _, c in cards)
        if n == 0 or (n == 1 and game == "faro"):
            return Fraction(0)
        if n == 1:  # a lone lob
            ((rank, _),) = cards
            return Fraction(-1) if staked(shown, rank) else Fraction(0)
        total = Fraction(0)
        for x, p in draws(cards):
            rest = _less(cards, x)
            best = winner(rest, shown, k, x)
            if k:  # x pulled out unseen: the card after it, y, is the loser
                take = sum((q * winner(_less(rest, y), shown, k - 1, y) for y, q in draws(rest)),
                           Fraction(0))  # fmt: skip
                best = min(best, take)
            total += p * best
        return total

    @cache
    def winner(cards: Cards, shown: Cards, k: int, lob: str) -> Fraction:
        if not cards:  # the loser was the last card
            if game == "faro":
                return Fraction(0)
            return Fraction(-1) if staked(shown, lob) else Fraction(0)
        total = Fraction(0)
        for z, p in draws(cards):
            rest = _less(cards, z)
            best = settle(lob, z, rest, shown, k)
            if k and rest:
                take = sum((q * settle(lob, w, _less(rest, w), shown, k - 1)
                            for w, q in draws(rest)), Fraction(0))  # fmt: skip
                best = min(best, take)
            total += p * best
        return total

    def settle(lob: str, son: str, rest: Cards, shown: Cards, k: int) -> Fraction:
        dead = not rest and game == "faro"  # the winner is the hock
        net = Fraction(0)
        if lob == son and not dead:
            net += split if staked(shown, lob) else 0
        else:
            net -= 1 if staked(shown, lob) else 0
            if not dead:
                net += 1 if staked(shown, son) else 0
        after = _less(_less(shown, lob), son)
        return net + loser(rest, after, k)

    cards = tuple(sorted(left.items()))
    return loser(cards, cards, takes)


SMALL = [  # (game, case text, the copies left)
    ("faro", "*:0,7:2,K:2,Q:1", {"7": 2, "K": 2, "Q": 1}),
    ("faro", "*:0,7:3,K:2,Q:1,J:1", {"7": 3, "K": 2, "Q": 1, "J": 1}),
    ("faro", "*:0,7:4,K:3,Q:2", {"7": 4, "K": 3, "Q": 2}),
    ("two-deck", "*:0,7:2,K:2,Q:2", {"7": 2, "K": 2, "Q": 2}),
    ("two-deck", "*:0,7:3,K:2,Q:1,J:2", {"7": 3, "K": 2, "Q": 1, "J": 2}),
]


@pytest.mark.parametrize(("game", "text", "left"), SMALL)
@pytest.mark.parametrize("pattern", ["every-rank", "case-cards"])
@pytest.mark.parametrize("takes", [0, 1, 2])
def test_the_expectimax_over_every_card(game: str, text: str, left: dict[str, int],
                                        pattern: str, takes: int) -> None:  # fmt: skip
    got = box_against_pattern(pattern, takes=takes, game=game, case=text)
    assert got.banker_take == -oracle(game, left, pattern, takes)


@pytest.mark.parametrize(("game", "text", "left"), SMALL)
@pytest.mark.parametrize("pattern", ["every-rank", "case-cards", "copper-after-two"])
def test_no_take_is_case_pattern(game: str, text: str, left: dict[str, int], pattern: str
                                 ) -> None:  # fmt: skip
    if game == "two-deck" and pattern == "copper-after-two":
        pytest.skip("coppered bets are Faro's")
    honest = Case.from_case(text, game=game).deal(pattern).ev
    result = box_against_pattern(pattern, takes=0, game=game, case=text)
    assert result.banker_take == result.honest_take == -honest
    # The walk with takes allowed but none worth it is the honest deal too: it is the
    # expectimax at one take, never below the honest take.
    assert box_against_pattern(pattern, takes=1, game=game, case=text).banker_take >= -honest


@pytest.mark.parametrize("seen", ["5h Ks 5d 9c 2s 7h Kd 3c 4c 8d 8h 9h Qd 6s 6h 2h 2d"])
@pytest.mark.parametrize("takes", [0, 1, 2])
def test_a_pattern_of_one_bet_is_the_box_against_its_rank(seen: str, takes: int) -> None:
    # One unit on the 7 until decided: the box's edge against that bet (the soda seen).
    result = box_against_pattern(Pattern.fixed("7"), takes=takes, seen=seen)
    assert result.banker_take == two_card_box("7", takes=takes, seen=seen).edge


def test_from_the_soda_of_a_whole_deck_every_rank_k0() -> None:
    fresh = box_against_pattern("every-rank", takes=0)
    assert fresh.banker_take == Fraction(25, 34)  # 25 turns, a split costing 1/2: 25/17 · 1/2


def test_refusals() -> None:
    with pytest.raises(ShtossError, match="takes=-1"):
        box_against_pattern("every-rank", takes=-1)
    with pytest.raises(ShtossError, match="coppers bets"):
        box_against_pattern("copper-after-two", takes=1, game="two-deck", case="*:0,7:2,K:2")
    with pytest.raises(ShtossError, match="with 2 takes: about"):
        box_against_pattern("copper-after-two", takes=2)
