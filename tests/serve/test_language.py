"""The language of a request: ``lang=``, else the browser's ``Accept-Language`` read by
its grammar (RFC 9110, 12.5.4) in bounded time, else the server's own; never an error,
whatever the header holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact.serve.language import (
    MAX_HEADER,
    MAX_RANGES,
    accepted_language,
    read_accept_language,
    request_language,
)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        # what browsers send
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),  # Chrome, Russian first
        ("en-US,en;q=0.9,ru;q=0.8", "en"),
        ("ru", "ru"),
        ("ru-RU", "ru"),
        ("RU-ru", "ru"),  # tags are read in any case
        ("en-GB", "en"),
        ("uk-UA,uk;q=0.9,ru;q=0.8,en;q=0.7", "ru"),  # neither first: the better of the two
        ("de-DE,de;q=0.9,en;q=0.5,ru;q=0.4", "en"),
        # the weights, not the order, decide
        ("en;q=0.5, ru;q=0.9", "ru"),
        ("ru;q=0.1, en;q=0.2", "en"),
        ("ru;q=0.500, en;q=0.5", "ru"),  # a tie: the one named first
        ("en, ru", "en"),
        ("ru-RU;q=0.3, en;q=0.5, ru;q=0.9", "ru"),  # a language's best weight counts
        ("ru;q=1.000", "ru"),
        ("ru;Q=0.9, en;q=0.8", "ru"),
        ("ru ; q=0.9 , en;q=0.8", "ru"),  # spaces around the separators
        ("ru,,, en;q=0.5", "ru"),  # empty list elements are allowed
        # q=0 refuses a language; '*' weighs those not named
        ("ru;q=0, en;q=0.1", "en"),
        ("en;q=0, *", "ru"),
        ("ru;q=0, *;q=0.5", "en"),
        ("fr, *;q=0.1, en;q=0.05", "ru"),  # '*' gives Russian 0.1, English is named 0.05
        ("zh-Hant-TW, ru;q=0.1", "ru"),
    ],
)
def test_the_header_read_by_its_weights(header: str, language: str) -> None:
    assert accepted_language(header) == language
    assert accepted_language(header, default="ru") == language  # a preference: the default unread


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        "   ",
        ",",
        "*",  # any language: the server's
        "fr-FR, de;q=0.5",  # neither language
        "ru;q=0, en;q=0",  # both refused
        # cannot be read: no preference at all
        "ru;q=2",
        "ru;q=-1",
        "ru;q=0.1234",
        "ru;q=1.5",
        "ru;q=",
        "ru;q=.5",
        "ru;q=0,5",
        "ru;level=1",
        "ru;q=0.9;q=0.8",
        "ru_RU",
        "ru-",
        "-ru",
        "ru--RU",
        "ruRUruRUru",  # a subtag of 9 letters
        "ru-RU-abcdefghi",
        "рус",
        "ru\x00",
        "ru\r\nX-Injected: 1",
        "１ru",
        "ru;q=١",
        "en;q=0.8, ru; q = 0.9",
        "ru, en;q=0.5, " + "x;q=0.1, " * MAX_RANGES,  # more ranges than are read
        "ru" + "," * MAX_HEADER,  # longer than is read
        "ru-" + "a" * 8 * 1000,
    ],
    ids=lambda header: repr(header)[:40],
)
def test_no_preference_is_the_servers_language(header: str | None) -> None:
    assert accepted_language(header) == "en"
    assert accepted_language(header, default="ru") == "ru"


def test_the_ranges_and_their_weights_in_thousandths() -> None:
    assert read_accept_language("ru-RU, en;q=0.5, *;q=0, de;q=1.0") == [
        ("ru-RU", 1000), ("en", 500), ("*", 0), ("de", 1000),
    ]  # fmt: skip
    assert read_accept_language("ru;q=0.05") == [("ru", 50)]
    assert read_accept_language(", ".join(["ru"] * MAX_RANGES)) is not None
    assert read_accept_language(", ".join(["ru"] * (MAX_RANGES + 1))) is None


_HEADER_TEXT = st.text(
    alphabet=st.sampled_from([*"ruenRUEN-*;,=q.0123456789 \t_xZ", "\x00", "й", "\r"]),
    max_size=80,
)


@given(st.one_of(st.none(), st.text(max_size=2000), _HEADER_TEXT), st.sampled_from(["en", "ru"]))
def test_any_header_gives_a_language_and_never_an_error(header: str | None, default: str) -> None:
    assert accepted_language(header, default=default) in ("en", "ru")


@given(st.lists(st.tuples(st.sampled_from(["ru", "ru-RU", "en", "en-US", "fr", "*"]),
                          st.integers(0, 1000)), min_size=1, max_size=MAX_RANGES))  # fmt: skip
def test_the_language_of_the_highest_weight_wins(ranges: list[tuple[str, int]]) -> None:
    header = ", ".join(f"{tag};q={weight / 1000:.3f}" for tag, weight in ranges)
    # an independent reading: each language's weight, '*' for one not named at all
    weights = {}
    for name in ("en", "ru"):
        named = [w for tag, w in ranges if tag.split("-")[0] == name]
        stars = [w for tag, w in ranges if tag == "*"]
        weights[name] = max(named) if named else max(stars, default=0)
    chosen = accepted_language(header, default="en")
    other = "ru" if chosen == "en" else "en"
    assert weights[chosen] >= weights[other]
    if weights[chosen] == 0:
        assert chosen == "en"  # neither accepted: the default


@pytest.mark.parametrize(
    ("lang", "header", "default", "language"),
    [
        ("ru", "en", "en", "ru"),  # lang= overrides the header
        ("EN", "ru", "ru", "en"),
        (" ru ", None, "en", "ru"),
        (None, "ru-RU", "en", "ru"),
        ("fr", "ru", "en", "ru"),  # not a language of the page: the header decides
        ("", None, "ru", "ru"),
        (None, None, "en", "en"),
    ],
)
def test_lang_comes_first_then_the_header_then_the_server(
    lang: str | None, header: str | None, default: str, language: str
) -> None:
    assert request_language(lang, header, default=default) == language
