"""Where a crooked deal starts (``shtoss_exact.cheat.start``): the decks a bet is played
on, the payoffs over one denominator, and the cost refused up front."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shtoss_exact.case.rules import as_game, shifted
from shtoss_exact.cheat.start import Payoffs, check_states, start_of
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError


def test_the_soda_is_shown_before_the_bet() -> None:
    _, parts = start_of("7")
    assert [(p.weight, p.cards, p.copies) for p in parts] == [(Fraction(1), 51, 4)]
    _, parts = start_of("7", game="two-deck")
    assert [(p.weight, p.cards, p.copies) for p in parts] == [(Fraction(1), 52, 4)]


def test_payoffs_share_one_denominator_and_the_hock_is_dead() -> None:
    payoffs = Payoffs(shifted(as_game("faro").scheme, 0), cards=51, shortest=49)
    assert payoffs.scale == 2
    assert payoffs.outcome(Kind.PLIE, 1, 51) == -1  # a split costs half
    assert payoffs.outcome(Kind.GIVEN, 50, 50) == 0  # the hock, after one take
    assert payoffs.dead_last(50) and payoffs.dead_last(51)
    stoss = Payoffs(shifted(as_game("two-deck").scheme, 0), cards=52, shortest=52)
    assert not stoss.dead_last(52)


def test_a_recursion_too_large_is_refused_before_it_starts() -> None:
    check_states(10_000, 52, what="a small one")
    with pytest.raises(ShtossError, match=r"about .* s of work, more than the limit"):
        check_states(10**9, 52, what="the two-card box")
