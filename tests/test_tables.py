"""Tables: ranges, records against brute force, limits, renderings, atomic files."""

from __future__ import annotations

import os
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shtoss_exact.files as files
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.output import write_output as write_atomic
from shtoss_exact.report import render_tables
from shtoss_exact.schemes import scheme_named
from shtoss_exact.tables import (
    MAX_ROWS,
    Game,
    TableSpec,
    abzug_records,
    json_records,
    parse_range,
    parse_schemes,
    records_table,
    scheme_outcomes,
    summary_records,
    to_pandas,
)


def brute_classic(n: int, m: int) -> tuple[Fraction, Fraction, Fraction]:
    """banker, plié, punter by enumerating every set of copy positions."""
    sets = list(combinations(range(1, n + 1), m))
    plie = sum(1 for s in sets if s[0] % 2 == 1 and s[0] + 1 in s)
    given = sum(1 for s in sets if s[0] % 2 == 0)
    total = len(sets)
    return Fraction(total - given, total), Fraction(plie, total), Fraction(given, total)


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
    with pytest.raises(ShtossError, match="--cards"):
        parse_range(text, name="cards")


def test_parse_range_refuses_huge() -> None:
    with pytest.raises(ShtossError, match="too many values"):
        parse_range(f"1..{MAX_ROWS + 5}", name="cards")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 50), st.integers(0, 30), st.integers(1, 7))
def test_parse_range_is_python_range(low: int, width: int, step: int) -> None:
    high = low + width
    assert parse_range(f"{low}..{high}:{step}", name="copies") == tuple(range(low, high + 1, step))


def test_summary_records_match_brute_force() -> None:
    spec = TableSpec(cards=tuple(range(2, 11)), copies=(1, 2, 3))
    records = summary_records(spec)
    assert len(records) == spec.size() == 9 + 9 + 8
    for record in records:
        banker, plie, punter = brute_classic(record["cards"], record["copies"])
        assert (record["banker"], record["plie"], record["punter"]) == (banker, plie, punter)
        assert record["null"] == 0 and record["ev"] == punter - banker


def test_one_deck_rows_take_a_card_off() -> None:
    records = summary_records(TableSpec(cards=(36,), games=(Game.ONE_DECK,)))
    assert [(r["game"], r["cards"], r["copies"]) for r in records] == [("one-deck", 36, 3)]
    assert records[0]["punter"] == Fraction(184, 385)


def test_scheme_outcomes_pharaon_small_deck() -> None:
    # n = 4, m = 1: positions 1, 3 killed; 2 given; 4 (the last card) null.
    result = scheme_outcomes(Deal(4, 1), scheme_named("pharaon"))
    assert result == {
        "banker": Fraction(1, 2),
        "plie": Fraction(0),
        "punter": Fraction(1, 4),
        "null": Fraction(1, 4),
        "ev": Fraction(-1, 4),
    }


def test_abzug_records_sum_to_the_summary() -> None:
    rows = abzug_records(Deal(52, 4))
    assert len(rows) == 26
    assert rows[0]["given"] == Fraction(16, 221)
    assert sum(r["banker"] for r in rows) == Fraction(433, 833)
    assert sum(r["plie"] for r in rows) == Fraction(33, 833)


def test_spec_refuses_empty_and_too_large() -> None:
    with pytest.raises(ShtossError, match="no rows"):
        TableSpec(cards=(2,), copies=(5,)).check()
    with pytest.raises(ShtossError, match="at most"):
        TableSpec(cards=tuple(range(10, 10 + MAX_ROWS // 2 + 1)), copies=(1, 2)).check()
    with pytest.raises(ShtossError, match="word operations"):
        TableSpec(cards=(10**7, 10**7 + 1), copies=(5_000_000,)).check()


def test_parse_schemes() -> None:
    assert [s.name for s in parse_schemes("classic, faro,classic")] == ["classic", "faro"]
    with pytest.raises(ShtossError, match="unknown scheme 'nope'"):
        parse_schemes("classic,nope")
    with pytest.raises(ShtossError, match="names no scheme"):
        parse_schemes(",")


def test_records_table_decimals_and_formats() -> None:
    table = records_table(summary_records(TableSpec(cards=(52,))), title="t", decimals=4)
    assert table.columns[-5:] == (
        "banker_decimal", "plie_decimal", "punter_decimal", "null_decimal", "ev_decimal",
    )  # fmt: skip
    assert render_tables([table], "csv").splitlines() == [
        "game,cards,copies,scheme,banker,plie,punter,null,ev,banker_decimal,plie_decimal,"
        "punter_decimal,null_decimal,ev_decimal",
        "two-deck,52,4,classic,433/833,33/833,400/833,0,-33/833,0.5198,0.0396,0.4802,0.0000,"
        "-0.0396",
    ]
    latex = render_tables([table], "latex")
    assert "\\toprule" in latex and "$\\frac{433}{833}$" in latex
    assert json_records(table)[0]["ev"] == "-33/833"
    assert json_records(table)[0]["ev_decimal"] == -0.0396


def test_to_pandas_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ShtossError, match="pip install pandas"):
        to_pandas([{"cards": 52}])


def test_to_pandas_with_pandas() -> None:
    pytest.importorskip("pandas")
    frame = to_pandas(summary_records(TableSpec(cards=(52, 36))))
    assert list(frame["cards"]) == [52, 36]
    assert frame["punter"][0] == Fraction(400, 833)


def test_write_atomic_replaces_whole(tmp_path: Path) -> None:
    target = tmp_path / "t.csv"
    target.write_text("old")
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


@pytest.mark.parametrize("error", [KeyboardInterrupt, OSError])
def test_write_atomic_leaves_nothing_on_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[BaseException]
) -> None:
    target = tmp_path / "t.csv"
    target.write_text("old")

    def fail(*_args: object) -> None:
        raise error()

    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(error):
        write_atomic(target, "new\n")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_write_atomic_gives_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "fresh.txt"
    write_atomic(target, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
