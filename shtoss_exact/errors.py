"""The project's one error type: every refusal of bad input is a ``ShtossError``."""

from __future__ import annotations

import reprlib
import sys

MAX_MESSAGE = 1000
"""Longest message a ``ShtossError`` keeps: a refusal is one short line, whatever it quotes."""


class ShtossError(ValueError):
    """Invalid input or a computation refused up front.

    The message is one line that names the bad value and what is allowed; the CLI
    prints it on stderr and exits with status 2.
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE:
            args = (args[0][: MAX_MESSAGE - 3] + "...",)
        super().__init__(*args)


class _Shown(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        # A huge int's repr would cost time, or fail beyond Python's limit on digits.
        if x.bit_length() > 100:
            return f"<an int of about {x.bit_length() * 0.30103:.0f} digits>"
        return repr(x)


_SHOWN = _Shown()
_SHOWN.maxlevel = 3
_SHOWN.maxstring = _SHOWN.maxother = 80


def quoted(value: object, width: int = 40) -> str:
    """A value given by a caller, as a message quotes it: its ``repr``, cut to ``width``
    characters, computed in bounded time and never failing (a string of a million
    characters, a list nested a million deep, a googol, an object whose ``repr``
    raises).

    >>> quoted("7h"), quoted([[[[[1]]]]]), quoted("x" * 10**6, 12), quoted(10**100)
    ("'7h'", '[[[[...]]]]', "'xxxxxxxxxxx", '<an int of about 100 digits>')
    """
    if isinstance(value, str | bytes):  # as repr(value)[:width], without the whole repr
        return repr(value[:width])[:width]
    # A Fraction can only be given once ``fractions`` is loaded: not loaded here for it.
    fractions = sys.modules.get("fractions")
    if fractions is not None and isinstance(value, fractions.Fraction):
        bits = max(value.numerator.bit_length(), value.denominator.bit_length())
        if bits > 100:
            return f"<a fraction of about {bits * 0.30103:.0f} digits>"
    try:
        text = _SHOWN.repr(value)
    except Exception:  # a repr that raises: only the type is shown
        text = f"<{type(value).__name__}>"
    return text[:width]
