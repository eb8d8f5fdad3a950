"""The audit kept live in the case record (``shtoss_exact.audit.live``): the splits so far
against every way the first turns can fall, and the whole deal against ``audit splits``."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from shtoss_exact.audit.law import fair_splits
from shtoss_exact.audit.live import live_audit, splits_so_far
from shtoss_exact.audit.splits import upper_tail
from shtoss_exact.case.query import case_record
from shtoss_exact.case.state import Case

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
DECK52 = " ".join(
    f"{r}{s}" for s in "shdc" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                        "K", "A")
)  # fmt: skip


def first_turns_law(turns: int) -> dict[int, Fraction]:
    """The splits in the first ``turns`` turns after a soda 7 of a 32-card deck: every
    sequence of ranks, weighted by the copies it draws (independent of the code)."""
    law: dict[int, Fraction] = {}
    for ranks in product(RANKS, repeat=2 * turns):
        left = {r: 4 for r in RANKS}
        left["7"] -= 1
        weight, cards = Fraction(1), 31
        for rank in ranks:
            weight *= Fraction(left[rank], cards)
            left[rank] -= 1
            cards -= 1
        if weight:
            splits = sum(ranks[2 * i] == ranks[2 * i + 1] for i in range(turns))
            law[splits] = law.get(splits, Fraction(0)) + weight
    return law


@pytest.mark.parametrize("turns", [1, 2])
def test_the_splits_so_far_are_every_way_counted(turns: int) -> None:
    law = first_turns_law(turns)
    # A deal whose first turns are all splits, then one whose are none.
    pairs = ["8s 8h", "9s 9h"][:turns]
    singles = ["8s 9h", "10s Jh"][:turns]
    for turn_cards, observed in ((pairs, turns), (singles, 0)):
        case = Case.from_seen(" ".join(["7s", *turn_cards]), game="faro", deck=32)
        splits, p_value = splits_so_far(case)
        assert splits == observed
        assert p_value == sum((p for k, p in law.items() if k >= observed), Fraction(0))


def test_the_whole_deal_is_the_splits_audit_of_one_deal() -> None:
    seen = DECK52 + " |"  # 2s, then 3s 4s, ...: no split
    record = live_audit(Case.from_seen(seen, game="faro"), seen)
    assert record["complete"] is True and record["splits"] == 0
    assert Fraction(record["p_value"]) == upper_tail(fair_splits(), 0) == 1
    assert record["verdict"].startswith("the deal is whole: 52 cards seen once, the hock A♣;")
    paired = "2s 3s 3h 4s 4h" + DECK52.replace("2s 3s 4s", "").replace("3h 4h", "") + " |"
    done = live_audit(Case.from_seen(paired, game="faro"), paired)
    assert done["splits"] >= 2
    assert Fraction(done["p_value"]) == upper_tail(fair_splits(), done["splits"])


def test_the_case_record_holds_it_with_the_cards_seen() -> None:
    record = case_record(seen="5h Ks Kd 9c 2s")
    audit = record["audit"]
    assert (audit["splits"], audit["complete"]) == (1, False)
    assert audit["verdict"].startswith("so far 1 split in 2 turns, p-value ")
    # 51 cards after the soda: a turn is a split in (12·4·3 + 3·2) of 51·50 pairs.
    assert Fraction(audit["p_value"]) > Fraction(150, 51 * 50)
    assert "audit" not in case_record(case="*:0,7:2,K:1")
    fresh = case_record(seen="")["audit"]
    assert (fresh["splits"], fresh["p_value"]) == (0, "1")
