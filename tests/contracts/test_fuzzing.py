"""Fuzzing the parsers of user input: only ``ShtossError`` may escape, and fast.

Random text, bytes and nested data go to the scheme-file reader (as TOML and as
JSON), the scheme builder, the card, rank and suit parsers and the number parser.
Whatever is accepted must be a valid value: a scheme that settles a deal into a
distribution summing to 1, a card of the 52-card deck, an exact ``Fraction``.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from shtoss_exact.bet.measures import scheme_result
from shtoss_exact.deck import RANKS_52, Card, Deal, Suit, parse_card, parse_rank, parse_suits
from shtoss_exact.errors import ShtossError
from shtoss_exact.numbers import MAX_DIGITS, parse_fraction
from shtoss_exact.schemes.files import load_scheme
from shtoss_exact.schemes.schema import MATCH_KEYS, TOP_KEYS, scheme_from_data
from shtoss_exact.schemes.scheme import BUILTIN, Scheme

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEAL = Deal(9, 3, parse_card("7h"), parse_suits("hsd"))

# Strings that would run code if anything evaluated them, and look-alike digits:
# Arabic-Indic, Devanagari, fullwidth, superscript, mathematical bold, the fraction slash.
HOSTILE = [
    "__import__('os').system('true')",
    "eval('1')",
    "exec('x=1')",
    "(lambda: 1)()",
    "1/2; import os",
    "${7*7}",
    "{{7*7}}",
    "os.getcwd()",
    "Rational(1, 2)",
    "sympify('1')",
    "١/٢",
    "१२",
    "１/２",
    "²/³",
    "𝟏/𝟐",
    "1⁄2",
    "½",
    "0x10",
    "1e5",
    "1_000",
    "nan",
    "inf",
    "-",
    "/",
    "1//2",
    "1/2/3",
    "9" * (MAX_DIGITS + 1),
]

text = st.one_of(st.text(max_size=30), st.sampled_from(HOSTILE))
key = st.one_of(st.sampled_from(TOP_KEYS + MATCH_KEYS + ("payoff", "amount", "param")), text)
leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**80), max_value=10**80),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.floats(),
    text,
    st.sampled_from(["null", "1/2", "-2/3", "0.5", "killed", "plié", "colour", *BUILTIN]),
)
nested = st.recursive(
    leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(key, inner, max_size=6)),
    max_leaves=30,
)
# Mostly well-formed values, so that accepted schemes are checked too.
number = st.one_of(
    st.integers(-3, 3),
    st.sampled_from(["1/2", "-2/3", "0.25", "null", "1/0", "x"]),
    st.decimals(min_value=-10, max_value=10, places=3),
    st.fixed_dictionaries({"param": st.sampled_from(["x", "lob", "1x"])}, optional={"value": leaf}),
)
value = st.one_of(number, number, nested)
entry = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.one_of(st.sampled_from(["killed", "plié", "given"]), nested),
        "abzug": st.one_of(st.integers(0, 30), nested),
        "position": st.one_of(st.integers(0, 30), nested),
        "relation": st.one_of(st.sampled_from(["colour", "half-colour", "plain"]), leaf),
        "last_pair": leaf,
        "last_card": leaf,
        "payoff": value,
        "name": leaf,
        "amount": value,
    },
)
scheme_data = st.one_of(
    nested,
    st.fixed_dictionaries(
        {},
        optional={
            "base": st.one_of(st.sampled_from(list(BUILTIN)), leaf),
            "name": leaf,
            "payoffs": st.dictionaries(st.sampled_from(["killed", "plie", "given"]), value),
            "rules": st.lists(entry, max_size=4),
            "premiums": st.lists(entry, max_size=3),
            "thirds": st.dictionaries(st.sampled_from(["colour", "half-colour", "plain"]), value),
            "options": st.dictionaries(
                st.sampled_from(["soda", "hock_null", "plie_half", "last_card_null"]),
                st.one_of(st.booleans(), st.sampled_from(["known", "before"]), leaf),
            ),
        },
    ),
)


def assert_valid_scheme(scheme: Scheme) -> None:
    assert isinstance(scheme, Scheme)
    assert scheme.name.isprintable() and scheme.description.isprintable()
    assert scheme.source.isprintable()
    # Refusing at settlement time is allowed (ShtossError); any other outcome must be exact.
    try:
        result = scheme_result(DEAL, scheme)
    except ShtossError:
        return
    assert sum(result.distribution.values()) == 1
    assert all(isinstance(v, Fraction) for v in result.distribution)
    assert result.banker + result.punter + result.null == 1
    assert result.null == result.distribution.get(Fraction(0), 0)
    assert json.loads(result.to_json()) == result.to_dict()


def only_shtoss_error(call: Callable[[], Any]) -> Any:
    started = time.process_time()
    try:
        return call()
    except ShtossError as error:
        assert "\n" not in str(error)
        return None
    finally:
        assert time.process_time() - started < 5, "a parser must refuse quickly"


@FUZZ
@given(scheme_data)
def test_scheme_from_data_raises_only_shtoss_error(data: object) -> None:
    scheme = only_shtoss_error(lambda: scheme_from_data(data, source="fuzz.toml"))
    if scheme is not None:
        assert_valid_scheme(scheme)


def _load(raw: bytes, suffix: str) -> Scheme | None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"scheme{suffix}"
        path.write_bytes(raw)
        scheme: Scheme | None = only_shtoss_error(lambda: load_scheme(path))
        return scheme


TOML_PIECES = st.sampled_from(
    [
        "base = 'faro'\n",
        "[payoffs]\n",
        "given = '1/2'\n",
        "given = 1e-99999999\n",
        "killed = 1e999999999\n",
        "plie = 0.5\n",
        "[[rules]]\n",
        "abzug = 1\n",
        "position = 0\n",
        "payoff = 'null'\n",
        "payoff = { param = 'x', value = '-1/2' }\n",
        "kind = ['killed', 'plié']\n",
        "relation = 'plain'\n",
        "[thirds]\n",
        "colour = 1\n",
        "[options]\n",
        "soda = 'before'\n",
        "x = [[[[[[[[1]]]]]]]]\n",
        "\x00",
        "= =\n",
    ]
)


@FUZZ
@given(st.one_of(st.binary(max_size=200), st.lists(TOML_PIECES, max_size=12).map(
    lambda parts: "".join(parts).encode())))  # fmt: skip
@example(b"\xff\xfe")
@example(b"a = " + b"[" * 5000 + b"]" * 5000)
@example(b"payoffs.given = " + b"9" * 10_000)
def test_load_scheme_toml_raises_only_shtoss_error(raw: bytes) -> None:
    scheme = _load(raw, ".toml")
    if scheme is not None:
        assert_valid_scheme(scheme)


JSON_TEXT = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), text),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(key, inner, max_size=5)),
    max_leaves=20,
).map(json.dumps)


@FUZZ
@given(st.one_of(st.binary(max_size=200), JSON_TEXT.map(str.encode)))
@example(b"[" * 100_000 + b"]" * 100_000)
@example(b'{"payoffs": {"given": 1e-99999999}}')
@example(b'{"payoffs": {"given": NaN}}')
@example(b'{"payoffs": {"given": ' + b"7" * 5000 + b"}}")
def test_load_scheme_json_raises_only_shtoss_error(raw: bytes) -> None:
    scheme = _load(raw, ".json")
    if scheme is not None:
        assert_valid_scheme(scheme)


def test_huge_files_are_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
    with pytest.raises(ShtossError, match=r"the file is too large; allowed at most 1000000 bytes"):
        load_scheme(path)


@pytest.mark.parametrize("number", ["1e-99999999", "1e999999999", "1e1001", "1e-1001"])
def test_decimals_with_huge_exponents_are_refused_quickly(number: str) -> None:
    # Regression: Fraction(Decimal("1e-99999999")) builds a 10**99999999 denominator.
    started = time.process_time()
    with pytest.raises(ShtossError) as caught:
        scheme_from_data({"payoffs": {"given": Decimal(number)}})
    message = str(caught.value)
    assert message.startswith("<scheme>: payoffs.given: ")
    assert f"{Decimal(number):.3}" in message and "allowed" in message
    assert time.process_time() - started < 1


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"name": "x", "name": "y"}', "key 'name' given twice"),
        (b'{"payoffs": {"given": 1, "given": 2}}', "key 'given' given twice"),
        (b'{"name": "a\\u001b[31mb"}', "holds a control character"),
        (b'{"description": "a\\u0000b"}', "holds a control character"),
        (b'{"payoffs": {"given": ' + b"7" * 5000 + b"}}", "bad JSON"),
    ],
)
def test_json_the_reader_refuses(raw: bytes, message: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scheme.json"
        path.write_bytes(raw)
        with pytest.raises(ShtossError, match=re.escape(message)) as caught:
            load_scheme(path)
        assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)


@FUZZ
@given(text)
def test_parse_fraction_accepts_only_exact_plain_numbers(raw: str) -> None:
    value = only_shtoss_error(lambda: parse_fraction(raw))
    if value is not None:
        assert isinstance(value, Fraction)
        assert raw.strip().isascii()
        assert sum(ch.isdigit() for ch in raw) <= MAX_DIGITS


@pytest.mark.parametrize("raw", HOSTILE)
def test_hostile_numbers_are_refused(raw: str) -> None:
    with pytest.raises(ShtossError, match="allowed"):
        parse_fraction(raw)


@FUZZ
@given(st.fractions(max_denominator=10**6))
def test_parse_fraction_reads_back_what_it_would_print(value: Fraction) -> None:
    assert parse_fraction(str(value)) == value


@FUZZ
@given(text)
@example("10♥")
@example("Дп")
@example("1０h")
def test_parse_card_gives_a_card_of_the_deck(raw: str) -> None:
    card = only_shtoss_error(lambda: parse_card(raw))
    if card is not None:
        assert isinstance(card, Card)
        assert card.rank in RANKS_52 and isinstance(card.suit, Suit)


@FUZZ
@given(text)
def test_parse_rank_gives_a_rank_of_the_deck(raw: str) -> None:
    rank = only_shtoss_error(lambda: parse_rank(raw))
    assert rank is None or rank in RANKS_52


@FUZZ
@given(st.one_of(text, st.text(alphabet="schd♠♣♥♦птчб ,xX١", max_size=40)))
def test_parse_suits_gives_suits(raw: str) -> None:
    suits = only_shtoss_error(lambda: parse_suits(raw))
    if suits is not None:
        assert all(isinstance(s, Suit) for s in suits)
        assert len(suits) == sum(1 for ch in raw if not ch.isspace() and ch != ",")
