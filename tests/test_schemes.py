"""Every built-in scheme against the brute-force oracle, the soda, options, parameters."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import ShtossError, odds
from shtoss_exact.deck import Deal, parse_card, parse_suits
from shtoss_exact.engine import Kind
from shtoss_exact.measures import scheme_result
from shtoss_exact.schemes import (
    BUILTIN,
    Outcome,
    Param,
    Soda,
    faro,
    lob_half,
    pharaon,
    scheme_named,
    stuss,
)
from tests import brute_schemes as brute

SUIT_SETS = ("", "h", "s", "hd", "sc", "hsd", "hhc", "hdsc")
SMALL = [(n, suits) for n in range(1, 9) for suits in SUIT_SETS if len(suits) <= min(n, 3)]


def deal_of(n: int, suits: str) -> Deal:
    return Deal(n, len(suits), parse_card("7h"), parse_suits(suits) if suits else ())


@pytest.mark.parametrize("name", list(brute.ORACLES))
@pytest.mark.parametrize(("n", "suits"), SMALL)
def test_every_builtin_matches_brute_force(name: str, n: int, suits: str) -> None:
    pay, soda = brute.ORACLES[name]
    if soda == "known" and len(suits) == n:
        with pytest.raises(ShtossError, match="soda"):
            scheme_result(deal_of(n, suits), scheme_named(name))
        return
    expected, null = brute.distribution(n, tuple(suits), pay, soda=soda)
    result = scheme_result(deal_of(n, suits), scheme_named(name))
    assert result.distribution == {v: p for v, p in expected.items() if p}
    assert result.null == null
    assert result.ev == sum(v * p for v, p in expected.items())


@pytest.mark.parametrize(("n", "suits"), [(n, s) for n, s in SMALL if n >= 2])
@pytest.mark.parametrize("name", ["faro", "stuss"])
def test_soda_before_matches_brute_force(name: str, n: int, suits: str) -> None:
    pay, _ = brute.ORACLES[name]
    factory = faro if name == "faro" else stuss
    expected, null = brute.distribution(n, tuple(suits), pay, soda="before")
    result = scheme_result(deal_of(n, suits), factory(soda=Soda.BEFORE))
    assert result.distribution == {v: p for v, p in expected.items() if p}
    assert result.null == null


def test_options_match_brute_force() -> None:
    def lob_plie_full(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        return Fraction(-1, 2) if kind == "killed" and p == 1 else brute.classic(kind, p, n, rel)

    def pharaon_no_null(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        return brute.pharaon(kind, p, n + 1, rel) if p == n else brute.pharaon(kind, p, n, rel)

    for n in range(1, 8):
        for m in range(min(n, 3) + 1):
            suits = "hsd"[:m]
            deal = deal_of(n, suits)
            expected, _ = brute.distribution(n, tuple(suits), lob_plie_full)
            got = scheme_result(deal, lob_half(plie_half=False)).distribution
            assert got == {v: p for v, p in expected.items() if p}
            expected, null = brute.distribution(n, tuple(suits), pharaon_no_null)
            got_result = scheme_result(deal, pharaon(last_card_null=False))
            assert got_result.null == 0 == null
            assert got_result.distribution == {v: p for v, p in expected.items() if p}


def test_thirds_plie_suit_from_the_sonik_changes_nothing() -> None:
    for n in range(2, 8):
        for suits in ("hs", "hdc", "sch", "hh"):
            if len(suits) > n:
                continue
            lob, _ = brute.distribution(n, tuple(suits), brute.thirds)
            sonik, _ = brute.distribution(n, tuple(suits), brute.thirds, plie_card="sonik")
            assert lob == sonik


def test_pharaon_worked_example_of_four_cards() -> None:
    # 4 cards, the punter's card twice: 24 arrangements of 4 distinct cards.
    from itertools import permutations

    banker: dict[Fraction, int] = {}
    for order in permutations(["A1", "A2", "x", "y"]):
        places = [i + 1 for i, card in enumerate(order) if card.startswith("A")]
        p = places[0]
        if p % 2 == 0:
            gain = Fraction(-1)  # given: the banker pays
        elif p + 1 in places:
            gain = Fraction(1) if (p + 1) // 2 == 2 else Fraction(1, 2)  # doublet
        else:
            gain = Fraction(1)
        banker[gain] = banker.get(gain, 0) + 1
    assert banker == {Fraction(1): 12, Fraction(-1): 8, Fraction(1, 2): 4}
    result = scheme_result(Deal(4, 2), scheme_named("pharaon"))
    assert result.edge == Fraction(1, 4)
    expected = {Fraction(-1): 12, Fraction(-1, 2): 4, Fraction(1): 8}
    assert result.distribution == {v: Fraction(c, 24) for v, c in expected.items()}


def test_known_values_at_52() -> None:
    deal = Deal(52, 4)
    assert scheme_named("classic").ev(deal) == Fraction(-33, 833)
    assert scheme_named("pharaon").ev(deal) == Fraction(-33, 1666)
    assert faro(soda=Soda.BEFORE).ev(deal) == Fraction(-33, 1666)
    # lob-half: the first card (1/13 of the deals) now costs only 1/2.
    assert scheme_named("lob-half").ev(deal) == Fraction(-33, 833) + Fraction(1, 26)
    # faro with the soda known is the 51 cards after it.
    no_soda = replace(faro(), dead_first=False)
    assert scheme_named("faro").ev(deal) == scheme_result(Deal(51, 4), no_soda).ev


def test_large_decks_need_no_walk() -> None:
    for scheme in BUILTIN.values():
        if scheme.needs_suits:
            continue
        ev = scheme.ev(Deal(10**9, 4))
        assert -1 < ev < 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 400), st.integers(0, 6), st.sampled_from(sorted(BUILTIN)))
def test_distribution_sums_to_one(n: int, m: int, name: str) -> None:
    m = min(m, n)
    scheme = scheme_named(name)
    if scheme.dead_first and m >= n:
        return
    deal = Deal(n, m, parse_card("7h"), parse_suits("shdc" * 2)[:m])
    r = scheme_result(deal, scheme)
    assert sum(r.distribution.values()) == 1
    assert r.ev == sum(v * p for v, p in r.distribution.items())
    assert r.variance >= 0
    assert r.action + r.null + r.none <= 1


def test_expected_abzugs_and_action_by_brute_force() -> None:
    from itertools import combinations

    for n in range(1, 9):
        for m in range(n + 1):
            total = exposed = 0
            for places in combinations(range(1, n + 1), m):
                total += 1
                exposed += (min(places) + 1) // 2 if places else (n + 1) // 2
            r = scheme_result(Deal(n, m), scheme_named("pharaon"))
            assert r.expected_abzugs == Fraction(exposed, total)
            if r.edge_per_abzug is not None:
                assert r.edge_per_abzug == r.edge / Fraction(exposed, total)
            action = sum(p for v, p in r.distribution.items() if v != 0)
            assert r.action == action


def test_param_behaves_like_its_value() -> None:
    lob = Param("lob", Fraction(-1, 2))
    assert lob == Fraction(-1, 2) and lob.name == "lob"
    assert pickle.loads(pickle.dumps(lob)).name == "lob"
    assert copy.deepcopy(lob) is lob
    with pytest.raises(ShtossError, match="parameter name"):
        Param("not a name")


def test_with_params_and_unknown_parameter() -> None:
    scheme = scheme_named("pharaon").with_params({"doublet": 0})
    assert scheme.settle(Outcome(Kind.PLIE, 1, 52)).payoff == 0
    assert scheme.params == {"last_pair_doublet": Fraction(-1), "doublet": Fraction(0)}
    with pytest.raises(ShtossError, match="no parameter 'x'"):
        scheme_named("pharaon").with_params({"x": 1})


def test_odds_with_a_scheme() -> None:
    assert odds().ev == Fraction(-33, 833)
    o = odds(scheme="pharaon")
    assert o.ev == Fraction(-33, 1666) and o.banker == Fraction(433, 833)
    assert o.scheme_result is not None and o.scheme_result.edge == Fraction(33, 1666)
    f = odds(deck=52, scheme="faro")
    assert (f.cards, f.copies, f.dealt) == (51, 4, Deal(52, 4))
    assert f.under("faro").ev == f.ev == Fraction(-101, 4998)
    before = odds(scheme=faro(soda=Soda.BEFORE))
    assert before.mixed and before.ev == Fraction(-33, 1666)
    assert before.banker + before.punter + before.none == 1
    with pytest.raises(ShtossError, match="before the soda"):
        _ = before.by_abzug
    with pytest.raises(ShtossError, match="unknown scheme"):
        odds(scheme="nope")


def test_thirds_needs_the_suits() -> None:
    with pytest.raises(ShtossError, match="needs the suits"):
        odds(scheme="thirds")
    assert odds(scheme="thirds", card="7h").ev == Fraction(-11, 476)
