"""A plan over a fixed number of deals: dynamic programming over the deals.

The chain unrolled in time is acyclic (the deal's index is a topological order). Layer
``k`` holds, for each state, integer counts over ``D**k`` (``D`` the deal's common
denominator):

* when the state holds the net (a bankroll or a target), one count per state;
* otherwise the net's distribution in the state, on the grid of the plan's gains: a
  dense array (``lo``, counts) when the values fill their range, a dict when they are
  sparse (``raise`` doubles the stake, so its nets spread over an exponential range).

Before any arithmetic the layers are run on their shape alone (the range or the set
of each state's values), so the cost is known: ranges are cheap to follow; sets are
followed (``shtoss_exact.plans.support``, which refuses what neither can do) only
when ranges say a dense solve would be slow, and both runs stop early (extrapolating)
when they grow long. Sources sending the same count to one
state are added first and multiplied once.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm, log2
from typing import Any

from shtoss_exact.distribution import Distribution
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import Cost, budget, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.plans.chain import Chain, State, Status
from shtoss_exact.plans.cost import (
    BIT_STEP,
    DENSE_STEP,
    SPARSE_STEP,
    bits_after,
    check_bits,
    check_written,
    deals_text,
    int_bytes,
)
from shtoss_exact.plans.delays import (
    Copy,
    Delays,
    copies_of,
    delay_run,
    unpacked_counts,
)
from shtoss_exact.plans.packed import Flow, Layers, flow_of, range_run
from shtoss_exact.plans.result import Solved
from shtoss_exact.plans.support import check_support

_ADVICE = N_("use fewer deals or a simpler plan or scheme (a bound k on the raises)")

# incoming[t] = [(source, gain in units, count), ...]
Incoming = dict[State, list[tuple[State, int, int]]]


def solve_horizon(chain: Chain, deals: int) -> Solved:
    """The exact net distribution, ends and expected deals after ``deals`` deals.

    >>> from shtoss_exact.deck import Deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.plans.chain import Rules, build_chain, classic_outcomes
    >>> rules = Rules(plan_named("paroli:1"), classic_outcomes(Deal(52, 4)))
    >>> solve_horizon(build_chain(rules, deals=2, max_states=10), 2).net[Fraction(3)]
    Fraction(160000, 693889)
    """
    check_bits(
        bits_after(deals, chain.denominator),
        what=deals_text(deals),
        advice=_ADVICE,
    )
    if chain.rules.tracks_net:
        return _by_state(chain, deals)
    return _by_net(chain, deals)


def _what(chain: Chain, deals: int) -> str:
    return _("{deals} deals of a chain of {states} states").format(
        deals=short_int(deals), states=len(chain.depth)
    )


def _held_seconds(chain: Chain, deals: int, *, step: float) -> float:
    """Seconds of ``deals`` layers in which every state first reached by deal k is held
    (with its edges) from then on."""
    reached: dict[int, int] = {}
    for state, depth in chain.depth.items():
        reached[depth] = reached.get(depth, 0) + (len(chain.edges.get(state, ())) or 1)
    slope = log2(max(chain.denominator, 2)) * BIT_STEP
    seconds, held = 0.0, 0
    last = max(reached)
    for k in range(min(deals, last + 1)):
        held += reached.get(k, 0)
        seconds += held * (step + k * slope)
    if deals > last + 1:  # every state is held from then on
        rest = deals - last - 1
        seconds += held * (rest * step + slope * rest * (deals + last) / 2)
    return seconds


def _by_state(chain: Chain, deals: int) -> Solved:
    """One count per state (the state holds the net)."""
    d = chain.denominator
    seconds = _held_seconds(chain, deals, step=SPARSE_STEP)
    memory = 2 * int_bytes(len(chain.depth), bits_after(deals, d))
    check_cost(Cost(seconds=seconds, bytes=memory), what=_what(chain, deals), advice=_ADVICE)
    check_written(len({state.net for state in chain.depth}), bits_after(deals, d))
    states = list(chain.depth)
    index = {state: i for i, state in enumerate(states)}
    moves = [
        [(index[nxt], count) for nxt, count, _ in chain.edges.get(state, ())] for state in states
    ]
    playing = [state.status is Status.PLAYING for state in states]
    layer: dict[int, int] = {index[chain.start]: 1}
    power, playing_sum = 1, 0
    for _deal in range(deals):
        playing_sum = playing_sum * d + sum(w for i, w in layer.items() if playing[i])
        following: dict[int, int] = {}
        for i, weight in layer.items():
            for j, count in moves[i]:
                following[j] = following.get(j, 0) + weight * count
        layer = following
        power *= d
    by_value: dict[Fraction | int, int] = {}
    ends = dict.fromkeys((s.value for s in Status), 0)
    for i, weight in layer.items():
        state = states[i]
        assert state.net is not None
        by_value[state.net] = by_value.get(state.net, 0) + weight
        ends[state.status.value] += weight
    unit = Fraction(1, lcm(*(v.denominator for v in by_value)))
    values = sorted(by_value)
    net = Distribution.on_grid(
        unit, tuple(int(v / unit) for v in values), tuple(by_value[v] for v in values), power,
        base=d,
    )  # fmt: skip
    return Solved(
        net,
        {key: Fraction(w, power) for key, w in ends.items()},
        Fraction(playing_sum, d ** (deals - 1)),
    )


def _incoming(chain: Chain) -> tuple[Fraction, Incoming]:
    """The gains on one grid and, for each state, where its mass comes from: playing
    states only (an ended state keeps its mass; it is scaled once, at the end)."""
    gains = {g for out in chain.edges.values() for _, _, gs in out for g in gs}
    scale = lcm(*(g.denominator for g in gains))
    unit = Fraction(1, scale)
    incoming: Incoming = {}
    for source, out in chain.edges.items():
        if source.status is not Status.PLAYING:
            continue
        for target, _net, gs in out:
            parts = incoming.setdefault(target, [])
            parts.extend((source, g.numerator * (scale // g.denominator), c) for g, c in gs.items())
    return unit, incoming


def _by_net(chain: Chain, deals: int) -> Solved:
    """A net distribution per state (the net is not part of the state)."""
    unit, incoming = _incoming(chain)
    d = chain.denominator
    # At least: every playing state first reached by deal k holds one value from then
    # on (half of them, should the chain be periodic).
    check_cost(
        Cost(seconds=_held_seconds(chain, deals, step=DENSE_STEP) / 2),
        what=_what(chain, deals),
        advice=_ADVICE,
    )
    flow = flow_of(chain, unit)
    copies = copies_of(flow)
    dense, support, held = (
        range_run(flow, deals) if copies is None else delay_run(flow, copies, deals)
    )
    sparse = float("inf")
    if dense > budget().seconds / 4 or held > budget().bytes / 4:  # the dicts may do better
        sparse = check_support(chain, deals, dense=dense)
    arrays = dense <= sparse
    cost = Cost(seconds=dense, bytes=held) if arrays else Cost(seconds=sparse)
    check_cost(cost, what=_what(chain, deals), advice=_ADVICE)
    if arrays:  # the arrays fill their ranges: a net written whole is as long
        check_written(support or 0, bits_after(deals, d))  # (None only past any budget)
        return _dense(flow, unit, deals) if copies is None else _delayed(flow, copies, unit, deals)
    layer: dict[State, Any] = {chain.start: {0: 1}}
    masses: dict[State, int] = {chain.start: 1}
    pieces: dict[int, list[Any]] = {}  # deals played -> the ended states' new masses
    ended = dict.fromkeys((s.value for s in Status), 0)  # over D**k, by Horner
    playing_sum = 0
    for k in range(deals):
        playing_sum = playing_sum * d + sum(masses.values())
        following: dict[State, Any] = {}
        next_masses: dict[State, int] = {}
        for key in ended:
            ended[key] *= d
        for target in _targets(chain, layer):
            present = [(s, g, c) for s, g, c in incoming[target] if s in layer]
            held = _gather_sparse(present, layer)
            mass = sum(masses[s] * c for s, _, c in present)
            if target.status is Status.PLAYING:
                following[target], next_masses[target] = held, mass
            else:
                pieces.setdefault(k + 1, []).append(held)
                ended[target.status.value] += mass
        layer, masses = following, next_masses
    by_value: dict[int, int] = {}
    for held in layer.values():
        _add_into(by_value, held, 1)
    scale = 1
    for played in range(deals, 0, -1):  # mass that ended after ``played`` deals: * D**(K-played)
        for held in pieces.get(played, ()):
            _add_into(by_value, held, scale)
        scale *= d
    total = d**deals
    ended[Status.PLAYING.value] = sum(masses.values())
    values = sorted(by_value)
    net = Distribution.on_grid(unit, values, tuple(by_value[v] for v in values), total, base=d)
    return Solved(
        net,
        {key: Fraction(w, total) for key, w in ended.items()},
        Fraction(playing_sum, d ** (deals - 1)),
    )


def _dense(flow: Flow, unit: Fraction, deals: int) -> Solved:
    """The layers of a chain whose nets fill their ranges (``shtoss_exact.plans.packed``)."""
    layers = Layers.start(flow)
    for _deal in range(deals):
        layers.deal()
    by_value = layers.counts()
    ends = dict.fromkeys((s.value for s in Status), 0)
    for state, mass, held in zip(flow.states, layers.mass, layers.held, strict=True):
        if held is not None:
            ends[state.status.value] += mass
    total, d = layers.power, flow.denominator
    values = sorted(by_value)
    net = Distribution.on_grid(unit, values, tuple(by_value[v] for v in values), total, base=d)
    return Solved(
        net,
        {key: Fraction(w, total) for key, w in ends.items()},
        Fraction(layers.playing_sum, d ** (deals - 1)),
    )


def _delayed(flow: Flow, copies: dict[int, Copy], unit: Fraction, deals: int) -> Solved:
    """The roots' nets deal by deal, the copies read off them at the end
    (``shtoss_exact.plans.delays``: some states are copies of others)."""
    layers = Delays(flow, copies)
    for _deal in range(deals):
        layers.deal()
    by_value, mass = unpacked_counts(layers)
    ends = dict.fromkeys((s.value for s in Status), 0)
    for state, m in zip(flow.states, mass, strict=True):
        ends[state.status.value] += m
    d, total = flow.denominator, layers.power
    values = sorted(by_value)
    net = Distribution.on_grid(unit, values, tuple(by_value[v] for v in values), total, base=d)
    return Solved(
        net,
        {key: Fraction(w, total) for key, w in ends.items()},
        Fraction(layers.playing_sum, d ** (deals - 1)),
    )


def _targets(chain: Chain, layer: dict[State, Any]) -> list[State]:
    """The states the layer's states lead to, in the chain's order (each once)."""
    seen: dict[State, None] = {}
    for source in layer:
        for target, _net, _count in chain.edges.get(source, ()):
            seen[target] = None
    return sorted(seen, key=chain.depth.__getitem__) if len(seen) > 1 else list(seen)


def _add_into(by_value: dict[int, int], held: dict[int, int], scale: int) -> None:
    for v, w in held.items():
        if w:
            by_value[v] = by_value.get(v, 0) + w * scale


def _gather_sparse(parts: list[tuple[State, int, int]], layer: dict[State, Any]) -> Any:
    groups: dict[int, list[tuple[int, dict[int, int]]]] = {}
    for source, gain, count in parts:
        groups.setdefault(count, []).append((gain, layer[source]))
    out: dict[int, int] = {}
    for count, group in groups.items():
        if len(group) == 1:
            gain, summed = group[0][0], group[0][1]
        else:
            gain, summed = 0, {}
            for g, dist in group:
                for v, w in dist.items():
                    summed[v + g] = summed.get(v + g, 0) + w
        for v, w in summed.items():
            key = v + gain
            out[key] = out.get(key, 0) + w * count
    return out
