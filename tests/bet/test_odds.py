"""``odds()`` and ``Odds``: brute force, properties, the record, and the published figures.

``banker``, ``punter`` and ``null`` are who wins under the scheme (the classic one
without a scheme): P(net < 0), P(net > 0), P(net = 0), summing to 1. ``killed``,
``plie`` and ``given`` are where the first copy falls; with no copy none of them,
so they sum to 1 - P(no copy).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import ShtossError, odds
from shtoss_exact.bet.odds import MAX_TABLE_ROWS, Odds, odds_of
from shtoss_exact.bet.rows import AbzugOdds
from shtoss_exact.deck import Card, Deal, Suit, parse_card, parse_suits
from shtoss_exact.limits import MAX_DECK_SECONDS
from shtoss_exact.schemes.scheme import BUILTIN, Soda, faro, scheme_named, stuss
from tests.oracles import brute_schemes
from tests.oracles.brute import MAX_CARDS, brute_odds, brute_relations

SMALL = [(n, m) for n in range(MAX_CARDS + 1) for m in range(n + 1)]


# --- brute force, every field -------------------------------------------------------------


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_summary_matches_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    o = odds(cards=cards, copies=copies)
    assert (o.killed, o.plie, o.given) == (brute.killed, brute.plie, brute.given)
    assert (o.banker, o.punter, o.null) == (brute.banker, brute.punter, brute.null)
    assert o.ev == brute.ev
    assert o.killed + o.plie + o.given + brute.no_copy == 1
    assert o.banker + o.punter + o.null == 1
    assert (o.cards, o.copies) == (cards, copies)
    assert o.scheme is not None and o.scheme.name == "classic"  # no scheme is the classic one
    assert o.to_dict() == odds(cards=cards, copies=copies, scheme="classic").to_dict()


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_by_abzug_matches_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    rows = odds(cards=cards, copies=copies).by_abzug
    assert {row.abzug: (row.killed, row.plie, row.given) for row in rows} == brute.by_abzug
    assert [row.abzug for row in rows] == sorted(brute.by_abzug)
    for row in rows:
        killed, plie, _given = brute.by_abzug[row.abzug]
        assert row.banker == killed + plie


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_by_position_matches_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    rows = odds(cards=cards, copies=copies).by_position
    assert {row.position: (row.killed, row.plie, row.given) for row in rows} == brute.by_position
    assert [row.position for row in rows] == list(range(1, cards + 1))
    assert all(row.abzug == (row.position + 1) // 2 for row in rows)


def test_odd_deck_last_abzug_is_a_lob_only() -> None:
    # Five cards, one copy: the third abzug is position 5 alone; a copy there is a
    # lone lob, and the banker wins.
    o = odds(cards=5, copies=1)
    last = o.by_abzug[-1]
    assert (last.abzug, last.killed, last.plie, last.given) == (3, Fraction(1, 5), 0, 0)
    assert o.banker == Fraction(3, 5)


def test_no_copies_means_no_decision() -> None:
    for cards in (0, 1, 7, 52):
        o = odds(cards=cards, copies=0)
        assert o.null == 1
        assert (o.banker, o.punter, o.killed, o.plie, o.given, o.ev) == (0, 0, 0, 0, 0, 0)


def _relations(o: Odds) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    rows = o.by_relation
    assert rows is not None
    return {r.relation.value: (r.killed, r.plie, r.given) for r in rows}


@pytest.mark.parametrize("cards", range(4, 8))
def test_two_deck_relations_match_brute_force(cards: int) -> None:
    # Two-deck game: one copy of each suit; the punter's card is the seven of hearts.
    o = odds(cards=cards, copies=4, card="7h")
    expected = brute_relations(cards, "hearts", ["spades", "clubs", "hearts", "diamonds"])
    assert _relations(o) == expected


@pytest.mark.parametrize("cards", range(4, 12))
def test_one_deck_relations_match_brute_force(cards: int) -> None:
    # One-deck game: the banker's deck lacks the punter's card and holds the three
    # other suits. ``cards`` counts the whole deck, the punter's card included.
    o = odds(cards=cards, one_deck=True, card="Qs")
    assert (o.cards, o.copies) == (cards - 1, 3)
    assert o.as_played.copy_suits is not None
    assert sorted(o.as_played.copy_suits) == sorted([Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS])
    expected = brute_relations(cards - 1, "spades", ["clubs", "hearts", "diamonds"])
    assert _relations(o) == expected


ARBITRARY_SUITS = [
    ("7h", "h"),
    ("7h", "d"),
    ("7h", "s"),
    ("Ac", "cc"),
    ("Ac", "sd"),
    ("10d", "hhs"),
    ("10d", "dcs"),
    ("Kh", "hhhh"),
    ("Kh", "dddcs"),
    ("2s", "hdhdh"),
]


@pytest.mark.parametrize(("card", "suits"), ARBITRARY_SUITS)
@pytest.mark.parametrize("cards", [5, 7, 8])
def test_arbitrary_suit_lists_match_brute_force(cards: int, card: str, suits: str) -> None:
    o = odds(cards=cards, copies=len(suits), card=card, suits=suits)
    names = {"s": "spades", "c": "clubs", "h": "hearts", "d": "diamonds"}
    expected = brute_relations(cards, names[card[-1]], [names[ch] for ch in suits])
    assert _relations(o) == expected


@pytest.mark.parametrize(("cards", "suits"), [(10, "sh"), (10, "shc"), (9, "hcd"), (10, "c")])
def test_relations_on_the_largest_decks(cards: int, suits: str) -> None:
    o = odds(cards=cards, copies=len(suits), card="9c", suits=suits)
    names = {"s": "spades", "c": "clubs", "h": "hearts", "d": "diamonds"}
    assert _relations(o) == brute_relations(cards, "clubs", [names[ch] for ch in suits])


def test_relations_are_absent_without_suits() -> None:
    assert odds(cards=10, copies=3).by_relation is None
    assert odds(cards=10, copies=3, card="7h").by_relation is None  # suits unknown
    assert odds(cards=10, copies=0, card="7h", suits="").by_relation is None


# --- under a scheme: who wins follows the scheme, the kinds do not ------------------------

SUIT_SETS = ("", "h", "s", "hd", "sc", "hsd", "hhc")
SCHEME_DECKS = [(n, s) for n in range(1, 9) for s in SUIT_SETS if len(s) <= n]


def deal_of(n: int, suits: str) -> Deal:
    return Deal(n, len(suits), parse_card("7h"), parse_suits(suits) if suits else ())


def _assert_odds_match(o: Odds, oracle: brute_schemes.Settled) -> None:
    assert (o.banker, o.punter, o.null) == (oracle.banker, oracle.punter, oracle.null)
    assert o.ev == oracle.ev
    kinds = oracle.kinds
    assert (o.killed, o.plie, o.given) == (kinds["killed"], kinds["plie"], kinds["given"])
    assert o.banker + o.punter + o.null == 1
    assert o.killed + o.plie + o.given + kinds["none"] == 1


@pytest.mark.parametrize("name", list(brute_schemes.ORACLES))
@pytest.mark.parametrize(("n", "suits"), SCHEME_DECKS)
def test_odds_under_every_scheme_match_brute_force(name: str, n: int, suits: str) -> None:
    pay, soda = brute_schemes.ORACLES[name]
    if soda == "known" and len(suits) == n:
        with pytest.raises(ShtossError, match="soda of another rank"):
            odds_of(deal_of(n, suits), scheme=name)
        return
    o = odds_of(deal_of(n, suits), scheme=name)
    _assert_odds_match(o, brute_schemes.settle(n, tuple(suits), pay, soda=soda))
    assert (o.cards, o.copies) == (n, len(suits))  # the deck as shuffled
    assert o.as_played.cards == (n - 1 if soda else n)  # the deck the bet is played on


@pytest.mark.parametrize("factory", [faro, stuss], ids=["faro", "stuss"])
@pytest.mark.parametrize(("n", "suits"), [(n, s) for n, s in SCHEME_DECKS if n >= 2])
def test_odds_with_the_soda_unseen_match_brute_force(factory: object, n: int, suits: str) -> None:
    scheme = factory(soda=Soda.BEFORE)  # type: ignore[operator]
    pay, _ = brute_schemes.ORACLES[scheme.name]
    o = odds_of(deal_of(n, suits), scheme=scheme)
    # The kinds are a mixture over the decks the soda may leave (a copy burnt or not).
    _assert_odds_match(o, brute_schemes.settle(n, tuple(suits), pay, soda="before"))


# --- properties ---------------------------------------------------------------------------

SHAPES = st.one_of(
    st.integers(0, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.integers(0, 10**12).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, min(n, 40)))),
)


@settings(max_examples=150, deadline=None)
@given(SHAPES)
def test_probabilities_sum_to_one(shape: tuple[int, int]) -> None:
    cards, copies = shape
    o = odds(cards=cards, copies=copies)
    no_copy = 1 if copies == 0 else 0
    assert o.killed + o.plie + o.given + no_copy == 1
    assert o.banker + o.punter + o.null == 1
    # Classic: the banker wins on a lob (killed or plié), the punter on a sonik.
    assert (o.banker, o.punter, o.null) == (o.killed + o.plie, o.given, no_copy)
    values = (o.banker, o.punter, o.null, o.killed, o.plie, o.given, o.ev)
    assert all(isinstance(p, Fraction) for p in values)
    assert all(0 <= p <= 1 for p in values[:-1])


SUITLESS = sorted(name for name, scheme in BUILTIN.items() if not scheme.needs_suits)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 400).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, min(n, 8)))),
    st.sampled_from(sorted(BUILTIN)),
    st.sampled_from(list(Soda)),
)
def test_who_wins_sums_to_one_under_every_scheme(
    shape: tuple[int, int], name: str, soda: Soda
) -> None:
    cards, copies = shape
    scheme = scheme_named(name)
    if scheme.dead_first:
        scheme = (faro if name == "faro" else stuss)(soda=soda)
        if cards == 0 or (soda is Soda.KNOWN and copies == cards):
            return  # refused: no soda to burn, or none of another rank
    deal = Deal(cards, copies, parse_card("7h"), parse_suits("shdc" * 2)[:copies])
    o = odds_of(deal, scheme=scheme)
    assert o.banker + o.punter + o.null == 1
    assert all(0 <= p <= 1 for p in (o.banker, o.punter, o.null, o.killed, o.plie, o.given))
    # No copy on the deck played: none at all, or the only one burnt as the soda.
    if copies == 0:
        no_copy = Fraction(1)
    elif copies == 1 and scheme.dead_first and soda is Soda.BEFORE:
        no_copy = Fraction(1, cards)
    else:
        no_copy = Fraction(0)
    assert o.killed + o.plie + o.given + no_copy == 1
    result = o.scheme_result
    assert result is not None
    assert o.null == result.null == 1 - result.action
    assert o.null == result.distribution.get(Fraction(0), 0)
    assert o.banker == sum(p for v, p in result.distribution.items() if v < 0)
    assert o.punter == sum(p for v, p in result.distribution.items() if v > 0)
    assert o.ev == result.ev == sum(v * p for v, p in result.distribution.items())


@settings(max_examples=150, deadline=None)
@given(SHAPES)
def test_even_decks_banker_minus_punter_is_plie(shape: tuple[int, int]) -> None:
    cards, copies = shape
    cards -= cards % 2
    copies = min(copies, cards)
    o = odds(cards=cards, copies=copies)
    assert o.banker - o.punter == o.plie
    assert o.ev == -o.plie


TABLE_SHAPES = st.integers(0, 400).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n)))


@settings(max_examples=60, deadline=None)
@given(TABLE_SHAPES)
def test_by_abzug_rows_sum_to_the_totals(shape: tuple[int, int]) -> None:
    cards, copies = shape
    o = odds(cards=cards, copies=copies)
    rows = o.by_abzug
    assert len(rows) == (cards + 1) // 2
    assert sum(r.killed for r in rows) == o.killed
    assert sum(r.plie for r in rows) == o.plie
    assert sum(r.given for r in rows) == o.given
    assert sum(r.banker for r in rows) == o.banker


@settings(max_examples=60, deadline=None)
@given(TABLE_SHAPES)
def test_by_position_rows_sum_to_the_totals(shape: tuple[int, int]) -> None:
    cards, copies = shape
    o = odds(cards=cards, copies=copies)
    rows = o.by_position
    assert len(rows) == cards
    assert sum(r.killed for r in rows) == o.killed
    assert sum(r.plie for r in rows) == o.plie
    assert sum(r.given for r in rows) == o.given
    # Only the sonik gives, only the lob kills.
    assert all(r.given == 0 for r in rows if r.position % 2)
    assert all(r.killed == r.plie == 0 for r in rows if r.position % 2 == 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.sampled_from(list(Suit)), st.data())
def test_relations_sum_to_the_totals(cards: int, punter: Suit, data: st.DataObject) -> None:
    copy_suits = data.draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=cards))
    o = odds_of(Deal(cards, len(copy_suits), Card("7", punter), tuple(copy_suits)))
    rows = o.by_relation
    assert rows is not None
    assert sum(r.killed for r in rows) == o.killed
    assert sum(r.plie for r in rows) == o.plie
    assert sum(r.given for r in rows) == o.given


# --- the record ---------------------------------------------------------------------------

FIVE = odds(cards=5, copies=2, card="7h", suits="hs")


def test_the_record_of_a_small_deck() -> None:
    # No scheme is the classic one: its measures and distribution are in the record.
    record = FIVE.to_dict(by_abzug=True)
    measures = ("edge", "variance", "action", "expected_abzugs", "edge_per_action",
                "edge_per_abzug")  # fmt: skip
    assert record["distribution"] == [
        {"value": "-1", "probability": "3/5"},
        {"value": "1", "probability": "2/5"},
    ]
    assert (record["edge"], record["variance"], record["action"]) == ("1/5", "24/25", "1")
    core = {k: v for k, v in record.items() if k not in (*measures, "distribution")}
    core["float"] = {k: v for k, v in record["float"].items() if k not in measures}
    assert core == {
        "cards": 5,
        "copies": 2,
        "one_deck": False,
        "card": "7♥",
        "scheme": "classic",
        "banker": "3/5",
        "punter": "2/5",
        "null": "0",
        "killed": "2/5",
        "plie": "1/5",
        "given": "2/5",
        "ev": "-1/5",
        "float": {
            "banker": 0.6,
            "punter": 0.4,
            "null": 0.0,
            "killed": 0.4,
            "plie": 0.2,
            "given": 0.4,
            "ev": -0.2,
        },
        "by_relation": [
            {"relation": "colour", "killed": "1/5", "plie": "1/10", "given": "1/5"},
            {"relation": "plain", "killed": "1/5", "plie": "1/10", "given": "1/5"},
        ],
        "by_abzug": [
            {"abzug": 1, "killed": "3/10", "plie": "1/10", "given": "3/10"},
            {"abzug": 2, "killed": "1/10", "plie": "1/10", "given": "1/10"},
            {"abzug": 3, "killed": "0", "plie": "0", "given": "0"},
        ],
    }
    # The banker's card per abzug (killed or plié): 4, 2 and 0 of the C(5, 2) = 10 sets.
    lobs = [row.killed + row.plie for row in FIVE.by_abzug]
    assert lobs == [Fraction(2, 5), Fraction(1, 5), 0] == [row.banker for row in FIVE.by_abzug]
    plain = odds().to_dict()
    assert "by_abzug" not in plain and "by_relation" not in plain
    assert plain["card"] is None and plain["scheme"] == "classic"
    assert plain["distribution"] and plain["edge"] == "33/833"


def test_the_record_under_a_scheme() -> None:
    o = odds(cards=4, copies=2, scheme="pharaon")
    record = o.to_dict()
    assert list(record) == [
        "cards", "copies", "one_deck", "card", "scheme", "banker", "punter", "null",
        "killed", "plie", "given", "ev", "edge", "variance", "action", "expected_abzugs",
        "edge_per_action", "edge_per_abzug", "float", "distribution",
    ]  # fmt: skip
    assert record["scheme"] == "pharaon"
    assert (record["ev"], record["edge"], record["variance"]) == ("-1/4", "1/4", "13/16")
    assert record["distribution"] == [
        {"value": "-1", "probability": "1/2"},
        {"value": "-1/2", "probability": "1/6"},
        {"value": "1", "probability": "1/3"},
    ]
    exact = {k: v for k, v in record.items() if k not in ("float", "distribution")}
    assert set(record["float"]) == set(exact) - {"cards", "copies", "one_deck", "card", "scheme"}
    for key, value in record["float"].items():
        assert value == float(Fraction(record[key])), key


def test_the_record_of_a_faro_deck_is_the_deck_as_shuffled() -> None:
    o = odds(deck=52, scheme="faro")
    assert (o.cards, o.copies) == (52, 4)
    assert (o.as_played.cards, o.as_played.copies) == (51, 4)  # after the soda
    assert o.as_shuffled == Deal(52, 4)
    record = o.to_dict()
    assert (record["cards"], record["copies"], record["scheme"]) == (52, 4, "faro")
    # The soda is a card of another rank: the kinds are those of the 51 cards after it.
    after = odds(cards=51, copies=4)
    assert (o.killed, o.plie, o.given) == (after.killed, after.plie, after.given)


def test_the_json_is_the_record() -> None:
    for o in (FIVE, odds(scheme="pharaon"), odds(deck=36, one_deck=True, card="7h")):
        assert json.loads(o.to_json()) == o.to_dict()
    assert FIVE.by_abzug[0].to_dict() == {
        "abzug": 1, "killed": "3/10", "plie": "1/10", "given": "3/10",
    }  # fmt: skip


def test_repr_shows_the_numbers() -> None:
    # One line of at most 200 characters: the numbers in the record's order (None left
    # out), as many as fit, then "…".
    shown = repr(odds())
    assert shown == (
        "Odds(cards=52, copies=4, one_deck=False, scheme=classic, banker=433/833, "
        "punter=400/833, null=0, killed=400/833, plie=33/833, given=400/833, ev=-33/833, "
        "edge=33/833, variance=692800/693889, …)"
    )
    assert len(shown) <= 200


def test_one_vocabulary() -> None:
    # One name per idea: no "none" beside "null", no "punter" in an abzug row.
    o = odds()
    assert not hasattr(o, "none")
    assert not hasattr(o.by_abzug[0], "punter")
    assert not hasattr(
        AbzugOdds(abzug=1, killed=Fraction(0), plie=Fraction(0), given=Fraction(0)), "punter"
    )
    assert o.scheme_result == o.under("classic")
    with pytest.raises(AttributeError):
        o.punter = Fraction(1)  # type: ignore[misc]


# --- published figures --------------------------------------------------------------------


def test_two_deck_52() -> None:
    o = odds(deck=52)
    assert o.banker == Fraction(433, 833)
    assert o.plie == Fraction(33, 833)
    assert o.punter == o.given == Fraction(400, 833)
    assert o.killed == Fraction(400, 833)
    assert o.null == 0
    assert o.ev == Fraction(-33, 833)
    assert odds(cards=52, copies=4) == o


def test_winning_the_sonik() -> None:
    first = odds(deck=52).by_abzug[0]
    assert first.abzug == 1
    assert first.given == Fraction(16, 221)
    assert odds(deck=52).by_position[1].given == Fraction(16, 221)


def test_two_deck_36() -> None:
    assert odds(deck=36).punter == Fraction(544, 1155)


def test_one_deck_36() -> None:
    o = odds(deck=36, one_deck=True)
    assert (o.cards, o.copies) == (35, 3)
    assert o.punter == Fraction(184, 385)


def test_pharaon_at_52() -> None:
    # Two decks: 52 cards, n even, the last pair is the 51st and 52nd cards.
    o = odds(deck=52, scheme="pharaon")
    assert o.ev == Fraction(-33, 1666)
    assert o.scheme_result is not None and o.scheme_result.edge == Fraction(33, 1666)
    assert (o.banker, o.punter, o.null) == (Fraction(433, 833), Fraction(400, 833), 0)
    # One deck: 51 cards, n odd; the last card is alone, so no doublet costs the whole stake.
    one = odds(deck=52, one_deck=True, scheme="pharaon")
    assert (one.cards, one.copies) == (51, 3)
    assert one.ev == Fraction(-25, 1666)
    assert one.banker + one.punter + one.null == 1


def test_eleven_at_52() -> None:
    # Killed at eleven, or a plié whose lob is the eleventh card, is paid +1.
    o = odds(deck=52, scheme="eleven")
    assert o.ev == Fraction(163, 4165)
    at_eleven = o.by_position[10]
    assert at_eleven.position == 11
    turned = at_eleven.killed + at_eleven.plie
    assert o.banker == Fraction(433, 833) - turned
    assert o.punter == Fraction(400, 833) + turned
    assert o.ev == Fraction(-33, 833) + 2 * turned


def test_faro_at_52() -> None:
    f = odds(deck=52, scheme="faro")
    assert f.under("faro").ev == f.ev == Fraction(-101, 4998)
    assert not f.mixed
    before = odds(scheme=faro(soda=Soda.BEFORE))
    assert before.mixed and before.ev == Fraction(-33, 1666)
    assert before.banker + before.punter + before.null == 1


def test_a_billion_cards_eight_copies() -> None:
    o = odds(cards=10**9, copies=8)
    assert o.killed + o.plie + o.given == 1
    assert o.banker + o.punter + o.null == 1
    assert o.banker - o.punter == o.plie
    assert 0 < o.plie < Fraction(1, 10**8)


# --- other schemes, by name ---------------------------------------------------------------


def test_under_takes_a_scheme_or_a_name() -> None:
    o = odds()
    assert o.under("faro").edge == Fraction(101, 4998)
    assert o.under("фараон").ev == o.under(scheme_named("pharaon")).ev == Fraction(-33, 1666)
    with pytest.raises(ShtossError, match="unknown scheme 'nope'"):
        o.under("nope")
    with pytest.raises(ShtossError, match=r"scheme=3 .*allowed a Scheme, a built-in name"):
        o.under(3)  # type: ignore[arg-type]


def test_odds_take_a_russian_name() -> None:
    assert odds(scheme="фараон").to_dict() == odds(scheme="pharaon").to_dict()
    assert odds(scheme="В лоб полкуша").ev == odds(scheme="lob-half").ev


def test_thirds_need_the_suits() -> None:
    with pytest.raises(ShtossError, match="needs the suits"):
        odds(scheme="thirds")
    assert odds(scheme="thirds", card="7h").ev == Fraction(-11, 476)


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"deck": 40}, "40"),
        ({"deck": True}, "True"),
        ({"cards": -1}, "-1"),
        ({"copies": -3}, "-3"),
        ({"cards": 3, "copies": 4}, "copies=4"),
        ({"cards": "ten"}, "'ten'"),
        ({"copies": 2.5}, "2.5"),
        ({"card": "1h"}, "'1h'"),
        ({"card": "7x"}, "'7x'"),
        ({"deck": 32, "card": "6h"}, "6♥"),
        ({"cards": 10, "copies": 3, "card": "7h", "suits": "sh"}, "2 suits"),
        ({"cards": 10, "copies": 3, "suits": "shc"}, "no punter's card"),
        ({"deck": 36, "cards": 3, "one_deck": True}, "copies=4 is more than cards=3"),
        ({"cards": 10, "copies": 3, "card": "7h", "suits": "shz"}, "'z'"),
        ({"one_deck": True, "cards": 0}, "copies=4 is more than cards=0"),
        ({"one_deck": True, "copies": 0}, "copies=0 in a one-deck game"),
        ({"scheme": "whist"}, "'whist'"),
        ({"scheme": 7}, "scheme=7"),
        ({"scheme": "faro", "cards": 3, "copies": 3}, "got 3 copies in a banker's deck of 3 cards"),
        ({"scheme": "faro", "cards": 0, "copies": 0}, "1 card or more"),
    ],
)
def test_bad_set_ups_are_refused(kwargs: dict[str, object], named: str) -> None:
    with pytest.raises(ShtossError) as caught:
        odds(**kwargs)  # type: ignore[arg-type]
    assert named in str(caught.value)
    assert "\n" not in str(caught.value)


def test_too_costly_summary_is_refused_up_front() -> None:
    with pytest.raises(ShtossError, match=r"cards=10000000 with copies=5000000") as caught:
        odds(cards=10**7, copies=5 * 10**6)
    assert f"the limit of {MAX_DECK_SECONDS:g} s" in str(caught.value)
    with pytest.raises(ShtossError, match=r"cards=10000000 with copies=5000000"):
        odds(cards=10**7, copies=5 * 10**6, scheme="pharaon")


def test_too_large_table_is_refused() -> None:
    o = odds(cards=MAX_TABLE_ROWS + 1, copies=2)
    assert o.banker + o.punter == 1  # the summary is fine
    with pytest.raises(ShtossError, match=f"cards={MAX_TABLE_ROWS + 1}"):
        _ = o.by_abzug
    with pytest.raises(ShtossError, match=f"cards={MAX_TABLE_ROWS + 1}"):
        _ = o.by_position


def soda_before_brute(cards: int, copies: int) -> dict[int, list[Fraction]]:
    """Every set of the copies' places in the deck as shuffled; card 1 is the soda
    (dead, of any rank), the bet is played on cards 2..n: position p of that deck is
    card p + 1. By position of the deck played on: [killed, plié, given]."""
    rows = {p: [Fraction(0)] * 3 for p in range(1, cards)}
    sets = list(combinations(range(1, cards + 1), copies))
    for places in sets:
        after = sorted(place - 1 for place in places if place > 1)
        if not after:
            continue
        first = after[0]
        kind = 2 if first % 2 == 0 else 1 if first + 1 in after else 0
        rows[first][kind] += Fraction(1, len(sets))
    return rows


@pytest.mark.parametrize(("cards", "copies"), [(n, m) for n in range(1, 10) for m in range(n + 1)])
def test_tables_before_the_soda_is_seen_match_brute_force(cards: int, copies: int) -> None:
    brute = soda_before_brute(cards, copies)
    before = odds_of(Deal(cards, copies), scheme=faro(soda=Soda.BEFORE))
    positions = [(r.position, [r.killed, r.plie, r.given]) for r in before.by_position]
    assert positions == list(brute.items())
    zero = [Fraction(0)] * 3
    abzugs = [
        (j, brute[2 * j - 1][0], brute[2 * j - 1][1], brute.get(2 * j, zero)[2])
        for j in range(1, cards // 2 + 1)
    ]
    rows = [(r.abzug, r.killed, r.plie, r.given) for r in before.by_abzug]
    assert rows == abzugs
    assert [before.at_abzug(j) for j in range(1, len(rows) + 1)] == list(before.by_abzug)
    assert sum(r.killed for r in before.by_abzug) == before.killed
    assert sum(r.given for r in before.by_abzug) == before.given


def test_tables_before_the_soda_is_seen() -> None:
    before = odds(scheme=faro(soda=Soda.BEFORE))
    assert before.by_relation is None
    # After a soda of any rank the 51 cards are a random 51 of the 52: position p of
    # them is card p + 1 of the deck, so the sonik of abzug 1 wins 48/52 * 4/51.
    assert len(before.by_abzug) == 26 and len(before.by_position) == 51
    assert before.by_abzug[0].given == Fraction(48, 52) * Fraction(4, 51) == Fraction(16, 221)
    assert before.to_dict(by_abzug=True)["by_abzug"][0]["given"] == "16/221"


# --- one question, its set-up derived once --------------------------------------------


@pytest.fixture
def setup_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts of the set-up steps of one question: the decks played on derived
    (``played_deals``), guarded (``check_deal``), counted (``kind_counts``), and the
    scheme normalised (``chosen_scheme``, which reads a file through ``as_scheme``),
    wherever they are called from."""
    import shtoss_exact.bet.measures as measures
    import shtoss_exact.bet.odds as odds_module
    import shtoss_exact.engine as engine
    import shtoss_exact.schemes.files as files
    import shtoss_exact.schemes.scheme as scheme_module
    import shtoss_exact.schemes.settlement as settlement

    calls = {"played_deals": 0, "check_deal": 0, "kind_counts": 0, "as_scheme": 0}

    def counted(name: str, function: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return function(*args, **kwargs)

        return call

    played_deals = scheme_module.Scheme.played_deals
    monkeypatch.setattr(scheme_module.Scheme, "played_deals", counted("played_deals", played_deals))
    for module in (engine, measures, settlement, odds_module):
        for name in ("check_deal", "kind_counts", "kind_counts_of", "chosen_scheme"):
            if hasattr(module, name):
                key = {"kind_counts_of": "kind_counts", "chosen_scheme": "as_scheme"}.get(
                    name, name
                )
                monkeypatch.setattr(module, name, counted(key, getattr(module, name)))
    monkeypatch.setattr(files, "as_scheme", counted("as_scheme", files.as_scheme))
    odds_module._late.cache_clear()  # the schemes' entries taken afresh: the counted ones
    yield calls
    odds_module._late.cache_clear()


DEFAULT_SET_UP = {"played_deals": 0, "check_deal": 1, "kind_counts": 1, "as_scheme": 1}
"""The default question's set-up: the classic scheme (normalised once, by the module)
plays the deck as shuffled, so no deck played on is derived; it is guarded and counted
once."""


def test_the_default_question_derives_its_set_up_once(setup_calls: dict[str, int]) -> None:
    record = odds().to_dict()  # every measure asked for, the scheme's too
    assert record["punter"] == "400/833" and record["edge_per_abzug"] == "55/7719"
    assert setup_calls == DEFAULT_SET_UP


def test_the_default_command_derives_its_set_up_once(
    setup_calls: dict[str, int], shtoss: Any
) -> None:
    ran = shtoss("odds", "--format", "json")
    assert ran.status == 0 and json.loads(ran.stdout)["banker"] == "433/833"
    assert setup_calls == DEFAULT_SET_UP


def test_a_soda_not_yet_seen_counts_each_deck_once(setup_calls: dict[str, int]) -> None:
    # Two decks after the soda (all copies, or one fewer): each guarded and counted once.
    result = odds(scheme=faro(soda=Soda.BEFORE))
    _ = result.to_dict()
    # normalised: the classic scheme (taken once by the module) and the one asked for
    assert setup_calls == {"played_deals": 1, "check_deal": 2, "kind_counts": 2, "as_scheme": 2}


# --- the default question's short ways against the general ones ---------------------------


def _by_the_general_way(deal: Deal) -> Odds:
    """``odds_of(deal)`` through the general set-up: the classic scheme named, its decks
    played on derived by ``played_decks`` and guarded there."""
    return odds_of(deal, scheme=scheme_named("classic"))


_deals = st.one_of(
    st.integers(0, 300).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.tuples(st.integers(10**6, 10**30), st.integers(0, 12)),
).map(lambda shape: Deal(*shape))


@settings(max_examples=80, deadline=None)
@given(_deals)
def test_the_classic_short_way_is_the_general_one(deal: Deal) -> None:
    short, general = odds_of(deal), _by_the_general_way(deal)
    for name in ("as_played", "as_shuffled", "counts", "scheme", "by_kind", "played"):
        assert getattr(short, name) == getattr(general, name), name
    assert short == general and short.to_dict() == general.to_dict()
    assert (short.banker, short.plie, short.punter) == (general.banker, general.plie,
                                                         general.punter)  # fmt: skip


def test_the_classic_short_way_with_suits_and_one_deck_is_the_general_one() -> None:
    for deal in (
        Deal(35, 3, one_deck=True),
        Deal(51, 3, card=parse_card("7h"), copy_suits=parse_suits("shc")),
    ):
        assert odds_of(deal).to_dict() == _by_the_general_way(deal).to_dict()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1000).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_a_small_table_is_the_streamed_one(shape: tuple[int, int]) -> None:
    # The rows of a small deck made at once against those of the guarded stream.
    o = odds(cards=shape[0], copies=shape[1])
    assert o.by_abzug == tuple(o._abzug_rows(o._check_table()))
    assert all(type(row) is AbzugOdds for row in o.by_abzug)


def test_a_table_after_a_soda_not_yet_seen_takes_the_stream() -> None:
    # Two decks mixed: the rows add them over C(n + 1, m), as the stream does.
    o = odds(scheme=faro(soda=Soda.BEFORE))
    assert o.by_abzug == tuple(o._abzug_rows(o._check_table()))
    assert sum(row.given for row in o.by_abzug) == o.given
    known = odds(scheme=faro(soda=Soda.KNOWN))  # one deck, the 51 cards after the soda
    assert len(known.by_abzug) == 26
    assert known.by_abzug == tuple(known._abzug_rows(known._check_table()))
