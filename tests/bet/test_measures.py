"""``scheme_result`` and ``SchemeResult``: every measure of a scheme, its record, its guard.

``banker``, ``punter`` and ``null`` are P(the punter's net < 0), > 0 and = 0 (no
copy, a null card, or a payoff of 0): they sum to 1, and ``null`` is ``1 - action``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import log10

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import ShtossError
from shtoss_exact.bet.measures import (
    MAX_RESULT_DIGITS,
    SchemeResult,
    check_scheme_cost,
    expected_abzugs,
    payoff_bits,
    scheme_result,
)
from shtoss_exact.deck import Deal, parse_card, parse_suits
from shtoss_exact.engine import Kind, binom_bits
from shtoss_exact.schemes.scheme import BUILTIN, CLASSIC_BASE, Match, Rule, Scheme, scheme_named
from tests.oracles import brute_schemes as brute


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
    assert all(p > 0 for p in r.distribution.values())
    assert r.ev == sum(v * p for v, p in r.distribution.items())
    assert r.edge == -r.ev
    assert r.variance == sum((v - r.ev) ** 2 * p for v, p in r.distribution.items())
    assert r.banker + r.punter + r.null == 1
    assert r.null == 1 - r.action == r.distribution.get(Fraction(0), 0)
    assert r.banker == sum(p for v, p in r.distribution.items() if v < 0)
    assert r.punter == sum(p for v, p in r.distribution.items() if v > 0)
    assert r.edge_per_action == (r.edge / r.action if r.action else None)


def test_expected_abzugs_and_action_by_brute_force() -> None:
    for n in range(1, 9):
        for m in range(n + 1):
            total = exposed = 0
            for places in combinations(range(1, n + 1), m):
                total += 1
                exposed += (min(places) + 1) // 2 if places else (n + 1) // 2
            r = scheme_result(Deal(n, m), scheme_named("pharaon"))
            assert r.expected_abzugs == expected_abzugs(Deal(n, m)) == Fraction(exposed, total)
            if r.edge_per_abzug is not None:
                assert r.edge_per_abzug == r.edge / Fraction(exposed, total)
            action = sum(p for v, p in r.distribution.items() if v != 0)
            assert r.action == action


def test_null_counts_a_payoff_of_zero() -> None:
    # lob-half with lob = 0: a card killed (or a plié) at the first card moves no money.
    scheme = scheme_named("lob-half").with_params({"lob": 0})
    for n in range(1, 8):
        for suits in ("h", "hs", "hsd"):
            if len(suits) > n:
                continue
            deal = Deal(n, len(suits), parse_card("7h"), parse_suits(suits))
            oracle = brute.settle(n, tuple(suits), brute.classic)
            at_first = sum(
                1 for places in combinations(range(1, n + 1), len(suits)) if min(places) == 1
            ) / Fraction(sum(1 for _ in combinations(range(1, n + 1), len(suits))))
            r = scheme_result(deal, scheme)
            assert r.null == at_first
            assert r.banker == oracle.banker - at_first
            assert r.punter == oracle.punter


def test_no_copy_is_null_and_no_action() -> None:
    for name in ("classic", "pharaon", "lob-half"):
        r = scheme_result(Deal(5, 0), name)
        assert (r.banker, r.punter, r.null, r.action, r.ev) == (0, 0, 1, 0, 0)
        assert r.edge_per_action is None
        assert r.expected_abzugs == 3  # the stake sits through every abzug
    assert scheme_result(Deal(0, 0), "classic").edge_per_abzug is None


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
            gain = Fraction(1) if p + 1 == 4 else Fraction(1, 2)  # a doublet; the last pair 1
        else:
            gain = Fraction(1)
        banker[gain] = banker.get(gain, 0) + 1
    assert banker == {Fraction(1): 12, Fraction(-1): 8, Fraction(1, 2): 4}
    result = scheme_result(Deal(4, 2), scheme_named("pharaon"))
    assert result.edge == Fraction(1, 4)
    expected = {Fraction(-1): 12, Fraction(-1, 2): 4, Fraction(1): 8}
    assert result.distribution == {v: Fraction(c, 24) for v, c in expected.items()}
    assert (result.banker, result.punter, result.null) == (Fraction(2, 3), Fraction(1, 3), 0)


def test_pharaon_worked_example_of_five_cards() -> None:
    # 5 cards, two copies: the fifth card is alone, so no pair ends the deck and every
    # doublet costs half; no copy can be first at the last card.
    result = scheme_result(Deal(5, 2), "pharaon")
    # C(5, 2) = 10 position sets: doublets at (1, 2) and (3, 4); given at 2 (3 sets),
    # 4 (1 set); killed by a lob alone at 1 (3 sets), 3 (1 set).
    assert result.distribution == {
        Fraction(-1): Fraction(4, 10),
        Fraction(-1, 2): Fraction(2, 10),
        Fraction(1): Fraction(4, 10),
    }


# --- the record ---------------------------------------------------------------------------


def test_the_record() -> None:
    r = scheme_result(Deal(4, 2), "pharaon")
    assert r.to_dict() == {
        "scheme": "pharaon",
        "cards": 4,
        "copies": 2,
        "one_deck": False,
        "banker": "2/3",
        "punter": "1/3",
        "null": "0",
        "ev": "-1/4",
        "edge": "1/4",
        "variance": "13/16",
        "action": "1",
        "expected_abzugs": "7/6",
        "edge_per_action": "1/4",
        "edge_per_abzug": "3/14",
        "float": {
            "banker": 2 / 3,
            "punter": 1 / 3,
            "null": 0.0,
            "ev": -0.25,
            "edge": 0.25,
            "variance": 0.8125,
            "action": 1.0,
            "expected_abzugs": 7 / 6,
            "edge_per_action": 0.25,
            "edge_per_abzug": 3 / 14,
        },
        "distribution": [
            {"value": "-1", "probability": "1/2"},
            {"value": "-1/2", "probability": "1/6"},
            {"value": "1", "probability": "1/3"},
        ],
    }
    assert json.loads(r.to_json()) == r.to_dict()
    assert repr(r).startswith(
        "SchemeResult(scheme=pharaon, cards=4, copies=2, one_deck=False, banker=2/3, "
    )
    # Without action there is no edge per action: null, as every record's absent measure.
    quiet = scheme_result(Deal(5, 0), "classic").to_dict()
    assert quiet["edge_per_action"] is None and quiet["float"]["edge_per_action"] is None
    assert quiet["null"] == "1"


def test_the_record_of_faro_is_the_deck_as_shuffled() -> None:
    record = scheme_result(Deal(52, 4), "faro").to_dict()
    assert (record["scheme"], record["cards"], record["copies"]) == ("faro", 52, 4)
    assert record["ev"] == "-101/4998"


def test_the_vocabulary() -> None:
    r = scheme_result(Deal(52, 4), "classic")
    assert not hasattr(r, "none")
    assert isinstance(r, SchemeResult)


# --- arguments and the cost guard ---------------------------------------------------------


def test_a_scheme_by_name_or_russian_name() -> None:
    deal = Deal(52, 4)
    by_name = scheme_result(deal, "pharaon")
    assert scheme_result(deal, "фараон").to_dict() == by_name.to_dict()
    assert scheme_result(deal, scheme_named("pharaon")).ev == by_name.ev == Fraction(-33, 1666)


@pytest.mark.parametrize(
    ("deal", "scheme", "message"),
    [
        (Deal(52, 4), "whist", r"^unknown scheme 'whist': allowed schemes are classic, "),
        (Deal(52, 4), 3, r"^scheme=3 .*allowed a Scheme, a built-in name"),
        (Deal(52, 4), None, r"^scheme=None .*allowed a Scheme"),
        ("52", "classic", r"^deal='52' is not a Deal: build one with make_deal"),
        ((52, 4), "classic", r"is not a Deal"),
        (
            Deal(3, 3),
            "faro",
            r"allowed copies < cards in the banker.s deck, got 3 copies in a banker.s deck of 3 "
            r"cards",
        ),
        (Deal(10**7, 5 * 10**6), "classic", r"cards=10000000 with copies=5000000: about"),
    ],
)
def test_refusals(deal: object, scheme: object, message: str) -> None:
    with pytest.raises(ShtossError, match=message) as caught:
        scheme_result(deal, scheme)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_payoff_bits() -> None:
    assert payoff_bits(scheme_named("classic")) == 2  # numerators 1, denominator 1
    assert payoff_bits(scheme_named("lob-half")) == 3
    assert payoff_bits(scheme_named("thirds")) == 6  # the factors multiply a payoff
    assert payoff_bits(scheme_named("bait")) == 4  # a premium adds one
    long = Scheme("long", rules=(Rule(Match(position=1), Fraction(1, 10**600)),))
    assert payoff_bits(long) == 1 + (10**600).bit_length()


def test_measures_too_long_to_print_are_refused_up_front() -> None:
    # The variance has about 2 (digits of C(n, m) + digits of the payoffs) digits: a
    # payoff of 600 digits on 52 cards is answered, one of half the limit is not.
    deal = Deal(52, 4)
    long = Scheme("long", rules=(Rule(Match(position=1), Fraction(1, 10**600)),))
    check_scheme_cost(deal, long)
    variance = scheme_result(deal, long).variance
    assert variance > 0 and variance.denominator.bit_length() * log10(2) < MAX_RESULT_DIGITS
    huge_payoff = Fraction(1, 10 ** (MAX_RESULT_DIGITS // 2 + 100))
    huge = Scheme("huge", rules=(Rule(Match(position=1), huge_payoff),))
    assert 2 * (binom_bits(52, 4) + payoff_bits(huge)) * log10(2) > MAX_RESULT_DIGITS
    with pytest.raises(ShtossError) as caught:
        scheme_result(deal, huge)
    message = str(caught.value)
    assert message.startswith("scheme 'huge' on cards=52 with copies=4: exact values of ")
    assert f"the limit of {MAX_RESULT_DIGITS} digits" in message and "\n" not in message


def test_the_classic_base() -> None:
    assert dict(CLASSIC_BASE) == {Kind.KILLED: -1, Kind.PLIE: -1, Kind.GIVEN: 1}
