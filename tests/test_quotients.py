"""Exact quotients against plain division, on divisors short and long."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.quotients import (
    NEWTON_BITS,
    SHARED_DIVIDE_BITS,
    exact_quotient,
    exact_quotients,
    inverse_mod_power,
    inverts,
)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(NEWTON_BITS // 2, 3 * NEWTON_BITS),  # both sides of the threshold
    st.integers(0, 2**20),
    st.integers(0, 4),
    st.sampled_from([1, -1]),
)
def test_exact_quotient_is_the_quotient(bits: int, seed: int, scale: int, sign: int) -> None:
    divisor = 3**bits % 2**bits | 1 | 1 << bits  # odd, of bits + 1 bits
    quotient = sign * ((7**bits + seed) >> (bits * scale // 2))  # 0 to longer than the divisor
    assert exact_quotient(divisor * quotient, divisor) == quotient


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 5 * SHARED_DIVIDE_BITS),
    st.lists(st.tuples(st.integers(0, 2**16), st.integers(0, 6), st.sampled_from([1, -1])),
             min_size=1, max_size=3),
)  # fmt: skip
def test_exact_quotients_are_the_quotients(bits: int, shapes: list[tuple[int, int, int]]) -> None:
    # Divisors short and long, quotients shorter and longer than them: plain division,
    # and one shared inverse to half the quotient's length (Karp and Markstein).
    divisor = 3**bits % 2**bits | 1 | 1 << bits
    quotients = [sign * ((5**bits + seed) >> (bits * scale // 3)) for seed, scale, sign in shapes]
    assert exact_quotients(tuple(divisor * q for q in quotients), divisor) == quotients


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**20000).map(lambda b: 2 * b + 1), st.integers(1, 30000))
def test_the_inverse_is_an_inverse(odd: int, bits: int) -> None:
    assert odd * inverse_mod_power(odd, bits) % 2**bits == 1


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2 * NEWTON_BITS, 20 * NEWTON_BITS),
    st.lists(st.tuples(st.integers(0, 2**16), st.integers(0, 3000), st.sampled_from([1, -1])),
             min_size=1, max_size=3),
)  # fmt: skip
def test_long_divisors_with_short_quotients_go_through_the_inverse(
    bits: int, shapes: list[tuple[int, int, int]]
) -> None:
    # A divisor of 12 000 to 120 000 bits and quotients under a third as long (5^b has
    # 2.32 b bits): the inverse's side of ``inverts``, one quotient and several.
    divisor = 3**bits % 2**bits | 1 | 1 << bits
    quotients = [sign * ((5**bits + seed) >> (2 * bits + cut)) for seed, cut, sign in shapes]
    longest = max(abs(q).bit_length() for q in quotients)
    assert inverts(bits + 1, longest, several=len(quotients) > 1)
    assert exact_quotients(tuple(divisor * q for q in quotients), divisor) == quotients
    assert exact_quotient(divisor * quotients[0], divisor) == quotients[0]


def test_inverting_pays_for_long_divisors_and_short_quotients_only() -> None:
    # Plain division costs about d L, the inverse about L**1.585: a divisor is inverted
    # only when it is long for its quotient, and never under its floor.
    assert not inverts(NEWTON_BITS, 1)
    assert not inverts(SHARED_DIVIDE_BITS, 1, several=True)
    assert inverts(30_000, 10_000) and not inverts(7_500, 22_000, several=True)
    for quotient in (1_000, 10_000, 100_000, 1_000_000):
        longest = next(d for d in range(0, 10**6, 500) if inverts(d, quotient))
        assert inverts(longest, quotient) and not inverts(longest - 500, quotient)
        assert inverts(longest, quotient, several=True)  # sharing one inverse pays sooner
