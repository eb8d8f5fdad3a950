"""The project's one error type: every refusal of bad input is a ``ShtossError``."""

from __future__ import annotations

import reprlib
import sys
from collections.abc import Callable

MAX_MESSAGE = 1000
"""Longest message a ``ShtossError`` keeps: a refusal is one short line, whatever it quotes."""


class ShtossError(ValueError):
    """Invalid input or a computation refused up front.

    The message is one line that names the bad value and what is allowed; the CLI
    prints it on stderr and exits with status 2.

    >>> from shtoss_exact.bet.odds import odds
    >>> odds(cards=3, copies=4)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: copies=4 is more than cards=3: allowed 0 <= copies <= cards

    At the bound itself, every card a copy, the first abzug is a plié:

    >>> odds(cards=4, copies=4).plie
    Fraction(1, 1)
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE:
            args = (args[0][: MAX_MESSAGE - 3] + "...",)
        super().__init__(*args)


SHORT_BITS = 100
"""Longest number a message writes out in full (about 30 digits); a longer one is
named by its size."""


PLURAL: list[Callable[[str, str, int], str]] = [
    lambda one, many, count: one if count == 1 else many
]
"""The form of a message about a count: English's, until ``i18n`` (which imports this
module) puts its own ``ngettext`` here, so that a number's size is spoken too."""


def shown_number(value: object) -> str:
    """A whole number or a ``Fraction`` for a one-line message: in full when short,
    else by its size (its digits would cost time, or fail beyond Python's limit on
    int-to-text conversion). The one helper for a huge number in a message.

    >>> from fractions import Fraction
    >>> shown_number(52), shown_number(Fraction(-5, 2)), shown_number(10**100)
    ('52', '-5/2', '(about 101 digits)')
    """
    fractions = sys.modules.get("fractions")  # a Fraction implies ``fractions`` is loaded
    if fractions is not None and isinstance(value, fractions.Fraction):
        longest = max(abs(value.numerator), value.denominator)
    elif isinstance(value, int):
        longest = abs(value)
    else:
        return str(value)
    if longest.bit_length() <= SHORT_BITS:
        return str(value)
    digits = _digits(longest)
    return PLURAL[0]("(about {count} digit)", "(about {count} digits)", digits).format(count=digits)


def shown_value(value: object) -> str:
    """A caller's value in a message: a whole number by ``shown_number`` (by its size
    once long), anything else by ``quoted``.

    >>> shown_value(10**100), shown_value("7h")
    ('(about 101 digits)', "'7h'")
    """
    return shown_number(value) if isinstance(value, int) else quoted(value)


def _digits(number: int) -> int:
    """The digits of ``number`` > 0: from its bits, made exact by one comparison with a
    power of ten while that costs little (up to 30,000 digits)."""
    digits = int((number.bit_length() - 1) * 0.30102999566398) + 1  # exact or one short
    if digits < 30_000 and number >= 10**digits:
        digits += 1
    return digits


class _Shown(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        # A huge int's repr would cost time, or fail beyond Python's limit on digits.
        return f"<{shown_number(x)[1:-1]}>" if x.bit_length() > SHORT_BITS else repr(x)


_SHOWN = _Shown()
_SHOWN.maxlevel = 3
_SHOWN.maxstring = _SHOWN.maxother = 80


def quoted(value: object, width: int = 40) -> str:
    """A value given by a caller, as a message quotes it: its ``repr``, cut to ``width``
    characters, computed in bounded time and never failing (a string of a million
    characters, a list nested a million deep, a googol, an object whose ``repr``
    raises).

    >>> quoted("7h"), quoted([[[[[1]]]]]), quoted("x" * 10**6, 12), quoted(10**100)
    ("'7h'", '[[[[...]]]]', "'xxxxxxxxxxx", '<about 101 digits>')
    """
    if isinstance(value, str | bytes):  # as repr(value)[:width], without the whole repr
        return repr(value[:width])[:width]
    # A Fraction can only be given once ``fractions`` is loaded: not loaded here for it.
    fractions = sys.modules.get("fractions")
    if fractions is not None and isinstance(value, fractions.Fraction):
        bits = max(value.numerator.bit_length(), value.denominator.bit_length())
        if bits > SHORT_BITS:
            return f"<{shown_number(value).strip('()')}>"
    try:
        text = _SHOWN.repr(value)
    except Exception:  # a repr that raises: only the type is shown
        text = f"<{type(value).__name__}>"
    return text[:width]
