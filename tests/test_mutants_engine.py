"""Engine behaviour that mutation testing showed unchecked: edges, per-abzug rows, cost.

Each test states a property of the counts from their definitions (sums over
positions, the brute-force oracle), not from the engine's own formulas.
"""

from __future__ import annotations

from math import comb, inf, log, log2

import pytest

from shtoss_exact.engine import (
    PositionCounts,
    _alternating_sum,
    abzug_counts,
    binom_bits,
    counts_at,
    parity_sum,
    position_counts,
    summary_cost,
)
from tests.brute import MAX_CARDS, decide, position_sets

SMALL = [(n, m) for n in range(MAX_CARDS + 1) for m in range(n + 1)]


def _binom(a: int, b: int) -> int:
    return comb(a, b) if 0 <= b <= a else 0


def _direct_alternating(top: int, k: int) -> int:
    # A(N, k) = sum over 0 <= q <= N of (-1)^(N - q) C(q, k), as the docstring defines it.
    return sum((-1) ** (top - q) * _binom(q, k) for q in range(top + 1))


@pytest.mark.parametrize("top", range(-3, 16))
def test_alternating_sum_is_its_definition_everywhere(top: int) -> None:
    # Including k > N (no term survives) and negative arguments (an empty sum).
    for k in range(-2, 18):
        assert _alternating_sum(top, k) == _direct_alternating(top, k), (top, k)


def test_parity_sum_of_an_empty_range_is_zero() -> None:
    assert [parity_sum(top, 1) for top in (-5, -2, -1)] == [0, 0, 0]
    assert [parity_sum(4, k) for k in (-3, -1)] == [0, 0]
    # k = 0: the number of q in [0, N] with N's parity.
    assert [parity_sum(top, 0) for top in range(6)] == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_counts_at_is_the_row_of_position_counts(cards: int, copies: int) -> None:
    rows = list(position_counts(cards, copies))
    assert [counts_at(cards, copies, p) for p in range(1, cards + 1)] == rows


@pytest.mark.parametrize(("cards", "copies"), [(n, m) for n, m in SMALL if m >= 1])
def test_counts_at_outside_the_deck_is_empty(cards: int, copies: int) -> None:
    # No card lies at position 0, at a negative position or past the end of the deck.
    for position in (-1, 0, cards + 1, cards + 2):
        assert counts_at(cards, copies, position) == PositionCounts(position, 0, 0, 0)


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_abzug_counts_match_brute_force(cards: int, copies: int) -> None:
    # Every set of copy positions, decided card by card; tallied by abzug and kind.
    abzugs = (cards + 1) // 2
    expected = [[0, 0, 0] for _ in range(abzugs)]
    column = {"killed": 0, "plie": 1, "given": 2}
    for deck in position_sets(cards, copies):
        decision = decide(deck)
        if decision.abzug is not None:
            expected[decision.abzug - 1][column[decision.kind]] += 1
    assert abzug_counts(cards, copies) == [tuple(row) for row in expected]


@pytest.mark.parametrize(("cards", "copies"), [(52, 4), (36, 4), (104, 8), (60, 7), (9, 9)])
def test_summary_cost_is_steps_times_words_of_the_binomial(cards: int, copies: int) -> None:
    # The estimate uses Stirling (lgamma); the exact size of C(n, m) must agree closely.
    steps = min(copies, cards - copies) + 1
    words = log2(comb(cards, copies)) / 64 + 1
    assert summary_cost(cards, copies) == pytest.approx(steps * words, rel=1e-3)


def test_summary_cost_is_symmetric_in_copies_and_the_rest() -> None:
    # C(n, m) = C(n, n - m) and the loop runs min(m, n - m) steps either way.
    for m in range(0, 53):
        assert summary_cost(52, m) == pytest.approx(summary_cost(52, 52 - m), rel=1e-12)


def _exact_bits(cards: int, copies: int) -> float:
    value = comb(cards, copies)
    # log2 of a huge int without float overflow: shift it down to 53 bits first.
    shift = max(value.bit_length() - 60, 0)
    return log2(value >> shift) + shift


@pytest.mark.parametrize(
    ("cards", "copies"),
    [
        # few copies in a large deck (k^2 < n): the series branch
        (52, 1),
        (10**6, 1),
        (100, 9),
        (10**4, 50),
        (10**6, 20),
        (10**12, 8),
        (10**400, 8),
        # k^2 >= n: Stirling
        (100, 10),
        (52, 26),
        (1000, 500),
        (10**5, 400),
        # C(n, m) = C(n, n - m)
        (52, 48),
        (10**4, 10**4 - 50),
    ],
)
def test_binom_bits_is_the_size_of_the_binomial(cards: int, copies: int) -> None:
    # An estimate for sizing work: a percent is plenty, and far below what a wrong
    # formula would give.
    exact = _exact_bits(cards, copies)
    assert binom_bits(cards, copies) == pytest.approx(exact, rel=1e-2)


@pytest.mark.parametrize(("cards", "copies"), [(0, 0), (52, 0), (52, 52), (10**400, 0)], ids=str)
def test_binom_bits_of_a_single_set_is_zero(cards: int, copies: int) -> None:
    assert binom_bits(cards, copies) == 0.0


def test_binom_bits_beyond_floats_is_infinite() -> None:
    huge = 10**400
    assert binom_bits(huge, huge // 2) == inf
    assert binom_bits(huge, 10**200) == inf  # k >= sqrt(n) > 2^500
    assert binom_bits(huge, 10**199) < inf  # k^2 < n: still measured
    # Stirling still answers up to 1000-bit decks, not past them.
    # C(n, k) with k << n has about k (log2(n/k) + log2(e)) bits.
    assert binom_bits(2**999, 2**500) == pytest.approx(2**500 * (499 + 1 / log(2)), rel=1e-6)
    assert binom_bits(2**1000, 2**501) == inf
