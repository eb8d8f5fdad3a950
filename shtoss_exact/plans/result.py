"""A series' result: the net distribution as integer counts, the figures, the record.

The net after ``K`` deals is held as integer counts over one common denominator
(``D**K`` for ``K`` deals with denominator ``D``): a ``Fraction`` is made only when a
probability is read. Exact values of thousands of digits are written in decimal by
``exact_text``, which does not depend on Python's limit on int-to-str conversion
(4300 digits): it splits a long integer by a power of ten and writes the halves.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import gcd, lcm
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.numbers import exact_text, float_of
from shtoss_exact.plans.catalog import Plan
from shtoss_exact.plans.cost import MAX_SECONDS, reduce_seconds
from shtoss_exact.records import Record, frozen_hash

if TYPE_CHECKING:
    from shtoss_exact.plans.chain import Chain, Rules

MAX_RECORD_DIGITS = 20_000_000
"""Most digits of exact values one record (one output) may hold: about 20 MB of text."""


def _digits(bits: int) -> int:
    return int(bits * 0.30102999566398) + 1


class NetCounts(Mapping[Fraction, Fraction]):
    """The punter's net result: value -> probability, held as integer counts.

    ``points`` are the values as whole multiples of ``unit``, increasing; ``counts`` over
    ``denominator`` (which is ``base ** k`` when ``base`` is given: a fraction is then
    reduced by dividing out ``base``'s factors alone, with no gcd of big numbers).

    >>> net = NetCounts(Fraction(1), (-1, 1), (433, 400), 833, base=833)
    >>> net[Fraction(1)], len(net)
    (Fraction(400, 833), 2)
    """

    def __init__(
        self, unit: Fraction, points: tuple[int, ...], counts: tuple[int, ...], denominator: int,
        *, base: int = 0,
    ) -> None:  # fmt: skip
        self.unit = unit
        self.points = points
        self.counts = counts
        self.denominator = denominator
        self.base = base

    @classmethod
    def from_fractions(cls, distribution: Mapping[Fraction, Fraction]) -> NetCounts:
        """From value -> probability (a few values of an absorbed chain).

        >>> NetCounts.from_fractions({Fraction(-1): Fraction(1, 3), Fraction(2): Fraction(2, 3)})
        NetCounts(unit=1, points=2, denominator bits=2)
        """
        items = sorted((v, p) for v, p in distribution.items() if p)
        unit = Fraction(1, lcm(*(v.denominator for v, _ in items))) if items else Fraction(1)
        denominator = lcm(*(p.denominator for _, p in items)) if items else 1
        return cls(
            unit,
            tuple(int(v / unit) for v, _ in items),
            tuple(int(p * denominator) for _, p in items),
            denominator,
        )

    def __repr__(self) -> str:
        return (
            f"NetCounts(unit={self.unit}, points={len(self.points)}, "
            f"denominator bits={self.denominator.bit_length()})"
        )

    @cached_property
    def _index(self) -> dict[Fraction, int]:
        return {v * self.unit: i for i, v in enumerate(self.points)}

    def __getitem__(self, value: Fraction) -> Fraction:
        return Fraction(self.counts[self._index[value]], self.denominator)

    def __iter__(self) -> Iterator[Fraction]:
        return (v * self.unit for v in self.points)

    def __len__(self) -> int:
        return len(self.points)

    def weight(self, *, sign: int) -> int:
        """The count of values > 0, < 0 or = 0 for ``sign`` 1, -1, 0."""
        return sum(c for v, c in zip(self.points, self.counts, strict=True)
                   if (v > 0) - (v < 0) == sign)  # fmt: skip

    def mean_and_variance(self) -> tuple[Fraction, Fraction]:
        """The exact mean and variance, from two integer sums and one division each."""
        first = sum(v * c for v, c in zip(self.points, self.counts, strict=True))
        second = sum(v * v * c for v, c in zip(self.points, self.counts, strict=True))
        total = self.denominator
        mean = Fraction(first, total) * self.unit
        variance = Fraction(second * total - first * first, total * total) * self.unit**2
        return mean, variance

    def reduced(self, index: int) -> tuple[int, int]:
        """Probability ``index`` as a coprime (numerator, denominator)."""
        count, denominator = self.counts[index], self.denominator
        if not self.base:
            common = gcd(count, denominator)
            return count // common, denominator // common
        # gcd(count, base**k) from the base alone: divide out what it shares with the
        # base, step by step; what is left of count shares no factor with base**k.
        while True:
            common = gcd(gcd(count, self.base), denominator)
            if common == 1:
                return count, denominator
            count //= common
            denominator //= common

    def digits(self) -> int:
        """An upper bound on the decimal digits of the distribution's exact values."""
        values = sum(_digits((v * self.unit.numerator).bit_length()) for v in self.points)
        probabilities = sum(_digits(c.bit_length()) for c in self.counts)
        return values + probabilities + len(self.counts) * _digits(self.denominator.bit_length())

    def records(self) -> list[dict[str, str]]:
        """The distribution as a list of ``{"value", "probability"}``, by increasing value."""
        rows = []
        for i, v in enumerate(self.points):
            value = v * self.unit
            numerator, denominator = self.reduced(i)
            rows.append(
                {
                    "value": exact_text(value.numerator, value.denominator),
                    "probability": exact_text(numerator, denominator),
                }
            )
        return rows


class Solved:
    """What a solver of a series gives: the net, the ends (by status: playing, stopped,
    ruined, target), the expected deals played, and the mean and variance when a closed
    form knows them."""

    __slots__ = ("ends", "expected_deals", "moments", "net")

    def __init__(
        self, net: NetCounts, ends: dict[str, Fraction], expected_deals: Fraction,
        moments: tuple[Fraction, Fraction] | None = None,
    ) -> None:  # fmt: skip
        self.net = net
        self.ends = ends
        self.expected_deals = expected_deals
        self.moments = moments


_FIGURES = (
    "ev", "variance", "punter", "banker", "null", "expected_deals", "p_ruin", "p_target",
    "p_stopped", "p_playing", "expected_series", "p_series", "p_story",
)  # fmt: skip


@dataclass(frozen=True, repr=False, kw_only=True)
class SeriesResult(Record):
    """The punter's net result under a plan, exactly, and how the play ended.

    ``net`` maps each value of the punter's net result to its probability (the
    banker's net is its negation). ``punter``, ``banker`` and ``null`` are P(net > 0),
    P(net < 0) and P(net = 0). The play ends in exactly one way: ``p_ruin`` (the
    bankroll fell below the initial kush), ``p_target`` (the net reached the target),
    ``p_stopped`` (the plan left after a loss) or ``p_playing`` (still playing after
    the deals); the four sum to 1.

    >>> from shtoss_exact import series
    >>> r = series("flat", deals=2)
    >>> r.net[Fraction(0)], r.punter
    (Fraction(346400, 693889), Fraction(160000, 693889))
    """

    plan: Plan
    scheme: str
    deal: Deal
    deals: int | None
    bankroll: Fraction | None
    target: Fraction | None
    max_stake: Fraction | None
    net: NetCounts
    ev: Fraction
    variance: Fraction
    punter: Fraction
    banker: Fraction
    null: Fraction
    expected_deals: Fraction
    p_ruin: Fraction
    p_target: Fraction
    p_stopped: Fraction
    p_playing: Fraction
    expected_series: Fraction | None
    series_length: int | None = None
    p_series: Fraction | None = None
    p_story: Fraction | None = None
    rules: Rules | None = field(default=None, compare=False)

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    @property
    def kush(self) -> Fraction:
        """The initial kush."""
        return self.plan.kush

    @property
    def banker_net(self) -> dict[Fraction, Fraction]:
        """The banker's net result: the punter's, negated (he pays what the punter wins)."""
        return {-v: p for v, p in sorted(self.net.items(), reverse=True)}

    def chain(self, *, max_states: int = 20_000) -> Chain:
        """The Markov chain of the plan within the deals (built now; for export)."""
        from shtoss_exact.plans.chain import build_chain

        if self.rules is None:
            raise ShtossError("this result has no rules to build its chain from")
        return build_chain(self.rules, deals=self.deals, max_states=max_states)

    def __repr__(self) -> str:
        items = [
            f"{key}={value}"
            for key, value in self.to_dict(net=False).items()
            if isinstance(value, str | int | bool) or value is None
        ]
        return f"{type(self).__name__}({', '.join(items)})"

    def _repr_markdown_(self) -> str:
        from shtoss_exact.records import record_markdown

        return record_markdown(self.to_dict(net=len(self.net) <= 60))

    def figures(self) -> dict[str, Fraction | None]:
        """The exact figures of the record, by key (``None`` where not asked or defined)."""
        return {key: getattr(self, key) for key in _FIGURES}

    def to_dict(self, *, net: bool = True) -> dict[str, Any]:
        """The record; ``net=False`` leaves the distribution out (the figures alone).

        Refused (``ShtossError``) when it would hold more than ``MAX_RECORD_DIGITS``
        digits of exact values or take more than ``MAX_SECONDS`` to write.
        """
        figures = self.figures()
        bits = [
            max(v.numerator.bit_length(), v.denominator.bit_length())
            for v in figures.values()
            if v is not None
        ]
        digits = 2 * sum(_digits(b) for b in bits)
        seconds = 2 * sum(reduce_seconds(b) for b in bits)
        if net:
            digits += self.net.digits()
            seconds += len(self.net) * 2 * reduce_seconds(self.net.denominator.bit_length())
        if digits > MAX_RECORD_DIGITS or seconds > MAX_SECONDS:
            raise ShtossError(
                f"the result holds about {digits:.1e} digits of exact values: more than the "
                f"limit of {MAX_RECORD_DIGITS:.0e} for one output; use fewer deals"
                + (", or --format text for the figures alone" if net else "")
            )

        def exact(value: Fraction | None) -> str | None:
            return None if value is None else exact_text(value.numerator, value.denominator)

        record: dict[str, Any] = {
            "plan": self.plan.name,
            "scheme": self.scheme,
            "cards": self.deal.cards,
            "copies": self.deal.copies,
            "one_deck": self.deal.one_deck,
            "deals": self.deals,
            "kush": exact(self.plan.kush),
            "bankroll": exact(self.bankroll),
            "target": exact(self.target),
            "max_stake": exact(self.max_stake),
        }
        if net:
            record["net"] = self.net.records()
        record.update({key: exact(value) for key, value in figures.items()})
        record["series_length"] = self.series_length
        record["story"] = [event.value for event in self.plan.story] or None
        record["float"] = {
            key: None if value is None else float_of(value) for key, value in figures.items()
        }
        return record
