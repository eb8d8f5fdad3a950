"""The split law against every order of small decks, and values derived by hand."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from shtoss_exact.audit.law import (
    deck_shape,
    fair_splits,
    rank_factor,
    split_counts,
    stacked_splits,
)
from shtoss_exact.errors import ShtossError
from tests.audit.oracle import fair_law, law, orders, splits_of, stacked_law

SMALL = [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3), (5, 2)]


@pytest.mark.parametrize(("ranks", "copies"), SMALL)
def test_the_fair_law_is_that_of_every_order(ranks: int, copies: int) -> None:
    assert dict(fair_splits(ranks=ranks, copies=copies).items()) == {
        Fraction(k): p for k, p in fair_law(ranks, copies).items() if p
    }


@pytest.mark.parametrize(("ranks", "copies"), [(2, 3), (3, 3), (3, 4)])
def test_the_law_is_the_same_whatever_the_soda(ranks: int, copies: int) -> None:
    by_soda: dict[int, Counter[int]] = {}
    for order in orders(ranks, copies):
        by_soda.setdefault(order[0], Counter())[splits_of(order)] += 1
    expected = fair_law(ranks, copies)
    for counter in by_soda.values():
        assert law(counter) == expected


@pytest.mark.parametrize(
    ("ranks", "copies", "stacked"), [(2, 4, 1), (3, 3, 1), (3, 4, 1), (3, 4, 2), (4, 3, 2)]
)
def test_the_stacked_law_is_that_of_every_order_with_pairs_put_up(
    ranks: int, copies: int, stacked: int
) -> None:
    found = stacked_splits(stacked, ranks=ranks, copies=copies)
    assert dict(found.items()) == {
        Fraction(k): p for k, p in stacked_law(ranks, copies, stacked).items()
    }


def test_nothing_put_up_is_fair_dealing() -> None:
    assert stacked_splits(0) == fair_splits()
    assert stacked_splits(0, ranks=3, copies=3) == fair_splits(ranks=3, copies=3)


def test_known_values_by_hand() -> None:
    # four cards AABB, one turn (places 2 and 3): a split when they are of one rank, 1/3
    assert fair_splits(ranks=2, copies=2)[Fraction(1)] == Fraction(1, 3)
    # f_4 = 1 + C(4,2)*2!/1! x + 4!/2! x^2: ordered pairs of a rank for one turn, two turns
    assert rank_factor(4) == [1, 12, 12]
    # 52 cards: 25 turns, each a split with P = 13*4*3 / (52*51) = 1/17
    law = fair_splits()
    assert law.mean == 25 * Fraction(13 * 4 * 3, 52 * 51) == Fraction(25, 17)
    # one pair put up: 1 + 24 turns of the other 49 cards (3, 2 and 11 times 4 copies)
    assert stacked_splits(1).mean == 1 + 24 * Fraction(3 * 2 + 2 * 1 + 11 * 12, 49 * 48)
    assert stacked_splits(1).mean == Fraction(17, 7)
    # the variance from the pair moments: T p (1 - p) + T (T - 1) (q - p^2), q the chance
    # that two given turns are both splits
    p = Fraction(1, 17)
    q = Fraction(13 * 4 * 3 * 2 * 1 + 13 * 12 * (4 * 3) ** 2, 52 * 51 * 50 * 49)
    assert law.variance == 25 * p * (1 - p) + 25 * 24 * (q - p * p)
    # every count 0..25 can happen, and all 25 splits: the deck's count of orders
    assert law.support == tuple(Fraction(k) for k in range(26))
    assert sum(split_counts([4] * 13, turns=25)) == __import__("math").factorial(52)


def test_the_counts_by_inclusion_exclusion_sum_to_every_order() -> None:
    # with no turn, no split: every order of the cards
    assert split_counts([2, 3], turns=0) == [comb(5, 2) * 2 * 6]
    cards, turns = deck_shape(13, 4)
    assert (cards, turns) == (52, 25)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: stacked_splits(13), "allowed a whole number 0..12"),
        (lambda: stacked_splits(-1), "allowed a whole number 0..12"),
        (lambda: stacked_splits(True), "stacked=True"),
        (lambda: fair_splits(ranks=0), "ranks=0"),
        (lambda: fair_splits(copies=9), "copies=9"),
        (lambda: fair_splits(ranks=1, copies=2), "no turn"),
        (lambda: split_counts([2, 2], turns=3), "3 turns of 4 cards"),
    ],
)
def test_refusals(call: object, fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        call()  # type: ignore[operator]
