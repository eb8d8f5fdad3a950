"""Whole numbers as decimal text, however long, independent of Python's limit on
int-to-string conversion: a module of its own, with no import of the package, so that
the records' ``repr()`` (``shtoss_exact.frozen``) can use it as ``numbers`` does.
"""

from __future__ import annotations

import _thread
import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # ``decimal`` loaded only by a long number: the CLI starts without it
    from decimal import Decimal

_LIMIT_HELD = _thread.RLock()
"""Held while the program's own limit on int-text conversion is in force."""


@contextlib.contextmanager
def digit_limit(limit: int) -> Iterator[None]:
    """Python's limit on int-text conversion set to ``limit`` inside, and put back as it
    was after. The limit is the process's: a lock keeps two threads (a caller's, each
    reading a data file) from putting back each other's limit, which would leave
    ``limit`` in force for good.

    >>> before = sys.get_int_max_str_digits()
    >>> with digit_limit(5000):
    ...     sys.get_int_max_str_digits()
    5000
    >>> sys.get_int_max_str_digits() == before
    True
    """
    with _LIMIT_HELD:
        before = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(limit)
        try:
            yield
        finally:
            sys.set_int_max_str_digits(before)


def int_str(number: int) -> str:
    """A whole number in decimal digits, however long: written through ``decimal``, so
    that no answer depends on Python's limit on int-to-string conversion.

    A long number is cut in halves, in binary, down to pieces of ``_PIECE_BITS``; the
    halves are joined as decimals (``high * 2**k + low``, exact). Each step is short,
    so Ctrl-C is answered at once, and the whole is far below the quadratic time of
    one conversion (100 000 digits: about 0.01 s, not 0.1 s; 300 000: 0.04 s, not 3 s).

    >>> from shtoss_exact.numbers import exact_of
    >>> len(int_str(10**5000)), int_str(-433)
    (5001, '-433')
    >>> n = 7**60000
    >>> len(int_str(n)), int_str(n)[-4:], exact_of(int_str(-n)) == -n
    (50706, '0001', True)
    """
    limit = sys.get_int_max_str_digits() or SHORT_DIGITS  # no limit: as fast as under one
    if number.bit_length() < 3.3 * (min(limit, SHORT_DIGITS) - 1):  # a short number
        return str(number)
    sign = "-" if number < 0 else ""
    return sign + format(_decimal_of(abs(number)), "f")


SHORT_DIGITS = 4300
"""Digits below which ``str()`` is fast enough (Python's default limit): longer numbers
go through ``decimal`` whatever the limit, ``str()`` being quadratic in their length."""

_PIECE_BITS = 4096
"""Bits of the pieces ``int_str`` and ``exact_of`` convert at once (about 1200 digits)."""


def _decimal_of(number: int) -> Decimal:
    """``Decimal(number)`` for ``number >= 0``, by halves (see ``int_str``)."""
    from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Decimal, Inexact, localcontext

    powers: dict[int, Decimal] = {}

    def power(bits: int) -> Decimal:  # 2**bits, exact
        found = powers.get(bits)
        if found is None:
            half = bits >> 1
            found = Decimal(1 << bits) if bits <= _PIECE_BITS else power(half) * power(bits - half)
            powers[bits] = found
        return found

    def convert(value: int, bits: int) -> Decimal:
        if bits <= _PIECE_BITS:
            return Decimal(value)
        half = bits >> 1
        high = value >> half
        return convert(high, bits - half) * power(half) + convert(value - (high << half), half)

    with localcontext() as context:  # exact: every digit kept, an inexact step an error
        context.prec, context.Emax, context.Emin = MAX_PREC, MAX_EMAX, MIN_EMIN
        context.traps[Inexact] = True
        return convert(number, number.bit_length())
