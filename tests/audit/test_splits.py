"""The splits audit: sizes, powers and the test martingale, against enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.audit.law import fair_splits, stacked_splits
from shtoss_exact.audit.splits import (
    MAX_DEALS,
    audit_splits,
    check_alpha,
    critical_value,
    martingale,
    sum_cost_of,
    sum_law,
    upper_tail,
)
from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError
from tests.audit.oracle import fair_law, stacked_law, sum_of, tail

ALPHAS = [Fraction(1, 100), Fraction(1, 20), Fraction(1, 10), Fraction(1, 4), Fraction(1, 2)]


@pytest.mark.parametrize(("ranks", "copies", "deals"), [(2, 4, 3), (3, 3, 2), (3, 4, 2)])
def test_the_sum_over_deals_is_that_of_every_combination(
    ranks: int, copies: int, deals: int
) -> None:
    one = fair_law(ranks, copies)
    expected = sum_of([one] * deals)
    found = sum_law(fair_splits(ranks=ranks, copies=copies), deals)
    assert dict(found.items()) == {Fraction(k): p for k, p in expected.items() if p}


@pytest.mark.parametrize(("ranks", "copies", "deals"), [(2, 4, 3), (3, 3, 2), (3, 4, 2)])
@pytest.mark.parametrize("alpha", ALPHAS)
def test_the_critical_value_and_its_size_by_enumeration(
    ranks: int, copies: int, deals: int, alpha: Fraction
) -> None:
    total = sum_of([fair_law(ranks, copies)] * deals)
    critical, size = critical_value(sum_law(fair_splits(ranks=ranks, copies=copies), deals), alpha)
    assert size == tail(total, critical) <= alpha
    assert tail(total, critical - 1) > alpha  # the least such value: no smaller one is valid


@pytest.mark.parametrize(("ranks", "copies", "stacked"), [(3, 4, 1), (3, 4, 2), (4, 3, 1)])
@pytest.mark.parametrize("alpha", ALPHAS)
def test_the_power_by_enumeration(ranks: int, copies: int, stacked: int, alpha: Fraction) -> None:
    deals = 2
    fair_total = sum_of([fair_law(ranks, copies)] * deals)
    other_total = sum_of([stacked_law(ranks, copies, stacked)] * deals)
    critical, _ = critical_value(sum_law(fair_splits(ranks=ranks, copies=copies), deals), alpha)
    other = stacked_splits(stacked, ranks=ranks, copies=copies)
    assert upper_tail(sum_law(other, deals), critical) == tail(other_total, critical)
    assert tail(other_total, critical) >= tail(fair_total, critical)  # not below the size here


@pytest.mark.parametrize("stacked", range(13))
def test_each_factor_has_expectation_one_under_fair_dealing(stacked: int) -> None:
    fair, other = fair_splits(), stacked_splits(stacked)
    steps = [martingale((int(k),), fair=fair, stacked=other)[0] for k in fair]
    assert sum(p * s.factor for p, s in zip(fair.values(), steps, strict=True)) == 1
    assert all(s.factor > 0 for s in steps)  # a deal cannot ruin the test for good


@pytest.mark.parametrize(("ranks", "copies", "stacked"), [(3, 4, 1), (3, 3, 1)])
@pytest.mark.parametrize("alpha", [Fraction(1, 2), Fraction(1, 4)])
def test_villes_inequality_by_enumeration(ranks: int, copies: int, stacked: int,
                                          alpha: Fraction) -> None:  # fmt: skip
    # every sequence of three deals: the chance that the product ever reaches 1/alpha
    fair, other = (
        fair_splits(ranks=ranks, copies=copies),
        stacked_splits(stacked, ranks=ranks, copies=copies),
    )
    one = fair_law(ranks, copies)
    caught = Fraction(0)
    for outcome in product(one.items(), repeat=3):
        steps = martingale(tuple(k for k, _ in outcome), fair=fair, stacked=other)
        if any(s.product >= 1 / alpha for s in steps):
            p = Fraction(1)
            for _, q in outcome:
                p *= q
            caught += p
    assert caught <= alpha


def test_the_product_is_the_product_of_the_factors() -> None:
    steps = audit_splits([3, 0, 2, 5]).sequential
    running = Fraction(1)
    for step in steps:
        running *= step.factor
        assert step.product == running


def test_a_deal_without_splits_halves_the_product_against_one_pair() -> None:
    # one pair put up makes 0 splits impossible: the factor is 1 - 1/2 + 1/2 * 0
    assert audit_splits([0]).sequential[0].factor == Fraction(1, 2)


counts = st.lists(st.integers(0, 25), min_size=1, max_size=6)
alphas = st.fractions(min_value=Fraction(1, 10**6), max_value=Fraction(999_999, 10**6)).filter(
    lambda a: 0 < a < 1
)


@settings(max_examples=40, deadline=None)
@given(counts, alphas, st.integers(0, 12))
def test_properties(seen: list[int], alpha: Fraction, stacked: int) -> None:
    audit = audit_splits(seen, alpha=alpha, stacked=stacked)
    assert 0 <= audit.p_value <= 1
    assert audit.size <= alpha
    assert audit.size == upper_tail(audit.splits, audit.critical)
    assert (audit.p_value <= alpha) == audit.rejected  # the test and its p-value agree
    assert audit.splits.mean == len(seen) * Fraction(25, 17)
    if stacked == 0:
        assert audit.power == audit.size
    else:
        assert audit.power >= audit.size  # more splits put up, more often past the value


def test_the_52_card_figures_hold_together() -> None:
    audit = audit_splits([2] * 20, alpha="1/20", stacked=1)
    # by the normal approximation the critical value is near 20 * 25/17 + 1.645 sd
    sd = float(fair_splits().variance * 20) ** 0.5
    assert abs(audit.critical - (20 * 25 / 17 + 1.645 * sd)) < 3
    assert upper_tail(audit.splits, audit.critical - 1) > Fraction(1, 20) >= audit.size
    assert audit.caught_at is None or audit.sequential[audit.caught_at - 1].product >= 20


def test_the_cost_is_checked_before_anything_is_computed() -> None:
    assert sum_cost_of(fair_splits(), 100).seconds < 5
    with pytest.raises(ShtossError, match="the splits audit of 400 deals: about"):
        audit_splits([1] * 400)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: audit_splits([26]), "split count 26 of deal 1: allowed a whole number 0..25"),
        (lambda: audit_splits([-1]), "split count -1"),
        (lambda: audit_splits([True]), "split count True"),
        (lambda: audit_splits([]), "no deal"),
        (lambda: audit_splits("3,1"), "is not a list of split counts"),
        (lambda: audit_splits([1] * (MAX_DEALS + 1)), f"more than {MAX_DEALS} deals"),
        (lambda: audit_splits([1], alpha=0), "alpha=0: allowed"),
        (lambda: audit_splits([1], alpha=1), "alpha=1: allowed"),
        (lambda: audit_splits([1], alpha="3/2"), "alpha=3/2"),
        (lambda: audit_splits([1], stacked=13), "stacked=13"),
        (lambda: check_alpha(0.05), "alpha"),
        (lambda: critical_value(Distribution.point(Fraction(1, 2)), Fraction(1, 2)),
         "whole-number"),
    ],
)  # fmt: skip
def test_refusals(call: object, fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        call()  # type: ignore[operator]
