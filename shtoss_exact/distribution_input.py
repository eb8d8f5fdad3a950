"""What a user hands a ``Distribution``, read and checked: exact values, a mapping or
(value, weight) pairs, a grid's whole points and counts over their total, a mixture's
weights, the places of ``sd`` and the level of ``quantile``.

Each reader returns what ``Distribution`` builds from or computes with (a grid's unit,
its integer (point, count) pairs and total; whole counts over a common denominator)
or refuses its input in one ``ShtossError`` line naming the bad value and what is
allowed; nothing here builds a ``Distribution`` itself.

>>> read_probabilities({-1: Fraction(433, 833), 1: Fraction(400, 833)})
([(Fraction(-1, 1), 433), (Fraction(1, 1), 400)], 833)
>>> read_probabilities({0: Fraction(1, 3)})
Traceback (most recent call last):
...
shtoss_exact.errors.ShtossError: the probabilities sum to 1/3: allowed a sum of exactly 1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from math import lcm, log2
from typing import Any, TypeVar

from shtoss_exact.errors import ShtossError, quoted, shown_number
from shtoss_exact.i18n import _
from shtoss_exact.numbers import exact_number, whole_number

MAX_SD_PLACES = 10_000
"""Most decimal places ``sd`` may be asked for."""

D = TypeVar("D")


def _value(value: object, *, name: str) -> Fraction:
    return exact_number(value, name=name)


def _pairs(source: object, *, name: str, of: str) -> list[tuple[Any, Any]]:
    """The (value, ``of``) pairs of ``source`` (the argument ``name``): a mapping or pairs."""
    if isinstance(source, Mapping):
        return list(source.items())
    allowed = _("allowed a mapping value -> {of}, or (value, {of}) pairs").format(of=of)
    if isinstance(source, str | bytes) or not isinstance(source, Iterable):
        raise ShtossError(
            _("{name}={source} is a {name2}: {allowed}").format(
                name=name, source=quoted(source), name2=type(source).__name__, allowed=allowed
            )
        )
    pairs = list(source)
    for pair in pairs:
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise ShtossError(
                _("{name}: {pair} is not a (value, {of}) pair; {allowed}").format(
                    name=name, pair=quoted(pair), of=of, allowed=allowed
                )
            )
    return pairs


def _wholes(values: Iterable[object], *, name: str) -> list[int]:
    """The points or the counts of a grid: ints (not bools), each checked only if one is not.

    >>> _wholes(5, name="point")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: points=5 is a int: allowed a sequence of whole numbers
    """
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise ShtossError(
            _("{what}={value} is a {kind}: allowed a sequence of whole numbers").format(
                what=f"{name}s", value=quoted(values), kind=type(values).__name__[:40]
            )
        )
    listed = list(values)
    if not all(type(v) is int for v in listed):
        return [int(whole_number(v, name=name, minimum=None)) for v in listed]
    return listed  # type: ignore[return-value]


def read_grid(
    unit: Fraction, points: Iterable[int], counts: Iterable[int], total: int,
    *, base: int = 0,
) -> tuple[Fraction, Iterator[tuple[int, int]], int, int]:  # fmt: skip
    """The unit, the (point, count) pairs, the total and the base of a grid, checked:
    whole points and counts, one count a point, counts >= 0 summing to a total > 0,
    an exact unit other than 0.

    >>> unit, pairs, total, base = read_grid(Fraction(1, 2), (-1, 3), (1, 3), 4)
    >>> unit, list(pairs), total, base
    (Fraction(1, 2), [(-1, 1), (3, 3)], 4, 0)
    """
    at, weights = _wholes(points, name="point"), _wholes(counts, name="count")
    if len(at) != len(weights):
        raise ShtossError(
            _("{at_count} points and {weights_count} counts: allowed one each").format(
                at_count=len(at), weights_count=len(weights)
            )
        )
    total = whole_number(total, name="total", minimum=None)
    if any(c < 0 for c in weights) or total <= 0 or sum(weights) != total:
        raise ShtossError(_("the counts must be >= 0 and sum to the total, which is > 0"))
    the_unit = _value(unit, name="unit")  # no float: 0.1 is not 1/10
    if the_unit == 0:
        raise ShtossError(_("the grid's unit must not be 0"))
    pairs = zip(at, weights, strict=True)
    return the_unit, pairs, total, _base(base, total)


def _base(base: object, total: int) -> int:
    """``base`` checked: 0 (none), or a whole number whose power ``total`` is, for the
    probabilities are reduced knowing it.

    >>> _base(833, 833**3), _base(0, 12)
    (833, 0)
    >>> _base(2, 12)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: total=12 is not a power of base=2: allowed a base whose \
power the total is, or none (0)
    """
    the_base = whole_number(base, name="base")
    if the_base == 0:
        return 0
    if the_base == 1:
        powers: tuple[int, ...] = (1,)
    else:
        near = round((total.bit_length() - 1) / log2(the_base))
        powers = tuple(the_base**k for k in range(max(near - 1, 0), near + 2))
    if total not in powers:
        raise ShtossError(
            _("total={total} is not a power of base={base}: allowed a base whose power the "
              "total is, or none (0)").format(total=shown_number(total), base=the_base)
        )  # fmt: skip
    return the_base


def read_counts(
    counts: Mapping[Any, int] | Iterable[tuple[Any, int]], total: int | None = None
) -> tuple[Fraction, Iterator[tuple[int, int]], int]:
    """Values with whole counts over ``total`` (by default the sum of the counts), on
    their grid: its unit (one over the values' common denominator), the (point, count)
    pairs and the total.

    >>> unit, pairs, total = read_counts({0: 3, Fraction(1, 2): 1})
    >>> unit, list(pairs), total
    (Fraction(1, 2), [(0, 3), (1, 1)], 4)
    """
    items = [
        (_value(v, name="value"), whole_number(c, name="count"))
        for v, c in _pairs(counts, name="counts", of="count")
    ]
    whole = sum(c for _, c in items)
    if total is None:
        total = whole
    if whole_number(total, name="total") != whole or whole == 0:
        raise ShtossError(_(
                "the counts sum to {whole}, not to total={total}: allowed counts >= 0 summing "
                "to the total, which is > 0"
            ).format(whole=whole, total=total))  # fmt: skip
    scale = lcm(1, *(v.denominator for v, _ in items))
    pairs = ((int(v * scale), c) for v, c in items)
    return Fraction(1, scale), pairs, whole


def read_probabilities(
    probabilities: Mapping[Any, Any] | Iterable[tuple[Any, Any]],
) -> tuple[list[tuple[Fraction, int]], int]:
    """Values with exact probabilities (each >= 0, summing to exactly 1) as whole
    counts over the probabilities' common denominator: ``(value, count)`` pairs and it.
    """
    items = [(_value(v, name="value"), _value(p, name="probability"))
             for v, p in _pairs(probabilities, name="probabilities", of="probability")
             ]  # fmt: skip
    for value, p in items:
        if p < 0:
            raise ShtossError(
                _("value {value} has probability {p}: allowed probabilities >= 0").format(
                    value=value, p=p
                )
            )
    whole = sum((p for _, p in items), Fraction(0))
    if whole != 1:
        raise ShtossError(
            _("the probabilities sum to {whole}: allowed a sum of exactly 1").format(whole=whole)
        )
    total = lcm(1, *(p.denominator for _, p in items))
    return [(v, int(p * total)) for v, p in items], total


def read_weighted(
    weighted: Iterable[tuple[Fraction | int, D]], *, kind: type[D]
) -> list[tuple[Fraction, D]]:
    """The (weight, distribution) pairs of a mixture, checked: exact weights >= 0
    summing to exactly 1, each distribution a ``kind``.

    >>> read_weighted([(Fraction(1, 3), "a"), (Fraction(2, 3), "b")], kind=str)
    [(Fraction(1, 3), 'a'), (Fraction(2, 3), 'b')]
    """
    if isinstance(weighted, str | bytes | Mapping) or not isinstance(weighted, Iterable):
        raise ShtossError(
            _("weighted={weighted} is a {name}: allowed (weight, Distribution) pairs").format(
                weighted=quoted(weighted, 20), name=type(weighted).__name__
            )
        )
    parts = []
    for pair in weighted:
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise ShtossError(
                _("a mixture takes (weight >= 0, Distribution) pairs, not {pair}").format(
                    pair=quoted(pair, 40)
                )
            )
        parts.append((_value(pair[0], name="weight"), pair[1]))
    for weight, d in parts:
        if weight < 0 or not isinstance(d, kind):
            raise ShtossError(
                _(
                    "a mixture takes (weight >= 0, Distribution) pairs, not ({weight}, {name})"
                ).format(weight=shown_number(weight), name=type(d).__name__)
            )
    whole = sum((w for w, _ in parts), Fraction(0))
    if whole != 1:
        raise ShtossError(
            _("the mixture's weights sum to {whole}: allowed a sum of exactly 1").format(
                whole=shown_number(whole)
            )
        )
    return parts


def read_places(places: int) -> int:
    """Decimal places of ``sd``: a whole number up to ``MAX_SD_PLACES``.

    >>> read_places(12)
    12
    """
    places = whole_number(places, name="places")
    if places > MAX_SD_PLACES:
        raise ShtossError(
            _("places={places}: allowed 0..{max_sd_places}").format(
                places=places, max_sd_places=MAX_SD_PLACES
            )
        )
    return places


def read_level(q: Fraction | int) -> Fraction:
    """The level of a ``quantile``: an exact number, ``0 < q <= 1``.

    >>> read_level(Fraction(1, 2))
    Fraction(1, 2)
    """
    level = _value(q, name="q")
    if not 0 < level <= 1:
        raise ShtossError(_("q={level}: allowed 0 < q <= 1").format(level=shown_number(level)))
    return level


def check_callable(value: object, *, name: str, allowed: str) -> None:
    """Refuse an argument that should be a function of one value (``map``, ``given``).

    >>> check_callable(abs, name="f", allowed="a function")
    >>> check_callable(3, name="f", allowed="a function")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: f=3 is not callable: allowed a function
    """
    if not callable(value):
        raise ShtossError(
            _("{name}={value} is not callable: allowed {allowed}").format(
                name=name, value=quoted(value), allowed=allowed
            )
        )
