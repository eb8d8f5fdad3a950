"""The one parser of exact numbers from user text: ``"1/2"``, ``"-2/3"``, ``"0.5"``, ``"-1"``.

Nothing is evaluated: the text must match a plain integer, decimal or fraction
pattern and is then handed to ``fractions.Fraction``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from shtoss_exact.errors import ShtossError

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
        raise ShtossError(f"{text!r} is not an exact number: allowed {ALLOWED}")
    if sum(ch.isdigit() for ch in raw) > MAX_DIGITS:
        raise ShtossError(f"{text[:20]!r}... has more than {MAX_DIGITS} digits: allowed {ALLOWED}")
    if "/" in raw:
        head, tail = raw.split("/")
        if int(tail) == 0:
            raise ShtossError(f"{text!r} divides by zero: allowed {ALLOWED}")
        if "." in head:
            raise ShtossError(f"{text!r} mixes a decimal and a fraction: allowed {ALLOWED}")
        return Fraction(int(head), int(tail))
    return Fraction(raw)
