"""A record's measure that does not exist is ``null``, in every record alike: an edge per
unit of action without action, an edge per abzug on an empty deck (as ``p_series``
without ``--series`` and a case bet's ``edge_per_action``). ``to_json`` writes what the
standard encoder writes, and whole numbers of any length."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.int_text import int_str
from shtoss_exact.records import FrozenRow, exact_fields, to_json
from tests.conftest import Shtoss


def test_exact_fields_write_an_absent_measure_as_null() -> None:
    record = exact_fields({"edge": Fraction(1, 3), "edge_per_action": None})
    assert record == {
        "edge": "1/3",
        "edge_per_action": None,
        "float": {"edge": 1 / 3, "edge_per_action": None},
    }
    assert exact_fields({"edge_per_action": None}, floats=False) == {"edge_per_action": None}


@pytest.mark.parametrize(("cards", "copies"), [(9, 0), (0, 0)])
def test_odds_without_action_has_a_null_edge_per_action(
    shtoss: Shtoss, cards: int, copies: int
) -> None:
    # No copy of the punter's rank: the bet is never decided, no money changes hands,
    # so there is no edge per unit of action (and, on an empty deck, none per abzug).
    ran = shtoss("odds", "--cards", str(cards), "--copies", str(copies), "--scheme", "pharaon",
                 "--format", "json")  # fmt: skip
    assert ran.status == 0, ran.stderr
    record = json.loads(ran.stdout)
    assert (record["null"], record["action"]) == ("1", "0")
    assert record["edge_per_action"] is None and record["float"]["edge_per_action"] is None
    exposed = Fraction(record["expected_abzugs"])
    per_abzug = None if exposed == 0 else str(Fraction(record["edge"]) / exposed)
    assert record["edge_per_abzug"] == per_abzug
    assert record["float"]["edge_per_abzug"] == (None if per_abzug is None else 0.0)


def test_the_measures_are_the_same_keys_with_action_or_without(shtoss: Shtoss) -> None:
    without = json.loads(shtoss("odds --cards 9 --copies 0 --scheme faro --format json").stdout)
    played = json.loads(shtoss("odds --cards 9 --copies 2 --scheme faro --format json").stdout)
    assert list(without) == list(played) and list(without["float"]) == list(played["float"])
    assert Fraction(played["edge_per_action"]) == Fraction(played["edge"]) / Fraction(
        played["action"]
    )
    heads = [
        shtoss(f"odds --cards 9 --copies {m} --scheme faro --format csv").stdout.splitlines()[0]
        for m in (0, 2)
    ]
    assert heads[0] == heads[1] and "edge_per_action" in heads[0]
    # The text shows the measures that exist: no row for the edge per unit of action.
    text = shtoss("odds --cards 9 --copies 0 --scheme faro").stdout
    assert "per unit of action" not in text and "per abzug exposed" in text


def test_other_records_write_absent_measures_as_null(shtoss: Shtoss) -> None:
    series = json.loads(shtoss("series --deals 2 --format json").stdout)
    assert series["p_series"] is None and series["float"]["p_series"] is None


_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
_KEYS = (
    st.text()
    | st.integers()
    | st.booleans()
    | st.none()
    | st.floats(allow_nan=False, allow_infinity=False)
)
_TREES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(_KEYS, inner, max_size=4)
    ),
    max_leaves=40,
)


@settings(max_examples=400, deadline=None)
@given(_TREES)
def test_to_json_writes_what_the_standard_encoder_writes(value: object) -> None:
    assert to_json(value) == json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False)


def test_to_json_writes_whole_numbers_of_any_length() -> None:
    # Beyond Python's limit on int-to-text conversion (4300 digits) json.dumps refuses;
    # the record is written whole, and read back to the same numbers.
    numbers = [10**5000 + 7, -(3**9000), 2**2000, 2**2000 - 1]
    assert json.loads(to_json({"n": numbers[2:]})) == {"n": numbers[2:]}
    text = to_json({"n": numbers})
    assert text.startswith('{\n  "n": [\n    1' + "0" * 4995 + "00007,\n    -")
    assert [line.strip(" ,") for line in text.splitlines()[2:6]] == [int_str(n) for n in numbers]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
def test_to_json_refuses_a_float_that_is_not_finite(bad: float) -> None:
    with pytest.raises(ValueError, match="not JSON compliant"):
        to_json({"ev": [bad]})


def test_to_json_refuses_what_json_cannot_write() -> None:
    with pytest.raises(TypeError, match="Fraction is not JSON serializable"):
        to_json({"ev": Fraction(1, 3)})
    with pytest.raises(TypeError, match="keys must be str"):
        to_json({(1, 2): 0})


@settings(max_examples=200, deadline=None)
@given(_TREES, st.integers(0, 3))
def test_a_frozen_row_is_written_as_the_same_dict_at_any_depth(value: object, depth: int) -> None:
    # The same row twice at two depths, each written once and kept: the text is that
    # of the plain dict wherever it stands.
    row = FrozenRow({"rank": "K", "ev": "-1/50", "n": [1, None], "value": value})
    nested: object = row
    plain: object = dict(row)
    for _ in range(depth):
        nested, plain = {"rows": [nested, row]}, {"rows": [plain, dict(row)]}
    expected = json.dumps(plain, ensure_ascii=False, indent=2, allow_nan=False)
    assert to_json(nested) == expected
    assert to_json(nested) == expected  # read back from what was kept
