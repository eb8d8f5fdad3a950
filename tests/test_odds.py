"""``odds()`` and ``Odds``: brute force, properties, and the published figures."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import ShtossError, odds
from shtoss_exact.deck import Card, Deal, Suit
from shtoss_exact.engine import summary_cost
from shtoss_exact.deck import make_deal
from shtoss_exact.engine import MAX_SUMMARY_COST
from shtoss_exact.odds import MAX_TABLE_ROWS, Odds, odds_of
from tests.brute import MAX_CARDS, brute_odds, brute_relations

SMALL = [(n, m) for n in range(MAX_CARDS + 1) for m in range(n + 1)]


# --- brute force, every field -------------------------------------------------------------


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_summary_matches_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    o = odds(cards=cards, copies=copies)
    assert o.killed == brute.killed
    assert o.plie == brute.plie
    assert o.punter == brute.punter == brute.given
    assert o.none == brute.none
    assert o.banker == brute.banker
    assert o.ev == brute.ev
    assert (o.cards, o.copies) == (cards, copies)


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_by_abzug_matches_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    rows = odds(cards=cards, copies=copies).by_abzug
    assert {row.abzug: (row.killed, row.plie, row.given) for row in rows} == brute.by_abzug
    assert [row.abzug for row in rows] == sorted(brute.by_abzug)
    for row in rows:
        killed, plie, given_ = brute.by_abzug[row.abzug]
        assert row.banker == killed + plie
        assert row.punter == given_


@pytest.mark.parametrize(("cards", "copies"), SMALL)
def test_by_position_matches_brute_force(cards: int, copies: int) -> None:
    brute = brute_odds(cards, copies)
    rows = odds(cards=cards, copies=copies).by_position
    assert {row.position: (row.killed, row.plie, row.given) for row in rows} == brute.by_position
    assert [row.position for row in rows] == list(range(1, cards + 1))
    assert all(row.abzug == (row.position + 1) // 2 for row in rows)


def test_odd_deck_last_abzug_is_a_lob_only() -> None:
    # Five cards, two copies: the third abzug is position 5 alone; whatever copy
    # lies there is a lone lob, and the banker wins.
    o = odds(cards=5, copies=1)
    last = o.by_abzug[-1]
    assert (last.abzug, last.killed, last.plie, last.given) == (3, Fraction(1, 5), 0, 0)
    assert o.banker == Fraction(3, 5)


def test_no_copies_means_no_decision() -> None:
    for cards in (0, 1, 7, 52):
        o = odds(cards=cards, copies=0)
        assert o.none == 1
        assert (o.banker, o.punter, o.plie, o.ev) == (0, 0, 0, 0)


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
    assert o.deal.copy_suits is not None
    assert sorted(o.deal.copy_suits) == sorted([Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS])
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
    assert o.killed + o.plie + o.punter + o.none == 1
    assert o.banker + o.punter + o.none == 1
    assert all(isinstance(p, Fraction) for p in (o.banker, o.plie, o.punter, o.none, o.ev))
    assert all(0 <= p <= 1 for p in (o.killed, o.plie, o.punter, o.none))


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
    assert sum(r.given for r in rows) == o.punter
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
    assert sum(r.given for r in rows) == o.punter
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
    assert sum(r.given for r in rows) == o.punter


# --- published figures --------------------------------------------------------------------


def test_two_deck_52() -> None:
    o = odds(deck=52)
    assert o.banker == Fraction(433, 833)
    assert o.plie == Fraction(33, 833)
    assert o.punter == Fraction(400, 833)
    assert o.killed == Fraction(400, 833)
    assert o.none == 0
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


def test_a_billion_cards_eight_copies() -> None:
    o = odds(cards=10**9, copies=8)
    assert o.killed + o.plie + o.punter + o.none == 1
    assert o.banker - o.punter == o.plie
    assert 0 < o.plie < Fraction(1, 10**8)


# --- make_deal and refusals ---------------------------------------------------------------


def test_make_deal_presets() -> None:
    assert make_deal() == Deal(52, 4)
    assert make_deal(deck=36) == Deal(36, 4)
    assert make_deal(deck=32, one_deck=True) == Deal(31, 3, one_deck=True)
    assert make_deal(deck=36, cards=20, copies=2) == Deal(20, 2)


def test_make_deal_with_a_card_fixes_the_suits() -> None:
    deal = make_deal(deck=36, one_deck=True, card="7h")
    assert deal.card == Card("7", Suit.HEARTS)
    assert deal.copy_suits == (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)
    two = make_deal(card="Дп")
    assert two.copy_suits == (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
    custom = make_deal(cards=10, copies=2, card="7h", suits="sd")
    assert custom.copy_suits == (Suit.SPADES, Suit.DIAMONDS)


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
        ({"deck": 36, "cards": 3, "one_deck": True}, "one-deck game of cards=3"),
        ({"cards": 10, "copies": 3, "card": "7h", "suits": "shz"}, "'z'"),
        ({"one_deck": True, "cards": 0}, "cards >= 1"),
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
    assert f"{MAX_SUMMARY_COST:.0e}" in str(caught.value)


def test_the_summary_limit_is_the_cost_estimate() -> None:
    # The smallest number of copies of a million cards whose estimate passes the limit.
    cards, low, high = 10**6, 1, 5 * 10**5
    while low < high:
        mid = (low + high) // 2
        low, high = (mid + 1, high) if summary_cost(cards, mid) <= MAX_SUMMARY_COST else (low, mid)
    assert summary_cost(cards, low - 1) <= MAX_SUMMARY_COST < summary_cost(cards, low)
    with pytest.raises(ShtossError, match=f"cards={cards} with copies={low} needs about"):
        odds(cards=cards, copies=low)


def test_too_large_table_is_refused() -> None:
    o = odds(cards=MAX_TABLE_ROWS + 1, copies=2)
    assert o.banker + o.punter == 1  # the summary is fine
    with pytest.raises(ShtossError, match=f"cards={MAX_TABLE_ROWS + 1}"):
        _ = o.by_abzug
    with pytest.raises(ShtossError, match=f"cards={MAX_TABLE_ROWS + 1}"):
        _ = o.by_position
