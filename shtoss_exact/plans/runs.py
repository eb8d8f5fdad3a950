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
from math import lcm
from typing import TYPE_CHECKING

from shtoss_exact.binomial_sums import binom
from shtoss_exact.deck import Deal
from shtoss_exact.engine import counts_at
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _
from shtoss_exact.limits import Budget, Cost, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.plans.catalog import DealEvent
from shtoss_exact.plans.chain import DealOutcomes, Rules, State, Status
from shtoss_exact.plans.cost import bits_after, check_bits, int_bytes, step_seconds

if TYPE_CHECKING:
    from shtoss_exact.schemes.scheme import Scheme


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
        raise ShtossError(_("series length={length}: allowed length >= 1").format(length=length))
    if length > deals:
        return Fraction(0)  # L wins need L deals
    win, loss = outcomes.weight(sign=1), outcomes.weight(sign=-1)
    push = outcomes.denominator - win - loss
    bits = bits_after(deals, outcomes.denominator)
    what = _("a series of {short_int} wins within {short_int2} deals").format(
        short_int=short_int(length), short_int2=short_int(deals)
    )
    check_bits(bits, what=what, advice=_("use fewer deals"))
    check_cost(
        Cost(
            seconds=step_seconds(6 * deals, bits / 2, step=1e-6), bytes=int_bytes(length + 4, bits)
        ),
        what=what,
        advice=_("use fewer deals"),
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


STORY_STEP = 10e-6
"""Seconds of one (state, outcome) pair of ``story_played``: a step of the plan's rules
(measured 8-9 µs)."""

STORY_SECONDS = 3.0
"""Most estimated seconds of a story's walk, on top of the play's own computation."""

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
        raise ShtossError(_("series length={length}: allowed length >= 1").format(length=length))
    if length > deals:
        return Fraction(0)
    whole = rules.outcomes.denominator
    moves = rules._moves
    bits = bits_after(deals, whole)
    what = _("a series of {short_int} wins within {short_int2} deals of plan {name}").format(
        short_int=short_int(length), short_int2=short_int(deals), name=rules.plan.name
    )
    check_bits(bits, what=what, advice=_("use fewer deals"))
    seconds = 0.0
    weights: dict[tuple[State, int], int] = {(rules.start(), 0): 1}
    hit, played = 0, 0
    while weights and played < deals:
        played += 1
        seconds += step_seconds(len(weights) * len(moves), bits / 2, step=PLAYED_STEP)
        check_cost(
            Cost(seconds=seconds, bytes=int_bytes(len(weights) * len(moves), bits)),
            what=what,
            advice=_("use fewer deals"),
        )
        hit *= whole
        following: dict[tuple[State, int], int] = {}
        for (state, run), weight in weights.items():
            for payoff, count, factor, sign in moves:
                after, _net = rules._step(state, payoff, factor, sign)
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


def event_payoffs(
    deal: Deal, event: DealEvent, scheme: Scheme | None = None
) -> dict[Fraction, Fraction]:
    """P(one deal ends with ``event`` and pays ``x``) for each payoff ``x`` per unit stake
    (a null outcome pays 0), on the deck the bet is played on (after a faro soda; a
    soda not yet seen mixes the two decks). ``scheme=None`` is the classic one.

    >>> event_payoffs(Deal(52, 4), DealEvent.LOB_KILLED)
    {Fraction(-1, 1): Fraction(1, 13)}
    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> event_payoffs(Deal(52, 4), DealEvent.SONIK_WON, scheme_named("bait"))
    {Fraction(3, 2): Fraction(16, 221)}
    """
    from shtoss_exact.engine import Kind, relation_weights
    from shtoss_exact.schemes.parts import Outcome

    parts = ((1, deal),) if scheme is None else scheme.played_deals(deal)
    whole = sum(weight for weight, _ in parts)
    found: dict[Fraction, Fraction] = {}
    for weight, part in parts:
        n, m = part.cards, part.copies
        if event is DealEvent.SONIK_WON:
            cases = [(Kind.GIVEN, 2, counts_at(n, m, 2).given)]
        else:
            first = counts_at(n, m, 1)
            cases = [(Kind.KILLED, 1, first.killed), (Kind.PLIE, 1, first.plie)]
        suited = scheme is not None and scheme.needs_suits
        relations = relation_weights(part.suit_counts) if suited else ((None, 1),)
        scale = whole * binom(n, m) * sum(w for _, w in relations)
        for kind, position, count in cases:
            for relation, share in relations if count else ():
                if scheme is None:
                    payoff = Fraction(1 if kind is Kind.GIVEN else -1)
                else:
                    settled = scheme.settle(Outcome(kind, position, n, relation))
                    payoff = Fraction(0) if settled.null else settled.payoff
                chance = Fraction(weight * count * share, scale)
                found[payoff] = found.get(payoff, Fraction(0)) + chance
    return found


def story_played(
    rules: Rules,
    story: tuple[DealEvent, ...],
    *,
    deal: Deal,
    deals: int | None,
    scheme: Scheme | None = None,
) -> Fraction:
    """P(the story's deals are all played and end as told, one event a deal).

    A deal after the play has ended (the target reached, ruin, a stop after a loss) or
    beyond ``deals`` is never played, so a story that needs it has probability 0. The
    walk follows the plan's states through the story's deals, each restricted to the
    outcomes that show its event; the events are independent of the plan, so without
    an end the answer is ``story_probability``.

    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.plans.chain import classic_outcomes
    >>> hermann = plan_named("hermann")
    >>> outcomes = classic_outcomes(Deal(52, 4))
    >>> story = hermann.story
    >>> story_played(Rules(hermann, outcomes), story, deal=Deal(52, 4), deals=3)
    Fraction(256, 634933)
    >>> rich = Rules(hermann, outcomes, bankroll=Fraction(47000), target=Fraction(47000),
    ...              tracks_net=True)
    >>> story_played(rich, story, deal=Deal(52, 4), deals=3)  # the first win reaches it
    Fraction(0, 1)
    """
    if deals is not None and len(story) > deals:
        return Fraction(0)  # the story's last deals are beyond the play
    chances = {event: event_payoffs(deal, event, scheme) for event in set(story)}
    # Integer weights over whole**k, as p_series_played; the size and the work are
    # checked deal by deal, before each deal is walked.
    whole = lcm(*(p.denominator for told in chances.values() for p in told.values()))
    counts = {
        event: [(payoff, int(p * whole)) for payoff, p in told.items()]
        for event, told in chances.items()
    }
    what = _("the story of {story_count} deals of plan {name}").format(
        story_count=len(story), name=rules.plan.name
    )
    bits = bits_after(len(story), whole)
    check_bits(bits, what=what, advice=_("tell a shorter story"))
    seconds, moves = 0.0, max(len(told) for told in counts.values())
    weights: dict[State, int] = {rules.start(): 1}
    for told, event in enumerate(story, start=1):
        # The work so far and the rest at the present width, before this deal is walked.
        width = len(weights) * moves
        seconds += step_seconds(width, bits / 2, step=STORY_STEP)
        rest = step_seconds(width * (len(story) - told), bits / 2, step=STORY_STEP)
        check_cost(
            Cost(seconds=seconds + rest, bytes=int_bytes(width, bits)),
            what=what,
            advice=_("tell a shorter story, or give a smaller bankroll or target"),
            limit=Budget(seconds=STORY_SECONDS),
        )
        following: dict[State, int] = {}
        for state, weight in weights.items():
            for payoff, count in counts[event]:
                after, _net = rules.step(state, payoff)
                if told < len(story) and after.status is not Status.PLAYING:
                    continue  # the play ends here: the story's next deal is never played
                following[after] = following.get(after, 0) + weight * count
        weights = following
    return Fraction(sum(weights.values()), whole ** len(story))


def story_probability(deal: Deal, story: tuple[DealEvent, ...]) -> Fraction:
    """P(the deals end as told, one event a deal), every deal played: deals are
    independent, so a product (``story_played`` counts only the deals played).

    >>> story_probability(Deal(52, 4), (DealEvent.SONIK_WON,) * 2 + (DealEvent.LOB_KILLED,))
    Fraction(256, 634933)
    """
    chances = {event: event_probability(deal, event) for event in set(story)}
    product = Fraction(1)
    for event in story:
        product *= chances[event]
    return product
