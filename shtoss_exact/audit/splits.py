"""The splits audit: were splits put up? Exact tests on the split counts of D deals.

Under fair dealing the split counts of ``D`` deals are independent, each of the law
``fair_splits()``, and their total has the ``D``-fold sum of that law. From it:

* the p-value of the observed total: ``P(total >= observed)`` (the upper tail: putting
  up splits makes more of them);
* the critical value at ``alpha``: the least ``c`` with ``P(total >= c) <= alpha``,
  and its size ``P(total >= c)`` (``<= alpha`` exactly; the counts are whole numbers,
  so the size is usually below ``alpha``);
* the power against ``stacked`` pairs a deal: ``P(total >= c)`` when every deal has
  that many pairs put up (``stacked_splits``);
* a sequential test, valid whenever the punter stops: after deal ``i`` the product
  ``M_i = prod (1 - w + w * L(x))`` of the deals' factors, ``L(x)`` the likelihood
  ratio ``P_stacked(x) / P_fair(x)`` of that deal's count and ``w`` the share of the
  product bet on the stacked law (1/2). Under fair dealing each factor has expectation
  exactly 1, so ``M`` is a test martingale, and by Ville's inequality
  ``P(M_i >= 1/alpha for some i) <= alpha``: the dealer is caught at the first deal
  whose product reaches ``1/alpha``, at any stopping time.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from shtoss_exact.audit.law import deck_shape, fair_splits, stacked_splits
from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError, shown_number, shown_value
from shtoss_exact.i18n import _
from shtoss_exact.limits import BIT_BYTES, SUM_PAIR_STEP, Cost, check_cost
from shtoss_exact.numbers import exact_number, float_of
from shtoss_exact.records import Record, exact_fields, frozen_hash

MAX_DEALS = 1000
"""Most deals an audit reads (the sum of their laws is also held to the budget)."""

SHARE = Fraction(1, 2)
"""The share of the running product the sequential test bets on the stacked law."""


def check_alpha(alpha: object) -> Fraction:
    """The level of a test: an exact number strictly between 0 and 1.

    >>> check_alpha("1/20")
    Fraction(1, 20)
    """
    value = exact_number(alpha, name="alpha")
    if not 0 < value < 1:
        raise ShtossError(
            _("alpha={value}: allowed an exact number strictly between 0 and 1").format(
                value=shown_number(value)
            )
        )
    return value


def check_counts(counts: object, *, turns: int) -> tuple[int, ...]:
    """The split counts of the deals: 1 to ``MAX_DEALS`` whole numbers ``0..turns``."""
    if isinstance(counts, str | bytes) or not hasattr(counts, "__iter__"):
        raise ShtossError(_(
                "counts: {counts} is not a list of split counts: allowed a list of whole "
                "numbers 0..{turns}, one a deal"
            ).format(counts=shown_value(counts), turns=turns))  # fmt: skip
    listed: list[int] = []
    for count in counts:
        if len(listed) >= MAX_DEALS:
            raise ShtossError(
                _("more than {max_deals} deals: allowed at most {max_deals}").format(
                    max_deals=MAX_DEALS
                )
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= turns:
            raise ShtossError(_(
                    "split count {count} of deal {listed_count}: allowed a whole number "
                    "0..{turns} (the turns of a deal)"
                ).format(count=shown_value(count), listed_count=len(listed) + 1,
                         turns=turns))  # fmt: skip
        listed.append(count)
    if not listed:
        raise ShtossError(_("no deal: allowed the split counts of 1 deal or more"))
    return tuple(listed)


def sum_law(law: Distribution, deals: int) -> Distribution:
    """The law of the sum of ``deals`` independent results of ``law``, its cost checked
    up front (each addition is guarded too).

    >>> coin = Distribution.of({0: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> sum_law(coin, 3)[1]
    Fraction(3, 8)
    """
    check_cost(
        sum_cost_of(law, deals),
        what=_("the sum of the laws of {deals} deals").format(deals=deals),
        advice=_("audit fewer deals"),
    )
    total = law
    for _deal in range(deals - 1):
        total = total + law
    return total


def sum_cost_of(law: Distribution, deals: int) -> Cost:
    """What ``sum_law(law, deals)`` costs: one addition of ``law`` a deal, each pair of
    outcomes a product of a short count by a long one (``PAIR_BIT_SECONDS`` a bit of
    the long one; measured, the fair and the stacked laws of 120 deals take 5.5 s of CPU,
    of 150 deals 9.8 s: once estimated at 11 s, and at the limit 9.15 s for 9.8).

    >>> sum_cost_of(fair_splits(), 100).seconds < 5 < sum_cost_of(fair_splits(), 300).seconds
    True
    """
    width, bits = len(law), law.total.bit_length()
    seconds = 0.0
    for k in range(1, deals):
        pairs = (k * (width - 1) + 1) * width
        seconds += pairs * (SUM_PAIR_STEP + k * bits * PAIR_BIT_SECONDS)
    outcomes = deals * (width - 1) + 1
    return Cost(seconds=seconds, bytes=outcomes * (deals * bits * BIT_BYTES + 100))


PAIR_BIT_SECONDS = 7.5e-11
"""Seconds a bit of the long count in one pair of outcomes of a sum."""


def upper_tail(law: Distribution, at: int) -> Fraction:
    """``P(value >= at)``, exactly.

    >>> upper_tail(fair_splits(), 0), upper_tail(fair_splits(), 26)
    (Fraction(1, 1), Fraction(0, 1))
    """
    return law.probability(lambda v: v >= at)


def critical_value(law: Distribution, alpha: Fraction) -> tuple[int, Fraction]:
    """The least whole ``c`` with ``P(value >= c) <= alpha``, and that probability (the size).

    >>> critical_value(fair_splits(), Fraction(1, 20))
    (5, Fraction(3978036278089350566920503, 267039266710994561392984375))
    """
    if law.unit.denominator != 1:
        raise ShtossError(_("a critical value is for whole-number results"))
    tail, unit = 0, int(law.unit)
    counts, points = law.counts, law.points
    top = int(law.support[-1]) + 1
    critical = top
    for point, count in zip(reversed(points), reversed(counts), strict=True):
        if Fraction(tail + count, law.total) > alpha:
            break
        tail += count
        critical = point * unit
    return critical, Fraction(tail, law.total)


@dataclass(frozen=True)
class Step:
    """One deal of the sequential test: its count, its factor, the product so far."""

    deal: int
    count: int
    factor: Fraction
    product: Fraction

    def to_dict(self) -> dict[str, Any]:
        exact = exact_fields({"factor": self.factor, "product": self.product})
        return {"deal": self.deal, "count": self.count, **exact}


def martingale(
    counts: tuple[int, ...], *, fair: Distribution, stacked: Distribution, share: Fraction = SHARE
) -> tuple[Step, ...]:
    """The running product of the sequential test, deal by deal (see the module).

    >>> fair = Distribution.of({0: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> [s.product for s in martingale((1, 1), fair=fair, stacked=Distribution.point(1))]
    [Fraction(3, 2), Fraction(9, 4)]
    """
    steps: list[Step] = []
    product = Fraction(1)
    for deal, count in enumerate(counts, start=1):
        factor = 1 - share + share * stacked.get(Fraction(count), Fraction(0)) / fair[count]
        product *= factor
        steps.append(Step(deal=deal, count=count, factor=factor, product=product))
    return tuple(steps)


@dataclass(frozen=True, repr=False)
class SplitsAudit(Record):
    """The splits audit of some deals (see ``audit_splits``)."""

    counts: tuple[int, ...]
    alpha: Fraction
    stacked: int
    splits: Distribution
    p_value: Fraction
    critical: int
    size: Fraction
    power: Fraction
    sequential: tuple[Step, ...]

    __hash__ = frozen_hash

    @property
    def total(self) -> int:
        """The splits of all the deals."""
        return sum(self.counts)

    @property
    def rejected(self) -> bool:
        """Whether the fixed test rejects fair dealing: the total reaches the critical value."""
        return self.total >= self.critical

    @property
    def caught_at(self) -> int | None:
        """The first deal at which the sequential product reaches ``1/alpha`` (None: never)."""
        for step in self.sequential:
            if step.product >= 1 / self.alpha:
                return step.deal
        return None

    _rows = "sequential"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        exact = {"alpha": self.alpha, "mean": self.splits.mean, "p_value": self.p_value,
                 "size": self.size, "power": self.power}  # fmt: skip
        fields = exact_fields(exact)
        floats = fields.pop("float")
        return {
            "deals": len(self.counts),
            "counts": list(self.counts),
            "total": self.total,
            "stacked": self.stacked,
            **fields,
            "critical": self.critical,
            "rejected": self.rejected,
            "threshold": str(1 / self.alpha),
            "caught_at": self.caught_at,
            "sequential": [step.to_dict() for step in self.sequential],
            "splits": self.splits.to_dict(whole=True),
            "float": {**floats, "threshold": float_of(1 / self.alpha)},
        }


def audit_splits(
    counts: object, *, alpha: object = Fraction(1, 20), stacked: int = 1
) -> SplitsAudit:
    """The splits audit of the deals whose split counts are ``counts`` (52-card Faro).

    >>> audit = audit_splits([3, 1, 0], alpha="1/20")
    >>> audit.total, audit.critical, round(float(audit.p_value), 4)
    (4, 9, 0.6477)
    """
    _cards, turns = deck_shape(13, 4)
    seen = check_counts(counts, turns=turns)
    level = check_alpha(alpha)
    fair = fair_splits()
    other = stacked_splits(stacked)
    cost = sum_cost_of(fair, len(seen))
    check_cost(
        cost + cost,
        what=_("the splits audit of {seen_count} deals").format(seen_count=len(seen)),
        advice=_("audit fewer deals"),
    )
    under_fair = sum_law(fair, len(seen))
    critical, size = critical_value(under_fair, level)
    power = upper_tail(sum_law(other, len(seen)), critical)
    return SplitsAudit(
        counts=seen,
        alpha=level,
        stacked=stacked,
        splits=under_fair,
        p_value=upper_tail(under_fair, sum(seen)),
        critical=critical,
        size=size,
        power=power,
        sequential=martingale(seen, fair=fair, stacked=other),
    )
