"""The parsers' complaints spoken in Russian: each made by ``tomllib`` or ``json`` itself
from bad text, and spoken whole (no English word left)."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from shtoss_exact.i18n import speaking
from shtoss_exact.parser_words import spoken_complaint

TOML = (
    'base = "classic"x\n',  # Expected newline or end of document after a statement
    "a = {b=1, b=2}\n",  # Duplicate inline table key 'b'
    'a = "x\n',  # Illegal character '\n'
    "a = 'x",  # Expected "'"
    "a = 'x\x01'\n",  # Found invalid character '\x01'
    "a = {b=1}\na.c=2\n",  # Cannot mutate immutable namespace ('a',)
    "[a.b]\nc=1\n[a]\nb.d=1\n",  # Cannot redefine namespace ('a', 'b')
    "[a]\n[a]\n",  # Cannot declare ('a',) twice
    'a = """x',  # Unterminated string
    "a=1\na.b=2\n",  # Cannot overwrite a value
    "[a\n",  # Expected ']' at the end of a table declaration
)
JSON = (
    '{"name": "x',  # Unterminated string starting at
    '{"a":1 2}',  # Expecting ',' delimiter
    "",  # Expecting value
)


def _complaint(text: str, parse: object) -> str:
    try:
        parse(text)  # type: ignore[operator]
    except ValueError as error:
        return str(error)
    raise AssertionError(f"{text!r} parsed")


@pytest.mark.parametrize(
    "complaint",
    [_complaint(text, tomllib.loads) for text in TOML]
    + [_complaint(text, json.loads) for text in JSON],
)
def test_a_parsers_complaint_is_spoken_whole(complaint: str) -> None:
    with speaking("ru"):
        spoken = spoken_complaint(complaint)
    # the quoted part (a key, a character) is the file's own: left out of the check
    words = re.sub(r"'[^']*'|\"[^\"]*\"|\([^)]*'[^)]*\)", "", spoken)
    assert not re.search(r"[A-Za-z]{2,}", words), (complaint, spoken)
    assert spoken_complaint(complaint) == complaint


def test_tomllib_and_json_unterminated_strings_are_told_apart() -> None:
    toml = _complaint('a = """x', tomllib.loads)
    made = _complaint('{"name": "x', json.loads)
    with speaking("ru"):
        assert spoken_complaint(toml) == "незакрытая строка (в конце текста)"
        assert spoken_complaint(made).startswith("незакрытая строка, начатая: строка 1")
