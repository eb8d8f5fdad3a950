"""A bank's arguments: bets, stakes, schemes and decks, normalised once or refused in one
line naming the argument (never an AttributeError from deep inside)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

import shtoss_exact
from shtoss_exact.banks.odds import Bank, Bet, bank
from shtoss_exact.banks.setup import MAX_BETS, as_bets, make_bank_deal, parse_bet, parse_stake
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes.files import load_scheme
from shtoss_exact.schemes.scheme import scheme_named
from tests import ROOT


def test_bank_is_importable_from_the_package() -> None:
    assert shtoss_exact.bank is bank
    assert shtoss_exact.Bank is Bank and shtoss_exact.Bet is Bet


def test_stakes_are_exact_in_every_spelling() -> None:
    expected = bank(["7:1/2", "Q:3"])
    for bets in (
        [Bet("7", stake=Fraction(1, 2)), Bet("Q", stake=3)],
        [Bet("7", stake="1/2"), Bet("Q", stake="3")],
        [Bet("7", stake="0.5"), "Q:3"],
    ):
        assert bank(bets).banker_net == expected.banker_net
    assert parse_stake("2.5") == Fraction(5, 2)


def test_schemes_by_object_name_russian_name_or_file() -> None:
    eleven = ROOT / "examples" / "schemes" / "eleven.toml"
    by_object = bank([Bet("7", scheme=scheme_named("pharaon")), "Q:1:lob-half"])
    by_name = bank(["7:1:фараон", "Д:1:в лоб полкуша"])
    assert by_object.banker_net == by_name.banker_net
    by_file = bank([f"7:1:{eleven}", "Q"])
    assert by_file.bets[0].scheme == load_scheme(eleven)
    default = bank(["7", "Q"], scheme="фараон")
    assert [b.scheme.name for b in default.bets] == ["pharaon", "pharaon"]
    assert bank(["7"], scheme=load_scheme(eleven)).bets[0].scheme.name == "eleven"


def test_a_bet_is_normalised_once() -> None:
    bet = Bet("д", stake="5/2", scheme="фараон")
    assert (bet.rank, bet.stake, bet.scheme.name) == ("Q", Fraction(5, 2), "pharaon")
    assert str(bet) == "Q:5/2:pharaon" and str(Bet("7")) == "7:1"
    assert parse_bet(str(bet)) == bet
    with pytest.raises(TypeError):
        Bet("7", 2)  # type: ignore[misc]  # the stake is keyword-only
    with pytest.raises(dataclasses.FrozenInstanceError):
        bet.stake = Fraction(1)  # type: ignore[misc]


BAD: list[tuple[str, Any, str]] = [
    ("float stake", lambda: bank([Bet("7", stake=0.5)]), "stake=0.5 is a float"),
    ("bool stake", lambda: bank([Bet("7", stake=True)]), "stake=True is a bool"),
    ("zero stake", lambda: bank([Bet("7", stake=0)]), "not positive"),
    ("negative stake", lambda: bank(["7:-1"]), "not positive"),
    ("stake word", lambda: bank(["7:abc"]), "stake 'abc'"),
    ("rank as int", lambda: bank([Bet(7)]), "rank=7 is a int"),  # type: ignore[arg-type]
    ("rank unknown", lambda: bank(["Z"]), "unknown rank 'Z'"),
    ("scheme as int", lambda: bank([Bet("7", scheme=3)]), "scheme=3"),  # type: ignore[arg-type]
    ("scheme unknown", lambda: bank(["7:1:nope"]), "unknown scheme 'nope'"),
    ("default scheme unknown", lambda: bank(["7"], scheme="nope"), "unknown scheme 'nope'"),
    ("thirds", lambda: bank(["7:1:thirds"]), "needs the suits"),
    ("bets a string", lambda: bank("7:10"), "bets='7:10' is not a list"),  # type: ignore[arg-type]
    ("bets a Bet", lambda: bank(Bet("7")), "is not a list"),  # type: ignore[arg-type]
    ("bets a number", lambda: bank(7), "bets=7"),  # type: ignore[arg-type]
    ("bet a float", lambda: bank([7.5]), "bet 7.5 is a float"),  # type: ignore[list-item]
    ("no bets", lambda: bank([]), "no bet given"),
    ("deck float", lambda: bank(["7"], deck=52.0), "unknown deck 52.0"),  # type: ignore[arg-type]
    ("deck 40", lambda: bank(["7"], deck=40), "unknown deck 40"),
    ("cards float", lambda: bank(["7"], cards=8.0), "cards=8.0"),  # type: ignore[arg-type]
    ("cards negative", lambda: bank(["7"], cards=-1), "cards=-1"),
    ("copies bool", lambda: bank(["7"], cards=8, copies=True), "copies=True"),
    ("copies of a rank float", lambda: bank(["7"], copies={"7": 2.0}), "copies of 7=2.0"),  # type: ignore[dict-item]
    ("copies of an unstaked rank", lambda: bank(["7"], copies={"Q": 2}), "'Q', which no bet"),
    ("one_deck a word", lambda: bank(["7"], one_deck="yes"), "one_deck='yes'"),  # type: ignore[arg-type]
    ("copies more than cards", lambda: bank(["7", "Q"], cards=5, copies=3), "6 copies"),
    ("soda mixed", lambda: bank(["7:1:faro", "Q"]), "soda"),
    ("too many bets", lambda: bank(["7"] * (MAX_BETS + 1)), f"more than {MAX_BETS} bets"),
    ("huge cards in a message", lambda: bank(["7", "Q"], cards=5, copies=10**5000), "digits"),
    ("pair out of range", lambda: bank(["7", "Q"]).pair(0, 2), "second=2"),
    ("pair float", lambda: bank(["7", "Q"]).pair(0.0, 1), "first=0.0"),  # type: ignore[arg-type]
]  # fmt: skip


@pytest.mark.parametrize(("name", "call", "needle"), BAD, ids=[b[0] for b in BAD])
def test_wrong_arguments_are_refused_naming_them(name: str, call: Any, needle: str) -> None:
    with pytest.raises(ShtossError) as caught:
        call()
    message = str(caught.value)
    assert needle in message
    assert "\n" not in message


def test_as_bets_stops_at_the_limit_before_reading_the_rest() -> None:
    def endless() -> Any:
        while True:
            yield "7"

    with pytest.raises(ShtossError, match="bets"):
        as_bets(endless())


def test_one_deck_takes_a_card_of_each_staked_rank() -> None:
    deal = make_bank_deal(["7", "Q"], deck=36, one_deck=True)
    assert deal.cards == 34 and dict(deal.copies) == {"7": 3, "Q": 3}
    per_rank = make_bank_deal(["7", "Q"], cards=20, copies={"д": 1})
    assert dict(per_rank.copies) == {"7": 4, "Q": 1}
