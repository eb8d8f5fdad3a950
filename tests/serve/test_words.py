"""The page's words: every label of ``static/index.html`` and every message of
``static/app.js`` is one of ``PAGE``, ``SCRIPT`` or ``PLURALS`` (so the catalog's test
holds each translated), the page rendered in each language with its script's words as
data, and the plural rule the script reads as the catalog's."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact.serve.words import (
    PAGE,
    PLURAL_TABLE,
    PLURALS,
    SCRIPT,
    _plurals,
    page,
    plural_rule,
    script_words,
)
from tests import ROOT
from tests.test_i18n import _russian_form

STATIC = ROOT / "shtoss_exact" / "serve" / "static"
_STRING = r'"((?:[^"\\]|\\.)*)"'


def _script_messages() -> tuple[set[str], set[tuple[str, str]]]:
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    singles = set(re.findall(r"\bt\(" + _STRING, script))
    plurals = set(re.findall(r"\bn_\(" + _STRING + r",\s*" + _STRING, script))
    return {json.loads(f'"{m}"') for m in singles}, plurals


def test_the_pages_labels_are_the_tables() -> None:
    template = (STATIC / "index.html").read_text(encoding="utf-8")
    labels = re.findall(r"\{\{(?!=)(.*?)\}\}(?!\})", template)
    assert {label.split("|")[0] for label in labels} == set(PAGE)
    assert len(set(PAGE)) == len(PAGE)


def test_the_scripts_messages_are_the_tables() -> None:
    singles, plurals = _script_messages()
    assert singles == set(SCRIPT)
    assert plurals == set(PLURALS)


def test_the_plurals_table_is_what_ngettext_is_asked() -> None:
    assert _plurals(1) == tuple(singular for singular, _ in PLURALS)
    assert _plurals(2) == tuple(plural for _, plural in PLURALS)


@given(st.integers(min_value=0, max_value=10**9))
def test_the_scripts_plural_rule_is_russian_grammar(count: int) -> None:
    rule = plural_rule("ru")
    index = rule[count] if count < PLURAL_TABLE else rule[count % 100 + 100]  # as app.js reads it
    assert index == _russian_form(count)
    english = plural_rule("en")
    assert (english[count] if count < PLURAL_TABLE else english[count % 100 + 100]) == (count != 1)


def test_the_scripts_words_in_russian() -> None:
    words = script_words("ru")
    assert words["lang"] == "ru" and words["languages"] == ["en", "ru"]
    assert words["messages"]["before the soda"] == "до соды"
    assert words["plurals"]["{count} card left"] == [
        "осталась {count} карта", "осталось {count} карты", "осталось {count} карт",
    ]  # fmt: skip
    assert set(words["messages"]) == set(SCRIPT)
    english = script_words("en")
    assert all(key == value for key, value in english["messages"].items())
    assert english["plurals"]["{count} card left"] == ["{count} card left", "{count} cards left"]


class _Text(HTMLParser):
    """The text a reader meets in a page (its script's data and code aside), and its
    aria-label, placeholder and title attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.words: str | None = None
        self._skip: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag in ("script", "code", "style") or given.get("lang") == "en":
            self._skip.append(tag)
        if tag == "script" and given.get("id") == "words":
            self.words = ""
        for name in ("aria-label", "placeholder", "title"):
            if given.get(name):
                self.found.append(str(given[name]))

    def handle_endtag(self, tag: str) -> None:
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data: str) -> None:
        if self.words == "" and self._skip[-1:] == ["script"]:
            self.words = data
        elif not self._skip:
            self.found.append(data)


CARDS = re.compile(r"\b(?:10|[2-9JQKA])[shdc]\b", re.IGNORECASE)
ALLOWED = {"shtoss", "exact", "Tab", "Enter"}  # the program's name; the keys' names


def test_the_russian_page_carries_no_english_label() -> None:
    reader = _Text()
    reader.feed(page("ru"))
    text = " ".join(reader.found)
    english = set(re.findall(r"[A-Za-z]{2,}", CARDS.sub(" ", text))) - ALLOWED
    assert not english, english
    assert '<html lang="ru">' in page("ru") and "Счётчик карт" in text
    assert reader.words is not None and json.loads(reader.words) == script_words("ru")


def test_the_english_page_is_the_english_labels() -> None:
    english = page("en")
    assert "<title>shtoss-exact — the casekeeper</title>" in english
    assert '<html lang="en">' in english and "{{" not in english
    assert 'placeholder="5h Ks 5d  or  7ч Дп"' in english
    assert "<code>/api/case</code>: the record of <code>shtoss-exact case" in english
    assert "the punter&#x27;s expected net" in english  # escaped as HTML


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_words_cannot_end_their_script_block(language: str) -> None:
    shown = page(language, template="<script>{{=words}}</script>{{Deal}}")
    block = shown.removeprefix("<script>").split("</script>")[0]
    assert "<" not in block and ">" not in block and "&" not in block
    assert json.loads(block) == script_words(language)
    assert page("ru", template="{{Deal}} {{=lang}}") == "Сдать ru"
    assert page("ru", template="{{the link's cards: {error}|error=<b>x</b>}}") == (
        "карты ссылки: <b>x</b>"
    )
