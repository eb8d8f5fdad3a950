"""Tables: ranges, the spec (what the library takes), rows against brute force, sizes
counted without listing, limits, records and renderings."""

from __future__ import annotations

import json
import os
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shtoss_exact.output as output
from shtoss_exact.bet.tables import (
    MAX_ROWS,
    Game,
    SummaryTable,
    TableSpec,
    abzug_records,
    parse_range,
    parse_schemes,
    scheme_outcomes,
    summary_records,
    to_pandas,
)
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.output import write_output
from shtoss_exact.report import render_tables
from shtoss_exact.report.table import with_decimals
from shtoss_exact.report.table_view import summary_csv, summary_tables
from shtoss_exact.schemes.scheme import scheme_named

FAST = settings(max_examples=40, deadline=None)


def brute_classic(n: int, m: int) -> tuple[Fraction, Fraction]:
    """banker (killed or plié), punter (given) by enumerating every set of copy positions."""
    sets = list(combinations(range(1, n + 1), m))
    given = sum(1 for s in sets if s and s[0] % 2 == 0)
    decided = sum(1 for s in sets if s)
    return Fraction(decided - given, len(sets)), Fraction(given, len(sets))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("52", (52,)),
        ("4..8", (4, 5, 6, 7, 8)),
        ("4..12:4", (4, 8, 12)),
        ("presets", (32, 36, 52)),
        ("10, 4..6, 10", (10, 4, 5, 6)),
    ],
)
def test_parse_range(text: str, expected: tuple[int, ...]) -> None:
    assert parse_range(text, name="cards") == expected


@pytest.mark.parametrize("text", ["", "x", "8..4", "4..8:0", "4:2", "-3", "1.5", "4..", "٣"])
def test_parse_range_refuses(text: str) -> None:
    with pytest.raises(ShtossError, match=r"^cards="):
        parse_range(text, name="cards")


def test_parse_range_counts_before_listing() -> None:
    with pytest.raises(ShtossError, match="too many values"):
        parse_range(f"1..{MAX_ROWS + 5}", name="cards")
    with pytest.raises(ShtossError, match="too many values"):
        parse_range("1..999999999999", name="cards")  # refused at once, not listed


@FAST
@given(st.integers(0, 50), st.integers(0, 30), st.integers(1, 7))
def test_parse_range_is_python_range(low: int, width: int, step: int) -> None:
    high = low + width
    assert parse_range(f"{low}..{high}:{step}", name="copies") == tuple(range(low, high + 1, step))


def test_summary_rows_match_brute_force() -> None:
    spec = TableSpec(cards=range(2, 11), copies=(1, 2, 3))
    records = summary_records(spec)
    assert len(records) == spec.size() == 9 + 9 + 8
    for record in records:
        banker, punter = brute_classic(record["cards"], record["copies"])
        assert (record["banker"], record["punter"]) == (banker, punter)
        assert record["null"] == 0 and record["ev"] == punter - banker
        assert record["deck"] == record["cards"] and record["game"] == "two-deck"


def test_one_deck_rows_take_a_card_off() -> None:
    records = summary_records(TableSpec(cards=(36,), games=(Game.ONE_DECK,)))
    assert [(r["deck"], r["game"], r["cards"], r["copies"]) for r in records] == [
        (36, "one-deck", 35, 3)
    ]
    assert records[0]["punter"] == Fraction(184, 385)


def test_scheme_rows_are_the_schemes_outcomes_and_sum_to_one() -> None:
    # Pharaon, 4 cards, 1 copy: positions 1, 3 killed; 2 given; 4 (the last card) null.
    row = next(TableSpec(cards=4, copies=1, schemes="pharaon").rows())
    assert (row.banker, row.punter, row.null, row.ev) == (
        Fraction(1, 2), Fraction(1, 4), Fraction(1, 4), Fraction(-1, 4),
    )  # fmt: skip
    for row in TableSpec(cards=range(3, 30), copies=(1, 2, 4), schemes=("pharaon", "faro",
                         "lob-half", "stuss", "bassette")).rows():  # fmt: skip
        assert row.banker + row.punter + row.null == 1, (row.scheme, row.cards, row.copies)


def test_scheme_outcomes_keeps_its_plie() -> None:
    # The closed forms are fitted to these five.
    result = scheme_outcomes(Deal(4, 1), scheme_named("pharaon"))
    assert result == {
        "banker": Fraction(1, 2),
        "plie": Fraction(0),
        "punter": Fraction(1, 4),
        "null": Fraction(1, 4),
        "ev": Fraction(-1, 4),
    }


def test_the_spec_takes_what_the_command_line_takes() -> None:
    by_name = TableSpec(cards=52, schemes=("classic",))
    by_object = TableSpec(cards=(52,), schemes=(scheme_named("classic"),))
    by_alias = TableSpec(cards=[52], schemes="классика")
    assert by_name == by_object == by_alias
    assert TableSpec(games="one-deck").games == (Game.ONE_DECK,)
    assert TableSpec(cards=range(4, 8)).cards == (4, 5, 6, 7)
    rows = list(TableSpec(cards=52, schemes=("pharaon", "фараон", "classic")).rows())
    assert [r.scheme for r in rows] == ["pharaon", "classic"]


@pytest.mark.parametrize(
    ("arguments", "needle"),
    [
        ({"cards": "52"}, "cards='52' is a str"),
        ({"cards": 52.0}, "cards=52.0 is a float"),
        ({"cards": (52, 4.5)}, "cards holds 4.5"),
        ({"cards": (True,)}, "cards holds True"),
        ({"cards": (-1,)}, "cards holds -1"),
        ({"copies": "4"}, "copies='4' is a str"),
        ({"schemes": ("nope",)}, "schemes: unknown scheme 'nope'"),
        ({"schemes": (3,)}, "schemes: scheme=3 is of type int"),
        ({"schemes": ()}, "schemes holds 0 items"),
        ({"games": ("three-deck",)}, "games holds 'three-deck'"),
        ({"games": (1,)}, "games holds 1: allowed games are two-deck, one-deck"),
        ({"cards": range(10**9)}, f"cards has 1000000000 values: at most {MAX_ROWS}"),
        ({"cards": iter(range(10**9))}, f"at most {MAX_ROWS}"),
    ],
)
def test_the_spec_refuses_wrong_arguments(arguments: dict[str, object], needle: str) -> None:
    with pytest.raises(ShtossError) as caught:
        TableSpec(**arguments)  # type: ignore[arg-type]
    assert needle in str(caught.value)


@FAST
@given(
    st.lists(st.integers(0, 40), min_size=1, max_size=8),
    st.none() | st.lists(st.integers(0, 40), min_size=1, max_size=6),
    st.lists(st.sampled_from(["classic", "faro", "stuss", "pharaon"]), min_size=1, max_size=3),
    st.sampled_from([("two-deck",), ("one-deck",), ("two-deck", "one-deck")]),
)
def test_size_is_counted_without_listing(
    cards: list[int], copies: list[int] | None, schemes: list[str], games: tuple[str, ...]
) -> None:
    spec = TableSpec(cards=cards, copies=copies, schemes=schemes, games=games)
    if spec.size() == 0:
        with pytest.raises(ShtossError, match="no rows"):
            spec.check()
        return
    rows = list(spec.rows())
    assert len(rows) == spec.size()
    # Faro and stuss burn a soda of another rank: at least one card more than copies.
    assert all(r.copies < r.cards for r in rows if r.scheme in ("faro", "stuss"))


def test_sizes_of_huge_ranges_are_counted_at_once() -> None:
    spec = TableSpec(cards=range(1, 50_001), copies=range(1, 50_001))
    assert spec.size() == 50_000 * 50_001 // 2
    with pytest.raises(ShtossError, match=f"the table has 1250025000 rows: at most {MAX_ROWS}"):
        spec.check()
    with pytest.raises(ShtossError, match="by abzug needs one set-up, got 1250025000"):
        spec.by_abzug()


def test_spec_refuses_empty_slow_and_suited() -> None:
    with pytest.raises(ShtossError, match="no rows"):
        TableSpec(cards=(2,), copies=(5,)).check()
    with pytest.raises(
        ShtossError,
        match=r"the table \(the most for deck=39999 with copies=200\): about .* s of work, "
        r"more than the limit of 10 s",
    ):
        TableSpec(cards=range(1000, 40_000), copies=(200,)).check()
    with pytest.raises(ShtossError, match="depends on the deciding card's suit"):
        TableSpec(schemes="thirds").check()
    # Well under a second of work is never refused.
    assert TableSpec(cards=range(4, 200), copies=(1, 2, 3, 4)).seconds() < 1


def test_by_abzug_is_one_set_up() -> None:
    result = TableSpec(cards=36, games="one-deck").by_abzug()
    assert result.head() == {"deck": 36, "game": "one-deck", "cards": 35, "copies": 3}
    record = result.to_dict()
    assert record["by_abzug"][0] == result.odds.at_abzug(1).to_dict()
    assert len(record["by_abzug"]) == 18
    assert list(result.stream().records()) == record["by_abzug"]
    with pytest.raises(ShtossError, match="by abzug needs one set-up, got 3"):
        TableSpec().by_abzug()


def test_abzug_records_sum_to_the_summary() -> None:
    rows = abzug_records(Deal(52, 4))
    assert len(rows) == 26
    assert rows[0]["given"] == Fraction(16, 221)
    assert all(list(r) == ["abzug", "killed", "plie", "given"] for r in rows)
    assert sum(r["killed"] + r["plie"] for r in rows) == Fraction(433, 833)
    assert sum(r["plie"] for r in rows) == Fraction(33, 833)


def test_parse_schemes_names_aliases_and_files(tmp_path: Path) -> None:
    assert [s.name for s in parse_schemes("classic, faro,classic")] == ["classic", "faro"]
    scheme_file = tmp_path / "half.toml"
    scheme_file.write_text('name = "half"\n[[rules]]\nposition = 1\npayoff = "-1/2"\n')
    assert [s.name for s in parse_schemes(f"фараон,{scheme_file}")] == ["pharaon", "half"]
    with pytest.raises(ShtossError, match="unknown scheme 'nope'"):
        parse_schemes("classic,nope")
    with pytest.raises(ShtossError, match="names no scheme"):
        parse_schemes(",")


def test_the_record_is_strict_json_and_renders() -> None:
    table = TableSpec(cards=(52, 36), schemes=("classic", "pharaon")).table()
    record = table.to_dict()
    assert list(record) == ["rows"]
    text = json.dumps(record, allow_nan=False)
    row = json.loads(text)["rows"][1]
    assert row == {
        "deck": 52, "game": "two-deck", "cards": 52, "copies": 4, "scheme": "pharaon",
        "banker": "433/833", "punter": "400/833", "null": "0", "ev": "-33/1666",
        "float": {"banker": float(Fraction(433, 833)), "punter": float(Fraction(400, 833)),
                  "null": 0.0, "ev": float(Fraction(-33, 1666))},
    }  # fmt: skip
    csv_text = render_tables([with_decimals(summary_csv(record), 4)], "csv")
    assert csv_text.splitlines()[:2] == [
        "deck,game,cards,copies,scheme,banker,banker_decimal,punter,punter_decimal,null,"
        "null_decimal,ev,ev_decimal",
        "52,two-deck,52,4,classic,433/833,0.5198,400/833,0.4802,0,0.0000,-33/833,-0.0396",
    ]
    latex = render_tables(summary_tables(record), "latex")
    assert "\\toprule" in latex and "$\\frac{433}{833}$" in latex
    assert isinstance(table, SummaryTable) and repr(table) == "SummaryTable(rows=4)"


def test_to_pandas_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    shown = r"^pandas is not installed: pip install 'shtoss-exact\[pandas\]'$"
    with pytest.raises(ShtossError, match=shown):
        to_pandas([{"cards": 52}])


def test_to_pandas_with_pandas() -> None:
    pytest.importorskip("pandas")
    frame = to_pandas(summary_records(TableSpec(cards=(52, 36))))
    assert list(frame["cards"]) == [52, 36]
    assert frame["punter"][0] == Fraction(400, 833)


def test_write_output_replaces_whole(tmp_path: Path) -> None:
    target = tmp_path / "t.csv"
    target.write_text("old")
    write_output(target, "new\n")
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


@pytest.mark.parametrize("error", [KeyboardInterrupt, OSError])
def test_write_output_leaves_nothing_on_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[BaseException]
) -> None:
    target = tmp_path / "t.csv"
    target.write_text("old")

    def fail(*_args: object) -> None:
        raise error()

    monkeypatch.setattr(output.os, "replace", fail)
    with pytest.raises((error, output.OutputError)):
        write_output(target, "new\n")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_write_output_gives_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "fresh.txt"
    write_output(target, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
