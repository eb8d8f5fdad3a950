"""What a user hands a ``Distribution``, read and checked: each reader's result against
its definition (counts over the least common denominator, points on the values'
grid), and every refusal one ``ShtossError`` line naming the bad value."""

from __future__ import annotations

import enum
from collections.abc import Callable
from fractions import Fraction
from math import gcd

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact.distribution import Distribution
from shtoss_exact.distribution_input import (
    MAX_SD_PLACES,
    _pairs,
    _wholes,
    read_counts,
    read_grid,
    read_level,
    read_places,
    read_probabilities,
    read_weighted,
)
from shtoss_exact.errors import ShtossError
from tests.test_distribution import VALUES, distributions


def test_construction_is_checked() -> None:
    with pytest.raises(ShtossError, match="sum to"):
        Distribution.of({0: Fraction(1, 3)})
    with pytest.raises(ShtossError, match="probabilities >= 0"):
        Distribution.of({0: Fraction(3, 2), 1: Fraction(-1, 2)})
    with pytest.raises(ShtossError, match="float"):
        Distribution.of({0.5: 1})
    with pytest.raises(ShtossError, match="total"):
        Distribution.from_counts({0: 1, 1: 1}, 3)
    with pytest.raises(ShtossError):
        Distribution.from_counts({0: -1, 1: 2})
    with pytest.raises(ShtossError):
        Distribution.on_grid(Fraction(1), (0, 1), (1, 1), 3)


def test_a_mixture_is_checked() -> None:
    half = Fraction(1, 2)
    with pytest.raises(ShtossError, match="sum to 1/2"):
        Distribution.mixture([(half, Distribution.point(0))])
    with pytest.raises(ShtossError, match="weight >= 0"):
        Distribution.mixture(
            [(Fraction(3, 2), Distribution.point(0)), (-half, Distribution.point(1))]
        )
    with pytest.raises(ShtossError, match=r"not \(1, dict\)"):
        Distribution.mixture([(1, {0: 1})])  # type: ignore[list-item]


@given(distributions())
def test_probabilities_become_counts_over_their_least_common_denominator(
    d: dict[Fraction, Fraction],
) -> None:
    pairs, total = read_probabilities(d)
    assert [value for value, _ in pairs] == list(d)
    assert all(Fraction(count, total) == d[value] for value, count in pairs)
    assert sum(count for _, count in pairs) == total
    # Least: a smaller common denominator would leave a factor common to all.
    assert gcd(total, *(count for _, count in pairs)) == 1


@given(st.dictionaries(VALUES, st.integers(1, 9), min_size=1, max_size=6))
def test_counts_are_read_onto_the_grid_of_their_values(counts: dict[Fraction, int]) -> None:
    unit, pairs, total = read_counts(counts)
    listed = list(pairs)
    assert unit.numerator == 1 and total == sum(counts.values())
    assert {point * unit: count for point, count in listed} == counts
    # The coarsest such grid: 1/unit is the least common denominator of the values.
    assert all((v / unit).denominator == 1 for v in counts)
    assert all(unit.denominator % v.denominator == 0 for v in counts)
    common = unit.denominator
    for q in range(2, common + 1):
        if common % q == 0:  # common // q: no common denominator of the values
            assert any((v * (common // q)).denominator != 1 for v in counts)


def test_a_grid_is_read_as_given() -> None:
    unit, pairs, total, base = read_grid(Fraction(1, 3), [2, -1], [5, 3], 8, base=2)
    assert (unit, list(pairs), total, base) == (Fraction(1, 3), [(2, 5), (-1, 3)], 8, 2)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ({1: 2, 3: 4}, [(1, 2), (3, 4)]),
        ([(1, 2), [3, 4]], [(1, 2), [3, 4]]),
        (((v, v + 1) for v in (5, 6)), [(5, 6), (6, 7)]),
        ([], []),
    ],
    ids=["mapping", "pairs", "generator", "none"],
)
def test_pairs_are_a_mapping_or_pairs(source: object, expected: list[object]) -> None:
    assert _pairs(source, name="counts", of="count") == expected


def test_whole_points_pass_as_they_are() -> None:
    points = [3, -1, 10**50]
    assert _wholes(points, name="point") == points
    assert _wholes(iter(points), name="point") == points


def test_places_and_levels_at_their_bounds() -> None:
    assert read_places(0) == 0 and read_places(MAX_SD_PLACES) == MAX_SD_PLACES
    assert read_level(1) == 1 and read_level(Fraction(1, 10**9)) == Fraction(1, 10**9)
    weights: list[tuple[Fraction | int, str]] = [
        (Fraction(1, 3), "a"),
        (Fraction(2, 3), "b"),
        (0, "c"),
    ]
    assert read_weighted(weights, kind=str) == [
        (Fraction(1, 3), "a"), (Fraction(2, 3), "b"), (Fraction(0), "c")
    ]  # fmt: skip


REFUSED: list[tuple[str, Callable[[], object], str]] = [
    ("pairs-text", lambda: _pairs("ab", name="counts", of="count"), "counts='ab' is a str"),
    ("pairs-bytes", lambda: _pairs(b"ab", name="counts", of="count"), "is a bytes"),
    ("pairs-int", lambda: _pairs(7, name="counts", of="count"), "counts=7 is a int"),
    (
        "pairs-triple",
        lambda: _pairs([(1, 2, 3)], name="counts", of="count"),
        "not a (value, count)",
    ),
    ("pairs-one", lambda: _pairs([1], name="counts", of="count"), "1 is not a (value, count) pair"),
    ("wholes-bool", lambda: _wholes([1, True], name="count"), "count=True is not a whole"),
    ("wholes-float", lambda: _wholes([2.0], name="point"), "point=2.0 is not a whole"),
    ("grid-lengths", lambda: read_grid(Fraction(1), [1], [1, 1], 2), "1 points and 2 counts"),
    ("grid-negative", lambda: read_grid(Fraction(1), [1, 2], [3, -1], 2), "counts must be >= 0"),
    ("grid-sum", lambda: read_grid(Fraction(1), [1, 2], [1, 1], 3), "sum to the total"),
    ("grid-zero-unit", lambda: read_grid(Fraction(0), [1], [1], 1), "unit must not be 0"),
    ("grid-base", lambda: read_grid(Fraction(1), [1], [1], 1, base=-2), "base=-2"),
    ("counts-total", lambda: read_counts({0: 1, 1: 1}, 3), "sum to 2, not to total=3"),
    ("counts-empty", lambda: read_counts({}), "sum to 0"),
    ("counts-negative", lambda: read_counts({0: -1, 1: 2}), "count=-1"),
    ("probabilities-sum", lambda: read_probabilities({0: Fraction(1, 3)}), "sum to 1/3"),
    ("probabilities-negative", lambda: read_probabilities({0: 2, 1: -1}), "value 1 has prob"),
    ("probabilities-float", lambda: read_probabilities({0: 1.0}), "probability=1.0 is a float"),
    ("weighted-kind", lambda: read_weighted([(1, 3)], kind=str), "not (1, int)"),
    ("weighted-sum", lambda: read_weighted([(Fraction(1, 2), "a")], kind=str), "sum to 1/2"),
    ("places-above", lambda: read_places(MAX_SD_PLACES + 1), "places=10001: allowed 0..10000"),
    ("places-negative", lambda: read_places(-1), "places=-1"),
    ("places-bool", lambda: read_places(True), "places=True"),
    ("level-zero", lambda: read_level(0), "q=0: allowed 0 < q <= 1"),
    ("level-above", lambda: read_level(Fraction(3, 2)), "q=3/2: allowed 0 < q <= 1"),
    ("level-float", lambda: read_level(0.5), "q=0.5 is a float"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "message"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_each_refusal_is_one_line_naming_the_value(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ShtossError) as refused:
        call()
    text = str(refused.value)
    assert message in text and "\n" not in text


@given(st.integers(2, 40), st.integers(0, 60), st.data())
def test_a_grid_over_a_power_of_its_base_reads_in_lowest_terms(
    base: int, power: int, data: st.DataObject
) -> None:
    total = base**power
    first = data.draw(st.integers(0, total))
    grid = Distribution.on_grid(1, (0, 1), (first, total - first), total, base=base)
    assert dict(grid.items()) == {
        v: Fraction(c, total) for v, c in ((0, first), (1, total - first)) if c
    }
    # A total that is not a power of the base is refused, never read in wrong terms.
    if total > 1:
        with pytest.raises(ShtossError, match="is not a power of base"):
            Distribution.on_grid(1, (0, 1), (first, total - first + 1), total + 1, base=base)


def test_counts_of_an_int_subclass_are_read_as_ints() -> None:
    class Count(enum.IntEnum):
        THREE = 3
        FIVE = 5

    grid = Distribution.on_grid(1, (0, 1), (Count.THREE, Count.FIVE), 8, base=2)
    assert type(grid[0].numerator) is int and grid[0] == Fraction(3, 8)
