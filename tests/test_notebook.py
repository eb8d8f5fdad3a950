"""Results in a notebook: every display fits (lines of at most 120 characters, a repr of
one line of at most 200), long values are shown by their size, percents sit beside the
probabilities, and ``to_frame()`` holds the record's exact values (``shtoss_exact.notebook``
through ``Record``).

The expected values are derived here, not read off the code: digits counted with
``str``, percents from ``float``, exact values read back with ``Fraction(text)``, known
figures of the game (400/833, 33/833, 16/221), and rows counted from the set-up (52
cards: 26 abzugs; bankrolls 1..93 below a target of 94).
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import Distribution, bank, closed_form, fair_payoff, odds, optimal_play, series
from shtoss_exact.audit import audit_deal, audit_parity, audit_splits
from shtoss_exact.bet.tables import TableSpec, summary_records, to_pandas
from shtoss_exact.case.ledger import settle_bets
from shtoss_exact.case.state import Case
from shtoss_exact.cheat.box import two_card_box
from shtoss_exact.cheat.splits import stacked_splits
from shtoss_exact.errors import ShtossError
from shtoss_exact.notebook import leading, percent, shown
from shtoss_exact.records import Record
from tests.contracts.test_glossary import glossary

LINE, REPR = 120, 200
MISSING = "pandas is not installed: pip install 'shtoss-exact[pandas]'"
FAST = settings(max_examples=40, deadline=None)


def _deal() -> Case:
    return Case.from_seen("5s 8d 6h 5c 6d Ah Kh", game="faro")


RESULTS: dict[str, Callable[[], Any]] = {
    "Odds": lambda: odds(cards=52, copies=4),
    "SchemeResult": lambda: odds(scheme="lob-half").scheme_result,
    "FairPayoff": lambda: fair_payoff("bait", "sonik"),
    "Bank": lambda: bank(["7:10", "Q:5", "A"]),
    "BankBetOdds": lambda: bank(["7:10", "Q:5"]).bet_odds[1],
    "PairOdds": lambda: bank(["7", "Q"], cards=8, copies=2).pair(0, 1),
    "SeriesResult": lambda: series("stop", bankroll=1, target=3),
    "OptimalPlay": lambda: optimal_play(bankroll=25, target=100, plans=()),
    "Case": _deal,
    "CaseBet": lambda: _deal().bet("5"),
    "WholeDeal": lambda: _deal().deal("every-rank"),
    "CaseReport": lambda: _deal().report(),
    "TurnCall": lambda: Case.from_case("*:0,A:1,7:1,K:1", game="faro").call_the_turn(),
    "Ledger": lambda: settle_bets(Case.from_seen("7h 8d", game="bassette"), "7@0 8@0"),
    "SummaryTable": lambda: TableSpec(cards=(52, 36, 32), schemes=("classic", "фараон")).table(),
    "AbzugTable": lambda: TableSpec(cards=36, games="one-deck").by_abzug(),
    "CheatResult": lambda: two_card_box("7", takes=1),
    "SplitsResult": lambda: stacked_splits(0),
    "ParityAudit": lambda: audit_parity("K", ["2s Kh 3d Kc 4s", "4c Ks 5d 6h 7s"]),
    "SplitsAudit": lambda: audit_splits([1, 3, 0, 2], alpha="1/20"),
    "DealCheck": lambda: audit_deal("5s 8d 6h"),
    "Distribution": lambda: odds().scheme_result.distribution,
}


def check_display(result: Any) -> None:
    """Every line of both displays at most 120 characters; the repr one line of <= 200."""
    for text in (result._repr_markdown_(), result._repr_html_()):
        assert text, type(result).__name__
        longest = max(text.splitlines(), key=len)
        assert len(longest) <= LINE, longest
    line = repr(result)
    assert "\n" not in line and len(line) <= REPR, line


def exact(text: str) -> Fraction:
    return Fraction(text)  # Python's own reading of "p/q", not the package's


def check_rows(frame: Any, rows: list[dict[str, Any]]) -> None:
    """The frame's cells are the record's rows: each exact string as that Fraction (and
    its float beside it), each whole number and word as it is."""
    assert len(frame) == len(rows)
    for i, row in enumerate(rows):
        for key, value in row.items():
            if key == "float" or isinstance(value, dict | list) or value is None:
                continue
            cell = frame[key].iloc[i]
            if isinstance(value, str) and re.fullmatch(r"-?\d+(/\d+)?", value) and key != "rank":
                assert cell == exact(value) and isinstance(cell, Fraction), (key, value)
                assert frame[f"{key}_float"].iloc[i] == float(exact(value))
            else:
                assert cell == value, (key, value)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_every_result_fits_a_notebook(name: str) -> None:
    result = RESULTS[name]()
    check_display(result)
    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) >= 1
    words = glossary()
    for column in frame.columns:
        word = re.sub(r"_float$", "", column).split(".")[-1]
        assert word in words, (name, column)


@pytest.mark.parametrize("name", ["Odds", "OptimalPlay", "Case", "CaseReport", "SummaryTable",
                                  "CheatResult", "WholeDeal", "Bank"])  # fmt: skip
def test_the_frame_is_the_natural_rows(name: str) -> None:
    result = RESULTS[name]()
    rows_of = {
        "Odds": lambda r: r.to_dict(by_abzug=True)["by_abzug"],
        "OptimalPlay": lambda r: r.to_dict()["policy"],
        "Case": lambda r: [{"rank": k, "copies_left": r.copies_left(k)} for k in r.ranks],
        "CaseReport": lambda r: r.to_dict()["ranks"],
        "SummaryTable": lambda r: r.to_dict()["rows"],
        "CheatResult": lambda r: r.to_dict()["policy"],
        "WholeDeal": lambda r: r.to_dict()["banker_net"],
        "Bank": lambda r: r.to_dict()["bets"],
    }
    check_rows(result.to_frame(), rows_of[name](result))


def test_the_frame_of_one_bet_by_abzug() -> None:
    frame = odds(cards=52, copies=4).to_frame()
    assert len(frame) == 26  # 52 cards: 26 abzugs
    assert frame["given"].iloc[0] == Fraction(16, 221)
    # where the first copy falls sums to the whole deal's figures
    assert frame["killed"].sum() == frame["given"].sum() == Fraction(400, 833)
    assert frame["plie"].sum() == Fraction(33, 833)
    assert frame["given_float"].iloc[0] == 16 / 221
    assert frame.attrs["summary"]["banker"] == Fraction(433, 833)


def test_a_result_without_rows_is_one_row_and_other_rows_can_be_asked_for() -> None:
    fair = fair_payoff("bait", "sonik")
    frame = fair.to_frame()
    assert len(frame) == 1 and frame["fair"].iloc[0] == fair.fair
    outcomes = odds(cards=8, copies=2).to_frame(rows="distribution")
    assert outcomes["value"].tolist() == [-1, 1] and outcomes["probability"].sum() == 1
    with pytest.raises(ShtossError, match=r"^rows='nowhere': allowed the rows of this Odds: "):
        odds().to_frame(rows="nowhere")


@FAST
@given(
    cards=st.integers(1, 14),
    copies=st.integers(0, 4),
    scheme=st.sampled_from(["classic", "lob-half", "pharaon", "faro", "bassette"]),
)
def test_small_decks_display_and_frame_exactly(cards: int, copies: int, scheme: str) -> None:
    try:
        result = odds(cards=cards, copies=min(copies, cards), scheme=scheme)
        record = result.to_dict(by_abzug=True)
    except ShtossError:  # a deck the scheme cannot deal
        return
    check_display(result)
    check_rows(result.to_frame(), record["by_abzug"])
    text = result._repr_markdown_()
    for key in ("banker", "punter", "null", "edge"):
        value = record[key]
        if value is None:
            continue
        line = next(line for line in text.splitlines() if line.startswith(f"| {key} |"))
        number = float(re.search(r"\((-?[0-9.e+-]+)%\)", line).group(1))  # type: ignore[union-attr]
        hundred = float(exact(value)) * 100
        assert math.isclose(number, hundred, abs_tol=0.005, rel_tol=0.05), (line, hundred)
        assert f"| {key} | {value} (" in line  # at most 30 digits: shown whole


@FAST
@given(ranks=st.lists(st.sampled_from(["2", "3", "4", "5"]), min_size=1, max_size=3, unique=True),
       copies=st.integers(1, 2))  # fmt: skip
def test_small_banks_display_and_frame_exactly(ranks: list[str], copies: int) -> None:
    result = bank(ranks, cards=8, copies=copies)
    check_display(result)
    check_rows(result.to_frame(), result.to_dict()["bets"])


@FAST
@given(counts=st.dictionaries(st.integers(-5, 5), st.integers(1, 10**40), min_size=1, max_size=20))
def test_distributions(counts: dict[int, int]) -> None:
    d = Distribution.from_counts(counts)
    total = sum(counts.values())
    check_display(d)
    series_ = d.to_series()
    assert series_.name == "probability" and series_.index.name == "value"
    assert dict(series_.items()) == {Fraction(v): Fraction(c, total) for v, c in counts.items()}
    assert all(isinstance(v, Fraction) for v in series_.index)
    check_rows(d.to_frame(), d.to_dict())


@given(numerator=st.integers(-(10**45), 10**45), denominator=st.integers(1, 10**45))
def test_a_value_is_whole_up_to_thirty_digits_else_its_size(
    numerator: int, denominator: int
) -> None:
    value = Fraction(numerator, denominator)
    size = len(str(abs(value.numerator)))
    if value.denominator != 1:
        size += len(str(value.denominator))
    text = shown(value)
    if size <= 30:
        assert text == str(value)
        return
    assert text.endswith(f", {size} digits")
    head = text.split("…")[0]
    exponent = int(text.split("…e")[1].split(",")[0]) if "…e" in text else 0
    digits = head.lstrip("-").replace(".", "").lstrip("0")
    # the first four significant digits, cut: |value| lies in [d, d + 1 unit of the last)
    low = Fraction(head.lstrip("-")) * Fraction(10) ** exponent
    step = low / int(digits)
    assert low <= abs(value) < low + step


def test_percents() -> None:
    assert percent(Fraction(433, 833)) == "51.98%"  # 0.519807... * 100
    assert percent(Fraction(1, 190)) == "0.53%"  # Thorp's least edge: 0.526%
    assert percent(Fraction(1)) == "100.00%"
    assert leading(Fraction(101, 4998)) == "0.02020…"


def test_long_results_show_their_head_and_tail() -> None:
    play = optimal_play(bankroll=47, target=94)
    text = play._repr_markdown_()
    check_display(play)
    assert len(text) < 4000 and "… 85 rows more" in text  # bankrolls 1..93: 93 - 5 - 3
    frame = play.to_frame()
    assert frame["bankroll"].tolist() == list(range(1, 94))
    assert all(frame["value"].iloc[b - 1] == play.values[Fraction(b)] for b in (1, 47, 93))


def test_a_long_exact_value_is_shown_by_its_size() -> None:
    r = series("paroli:3", bankroll=10, target=20)
    check_display(r)
    size = len(str(abs(r.ev.numerator))) + len(str(r.ev.denominator))
    assert size > 300
    assert f"| ev | {leading(r.ev)}, {size} digits |" in r._repr_markdown_()
    assert f"ev={leading(r.ev)} ({size} digits)" in repr(r)
    assert exact(r.to_dict()["ev"]) == r.ev  # whole in the record
    assert r.to_frame(rows="net")["probability"].sum() == 1


def test_a_wide_table_is_cut_by_columns() -> None:
    result = bank(["2", "3", "4", "5", "6"])
    text = result._repr_markdown_()
    check_display(result)
    bets = text.split("**bets**")[1].split("\n\n**")[0]
    headers = [line for line in bets.splitlines() if line.startswith("| bet |")]
    assert len(headers) > 1  # more columns than one line holds
    named = {c.strip() for line in headers for c in line.strip("|").split("|")}
    assert named == set(result.to_dict()["bets"][0]) - {"float"}


def test_the_closed_forms_keep_their_own_display() -> None:
    form = closed_form(2, parity="even")
    assert 'class="shtoss-exact"' not in form._repr_html_()  # its formulas, not a sheet

    class OwnMarkdown(Record):
        def to_dict(self) -> dict[str, Any]:
            return {"banker": "1/2"}

        def _repr_markdown_(self) -> str:
            return "formulas"

    # a result with a Markdown display of its own and no HTML: the notebook shows its Markdown
    assert OwnMarkdown()._repr_html_() is None


def test_a_list_of_bets_is_a_flat_table() -> None:
    bets = _deal().every_bet()
    table = pd.DataFrame(bets)
    assert table.columns.tolist()[:4] == ["rank", "copies_left", "side", "kind"]
    assert {"win", "lose", "split", "dead", "action", "ev"} <= set(table.columns)
    assert not any(isinstance(v, dict) for v in table.to_numpy().ravel())
    assert table["ev"].tolist() == [bet.ev for bet in bets]
    assert bets[0].odds.ev == bets[0].ev


def test_without_pandas_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    for ask in (
        lambda: odds().to_frame(),
        lambda: odds().scheme_result.distribution.to_series(),
        lambda: to_pandas(summary_records(TableSpec(cards=(52,)))),
    ):
        with pytest.raises(ShtossError) as caught:
            ask()
        assert str(caught.value) == MISSING


@FAST
@given(copies=st.lists(st.integers(0, 4), min_size=3, max_size=3))
def test_small_cases_display_and_frame_exactly(copies: list[int]) -> None:
    text = ",".join(f"{rank}:{n}" for rank, n in zip(("A", "7", "K"), copies, strict=True))
    try:
        report = Case.from_case(f"*:0,{text}", game="faro").report()
    except ShtossError:  # too few cards left for a turn
        return
    check_display(report)
    check_rows(report.to_frame(), report.to_dict()["ranks"])
