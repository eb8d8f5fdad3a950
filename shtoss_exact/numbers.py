"""The one parser of exact numbers from text: ``"1/2"``, ``"-2/3"``, ``"0.5"``, ``"47000"``."""

from __future__ import annotations

import re
from fractions import Fraction

from shtoss_exact.errors import ShtossError

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(/\d+)?", re.ASCII)


def parse_fraction(text: str) -> Fraction:
    """An exact number from text; nothing is evaluated.

    >>> parse_fraction("-2/3"), parse_fraction("0.5"), parse_fraction("47000")
    (Fraction(-2, 3), Fraction(1, 2), Fraction(47000, 1))
    """
    cleaned = text.strip()
    if len(cleaned) > 400 or not _NUMBER.fullmatch(cleaned) or cleaned.endswith("/0"):
        raise ShtossError(
            f"{text!r} is not an exact number: allowed forms 3, -1/2, 0.25 (ASCII digits)"
        )
    try:
        return Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ShtossError(
            f"{text!r} is not an exact number: allowed forms 3, -1/2, 0.25 (ASCII digits)"
        ) from None
