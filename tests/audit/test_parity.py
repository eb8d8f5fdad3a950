"""The parity audit against every arrangement of the turn cards, and hand values."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.audit.parity import audit_parity, hypergeometric, parse_class
from shtoss_exact.errors import ShtossError

DEAL = "5h 7s Kd 8c 2h 9d 7c Qs 3c"  # the soda, then four turns


def class_losers(turn_cards: tuple[str, ...], ranks: set[str]) -> int:
    return sum(1 for card in turn_cards[0::2] if card[:-1] in ranks)


@pytest.mark.parametrize("ranks", ["7", "7,8,9", "K,Q", "2,3,4,5"])
def test_the_p_value_is_that_of_every_arrangement_of_the_turn_cards(ranks: str) -> None:
    cards = tuple(DEAL.split())
    chosen = set(ranks.split(","))
    observed = class_losers(cards[1:], chosen)
    arrangements = list(permutations(cards[1:]))
    at_least = sum(1 for a in arrangements if class_losers(a, chosen) >= observed)
    audit = audit_parity(ranks, [DEAL])
    assert audit.total == observed
    assert audit.p_value == Fraction(at_least, len(arrangements))


def test_several_deals_add_up() -> None:
    one, two = "2s Kh 3d Kc 4s", "4c Ks 5d 6h 7s"
    audit = audit_parity("K", [one, two])
    # deal 1: two turns, two kings, both losers; deal 2: one king among four, a loser
    found = [(d.turns, d.class_cards, d.class_losers) for d in audit.deals]
    assert found == [(2, 2, 2), (2, 1, 1)]
    # P(total >= 3) = P(both kings of deal 1 losers) * P(the king of deal 2 a loser)
    assert audit.p_value == Fraction(1, 6) * Fraction(1, 2)


def test_the_hock_and_a_half_turn_do_not_count() -> None:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    whole = " ".join(f"{r}{s}" for s in "shdc" for r in ranks)  # A♣ the hock
    audit = audit_parity("A", [whole])
    assert audit.deals[0].turns == 25 and audit.deals[0].class_cards == 3
    assert audit_parity("7", ["5h 7s Kd 7c"]).deals[0].turns == 1  # 7c half a turn


def test_a_hand_value() -> None:
    assert hypergeometric(4, 2, 2)[Fraction(2)] == Fraction(1, 6)
    assert parse_class("9 7, д") == ("7", "9", "Q")


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 30), st.data())
def test_the_law_is_a_law(population: int, data: st.DataObject) -> None:
    marked = data.draw(st.integers(0, population))
    drawn = data.draw(st.integers(0, population))
    law = hypergeometric(population, marked, drawn)
    assert sum(law.values()) == 1
    if population:
        assert law.mean == Fraction(marked * drawn, population)


@pytest.mark.parametrize(
    ("ranks", "seen", "fragment"),
    [
        ("7,7", [DEAL], "rank 7 is given twice"),
        ("X", [DEAL], "unknown rank 'X'"),
        ("", [DEAL], "allowed 1 to 12 ranks"),
        (",".join(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]), [DEAL],
         "not all of them"),
        ("7", ["5h 5h"], "seen twice"),
        ("7", [], "0 deals seen"),
    ],
)  # fmt: skip
def test_refusals(ranks: str, seen: list[str], fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        audit_parity(ranks, seen)


def test_the_estimate_of_many_whole_deals_counts_the_whole_audit() -> None:
    # Measured: 300 whole deals take about 9 s of CPU (answered), 360 take 12.6 s; their
    # sums alone were estimated at 5.4 s and 7.8 s, under the budget both.
    from shtoss_exact.audit.parity import _cost
    from shtoss_exact.limits import MAX_SECONDS

    law = hypergeometric(50, 12, 25)
    assert _cost([law] * 300).seconds < MAX_SECONDS < _cost([law] * 360).seconds


def test_an_ended_deal_is_read_as_every_seen_is() -> None:
    from shtoss_exact.deck import RANKS_52

    whole = " ".join(f"{rank}{suit}" for suit in "shdc" for rank in RANKS_52)
    assert audit_parity("7", [whole + " |"]) == audit_parity("7", [whole])
    with pytest.raises(ShtossError, match=r"the deal is over \('\|'\) with 3 of 52 cards"):
        audit_parity("7", ["5h Ks 5d |"])
