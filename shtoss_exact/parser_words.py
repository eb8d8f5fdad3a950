"""The parsers' complaints about a data file (``tomllib``'s, ``json``'s) in the language
spoken now.

A parser writes its complaint in English, from a small fixed set of messages (Python's
own ``tomllib`` and ``json`` modules), followed by where it stopped. In English the
complaint is shown as the parser wrote it; in another language each known message and
the place are spoken from the catalog, and a message not known is shown as written.

>>> from shtoss_exact.i18n import speaking
>>> with speaking("ru"):
...     spoken_complaint("Invalid statement (at line 1, column 1)")
'неверная инструкция (строка 1, столбец 1)'
>>> spoken_complaint("Invalid statement (at line 1, column 1)")
'Invalid statement (at line 1, column 1)'
"""

from __future__ import annotations

import re

from shtoss_exact.i18n import N_, _, language

COMPLAINTS = (
    # tomllib
    N_("Invalid statement"),
    N_("Invalid value"),
    N_("Invalid initial character for a key part"),
    N_("Invalid hex value"),
    N_("Invalid date or datetime"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected newline or end of document after a statement"),
    N_("Expected {expected}"),
    N_("Cannot overwrite a value"),
    N_("Cannot declare {key} twice"),
    N_("Cannot redefine namespace {key}"),
    N_("Cannot mutate immutable namespace {key}"),
    N_("Duplicate inline table key {key}"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Illegal character {character}"),
    N_("Found invalid character {character}"),
    # json
    N_("Unterminated string starting at"),
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    # tomllib's, after json's longer "Unterminated string starting at"
    N_("Unterminated string"),
)
"""Every message ``tomllib`` and ``json`` write (their ``{...}``: a quoted part), the
most specific first: a message is known only when it is the whole of the complaint's
head (``Expected {expected}`` after every other ``Expected ...``)."""

PLACES = (
    N_(" (at line {line}, column {column})"),
    N_(" (at end of document)"),
    N_(": line {line} column {column} (char {char})"),
)
"""Where a parser stopped, as ``tomllib`` and ``json`` write it after the message."""


def _pattern(message: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", message)
    pattern = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
        for index, part in enumerate(parts)
    )
    return re.compile(pattern)


def _spoken(text: str, messages: tuple[str, ...], *, end: bool) -> tuple[str, str] | None:
    """The first of ``messages`` that ``text`` ends with (``end``; else: that is the whole
    of ``text``), spoken, and the rest of ``text``; None when none matches."""
    for message in messages:
        pattern = _pattern(message)
        found = re.search(f"{pattern.pattern}$", text) if end else pattern.fullmatch(text)
        if found is not None:
            rest = text[: found.start()] if end else text[found.end() :]
            return _(message).format(**found.groupdict()), rest
    return None


def spoken_complaint(text: str) -> str:
    """A parser's complaint ``text`` in the language spoken now: its message and the
    place it stopped each spoken when known; as written in English, or when unknown."""
    if language() == "en":
        return text
    place = _spoken(text, PLACES, end=True)
    head, where = (place[1], place[0]) if place is not None else (text, "")
    message = _spoken(head, COMPLAINTS, end=False)
    if message is None or message[1]:
        return text if place is None else head + where
    return message[0] + where
