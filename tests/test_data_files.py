"""Text of a data file: Unicode spaces read as plain spaces; every other character that
is not printable refused, by its own name (a control character, an invisible one, ...)."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from shtoss_exact.data_files import text_from_data
from shtoss_exact.errors import ShtossError

SPACES = [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Zs"]
"""Every space separator of Unicode: the no-break space, the thin space, the
ideographic space, ... and the plain space itself."""


def test_every_unicode_space_is_read_as_a_plain_space() -> None:
    assert "\u00a0" in SPACES and "\u202f" in SPACES and "\u3000" in SPACES
    for space in SPACES:
        assert text_from_data(f"my{space}scheme", key="name") == "my scheme"


def test_printable_text_is_kept_as_it_is() -> None:
    for text in ("Hermann's plan", "фараон", "lob-half ½", "Q♠ 10♦", "и\u0306"):
        assert text_from_data(text, key="name") == text


@pytest.mark.parametrize(
    ("character", "named"),
    [
        ("\x1b", "a control character"),
        ("\n", "a control character"),
        ("\x9b", "a control character"),
        ("\u200b", "an invisible format character"),  # zero-width space
        ("\u202e", "an invisible format character"),  # right-to-left override
        ("\ufeff", "an invisible format character"),
        ("\u2028", "a line separator"),
        ("\u2029", "a paragraph separator"),
        ("\ud800", "a lone surrogate"),
        ("\ue000", "a private-use character"),
        ("\U0010ffff", "an unassigned character"),  # a noncharacter: never assigned
    ],
)
def test_a_character_that_is_not_printable_is_refused_by_its_name(
    character: str, named: str
) -> None:
    assert not character.isprintable()
    text = f"a\u00a0b{character}c"
    with pytest.raises(ShtossError) as refused:
        text_from_data(text, key="name")
    line = str(refused.value)
    assert line == f"name: {text!r} holds {named}; allowed printable text"
    assert character not in line
