"""The deal audit and the end-of-deal marker: a card taken unseen is always caught."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from shtoss_exact.audit.deal import audit_deal
from shtoss_exact.case.parse import split_end
from shtoss_exact.case.state import Case
from shtoss_exact.errors import ShtossError

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [f"{r}{s}" for s in "shdc" for r in RANKS]


def shuffled(n: int) -> list[str]:
    cards = list(DECK)
    random.Random(n).shuffle(cards)
    return cards


def splits_by_hand(cards: list[str]) -> int:
    turns = cards[1:-1]  # the soda and the hock are no turns
    return sum(1 for i in range(0, 50, 2) if turns[i][:-1] == turns[i + 1][:-1])


@pytest.mark.parametrize("n", range(5))
def test_a_whole_deal_is_whole_with_its_splits(n: int) -> None:
    cards = shuffled(n)
    check = audit_deal(" ".join(cards) + " |")
    assert check.whole and check.p_value == 1 and not check.missing
    assert check.split_count == splits_by_hand(cards)
    record = check.to_dict()
    assert record["soda"] == str(check.seen[0]) and record["hock"] == str(check.seen[-1])


def test_every_card_taken_unseen_is_caught() -> None:
    cards = shuffled(9)
    for place in range(52):
        short = cards[:place] + cards[place + 1 :]
        check = audit_deal(" ".join(short))
        assert [str(c) for c in check.missing] == [str(audit_deal(cards[place]).seen[0])]
        assert check.p_value == Fraction(0)
        with pytest.raises(ShtossError, match="the deal is over"):
            Case.from_seen(" ".join(short) + " |", game="faro")


def test_case_reads_the_marker_the_hock_shown() -> None:
    cards = shuffled(3)
    ended = Case.from_seen(" ".join(cards) + "|", game="faro")
    before = Case.from_seen(" ".join(cards[:-1]), game="faro")
    assert ended.turns_dealt == before.turns_dealt == 25
    assert ended.left == before.left and sum(ended.left) == 1  # the hock, shown
    # Stoss (two-deck): no soda, no hock; every card in an abzug
    two = Case.from_seen(" ".join(cards) + " |", game="two-deck")
    assert two.turns_dealt == 26


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("5h | 6h", "comes after the last card, once"),
        ("5h 6h | |", "comes after the last card, once"),
        ("5h 5h |", "seen twice"),
        ("|", "none"),
    ],
)
def test_refusals(text: str, fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        audit_deal(text)


def test_the_marker_is_split_off_only_at_the_end() -> None:
    assert split_end("5h 6h |") == ("5h 6h ", True)
    assert split_end("5h 6h") == ("5h 6h", False)
