"""One exact distribution: a net result, a number of abzugs, any finite random value.

A ``Distribution`` is an immutable, hashable value over exact outcomes: every value a
``Fraction`` and every probability a ``Fraction``, summing to exactly 1. It is held as
integer counts over one common ``total`` on a grid of values (``point * unit``, the
points increasing, no zero count), so that a long result (a plan over many deals, a
probability of thousands of digits) stays in integers: a ``Fraction`` is made only
when a probability is read. When ``total`` is a power of a known ``base``, reading a
probability divides out the base's factors alone, with no gcd of big numbers.

It reads as a mapping value -> probability (``d[value]``, ``d.items()``, ``len(d)``;
iteration gives the values, increasing), equals any mapping with the same items, and
gives the measures (``mean``, ``variance``, ``sd(places)``, ``cdf``, ``quantile``,
``probability``, ``sides``), the operations (``given``, ``plus`` or ``+`` for the sum
of independent results, ``scaled``, ``map``, ``mixture``) and the record
(``to_dict()``: the list of ``{"value", "probability"}`` every JSON output holds), and
the other exact libraries (``to_icepool()``, ``from_icepool(die)``, ``to_sympy()``).

>>> d = Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)})
>>> d
Distribution({-1: 433/833, 1: 400/833})
>>> d.mean, d[1], d.cdf(0), d.quantile(Fraction(1, 2))
(Fraction(-33, 833), Fraction(400, 833), Fraction(433, 833), Fraction(-1, 1))
>>> (d + d).to_dict()[1]
{'value': '0', 'probability': '346400/693889'}
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from math import gcd, isqrt, lcm
from operator import mul
from typing import Any

from shtoss_exact.distribution_counts import mix_counts, mixture_grid, sum_grid
from shtoss_exact.distribution_input import (
    MAX_SD_PLACES,
    _value,
    check_callable,
    read_counts,
    read_grid,
    read_level,
    read_places,
    read_probabilities,
    read_weighted,
)
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _
from shtoss_exact.numbers import exact_text

__all__ = ["MAX_SD_PLACES", "Distribution", "Value", "mix_counts"]

Value = Fraction | int


def _coprime(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` of two ints already in lowest terms
    (``denominator > 0``), without the gcd ``Fraction`` would redo on them: a long
    probability's gcd is the cost of reading it. The fields are ``Fraction``'s own slots.
    """
    made = object.__new__(Fraction)
    object.__setattr__(made, "_numerator", numerator)
    object.__setattr__(made, "_denominator", denominator)
    return made


class Distribution(Mapping[Fraction, Fraction]):
    """An exact distribution: value -> probability, immutable and hashable.

    Build one with ``Distribution.of(mapping)``, ``from_counts(counts)`` or
    ``point(value)``. Equal values are merged, outcomes of probability 0 dropped;
    probabilities must be >= 0 and sum to exactly 1, else ``ShtossError``.

    >>> Distribution.of([(2, Fraction(1, 4)), (2, Fraction(1, 4)), (-1, Fraction(1, 2))])
    Distribution({-1: 1/2, 2: 1/2})
    >>> Distribution.of({1: Fraction(1, 2)})
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: the probabilities sum to 1/2: allowed a sum of exactly 1
    """

    __slots__ = ("_base", "_counts", "_hash", "_index", "_points", "_sides", "_total", "_unit")

    _unit: Fraction
    _points: tuple[int, ...]
    _counts: tuple[int, ...]
    _total: int
    _base: int
    _hash: int | None
    _index: dict[Fraction, int] | None
    _sides: tuple[Fraction, Fraction, Fraction] | None

    def __init__(self) -> None:
        raise TypeError("use Distribution.of, Distribution.from_counts or Distribution.point")

    @classmethod
    def _make(
        cls, unit: Fraction, points: tuple[int, ...], counts: tuple[int, ...], total: int,
        base: int = 0,
    ) -> Distribution:  # fmt: skip
        """From a grid already canonical: points increasing, counts > 0 summing to total."""
        self = object.__new__(cls)
        for name, value in (("_unit", unit), ("_points", points), ("_counts", counts),
                            ("_total", total), ("_base", base), ("_hash", None),
                            ("_index", None), ("_sides", None)):  # fmt: skip
            object.__setattr__(self, name, value)
        return self

    @classmethod
    def _of_points(
        cls, unit: Fraction, pairs: Iterable[tuple[int, int]], total: int, base: int = 0
    ) -> Distribution:
        """From (point, count) pairs in any order: equal points merged, zero counts dropped."""
        listed = list(pairs)
        if all(c > 0 for _, c in listed) and all(a < b for (a, _), (b, _) in pairwise(listed)):
            points, counts = tuple(p for p, _ in listed), tuple(c for _, c in listed)
        else:
            merged: dict[int, int] = {}
            for point, count in listed:
                if point in merged:
                    merged[point] += count
                else:
                    merged[point] = count  # no 0 + count: a copy of a long count
            points = tuple(sorted(p for p, c in merged.items() if c))
            counts = tuple(merged[p] for p in points)
        if unit < 0:
            unit, points, counts = -unit, tuple(-p for p in reversed(points)), counts[::-1]
        return cls._make(unit, points, counts, total, base)

    @classmethod
    def on_grid(
        cls, unit: Fraction, points: Iterable[int], counts: Iterable[int], total: int,
        *, base: int = 0,
    ) -> Distribution:  # fmt: skip
        """Values ``point * unit`` with probabilities ``count / total`` (integer counts,
        the fast path of long results); ``base``: ``total`` is a power of it.

        >>> Distribution.on_grid(Fraction(1, 2), (-1, 1, 3), (1, 0, 3), 4)
        Distribution({-1/2: 1/4, 3/2: 3/4})
        """
        return cls._of_points(*read_grid(unit, points, counts, total, base=base))

    @classmethod
    def from_counts(
        cls, counts: Mapping[Any, int] | Iterable[tuple[Any, int]], total: int | None = None
    ) -> Distribution:
        """Values with whole counts over ``total`` (by default the sum of the counts).

        >>> Distribution.from_counts({0: 3, Fraction(1, 2): 1})
        Distribution({0: 3/4, 1/2: 1/4})
        """
        return cls._of_points(*read_counts(counts, total))

    @classmethod
    def of(cls, probabilities: Mapping[Any, Any] | Iterable[tuple[Any, Any]]) -> Distribution:
        """Values with exact probabilities (ints or Fractions; equal values merged).

        >>> Distribution.of({Fraction(1, 3): Fraction(2, 3), 5: Fraction(1, 3)}).mean
        Fraction(17, 9)
        """
        return cls.from_counts(*read_probabilities(probabilities))

    @classmethod
    def point(cls, value: Value) -> Distribution:
        """The value certain.

        >>> Distribution.point(3).variance
        Fraction(0, 1)
        """
        v = _value(value, name="value")
        return cls._make(Fraction(1, v.denominator), (v.numerator,), (1,), 1)

    @classmethod
    def mixture(cls, weighted: Iterable[tuple[Value, Distribution]]) -> Distribution:
        """With probability ``weight`` the result of each distribution (weights >= 0
        summing to 1): the probabilities are merged over one common denominator.

        >>> half = Fraction(1, 2)
        >>> Distribution.mixture([(half, Distribution.point(0)), (half, Distribution.point(2))])
        Distribution({0: 1/2, 2: 1/2})
        """
        return cls._of_points(*mixture_grid(read_weighted(weighted, kind=Distribution)))

    # -- the mapping: value -> probability -------------------------------------------

    def __getitem__(self, value: object) -> Fraction:
        if self._index is None:
            index = {p * self._unit: i for i, p in enumerate(self._points)}
            object.__setattr__(self, "_index", index)
            assert self._index is not None
        try:
            i = self._index[value]  # type: ignore[index]
        except TypeError:  # unhashable (a list, a dict): never a value; get and in too
            raise ShtossError(
                _(
                    "value={value} is a {kind}: allowed a number, one of the distribution's values"
                ).format(value=quoted(value), kind=type(value).__name__)
            ) from None
        return _coprime(*self.reduced(i))

    def __iter__(self) -> Iterator[Fraction]:
        return (p * self._unit for p in self._points)

    def __len__(self) -> int:
        return len(self._points)

    def items(self) -> ItemsView[Fraction, Fraction]:
        """(value, probability) by increasing value."""
        return _Items(self)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Distribution is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Distribution is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Distribution._make,
                (self._unit, self._points, self._counts, self._total, self._base))  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            if len(self) != len(other):
                return False
            if self._unit == other._unit and self._points != other._points:
                return False
            if any(a != b for a, b in zip(self, other, strict=True)):
                return False
            return all(a * other._total == b * self._total
                       for a, b in zip(self._counts, other._counts, strict=True))  # fmt: skip
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(tuple(self.items())))
        assert self._hash is not None
        return self._hash

    # -- the grid ---------------------------------------------------------------------

    @property
    def unit(self) -> Fraction:
        """The grid's step: every value is a whole multiple of it."""
        return self._unit

    @property
    def points(self) -> tuple[int, ...]:
        """The values as whole multiples of ``unit``, increasing."""
        return self._points

    @property
    def counts(self) -> tuple[int, ...]:
        """The probabilities times ``total``: whole counts, each > 0."""
        return self._counts

    @property
    def total(self) -> int:
        """The common denominator of the counts."""
        return self._total

    @property
    def support(self) -> tuple[Fraction, ...]:
        """The values of probability > 0, increasing."""
        return tuple(self)

    def reduced(self, index: int) -> tuple[int, int]:
        """Probability ``index`` (by increasing value) as a coprime (numerator, denominator)."""
        return self._lowest(self._counts[index])

    def _lowest(self, count: int) -> tuple[int, int]:
        """``count / total`` as a coprime (numerator, denominator)."""
        denominator = self._total
        if count == 0:
            return 0, 1
        # gcd(count, base**k) from the base alone: divide out what it shares with the
        # base, step by step; what is left of count shares no factor with base**k. A
        # count holding many of the base's factors (a mass reached early, times D each
        # deal after) takes the one gcd of the long numbers instead.
        for _step in range(8 if self._base else 0):
            common = gcd(gcd(count, self._base), denominator)
            if common == 1:
                return count, denominator
            count //= common
            denominator //= common
        common = gcd(count, denominator)
        return count // common, denominator // common

    def digits(self) -> int:
        """An upper bound on the decimal digits of the exact values ``to_dict`` writes."""

        def digits(bits: int) -> int:
            return int(bits * 0.30102999566398) + 1

        value_bits = self._unit.numerator.bit_length()
        below = digits(self._unit.denominator.bit_length()) if self._unit.denominator > 1 else 0
        values = sum(digits(abs(p).bit_length() + value_bits) + below for p in self._points)
        probabilities = sum(digits(c.bit_length()) for c in self._counts)
        return values + probabilities + len(self) * digits(self._total.bit_length())

    # -- measures ---------------------------------------------------------------------

    @property
    def mean(self) -> Fraction:
        """The expected value, from one integer sum and one division.

        >>> Distribution.of({0: Fraction(1, 4), 2: Fraction(3, 4)}).mean
        Fraction(3, 2)
        """
        first = sum(map(mul, self._points, self._counts))  # (as long: one grid)
        return Fraction(first, self._total) * self._unit

    @property
    def variance(self) -> Fraction:
        """E[X²] - E[X]², from two integer sums.

        >>> Distribution.of({0: Fraction(1, 4), 2: Fraction(3, 4)}).variance
        Fraction(3, 4)
        """
        points, counts = self._points, self._counts  # as long: one grid
        first = sum(map(mul, points, counts))
        second = sum(map(mul, map(mul, points, points), counts))
        total = self._total
        return Fraction(second * total - first * first, total * total) * self._unit**2

    def exact_sd(self) -> Fraction | None:
        """The standard deviation when it is rational (the variance a square), else ``None``.

        >>> Distribution.of({0: Fraction(1, 2), 2: Fraction(1, 2)}).exact_sd()
        Fraction(1, 1)
        """
        v = self.variance
        top, bottom = isqrt(v.numerator), isqrt(v.denominator)
        return (
            Fraction(top, bottom)
            if top * top == v.numerator and bottom**2 == v.denominator
            else None
        )

    def sd(self, places: int = 20) -> Decimal:
        """The standard deviation, √variance, rounded half-even to ``places`` decimal
        places: correctly rounded from the exact variance (integer square roots, no
        float). It is irrational in general; ``exact_sd()`` gives it when it is not.

        >>> Distribution.of({0: Fraction(1, 4), 2: Fraction(3, 4)}).sd(6)
        Decimal('0.866025')
        """
        places = read_places(places)
        v = self.variance
        a, b = v.numerator * 100**places, v.denominator
        r = isqrt(a // b)  # floor(√v · 10^places): floor(√floor(x)) = floor(√x)
        # Round half-even: compare √v·10^p with r + 1/2, i.e. 4a with b(2r + 1)².
        above = 4 * a - b * (2 * r + 1) ** 2
        if above > 0 or (above == 0 and r % 2):
            r += 1
        return Decimal(r).scaleb(-places)

    def cdf(self, x: Value) -> Fraction:
        """P(X <= x).

        >>> Distribution.of({-1: Fraction(1, 3), 1: Fraction(2, 3)}).cdf(0)
        Fraction(1, 3)
        """
        bound = _value(x, name="x")
        return self.probability(lambda v: v <= bound)

    def quantile(self, q: Value) -> Fraction:
        """The smallest value whose ``cdf`` is >= ``q``, for ``0 < q <= 1``.

        >>> d = Distribution.of({-1: Fraction(1, 3), 1: Fraction(2, 3)})
        >>> d.quantile(Fraction(1, 3)), d.quantile(Fraction(1, 2))
        (Fraction(-1, 1), Fraction(1, 1))
        """
        level = read_level(q)
        running = 0
        for point, count in zip(self._points, self._counts, strict=True):
            running += count
            if running * level.denominator >= level.numerator * self._total:
                return point * self._unit
        raise AssertionError("the counts sum to the total")

    def probability(self, event: Callable[[Fraction], bool]) -> Fraction:
        """P(``event(value)``), ``event`` a test of one value.

        >>> Distribution.of({-1: Fraction(1, 3), 1: Fraction(2, 3)}).probability(lambda v: v > 0)
        Fraction(2, 3)
        """
        if not callable(event):
            raise ShtossError(
                _("event={event}: allowed a test of one value, such as lambda v: v > 0").format(
                    event=quoted(event)
                )
            )
        hits = sum(c for v, c in zip(self, self._counts, strict=True) if event(v))
        return Fraction(hits, self._total)

    def sides(self) -> tuple[Fraction, Fraction, Fraction]:
        """P(X < 0), P(X = 0), P(X > 0): for a net result, who ends ahead.

        >>> Distribution.of({-1: Fraction(1, 3), 0: Fraction(1, 6), 1: Fraction(1, 2)}).sides()
        (Fraction(1, 3), Fraction(1, 6), Fraction(1, 2))
        """
        if self._sides is None:
            object.__setattr__(self, "_sides", self._count_sides())
        assert self._sides is not None
        return self._sides

    def _count_sides(self) -> tuple[Fraction, Fraction, Fraction]:
        points, counts, total = self._points, self._counts, self._total
        low, high = bisect_left(points, 0), bisect_right(points, 0)  # the unit is > 0
        zero = sum(counts[low:high])
        # One side summed, the shorter: the counts sum to the total, which gives the other.
        if low <= len(points) - high:
            below = sum(counts[:low])
            above = total - below - zero
        else:
            above = sum(counts[high:])
            below = total - above - zero
        return (
            _coprime(*self._lowest(below)),
            _coprime(*self._lowest(zero)),
            _coprime(*self._lowest(above)),
        )

    # -- operations -------------------------------------------------------------------

    def given(self, event: Callable[[Fraction], bool]) -> Distribution:
        """The distribution conditioned on ``event(value)`` (refused when it has probability 0).

        >>> Distribution.of({-1: Fraction(1, 3), 1: Fraction(2, 3)}).given(lambda v: v > -2)
        Distribution({-1: 1/3, 1: 2/3})
        """
        check_callable(
            event, name="event", allowed=_("a test of one value, such as lambda v: v > 0")
        )
        kept = [(p, c) for p, c in zip(self._points, self._counts, strict=True)
                if event(p * self._unit)]  # fmt: skip
        total = sum(c for _, c in kept)
        if not total:
            raise ShtossError(
                _("the event has probability 0: a distribution given it is undefined")
            )
        return Distribution._of_points(self._unit, kept, total)

    def plus(self, other: Distribution | Value) -> Distribution:
        """The sum of two independent results (a number: the values shifted by it).
        Refused when the supports' product exceeds ``MAX_SUM_PAIRS``, or when its
        products of counts (as long as the totals' digits) would take too long.

        >>> coin = Distribution.of({0: Fraction(1, 2), 1: Fraction(1, 2)})
        >>> coin.plus(coin)
        Distribution({0: 1/4, 1: 1/2, 2: 1/4})
        """
        if not isinstance(other, Distribution):
            other = Distribution.point(_value(other, name="shift"))
        return Distribution._of_points(*sum_grid(self, other))

    def __add__(self, other: Distribution | Value) -> Distribution:
        if isinstance(other, bool) or not isinstance(other, Distribution | int | Fraction):
            return NotImplemented
        return self.plus(other)

    __radd__ = __add__

    def scaled(self, stake: Value) -> Distribution:
        """Every value times ``stake`` (a result at that stake).

        >>> Distribution.of({-1: Fraction(1, 3), 1: Fraction(2, 3)}).scaled(-2)
        Distribution({-2: 2/3, 2: 1/3})
        """
        factor = _value(stake, name="stake")
        if factor == 0:
            return Distribution.point(0)
        return Distribution._of_points(self._unit * factor,
                                       zip(self._points, self._counts, strict=True),
                                       self._total, self._base)  # fmt: skip

    def map(self, f: Callable[[Fraction], Value]) -> Distribution:
        """The distribution of ``f(value)`` (an int or a Fraction; equal images merged).

        >>> Distribution.of({-1: Fraction(1, 3), 1: Fraction(2, 3)}).map(abs)
        Distribution({1: 1})
        """
        check_callable(f, name="f", allowed=_("a function of one value, such as abs"))
        pairs = [
            (_value(f(v), name="f(value)"), c) for v, c in zip(self, self._counts, strict=True)
        ]
        scale = lcm(1, *(v.denominator for v, _ in pairs))
        return Distribution._of_points(
            Fraction(1, scale), ((int(v * scale), c) for v, c in pairs), self._total, self._base
        )

    # -- the record -------------------------------------------------------------------

    def to_dict(self, *, whole: bool = False) -> list[dict[str, Any]]:
        """The record: a list of ``{"value", "probability"}`` by increasing value, each
        an exact string (``whole``: values written as JSON integers, for counts such as
        abzugs).

        >>> Distribution.of({2: Fraction(1, 3), 3: Fraction(2, 3)}).to_dict(whole=True)
        [{'value': 2, 'probability': '1/3'}, {'value': 3, 'probability': '2/3'}]
        """
        rows: list[dict[str, Any]] = []
        for i, value in enumerate(self):
            numerator, denominator = self.reduced(i)
            shown: Any = exact_text(value.numerator, value.denominator)
            if whole and value.denominator == 1:
                shown = value.numerator
            rows.append({"value": shown, "probability": exact_text(numerator, denominator)})
        return rows

    # -- other exact libraries (``interop``: imported only when asked for) --------------

    def to_icepool(self) -> Any:
        """An ``icepool.Die``: the same values, the counts as its quantities over ``total``."""
        from shtoss_exact.interop import to_icepool

        return to_icepool(self)

    def to_sympy(self, name: str = "X") -> Any:
        """A ``sympy.stats`` finite random variable ``name``: the same density, in Rationals."""
        from shtoss_exact.interop import to_sympy

        return to_sympy(self, name)

    @classmethod
    def from_icepool(cls, die: object) -> Distribution:
        """The distribution of an ``icepool.Die`` with int or Fraction outcomes, exactly."""
        from shtoss_exact.interop import icepool_counts

        pairs, total = icepool_counts(die)
        return cls.from_counts(pairs, total)

    def __repr__(self) -> str:
        from shtoss_exact.distribution_display import repr_text

        return repr_text(self)

    def _repr_markdown_(self) -> str:
        """The outcomes as a table of ``value``, ``probability`` (a long one as its head
        and tail), then the mean and the variance."""
        from shtoss_exact.distribution_display import markdown_text

        return markdown_text(self)

    def _repr_html_(self) -> str:
        from shtoss_exact.distribution_display import html_text

        return html_text(self)

    def to_series(self) -> Any:
        """A ``pandas.Series`` named ``probability``: its index the values (``value``),
        its values the probabilities, each an exact ``Fraction``. Needs pandas.

        >>> Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)}).to_series()[1]
        Fraction(400, 833)
        """
        from shtoss_exact.distribution_display import series_of

        return series_of(self)

    def to_frame(self) -> Any:
        """A ``pandas.DataFrame``, one row per outcome: ``value``, ``probability`` (exact
        ``Fraction``s), each with its float beside it (``value_float``, …). Needs pandas.

        >>> Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)}).to_frame().shape
        (2, 4)
        """
        from shtoss_exact.distribution_display import frame_of

        return frame_of(self)

    def _head(self, count: int) -> Iterator[tuple[Fraction, Fraction]]:
        return ((p * self._unit, _coprime(*self.reduced(i)))
                for i, p in enumerate(self._points[:count]))  # fmt: skip


class _Items(ItemsView[Fraction, Fraction]):
    """A distribution's (value, probability) pairs, read straight off its counts."""

    _mapping: Distribution

    def __iter__(self) -> Iterator[tuple[Fraction, Fraction]]:
        d = self._mapping
        return ((v, _coprime(*d.reduced(i))) for i, v in enumerate(d))

    def __reversed__(self) -> Iterator[tuple[Fraction, Fraction]]:
        d = self._mapping
        return (
            (p * d.unit, _coprime(*d.reduced(i))) for i, p in reversed(list(enumerate(d.points)))
        )
