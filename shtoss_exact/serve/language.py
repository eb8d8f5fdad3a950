"""The language of one request to the casekeeper page: ``lang=`` in its query, else the
browser's ``Accept-Language`` header, else the server's own (``serve --lang``).

The header is hostile input, read by hand in bounded time (RFC 9110, 12.5.4): at most
``MAX_HEADER`` characters and ``MAX_RANGES`` ranges, each a language range
(``ru``, ``ru-RU``, ``*``; letters, digits and hyphens, subtags of at most 8) with an
optional weight ``;q=`` of at most three decimals, 0 to 1. A header that breaks any of
that is no preference at all, as if it were not sent; so is one that accepts neither
language. Otherwise the language of the highest weight wins (``ru-RU`` is Russian, as
``ru`` is; ``*`` weighs a language the header does not name), the one named first on a
tie, and the server's own when ``*`` alone ties them. Never an error.

>>> accepted_language("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")
'ru'
>>> accepted_language("de-DE,de;q=0.9,en;q=0.5,ru;q=0.4")
'en'
>>> accepted_language("ru;q=2", default="ru"), accepted_language("fr")
('ru', 'en')
"""

from __future__ import annotations

import re

from shtoss_exact.i18n import LANGUAGES

MAX_HEADER = 1000
"""Longest ``Accept-Language`` read, in characters (a browser sends about 40)."""

MAX_RANGES = 32
"""Most language ranges of one header read."""

_RANGE = re.compile(r"\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*", re.ASCII)
_WEIGHT = re.compile(r"[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)", re.ASCII)
_SPACE = " \t"


def accepted_language(header: str | None, *, default: str = "en") -> str:
    """The page's language (one of ``LANGUAGES``) that ``header``, an ``Accept-Language``
    value, prefers; ``default`` when it prefers none, or cannot be read."""
    weights = read_accept_language(header)
    if weights is None:
        return default
    named: dict[str, tuple[int, int]] = {}  # language -> (its weight, -where it is first)
    for at, (tag, weight) in enumerate(weights):
        primary = tag.split("-", 1)[0].lower()
        if primary in LANGUAGES:
            named[primary] = max(named.get(primary, (-1, 0)), (weight, -at))
    wildcard = max((weight for tag, weight in weights if tag == "*"), default=0)
    ranked = sorted(
        [(key, name) for name, key in named.items() if key[0] > 0]
        + [((wildcard, -len(weights)), name) for name in LANGUAGES if name not in named],
        reverse=True,
    )
    if not ranked or ranked[0][0][0] == 0:
        return default
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:  # only '*' names them both
        return default
    return ranked[0][1]


def read_accept_language(header: str | None) -> list[tuple[str, int]] | None:
    """``header`` as its language ranges, each with its weight in thousandths, in the
    order given; ``None`` when it is missing, too long, or not ranges and weights.

    >>> read_accept_language("ru-RU, en;q=0.5, *;q=0")
    [('ru-RU', 1000), ('en', 500), ('*', 0)]
    >>> read_accept_language("ru;level=1") is None
    True
    """
    if not header or len(header) > MAX_HEADER:
        return None
    parts = [part.strip(_SPACE) for part in header.split(",")]
    parts = [part for part in parts if part]  # "a, , b": empty list elements are allowed
    if not parts or len(parts) > MAX_RANGES:
        return None
    ranges = []
    for part in parts:
        tag, semicolon, weight = part.partition(";")
        tag = tag.rstrip(_SPACE)
        if not _RANGE.fullmatch(tag):
            return None
        thousandths = 1000
        if semicolon:
            matched = _WEIGHT.fullmatch(weight.strip(_SPACE))
            if matched is None:
                return None
            whole, _, decimals = matched.group(1).partition(".")
            thousandths = int(whole) * 1000 + int((decimals + "000")[:3])
        ranges.append((tag, thousandths))
    return ranges


def request_language(query_lang: str | None, header: str | None, *, default: str) -> str:
    """The language of a request: ``query_lang`` (its ``lang=``) when it is one of
    ``LANGUAGES`` (any case), else what its ``Accept-Language`` ``header`` prefers, else
    ``default``.

    >>> request_language("RU", "en", default="en"), request_language(None, "ru", default="en")
    ('ru', 'ru')
    """
    if query_lang is not None and query_lang.strip().lower() in LANGUAGES:
        return query_lang.strip().lower()
    return accepted_language(header, default=default)
