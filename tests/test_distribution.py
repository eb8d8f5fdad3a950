"""The exact ``Distribution``: every measure and operation against brute formulas and
enumeration, and every record's distributions are this value and agree with brute force."""

from __future__ import annotations

import pickle
from decimal import Decimal
from fractions import Fraction
from itertools import product
from math import isqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError

VALUES = st.fractions(min_value=-20, max_value=20, max_denominator=6)


@st.composite
def distributions(draw: st.DrawFn, max_size: int = 6) -> dict[Fraction, Fraction]:
    """A small distribution as a plain dict (equal values possible before merging)."""
    values = draw(st.lists(VALUES, min_size=1, max_size=max_size, unique=True))
    weights = draw(st.lists(st.integers(0, 9), min_size=len(values), max_size=len(values)))
    if not any(weights):
        weights[0] = 1
    total = sum(weights)
    return {v: Fraction(w, total) for v, w in zip(values, weights, strict=True) if w}


def brute_mean(d: dict[Fraction, Fraction]) -> Fraction:
    return sum((v * p for v, p in d.items()), Fraction(0))


def brute_variance(d: dict[Fraction, Fraction]) -> Fraction:
    mean = brute_mean(d)
    return sum(((v - mean) ** 2 * p for v, p in d.items()), Fraction(0))


@given(distributions())
def test_mapping_mean_variance(d: dict[Fraction, Fraction]) -> None:
    dist = Distribution.of(d)
    assert dict(dist) == d and dist == d
    assert list(dist) == sorted(d) == list(dist.support)
    assert list(dist.items()) == sorted(d.items())
    assert list(reversed(dist.items())) == sorted(d.items(), reverse=True)
    assert dist.mean == brute_mean(d)
    assert dist.variance == brute_variance(d)
    assert dist.to_dict() == [
        {"value": str(v), "probability": str(p)} for v, p in sorted(d.items())
    ]
    below, zero, above = dist.sides()
    assert below == sum((p for v, p in d.items() if v < 0), Fraction(0))
    assert zero == d.get(Fraction(0), 0)
    assert above == sum((p for v, p in d.items() if v > 0), Fraction(0))
    assert below + zero + above == 1


def test_a_count_with_many_factors_of_the_base_is_reduced() -> None:
    # 433 * 833**99 over 833**100: the base's factors divided out whatever their number.
    total = 833**100
    d = Distribution.on_grid(Fraction(1), (0, 1), (433 * 833**99, total - 433 * 833**99),
                             total, base=833)  # fmt: skip
    assert d[0] == Fraction(433, 833) and d.sides() == (0, Fraction(433, 833), Fraction(400, 833))
    assert (d[0].numerator, d[0].denominator) == (433, 833)


@given(
    base=st.integers(2, 60),
    power=st.integers(0, 12),
    points=st.lists(st.integers(-9, 9), min_size=1, max_size=8, unique=True),
    data=st.data(),
)
def test_probabilities_over_a_power_of_a_base_are_in_lowest_terms(
    base: int, power: int, points: list[int], data: st.DataObject
) -> None:
    # Counts summing to base**power, many sharing the base's factors: each probability
    # read (by value, by items, by sides) is count / total, reduced.
    total = base**power
    cuts = sorted(data.draw(st.lists(st.integers(0, total), min_size=len(points) - 1,
                                     max_size=len(points) - 1)))  # fmt: skip
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    dist = Distribution.on_grid(Fraction(1, 2), points, counts, total, base=base)
    expected = {
        Fraction(p, 2): Fraction(c, total) for p, c in zip(points, counts, strict=True) if c
    }
    for value, p in dist.items():
        assert p == expected[value] == dist[value]
        assert (p.numerator, p.denominator) == (expected[value].numerator,
                                                 expected[value].denominator)  # fmt: skip
        assert hash(p) == hash(expected[value]) and isinstance(p, Fraction)
    sides = tuple(sum((p for v, p in expected.items() if test(v)), Fraction(0))
                  for test in (lambda v: v < 0, lambda v: v == 0, lambda v: v > 0))  # fmt: skip
    assert dist.sides() == sides
    assert [(p.numerator, p.denominator) for p in dist.sides()] == [
        (p.numerator, p.denominator) for p in sides
    ]


@given(distributions())
def test_sd_is_the_correctly_rounded_square_root(d: dict[Fraction, Fraction]) -> None:
    dist = Distribution.of(d)
    places = 12
    sd = dist.sd(places)
    scaled = sd.scaleb(places)
    assert scaled == scaled.to_integral_value()
    r = int(scaled)
    # |sd - sqrt(v)| <= half a unit of the last place: (r - 1/2)^2 <= v 10^2p <= (r + 1/2)^2
    v = dist.variance * 100**places
    assert max(Fraction(2 * r - 1, 2), Fraction(0)) ** 2 <= v <= Fraction(2 * r + 1, 2) ** 2
    exact = dist.exact_sd()
    if exact is not None:
        assert exact**2 == dist.variance
    else:
        top, bottom = dist.variance.numerator, dist.variance.denominator
        assert isqrt(top) ** 2 != top or isqrt(bottom) ** 2 != bottom


def test_sd_known_values() -> None:
    coin = Distribution.of({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    assert coin.exact_sd() == 1 and coin.sd(3) == Decimal("1.000")
    assert Distribution.of({0: Fraction(1, 2), 1: Fraction(1, 2)}).sd(0) == Decimal(0)  # 0.5 even
    two = Distribution.of({0: Fraction(1, 2), 2: Fraction(1, 2)}).scaled(Fraction(3, 2))
    assert two.sd(2) == Decimal("1.50")
    assert Distribution.of({0: Fraction(1, 3), 1: Fraction(2, 3)}).sd(5) == Decimal("0.47140")
    with pytest.raises(ShtossError, match="places"):
        coin.sd(10**6)


@given(distributions(), distributions())
def test_sum_of_independent_results_is_brute_enumeration(
    a: dict[Fraction, Fraction], b: dict[Fraction, Fraction]
) -> None:
    expected: dict[Fraction, Fraction] = {}
    for (x, p), (y, q) in product(a.items(), b.items()):
        expected[x + y] = expected.get(x + y, Fraction(0)) + p * q
    total = Distribution.of(a) + Distribution.of(b)
    assert total == expected
    assert total.mean == brute_mean(a) + brute_mean(b)
    assert total.variance == brute_variance(a) + brute_variance(b)
    assert Distribution.of(a).plus(Fraction(1, 3)) == {v + Fraction(1, 3): p for v, p in a.items()}
    assert sum([Distribution.of(a), Distribution.of(b)]) == total  # sum() starts from 0


@given(st.lists(st.tuples(st.integers(0, 5), distributions(4)), min_size=1, max_size=4))
def test_mixture_is_the_weighted_sum(parts: list[tuple[int, dict[Fraction, Fraction]]]) -> None:
    if not any(w for w, _ in parts):
        parts[0] = (1, parts[0][1])
    whole = sum(w for w, _ in parts)
    weighted = [(Fraction(w, whole), Distribution.of(d)) for w, d in parts]
    expected: dict[Fraction, Fraction] = {}
    for weight, d in weighted:
        for v, p in d.items():
            expected[v] = expected.get(v, Fraction(0)) + weight * p
    mixed = Distribution.mixture(weighted)
    assert mixed == {v: p for v, p in expected.items() if p}
    assert sum(mixed.values()) == 1
    assert mixed.mean == sum((w * d.mean for w, d in weighted), Fraction(0))


@given(distributions(), st.fractions(min_value=0, max_value=1).filter(lambda q: q > 0))
def test_cdf_and_quantile_are_inverse(d: dict[Fraction, Fraction], q: Fraction) -> None:
    dist = Distribution.of(d)
    for x in [*d, Fraction(-100), Fraction(100), Fraction(1, 7)]:
        assert dist.cdf(x) == sum((p for v, p in d.items() if v <= x), Fraction(0))
    value = dist.quantile(q)
    assert value in dist and dist.cdf(value) >= q
    below = [v for v in dist if v < value]
    assert not below or dist.cdf(below[-1]) < q
    assert dist.quantile(1) == max(d)
    for bad in (0, Fraction(3, 2)):
        with pytest.raises(ShtossError, match="q="):
            dist.quantile(bad)


@given(distributions(), VALUES)
def test_probability_and_conditioning(d: dict[Fraction, Fraction], cut: Fraction) -> None:
    dist = Distribution.of(d)

    def event(v: Fraction) -> bool:
        return v >= cut

    p = dist.probability(event)
    assert p == sum((q for v, q in d.items() if v >= cut), Fraction(0))
    if p == 0:
        with pytest.raises(ShtossError, match="probability 0"):
            dist.given(event)
        return
    cond = dist.given(event)
    assert cond == {v: q / p for v, q in d.items() if v >= cut}
    # The law of total expectation.
    if p < 1:
        rest = dist.given(lambda v: not event(v))
        assert p * cond.mean + (1 - p) * rest.mean == dist.mean


@given(distributions(), st.fractions(min_value=-5, max_value=5, max_denominator=5))
def test_scaled_and_map(d: dict[Fraction, Fraction], stake: Fraction) -> None:
    dist = Distribution.of(d)
    scaled = dist.scaled(stake)
    expected: dict[Fraction, Fraction] = {}
    for v, p in d.items():
        expected[v * stake] = expected.get(v * stake, Fraction(0)) + p
    assert scaled == expected
    assert scaled.mean == stake * dist.mean and scaled.variance == stake**2 * dist.variance
    assert dist.map(lambda v: v * stake) == scaled
    squares = dist.map(lambda v: v * v)
    assert squares.mean == dist.variance + dist.mean**2


@given(distributions())
def test_pickle_hash_and_equality(d: dict[Fraction, Fraction]) -> None:
    dist = Distribution.of(d)
    again = pickle.loads(pickle.dumps(dist))
    assert again == dist and hash(again) == hash(dist)
    # The same distribution on another grid and over another total is the same value.
    other = Distribution.on_grid(
        dist.unit / 2, (2 * p for p in dist.points), (3 * c for c in dist.counts), 3 * dist.total
    )
    assert other == dist and hash(other) == hash(dist)
    assert len({dist, other, again}) == 1
    with pytest.raises(AttributeError):
        dist.total = 3  # type: ignore[misc]
    shifted = dist + 1
    assert shifted != dist


def test_equal_values_merge_and_init_is_refused() -> None:
    with pytest.raises(TypeError):
        Distribution()
    merged = Distribution.of(
        [(1, Fraction(1, 4)), (1, Fraction(1, 4)), (2, Fraction(1, 2)), (3, 0)]
    )
    assert merged == {1: Fraction(1, 2), 2: Fraction(1, 2)} and 3 not in merged


# -- every record's distributions -----------------------------------------------------


def test_bank_distributions_are_brute_force() -> None:
    from shtoss_exact.banks.odds import Bet, bank
    from shtoss_exact.schemes.scheme import scheme_named
    from tests.banks.test_odds import brute

    bets = [
        Bet("7", stake=Fraction(2)),
        Bet("Q", stake=Fraction(1), scheme=scheme_named("pharaon")),
    ]
    b = bank(bets, cards=6, copies={"7": 2, "Q": 2})
    expected = brute(6, {"7": 2, "Q": 2}, bets)
    assert isinstance(b.banker_net, Distribution) and isinstance(b.length, Distribution)
    assert b.banker_net == expected["net"]
    assert b.length == expected["length"]
    assert b.variance == brute_variance(dict(expected["net"]))  # type: ignore[call-overload]
    assert b.to_dict()["length"][0]["value"] == min(b.length)


def test_series_net_is_the_sum_of_its_deals() -> None:
    from shtoss_exact.deck import Deal
    from shtoss_exact.plans.series import series
    from shtoss_exact.schemes.scheme import scheme_named

    deal = Deal(12, 2)
    one = scheme_named("pharaon").settlement_counts(deal).distribution()
    assert isinstance(one, Distribution)
    r = series("flat", deals=3, scheme="pharaon", deal=deal, kush=Fraction(2, 3))
    assert isinstance(r.net, Distribution)
    assert r.net == sum([one.scaled(Fraction(2, 3))] * 3)
    assert r.banker_net == r.net.scaled(-1)
    assert (r.ev, r.variance) == (r.net.mean, r.net.variance)
    assert (r.banker, r.null, r.punter) == r.net.sides()


def test_case_and_measures_distributions() -> None:
    from shtoss_exact.bet.odds import odds
    from tests.case.test_deal import PATTERN_CASES, _case, brute_pattern

    result = odds(cards=12, copies=2, scheme="pharaon").scheme_result
    assert result is not None and isinstance(result.distribution, Distribution)
    assert (result.ev, result.variance) == (
        brute_mean(dict(result.distribution)), brute_variance(dict(result.distribution))
    )  # fmt: skip
    for game, scheme, text, pattern in PATTERN_CASES[:4]:
        case = _case(game, scheme, text)
        deal = case.deal(pattern)
        assert isinstance(deal.banker_net, Distribution)
        assert deal.banker_net == brute_pattern(case, pattern)
        assert -deal.ev == deal.banker_net.mean
