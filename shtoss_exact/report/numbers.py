"""How exact numbers are written: ``"433/833"``, ``"0"``, ``"-1/2"``, and their decimals."""

from __future__ import annotations

from fractions import Fraction

from shtoss_exact.int_text import int_str
from shtoss_exact.numbers import exact_of, exact_str

__all__ = ["decimal_str", "exact_str", "percent_str"]


def decimal_str(value: Fraction | int | str, places: int = 6) -> str:
    """A decimal rendering rounded half-even from the exact value (never via float).

    The value times 10^places is rounded exactly (``round`` of a ``Fraction``), so
    there is no double rounding and no negative zero.

    >>> decimal_str(Fraction(433, 833), 4), decimal_str(0, 3), decimal_str(Fraction(-1, 10**9))
    ('0.5198', '0.000', '0.000000')
    """
    scaled = round(_exact(value) * 10**places)
    sign = "-" if scaled < 0 else ""
    digits = int_str(abs(scaled)).rjust(places + 1, "0")
    if places <= 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def percent_str(value: Fraction | int | str, places: int = 3) -> str:
    """A percentage, e.g. ``51.981%``.

    >>> percent_str(Fraction(433, 833))
    '51.981%'
    """
    return decimal_str(_exact(value) * 100, places) + "%"


def _exact(value: Fraction | int | str) -> Fraction:
    """A number, or the exact string of one (``"433/833"``, a record's value)."""
    return exact_of(value) if isinstance(value, str) else Fraction(value)
