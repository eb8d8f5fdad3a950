"""The integer engine against the brute-force oracle and against direct sums; its cost.

Each test states a property of the counts from their definitions (sums over
positions, the brute-force oracle), not from the engine's own formulas.
"""

from __future__ import annotations

from math import comb, factorial, inf, log, log2, log10
from time import process_time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import ShtossError
from shtoss_exact.binomial_sums import LEAF_TERMS, SHORT_SERIES
from shtoss_exact.deck import Deal, Suit, SuitCounts, SuitRelation
from shtoss_exact.engine import (
    SMALL_BITS,
    Kind,
    KindCounts,
    PositionCounts,
    abzug_counts,
    binom_bits,
    check_deal,
    counts_at,
    deal_cost,
    kind_counts,
    position_counts,
    relation_weights,
    summary_cost,
    summary_seconds,
)
from shtoss_exact.limits import MAX_DECK_SECONDS, MAX_PRINTED_DIGITS
from shtoss_exact.quotients import SHARED_DIVIDE_BITS, inverts
from tests.oracles.brute import MAX_CARDS, brute_odds, decide, position_sets

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
    assert (got.killed, got.plie, got.given, got.no_copy) == (
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
    assert kind_counts(9, 0) == KindCounts(killed=0, plie=0, given=0, no_copy=1, total=1)
    assert all((r.killed, r.plie, r.given) == (0, 0, 0) for r in position_counts(9, 0))
    assert kind_counts(0, 0).no_copy == 1


def _plie_from_the_top(cards: int, copies: int) -> int:
    """The plié count the other way round, from ``math.comb`` alone.

    plié = sum over abzugs j of C(n - 2j, m - 2) = E(N, k) with N = n - 2, k = m - 2, and
    E(N, k) = (C(N + 1, k + 1) + A(N, k)) / 2 for A(N, k) = sum over q <= N of
    (-1)^(N - q) C(q, k). Writing 1 / (1 + x) = sum of (1 - x)^i / 2^(i + 1) in the
    generating function x^k / ((1 - x)^(k + 1) (1 + x)) of A gives
    2^(k + 1) A(N, k) = sum over 0 <= i <= k of 2^(k - i) C(N - i, k - i) + (-1)^(N - k),
    here summed from C(N, k) down, C(N - i - 1, k - i - 1) = C(N - i, k - i) (k - i) / (N - i).
    """
    top, k = cards - 2, copies - 2
    term, total = comb(top, k), 0
    for i in range(k + 1):
        total += term << (k - i)
        if i < k:
            term = term * (k - i) // (top - i)
    alternating = (total + (-1) ** (top - k)) >> (k + 1)
    return (comb(top + 1, k + 1) + alternating) // 2


def _many_copies() -> st.SearchStrategy[int]:
    # m = k + 2 about each threshold of kind_counts: the four, the whole terms up to
    # SHORT_SERIES and the splitting past it, one leaf of LEAF_TERMS and more, and k!
    # past SHARED_DIVIDE_BITS bits (its odd part passes them near k = 480), inverted
    # on the shorter decks, where the quotients are short for it (``inverts``).
    around = [4, SHORT_SERIES + 2, LEAF_TERMS + 2, 2 * LEAF_TERMS + 2, 482]
    near = st.sampled_from(around).flatmap(lambda m: st.integers(max(2, m - 3), m + 3))
    return near | st.integers(2, 1200)


@settings(max_examples=80, deadline=None)
@given(_many_copies(), st.integers(0, 10**12) | st.integers(0, 10**40) | st.integers(0, 50))
def test_the_plie_and_total_match_math_comb_and_the_series_from_the_top(
    copies: int, more: int
) -> None:
    # Decks from just long enough for the diagonal (n = 2m - 2) to 10^40 cards, every
    # path of kind_counts against math.comb and the series summed the other way round.
    cards = 2 * copies - 2 + more
    summary = kind_counts(cards, copies)
    assert summary.total == comb(cards, copies)
    assert summary.plie == _plie_from_the_top(cards, copies)
    assert summary.killed == summary.given == (summary.total - summary.plie) // 2


@settings(max_examples=40, deadline=None)
@given(
    _many_copies().flatmap(
        lambda m: st.tuples(st.integers(max(m, 2 * m - 6), max(m, 2 * m - 6) + 600), st.just(m))
    )
)
def test_the_plie_is_the_direct_sum_over_abzugs(shape: tuple[int, int]) -> None:
    # The definition itself, C(n - 2j, m - 2) summed over the abzugs, on decks around
    # n = 2m - 2 (where the diagonal and the row of the series trade places).
    cards, copies = shape
    plie = sum(comb(cards - 2 * j, copies - 2) for j in range(1, cards // 2 + 1))
    assert kind_counts(cards, copies).plie == plie
    assert kind_counts(cards, copies).total == comb(cards, copies)


@pytest.mark.parametrize("copies", [3, 4, 5])
def test_the_game_s_four_copies_and_their_neighbours_on_every_deck(copies: int) -> None:
    # The closed form of m = 4 (A(N, 2) differs by the parity of N) and the whole terms
    # of m = 3, 5: every deck to 150 cards by the definition, long ones from the top.
    for cards in range(copies, 150):
        plie = sum(comb(cards - 2 * j, copies - 2) for j in range(1, cards // 2 + 1))
        assert kind_counts(cards, copies).plie == plie, cards
    for cards in (10**9, 10**9 + 1, 10**30, 10**30 + 1, 2**200 + 7):
        assert kind_counts(cards, copies).plie == _plie_from_the_top(cards, copies), cards
        assert kind_counts(cards, copies).total == comb(cards, copies)


def test_the_thresholds_are_where_the_tests_look() -> None:
    # The strategies above cross each threshold: k! for k = 480 has an odd part of more
    # than SHARED_DIVIDE_BITS bits, for k = 400 of fewer.
    def odd_bits(k: int) -> int:
        f = factorial(k)
        return (f >> ((f & -f).bit_length() - 1)).bit_length()

    assert odd_bits(400) < SHARED_DIVIDE_BITS < odd_bits(480)
    short_deck = comb(2 * 482 - 2, 480).bit_length() + 480  # 2^k C(N, k) on n = 2m - 2
    long_deck = comb(10**12, 480).bit_length() + 480
    assert inverts(odd_bits(480), short_deck, several=True)
    assert not inverts(odd_bits(480), long_deck, several=True)
    assert SHORT_SERIES < LEAF_TERMS < 2 * LEAF_TERMS < 480


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 10**400).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, min(n, 400)) | st.integers(0, n))
    )
)
def test_what_the_guard_passes_at_once_is_within_its_limits(shape: tuple[int, int]) -> None:
    # SMALL_BITS: C(n, m) < n^min(m, n - m), so what passes at once is cheap and short.
    cards, copies = shape
    if min(copies, cards - copies) * cards.bit_length() <= SMALL_BITS:
        cost = deal_cost(Deal(cards, copies))
        assert cost.digits < SMALL_BITS * log10(2) < MAX_PRINTED_DIGITS / 10
        assert cost.seconds < MAX_DECK_SECONDS / 100
        check_deal(Deal(cards, copies))


def _counts_from_positions(cards: int, copies: int) -> tuple[int, int, int]:
    """(killed, plié, given) summed over the first copy's position, from the rules."""
    given_ = sum(comb(cards - p, copies - 1) for p in range(2, cards + 1, 2))
    lobs = sum(comb(cards - p, copies - 1) for p in range(1, cards + 1, 2))
    plie = sum(comb(cards - p - 1, copies - 2) for p in range(1, cards, 2)) if copies >= 2 else 0
    return lobs - plie, plie, given_


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 2500).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.one_of(st.integers(1, min(n, 8)), st.integers(max(1, n - 40), n), st.integers(1, n)),
        )
    )
)
def test_kind_counts_match_sums_over_positions(shape: tuple[int, int]) -> None:
    # Small m, m near n, anything between: the counts are the sums over positions.
    cards, copies = shape
    summary = kind_counts(cards, copies)
    assert (summary.killed, summary.plie, summary.given) == _counts_from_positions(cards, copies)
    assert summary.total == comb(cards, copies)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 600).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_kind_counts_agree_with_position_counts(shape: tuple[int, int]) -> None:
    cards, copies = shape
    rows = list(position_counts(cards, copies))
    summary = kind_counts(cards, copies)
    assert sum(r.killed for r in rows) == summary.killed
    assert sum(r.plie for r in rows) == summary.plie
    assert sum(r.given for r in rows) == summary.given
    assert summary.killed + summary.plie + summary.given + summary.no_copy == summary.total


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 300).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_kind_counts_agree_with_the_spec_formulas(shape: tuple[int, int]) -> None:
    # The rules: the first copy at p has C(n - p, m - 1) position sets; a plié at abzug j
    # has C(n - 2j, m - 2). Summed here term by term.
    cards, copies = shape
    summary = kind_counts(cards, copies)
    if copies == 0:
        assert (summary.given, summary.plie, summary.no_copy) == (0, 0, 1)
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


def _least_cpu(cards: int, copies: int, *, number: int) -> float:
    best = inf
    for _ in range(3):
        start = process_time()
        for _ in range(number):
            kind_counts(cards, copies)
        best = min(best, (process_time() - start) / number)
    return best


@pytest.mark.parametrize(
    ("cards", "copies", "number"),
    [(10**5, 1000, 20), (10**9, 4000, 2), (4000, 2000, 20), (10**2000, 30, 2), (10**6, 8, 2000)],
    ids=str,
)
def test_the_summary_estimate_is_within_a_few_times_of_its_cpu_time(
    cards: int, copies: int, number: int
) -> None:
    # CPU time, the least of three rounds: other work on the machine only adds to it.
    spent = _least_cpu(cards, copies, number=number)
    guess = summary_seconds(cards, copies)
    assert spent / 4 < guess < spent * 4, (guess, spent)


def test_the_summary_estimate_is_symmetric_and_infinite_past_floats() -> None:
    for m in range(0, 53):
        assert summary_seconds(52, m) == pytest.approx(summary_seconds(52, 52 - m), rel=1e-12)
    assert summary_seconds(10**400, 10**200) == inf
    assert summary_seconds(10**400, 8) < 1


# --- one position, one abzug ---------------------------------------------------------------


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


# --- the cost estimate and its guard -------------------------------------------------------


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


def test_check_cost_passes_what_is_quick() -> None:
    for deal in (Deal(0, 0), Deal(52, 4), Deal(10**9, 8), Deal(10**100, 8), Deal(5000, 4995)):
        check_deal(deal)  # no refusal


def test_the_summary_limit_is_the_cost_estimate() -> None:
    # The smallest number of copies of a million cards whose estimate passes the limit.
    cards, low, high = 10**6, 1, 5 * 10**5
    while low < high:
        mid = (low + high) // 2
        passes = summary_seconds(cards, mid) <= MAX_DECK_SECONDS
        low, high = (mid + 1, high) if passes else (low, mid)
    assert summary_seconds(cards, low - 1) <= MAX_DECK_SECONDS < summary_seconds(cards, low)
    with pytest.raises(ShtossError, match=f"cards={cards} with copies={low}: about"):
        check_deal(Deal(cards, low))
    # One copy fewer passes the cost; its exact values may still be too long to print.
    if binom_bits(cards, low - 1) * log10(2) > MAX_PRINTED_DIGITS:
        with pytest.raises(ShtossError, match="exact values of about"):
            check_deal(Deal(cards, low - 1))
    else:
        check_deal(Deal(cards, low - 1))


def _first_too_long(cards: int) -> int:
    """The fewest copies of ``cards`` whose C(n, m) is estimated past MAX_PRINTED_DIGITS."""
    low, high = 1, cards // 2
    while low < high:
        mid = (low + high) // 2
        if binom_bits(cards, mid) * log10(2) <= MAX_PRINTED_DIGITS:
            low = mid + 1
        else:
            high = mid
    return low


def test_the_digit_limit_is_the_size_of_the_binomial() -> None:
    # 10^12 cards: the summary is cheap, but C(n, m), the denominator of every exact
    # answer, passes MAX_PRINTED_DIGITS digits between two neighbouring numbers of copies.
    cards = 10**12
    copies = _first_too_long(cards)
    exact_digits = comb(cards, copies).bit_length() * log10(2)
    assert exact_digits == pytest.approx(MAX_PRINTED_DIGITS, rel=1e-3)
    assert summary_seconds(cards, copies) < MAX_DECK_SECONDS
    check_deal(Deal(cards, copies - 1))
    with pytest.raises(ShtossError) as caught:
        check_deal(Deal(cards, copies))
    message = str(caught.value)
    assert f"cards={cards} with copies={copies}: exact values" in message
    assert f"the limit of {MAX_PRINTED_DIGITS} digits" in message and "\n" not in message


def test_huge_decks_are_named_by_their_digits() -> None:
    # A number beyond 10^30 is not written out in a message: its size is.
    with pytest.raises(ShtossError) as caught:
        check_deal(Deal(10**40, 10**20))
    message = str(caught.value)
    assert "cards=(about 41 digits) with copies=100000000000000000000" in message
    assert len(message) < 300
