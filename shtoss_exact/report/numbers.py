"""How exact numbers are written: ``"433/833"``, ``"0"``, ``"-1/2"``, and their decimals."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction


def exact_str(value: Fraction | int) -> str:
    """An exact value as a string: integers plain, fractions as ``p/q``.

    >>> exact_str(Fraction(-33, 833)), exact_str(Fraction(2, 1)), exact_str(0)
    ('-33/833', '2', '0')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def decimal_str(value: Fraction | int, places: int = 6) -> str:
    """A decimal rendering rounded half-even from the exact value (never via float).

    >>> decimal_str(Fraction(433, 833), 4)
    '0.5198'
    """
    value = Fraction(value)
    with localcontext() as ctx:
        ctx.prec = max(28, places + len(str(abs(value.numerator) // value.denominator)) + 5)
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        quantum = Decimal(1).scaleb(-places)
        return str(exact.quantize(quantum, rounding=ROUND_HALF_EVEN))


def percent_str(value: Fraction | int, places: int = 3) -> str:
    """A percentage, e.g. ``51.981%``.

    >>> percent_str(Fraction(433, 833))
    '51.981%'
    """
    return decimal_str(Fraction(value) * 100, places) + "%"
