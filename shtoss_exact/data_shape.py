"""The shape of a data file, bounded on its text before it is parsed, and its integers after.

``tomllib`` and ``json`` build what they read recursively, and ``tomllib`` checks every
prefix of a dotted key against the tables already defined: a 40 kB key of 20 000
parts takes 1.5 GB, and 100 000 parts exhaust the memory, long before any schema
check could look at the result. So the text is scanned first, in one pass that
respects strings and comments (a bracket or a dot inside ``"..."``, ``'...'``,
``\"\"\"...\"\"\"`` or after ``#`` is text), and refused when

* one key (before ``=``, or in a table's header) has more than ``MAX_KEY_PARTS``
  parts, or
* tables and arrays nest more than ``MAX_DATA_DEPTH`` deep (each part of a key is one
  table), counting arrays and inline tables (``[``, ``{``) and a header's own parts.

The scan never builds anything and stops at the first excess: refused in
milliseconds. Text it cannot follow (a string never closed) is left to the parser,
which refuses it where the scan stopped.

TOML writes integers in hexadecimal, octal and binary too, which the parser converts
without Python's limit on decimal digits: ``whole_numbers_bounded`` refuses, after
parsing, an integer of more than ``MAX_WHOLE_DIGITS`` decimal digits however it was
written.
"""

from __future__ import annotations

import re
from typing import Any

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import MAX_DATA_DEPTH, MAX_KEY_PARTS
from shtoss_exact.numbers import whole_digits_over, whole_digits_refused

# What the scan stops at, by where it is: in a key (its dots and its end), in a value
# at the top level (a newline ends it), in a value of an inline table (a comma or the
# closing brace ends it), in an array (only brackets matter). Strings and comments
# everywhere. Compiled on first use (re's own cache), not at start-up.
_IN_KEY = r"""[=\[\]}\n"'#]"""  # the dots before it are counted at once
_IN_VALUE = r"""[\[{\n"'#]"""
_IN_INLINE = r"""[\[\]{},"'#]"""
_IN_ARRAY = r"""[\[\]{}"'#]"""


def toml_shape(text: str) -> None:
    """Refuse (``ShtossError``) TOML text whose keys or nesting pass the bounds.

    >>> toml_shape('[rules.a]\\nkey = {b = [1, 2], "c.d" = 3}  # a.b.c.d.e.f\\n')
    >>> toml_shape("a" + ".a" * 20_000 + " = 1")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: line 1: a key of more than 16 parts; allowed at most 16
    """
    stack: list[tuple[str, int]] = []  # open arrays and inline tables: (bracket, depth)
    in_key, header = True, False
    parts = 1  # parts of the key being read
    table = 1  # depth of the table the top-level keys go in (1 + its header's parts)
    here = 1  # depth of the table or array holding the value being read
    pos = 0
    while True:
        if in_key:
            pattern = _IN_KEY
        elif not stack:
            pattern = _IN_VALUE
        else:
            pattern = _IN_ARRAY if stack[-1][0] == "[" else _IN_INLINE
        found = re.compile(pattern).search(text, pos)
        if found is None:
            return
        ch, start = found.group(), found.start()
        if in_key:
            parts += text.count(".", pos, start)
            if parts > MAX_KEY_PARTS:
                _refuse(text, pos, _("a key of more than {most} parts; allowed at most {most}")
                                   .format(most=MAX_KEY_PARTS))  # fmt: skip
        pos = found.end()
        if ch in "\"'":
            pos = _string_end(text, start)
            if pos < 0:
                return  # never closed: the parser refuses it here
        elif ch == "#":
            pos = text.find("\n", pos)
            if pos < 0:
                return
        elif in_key:
            if ch == "=":
                base = stack[-1][1] if stack else table
                here = _deeper(text, start, base + parts - 1)  # a table a part, but the last
                in_key, parts = False, 1
            elif ch == "[" and not stack and not header:
                header, parts = True, 1
                if text.startswith("[", pos):  # [[array.of.tables]]: the array is a level
                    pos += 1
                    parts = 2
            elif ch == "]" and header:
                table = _deeper(text, start, 1 + parts)
                header, parts = False, 1
            elif ch == "}" and stack and stack[-1][0] == "{":  # an empty inline table
                stack.pop()
                in_key, here = False, stack[-1][1] if stack else here
            elif ch == "\n":
                parts = 1
        elif ch in "[{":
            here = _deeper(text, start, here + 1)
            stack.append((ch, here))
            in_key = ch == "{"
            parts = 1
        elif ch in "]}":
            if stack:
                stack.pop()
            here = stack[-1][1] if stack else here
        elif ch == "," or ch == "\n":  # the next key of an inline table, or of the top level
            in_key, parts = True, 1


def json_shape(text: str) -> None:
    """Refuse (``ShtossError``) JSON text whose arrays and objects nest more than
    ``MAX_DATA_DEPTH`` deep.

    >>> json_shape('{"a": ["[[[", {"b": 1}]}')
    >>> json_shape("[" * 100_000)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: line 1: arrays and objects nested more than 32 deep; \
allowed at most 32
    """
    depth = 0
    pos = 0
    brackets = re.compile(r'[\[\]{}"]')
    while True:
        found = brackets.search(text, pos)
        if found is None:
            return
        ch, pos = found.group(), found.end()
        if ch == '"':
            pos = _closing(text, '"', pos)
            if pos < 0:
                return
        elif ch in "[{":
            depth = _deeper(text, found.start(), depth + 1, what=N_("arrays and objects"))
        else:
            depth -= 1


def whole_numbers_bounded(data: Any) -> Any:
    """``data``, parsed, once no integer in it has more than ``MAX_WHOLE_DIGITS``
    decimal digits (else ``ShtossError`` naming where it is): ``0x`` followed by 4 000 hex digits is
    parsed in linear time, and no answer could print it.

    >>> whole_numbers_bounded({"rules": [{"position": 3}]})
    {'rules': [{'position': 3}]}
    >>> whole_numbers_bounded({"rules": [{"position": 1 << 20_000}]})
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: rules[1].position=(about 6021 digits) is not a whole \
number of at most 4300 digits
    """
    pending: list[tuple[Any, str]] = [(data, "")]
    while pending:
        value, where = pending.pop()
        if isinstance(value, dict):
            pending.extend((v, f"{where}.{k}" if where else str(k)) for k, v in value.items())
        elif isinstance(value, list):
            # counted from 1, as the schema's messages count
            pending.extend((v, f"{where}[{i}]") for i, v in enumerate(value, start=1))
        elif isinstance(value, int) and whole_digits_over(value):
            raise whole_digits_refused(value, name=where[:80] or _("an integer"))
    return data


def _deeper(text: str, at: int, depth: int, *, what: str = N_("arrays and tables")) -> int:
    if depth > MAX_DATA_DEPTH:
        _refuse(text, at, _("{what} nested more than {most} deep; allowed at most {most}")
                          .format(what=_(what), most=MAX_DATA_DEPTH))  # fmt: skip
    return depth


def _refuse(text: str, at: int, problem: str) -> None:
    raise ShtossError(
        _("line {count}: {problem}").format(count=text.count(chr(10), 0, at) + 1, problem=problem)
    )


def _string_end(text: str, start: int) -> int:
    """Where the TOML string opening at ``start`` ends (-1: it never does)."""
    quote = text[start]
    if text.startswith(quote * 3, start):  # multi-line: up to two quotes may close it too
        end = _closing(text, quote * 3, start + 3, multiline=True)
        if end < 0:
            return -1
        extra = 0
        while extra < 2 and text.startswith(quote, end + extra):
            extra += 1
        return end + extra
    return _closing(text, quote, start + 1)


def _closing(text: str, delimiter: str, pos: int, *, multiline: bool = False) -> int:
    """The position past the first ``delimiter`` from ``pos`` that no backslash escapes
    (a literal string, in single quotes, has no escapes); -1 when there is none, or
    (one-line strings) when a newline comes first."""
    escapes = delimiter[0] == '"'
    line_end = -1 if multiline else text.find("\n", pos)
    while True:
        found = text.find(delimiter, pos)
        if found < 0 or 0 <= line_end < found:
            return -1
        run = found
        while escapes and run > pos and text[run - 1] == "\\":
            run -= 1
        if (found - run) % 2 == 0:  # an even run of backslashes escapes only themselves
            return found + len(delimiter)
        pos = found + 1
