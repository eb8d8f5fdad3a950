"""Whole counts over a common denominator: mixed tables against the mixture in
Fractions, the common step against its definition, the grids of a mixture and of a
sum of independent results against enumeration, and the sum's bound."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import gcd

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact.distribution import Distribution
from shtoss_exact.distribution_counts import _common_unit, mix_counts, mixture_grid, sum_grid
from shtoss_exact.errors import ShtossError
from shtoss_exact.limits import MAX_SUM_PAIRS
from tests.test_distribution import distributions

TABLES = st.lists(
    st.tuples(
        st.integers(1, 5),
        st.dictionaries(st.sampled_from("abcd"), st.integers(0, 9), min_size=1),
        st.integers(1, 12),
    ),
    min_size=1,
    max_size=4,
)


def test_mix_counts() -> None:
    # 2/3 of (a: 1/3) and 1/3 of (b: 1): a 2/9, b 3/9.
    assert mix_counts([(2, {"a": 1}, 3), (1, {"b": 1}, 1)]) == ({"a": 2, "b": 3}, 9)


@given(TABLES)
def test_mixed_counts_are_the_mixture_in_fractions(
    tables: list[tuple[int, dict[str, int], int]],
) -> None:
    counts, total = mix_counts(tables)
    weights = sum(weight for weight, _, _ in tables)
    for key in {key for _, table, _ in tables for key in table}:
        expected = sum(
            (Fraction(weight, weights) * Fraction(table.get(key, 0), whole)
             for weight, table, whole in tables),
            Fraction(0),
        )  # fmt: skip
        assert Fraction(counts[key], total) == expected


@given(st.lists(st.fractions(min_value=-30, max_value=30, max_denominator=12)
                .filter(bool), min_size=1, max_size=5))  # fmt: skip
def test_the_common_unit_is_the_largest_step_of_every_unit(units: list[Fraction]) -> None:
    unit = _common_unit(units)
    steps = [u / unit for u in units]
    assert unit > 0 and all(step.denominator == 1 for step in steps)
    # Largest: the steps share no factor (else unit times it would be a common step).
    assert gcd(*(step.numerator for step in steps)) == 1


@given(distributions(), distributions())
def test_the_sum_grid_is_the_enumeration_of_every_pair(
    a: dict[Fraction, Fraction], b: dict[Fraction, Fraction]
) -> None:
    one, other = Distribution.of(a), Distribution.of(b)
    unit, pairs, total = sum_grid(one, other)
    expected: dict[Fraction, Fraction] = {}
    for (x, p), (y, q) in product(a.items(), b.items()):
        expected[x + y] = expected.get(x + y, Fraction(0)) + p * q
    assert total == one.total * other.total
    assert {point * unit: Fraction(count, total) for point, count in pairs} == expected


@given(st.lists(st.tuples(st.integers(0, 5), distributions(4)), min_size=1, max_size=4))
def test_the_mixture_grid_is_the_weighted_sum(
    parts: list[tuple[int, dict[Fraction, Fraction]]],
) -> None:
    if not any(w for w, _ in parts):
        parts[0] = (1, parts[0][1])
    whole = sum(w for w, _ in parts)
    weighted = [(Fraction(w, whole), Distribution.of(d)) for w, d in parts]
    unit, pairs, total = mixture_grid(weighted)
    expected: dict[Fraction, Fraction] = {}
    for weight, d in weighted:
        for v, p in d.items():
            if weight:
                expected[v] = expected.get(v, Fraction(0)) + weight * p
    mixed = {point * unit: Fraction(count, total) for point, count in pairs}
    assert mixed == expected


def test_sum_refused_above_its_bound() -> None:
    wide = Distribution.from_counts({k: 1 for k in range(2001)})
    with pytest.raises(ShtossError, match="pairs"):
        wide + wide
    with pytest.raises(ShtossError, match="pairs"):
        sum_grid(wide, wide)
    assert len(wide) ** 2 > MAX_SUM_PAIRS
