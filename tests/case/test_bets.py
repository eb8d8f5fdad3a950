"""A bet's row is written from its exact odds once, and shared: it never changes."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from shtoss_exact.case.bets import CardOdds
from shtoss_exact.case.state import Case


def test_the_texts_of_odds_are_their_exact_values() -> None:
    odds = CardOdds(win=Fraction(3, 8), lose=Fraction(1, 2), split=Fraction(1, 8),
                    action=Fraction(7, 8), ev=Fraction(-3, 16))  # fmt: skip
    assert dict(odds.texts) == {
        "win": "3/8",
        "lose": "1/2",
        "split": "1/8",
        "dead": "0",
        "action": "7/8",
        "ev": "-3/16",
        "edge": "3/16",
        "edge_per_action": "3/14",  # (3/16) / (7/8)
    }
    assert CardOdds(dead=Fraction(1)).texts["edge_per_action"] is None


def test_a_bets_row_is_shared_and_never_changed() -> None:
    bet = Case.from_seen("5h Ks 5d", game="faro").bet("5", kind="one-turn")
    row = bet.to_dict()
    with pytest.raises(TypeError, match="never changed"):
        row["ev"] = "changed"
    with pytest.raises(TypeError, match="never changed"):
        row.update(ev="changed")
    copy = dict(row)
    copy["ev"] = "changed"
    assert bet.to_dict()["ev"] == "-1/2352"  # 95/1176 of action at an edge of 1/190
    assert Fraction(bet.to_dict()["edge_per_action"]) == Fraction(1, 190)
    assert pickle.loads(pickle.dumps(row)) == row
    back = pickle.loads(pickle.dumps(bet))  # its row and texts written: pickled with it
    assert back == bet and back.to_dict() == row and back.odds.texts == bet.odds.texts
