"""Sums of binomials (the alternating sum, the parity sum, the binomial series and the
one splitting of the plié) against their definitions summed term by term."""

from __future__ import annotations

from math import comb, factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.binomial_sums import (
    HALVED_TERMS,
    SHORT_SERIES,
    _inverts_whole,
    alternating_sum,
    binom,
    diagonal,
    parity_sum,
    plie_and_total,
)
from shtoss_exact.engine import kind_counts
from shtoss_exact.quotients import inverts


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


def _directalternating_sum(top: int, k: int) -> int:
    return sum((-1) ** (top - q) * comb(q, k) for q in range(top + 1)) if k >= 0 else 0


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 1500).flatmap(
        lambda n: st.tuples(st.just(n), st.one_of(st.integers(0, min(n, 60)), st.integers(0, n)))
    )
)
def test_alternating_sum_matches_its_definition(shape: tuple[int, int]) -> None:
    # Both ways the series runs (a short diagonal, k <= N - k; a short row, k > N - k)
    # and more terms than one leaf of the binary splitting.
    top, k = shape
    assert alternating_sum(top, k) == _directalternating_sum(top, k)


@pytest.mark.parametrize(("top", "k"), [(7000, 3300), (7400, 3800)], ids=str)
def test_alternating_sum_with_a_long_divisor_matches_its_definition(top: int, k: int) -> None:
    # k! (or (N - k)!, the short row) has more than NEWTON_BITS bits past its twos,
    # long for its quotient: the series' one division is by an inverse.
    odd = factorial(min(k, top - k))
    odd >>= (odd & -odd).bit_length() - 1
    assert inverts(odd.bit_length(), comb(top, k).bit_length() + k)
    assert alternating_sum(top, k) == _directalternating_sum(top, k)


def _diagonal_by_parts(cards: int, copies: int) -> tuple[int, int]:
    """(plié, C(n, m)) the general way: ``math.comb`` and the alternating sum apart."""
    total = comb(cards, copies)
    return (total * copies // cards + alternating_sum(cards - 2, copies - 2)) // 2, total


@settings(max_examples=60, deadline=None)
@given(
    st.integers(SHORT_SERIES + 2, 700).flatmap(
        lambda m: st.tuples(
            st.integers(2 * m - 2, 10**12) | st.integers(2 * m - 2, 3 * m), st.just(m)
        )
    )
)
def test_one_splitting_gives_the_plie_and_the_binomial(shape: tuple[int, int]) -> None:
    # The path of many copies (P of the series is (N)_k, so C(n, m) comes out of it)
    # against the general one, on decks from just long enough to 10^12 cards.
    cards, copies = shape
    assert plie_and_total(cards, copies) == _diagonal_by_parts(cards, copies)


@pytest.mark.parametrize(
    ("cards", "copies"),
    [(10**9, 1000), (10**9, 1001), (10**9, 3000), (60_000, 9000), (60_001, 9000)],
)
def test_one_splitting_with_long_divisors_gives_the_plie(cards: int, copies: int) -> None:
    # k! past SHARED_DIVIDE_BITS, divided (10^9 cards, 1 000 copies: the quotients are
    # three times as long) and inverted once for both quotients (3 000 and 9 000
    # copies); s = n - m even and odd (2 [s even] added before dividing).
    assert plie_and_total(cards, copies) == _diagonal_by_parts(cards, copies)
    assert kind_counts(cards, copies).plie == plie_and_total(cards, copies)[0]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, SHORT_SERIES + 2), st.integers(0, 10**40))
def test_few_copies_term_by_term_give_the_plie(copies: int, more: int) -> None:
    # The series of few copies summed in kind_counts itself, against the general way.
    cards = 2 * copies - 2 + more
    assert kind_counts(cards, copies).plie == _diagonal_by_parts(cards, copies)[0]


@pytest.mark.parametrize("top", range(0, 12))
def test_parity_sum_every_small_case(top: int) -> None:
    for k in range(0, top + 2):
        assert parity_sum(top, k) == _direct_parity_sum(top, k), (top, k)


# --- the alternating and parity sums at their edges ---------------------------------------


def _binom(a: int, b: int) -> int:
    return comb(a, b) if 0 <= b <= a else 0


def _direct_alternating(top: int, k: int) -> int:
    # A(N, k) = sum over 0 <= q <= N of (-1)^(N - q) C(q, k), as the docstring defines it.
    return sum((-1) ** (top - q) * _binom(q, k) for q in range(top + 1))


@pytest.mark.parametrize("top", range(-3, 16))
def test_alternating_sum_is_its_definition_everywhere(top: int) -> None:
    # Including k > N (no term survives) and negative arguments (an empty sum).
    for k in range(-2, 18):
        assert alternating_sum(top, k) == _direct_alternating(top, k), (top, k)


def test_parity_sum_of_an_empty_range_is_zero() -> None:
    assert [parity_sum(top, 1) for top in (-5, -2, -1)] == [0, 0, 0]
    assert [parity_sum(4, k) for k in (-3, -1)] == [0, 0]
    # k = 0: the number of q in [0, N] with N's parity.
    assert [parity_sum(top, 0) for top in range(6)] == [1, 1, 2, 2, 3, 3]


def _diagonal_term_by_term(x: int, terms: int) -> tuple[int, int]:
    """(sum of 2^j C(x + j, j) for j <= t, 2^t C(x + t, t)), each term by math.comb."""
    return sum(2**j * comb(x + j, j) for j in range(terms + 1)), 2**terms * comb(x + terms, terms)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([SHORT_SERIES, HALVED_TERMS, 2 * HALVED_TERMS, 900]).flatmap(
        lambda t: st.integers(max(0, t - 3), t + 3)
    )
    | st.integers(0, 1000),
    st.integers(0, 10**12) | st.integers(0, 50),
)
def test_the_diagonal_and_its_last_term_are_whole_sums(terms: int, more: int) -> None:
    # Whole terms up to SHORT_SERIES, one splitting up to HALVED_TERMS or when the
    # divisor is inverted (short decks), halves past it (long decks), twice past
    # 2 HALVED_TERMS: each against the terms summed one by one.
    x = terms + more
    assert diagonal(x, terms) == _diagonal_term_by_term(x, terms)


def test_long_decks_halve_the_diagonal_and_short_ones_invert() -> None:
    # The branches the test above crosses: on 10^12 cards the divisions of 900 terms
    # are plain (the halves), on a deck as short as the diagonal they invert.
    assert not _inverts_whole(10**12, 900) and not _inverts_whole(10**9, 998)
    assert _inverts_whole(900, 900) and _inverts_whole(10**9, 3000)
