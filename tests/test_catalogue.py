"""The one catalogue of named things: schemes, plans and betting patterns alike."""

from __future__ import annotations

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.case.pattern import PATTERNS, Pattern
from shtoss_exact.catalogue import Catalogue, name_key
from shtoss_exact.errors import shown_number
from shtoss_exact.plans.catalog import PLANS, Plan
from shtoss_exact.schemes.scheme import SCHEMES, Scheme


@pytest.mark.parametrize(
    ("catalogue", "kind"), [(SCHEMES, Scheme), (PLANS, Plan), (PATTERNS, Pattern)]
)
def test_one_type_for_every_kind(catalogue: Catalogue[object], kind: type) -> None:
    assert isinstance(catalogue, Catalogue) and catalogue.kind is kind
    for name, aliases in catalogue.names().items():
        value = catalogue.named(name.upper())  # case does not matter
        assert isinstance(value, kind)
        for alias in aliases:
            assert catalogue.named(f"  {alias.upper().replace('-', ' ')} ") is value


@pytest.mark.parametrize("catalogue", [SCHEMES, PLANS, PATTERNS])
def test_one_refusal_format(catalogue: Catalogue[object]) -> None:
    with pytest.raises(ShtossError) as caught:
        catalogue.named("nosuch")
    message = str(caught.value)
    assert message.startswith(f"unknown {catalogue.what} 'nosuch': allowed {catalogue.what}s are ")
    assert all(name in message for name in catalogue.names())
    # a lookup by name alone reads no file, so its refusal offers none
    assert f"or a .toml or .json {catalogue.what} file" not in message


@pytest.mark.parametrize("catalogue", [SCHEMES, PLANS, PATTERNS])
def test_a_resolver_that_reads_files_offers_one(catalogue: Catalogue[object]) -> None:
    def load(path: object) -> object:
        raise AssertionError(path)

    with pytest.raises(ShtossError) as caught:
        catalogue.resolve("nosuch", load=load)
    assert f"or a .toml or .json {catalogue.what} file" in str(caught.value)
    with pytest.raises(ShtossError) as caught:
        catalogue.resolve("nosuch")
    assert "file" not in str(caught.value)


def test_plan_named_offers_no_file_as_plan_does() -> None:
    # the command line's --plan and strategy --plans read no file: "x.toml" was
    # refused with "allowed ... or a .toml or .json plan file"
    from shtoss_exact.plans.catalog import as_plan, plan_named

    for text in ("x.toml", "paroli:x"):
        with pytest.raises(ShtossError) as caught:
            plan_named(text)
        assert "plan file" not in str(caught.value)
    with pytest.raises(ShtossError, match=r"or a \.toml or \.json plan file"):
        as_plan("nosuch")


def test_names_are_composed_before_lookup() -> None:
    # "пароли" with the и written as и + combining breve is still the alias.
    assert PLANS.named("пароли") is PLANS.named("paroli")
    assert SCHEMES.named("бассет") is SCHEMES.named("Bassette")
    assert name_key("plie\u0301") == "plié"
    assert SCHEMES.named("\u0444\u0430\u0440\u0430\u043e\u043d").name == "pharaon"


def test_wrong_types_name_the_argument() -> None:
    with pytest.raises(ShtossError, match=r"^scheme=7 is of type int: allowed a Scheme"):
        SCHEMES.resolve(7)
    with pytest.raises(ShtossError, match=r"^plan=None is of type NoneType: allowed a Plan"):
        PLANS.resolve(None, argument="plan")


def test_an_alias_must_name_a_built_in() -> None:
    with pytest.raises(ShtossError, match="not a built-in colour"):
        Catalogue("colour", {"red": 1}, {"синий": "blue"}, kind=int)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (52, "52"),
        (-(10**29), str(-(10**29))),
        (10**30, "1" + "0" * 30),  # 100 bits: still in full
        (10**100, "(about 101 digits)"),
        (10**100 - 1, "(about 100 digits)"),
        (-(10**100), "(about 101 digits)"),
    ],
)
def test_a_huge_number_in_a_message(value: int, shown: str) -> None:
    assert shown_number(value) == shown


def test_a_number_beyond_the_int_to_text_limit() -> None:
    assert shown_number(10**5000) == "(about 5001 digits)"
    assert shown_number(7 * 10**5000) == "(about 5001 digits)"


def test_a_huge_fraction_in_a_message() -> None:
    from fractions import Fraction

    assert shown_number(Fraction(1, 10**40)) == "(about 41 digits)"
    assert shown_number(Fraction(-5, 2)) == "-5/2"


@pytest.mark.parametrize(
    ("catalogue", "russian", "english"),
    [
        ("plans", "допустимы планы — flat, ", "allowed plans are flat, "),
        ("patterns", "допустимы узоры — every-rank, ", "allowed patterns are every-rank, "),
        ("schemes", "допустимы правила — classic, ", "allowed schemes are classic, "),
    ],
)
def test_a_refusal_names_the_allowed_kind_in_the_plural(
    catalogue: str, russian: str, english: str
) -> None:
    from shtoss_exact.i18n import speaking

    named = {"plans": PLANS, "patterns": PATTERNS, "schemes": SCHEMES}[catalogue]
    with speaking("ru"):
        assert russian in str(named.unknown("nope"))
    assert english in str(named.unknown("nope"))
