"""Suit relations, presets and deal set-ups (``Deal``, ``make_deal``)."""

from __future__ import annotations

import pytest

from shtoss_exact import ShtossError, cards, deck
from shtoss_exact.cards import Card, Suit
from shtoss_exact.deck import (
    PRESETS,
    Deal,
    SuitCounts,
    SuitRelation,
    default_copy_suits,
    make_deal,
    suit_relation,
)

S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS


@pytest.mark.parametrize(
    ("punter", "deciding", "relation"),
    [
        (S, S, SuitRelation.COLOUR),
        (S, C, SuitRelation.HALF_COLOUR),
        (S, H, SuitRelation.PLAIN),
        (S, D, SuitRelation.PLAIN),
        (C, S, SuitRelation.HALF_COLOUR),
        (C, C, SuitRelation.COLOUR),
        (C, H, SuitRelation.PLAIN),
        (C, D, SuitRelation.PLAIN),
        (H, S, SuitRelation.PLAIN),
        (H, C, SuitRelation.PLAIN),
        (H, H, SuitRelation.COLOUR),
        (H, D, SuitRelation.HALF_COLOUR),
        (D, S, SuitRelation.PLAIN),
        (D, C, SuitRelation.PLAIN),
        (D, H, SuitRelation.HALF_COLOUR),
        (D, D, SuitRelation.COLOUR),
    ],
)
def test_suit_relation(punter: Suit, deciding: Suit, relation: SuitRelation) -> None:
    assert suit_relation(punter, deciding) is relation


def test_suit_counts() -> None:
    counts = SuitCounts.of(H, (H, D, S, C, D))
    assert (counts.colour, counts.half_colour, counts.plain) == (1, 2, 2)
    assert counts.total == 5
    assert [counts[r] for r in SuitRelation] == [1, 2, 2]


def test_presets() -> None:
    assert sorted(PRESETS) == [32, 36, 52]
    for size, ranks in PRESETS.items():
        assert len(ranks) * 4 == size
        assert ranks[-1] == "A"
    assert PRESETS[52][0] == "2"
    assert PRESETS[36][0] == "6"
    assert PRESETS[32][0] == "7"


def test_default_copy_suits() -> None:
    seven = Card("7", H)
    assert default_copy_suits(copies=4, card=seven, one_deck=False) == (S, C, H, D)
    assert default_copy_suits(copies=8, card=seven, one_deck=False) == (S, S, C, C, H, H, D, D)
    assert default_copy_suits(copies=3, card=seven, one_deck=True) == (S, C, D)
    assert default_copy_suits(copies=7, card=seven, one_deck=True) == (S, S, C, C, H, D, D)
    assert default_copy_suits(copies=3, card=seven, one_deck=False) is None
    assert default_copy_suits(copies=4, card=seven, one_deck=True) is None
    assert default_copy_suits(copies=0, card=seven, one_deck=False) is None


def test_deal() -> None:
    deal = Deal(52, 4, Card("7", H), (S, C, H, D))
    assert deal.suit_counts == SuitCounts(1, 1, 2)
    assert Deal(52, 4).suit_counts is None
    assert Deal(52, 4, Card("7", H)).suit_counts is None
    assert Deal(0, 0).copies == 0


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((-1, 0), "cards must be >= 0, got -1"),
        ((5, -2), "copies must be >= 0, got -2"),
        ((3, 4), "copies=4 is more than cards=3"),
        ((5.0, 2), "cards must be a whole number, got 5.0"),
        ((True, 0), "cards must be a whole number, got True"),
        ((5, "2"), "copies must be a whole number, got '2'"),
    ],
)
def test_bad_deals_are_refused(args: tuple[object, object], named: str) -> None:
    with pytest.raises(ShtossError) as caught:
        Deal(*args)  # type: ignore[arg-type]
    assert named in str(caught.value)


def test_one_suit_per_copy() -> None:
    with pytest.raises(ShtossError, match="3 suits given for copies=2"):
        Deal(10, 2, Card("7", H), (S, S, S))


# --- make_deal: the set-up of one bet -----------------------------------------------------


def test_make_deal_presets() -> None:
    assert make_deal() == Deal(52, 4)
    assert make_deal(deck=36) == Deal(36, 4)
    assert make_deal(deck=32, one_deck=True) == Deal(31, 3, one_deck=True)
    assert make_deal(deck=36, cards=20, copies=2) == Deal(20, 2)
    assert make_deal(cards=0, copies=0) == Deal(0, 0)


def test_make_deal_with_a_card_fixes_the_suits() -> None:
    deal = make_deal(deck=36, one_deck=True, card="7h")
    assert deal.card == Card("7", H)
    assert deal.copy_suits == (S, C, D)
    two = make_deal(card="Дп")
    assert two.copy_suits == (S, C, H, D)
    custom = make_deal(cards=10, copies=2, card="7h", suits="sd")
    assert custom.copy_suits == (S, D)
    assert make_deal(card=Card("7", H)) == make_deal(card="7♥")
    # A composition no standard deck fixes leaves the suits unknown.
    assert make_deal(cards=10, copies=3, card="7h").copy_suits is None


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"deck": 40}, "unknown deck 40: allowed decks are 52, 36, 32"),
        ({"deck": True}, "unknown deck True"),
        ({"cards": -1}, "cards must be >= 0, got -1"),
        ({"copies": -3}, "copies must be >= 0, got -3"),
        ({"cards": 3, "copies": 4}, "copies=4 is more than cards=3"),
        ({"cards": "ten"}, "cards must be a whole number, got 'ten'"),
        ({"copies": 2.5}, "copies must be a whole number, got 2.5"),
        ({"copies": False}, "copies must be a whole number, got False"),
        ({"card": "1h"}, "'1h'"),
        ({"deck": 32, "card": "6h"}, "card 6♥ is not in the 32-card deck: allowed ranks 7..A"),
        ({"cards": 10, "copies": 3, "card": "7h", "suits": "sh"}, "2 suits given for copies=3"),
        ({"cards": 10, "copies": 3, "suits": "shc"}, "no punter's card"),
        ({"deck": 36, "cards": 3, "one_deck": True}, "copies=4 is more than cards=3"),
        ({"one_deck": True, "copies": 0}, "copies=0 in a one-deck game"),
        ({"copies": 5}, "copies=5 in the preset 52-card deck"),
        ({"one_deck": True, "cards": 0}, "copies=4 is more than cards=0"),
    ],
)
def test_bad_set_ups_are_refused(kwargs: dict[str, object], named: str) -> None:
    with pytest.raises(ShtossError) as caught:
        make_deal(**kwargs)  # type: ignore[arg-type]
    assert named in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_cards_are_importable_from_the_deck_too() -> None:
    # The cards and their spelling live in ``cards``; the deck's module names them too.
    for name in ("RANKS_52", "Card", "Suit", "parse_card", "parse_rank", "parse_suit",
                 "parse_suits"):  # fmt: skip
        assert getattr(deck, name) is getattr(cards, name), name
    assert set(deck.__all__) <= set(dir(deck))
