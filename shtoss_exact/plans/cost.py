"""What a series will cost, estimated before it is computed, and the limits it must keep.

Every solver of ``series`` counts the big-integer steps it is about to take (entries
of the net arrays, states, edges, deals) and the size of its numbers (counts over
``D**k`` after ``k`` deals have ``k log2 D`` bits), turns them into seconds and bytes
with the per-step costs below, and ``shtoss_exact.limits.check_cost`` refuses up front
what would pass the budget. The costs were measured on a 2-core x86_64 machine
(Python 3.11), between a quiet machine and one loaded by other work; the estimates are
meant to be within a few times of the real figures both ways (the benchmark prints
both), so that nothing that runs in well under a second is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from math import inf, log2

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _, ngettext
from shtoss_exact.limits import (
    BIT_BYTES,
    MAX_RECORD_DIGITS,
    MAX_SERIES_DIGITS,
    Budget,
    Cost,
    check_cost,
    float_estimate,
)
from shtoss_exact.numbers import short_int

DENSE_STEP = 0.12e-6
"""Seconds of one entry of a dense net array times one outcome (a product and a sum)."""

SPARSE_STEP = 0.3e-6
"""Seconds of one entry of a net held in a dict, or of one state, times one outcome."""

PART_STEP = 1.2e-6
"""Seconds of the bookkeeping of one (state, source) pair in one deal."""

CHAIN_STEP = 10e-6
"""Seconds to find one state's next state for one outcome while building the chain
(whole stakes and nets: Python ints)."""

FRACTION_STEP = 35e-6
"""The same when the stake or the net is a fraction (``Fraction`` arithmetic)."""

PACKED_STEP = 0.4e-6
"""Seconds of one product of counts outside the packed nets (a state's mass, by source)."""

PACKED_BIT = 0.03e-9
"""Seconds per bit of one shift, sum or small product of a whole packed net."""

BIT_STEP = 0.06e-9
"""Seconds per bit of the integers a step multiplies and adds."""

INT_BYTES = 40
"""Bytes of a Python int besides its digits, with the list or dict slot holding it."""


def deals_text(deals: int) -> str:
    """``deals`` as a refusal names them (a long number by its size).

    >>> deals_text(1), deals_text(3)
    ('1 deal', '3 deals')
    """
    return ngettext("{short_int} deal", "{short_int} deals", deals).format(
        short_int=short_int(deals)
    )


def bits_after(deals: int, denominator: int) -> float:
    """Bits of a count over ``denominator ** deals``.

    >>> bits_after(10, 833)
    97.0...
    >>> bits_after(10**400, 833)  # beyond a float: as far beyond any budget
    inf
    """
    try:
        return deals * log2(max(denominator, 2))
    except OverflowError:  # more deals than a float holds
        return inf


def step_seconds(steps: float, bits: float, *, step: float = DENSE_STEP) -> float:
    """Seconds of ``steps`` big-integer steps on numbers of ``bits`` bits."""
    return steps * (step + bits * BIT_STEP)


def layered_seconds(width: float, deals: int, denominator: int, *, step: float) -> float:
    """Seconds of ``deals`` layers of ``width`` steps each on counts growing by
    ``log2 denominator`` bits a layer (their mean size is half the last one's).

    >>> 0 < layered_seconds(1000, 100, 833, step=DENSE_STEP) < 1
    True
    """
    return step_seconds(width * deals, bits_after(deals, denominator) / 2, step=step)


def reduce_seconds(bits: float) -> float:
    """Seconds to reduce one fraction (a gcd), or to write one integer in decimal, of
    ``bits`` bits: both quadratic in CPython."""
    return 2.5e-6 * (bits / 1000) ** 2


def values_in(spans: list[tuple[int, int]]) -> int:
    """The values in the union of the half-open ranges ``[low, high)`` of the grid.

    >>> values_in([(0, 3), (2, 5), (7, 8)])
    6
    """
    values, reached = 0, None
    for low, high in sorted(spans):
        if reached is not None and low < reached:
            values += max(0, high - reached)
        else:
            values += high - low
        reached = high if reached is None else max(reached, high)
    return values


def int_bytes(count: float, bits: float) -> float:
    """Bytes of ``count`` integers of ``bits`` bits each."""
    return count * (bits * BIT_BYTES + INT_BYTES)


def check_bits(bits: float, *, what: str, advice: str) -> None:
    """Refuse exact values estimated above ``MAX_SERIES_DIGITS`` digits."""
    check_cost(
        Cost(digits=float_estimate(bits) * 0.30103),
        what=what,
        advice=advice,
        limit=Budget(digits=MAX_SERIES_DIGITS),
    )


_WRITTEN: ContextVar[bool] = ContextVar("shtoss_exact_net_written", default=False)


@contextmanager
def net_written() -> Iterator[None]:
    """Solve series whose net will be written whole (a command's JSON or CSV): a net
    too long for one output is refused before it is computed, by ``check_written``."""
    token = _WRITTEN.set(True)
    try:
        yield
    finally:
        _WRITTEN.reset(token)


def check_written(values: float, bits: float) -> None:
    """Inside ``net_written``, refuse a net of about ``values`` values whose counts
    have ``bits`` bits: each written as a value, a count and the denominator (the
    same line as ``SeriesResult.to_dict``'s, given before any count is computed).

    >>> with net_written():
    ...     check_written(5000, 2900 / 0.30103)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: the result holds about 2.9e+07 digits of exact \
values: more than the limit of 2e+07 for one output; use fewer deals, or net=False for \
the figures alone
    >>> check_written(5000, 2900 / 0.30103)  # the library's series answers
    """
    digits = values * 2 * (bits * 0.30103 + 1)
    if _WRITTEN.get() and digits > MAX_RECORD_DIGITS:
        raise ShtossError(
            _(
                "the result holds about {digits:.1e} digits of exact values: more than the "
                "limit of {limit:.0e} for one output; use fewer deals"
            ).format(digits=digits, limit=MAX_RECORD_DIGITS)
            + _(", or net=False for the figures alone")
        )
