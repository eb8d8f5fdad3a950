"""Properties over random decks, schemes, banks and plans (hypothesis).

Probabilities lie in [0, 1] and sum to exactly 1; the bank's marginals are the
one-bet engine's; one deal of a series is one bet; the closed forms are the
engine's values; JSON and CSV output parse back to the library's exact fractions.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import odds
from shtoss_exact.banks.odds import bank
from shtoss_exact.bet.measures import scheme_result
from shtoss_exact.bet.tables import TableSpec, scheme_outcomes, summary_records
from shtoss_exact.deck import Deal
from shtoss_exact.plans.series import series
from shtoss_exact.schemes.scheme import BUILTIN, scheme_named
from shtoss_exact.symbolic.forms import ClosedForm, Parity, closed_form
from tests.conftest import shtoss_ok

FAST = settings(max_examples=25, deadline=None)

# Schemes a deck without suits can settle (thirds needs the punter's card).
SUITLESS = [name for name, scheme in BUILTIN.items() if not scheme.needs_suits]


@st.composite
def decks(draw: st.DrawFn, *, most: int = 24, least: int = 2) -> tuple[int, int]:
    cards = draw(st.integers(least, most))
    return cards, draw(st.integers(1, min(cards, 6)))


def run(*args: str) -> str:
    return shtoss_ok(*args)


def distribution_map(entries: list[dict[str, str]]) -> dict[Fraction, Fraction]:
    """A record's distribution (a list of ``{value, probability}``) as a mapping."""
    return {Fraction(e["value"]): Fraction(e["probability"]) for e in entries}


@FAST
@given(decks(), st.sampled_from(SUITLESS))
def test_distributions_are_probabilities_summing_to_one(deck: tuple[int, int], name: str) -> None:
    cards, copies = deck
    o = odds(cards=cards, copies=copies)
    kinds = (o.killed, o.plie, o.given)  # where the first copy falls: there is one
    assert all(0 <= p <= 1 for p in kinds)
    assert sum(kinds) == 1
    scheme = scheme_named(name)
    if scheme.dead_first and copies == cards:
        return  # faro and stuss refuse it: the soda must be of another rank
    result = scheme_result(Deal(cards, copies), scheme)
    distribution = result.distribution
    assert all(0 <= p <= 1 for p in distribution.values())
    assert sum(distribution.values()) == 1
    who = (result.banker, result.punter, result.null)  # who wins under the scheme
    assert all(0 <= p <= 1 for p in who)
    assert sum(who) == 1
    under = odds(cards=cards, copies=copies, scheme=scheme)
    assert (under.banker, under.punter, under.null) == who


@FAST
@given(decks(most=16, least=4), st.sampled_from(["classic", "lob-half", "pharaon"]))
def test_bank_marginals_are_the_one_bet_engine(deck: tuple[int, int], name: str) -> None:
    cards, copies = deck
    copies = min(copies, cards // 2)
    result = bank([f"7:1:{name}", f"Q:2:{name}"], cards=cards, copies=copies)
    alone = odds(cards=cards, copies=copies)
    for bet in result.bet_odds:
        assert (bet.given, bet.killed, bet.plie) == (alone.punter, alone.killed, alone.plie)
    assert sum(result.banker_net.values()) == 1
    single = bank([f"7:1:{name}"], cards=cards, copies=copies)
    punter = scheme_result(Deal(cards, copies), scheme_named(name)).distribution
    banker = {-x: p for x, p in punter.items() if p}
    assert {x: p for x, p in single.banker_net.items() if p} == banker


@FAST
@given(decks(most=20), st.sampled_from(["classic", "lob-half", "pharaon", "bait"]))
def test_one_deal_of_a_series_is_one_bet(deck: tuple[int, int], name: str) -> None:
    cards, copies = deck
    kush = Fraction(3, 2)
    result = series("flat", deals=1, scheme=name, deal=Deal(cards, copies), kush=kush)
    one = scheme_result(Deal(cards, copies), scheme_named(name)).distribution
    expected: dict[Fraction, Fraction] = {}
    for x, p in one.items():
        expected[x * kush] = expected.get(x * kush, Fraction(0)) + p
    assert {x: p for x, p in result.net.items() if p} == {x: p for x, p in expected.items() if p}


@cache
def form(copies: int, scheme: str, parity: Parity) -> ClosedForm:
    return closed_form(copies, scheme=scheme, parity=parity)


@settings(max_examples=20, deadline=None)
@given(
    st.integers(1, 3),
    st.sampled_from(["classic", "pharaon"]),
    st.integers(0, 400),
)
def test_closed_forms_are_the_engine(copies: int, scheme: str, cards: int) -> None:
    parity = Parity.EVEN if cards % 2 == 0 else Parity.ODD
    closed = form(copies, scheme, parity)
    cards = max(cards, closed.valid_from + (closed.valid_from - cards) % 2)
    engine = scheme_outcomes(Deal(cards, copies), scheme_named(scheme))
    for name in ("banker", "plie", "punter", "null", "ev"):
        assert closed.at(name, cards) == engine[name], name


@FAST
@given(decks())
def test_odds_json_and_csv_parse_back(deck: tuple[int, int]) -> None:
    cards, copies = deck
    o = odds(cards=cards, copies=copies)
    record = json.loads(run("odds", f"--cards={cards}", f"--copies={copies}", "--format=json"))
    assert record == o.to_dict()
    keys = ("banker", "punter", "null", "killed", "plie", "given", "ev")
    assert [Fraction(record[k]) for k in keys] == [getattr(o, k) for k in keys]
    text = run("odds", f"--cards={cards}", f"--copies={copies}", "--format=csv")
    (row,) = csv.DictReader(io.StringIO(text))
    assert [Fraction(row[k]) for k in keys] == [getattr(o, k) for k in keys]
    text = run("odds", f"--cards={cards}", f"--copies={copies}", "--by-abzug", "--format=csv")
    reader = csv.DictReader(io.StringIO(text))
    assert reader.fieldnames == ["abzug", "killed", "plie", "given"]  # where the first copy falls
    rows = list(reader)
    parsed = [
        (int(r["abzug"]), Fraction(r["killed"]), Fraction(r["plie"]), Fraction(r["given"]))
        for r in rows
    ]
    assert parsed == [(a.abzug, a.killed, a.plie, a.given) for a in o.by_abzug]


@FAST
@given(decks(), st.sampled_from(SUITLESS))
def test_odds_under_a_scheme_json_and_csv_parse_back(deck: tuple[int, int], name: str) -> None:
    cards, copies = deck
    scheme = scheme_named(name)
    if scheme.dead_first and copies == cards:
        return
    o = odds(cards=cards, copies=copies, scheme=scheme)
    args = ("odds", f"--cards={cards}", f"--copies={copies}", f"--scheme={name}")
    record = json.loads(run(*args, "--format=json"))
    assert record == o.to_dict()
    result = o.scheme_result
    assert result is not None
    assert {
        Fraction(d["value"]): Fraction(d["probability"]) for d in record["distribution"]
    } == result.distribution
    (row,) = csv.DictReader(io.StringIO(run(*args, "--format=csv")))
    assert (int(row["cards"]), int(row["copies"]), row["scheme"]) == (cards, copies, name)
    for key in ("banker", "punter", "null", "ev", "edge", "variance"):
        assert Fraction(row[key]) == getattr(result, key), key


@settings(max_examples=10, deadline=None)
@given(decks(most=12, least=4), st.integers(1, 4))
def test_bank_and_series_json_parse_back(deck: tuple[int, int], deals: int) -> None:
    cards, copies = deck
    copies = min(copies, cards // 2)
    record = json.loads(
        run(
            "bank",
            "--bet=7:2",
            "--bet=Q:1/2",
            f"--cards={cards}",
            f"--copies={copies}",
            "--format=json",
        )
    )
    assert distribution_map(record["banker_net"]) == dict(
        bank(["7:2", "Q:1/2"], cards=cards, copies=copies).banker_net
    )
    record = json.loads(
        run(
            "series",
            f"--deals={deals}",
            "--plan=paroli",
            f"--cards={cards}",
            f"--copies={copies}",
            "--format=json",
        )
    )
    expected = series("paroli", deals=deals, deal=Deal(cards, copies)).net
    assert distribution_map(record["net"]) == dict(expected)


def _table_rows(cards: str, copies: str, fmt: str) -> list[dict[str, Any]]:
    text = run(
        "table",
        f"--cards={cards}",
        f"--copies={copies}",
        "--scheme=classic,pharaon",
        f"--format={fmt}",
    )
    if fmt == "json":
        rows: list[dict[str, Any]] = json.loads(text)["rows"]
        return rows
    return list(csv.DictReader(io.StringIO(text)))


@settings(max_examples=10, deadline=None)
@given(st.integers(4, 40), st.integers(0, 8), st.integers(1, 3))
def test_table_json_and_csv_parse_back(low: int, width: int, copies: int) -> None:
    cards = f"{low}..{low + width}"
    spec = TableSpec(
        cards=tuple(range(low, low + width + 1)),
        copies=(copies,),
        schemes=(scheme_named("classic"), scheme_named("pharaon")),
    )
    expected = [
        {k: v for k, v in row.items() if isinstance(v, Fraction)} for row in summary_records(spec)
    ]
    for fmt in ("json", "csv"):
        rows = _table_rows(cards, str(copies), fmt)
        parsed = [{k: Fraction(row[k]) for k in expected[0]} for row in rows]
        assert parsed == expected, fmt
