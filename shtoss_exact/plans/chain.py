"""A punter's plan as an exact Markov chain: one deal's outcomes, the rules, the states.

Every deal is played with a freshly shuffled deck, so deals are independent; only the
stake moves with what happened. A state is (next stake, raises made in the current
series, net so far when the rules depend on it, status); its edges carry the exact
count (over the deal's common denominator) of each per-deal outcome and the net it
adds. Every state's outgoing counts are checked to sum to exactly the denominator.

The chain is found breadth-first with plain dictionaries; ``Chain.graph`` gives it as
a networkx ``DiGraph`` (imported only then) for export and inspection.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from math import gcd, lcm, log2
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import dataclass, field
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import MAX_CHAIN_BYTES, MAX_CHAIN_SECONDS, Budget, Cost, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.plans.catalog import AfterLoss, AfterWin, Plan
from shtoss_exact.plans.cost import BIT_STEP, CHAIN_STEP, DENSE_STEP, FRACTION_STEP

if TYPE_CHECKING:
    from shtoss_exact.schemes.scheme import Scheme


@dataclass(frozen=True)
class DealOutcomes:
    """One deal's punter payoff per unit stake, as counts over a common denominator.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> deal_outcomes(Deal(52, 4), scheme_named("classic")).counts
    ((Fraction(-1, 1), 433), (Fraction(1, 1), 400))
    """

    denominator: int
    counts: tuple[tuple[Fraction, int], ...]

    @cached_property
    def top(self) -> Fraction:
        """The largest payoff: the "maximal win" a raise is measured against."""
        return max(payoff for payoff, _ in self.counts)

    def weight(self, *, sign: int) -> int:
        """The count of payoffs > 0, < 0 or = 0 for ``sign`` 1, -1, 0."""
        return sum(c for x, c in self.counts if (x > 0) - (x < 0) == sign)

    def probability(self, *, sign: int) -> Fraction:
        """P(payoff > 0), P(payoff < 0) or P(push) for ``sign`` 1, -1, 0."""
        return Fraction(self.weight(sign=sign), self.denominator)

    def check_moves_money(self, scheme: str, deal: Deal, *, advice: str) -> None:
        """Refuse a play until ruin or target under outcomes that all pay 0 (it never
        ends), naming ``scheme`` and ``deal``, with ``advice`` (what the caller may give).

        >>> DealOutcomes(1, ((Fraction(0), 1),)).check_moves_money(
        ...     "flat-zero", Deal(2, 2), advice="allowed another")
        Traceback (most recent call last):
        ...
        shtoss_exact.errors.ShtossError: scheme 'flat-zero' never moves money on a banker's \
deck of 2 cards with 2 of the punter's rank: the play never ends; allowed another
        """
        if any(payoff != 0 for payoff, _ in self.counts):
            return
        raise ShtossError(
            _(
                "scheme {name!r} never moves money on a banker's deck of {cards} cards with "
                "{copies} of the punter's rank: the play never ends; {advice}"
            ).format(
                name=scheme,
                cards=short_int(deal.cards),
                copies=short_int(deal.copies),
                advice=advice,
            )
        )


def classic_outcomes(deal: Deal) -> DealOutcomes:
    """``deal_outcomes`` of the classic scheme (given +1, killed and plié -1, no copy a
    push), straight from the engine's summary counts (no scheme to load).

    >>> classic_outcomes(Deal(52, 4)).counts
    ((Fraction(-1, 1), 433), (Fraction(1, 1), 400))
    """
    from shtoss_exact.engine import check_deal, kind_counts_of

    check_deal(deal)
    kinds = kind_counts_of(deal)
    parts = ((-1, kinds.killed + kinds.plie), (0, kinds.no_copy), (1, kinds.given))
    common = gcd(kinds.total, *(c for _, c in parts))
    return DealOutcomes(
        kinds.total // common, tuple((Fraction(x), c // common) for x, c in parts if c)
    )


def deal_outcomes(deal: Deal, scheme: Scheme) -> DealOutcomes:
    """The scheme's distribution on ``deal``, reduced to the smallest common denominator.

    A null outcome (the stake comes back) is a payoff of 0: a push.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> deal_outcomes(Deal(52, 4), scheme_named("classic")).denominator
    833
    """
    from shtoss_exact.engine import check_deal

    for _weight, part in scheme.played_deals(deal):
        check_deal(part)  # a deck too large to count is refused before it is counted
    distribution = scheme.settlement_counts(deal).distribution()
    denominator = lcm(*(p.denominator for p in distribution.values()))
    counts = tuple(
        (Fraction(x), int(p * denominator)) for x, p in sorted(distribution.items()) if p
    )
    return DealOutcomes(denominator, counts)


class Status(StrEnum):
    """Where a state stands: still playing, or ended (and why)."""

    PLAYING = "playing"
    STOPPED = "stopped"  # the plan left the table after a loss (Hermann)
    RUINED = "ruined"  # the bankroll fell below the initial kush
    TARGET = "target"  # the bankroll reached the target


class State:
    """The next stake, raises made in the current series, the net (if tracked), status.

    Immutable; a chain is built by many lookups, so its hash is computed once.
    """

    __slots__ = ("_hash", "level", "net", "stake", "status")

    def __init__(
        self, stake: Fraction | int, level: int, net: Fraction | int | None, status: Status
    ) -> None:
        for name, value in (("stake", stake), ("level", level), ("net", net), ("status", status)):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_hash", hash((stake, level, net, status)))

    stake: Fraction | int
    level: int
    net: Fraction | int | None
    status: Status
    _hash: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"State is immutable: cannot set {name}")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self._hash == other._hash
            and self.stake == other.stake
            and self.level == other.level
            and self.net == other.net
            and self.status is other.status
        )

    def __repr__(self) -> str:
        return f"State({self.label()})"

    def label(self) -> str:
        """A short name: ``stake=2 level=1 net=-1``, or ``ruined net=-5``."""
        net = "" if self.net is None else f" net={self.net}"
        if self.status is not Status.PLAYING:
            return f"{self.status.value}{net}"
        return f"stake={self.stake} level={self.level}{net}"


@dataclass(frozen=True)
class Rules:
    """The plan with the table's limits: bankroll, target, the banker's maximum stake.

    After each deal, in this order: the net reaching the target ends the play
    (``target``); else the bankroll falling below the initial kush ends it (``ruined``,
    whatever the plan would do next); else a loss under a plan that stops ends it
    (``stopped``); else the play goes on.
    """

    plan: Plan
    outcomes: DealOutcomes
    bankroll: Fraction | None = field(default=None, kw_only=True)
    target: Fraction | None = field(default=None, kw_only=True)
    max_stake: Fraction | None = field(default=None, kw_only=True)
    tracks_net: bool = field(default=False, kw_only=True)

    def check(self) -> None:
        """Refuse limits that make no sense for the plan's kush."""
        kush = self.plan.kush
        if self.bankroll is not None and self.bankroll < kush:
            raise ShtossError(
                _(
                    "bankroll={bankroll} is below the initial kush {kush}: allowed bankroll >= kush"
                ).format(bankroll=self.bankroll, kush=kush)
            )
        if self.max_stake is not None and self.max_stake < kush:
            raise ShtossError(
                _(
                    "max-stake={max_stake} is below the initial kush {kush}: allowed max-stake >= "
                    "kush"
                ).format(max_stake=self.max_stake, kush=kush)
            )
        if self.target is not None and self.target <= 0:
            raise ShtossError(_("target={target}: allowed target > 0").format(target=self.target))

    def start(self) -> State:
        """The first state: the initial kush, no raise yet, net 0 (if tracked)."""
        self.check()
        return State(_plain(self.plan.kush), 0, 0 if self.tracks_net else None, Status.PLAYING)

    @cached_property
    def _moves(self) -> tuple[tuple[Fraction | int, int, Fraction | int, int], ...]:
        """Per outcome: payoff, count, the stake's factor after a win (``share``), sign."""
        top = self.outcomes.top
        return tuple(
            (_plain(x), c, _plain(1 + x / top) if top else 1, (x > 0) - (x < 0))
            for x, c in self.outcomes.counts
        )

    @cached_property
    def _limits(self) -> tuple[Fraction | int | None, ...]:
        return tuple(
            None if v is None else _plain(v)
            for v in (self.plan.kush, self.bankroll, self.target, self.max_stake)
        )

    def step(self, state: State, payoff: Fraction) -> tuple[State, Fraction | int]:
        """The next state after one deal with ``payoff`` per unit stake, and the net it adds."""
        for x, _y, factor, sign in self._moves:
            if x == payoff:
                return self._step(state, x, factor, sign)
        raise ValueError(f"payoff {payoff} is not an outcome of the deal")

    def _step(self, state: State, payoff: Fraction | int, factor: Fraction | int,
              sign: int) -> tuple[State, Fraction | int]:  # fmt: skip
        # Whole numbers stay ints (a classic scheme and whole limits never make a
        # Fraction); an int and a Fraction of the same value are equal and hash alike.
        if state.status is not Status.PLAYING:
            return state, 0
        plan, stake, level, status = self.plan, state.stake, state.level, Status.PLAYING
        kush, bankroll, target, max_stake = self._limits
        assert kush is not None
        gain = stake * payoff
        if sign > 0 and plan.after_win is not AfterWin.KEEP:
            if plan.raises is not None and level >= plan.raises:
                stake, level = kush, 0  # take the profit: back to the initial kush
            elif plan.after_win is AfterWin.SHARE:
                stake, level = _plain(stake * factor), level + 1
            else:
                stake, level = stake + gain, level + 1  # the winnings stay on the card
        elif sign < 0:
            stake, level = kush, 0
        # A push (payoff 0) leaves the stake and the series as they were.
        net = None if state.net is None else _plain(state.net + gain)
        if net is not None and target is not None and net >= target:
            status = Status.TARGET
        elif net is not None and bankroll is not None and bankroll + net < kush:
            status = Status.RUINED
        elif sign < 0 and plan.after_loss is AfterLoss.STOP:
            status = Status.STOPPED
        elif net is not None and bankroll is not None:
            stake = min(stake, _plain(bankroll + net))  # he cannot stake more than he has
        if max_stake is not None:
            stake = min(stake, max_stake)  # no free kush: the banker refuses more
        if status is not Status.PLAYING:
            stake, level = 0, 0
        return State(stake, level, net, status), _plain(gain)


def _plain(value: Fraction | int) -> Fraction | int:
    """A whole number as an int (fast), any other as a Fraction."""
    if isinstance(value, int):
        return value
    return value.numerator if value.denominator == 1 else value


Edge = tuple["State", int, dict[Fraction | int, int]]
"""An edge out of a state: the next state, its count, and {net added: count}."""


class Chain:
    """The states reachable from the start within the horizon, found breadth-first.

    ``edges[state]`` lists ``(next state, count, {net added: count})`` (counts over
    ``denominator``); a state beyond the horizon has no edges; an ended state has one
    edge to itself with the whole count. ``depth[state]`` is the first deal after which
    it can be reached (states in order of discovery).
    """

    def __init__(
        self, start: State, denominator: int, rules: Rules, depth: dict[State, int],
        edges: dict[State, list[Edge]],
    ) -> None:  # fmt: skip
        self.start = start
        self.denominator = denominator
        self.rules = rules
        self.depth = depth
        self.edges = edges

    def __repr__(self) -> str:
        return f"Chain(start={self.start.label()}, states={len(self.depth)})"

    def probability(self, source: State, target: State) -> Fraction:
        """The exact transition probability of one edge (0 if there is none)."""
        count = sum(c for nxt, c, _ in self.edges.get(source, ()) if nxt == target)
        return Fraction(count, self.denominator)

    @cached_property
    def graph(self) -> Any:
        """The chain as a networkx ``DiGraph``: node ``State`` (attribute ``depth``); edge
        ``count`` (over ``denominator``) and ``gains`` {net added: count}."""
        import networkx as nx

        graph = nx.DiGraph()
        graph.add_nodes_from((state, {"depth": d}) for state, d in self.depth.items())
        graph.add_edges_from(
            (a, b, {"count": c, "gains": dict(g)})
            for a, out in self.edges.items()
            for b, c, g in out
        )
        return graph


def build_chain(
    rules: Rules, *, deals: int | None, max_states: int, max_seconds: float = MAX_CHAIN_SECONDS
) -> Chain:
    """The states reachable within ``deals`` deals (all of them when ``None``), at most
    ``max_states`` of them, found in at most ``max_seconds`` and ``MAX_CHAIN_BYTES``
    (estimated step by step: more states, a longer search or more memory are refused as
    soon as they are met). With ``deals``, each finished layer also bounds the solve to
    come from below — every state found is held in every later deal — and a solve that
    could not be answered is refused before more states are found.

    >>> from shtoss_exact.deck import make_deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> rules = Rules(plan_named("paroli:3"), deal_outcomes(make_deal(), scheme_named("classic")))
    >>> len(build_chain(rules, deals=10, max_states=100).depth)
    4
    """
    start = rules.start()
    depth: dict[State, int] = {start: 0}
    edges: dict[State, list[Edge]] = {}
    frontier = [start]
    level = 0
    whole = rules.outcomes.denominator
    moves = rules._moves
    spent = 0.0
    held = float(STATE_BYTES)
    playing = 0
    while frontier and (deals is None or level < deals):
        if deals is not None:
            _check_solve(len(depth), level, deals, whole)
        level += 1
        following: list[State] = []
        for state in frontier:
            if state.status is not Status.PLAYING:
                edges[state] = [(state, whole, {0: whole})]
                continue
            playing += 1
            if deals is None and rules.tracks_net and playing % 256 == 0:
                _check_absorption(playing, whole)
            out: dict[State, tuple[int, dict[Fraction | int, int]]] = {}
            exact = isinstance(state.stake, Fraction) or isinstance(state.net, Fraction)
            size = _bits(state.stake) + _bits(state.net)
            spent += len(moves) * ((FRACTION_STEP if exact else CHAIN_STEP) + size * 1.5e-9)
            # The state, its edges, their gains and the next states: about four numbers
            # of its size per outcome.
            held += STATE_BYTES + len(moves) * (EDGE_BYTES + size / 2)
            check_cost(
                Cost(seconds=spent, bytes=held),
                what=_("finding the chain's states ({depth_count} found so far)").format(
                    depth_count=len(depth)
                ),
                advice=_ADVICE,
                limit=Budget(seconds=max_seconds, bytes=MAX_CHAIN_BYTES),
            )
            for payoff, count, factor, sign in moves:
                nxt, gain = rules._step(state, payoff, factor, sign)
                if nxt not in depth:
                    if len(depth) >= max_states:
                        reach = "reach" if deals is None else f"{short_int(deals)} deals"
                        raise ShtossError(
                            _(
                                "the chain has more than {max_states} states within {reach}: more "
                                "than the limit; {advice}"
                            ).format(max_states=max_states, reach=reach, advice=_(_ADVICE))
                        )
                    depth[nxt] = level
                    following.append(nxt)
                total, gains = out.get(nxt, (0, {}))
                gains[gain] = gains.get(gain, 0) + count
                out[nxt] = (total + count, gains)
            edges[state] = [(nxt, total, gains) for nxt, (total, gains) in out.items()]
        frontier = following
    chain = Chain(start, rules.outcomes.denominator, rules, depth, edges)
    check_chain(chain)
    return chain


STATE_BYTES = 800
"""Bytes of one state found: the object, its entries in the depth and edge maps."""

EDGE_BYTES = 150
"""Bytes of one edge: its tuple, its dict of gains, their slots."""

_ADVICE = N_(
    "use fewer deals, a smaller bankroll or target, a larger kush, or a bound k on the raises"
)


def _check_solve(found: int, level: int, deals: int, denominator: int) -> None:
    """Refuse, as soon as a layer is done, a chain whose solve over ``deals`` deals is
    bound to pass the budget: each of the ``found`` states is held from deal ``level``
    on, half of them at least (``horizon``'s own first check), and the counts of deal
    ``k`` have ``k log2 D`` bits."""
    rest = deals - level
    slope = log2(max(denominator, 2)) * BIT_STEP
    seconds = found * (rest * DENSE_STEP + slope * rest * (deals - 1 + level) / 2) / 2
    check_cost(
        Cost(seconds=seconds),
        what=_("{short_int} deals of a chain of more than {found} states").format(
            short_int=short_int(deals), found=found
        ),
        advice=_ADVICE,
        least=True,
    )


def _check_absorption(playing: int, denominator: int) -> None:
    """Refuse, while the states are found, a play until it ends whose exact solve is
    bound to pass the budget: the lifting of ``shtoss_exact.linear`` alone, over the
    ``playing`` states found so far (each an unknown, with its own entry and at least
    one edge into it), takes a step per 244 bits of Hadamard's bound on the answer,
    about ``2 n (bits + 1)`` bits."""
    from shtoss_exact.linear import lifting_work

    work = lifting_work(playing, 2 * playing, stored=2 * playing,
                        bits=denominator.bit_length(), sums=1)  # fmt: skip
    check_cost(
        Cost(seconds=work * 1e-9),
        what=_("more than {playing} playing states until the play ends").format(playing=playing),
        advice=_ADVICE,
        least=True,
    )


def _bits(value: Fraction | int | None) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value.bit_length()
    return value.numerator.bit_length() + value.denominator.bit_length()


def check_chain(chain: Chain) -> None:
    """Every expanded state's outgoing counts sum to exactly the denominator."""
    for state, out in chain.edges.items():
        total = sum(count for _, count, _ in out)
        gains = sum(sum(g.values()) for _, _, g in out)
        if total != chain.denominator or gains != total:
            raise AssertionError(
                f"state {state.label()} has outgoing probability "
                f"{Fraction(total, chain.denominator)}"
            )
