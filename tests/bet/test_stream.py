"""One bet by abzug, streamed: counts against brute force, records against ``Odds``,
every streamed format byte for byte against the whole rendering, memory bounded."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.bet.odds import MAX_TABLE_ROWS, odds, odds_of
from shtoss_exact.bet.stream import MAX_STREAM_SECONDS, AbzugStream, ratio_str
from shtoss_exact.cli.base import TABLE_FORMATS, Output
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.numbers import exact_str
from shtoss_exact.records import to_json
from shtoss_exact.report import render_tables
from shtoss_exact.report.numbers import decimal_str
from shtoss_exact.report.odds_view import abzug_table, odds_csv, odds_tables
from shtoss_exact.report.stream import (
    COST_FACTORS,
    cost_factor,
    decimal_text,
    write_record,
    write_table,
)
from shtoss_exact.report.table import FORMATS, Table, with_decimals
from shtoss_exact.schemes.scheme import Soda, faro
from tests.conftest import PROGRAM, Shtoss

FAST = settings(max_examples=40, deadline=None)
ABZUG_TITLE = abzug_table([]).title


def brute_counts(cards: int, copies: int) -> list[tuple[int, int, int, int]]:
    """(abzug, killed, plié, given) counted over every set of copy positions."""
    rows = {j: [0, 0, 0] for j in range(1, (cards + 1) // 2 + 1)}
    for places in combinations(range(1, cards + 1), copies):
        if not places:
            continue
        first = places[0]
        abzug = (first + 1) // 2
        if first % 2 == 0:
            rows[abzug][2] += 1
        elif len(places) > 1 and places[1] == first + 1:
            rows[abzug][1] += 1
        else:
            rows[abzug][0] += 1
    return [(j, *counts) for j, counts in sorted(rows.items())]  # type: ignore[misc]


@pytest.mark.parametrize("cards", range(0, 11))
def test_counts_match_brute_force(cards: int) -> None:
    for copies in range(cards + 1):
        stream = AbzugStream(cards, copies)
        assert list(stream.counts()) == brute_counts(cards, copies), (cards, copies)
        assert len(stream) == (cards + 1) // 2


@FAST
@given(st.integers(0, 80).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_rows_are_the_records_of_odds(shape: tuple[int, int]) -> None:
    cards, copies = shape
    o = odds(cards=cards, copies=copies)
    expected = [row.to_dict() for row in o.by_abzug]
    assert list(o.abzug_stream().records()) == expected
    assert list(o.iter_abzug()) == list(o.by_abzug)
    for row in o.by_abzug:
        assert o.at_abzug(row.abzug) == row


@FAST
@given(st.integers(0, 10**30), st.integers(1, 10**30))
def test_ratio_str_is_exact_str(numerator: int, denominator: int) -> None:
    assert ratio_str(numerator, denominator) == exact_str(Fraction(numerator, denominator))


def test_the_sonik_and_the_sums() -> None:
    o = odds(cards=52, copies=4)
    first = next(o.iter_abzug())
    assert first.given == Fraction(16, 221)  # winning the sonik
    rows = list(o.iter_abzug())
    assert sum(r.killed + r.plie for r in rows) == o.banker == Fraction(433, 833)
    assert all(r.banker == r.killed + r.plie for r in rows)  # the lob: killed or plié
    assert sum(r.given for r in rows) == o.punter


def test_faro_rows_are_on_the_deck_after_the_soda() -> None:
    o = odds(deck=52, scheme="faro")
    rows = o.by_abzug
    assert len(rows) == 26  # 51 cards after the soda
    assert sum(r.killed + r.plie + r.given for r in rows) == 1
    # With the soda not yet seen the rows are still those of the 51 cards after it,
    # over the C(52, 4) decks as shuffled.
    stream = odds_of(Deal(52, 4), scheme=faro(soda=Soda.BEFORE)).abzug_stream()
    assert (len(stream), stream.total, stream.soda_before) == (26, 270725, True)
    assert sum(k + p + g for _, k, p, g in stream.counts()) == stream.total
    assert next(stream.records())["given"] == "16/221"


def test_any_deck_streams_and_the_tuple_is_guarded() -> None:
    o = odds(cards=10**12, copies=4)
    first = next(o.iter_abzug())
    assert first.given == Fraction(4 * (10**12 - 4), 10**12 * (10**12 - 1))  # 4(n-4)/(n(n-1))
    assert o.at_abzug(10**11).killed == o.at_abzug(10**11).given
    with pytest.raises(ShtossError, match=f"at most {MAX_TABLE_ROWS}"):
        _ = o.by_abzug
    with pytest.raises(ShtossError, match=r"s of work, more than the limit"):
        o.abzug_stream().check()


@pytest.mark.parametrize("abzug", [0, 27, True, "1", 1.0])
def test_at_abzug_refuses(abzug: object) -> None:
    with pytest.raises(ShtossError, match=r"abzug=.*allowed a whole number 1\.\.26"):
        odds().at_abzug(abzug)  # type: ignore[arg-type]


def test_cost_estimate_is_honest_both_ways() -> None:
    assert AbzugStream(52, 4).seconds() < 1e-3
    assert AbzugStream(10**6, 4).seconds() < 5
    AbzugStream(10**7, 4).check(factor=cost_factor("csv"))  # 5·10^6 rows of CSV: answered
    with pytest.raises(ShtossError, match=r"cards=100000000 with copies=4 gives 50000000 rows"):
        AbzugStream(10**8, 4).check()
    # Big numbers cost more per row: 4000 cards of 2000 copies are 1200-digit fractions.
    assert AbzugStream(4000, 2000).seconds() > 30 * AbzugStream(4000, 4).seconds()
    assert set(COST_FACTORS) == set(TABLE_FORMATS)
    assert MAX_STREAM_SECONDS <= 30


@FAST
@given(st.integers(-(10**12), 10**12), st.integers(1, 10**6), st.integers(0, 12))
def test_decimal_text_is_decimal_str(numerator: int, denominator: int, places: int) -> None:
    value = Fraction(numerator, denominator)
    expected = decimal_str(value, places)
    assert decimal_text(exact_str(value), places) == expected
    assert decimal_text(value, places) == expected


def test_decimal_text_beyond_the_int_to_str_limit() -> None:
    value = Fraction(10**5000 + 1, 3)
    for places in (0, 3):
        expected = decimal_str(value, places)
        assert decimal_text(exact_str(value), places) == decimal_text(value, places) == expected
    assert decimal_text("-" + "9" * 5000 + "/7", 1) == decimal_str(Fraction(-(10**5000 - 1), 7), 1)
    table = with_decimals(Table("", ("ev",), ((value,), (Fraction(1, 3),))), 2)
    assert table.rows[0][1] == decimal_str(value, 2)
    before = sys.get_int_max_str_digits()  # the limit is a setting: any of it holds
    try:
        sys.set_int_max_str_digits(640)
        small = Fraction(10**1000 + 1, 3)
        assert decimal_text(exact_str(small), 1) == decimal_str(small, 1)
    finally:
        sys.set_int_max_str_digits(before)


# Every streamed format is the whole rendering, byte for byte.

WORDS = st.text(
    alphabet=st.sampled_from(list("ab ,\"'|\n\r&%$#_{}~^\\-/0123456789é♠<>дп")), max_size=8
).map(lambda text: "w" + text)  # a word, not a number (as a stream's columns are alike)
EXACT = st.fractions(max_denominator=10**6).map(exact_str)
KINDS = [st.integers(-(10**6), 10**6), EXACT, st.fractions(max_denominator=10**6), WORDS]
"""A column's cells: counts, exact numbers as strings or as ``Fraction``s, words."""


@st.composite
def tables(draw: st.DrawFn) -> tuple[Table, list[tuple[Any, ...]]]:
    width = draw(st.integers(1, 5))
    # Each column's cells alike in kind (as a stream's are): ints, exact strings or words.
    kinds = [draw(st.sampled_from(KINDS)) for _ in range(width)]
    rows = draw(st.lists(st.tuples(*kinds), max_size=6))
    columns = tuple(draw(st.lists(WORDS, min_size=width, max_size=width)))
    title = draw(st.sampled_from(["", "By abzug", "a|b & c_d"]))
    return Table(title, columns, tuple(rows)), rows


@FAST
@given(tables(), st.sampled_from(sorted(FORMATS)), st.sampled_from([None, 0, 3]))
def test_write_table_is_the_whole_rendering(
    drawn: tuple[Table, list[tuple[Any, ...]]], fmt: str, decimals: int | None
) -> None:
    table, rows = drawn
    whole = table if decimals is None else with_decimals(table, decimals)
    out = io.StringIO()
    write_table(out, fmt, Table(table.title, table.columns, ()), lambda: iter(rows),
                decimals=decimals)  # fmt: skip
    assert out.getvalue() == FORMATS[fmt](whole)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False,
                                                                      allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


@FAST
@given(
    st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=4),
    st.lists(st.text(max_size=5), min_size=0, max_size=4, unique=True),
    st.data(),
)
def test_write_record_is_to_json(head: dict[str, Any], columns: list[str], data: Any) -> None:
    rows = data.draw(st.lists(st.tuples(*[JSON_VALUES for _ in columns]), max_size=4))
    key = data.draw(st.sampled_from(["by_abzug", *head])) if head else "by_abzug"
    out = io.StringIO()
    write_record(out, head, key, columns, rows)
    whole = to_json({**head, key: [dict(zip(columns, row, strict=True)) for row in rows]})
    assert out.getvalue() == whole


def test_write_record_of_repeated_names_is_to_json() -> None:
    # A record keeps one value of each name, the last: as the whole list would.
    for columns in (("abzug", "abzug"), ("a%s", "b%%"), ("\x000\x00", "x")):
        rows = [(1, "1/2"), (2, None)]
        out = io.StringIO()
        write_record(out, {"cards": 2}, "by_abzug", columns, rows)
        whole = [dict(zip(columns, row, strict=True)) for row in rows]
        assert out.getvalue() == to_json({"cards": 2, "by_abzug": whole})


def test_the_formats_are_written_once() -> None:
    # The whole tables and the streamed ones are written by the same line writers.
    from shtoss_exact.report import stream, table

    assert set(table.LINES) == set(FORMATS) == set(COST_FACTORS) - {"json"}
    written = {name for name, value in vars(stream).items() if callable(value)}
    assert not written & {"_text", "_markdown", "_csv", "_latex", "_html", "_write_text"}


def _printed(action: Any) -> str:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        action()
    return buffer.getvalue()


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "markdown"])
@pytest.mark.parametrize("decimals", [None, 4])
@pytest.mark.parametrize(
    ("cards", "copies", "scheme"),
    [(52, 4, None), (5, 2, None), (0, 0, None), (7, 0, None), (501, 3, "pharaon"),
     (36, 4, "faro")],
)  # fmt: skip
def test_odds_streamed_is_odds_whole(
    fmt: str, decimals: int | None, cards: int, copies: int, scheme: str | None
) -> None:
    o = odds_of(Deal(cards, copies), scheme=scheme)
    out = Output(fmt, decimals, None)
    streamed = _printed(
        lambda: out.emit_rows(o.to_dict(), "by_abzug", o.abzug_stream(), title=ABZUG_TITLE,
                              tables=odds_tables)
    )  # fmt: skip
    whole = _printed(lambda: out.emit(o.to_dict(by_abzug=True), odds_tables, csv=odds_csv))
    assert streamed == whole


def test_the_odds_command_streams_json_as_the_record(tmp_path: Path, shtoss: Shtoss) -> None:
    target = tmp_path / "rows.json"
    result = shtoss(
        "odds", "--cards", "3001", "--copies", "3", "--by-abzug", "--format", "json",
        "-o", str(target),
    )  # fmt: skip
    assert result.status == 0, result.stderr
    text = target.read_text()
    assert text == to_json(odds(cards=3001, copies=3).to_dict(by_abzug=True)) + "\n"
    record = json.loads(text, parse_constant=lambda name: pytest.fail(name))
    assert len(record["by_abzug"]) == 1501
    assert render_tables  # the renderers are the ones the command uses


PEAK = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)
"""Run a command from a small launcher and print the command's peak memory (KiB on
Linux): a child forked from this big test process would count its pages too."""


def test_a_long_stream_keeps_little_memory(tmp_path: Path) -> None:
    # 2·10^5 rows written as CSV: the rows are never held. The child's peak memory is
    # that of the interpreter and the libraries, whatever the deck.
    target = tmp_path / "rows.csv"
    command = [*PROGRAM, "odds", "--cards", "400000", "--by-abzug", "--format", "csv",
               "-o", str(target)]  # fmt: skip
    launched = subprocess.run(
        [sys.executable, "-c", PEAK, *command], check=True, timeout=120, capture_output=True
    )
    assert int(launched.stdout) < 100 * 1024  # under 100 MB
    with target.open() as lines:
        assert next(lines) == "abzug,killed,plie,given\n"
        assert next(lines).startswith("1,")
    assert target.stat().st_size > 10**7
