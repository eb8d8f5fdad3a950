"""Putting up splits (``shtoss_exact.cheat.splits``): the law of the number of splits
against every layout of small decks, the fair mean in closed form, and the banker's
take under every-rank against ``case --pattern every-rank``."""

from __future__ import annotations

from fractions import Fraction
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.audit.law import stacked_splits as audit_law
from shtoss_exact.case.state import Case
from shtoss_exact.cheat.splits import split_counts, stacked_splits
from shtoss_exact.errors import ShtossError
from tests.oracles import crooked

SMALL = [  # (case text, the copies left of its ranks, turns, soda due)
    ("*:0,7:4,K:3", {"7": 4, "K": 3}),
    ("*:0,7:4,K:2,Q:1", {"7": 4, "K": 2, "Q": 1}),
    ("*:0,7:4,K:4,Q:1", {"7": 4, "K": 4, "Q": 1}),
    ("*:0,7:2,K:2,Q:2,J:1", {"7": 2, "K": 2, "Q": 2, "J": 1}),
]


@pytest.mark.parametrize(("text", "left"), SMALL)
@pytest.mark.parametrize("stacked", [0, 1, 2])
def test_the_law_is_every_layout_counted(text: str, left: dict[str, int], stacked: int) -> None:
    full = tuple(rank for rank, count in left.items() if count == 4)
    if stacked > len(full):
        with pytest.raises(ShtossError, match="allowed at most"):
            stacked_splits(stacked, case=text)
        return
    got = stacked_splits(stacked, case=text)
    expected = crooked.stacked_split_counts(left, singles_before=0, stacked=full[:stacked])
    assert dict(got.splits.items()) == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=6), st.integers(0, 12))
def test_the_fair_mean_is_turns_times_a_pair(left: list[int], turns: int) -> None:
    cards = sum(left)
    turns = min(turns, cards // 2)
    counts = split_counts(left, turns)
    total = sum(counts.values())
    assert total == factorial(cards)
    mean = Fraction(sum(j * c for j, c in counts.items()), total)
    pairs = sum(c * (c - 1) for c in left)
    assert mean == (Fraction(turns * pairs, cards * (cards - 1)) if cards > 1 else 0)


def test_a_fresh_faro_deal() -> None:
    fair = stacked_splits(0)
    assert (fair.turns_left, fair.mean) == (25, Fraction(25, 17))  # 25 * 13*4*3 / (52*51)
    # One pair put up, the soda of another rank: 24 fair turns of the other 49 cards,
    # eleven ranks of four, the soda's of three, the stacked one of two.
    assert stacked_splits(1).mean == 1 + Fraction(24 * (11 * 12 + 6 + 2), 49 * 48)


@pytest.mark.parametrize("deck", [52, 36, 32])
def test_from_the_start_it_is_the_audits_law(deck: int) -> None:
    # The audit's law is held to every order of small decks (tests/audit/test_law.py);
    # the soda to come is of a rank not put up in both.
    ranks = deck // 4
    for stacked in range(ranks):
        assert stacked_splits(stacked, deck=deck).splits == audit_law(
            stacked, ranks=ranks, copies=4
        )
    with pytest.raises(ShtossError, match=f"allowed at most {ranks - 1}"):
        stacked_splits(ranks, deck=deck)


@pytest.mark.parametrize("game", ["faro", "stuss"])
@pytest.mark.parametrize("seen", [None, "5h Ks 5d", "5h Ks 5d 9c 2s"])
def test_no_stacked_pair_is_the_whole_deal_of_case(game: str, seen: str | None) -> None:
    deal = Case.from_seen(seen or "", game=game).deal("every-rank").to_dict()["banker_net"]
    expected = {Fraction(row["value"]): Fraction(row["probability"]) for row in deal}
    got = stacked_splits(0, game=game, seen=seen, pattern="every-rank").banker_take
    assert got is not None and dict(got.items()) == expected


def test_refusals() -> None:
    with pytest.raises(ShtossError, match="stacked=-1"):
        stacked_splits(-1)
    with pytest.raises(ShtossError, match="allowed every-rank"):
        stacked_splits(1, pattern="case-cards")
    with pytest.raises(ShtossError, match="allowed faro or stuss"):
        stacked_splits(1, game="pharaon", pattern="every-rank")
