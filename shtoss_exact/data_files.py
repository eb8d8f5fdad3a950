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
"""

from __future__ import annotations

import os
import stat
import sys
import unicodedata
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from shtoss_exact.data_shape import json_shape, toml_shape, whole_numbers_bounded
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.limits import MAX_WHOLE_DIGITS
from shtoss_exact.numbers import ALLOWED as NUMBER_ALLOWED
from shtoss_exact.numbers import MAX_DIGITS, parse_fraction, whole_number, within_digits

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
            f"{what} {quoted(path)} is a {type(path).__name__}: allowed a path as str or "
            "pathlib.Path"
        )
    if "\0" in name:
        raise ShtossError(f"{what} {quoted(name)}: a path holds no NUL character")
    if len(name) > MAX_PATH:
        raise ShtossError(f"{what} {quoted(name)}: the path is too long; allowed at most "
                          f"{MAX_PATH} characters")  # fmt: skip
    return name


def read_data(path: str | os.PathLike[str], *, what: str, max_bytes: int) -> Any:
    """Parse a ``.toml`` or ``.json`` file of at most ``max_bytes`` into plain data.

    Every refusal is a ``ShtossError`` that starts with ``what`` and the file's name.

    >>> read_data("examples/plans/hermann-story.toml", what="plan file", max_bytes=10_000)["kush"]
    47000
    """
    name = data_path(path, what=what)
    where = f"{what} {quoted(name, 200)}"
    suffix = Path(name).suffix.lower()
    if suffix not in DATA_SUFFIXES:
        raise ShtossError(f"{where}: unknown file type {suffix or 'none'!r}; allowed .toml, .json")
    try:
        mode = os.stat(name).st_mode
    except OSError as error:
        raise ShtossError(f"{where}: cannot read the file ({error.strerror})") from None
    if not stat.S_ISREG(mode):
        raise ShtossError(f"{where}: not a regular file; allowed a regular .toml or .json file")
    try:
        with open(name, "rb") as handle:  # at most one byte past the limit
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        raise ShtossError(f"{where}: cannot read the file ({error.strerror})") from None
    if len(raw) > max_bytes:
        raise ShtossError(f"{where}: the file is too large; allowed at most {max_bytes} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShtossError(f"{where}: the file is not UTF-8 text") from None
    if not text.strip():
        raise ShtossError(f"{where}: the file is empty")
    text = unicodedata.normalize("NFC", text)
    try:
        if suffix == ".toml":
            import tomllib

            toml_shape(text)  # bounded before tomllib builds it
            # tomllib converts integers itself: under the program's own limit on
            # int-text conversion, whatever PYTHONINTMAXSTRDIGITS says.
            limit = sys.get_int_max_str_digits()
            sys.set_int_max_str_digits(MAX_WHOLE_DIGITS)
            try:
                # 0x..., 0o..., 0b... are converted without decimal's limit: bounded after
                return whole_numbers_bounded(tomllib.loads(text, parse_float=Decimal))
            finally:
                sys.set_int_max_str_digits(limit)
        import json

        json_shape(text)
        return json.loads(
            text,
            parse_float=Decimal,
            parse_int=_json_int,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, JSONDecodeError too
        problem = " ".join(_in_our_words(error).split())[:200]
        raise ShtossError(f"{where}: bad {suffix[1:].upper()} ({problem})") from None


def _in_our_words(error: BaseException) -> str:
    """A parser's complaint, Python's limit on decimal digits told as the program's."""
    if "integer string conversion" in str(error):
        most = MAX_WHOLE_DIGITS
        return f"an integer of more than {most} digits: allowed at most {most}"
    return str(error)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _json_int(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:  # a stake or a payoff: refused before it is converted
        raise ValueError(f"an integer of {len(text)} digits: at most {MAX_DIGITS}")
    try:
        return whole_number(text, name="an integer", minimum=None, text=True)
    except ShtossError as error:
        raise ValueError(str(error)) from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for key, value in pairs:
        if key in table:
            raise ValueError(f"key {quoted(key)} given twice")
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
                f"a number of more than {MAX_DIGITS} digits: allowed {NUMBER_ALLOWED}"
            )
        return Fraction(value)
    if isinstance(value, Decimal):
        # 1e999999 has one digit but makes a million-digit integer, and 1e-99999999 a
        # 10**99999999 denominator: the exponent counts as well as the digits.
        if decimal_too_long(value):
            raise ShtossError(
                f"the decimal {value:.3} is too long or too large: allowed {NUMBER_ALLOWED}, "
                f"at most {MAX_DIGITS} digits and exponent {MAX_EXPONENT}"
            )
        return Fraction(value)
    if isinstance(value, str):
        return parse_fraction(value)
    return None


_NOT_PRINTABLE = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
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
        raise ShtossError(f"{key}: expected a string of at most {MAX_TEXT} characters")
    if value.isprintable():
        return value
    text = "".join(" " if unicodedata.category(ch) == "Zs" else ch for ch in value)
    for ch in text:
        if not ch.isprintable():
            kind = _NOT_PRINTABLE.get(unicodedata.category(ch), "a character not printable")
            raise ShtossError(f"{key}: {value[:40]!r} holds {kind}; allowed printable text")
    return text
