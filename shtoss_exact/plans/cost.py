"""What a series will cost, estimated before it is computed, and the limits it must keep.

Every solver of ``series`` counts the big-integer steps it is about to take (entries
of the net arrays, states, edges, deals) and the size of its numbers (counts over
``D**k`` after ``k`` deals have ``k log2 D`` bits), turns them into seconds and bytes
with the per-step costs below, and refuses up front what would take more than
``MAX_SECONDS`` or ``MAX_BYTES``. The costs were measured on a 2-core x86_64 machine
(Python 3.11), between a quiet machine and one loaded by other work; the estimates are
meant to be within a few times of the real figures both ways (the benchmark prints
both), so that nothing that runs in well under a second is refused.
"""

from __future__ import annotations

from math import log2

from shtoss_exact.errors import ShtossError

MAX_SECONDS = 10.0
"""Longest estimated computation accepted."""

MAX_BYTES = 1_000_000_000
"""Largest estimated memory (the integers held at once) accepted."""

MAX_EXACT_BITS = 300_000
"""Largest exact value a series computes (about 90 000 digits): reducing a fraction of
that size (a gcd) takes about a quarter of a second."""

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

BUILD_SECONDS = 3.0
"""Longest estimated search for a chain's states."""

BIT_STEP = 0.06e-9
"""Seconds per bit of the integers a step multiplies and adds."""

INT_BYTES = 40
"""Bytes of a Python int besides its digits, with the list or dict slot holding it."""


def bits_after(deals: int, denominator: int) -> float:
    """Bits of a count over ``denominator ** deals``.

    >>> bits_after(10, 833)
    97.0...
    """
    return deals * log2(max(denominator, 2))


def step_seconds(steps: float, bits: float, *, step: float = DENSE_STEP) -> float:
    """Seconds of ``steps`` big-integer steps on numbers of ``bits`` bits."""
    return steps * (step + bits * BIT_STEP)


def layered_seconds(width: float, deals: int, denominator: int, *, step: float) -> float:
    """Seconds of ``deals`` layers of ``width`` steps each on counts growing by
    ``log2 denominator`` bits a layer (their mean size is half the last one's).

    >>> 0 < layered_seconds(1000, 100, 833, step=DENSE_STEP) < MAX_SECONDS
    True
    """
    return step_seconds(width * deals, bits_after(deals, denominator) / 2, step=step)


def reduce_seconds(bits: float) -> float:
    """Seconds to reduce one fraction (a gcd), or to write one integer in decimal, of
    ``bits`` bits: both quadratic in CPython."""
    return 2.5e-6 * (bits / 1000) ** 2


def int_bytes(count: float, bits: float) -> float:
    """Bytes of ``count`` integers of ``bits`` bits each."""
    return count * (bits / 8 + INT_BYTES)


def check_cost(seconds: float, memory: float, *, what: str, advice: str) -> None:
    """Refuse a computation estimated above ``MAX_SECONDS`` or ``MAX_BYTES``.

    >>> check_cost(0.1, 1e6, what="10 deals", advice="use fewer deals")
    >>> check_cost(99.0, 1e6, what="1000 deals", advice="use fewer deals")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: 1000 deals: about 99 s of exact arithmetic, more than \
the limit of 10 s; use fewer deals
    """
    if seconds > MAX_SECONDS:
        raise ShtossError(
            f"{what}: about {_figure(seconds)} s of exact arithmetic, more than the limit "
            f"of {MAX_SECONDS:g} s; {advice}"
        )
    if memory > MAX_BYTES:
        raise ShtossError(
            f"{what}: about {_figure(memory / 1e9)} GB of exact integers at once, more than "
            f"the limit of {MAX_BYTES / 1e9:g} GB; {advice}"
        )


def check_bits(bits: float, *, what: str, advice: str) -> None:
    """Refuse exact values estimated above ``MAX_EXACT_BITS`` bits."""
    if bits > MAX_EXACT_BITS:
        digits = bits * 0.30103
        raise ShtossError(
            f"{what}: exact values of about {_figure(digits)} digits, more than the limit of "
            f"{int(MAX_EXACT_BITS * 0.30103)} digits; {advice}"
        )


def _figure(value: float) -> str:
    """``99``, ``1.2e+03``: short, for a message."""
    return f"{value:.2g}" if value < 1000 else f"{value:.1e}"
