"""Every bet of a state counted once and kept (``shtoss_exact.case.counting``): each
the bet counted on its rank alone, kept with the state and shared between states."""

from __future__ import annotations

import pytest

from shtoss_exact.case import counting
from shtoss_exact.case.rules import BetKind, Side
from shtoss_exact.case.state import Case


@pytest.mark.parametrize(("game", "seen"), [("faro", ""), ("faro", "5h Ks 5d"),
                                            ("stuss", "2s 2h 2d 3c Kd"),
                                            ("pharaon", "7h 7d Ks 2c")])  # fmt: skip
def test_the_bets_kept_for_a_state_are_each_ranks_own(game: str, seen: str) -> None:
    # The bets of a state are counted once, by copies left, and kept: each is the bet
    # counted on its rank alone, and the best and the fair ones are picked from them.
    case = Case.from_seen(seen, game=game)
    sides = ("open", "coppered") if case.game.faro_bets else ("open",)
    alone = [  # each bet counted on its own rank, nothing kept (_rank_bet)
        counting._rank_bet(case, index, Side(side), BetKind(kind))
        for kind in ("stay", "one-turn")
        for side in sides
        for index, copies in enumerate(case.left)
        if copies
    ]
    assert all(case.bet(bet.rank or "", side=bet.side, kind=bet.kind) == bet for bet in alone)
    high = [counting._count_high_card(case)] if case.game.faro_bets else []
    every = case.every_bet()
    assert every == (*alone, *high)
    assert Case.from_case(case.case_text, game=game).every_bet() == every
    best = max(every, key=lambda bet: bet.ev)
    assert case.best_bet() == best and every.index(best) == [b.ev for b in every].index(best.ev)
    assert case.fair_or_better() == tuple(bet for bet in every if bet.ev >= 0)


def test_a_state_is_counted_once_and_kept_with_it() -> None:
    counting._count.cache_clear()
    case = Case.from_seen("5h Ks 5d", game="faro")
    kept = counting.counted(case)
    assert counting.counted(case) is kept and case.every_bet() is kept.every
    # the same case reached by other cards is the same state: counted once
    again = Case.from_seen("5h Kd 5c", game="faro")
    assert again.every_bet() is kept.every
    assert counting._count.cache_info().misses == 1


def test_the_bets_on_a_rank_with_as_many_copies_left_are_shared() -> None:
    # After one turn of each deal, the kings have 3 copies left among 49 cards in both:
    # one bet object for both states; the fives differ (2 left, 3 left), so their bets do.
    one = Case.from_seen("5h Ks 5d", game="faro")
    other = Case.from_seen("5h Ks 9d", game="faro")
    for kind in ("stay", "one-turn"):
        assert one.bet("K", kind=kind) is other.bet("K", kind=kind)
        assert one.bet("5", kind=kind) != other.bet("5", kind=kind)
    assert one.bet("K") is not one.bet("K", side="coppered")
