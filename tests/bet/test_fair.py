"""The fair-payoff solver: exact, checked by setting the value back into the scheme."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.bet.fair import FairPayoff, fair_payoff
from shtoss_exact.deck import Deal, Suit, parse_card
from shtoss_exact.schemes.schema import scheme_from_data
from shtoss_exact.schemes.scheme import BUILTIN, scheme_named


def test_fair_lob_payoff_at_52() -> None:
    f = fair_payoff(scheme_named("lob-half"), "lob", deal=Deal(52, 4))
    # EV(x) = -33/833 + (1 + x)/13: the first card kills (or is a plié) in 1/13 of deals.
    assert f.fair == Fraction(13 * 33, 833) - 1 == Fraction(-404, 833)
    assert f.ev == Fraction(-25, 21658) and f.slope == Fraction(1, 13)
    assert f.ev_at_zero == Fraction(-33, 833) + Fraction(1, 13)
    assert (f.parameter, f.current) == ("lob", Fraction(-1, 2))
    assert f.ev == f.ev_at_zero + f.slope * f.current
    assert f.ev_at_zero + f.slope * f.fair == 0


def test_names_are_accepted() -> None:
    by_name = fair_payoff("lob-half", "lob", deal=Deal(52, 4))
    assert (
        by_name.to_dict()
        == fair_payoff(scheme_named("lob-half"), "lob", deal=Deal(52, 4)).to_dict()
    )
    assert fair_payoff("в лоб полкуша", "lob", deal=Deal(52, 4)).fair == by_name.fair
    assert by_name.scheme is BUILTIN["lob-half"]


@pytest.mark.parametrize(("n", "m"), [(52, 4), (36, 4), (20, 3), (9, 2), (10, 2)])
def test_every_builtin_parameter_makes_the_game_fair(n: int, m: int) -> None:
    deal = Deal(n, m)
    solved = 0
    for scheme in BUILTIN.values():
        if scheme.needs_suits:
            continue
        for name in scheme.params:
            try:
                f = fair_payoff(scheme, name, deal=deal)
            except ShtossError as error:
                assert "never pays" in str(error)
                continue
            solved += 1
            assert scheme.with_params({name: f.fair}).ev(deal) == 0
            assert scheme.with_params({name: f.current}).ev(deal) == f.ev == scheme.ev(deal)
    assert solved >= 9


def test_the_last_pair_pays_only_in_an_even_deck() -> None:
    # Pharaon's doublet that ends the deck: two copies can make it in ten cards, never in
    # nine (the last card is alone), never with four copies in 52 (three are needed after
    # the first).
    f = fair_payoff("pharaon", "last_pair_doublet", deal=Deal(10, 2))
    assert f.slope == Fraction(1, 45)  # one position set of C(10, 2) = 45
    for deal in (Deal(9, 2), Deal(52, 4)):
        with pytest.raises(ShtossError, match="never pays"):
            fair_payoff("pharaon", "last_pair_doublet", deal=deal)


def test_faro_is_solved_on_the_deck_as_shuffled() -> None:
    f = fair_payoff("faro", "split", deal=Deal(52, 4))
    assert scheme_named("faro").with_params({"split": f.fair}).ev(Deal(52, 4)) == 0
    assert (f.to_dict()["cards"], f.to_dict()["copies"]) == (52, 4)


def test_the_record() -> None:
    f = fair_payoff("lob-half", "lob", deal=Deal(52, 4))
    record = f.to_dict()
    assert record == {
        "scheme": "lob-half",
        "cards": 52,
        "copies": 4,
        "one_deck": False,
        "parameter": "lob",
        "current": "-1/2",
        "ev": "-25/21658",
        "ev_at_zero": "404/10829",
        "slope": "1/13",
        "fair": "-404/833",
        "float": {
            "current": -0.5,
            "ev": float(Fraction(-25, 21658)),
            "ev_at_zero": float(Fraction(404, 10829)),
            "slope": float(Fraction(1, 13)),
            "fair": float(Fraction(-404, 833)),
        },
    }
    assert json.loads(f.to_json()) == record
    assert repr(f).startswith("FairPayoff(scheme=lob-half, cards=52, copies=4, one_deck=False, ")


def test_fair_payoff_fields_are_keywords() -> None:
    f = fair_payoff("lob-half", "lob", deal=Deal(52, 4))
    with pytest.raises(TypeError):
        FairPayoff(f.scheme, f.deal, "lob", 0, 0, 0, 0, 0)  # type: ignore[misc]
    same = FairPayoff(
        scheme=f.scheme,
        deal=f.deal,
        parameter="lob",
        current=f.current,
        ev=f.ev,
        ev_at_zero=f.ev_at_zero,
        slope=f.slope,
        fair=f.fair,
    )
    assert same == f
    assert not hasattr(f, "value") and not hasattr(f, "name")


def test_refusals() -> None:
    with pytest.raises(ShtossError, match="has no parameter 'x'"):
        fair_payoff(scheme_named("thirds"), "x", deal=Deal(52, 4))
    with pytest.raises(ShtossError, match=r"its parameters: none"):
        fair_payoff("thirds", "x", deal=Deal(52, 4, parse_card("7h"), tuple(Suit)))
    with pytest.raises(ShtossError, match="never pays"):
        fair_payoff(scheme_named("pharaon"), "last_pair_doublet", deal=Deal(52, 4))
    with pytest.raises(ShtossError, match="unknown scheme 'nope'"):
        fair_payoff("nope", "x", deal=Deal(52, 4))
    with pytest.raises(ShtossError, match="is not a Deal"):
        fair_payoff("lob-half", "lob", deal=(52, 4))  # type: ignore[arg-type]
    with pytest.raises(ShtossError, match="is not a parameter's name"):
        fair_payoff("lob-half", 1, deal=Deal(52, 4))  # type: ignore[arg-type]
    with pytest.raises(ShtossError, match="cards=10000000 with copies=5000000"):
        fair_payoff("lob-half", "lob", deal=Deal(10**7, 5 * 10**6))
    squared = scheme_from_data(
        {"payoffs": {"given": {"param": "x"}},
         "thirds": {"colour": {"param": "x"}, "half-colour": 1, "plain": 1}}
    )  # fmt: skip
    with pytest.raises(ShtossError, match="not linear"):
        fair_payoff(squared, "x", deal=Deal(52, 4, parse_card("7h"), tuple(Suit)))
