"""Runs of wins (series, очередь) and stories told deal by deal.

A *series* is a run of wins; a push (the stake comes back) neither extends nor breaks
it. Deals are independent, so the chance of a story (one named event a deal) is a
product, and the chance of a series of ``L`` wins within ``K`` deals is a sum over the
number ``j`` of decided deals: ``C(K, j) z**(K-j) A_j``, with ``A_j`` the weight of the
``j``-letter win/loss words that hold no ``L`` wins in a row.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction

from shtoss_exact.deck import Deal
from shtoss_exact.engine import binom, counts_at
from shtoss_exact.errors import ShtossError
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.plans.catalog import DealEvent
from shtoss_exact.plans.chain import DealOutcomes, Rules, State, Status
from shtoss_exact.plans.cost import bits_after, check_bits, int_bytes, step_seconds


def p_series(outcomes: DealOutcomes, *, deals: int, length: int) -> Fraction:
    """P(a series of at least ``length`` wins in a row within ``deals`` deals).

    Words of ``j`` decided deals with no run of ``L`` wins, by their last loss:
    ``A_j = [j < L] w**j + sum over s < L of w**s l A_(j-1-s)``; the sum runs in a
    window, ``S_(j+1) = A_j + w S_j - w**L A_(j-L)``, so each ``A_j`` is a few products.
    O(K) big-integer steps.

    >>> p_series(DealOutcomes(2, ((Fraction(-1), 1), (Fraction(1), 1))), deals=3, length=2)
    Fraction(3, 8)
    """
    if length < 1:
        raise ShtossError(f"series length={length}: allowed length >= 1")
    if length > deals:
        return Fraction(0)  # L wins need L deals
    win, loss = outcomes.weight(sign=1), outcomes.weight(sign=-1)
    push = outcomes.denominator - win - loss
    bits = bits_after(deals, outcomes.denominator)
    what = f"a series of {short_int(length)} wins within {short_int(deals)} deals"
    check_bits(bits, what=what, advice="use fewer deals")
    check_cost(
        Cost(
            seconds=step_seconds(6 * deals, bits / 2, step=1e-6), bytes=int_bytes(length + 4, bits)
        ),
        what=what,
        advice="use fewer deals",
    )
    top = win**length
    window: deque[int] = deque()  # A_(j-L) .. A_(j-1)
    a, s, power = 1, 0, 1  # A_0; S_0 (empty); w**j
    binomial, mixed = 1, 0  # C(K, j); sum over j of C(K, j) z**(K-j) A_j, by Horner in z
    for j in range(deals + 1):
        if j:
            s = a + win * s - (window[0] * top if len(window) == length else 0)
            if len(window) == length:
                window.popleft()
            window.append(a)
            power = power * win if j < length else 0
            a = power + loss * s
            binomial = binomial * (deals - j + 1) // j
        mixed = mixed * push + binomial * a
    return 1 - Fraction(mixed, outcomes.denominator**deals)


PLAYED_STEP = 2e-6
"""Seconds of one (state, run) pair times one outcome in ``p_series_played``."""


def plays_every_deal(rules: Rules) -> bool:
    """True when no play ends before its deals: no bankroll, no target, no stop."""
    from shtoss_exact.plans.catalog import AfterLoss

    return (
        rules.bankroll is None and rules.target is None
        and rules.plan.after_loss is not AfterLoss.STOP
    )  # fmt: skip


def p_series_played(rules: Rules, *, deals: int, length: int) -> Fraction:
    """P(a series of at least ``length`` wins in a row among the deals actually played):
    a play that ends early (ruin, target, a stop after a loss) plays no more deals, so
    it makes no more series.

    A walk over (the plan's state, the current run of wins), the run capped at
    ``length`` (reached: counted, and followed no further); weights are integers over
    ``D**k``. The size of the numbers is checked first, and the work deal by deal
    before each deal is walked (as the chain's states are found), so that a walk longer
    than the limit is refused early.

    >>> from shtoss_exact.plans.catalog import plan_named
    >>> coin = DealOutcomes(2, ((Fraction(-1), 1), (Fraction(1), 1)))
    >>> p_series_played(Rules(plan_named("stop"), coin), deals=3, length=2)
    Fraction(1, 4)
    """
    if length < 1:
        raise ShtossError(f"series length={length}: allowed length >= 1")
    if length > deals:
        return Fraction(0)
    whole = rules.outcomes.denominator
    moves = rules._moves
    bits = bits_after(deals, whole)
    what = (
        f"a series of {short_int(length)} wins within {short_int(deals)} deals of plan "
        f"{rules.plan.name}"
    )
    check_bits(bits, what=what, advice="use fewer deals")
    seconds = 0.0
    weights: dict[tuple[State, int], int] = {(rules.start(), 0): 1}
    hit, played = 0, 0
    while weights and played < deals:
        played += 1
        seconds += step_seconds(len(weights) * len(moves), bits / 2, step=PLAYED_STEP)
        check_cost(
            Cost(seconds=seconds, bytes=int_bytes(len(weights) * len(moves), bits)),
            what=what,
            advice="use fewer deals",
        )
        hit *= whole
        following: dict[tuple[State, int], int] = {}
        for (state, run), weight in weights.items():
            for payoff, count, factor, sign in moves:
                after, _ = rules._step(state, payoff, factor, sign)
                streak = run + 1 if sign > 0 else (0 if sign < 0 else run)
                if streak >= length:
                    hit += weight * count
                elif after.status is Status.PLAYING:
                    key = (after, streak)
                    following[key] = following.get(key, 0) + weight * count
        weights = following
    return Fraction(hit, whole**played)


def expected_series(outcomes: DealOutcomes) -> Fraction | None:
    """The expected length of a series once begun (pushes skipped, no bound on the
    deals); ``None`` when the punter never loses.

    A begun series goes on past each win with chance w = P(win | decided), so its
    length L has P(L >= l) = w**(l - 1) and E[L] = 1 / (1 - w) = P(decided) / P(loss).

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> from shtoss_exact.plans.chain import deal_outcomes
    >>> expected_series(deal_outcomes(Deal(52, 4), scheme_named("classic")))
    Fraction(833, 433)
    """
    loss = outcomes.weight(sign=-1)
    if loss == 0:
        return None
    return Fraction(loss + outcomes.weight(sign=1), loss)


def event_probability(deal: Deal, event: DealEvent) -> Fraction:
    """P(one deal ends with ``event``), from the counts at positions 1 and 2.

    >>> event_probability(Deal(52, 4), DealEvent.SONIK_WON)
    Fraction(16, 221)
    """
    total = binom(deal.cards, deal.copies)
    if event is DealEvent.SONIK_WON:
        return Fraction(counts_at(deal.cards, deal.copies, 2).given, total)
    first = counts_at(deal.cards, deal.copies, 1)
    return Fraction(first.killed + first.plie, total)


def story_probability(deal: Deal, story: tuple[DealEvent, ...]) -> Fraction:
    """P(the deals end as told, one event a deal): deals are independent, so a product.

    >>> story_probability(Deal(52, 4), (DealEvent.SONIK_WON,) * 2 + (DealEvent.LOB_KILLED,))
    Fraction(256, 634933)
    """
    chances = {event: event_probability(deal, event) for event in set(story)}
    product = Fraction(1)
    for event in story:
        product *= chances[event]
    return product
