"""Cards and their spelling: ``parse_card``, ``parse_rank``, ``parse_suit``, ``parse_suits``."""

from __future__ import annotations

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.cards import Card, Suit, parse_card, parse_rank, parse_suit, parse_suits

S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("7h", Card("7", H)),
        ("7♥", Card("7", H)),
        ("7♡", Card("7", H)),
        ("10D", Card("10", D)),
        ("10♦", Card("10", D)),
        ("QS", Card("Q", S)),
        ("qs", Card("Q", S)),
        ("A♠", Card("A", S)),
        ("2c", Card("2", C)),
        ("Jc", Card("J", C)),
        ("K♣", Card("K", C)),
        ("Дп", Card("Q", S)),  # дама пик
        ("Вч", Card("J", H)),  # валет червей
        ("Кб", Card("K", D)),  # король бубен
        ("Тт", Card("A", C)),  # туз треф: Cyrillic Т is the ace
        ("тт", Card("A", C)),
        ("Th", Card("10", H)),  # Latin T is the ten
        ("th", Card("10", H)),
        (" 9s ", Card("9", S)),
        ("7\u2665\ufe0f", Card("7", H)),  # a phone's ♥️: the emoji presentation selector
        ("10\u2666\ufe0e", Card("10", D)),  # and the text one
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "''"),
        ("7", "'7'"),
        ("1h", "'1'"),
        ("11h", "'11'"),
        ("Zh", "'Z'"),
        ("7x", "'x'"),
        ("7hh", "'7h'"),
        ("10hh", "'10hh'"),
        ("Дz", "'z'"),
    ],
)
def test_bad_cards_are_refused_by_name(text: str, named: str) -> None:
    with pytest.raises(ShtossError) as caught:
        parse_card(text)
    message = str(caught.value)
    assert message.startswith(f"unknown card {text!r}")
    assert named in message


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        *[("7", "7"), ("10", "10"), ("q", "Q"), ("J", "J"), ("a", "A")],
        *[("Д", "Q"), ("В", "J"), ("К", "K"), ("Т", "A"), ("т", "A")],  # Cyrillic
        ("T", "10"),  # Latin T is the ten
    ],
)
def test_parse_rank(text: str, rank: str) -> None:
    assert parse_rank(text) == rank


@pytest.mark.parametrize("text", ["1", "0", "11", "X", "", "Ж", "ace"])
def test_bad_ranks_are_refused_by_name(text: str) -> None:
    with pytest.raises(ShtossError, match="unknown rank") as caught:
        parse_rank(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        *[("s", S), ("♠", S), ("♤", S), ("п", S), ("spades", S), ("SPADES", S)],
        *[("c", C), ("♣", C), ("♧", C), ("т", C), ("к", C), ("clubs", C)],
        *[("h", H), ("H", H), ("♥", H), ("♡", H), ("ч", H), ("Ч", H), ("hearts", H)],
        *[("d", D), ("♦", D), ("♢", D), ("б", D), ("diamonds", D)],
    ],
)
def test_parse_suit(text: str, suit: Suit) -> None:
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["x", "", "heart", "♪", "r"])
def test_bad_suits_are_refused_by_name(text: str) -> None:
    with pytest.raises(ShtossError, match="unknown suit") as caught:
        parse_suit(text)
    assert repr(text) in str(caught.value)


def test_parse_suits() -> None:
    assert parse_suits("shc") == (S, H, C)
    assert parse_suits("♠♥♥") == (S, H, H)
    assert parse_suits("s, h d") == (S, H, D)
    assert parse_suits("") == ()
    assert parse_suits("\u2660\ufe0f\u2665\ufe0f") == (S, H)
    with pytest.raises(ShtossError, match="'q'"):
        parse_suits("sqh")


def test_suits_colours_and_symbols() -> None:
    assert [s for s in Suit if s.red] == [H, D]
    assert "".join(s.symbol for s in Suit) == "♠♣♥♦"
    assert str(Card("10", D)) == "10♦"
    assert str(parse_card("Дп")) == "Q♠"
