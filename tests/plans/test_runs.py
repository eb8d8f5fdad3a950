"""A series of wins counts only the deals actually played; a plan plays the deals asked.

The brute force walks every way the deals can go, one deal at a time, and stops where
the play ends (ruin, target, a stop after a loss): its plan rules are written here
again, apart from the library's chain.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import AfterLoss, AfterWin, Plan, plan_named
from shtoss_exact.plans.series import series
from shtoss_exact.schemes.scheme import scheme_named

CLASSIC_WIN = Fraction(400, 833)


def one_bet(scheme: str, deal: Deal) -> dict[Fraction, Fraction]:
    distribution = scheme_named(scheme).settlement_counts(deal).distribution()
    return {x: p for x, p in distribution.items() if p}


def brute_played(
    plan: Plan,
    bet: dict[Fraction, Fraction],
    deals: int,
    length: int,
    *,
    bankroll: Fraction | None = None,
    to_reach: Fraction | None = None,
) -> Fraction:
    """P(``length`` wins in a row among the deals played), every path walked."""
    top = max(bet)

    def walk(done: int, stake: Fraction, level: int, net: Fraction, run: int) -> Fraction:
        if done == deals:
            return Fraction(0)
        total = Fraction(0)
        for payoff, p in bet.items():
            gain = stake * payoff
            after, rank, streak = stake, level, run
            if payoff > 0:
                streak += 1
                if plan.after_win is not AfterWin.KEEP:
                    if plan.raises is not None and level == plan.raises:
                        after, rank = plan.kush, 0
                    elif plan.after_win is AfterWin.SHARE:
                        after, rank = stake * (1 + payoff / top), level + 1
                    else:
                        after, rank = stake + gain, level + 1
            elif payoff < 0:
                streak, after, rank = 0, plan.kush, 0
            if streak >= length:
                total += p
                continue
            held = None if bankroll is None else bankroll + net + gain
            if to_reach is not None and held is not None and held >= to_reach:
                continue  # the target: the play ends
            if held is not None and held < plan.kush:
                continue  # ruined
            if payoff < 0 and plan.after_loss is AfterLoss.STOP:
                continue  # the plan stops
            if held is not None:
                after = min(after, held)
            total += p * walk(done + 1, after, rank, net + gain, streak)
        return total

    return walk(0, plan.kush, 0, Fraction(0), 0)


def test_the_stop_plan_counts_only_the_deals_it_plays() -> None:
    # Stop at the first loss: two wins in a row within 3 deals can only be the first two.
    assert series("stop", deals=3, series_length=2).p_series == CLASSIC_WIN**2
    # Every deal played (flat): the closed form, p^2 (2 - p) for two in three.
    flat = series("flat", deals=3, series_length=2).p_series
    assert flat == CLASSIC_WIN**2 * (2 - CLASSIC_WIN)


@pytest.mark.parametrize("plan", ["flat", "stop", "paroli", "paroli:2", "raise", "hermann"])
@pytest.mark.parametrize("scheme", ["classic", "pharaon", "lob-half"])
@pytest.mark.parametrize(
    ("deals", "length", "bankroll", "to_reach"),
    [(3, 2, None, None), (4, 1, None, None), (5, 3, None, None), (4, 2, 2, 4), (5, 2, 3, 5),
     (5, 3, 1, 4), (4, 4, 2, 3)],
)  # fmt: skip
def test_p_series_equals_brute_force_over_the_deals_played(
    plan: str, scheme: str, deals: int, length: int, bankroll: int | None, to_reach: int | None
) -> None:
    deal = Deal(7, 2)  # 7 cards: pharaon's last card is a push
    the_plan = plan_named(plan)
    if plan == "hermann":
        the_plan = Plan("hermann-1", after_win=AfterWin.RIDE, after_loss=AfterLoss.STOP)
    r = series(the_plan, deals=deals, scheme=scheme, deal=deal, bankroll=bankroll,
               target=to_reach, series_length=length)  # fmt: skip
    assert r.p_series == brute_played(
        the_plan,
        one_bet(scheme, deal),
        deals,
        length,
        bankroll=None if bankroll is None else Fraction(bankroll),
        to_reach=None if to_reach is None else Fraction(to_reach),
    )


def test_hermann_plays_the_deals_asked() -> None:
    five = series("hermann", deals=5)
    assert five.deals == 5
    # Five wins in a row let 47 000 ride to 32 times itself; any loss costs 47 000.
    assert dict(five.net) == {
        Fraction(-47000): 1 - CLASSIC_WIN**5,
        Fraction(47000 * 31): CLASSIC_WIN**5,
    }
    assert series("hermann").deals == 3
    two = series("hermann", deals=2)
    assert two.deals == 2 and two.p_story is None  # a story of three deals is not told in two
    assert series("hermann", deals=5).p_story == series("hermann").p_story


def test_a_target_is_the_bankroll_to_reach() -> None:
    # The old reading (a net gain T) is the new one at B + T, exactly.
    for plan in ("flat", "stop", "paroli:2"):
        new = series(plan, deals=6, bankroll=3, target=5)
        assert (new.target, new.bankroll) == (5, 3)
        assert new.p_target == brute_reach(plan_named(plan), bankroll=3, gain=2, deals=6)
    with pytest.raises(ShtossError, match="needs a bankroll"):
        series("flat", deals=3, target=5)
    with pytest.raises(ShtossError, match="target=2 is not above bankroll=3"):
        series("flat", deals=3, bankroll=3, target=2)


def brute_reach(plan: Plan, *, bankroll: int, gain: int, deals: int) -> Fraction:
    """P(the net reaches ``gain`` within ``deals`` deals of the classic game): the
    target as a net gain, the reading ``series`` had before."""
    p, q = CLASSIC_WIN, 1 - CLASSIC_WIN
    memo: dict[tuple[int, Fraction, int, Fraction], Fraction] = {}

    def walk(done: int, stake: Fraction, level: int, net: Fraction) -> Fraction:
        key = (done, stake, level, net)
        if key in memo:
            return memo[key]
        if done == deals:
            return Fraction(0)
        total = Fraction(0)
        for won, chance in ((True, p), (False, q)):
            after, rank = stake, level
            change = stake if won else -stake
            if won and plan.after_win is AfterWin.RIDE:
                if plan.raises is not None and level == plan.raises:
                    after, rank = plan.kush, 0
                else:
                    after, rank = 2 * stake, level + 1
            elif not won:
                after, rank = plan.kush, 0
            held = bankroll + net + change
            if net + change >= gain:
                total += chance
            elif held < plan.kush or (not won and plan.after_loss is AfterLoss.STOP):
                continue
            else:
                total += chance * walk(done + 1, min(after, held), rank, net + change)
        memo[key] = total
        return total

    return walk(0, plan.kush, 0, Fraction(0))
