"""The one parser of exact numbers from user text: ``"1/2"``, ``"-2/3"``, ``"0.5"``, ``"-1"``.

Nothing is evaluated: the text must match a plain integer, decimal or fraction
pattern and is then handed to ``fractions.Fraction``.
"""

from __future__ import annotations

import re
import sys
from decimal import Decimal
from fractions import Fraction

from shtoss_exact.errors import ShtossError, quoted

MAX_DIGITS = 60
"""Longest number accepted (digits in all), so that no input builds a huge integer."""

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:/\d+)?")

ALLOWED = 'an integer, decimal or fraction such as -1, 0.5, "1/2", "-2/3"'


def parse_fraction(text: str) -> Fraction:
    """Parse an exact number: an integer, a decimal or ``p/q``; never evaluated.

    >>> parse_fraction("-2/3"), parse_fraction("0.25"), parse_fraction(" 3 ")
    (Fraction(-2, 3), Fraction(1, 4), Fraction(3, 1))
    """
    raw = text.strip()
    if not raw.isascii() or not _NUMBER.fullmatch(raw):
        raise ShtossError(f"{quoted(text)} is not an exact number: allowed {ALLOWED}")
    if sum(ch.isdigit() for ch in raw) > MAX_DIGITS:
        raise ShtossError(f"{text[:20]!r}... has more than {MAX_DIGITS} digits: allowed {ALLOWED}")
    if "/" in raw:
        head, tail = raw.split("/")
        if int(tail) == 0:
            raise ShtossError(f"{quoted(text)} divides by zero: allowed {ALLOWED}")
        if "." in head:
            raise ShtossError(f"{quoted(text)} mixes a decimal and a fraction: allowed {ALLOWED}")
        return Fraction(int(head), int(tail))
    return Fraction(raw)


def int_str(number: int) -> str:
    """A whole number in decimal digits, however long: written through ``decimal``, so
    that no answer depends on Python's limit on int-to-string conversion.

    >>> len(int_str(10**5000)), int_str(-433)
    (5001, '-433')
    """
    limit = sys.get_int_max_str_digits()
    if not limit or number.bit_length() < 3.3 * (limit - 1):  # fewer digits than the limit
        return str(number)
    return format(Decimal(number), "f")


def exact_of(text: str) -> Fraction:
    """The exact value of a string ``exact_str`` wrote (``"-33/833"``, ``"2"``), however
    long: read through ``decimal``, free of Python's limit on string-to-int conversion.

    >>> exact_of("-33/833"), exact_of("9" * 5000) == 10**5000 - 1
    (Fraction(-33, 833), True)
    """
    head, _, tail = text.partition("/")
    return Fraction(_int_of(head), _int_of(tail) if tail else 1)


def _int_of(digits: str) -> int:
    limit = sys.get_int_max_str_digits()
    if not limit or len(digits) < limit:
        return int(digits)
    return int(Decimal(digits))


def exact_text(numerator: int, denominator: int = 1) -> str:
    """A fraction already in lowest terms as ``"p/q"`` (or ``"p"``), however long.

    >>> exact_text(-33, 833), exact_text(4), len(exact_text(1, 10**5000))
    ('-33/833', '4', 5003)
    """
    if denominator == 1:
        return int_str(numerator)
    return f"{int_str(numerator)}/{int_str(denominator)}"


def short_int(number: int) -> str:
    """A whole number for a one-line message: in full below 10^30, else its size.

    >>> short_int(52), short_int(10**100)
    ('52', '(about 100 digits)')
    """
    if abs(number) < 10**30:
        return str(number)
    return f"(about {number.bit_length() * 0.30103:.0f} digits)"


def exact_str(value: Fraction | int) -> str:
    """An exact value as a string: integers plain, fractions as ``p/q``.

    >>> exact_str(Fraction(-33, 833)), exact_str(Fraction(2, 1)), exact_str(0)
    ('-33/833', '2', '0')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return int_str(value.numerator)
    return f"{int_str(value.numerator)}/{int_str(value.denominator)}"


def float_of(value: Fraction | int) -> float | None:
    """``float(value)``, correctly rounded from the exact value, or ``None`` beyond floats.

    >>> float_of(Fraction(1, 99999999999999)) > 0, float_of(Fraction(10**400, 3))
    (True, None)
    """
    try:
        return float(value)
    except OverflowError:
        return None


_FLOAT_ADVICE = 'pass a Fraction, an int or an exact string such as "1/10" (floats are not exact)'


def exact_number(value: object, *, name: str) -> Fraction:
    """An exact number given to the library: an ``int``, a ``Fraction`` or a string
    such as ``"1/10"`` (parsed by ``parse_fraction``). Floats and bools are refused.

    >>> exact_number("1/10", name="kush"), exact_number(3, name="kush")
    (Fraction(1, 10), Fraction(3, 1))
    >>> exact_number(0.1, name="kush")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: kush=0.1 is a float: pass a Fraction, an int or an exact \
string such as "1/10" (floats are not exact)
    """
    if isinstance(value, bool):
        raise ShtossError(f"{name}={value!r} is a bool: {_FLOAT_ADVICE}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        raise ShtossError(f"{name}={value!r} is a float: {_FLOAT_ADVICE}")
    if isinstance(value, str):
        try:
            return parse_fraction(value)
        except ShtossError as error:
            raise ShtossError(f"{name}: {error}") from None
    raise ShtossError(f"{name}={quoted(value)} is a {type(value).__name__}: {_FLOAT_ADVICE}")


def whole_number(value: object, *, name: str, minimum: int = 0) -> int:
    """A whole number given to the library, ``>= minimum``; bools and floats refused.

    >>> whole_number(52, name="cards")
    52
    >>> whole_number(True, name="cards")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cards=True is not a whole number: allowed whole numbers >= 0
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShtossError(
            f"{name}={quoted(value)} is not a whole number: allowed whole numbers >= {minimum}"
        )
    if value < minimum:
        raise ShtossError(
            f"{name}={quoted(value)} is too small: allowed whole numbers >= {minimum}"
        )
    return value
