"""Reading data files (schemes, plans, betting patterns): bounded, strict, never evaluated.

Every file a user hands the program goes through ``read_data``:

* only a regular file is read: a FIFO or a device is refused before it is opened
  (reading one would block forever or never end);
* the path is a ``str`` or an ``os.PathLike`` (not bytes), without a NUL character,
  of at most ``MAX_PATH`` characters;
* at most ``max_bytes`` are read, and the text must be UTF-8 and not empty; it is
  put in Unicode's composed form (NFC) before it is parsed, so that a name written
  with a combining accent (``plie`` + U+0301, ``и`` + U+0306) is the composed one;
* the text's shape is bounded before it is parsed (``data_shape``: the parts of a
  key, the depth of nesting), and no integer, in any base, passes ``MAX_WHOLE_DIGITS``;
* TOML reads decimals as ``Decimal`` (never floats); JSON too, refuses ``NaN`` and
  ``Infinity``, and refuses a key given twice in one object (as TOML does);
* ``exact_from_data`` turns a number of such a file into a ``Fraction``, refusing one
  whose digits or exponent would build a huge integer, and ``text_from_data`` a
  string, its Unicode spaces read as plain spaces, refusing control and invisible
  characters (nothing from a file may put a terminal escape on the screen).

The keys of a parsed file and the type of each value are checked in ``data_schema``.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Any

from shtoss_exact.data_shape import json_shape, toml_shape, whole_numbers_bounded
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import N_, _, os_reason
from shtoss_exact.int_text import digit_limit
from shtoss_exact.limits import MAX_WHOLE_DIGITS
from shtoss_exact.numbers import ALLOWED as NUMBER_ALLOWED
from shtoss_exact.numbers import MAX_DIGITS, parse_fraction, whole_number, within_digits
from shtoss_exact.parser_words import spoken_complaint

MAX_DECIMAL_SIZE = 400
"""Most digits plus exponent of a decimal in a file: ``0.5e400`` is read, ``1e999999`` is not."""

MAX_EXPONENT = 1000
"""Largest decimal exponent accepted (``0.5e400`` is fine, ``1e-99999999`` is not)."""

MAX_TEXT = 1000
"""Longest string read from a file (a name, a description)."""

MAX_PATH = 4096
"""Longest path of a data file (Linux's own limit)."""

DATA_SUFFIXES = (".toml", ".json")


def looks_like_path(text: str) -> bool:
    """Whether a name given on the command line or to the library is a file's path: it
    holds a path separator or has a suffix (``.toml``, ``.json``; any other is then
    refused as a file type). Anything else is a built-in's name, whatever files the
    working directory holds (no built-in name holds a ``.`` or a ``/``).

    >>> looks_like_path("classic"), looks_like_path("./classic"), looks_like_path("x.TOML")
    (False, True, True)
    """
    separators = {"/", os.sep, os.altsep or "/"}
    return bool(Path(text.strip()).suffix) or any(s in text for s in separators)


def data_path(path: object, *, what: str) -> str:
    """The path of a data file given by a caller, as a ``str``: a ``str`` or an
    ``os.PathLike`` of text, without a NUL character, of at most ``MAX_PATH`` characters.

    >>> data_path("a.toml", what="plan file")
    'a.toml'
    """
    name = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(name, str):
        raise ShtossError(
            _("{what} {path} is a {name}: allowed a path as str or pathlib.Path").format(
                what=_(what), path=quoted(path), name=type(path).__name__
            )
        )
    if "\0" in name:
        raise ShtossError(
            _("{what} {name}: a path holds no NUL character").format(
                what=_(what), name=quoted(name)
            )
        )
    if len(name) > MAX_PATH:
        raise ShtossError(
            _("{what} {name}: the path is too long; allowed at most {max_path} characters").format(
                what=_(what), name=quoted(name), max_path=MAX_PATH
            )
        )
    return name


def read_text(
    path: str | os.PathLike[str], *, what: str, max_bytes: int, suffixes: tuple[str, ...]
) -> str:
    """The text of a regular file of at most ``max_bytes``, UTF-8 (a byte-order mark at
    its start dropped), not empty, in NFC, whose suffix is one of ``suffixes``: the
    bounded read every data file goes through.

    >>> len(read_text("examples/plans/hermann-story.toml", what="plan file",
    ...               max_bytes=10_000, suffixes=(".toml",))) > 0
    True
    """
    name = data_path(path, what=what)
    where = f"{_(what)} {quoted(name, 200)}"
    suffix = Path(name).suffix.lower()
    if suffix not in suffixes:
        raise ShtossError(
            _("{where}: unknown file type {value!r}; allowed {suffixes}").format(
                where=where, value=suffix or "none", suffixes=", ".join(suffixes)
            )
        )
    try:
        mode = os.stat(name).st_mode
    except OSError as error:
        raise ShtossError(
            _("{where}: cannot read the file ({strerror})").format(
                where=where, strerror=os_reason(error)
            )
        ) from None
    if not stat.S_ISREG(mode):
        raise ShtossError(
            _("{where}: not a regular file; allowed a regular {suffixes} file").format(
                where=where, suffixes=_(" or ").join(suffixes)
            )
        )
    try:
        with open(name, "rb") as handle:  # at most one byte past the limit
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        raise ShtossError(
            _("{where}: cannot read the file ({strerror})").format(
                where=where, strerror=os_reason(error)
            )
        ) from None
    if len(raw) > max_bytes:
        raise ShtossError(
            _("{where}: the file is too large; allowed at most {max_bytes} bytes").format(
                where=where, max_bytes=max_bytes
            )
        )
    try:
        # One byte-order mark at the start (as Notepad and Excel's "CSV UTF-8" write
        # it) is the encoding's signature, not text: dropped.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ShtossError(_("{where}: the file is not UTF-8 text").format(where=where)) from None
    if not text.strip():
        raise ShtossError(_("{where}: the file is empty").format(where=where))
    stray = text.find("\ufeff")  # another mark (a file pasted onto another) is refused
    if stray >= 0:
        raise ShtossError(
            _(
                "{where}: line {count}: a byte-order mark (U+FEFF); allowed only as the "
                "file's first character"
            ).format(where=where, count=text.count("\n", 0, stray) + 1)
        )
    return unicodedata.normalize("NFC", text)


def read_data(path: str | os.PathLike[str], *, what: str, max_bytes: int) -> Any:
    """Parse a ``.toml`` or ``.json`` file of at most ``max_bytes`` into plain data.

    Every refusal is a ``ShtossError`` that starts with ``what`` and the file's name.

    >>> read_data("examples/plans/hermann-story.toml", what="plan file", max_bytes=10_000)["kush"]
    47000
    """
    name = data_path(path, what=what)
    where = f"{_(what)} {quoted(name, 200)}"
    suffix = Path(name).suffix.lower()
    text = read_text(name, what=what, max_bytes=max_bytes, suffixes=DATA_SUFFIXES)
    try:
        if suffix == ".toml":
            import tomllib

            toml_shape(text)  # bounded before tomllib builds it
            # tomllib converts integers itself: under the program's own limit on
            # int-text conversion, whatever PYTHONINTMAXSTRDIGITS says.
            with digit_limit(MAX_WHOLE_DIGITS):
                # 0x..., 0o..., 0b... are converted without decimal's limit: bounded after
                return whole_numbers_bounded(tomllib.loads(text, parse_float=_decimal))
        import json

        json_shape(text)
        return json.loads(
            text,
            parse_float=_decimal,
            parse_int=_json_int,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, JSONDecodeError too
        problem = " ".join(_in_our_words(error).split())[:200]
        raise ShtossError(
            _("{where}: bad {value} ({problem})").format(
                where=where, value=suffix[1:].upper(), problem=problem
            )
        ) from None


def _in_our_words(error: BaseException) -> str:
    """A parser's complaint, Python's limit on decimal digits told as the program's."""
    if "integer string conversion" in str(error):
        return _("an integer of more than {most} digits: allowed at most {most}").format(
            most=MAX_WHOLE_DIGITS
        )
    return spoken_complaint(str(error))


def _decimal(text: str) -> Decimal:
    """A decimal of a file, as ``Decimal``; one whose exponent is beyond even
    ``Decimal``'s (``1e`` and 5000 nines) is refused as such, not as decimal's own
    ``InvalidOperation``.

    >>> _decimal("0.5e400")
    Decimal('5E+399')
    >>> _decimal("1e" + "9" * 5000)
    Traceback (most recent call last):
    ...
    ValueError: the decimal 1e999999999999999999... has an exponent of 5000 digits: allowed \
at most 1000
    """
    try:
        return Decimal(text)
    except InvalidOperation:
        exponent = text.lower().partition("e")[2].lstrip("+-")
        raise ValueError(
            _(
                "the decimal {value}... has an exponent of {count} digits: allowed at most {most}"
            ).format(value=text[:20], count=len(exponent), most=MAX_EXPONENT)
        ) from None


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number").format(name=name))


def _json_int(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:  # a stake or a payoff: refused before it is converted
        raise ValueError(
            _("an integer of {count} digits: at most {most}").format(
                count=len(text), most=MAX_DIGITS
            )
        )
    try:
        return whole_number(text, name=_("an integer"), minimum=None, text=True)
    except ShtossError as error:
        raise ValueError(str(error)) from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for key, value in pairs:
        if key in table:
            raise ValueError(_("key {key} given twice").format(key=quoted(key)))
        table[key] = value
    return table


def decimal_too_long(value: Decimal) -> bool:
    """More than ``MAX_DIGITS`` digits, or an exponent beyond ``MAX_EXPONENT``."""
    _sign, digits, exponent = value.as_tuple()
    if not isinstance(exponent, int):
        return True  # NaN or infinity
    return (
        len(digits) > MAX_DIGITS
        or abs(exponent) > MAX_EXPONENT
        or len(digits) + abs(exponent) > MAX_DECIMAL_SIZE
    )


def exact_from_data(value: object) -> Fraction | None:
    """A number of a data file as a ``Fraction``; ``None`` when it is not one.

    Integers, decimals (``Decimal``) and strings such as ``"1/2"`` are numbers; a
    bool is not. A number too long to be a stake or a payoff raises ``ShtossError``.

    >>> exact_from_data("-2/3"), exact_from_data(Decimal("0.5")), exact_from_data(True)
    (Fraction(-2, 3), Fraction(1, 2), None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if not within_digits(value):
            raise ShtossError(
                _("a number of more than {max_digits} digits: allowed {number_allowed}").format(
                    max_digits=MAX_DIGITS, number_allowed=_(NUMBER_ALLOWED)
                )
            )
        return Fraction(value)
    if isinstance(value, Decimal):
        # 1e999999 has one digit but makes a million-digit integer, and 1e-99999999 a
        # 10**99999999 denominator: the exponent counts as well as the digits.
        if decimal_too_long(value):
            raise ShtossError(
                _(
                    "the decimal {value:.3} is too long or too large: allowed {number_allowed}, at "
                    "most {max_digits} digits and exponent {max_exponent}"
                ).format(
                    value=value,
                    number_allowed=_(NUMBER_ALLOWED),
                    max_digits=MAX_DIGITS,
                    max_exponent=MAX_EXPONENT,
                )
            )
        return Fraction(value)
    if isinstance(value, str):
        return parse_fraction(value)
    return None


_NOT_PRINTABLE = {
    "Cc": N_("a control character"),
    "Cf": N_("an invisible format character"),
    "Zl": N_("a line separator"),
    "Zp": N_("a paragraph separator"),
    "Cs": N_("a lone surrogate"),
    "Co": N_("a private-use character"),
    "Cn": N_("an unassigned character"),
}
"""What each kind of character that is not printable is called in a refusal (by its
Unicode general category)."""


def text_from_data(value: object, *, key: str) -> str:
    """A string of a data file: at most ``MAX_TEXT`` characters, printable. A Unicode
    space (a no-break space, a thin space, an ideographic space: category Zs) becomes
    a plain space; any other character that is not printable (a control or an
    invisible format character, a line separator, ...) is refused by its name.

    >>> text_from_data("Hermann's plan", key="name"), text_from_data("a\u00a0b", key="name")
    ("Hermann's plan", 'a b')
    """
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ShtossError(
            _("{key}: expected a string of at most {max_text} characters").format(
                key=key, max_text=MAX_TEXT
            )
        )
    text, problem = printable_text(value)
    if problem is not None:
        raise ShtossError(
            _("{key}: {value!r} holds {problem}; allowed printable text").format(
                key=key, value=value[:40], problem=problem
            )
        )
    return text


def printable_text(value: str) -> tuple[str, str | None]:
    """``value`` with its Unicode spaces (category Zs) as plain spaces, and the name of
    the first character that is still not printable (None when there is none): the
    one reading of text in every data file.

    >>> printable_text("a\u00a0b"), printable_text("a\u200bb")[1]
    (('a b', None), 'an invisible format character')
    """
    if value.isprintable():
        return value, None
    text = "".join(" " if unicodedata.category(ch) == "Zs" else ch for ch in value)
    for ch in text:
        if not ch.isprintable():
            return text, _(
                _NOT_PRINTABLE.get(unicodedata.category(ch), N_("a character not printable"))
            )
    return text, None
