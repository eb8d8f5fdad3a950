"""The integer engine against the brute-force oracle and against direct sums."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Suit, SuitCounts, SuitRelation
from shtoss_exact.engine import (
    Kind,
    KindCounts,
    binom,
    kind_counts,
    parity_sum,
    position_counts,
    relation_weights,
    summary_cost,
)
from tests.brute import MAX_CARDS, brute_odds, decide, position_sets

SMALL = [(n, m) for n in range(MAX_CARDS + 1) for m in range(n + 1)]


def _brute_counts(cards: int, copies: int) -> dict[str, int]:
    counts = {"killed": 0, "plie": 0, "given": 0, "none": 0}
    for deck in position_sets(cards, copies):
        counts[decide(deck).kind] += 1
    return counts


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_kind_counts_match_brute_force(cards: int, copies: int) -> None:
    expected = _brute_counts(cards, copies)
    got = kind_counts(cards, copies)
    assert (got.killed, got.plie, got.given, got.none) == (
        expected["killed"],
        expected["plie"],
        expected["given"],
        expected["none"],
    )
    assert got.total == sum(expected.values()) == comb(cards, copies)
    assert got.banker == expected["killed"] + expected["plie"]


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_position_counts_match_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    rows = list(position_counts(cards, copies))
    assert [row.position for row in rows] == list(range(1, cards + 1))
    for row in rows:
        killed, plie, given_ = brute.by_position[row.position]
        deals = brute.deals
        assert (row.killed, row.plie, row.given) == (
            killed * deals,
            plie * deals,
            given_ * deals,
        ), row
        assert row.abzug == (row.position + 1) // 2


def test_odd_deck_lone_last_card_is_killed() -> None:
    # Seven cards, one copy at the last place: a lone lob, the banker wins.
    rows = list(position_counts(7, 1))
    assert (rows[-1].killed, rows[-1].plie, rows[-1].given) == (1, 0, 0)
    assert kind_counts(1, 1).killed == 1


def test_no_copies_never_decides() -> None:
    assert kind_counts(9, 0) == KindCounts(killed=0, plie=0, given=0, none=1, total=1)
    assert all((r.killed, r.plie, r.given) == (0, 0, 0) for r in position_counts(9, 0))
    assert kind_counts(0, 0).none == 1


def test_binom_is_zero_outside_the_triangle() -> None:
    assert [binom(5, k) for k in range(-1, 7)] == [0, 1, 5, 10, 10, 5, 1, 0]
    assert binom(-1, 0) == 0
    assert binom(-3, -1) == 0


def _direct_parity_sum(top: int, k: int) -> int:
    return sum(comb(q, k) for q in range(top, -1, -2)) if top >= 0 and k >= 0 else 0


@settings(max_examples=300, deadline=None)
@given(st.integers(-3, 400), st.integers(-2, 400))
def test_parity_sum_matches_a_direct_sum(top: int, k: int) -> None:
    assert parity_sum(top, k) == _direct_parity_sum(top, k)


@pytest.mark.parametrize("top", range(0, 12))
def test_parity_sum_every_small_case(top: int) -> None:
    for k in range(0, top + 2):
        assert parity_sum(top, k) == _direct_parity_sum(top, k), (top, k)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 600).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_kind_counts_agree_with_position_counts(shape: tuple[int, int]) -> None:
    cards, copies = shape
    rows = list(position_counts(cards, copies))
    summary = kind_counts(cards, copies)
    assert sum(r.killed for r in rows) == summary.killed
    assert sum(r.plie for r in rows) == summary.plie
    assert sum(r.given for r in rows) == summary.given
    assert summary.killed + summary.plie + summary.given + summary.none == summary.total


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 300).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_kind_counts_agree_with_the_spec_formulas(shape: tuple[int, int]) -> None:
    # SPEC: the first copy at p has C(n - p, m - 1) position sets; a plié at abzug j
    # has C(n - 2j, m - 2). Summed here term by term.
    cards, copies = shape
    summary = kind_counts(cards, copies)
    if copies == 0:
        assert (summary.given, summary.plie, summary.none) == (0, 0, 1)
        return
    given_ = sum(comb(cards - p, copies - 1) for p in range(2, cards + 1, 2))
    plie = 0
    if copies >= 2:
        plie = sum(comb(cards - 2 * j, copies - 2) for j in range(1, cards // 2 + 1))
    assert (summary.given, summary.plie) == (given_, plie)


def test_relation_weights() -> None:
    assert relation_weights(None) == ((None, 1),)
    assert relation_weights(SuitCounts(0, 0, 0)) == ((None, 1),)
    counts = SuitCounts.of(Suit.HEARTS, (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
    assert relation_weights(counts) == (
        (SuitRelation.COLOUR, 1),
        (SuitRelation.HALF_COLOUR, 1),
        (SuitRelation.PLAIN, 2),
    )
    only_plain = SuitCounts.of(Suit.HEARTS, (Suit.SPADES, Suit.SPADES))
    assert relation_weights(only_plain) == ((SuitRelation.PLAIN, 2),)


def test_kind_banker_wins() -> None:
    assert [k for k in Kind if k.banker_wins] == [Kind.KILLED, Kind.PLIE]


def test_summary_cost_grows_with_copies() -> None:
    assert summary_cost(52, 4) < summary_cost(52, 26)
    assert summary_cost(10**9, 8) < 100
    assert summary_cost(10**7, 5 * 10**6) > 10**11
