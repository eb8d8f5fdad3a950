"""The integer arithmetic of whole counts over a common denominator: tables of counts
mixed with whole weights (``mix_counts``: a mixture of distributions, of decks, of a
scheme's settlements), grids brought onto one common step (``_common_unit``), and on
it the grid of a mixture of distributions and of the sum of two independent results.

Each returns what ``Distribution`` builds from (a unit, (point, count) pairs and a
total); nothing here builds a ``Distribution`` itself.

>>> _common_unit([Fraction(1, 2), Fraction(1, 3)])
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Mapping
from fractions import Fraction
from math import gcd, lcm
from typing import TYPE_CHECKING, TypeVar

from shtoss_exact.limits import check_sum

if TYPE_CHECKING:
    from shtoss_exact.distribution import Distribution

K = TypeVar("K")


def mix_counts(parts: Iterable[tuple[int, Mapping[K, int], int]]) -> tuple[dict[K, int], int]:
    r"""Tables of whole ``counts`` over their ``total``, mixed with whole ``weight``\ s:
    ``(weight, counts, total)`` each, the weights relative to their sum. The counts of
    the mixture over one common denominator: ``(counts, total)``.

    >>> mix_counts([(1, {"a": 1, "b": 1}, 2), (3, {"a": 1}, 1)])
    ({'a': 7, 'b': 1}, 8)
    """
    listed = list(parts)
    common = lcm(*(total for _, _, total in listed))
    merged: dict[K, int] = {}
    for weight, counts, total in listed:
        scale = weight * (common // total)
        for key, count in counts.items():
            merged[key] = merged.get(key, 0) + count * scale
    return merged, common * sum(weight for weight, _, _ in listed)


def _common_unit(units: Iterable[Fraction]) -> Fraction:
    """The largest step of which every unit is a whole multiple."""
    listed = list(units)
    return Fraction(gcd(*(u.numerator for u in listed)), lcm(*(u.denominator for u in listed)))


def mixture_grid(
    parts: list[tuple[Fraction, Distribution]],
) -> tuple[Fraction, ItemsView[int, int], int]:
    """The grid of a mixture of ``(weight, distribution)`` parts (weights already checked
    >= 0 summing to 1): the common unit, the mixed (point, count) pairs and their total.

    >>> from shtoss_exact.distribution import Distribution
    >>> half = Fraction(1, 2)
    >>> unit, pairs, total = mixture_grid([(half, Distribution.point(0)),
    ...                                    (half, Distribution.point(Fraction(1, 2)))])
    >>> unit, sorted(pairs), total
    (Fraction(1, 2), [(0, 1), (1, 1)], 2)
    """
    unit = _common_unit(d._unit for w, d in parts if w)
    scale = lcm(*(w.denominator for w, _ in parts))
    tables = [
        (int(w * scale), {p * int(d._unit / unit): c
                          for p, c in zip(d._points, d._counts, strict=True)}, d._total)
        for w, d in parts if w
    ]  # fmt: skip
    counts, total = mix_counts(tables)
    return unit, counts.items(), total


def sum_grid(one: Distribution, other: Distribution) -> tuple[Fraction, ItemsView[int, int], int]:
    """The grid of the sum of two independent results: the common unit, the (point,
    count) pairs of every sum of a value of each, over the product of the totals.
    Refused when the supports' product exceeds ``MAX_SUM_PAIRS``, or when its products
    of counts would take too long (``check_sum``).

    >>> from shtoss_exact.distribution import Distribution
    >>> coin = Distribution.from_counts({0: 1, 1: 1})
    >>> unit, pairs, total = sum_grid(coin, coin)
    >>> unit, sorted(pairs), total
    (Fraction(1, 1), [(0, 1), (1, 2), (2, 1)], 4)
    """
    unit = _common_unit((one._unit, other._unit))
    a, b = int(one._unit / unit), int(other._unit / unit)
    span = (one._points[-1] - one._points[0]) * a + (other._points[-1] - other._points[0]) * b
    check_sum((len(one), len(other)), span + 1,
              (one._total.bit_length(), other._total.bit_length()))  # fmt: skip
    sums: dict[int, int] = {}
    for p, c in zip(one._points, one._counts, strict=True):
        for q, d in zip(other._points, other._counts, strict=True):
            key = p * a + q * b
            sums[key] = sums.get(key, 0) + c * d
    return unit, sums.items(), one._total * other._total
