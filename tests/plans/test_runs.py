"""A series of wins counts only the deals actually played; a plan plays the deals asked.

The brute force walks every way the deals can go, one deal at a time, and stops where
the play ends (ruin, target, a stop after a loss): its plan rules are written here
again, apart from the library's chain.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import AfterLoss, AfterWin, DealEvent, Plan, plan_named
from shtoss_exact.plans.series import series
from shtoss_exact.schemes.scheme import scheme_named
from tests.oracles import brute_schemes as brute

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
    assert two.deals == 2 and two.p_story == 0  # a story of three deals is not played in two
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


# --- stories: the deals played ----------------------------------------------------------

BRUTE_SCHEMES: dict[str, tuple[brute.Pay, str | None]] = {
    name: brute.ORACLES[name] for name in ("classic", "lob-half", "pharaon", "bait", "faro")
}


def deal_paths(scheme: str, n: int, copies: int) -> dict[tuple[str, Fraction], Fraction]:
    """One deal of the oracle's deck: P(event, payoff), the event ``sonik-won`` (the
    first copy on position 2 of the deck played on), ``lob-killed`` (on position 1) or
    ``other``; every arrangement walked, settled by the oracle's payoff function."""
    pay, soda = BRUTE_SCHEMES[scheme]
    tally: dict[tuple[str, Fraction], int] = {}
    total = 0
    for deck in brute.arrangements(n, brute.SUITS[:copies]):
        if soda == "known" and 1 in deck:
            continue
        cards = n
        if soda is not None:
            deck, cards = {p - 1: s for p, s in deck.items() if p > 1}, n - 1
        kind, p, rel = brute.decide(deck, cards, "h")
        value = Fraction(0) if p is None or rel is None else pay(kind, p, cards, rel)
        event = {1: "lob-killed", 2: "sonik-won"}.get(p or 0, "other")
        key = (event, Fraction(0) if value is None else value)
        tally[key] = tally.get(key, 0) + 1
        total += 1
    return {key: Fraction(count, total) for key, count in tally.items()}


def brute_story(
    plan: Plan,
    paths: dict[tuple[str, Fraction], Fraction],
    story: tuple[str, ...],
    deals: int | None,
    *,
    bankroll: Fraction | None = None,
    to_reach: Fraction | None = None,
    max_stake: Fraction | None = None,
) -> Fraction:
    """P(the story's deals are all played and end as told): every sequence of deal
    outcomes walked, the play stopped where it ends (target, ruin, a stop after a
    loss) and at ``deals``; a path that ends before the story does tells nothing."""
    top = max(payoff for _, payoff in paths)

    def walk(done: int, stake: Fraction, level: int, net: Fraction) -> Fraction:
        if done == len(story):
            return Fraction(1)  # every deal of the story was played and told
        if deals is not None and done == deals:
            return Fraction(0)  # the next deal of the story is not played
        total = Fraction(0)
        for (event, payoff), p in paths.items():
            if event != story[done]:
                continue
            gain = stake * payoff
            after, rank = stake, level
            if payoff > 0 and plan.after_win is not AfterWin.KEEP:
                if plan.raises is not None and level == plan.raises:
                    after, rank = plan.kush, 0
                elif plan.after_win is AfterWin.SHARE:
                    after, rank = stake * (1 + payoff / top), level + 1
                else:
                    after, rank = stake + gain, level + 1
            elif payoff < 0:
                after, rank = plan.kush, 0
            held = None if bankroll is None else bankroll + net + gain
            ended = (
                (to_reach is not None and held is not None and held >= to_reach)
                or (held is not None and held < plan.kush)
                or (payoff < 0 and plan.after_loss is AfterLoss.STOP)
            )
            if ended:
                total += p if done + 1 == len(story) else 0
                continue
            if held is not None:
                after = min(after, held)
            if max_stake is not None:
                after = min(after, max_stake)
            total += p * walk(done + 1, after, rank, net + gain)
        return total

    return walk(0, plan.kush, 0, Fraction(0))


def test_hermann_rich_enough_to_stop_at_double_plays_one_deal() -> None:
    # 47 000 towards 94 000: a win reaches the target, a loss ruins; no second deal.
    r = series("hermann", bankroll=47000, target=94000)
    assert r.expected_deals == 1 and r.p_story == 0
    # A target never reached and a bankroll of his fortune: the story as Pushkin tells it.
    assert series("hermann", bankroll=47000, target=10**6).p_story == Fraction(256, 634933)
    # A plan that stops after a kill in deal 1 never tells a story that goes on.
    killed = Plan("kill-first", after_loss=AfterLoss.STOP, deals=2,
                  story=(DealEvent.LOB_KILLED, DealEvent.SONIK_WON))  # fmt: skip
    assert series(killed).p_story == 0
    # The target reached by the first win: the second deal of the story is never played.
    once = Plan("win-twice", deals=2, story=(DealEvent.SONIK_WON, DealEvent.SONIK_WON))
    assert series(once, bankroll=1, target=2).p_story == 0
    assert series(once).p_story == Fraction(16, 221) ** 2
    # Fewer deals than the story: its last deals are never played.
    assert series(once, deals=1).p_story == 0


STORIES = [("sonik-won",), ("lob-killed", "sonik-won"), ("sonik-won", "sonik-won", "lob-killed"),
           ("sonik-won", "lob-killed", "sonik-won")]  # fmt: skip


@pytest.mark.parametrize("plan", ["flat", "stop", "paroli", "raise", "hermann"])
@pytest.mark.parametrize("scheme", ["classic", "lob-half", "pharaon", "bait", "faro"])
@pytest.mark.parametrize("story", STORIES, ids="-".join)
@pytest.mark.parametrize(
    ("deals", "bankroll", "to_reach"),
    [(3, None, None), (2, None, None), (3, 2, 4), (None, 2, 3), (3, 1, 5)],
)
def test_p_story_equals_brute_force_over_the_deals_played(
    plan: str,
    scheme: str,
    story: tuple[str, ...],
    deals: int | None,
    bankroll: int | None,
    to_reach: int | None,
) -> None:
    the_plan = replace(plan_named(plan), kush=Fraction(1), deals=None,
                       story=tuple(DealEvent(e) for e in story))  # fmt: skip
    check_story(the_plan, scheme, story, deals=deals, bankroll=bankroll, to_reach=to_reach)


def check_story(
    plan: Plan,
    scheme: str,
    story: tuple[str, ...],
    *,
    deals: int | None,
    bankroll: int | None,
    to_reach: int | None,
    max_stake: int | None = None,
    cards: int = 6,
    copies: int = 2,
) -> None:
    r = series(plan, deals=deals, scheme=scheme, deal=Deal(cards, copies), bankroll=bankroll,
               target=to_reach, max_stake=max_stake)  # fmt: skip
    expected = brute_story(
        plan,
        deal_paths(scheme, cards, copies),
        story,
        deals,
        bankroll=None if bankroll is None else Fraction(bankroll),
        to_reach=None if to_reach is None else Fraction(to_reach),
        max_stake=None if max_stake is None else Fraction(max_stake),
    )
    assert r.p_story == expected


@settings(max_examples=60, deadline=None)
@given(
    after_win=st.sampled_from(list(AfterWin)),
    after_loss=st.sampled_from(list(AfterLoss)),
    raises=st.none() | st.integers(0, 2),
    scheme=st.sampled_from(sorted(BRUTE_SCHEMES)),
    story=st.lists(st.sampled_from(["sonik-won", "lob-killed"]), min_size=1, max_size=3),
    deals=st.none() | st.integers(1, 4),
    bankroll=st.none() | st.integers(1, 4),
    gain=st.integers(1, 4),
    max_stake=st.none() | st.integers(1, 3),
    cards=st.integers(3, 7),
    copies=st.integers(1, 3),
)
def test_p_story_property_over_random_plans(
    after_win: AfterWin,
    after_loss: AfterLoss,
    raises: int | None,
    scheme: str,
    story: list[str],
    deals: int | None,
    bankroll: int | None,
    gain: int,
    max_stake: int | None,
    cards: int,
    copies: int,
) -> None:
    assume(copies <= cards - (BRUTE_SCHEMES[scheme][1] == "known"))
    if deals is None and bankroll is None:
        bankroll = 2  # a play with no number of deals ends by its bankroll and target
    to_reach = None if bankroll is None else bankroll + gain
    plan = Plan("random", after_win=after_win, after_loss=after_loss, raises=raises,
                story=tuple(DealEvent(e) for e in story))  # fmt: skip
    try:
        check_story(plan, scheme, tuple(story), deals=deals, bankroll=bankroll,
                    to_reach=to_reach, max_stake=max_stake, cards=cards, copies=copies)  # fmt: skip
    except ShtossError as refused:  # a play too large to solve exactly is refused, not wrong
        assume("limit" not in str(refused))
        raise
    # Never more than the story with every deal played (a product: deals are
    # independent), and exactly that when nothing ends the play early.
    paths = deal_paths(scheme, cards, copies)
    every = Fraction(1)
    for event in story:
        every *= sum((p for (e, _), p in paths.items() if e == event), Fraction(0))
    told = series(plan, deals=deals, scheme=scheme, deal=Deal(cards, copies), bankroll=bankroll,
                  target=to_reach, max_stake=max_stake).p_story  # fmt: skip
    assert told is not None and 0 <= told <= every
    if bankroll is None and after_loss is AfterLoss.RESET and deals is not None:
        assert told == (every if deals >= len(story) else 0)
