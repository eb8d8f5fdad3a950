"""The one parser of exact numbers from user text: ``"1/2"``, ``"-2/3"``, ``"0.5"``, ``"-1"``.

Nothing is evaluated: the text must match a plain integer, decimal or fraction
pattern and is then handed to ``fractions.Fraction``.
"""

from __future__ import annotations

import re
import sys
from fractions import Fraction

from shtoss_exact.errors import ShtossError, quoted, shown_number
from shtoss_exact.i18n import N_, _
from shtoss_exact.int_text import int_str
from shtoss_exact.limits import MAX_WHOLE_DIGITS

MAX_DIGITS = 60
"""Longest exact number accepted (digits in all: a stake, a payoff, a bankroll), so that
no input builds a huge integer."""

_DIGITS_BOUND: int = 10**MAX_DIGITS


def within_digits(number: Fraction | int) -> bool:
    """Whether ``number``'s numerator and denominator have at most ``MAX_DIGITS``
    decimal digits each: the bound of a number given as a value, as ``parse_fraction``
    bounds one given as text (counted exactly, not in bits).

    >>> within_digits(10**60 - 1), within_digits(10**60), within_digits(Fraction(1, 10**59))
    (True, False, True)
    """
    value = Fraction(number)
    return abs(value.numerator) < _DIGITS_BOUND and value.denominator < _DIGITS_BOUND


_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:/\d+)?"
"""An exact number as text (compiled on first use, by re's own cache: not at start-up)."""

ALLOWED = N_('an integer, decimal or fraction such as -1, 0.5, "1/2", "-2/3"')


def parse_fraction(text: str) -> Fraction:
    """Parse an exact number: an integer, a decimal or ``p/q``; never evaluated.

    >>> parse_fraction("-2/3"), parse_fraction("0.25"), parse_fraction(" 3 ")
    (Fraction(-2, 3), Fraction(1, 4), Fraction(3, 1))
    """
    raw = text.strip()
    if raw.isascii() and raw.isdigit() and len(raw) <= MAX_DIGITS:
        return Fraction(int(raw))  # a plain whole number: no pattern compiled to read it
    if not raw.isascii() or not re.fullmatch(_NUMBER, raw):
        raise ShtossError(
            _("{text} is not an exact number: allowed {allowed}").format(
                text=quoted(text), allowed=_(ALLOWED)
            )
        )
    if sum(ch.isdigit() for ch in raw) > MAX_DIGITS:
        raise ShtossError(
            _("{text!r}... has more than {max_digits} digits: allowed {allowed}").format(
                text=text[:20], max_digits=MAX_DIGITS, allowed=_(ALLOWED)
            )
        )
    if "/" in raw:
        head, tail = raw.split("/")
        if int(tail) == 0:
            raise ShtossError(
                _("{text} divides by zero: allowed {allowed}").format(
                    text=quoted(text), allowed=_(ALLOWED)
                )
            )
        if "." in head:
            raise ShtossError(
                _("{text} mixes a decimal and a fraction: allowed {allowed}").format(
                    text=quoted(text), allowed=_(ALLOWED)
                )
            )
        return Fraction(int(head), int(tail))
    return Fraction(raw)


def exact_of(text: str) -> Fraction:
    """The exact value of a string ``exact_str`` wrote (``"-33/833"``, ``"2"``), however
    long: read through ``decimal``, free of Python's limit on string-to-int conversion.

    >>> exact_of("-33/833"), exact_of("9" * 5000) == 10**5000 - 1
    (Fraction(-33, 833), True)
    """
    head, _, tail = text.partition("/")
    return Fraction(_int_of(head), _int_of(tail) if tail else 1)


def _int_of(digits: str) -> int:
    """The int of a string of digits (a sign first at most), however long: by halves,
    each half's value scaled by a power of ten (as ``int_str``, every step short)."""
    limit = sys.get_int_max_str_digits()
    if not limit or len(digits) < limit:
        return int(digits)
    text = digits.strip()
    sign = -1 if text[:1] == "-" else 1
    if text[:1] in ("-", "+"):
        text = text[1:]
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"not a whole number: {digits[:20]!r}...")
    powers: dict[int, int] = {}

    def convert(part: str) -> int:
        if len(part) <= _PIECE_DIGITS:
            return int(part)
        tail = len(part) // 2
        scale = powers.get(tail)
        if scale is None:
            scale = powers[tail] = 10**tail
        return convert(part[:-tail]) * scale + convert(part[-tail:])

    return sign * convert(text)


_PIECE_DIGITS = 600
"""Digits ``exact_of`` reads at once: fewer than the lowest limit Python may be set to
on string-to-int conversion (640)."""


def exact_text(numerator: int, denominator: int = 1) -> str:
    """A fraction already in lowest terms as ``"p/q"`` (or ``"p"``), however long.

    >>> exact_text(-33, 833), exact_text(4), len(exact_text(1, 10**5000))
    ('-33/833', '4', 5003)
    """
    if denominator == 1:
        return int_str(numerator)
    return f"{int_str(numerator)}/{int_str(denominator)}"


def short_int(number: int) -> str:
    """A whole number for a one-line message: in full when short, else its size
    (``errors.shown_number``).

    >>> short_int(52), short_int(10**100)
    ('52', '(about 101 digits)')
    """
    return shown_number(number)


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


_FLOAT_ADVICE = N_(
    'pass a Fraction, an int or an exact string such as "1/10" (floats are not exact)'
)


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
        raise ShtossError(
            _("{name}={value!r} is a bool: {float_advice}").format(
                name=name, value=value, float_advice=_(_FLOAT_ADVICE)
            )
        )
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        raise ShtossError(
            _("{name}={value!r} is a float: {float_advice}").format(
                name=name, value=value, float_advice=_(_FLOAT_ADVICE)
            )
        )
    if isinstance(value, str):
        try:
            return parse_fraction(value)
        except ShtossError as error:
            raise ShtossError(f"{name}: {error}") from None
    raise ShtossError(
        _("{name}={value} is a {name2}: {float_advice}").format(
            name=name,
            value=quoted(value),
            name2=type(value).__name__,
            float_advice=_(_FLOAT_ADVICE),
        )
    )


def whole_number(
    value: object,
    *,
    name: str,
    minimum: int | None = 0,
    maximum: int | None = None,
    text: bool = False,
) -> int:
    """A whole number, ``minimum <= value <= maximum`` (``None``: no bound): an ``int``,
    or (``text``: the command line, data files, plan and scheme files) text of ASCII
    digits with an optional sign, of at most ``MAX_WHOLE_DIGITS`` digits, counted before
    it is converted, so that no input builds a huge integer and no answer depends on
    ``PYTHONINTMAXSTRDIGITS``. Bools, floats and look-alike digits are refused.

    >>> whole_number(52, name="cards"), whole_number(" 1000 ", name="deals", text=True)
    (52, 1000)
    >>> whole_number(True, name="cards")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cards=True is not a whole number: allowed whole numbers >= 0
    >>> whole_number("١٢", name="cards", text=True)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cards='١٢' is not a whole number: allowed whole numbers >= 0
    """
    allowed = _whole_allowed(minimum, maximum)
    if text and isinstance(value, str):
        written = value.strip()
        digits = written[1:] if written[:1] in ("+", "-") else written
        if not (digits.isascii() and digits.isdigit()):
            raise ShtossError(
                _("{named} is not a whole number: allowed {allowed}").format(
                    named=_named(name, repr(value[:40])), allowed=allowed
                )
            )
        if len(digits) > MAX_WHOLE_DIGITS:
            raise ShtossError(
                _(
                    "{named} is not a whole number of at most {max_whole_digits} digits (it has "
                    "{digits_count}): allowed {allowed}"
                ).format(
                    named=_named(name, repr(value[:12]) + "..."),
                    max_whole_digits=MAX_WHOLE_DIGITS,
                    digits_count=len(digits),
                    allowed=allowed,
                )
            )
        number = _int_of(digits)
        value = -number if written.startswith("-") else number
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShtossError(
            _("{named} is not a whole number: allowed {allowed}").format(
                named=_named(name, quoted(value)), allowed=allowed
            )
        )
    if minimum is not None and value < minimum:
        raise ShtossError(
            _("{named} is too small: allowed {allowed}").format(
                named=_named(name, short_int(value)), allowed=allowed
            )
        )
    if maximum is not None and value > maximum:
        raise ShtossError(
            _("{named} is too large: allowed {allowed}").format(
                named=_named(name, short_int(value)), allowed=allowed
            )
        )
    return value


def whole_digits_over(value: int) -> bool:
    """Whether a whole number has more than ``MAX_WHOLE_DIGITS`` decimal digits, told
    from its bit length (no conversion to text, which would be refused past that size).

    >>> whole_digits_over(10**4300 - 1), whole_digits_over(-(10**4300)), whole_digits_over(7**9000)
    (False, True, True)
    """
    bits = abs(value).bit_length()
    if bits <= _WHOLE_BITS:  # below 2**14284 <= 10**4300
        return False
    if bits > _WHOLE_BITS + 1:
        return True
    return bool(abs(value) >= 10**MAX_WHOLE_DIGITS)  # the bit length of the bound itself


_WHOLE_BITS = int(MAX_WHOLE_DIGITS * 3.321928094887362)
"""``10**MAX_WHOLE_DIGITS`` is at least ``2**_WHOLE_BITS`` (its log2 rounded down)."""


def whole_digits_refused(value: int, *, name: str) -> ShtossError:
    """The refusal of a whole number of more than ``MAX_WHOLE_DIGITS`` digits, naming it
    by its size (``whole_number``'s own words).

    >>> str(whole_digits_refused(7**9000, name="cards"))
    'cards=(about 7606 digits) is not a whole number of at most 4300 digits'
    """
    return ShtossError(
        _("{named} is not a whole number of at most {max_whole_digits} digits").format(
            named=_named(name, short_int(value)), max_whole_digits=MAX_WHOLE_DIGITS
        )
    )


def _whole_allowed(minimum: int | None, maximum: int | None) -> str:
    if minimum is None and maximum is None:
        return _("whole numbers")
    if maximum is None:
        return _("whole numbers >= {minimum}").format(minimum=minimum)
    if minimum is None:
        return _("whole numbers <= {maximum}").format(maximum=maximum)
    return _("whole numbers {minimum}..{maximum}").format(minimum=minimum, maximum=maximum)


def _named(name: str, shown: str) -> str:
    return f"{name}={shown}" if name else shown
