"""Stakes across deals: a punter's plan as an exact Markov chain (networkx).

Every deal is played with a freshly shuffled deck, so deals are independent; only
the stake moves with what happened. A state is (next stake, raises made in the
current series, net so far when the rules depend on it, status); its edges carry the
exact probability of each per-deal outcome and the net it adds. Every state's
outgoing probabilities are checked to sum to exactly 1.

* A finite number of deals is solved by dynamic programming over the deals (the
  chain unrolled in time is acyclic: deal index is a topological order), keeping
  the net as integer counts over D**k (D the deal's common denominator).
* No bound on the deals (play until ruin, target or a stop) is solved by an exact
  linear solve over Fractions for the expected visits of the playing states, or in
  topological order when the playing states (self-loops aside) form no cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any

from shtoss_exact.deck import Deal
from shtoss_exact.engine import binom, counts_at
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans import AfterLoss, AfterWin, DealEvent, Plan, plan_named
from shtoss_exact.schemes import Scheme, scheme_named
from shtoss_exact.series_export import export_graph as export_graph
from shtoss_exact.series_solve import absorbing_visits

MAX_STATES = 10_000
"""Largest chain built (states); larger ones are refused before any solving."""

MAX_WORK = 40_000_000
"""Largest estimated (state, net value, outcome) steps of a finite-horizon solve."""


@dataclass(frozen=True)
class DealOutcomes:
    """One deal's punter payoff per unit stake, as counts over a common denominator.

    >>> deal_outcomes(Deal(52, 4), scheme_named("classic")).counts
    ((Fraction(-1, 1), 433), (Fraction(1, 1), 400))
    """

    denominator: int
    counts: tuple[tuple[Fraction, int], ...]

    @cached_property
    def top(self) -> Fraction:
        """The largest payoff: the "maximal win" a raise is measured against."""
        return max(payoff for payoff, _ in self.counts)

    def probability(self, *, sign: int) -> Fraction:
        """P(payoff > 0), P(payoff < 0) or P(push) for ``sign`` 1, -1, 0."""
        hits = sum(c for x, c in self.counts if (x > 0) - (x < 0) == sign)
        return Fraction(hits, self.denominator)


def deal_outcomes(deal: Deal, scheme: Scheme) -> DealOutcomes:
    """The scheme's distribution on ``deal``, reduced to the smallest common denominator.

    A null outcome (the stake comes back) is a payoff of 0: a push.

    >>> deal_outcomes(Deal(52, 4), scheme_named("classic")).denominator
    833
    """
    from shtoss_exact.engine import check_cost

    for _, part in scheme.played_deals(deal):
        check_cost(part)  # a deck too large to count is refused before it is counted
    distribution = scheme.settlement_counts(deal).distribution()
    denominator = lcm(*(p.denominator for p in distribution.values()))
    counts = tuple((x, int(p * denominator)) for x, p in sorted(distribution.items()))
    return DealOutcomes(denominator, counts)


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
    """P(the deals end as told, one event per deal): deals are independent, so a product.

    >>> story_probability(Deal(52, 4), (DealEvent.SONIK_WON,) * 2 + (DealEvent.LOB_KILLED,))
    Fraction(256, 634933)
    """
    product = Fraction(1)
    for event in story:
        product *= event_probability(deal, event)
    return product


class Status(StrEnum):
    """Where a state stands: still playing, or ended (and why)."""

    PLAYING = "playing"
    STOPPED = "stopped"  # the plan left the table (after a loss, Hermann)
    RUINED = "ruined"  # the bankroll cannot cover the initial kush
    TARGET = "target"  # the net reached the target


@dataclass(frozen=True)
class State:
    """The next stake, raises made in the current series, the net (if tracked), status."""

    stake: Fraction
    level: int
    net: Fraction | None
    status: Status
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A chain is built by millions of lookups; a Fraction's hash is a modular inverse.
        object.__setattr__(self, "_hash", hash((self.stake, self.level, self.net, self.status)))

    def __hash__(self) -> int:
        return self._hash

    def label(self) -> str:
        net = "" if self.net is None else f" net={self.net}"
        if self.status is not Status.PLAYING:
            return f"{self.status.value}{net}"
        return f"stake={self.stake} level={self.level}{net}"


@dataclass(frozen=True)
class Rules:
    """The plan with the table's limits: bankroll, target, the banker's maximum stake."""

    plan: Plan
    outcomes: DealOutcomes
    bankroll: Fraction | None = None
    target: Fraction | None = None
    max_stake: Fraction | None = None
    tracks_net: bool = False

    def start(self) -> State:
        kush = self.plan.kush
        if self.bankroll is not None and self.bankroll < kush:
            raise ShtossError(
                f"bankroll={self.bankroll} is below the initial kush {kush}: "
                "allowed bankroll >= kush"
            )
        if self.max_stake is not None and self.max_stake < kush:
            raise ShtossError(
                f"max-stake={self.max_stake} is below the initial kush {kush}:"
                " allowed max-stake >= kush"
            )
        if self.target is not None and self.target <= 0:
            raise ShtossError(f"target={self.target}: allowed target > 0")
        return State(kush, 0, Fraction(0) if self.tracks_net else None, Status.PLAYING)

    def step(self, state: State, payoff: Fraction) -> tuple[State, Fraction]:
        """The next state after one deal with ``payoff`` per unit stake, and the net it adds."""
        if state.status is not Status.PLAYING:
            return state, Fraction(0)
        plan, stake, level, status = self.plan, state.stake, state.level, Status.PLAYING
        gain = stake * payoff
        if payoff > 0 and plan.after_win is not AfterWin.KEEP:
            if plan.raises is not None and level >= plan.raises:
                stake, level = plan.kush, 0  # take the profit: back to the initial kush
            elif plan.after_win is AfterWin.SHARE:
                stake, level = stake * (1 + payoff / self.outcomes.top), level + 1
            else:
                stake, level = stake + gain, level + 1  # the winnings stay on the card
        elif payoff < 0:
            stake, level = plan.kush, 0
            if plan.after_loss is AfterLoss.STOP:
                status = Status.STOPPED
        # A push (payoff 0) leaves the stake and the series as they were.
        net = None if state.net is None else state.net + gain
        if net is not None and status is Status.PLAYING:
            if self.target is not None and net >= self.target:
                status = Status.TARGET
            elif self.bankroll is not None:
                bank = self.bankroll + net
                if bank < plan.kush:
                    status = Status.RUINED
                stake = min(stake, bank)  # he cannot stake more than he has
        if self.max_stake is not None:
            stake = min(stake, self.max_stake)  # no free kush: the banker refuses more
        if status is not Status.PLAYING:
            stake, level = Fraction(0), 0
        return State(stake, level, net, status), gain


@dataclass(frozen=True)
class Chain:
    """The chain as a networkx ``DiGraph``: node ``State``; edge ``count`` (over
    ``denominator``) and ``gains`` {net added: count}."""

    graph: Any = field(repr=False)
    start: State
    denominator: int
    rules: Rules

    def probability(self, source: State, target: State) -> Fraction:
        """The exact transition probability of one edge."""
        return Fraction(self.graph.edges[source, target]["count"], self.denominator)


def build_chain(rules: Rules, *, deals: int | None) -> Chain:
    """The states reachable within ``deals`` deals (all of them when ``None``).

    >>> from shtoss_exact.deck import make_deal
    >>> rules = Rules(plan_named("paroli:3"), deal_outcomes(make_deal(), scheme_named("classic")))
    >>> len(build_chain(rules, deals=10).graph)
    4
    """
    import networkx as nx

    # The states and edges are found with plain dicts, and the graph is made once the
    # chain is known to be within the limit: a refusal then costs no graph building.
    start = rules.start()
    depths: dict[State, int] = {start: 0}
    edges: dict[tuple[State, State], dict[str, Any]] = {}
    frontier = [start]
    depth = 0
    while frontier and (deals is None or depth < deals):
        depth += 1
        following: list[State] = []
        for state in frontier:
            for payoff, count in rules.outcomes.counts:
                nxt, gain = rules.step(state, payoff)
                if nxt not in depths:
                    if len(depths) >= MAX_STATES:
                        raise ShtossError(
                            f"the chain has more than {MAX_STATES} states within "
                            f"{'reach' if deals is None else f'{deals} deals'}: too large; "
                            "use fewer deals, a smaller bankroll or target, or a bound k"
                        )
                    depths[nxt] = depth
                    following.append(nxt)
                edge = edges.get((state, nxt))
                if edge is None:
                    edges[state, nxt] = {"count": count, "gains": {gain: count}}
                else:
                    edge["count"] += count
                    edge["gains"][gain] = edge["gains"].get(gain, 0) + count
        frontier = following
    graph = nx.DiGraph()
    graph.add_nodes_from((state, {"depth": d}) for state, d in depths.items())
    graph.add_edges_from((a, b, data) for (a, b), data in edges.items())
    chain = Chain(graph, start, rules.outcomes.denominator, rules)
    check_chain(chain)
    return chain


def check_chain(chain: Chain) -> None:
    """Every expanded state's outgoing probabilities sum to exactly 1."""
    for state in chain.graph:
        out = chain.graph.out_edges(state, data="count")
        if not out:
            continue  # beyond the horizon: never expanded
        total = sum(Fraction(count, chain.denominator) for _, _, count in out)
        if total != 1:
            raise AssertionError(f"state {state.label()} has outgoing probability {total}")


@dataclass(frozen=True)
class SeriesResult:
    """The punter's net result under a plan, exactly, with the banker's view.

    >>> r = series("flat", deals=2)
    >>> r.net[Fraction(0)], r.p_ahead
    (Fraction(346400, 693889), Fraction(160000, 693889))
    """

    plan: Plan
    deals: int | None
    net: Mapping[Fraction, Fraction]
    expected_deals: Fraction
    p_ruin: Fraction | None
    p_target: Fraction | None
    p_stopped: Fraction
    states: int
    bankroll: Fraction | None = None
    target: Fraction | None = None
    max_stake: Fraction | None = None
    story: Fraction | None = None
    mean_series: Fraction | None = None
    series_length: int | None = None
    p_series: Fraction | None = None
    chain: Chain | None = field(default=None, repr=False, compare=False)

    @property
    def ev(self) -> Fraction:
        return sum((v * p for v, p in self.net.items()), Fraction(0))

    @property
    def variance(self) -> Fraction:
        mean = self.ev
        return sum(((v - mean) ** 2 * p for v, p in self.net.items()), Fraction(0))

    @property
    def p_ahead(self) -> Fraction:
        """The punter ends ahead (net > 0)."""
        return sum((p for v, p in self.net.items() if v > 0), Fraction(0))

    @property
    def p_behind(self) -> Fraction:
        """The punter ends behind (net < 0): the banker ends ahead."""
        return sum((p for v, p in self.net.items() if v < 0), Fraction(0))

    @property
    def free_kush(self) -> bool:
        """Free kush: the banker may not refuse a raise (no maximum stake)."""
        return self.max_stake is None

    @property
    def banker_net(self) -> dict[Fraction, Fraction]:
        """The banker's net result: the punter's, negated (he pays what the punter wins)."""
        return {-v: p for v, p in sorted(self.net.items(), reverse=True)}


def series(
    plan: Plan | str = "flat",
    *,
    deals: int | None = None,
    scheme: Scheme | str = "classic",
    deal: Deal | None = None,
    bankroll: Fraction | int | None = None,
    target: Fraction | int | None = None,
    max_stake: Fraction | int | None = None,
    kush: Fraction | int | None = None,
    series_length: int | None = None,
) -> SeriesResult:
    """The exact result of a plan over ``deals`` deals (the plan's own, or until the end).

    >>> series("hermann").net
    {Fraction(-47000, 1): Fraction(514009537, 578009537), Fraction(329000, 1): \
Fraction(64000000, 578009537)}
    """
    from shtoss_exact.deck import make_deal

    the_plan = plan_named(plan) if isinstance(plan, str) else plan
    if kush is not None:
        the_plan = replace(the_plan, kush=Fraction(kush))
    the_scheme = scheme_named(scheme) if isinstance(scheme, str) else scheme
    the_deal = make_deal() if deal is None else deal
    horizon = deals if deals is not None else the_plan.deals
    if horizon is not None and the_plan.deals is not None:
        horizon = min(horizon, the_plan.deals)
    if horizon is not None and horizon < 1:
        raise ShtossError(f"deals={horizon}: allowed deals >= 1")
    if horizon is None and bankroll is None and target is None:
        raise ShtossError(
            "no number of deals: give --deals, or --bankroll/--target to play until one ends it"
        )
    rules = Rules(
        the_plan,
        deal_outcomes(the_deal, the_scheme),
        bankroll=None if bankroll is None else Fraction(bankroll),
        target=None if target is None else Fraction(target),
        max_stake=None if max_stake is None else Fraction(max_stake),
        tracks_net=bankroll is not None or target is not None or horizon is None,
    )
    if rules.bankroll is not None and rules.target is not None:
        # The net walks from -bankroll to target in steps of at most kush * max |payoff|
        # (a stake above the kush only makes the steps coarser once): at least this many.
        widest = the_plan.kush * max(abs(x) for x, _ in rules.outcomes.counts)
        least = (rules.bankroll + rules.target) / widest if widest else 0
        if least > MAX_STATES:
            raise ShtossError(
                f"about {float(least):.1e} states between the bankroll and the target: more "
                f"than the limit {MAX_STATES}; use a smaller bankroll or target, or a larger kush"
            )
    chain = build_chain(rules, deals=horizon)
    if horizon is None:
        net, ends, expected = _solve_unbounded(chain)
    else:
        net, ends, expected = _solve_finite(chain, horizon)
    story = story_probability(the_deal, the_plan.story) if the_plan.story else None
    outcomes = rules.outcomes
    mean = mean_series_length(outcomes) if outcomes.probability(sign=-1) else None
    if series_length is not None and horizon is None:
        raise ShtossError("a series length needs a number of deals (--deals)")
    chance = (
        None
        if series_length is None or horizon is None
        else p_series(outcomes, deals=horizon, length=series_length)
    )
    return SeriesResult(
        the_plan,
        horizon,
        net,
        expected,
        ends[Status.RUINED] if rules.bankroll is not None else None,
        ends[Status.TARGET] if rules.target is not None else None,
        ends[Status.STOPPED],
        len(chain.graph),
        bankroll=rules.bankroll,
        target=rules.target,
        max_stake=rules.max_stake,
        story=story,
        mean_series=mean,
        series_length=series_length,
        p_series=chance,
        chain=chain,
    )


def _solve_finite(
    chain: Chain, deals: int
) -> tuple[dict[Fraction, Fraction], dict[Status, Fraction], Fraction]:
    """Dynamic programming deal by deal: layer k holds {state: {net/unit: count over D**k}}."""
    graph, d = chain.graph, chain.denominator
    unit = Fraction(1, lcm(*(g.denominator for _, _, gs in graph.edges(data="gains") for g in gs)))
    moves: dict[State, list[tuple[State, list[tuple[int, int]]]]] = {
        state: [
            (nxt, [(int(g / unit), c) for g, c in gains.items()])
            for _, nxt, gains in graph.out_edges(state, data="gains")
        ]
        for state in graph
    }
    _check_work(moves, deals)
    layer: dict[State, dict[int, int]] = {chain.start: {0: 1}}
    playing_sum = Fraction(0)  # expected deals = sum over k of P(still playing before deal k)
    for k in range(deals):
        playing = sum(sum(dist.values()) for s, dist in layer.items() if s.status is Status.PLAYING)
        playing_sum += Fraction(playing, d**k)
        following: dict[State, dict[int, int]] = {}
        for state, dist in layer.items():
            for nxt, gains in moves[state]:
                into = following.setdefault(nxt, {})
                for g, c in gains:
                    for v, w in dist.items():
                        into[v + g] = into.get(v + g, 0) + w * c
        layer = following
    scale = d**deals
    net: dict[int, int] = {}
    ends = dict.fromkeys(Status, Fraction(0))
    for state, dist in layer.items():
        for v, w in dist.items():
            net[v] = net.get(v, 0) + w
        ends[state.status] += Fraction(sum(dist.values()), scale)
    return {v * unit: Fraction(w, scale) for v, w in sorted(net.items()) if w}, ends, playing_sum


def _check_work(
    moves: Mapping[State, list[tuple[State, list[tuple[int, int]]]]], deals: int
) -> None:
    # Net values after k deals lie on the unit grid within k times the range of one
    # deal's gains, and are sums of k of the G distinct gains: a layer has at most
    # min(k * span + 1, G**k) values per state, each met once per (edge, gain) pair.
    gains = {g for edges in moves.values() for _, gs in edges for g, _ in gs}
    span = max(gains) - min(gains) if gains else 0
    pairs = sum(len(gs) for edges in moves.values() for _, gs in edges)
    # Each deal costs at least ``pairs``; with two or more gains the layers grow at least
    # linearly, so the running sum passes the limit within sqrt(2 * MAX_WORK) deals.
    estimate = pairs * deals
    if len(gains) > 1 and estimate <= MAX_WORK:
        estimate = 0
        for k in range(deals):
            estimate += pairs * min(k * span + 1, len(gains) ** min(k, 64))
            if estimate > MAX_WORK:
                break
    if estimate > MAX_WORK:
        raise ShtossError(
            f"about {estimate:.1e} steps for {deals} deals with {len(moves)} states: more "
            f"than the limit {MAX_WORK:.0e}; use fewer deals or a simpler plan or scheme"
        )


def _solve_unbounded(
    chain: Chain,
) -> tuple[dict[Fraction, Fraction], dict[Status, Fraction], Fraction]:
    """Play until every path ends: expected visits of the playing states, then absorption."""
    graph, d = chain.graph, chain.denominator
    playing = [s for s in graph if s.status is Status.PLAYING]
    flows = {
        (a, b): Fraction(c, d)
        for a, b, c in graph.edges(data="count")
        if a.status is Status.PLAYING and b.status is Status.PLAYING
    }
    visits = absorbing_visits(graph, playing, flows, chain.start)
    net: dict[Fraction, Fraction] = {}
    ends = dict.fromkeys(Status, Fraction(0))
    for state, times in visits.items():
        for _, end, count in graph.out_edges(state, data="count"):
            if end.status is Status.PLAYING:
                continue
            p = times * Fraction(count, d)
            ends[end.status] += p
            assert end.net is not None
            net[end.net] = net.get(end.net, Fraction(0)) + p
    expected = sum(visits.values(), Fraction(0))
    return dict(sorted(net.items())), ends, expected


def p_series(outcomes: DealOutcomes, *, deals: int, length: int) -> Fraction:
    """P(a series of at least ``length`` wins in a row within ``deals`` deals).

    A push neither extends nor breaks a series. State: the current run (0..length-1),
    or done; counts over D**k.

    >>> p_series(DealOutcomes(2, ((Fraction(-1), 1), (Fraction(1), 1))), deals=3, length=2)
    Fraction(3, 8)
    """
    if length < 1:
        raise ShtossError(f"series length={length}: allowed length >= 1")
    win = sum(c for x, c in outcomes.counts if x > 0)
    loss = sum(c for x, c in outcomes.counts if x < 0)
    push = outcomes.denominator - win - loss
    runs = [1] + [0] * (length - 1)
    done = 0  # over D**k after k deals, like the runs
    for _ in range(deals):
        following = [0] * length
        finished = 0
        for run, w in enumerate(runs):
            following[0] += w * loss
            following[run] += w * push
            if run + 1 == length:
                finished += w * win
            else:
                following[run + 1] += w * win
        done = done * outcomes.denominator + finished
        runs = following
    return Fraction(done, outcomes.denominator**deals)


def mean_series_length(outcomes: DealOutcomes) -> Fraction:
    """The expected length of a series (a run of wins, pushes skipped), with no bound.

    A series goes on past each win with chance w = P(win | decided), so its length L
    has P(L >= l) = w**(l - 1) and E[L] = 1 / (1 - w) = P(decided) / P(loss).

    >>> mean_series_length(deal_outcomes(Deal(52, 4), scheme_named("classic")))
    Fraction(833, 433)
    """
    loss = outcomes.probability(sign=-1)
    if loss == 0:
        raise ShtossError("the punter never loses with this scheme: a series never ends")
    return (loss + outcomes.probability(sign=1)) / loss
