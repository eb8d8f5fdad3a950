"""The shape of a data file: each spec's check, and every refusal in the one format
``FILE: KEY: problem; allowed WHAT`` naming the key where it is found."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from shtoss_exact.data_schema import (
    Choice,
    DataError,
    Either,
    Flag,
    Items,
    Number,
    Table,
    Text,
    Whole,
    Word,
    check_data,
)
from shtoss_exact.errors import ShtossError

WHERE = "plan file 'p.toml'"

RULE = Table({"abzug": Whole(1), "payoff": Number()}, required=("abzug",))
SCHEMA = Table(
    {
        "name": Text(),
        "kind": Choice(("flat", "raise"), what="kind"),
        "rules": Items(RULE, least=1, most=3),
        "open": Flag(),
        "stake": Either(Whole(1), Number()),
        "word": Word(),
    },
    required=("name",),
)


def refusal(data: object) -> str:
    with pytest.raises(ShtossError) as caught:
        check_data(data, SCHEMA, where=WHERE)
    assert isinstance(caught.value, DataError)
    message = str(caught.value)
    assert message.startswith(f"{WHERE}: ") and "\n" not in message
    return message


def test_the_numbers_come_back_exact_and_the_rest_as_given() -> None:
    data = {
        "name": "a\u00a0plan",
        "kind": "raise",
        "rules": [{"abzug": 2, "payoff": "-1/2"}, {"abzug": 1, "payoff": Decimal("0.25")}],
        "open": True,
        "word": "lob",
    }
    checked = check_data(data, SCHEMA, where=WHERE)
    assert checked["name"] == "a plan"  # a Unicode space read as a plain one
    assert checked["rules"] == [
        {"abzug": 2, "payoff": Fraction(-1, 2)},
        {"abzug": 1, "payoff": Fraction(1, 4)},
    ]
    assert (checked["kind"], checked["open"], checked["word"]) == ("raise", True, "lob")


def test_either_takes_the_first_spec_whose_shape_fits() -> None:
    assert check_data({"name": "x", "stake": 3}, SCHEMA, where=WHERE)["stake"] == 3
    assert check_data({"name": "x", "stake": "3/2"}, SCHEMA, where=WHERE)["stake"] == Fraction(3, 2)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({}, f"{WHERE}: name: missing; allowed printable text of at most 1000 characters"),
        ({"name": "x", "colour": 1}, f"{WHERE}: colour: unknown key; allowed name, kind, rules"),
        ({"name": "x", "kind": "paroli"}, f"{WHERE}: kind: unknown kind 'paroli'; allowed flat"),
        ({"name": "x", "rules": []}, f"{WHERE}: rules: 0 entries; allowed a list of 1 to 3"),
        (
            {"name": "x", "rules": [{"abzug": 1}, {"abzug": 0}]},
            f"{WHERE}: rules[2].abzug: bad value 0; allowed a whole number >= 1",
        ),
        ({"name": "x", "rules": [{}]}, f"{WHERE}: rules[1].abzug: missing; allowed a whole"),
        ({"name": "x", "open": 1}, f"{WHERE}: open: bad value 1; allowed true or false"),
        ({"name": "x", "word": "two words"}, f"{WHERE}: word: bad value 'two words'"),
        ({"name": "x\x1b[2J"}, f"{WHERE}: name: 'x\\x1b[2J' holds a control character"),
        ({"name": "x", "stake": True}, f"{WHERE}: stake: bad value True; allowed a whole number"),
    ],
)
def test_every_refusal_names_the_key_where_it_is_found(data: object, expected: str) -> None:
    assert refusal(data).startswith(expected)


def test_a_number_refused_inside_either_is_refused_by_its_own_problem() -> None:
    message = refusal({"name": "x", "stake": "1/0"})
    assert message.startswith(f"{WHERE}: stake: ")
    assert message.endswith("allowed a whole number >= 1, or " + Number().allowed)


def test_a_file_that_is_not_a_table_is_refused_whole() -> None:
    assert refusal(["name"]) == f"{WHERE}: bad value ['name']; allowed a table"
