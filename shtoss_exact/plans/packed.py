"""Dense nets over a fixed number of deals: each state's net held as one integer.

``shtoss_exact.plans.horizon`` unrolls the chain deal by deal; when every state's net
fills a range of the grid, this module does its layers. A state holds its counts (over
``D**k`` after ``k`` deals, the denominator never divided) for the values ``low ..
low + size - 1`` packed into one integer, ``slot`` bytes a value (Kronecker
substitution)::

    held = sum(count[i] << (8 * slot * i) for i in range(size))

so one deal is, for each state, a sum of its sources shifted by their gains (one shift
of a whole integer), the sources sending the same count added first and multiplied
once: a few big-integer operations a source instead of one a value. No slot ever
overflows: after ``k`` deals every count, and every sum of counts a deal adds, is at
most ``D**k``, and a slot holds more bits than ``D**k`` has (the slots grow as the
counts do, repacked a quarter wider at a time). Once the slots are wide (the counts
long), whole integers stop paying — a shift costs as much as the sum — and the counts
are unpacked into lists summed entry by entry, aligned by offset (no shift).

The cost is estimated first, on the ranges alone (``range_run``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from itertools import chain, repeat
from math import log2
from operator import add

from shtoss_exact.limits import BIT_BYTES, float_estimate
from shtoss_exact.plans.chain import Chain as Chain_
from shtoss_exact.plans.chain import State, Status
from shtoss_exact.plans.cost import (
    BIT_STEP,
    DENSE_STEP,
    INT_BYTES,
    PACKED_BIT,
    PACKED_STEP,
    PART_STEP,
    values_in,
)

PACKED_BITS = 1024
"""Widest slot (bits) the layers keep packed; wider counts are summed entry by entry."""

DRY_PARTS = 400_000
"""Most (state, source) steps the range run takes before it extrapolates."""


@dataclass(frozen=True)
class Flow:
    """The chain by index: for each state, where its counts come from in one deal.

    ``groups[t]`` lists ``(count, ((source, gain in units), ...))``, the sources of one
    count together; ``inflow[t]`` the ``(source, count)`` of its mass. An ended state
    keeps its mass: one source, itself, with the whole count ``D`` and gain 0.
    """

    states: list[State]
    start: int
    denominator: int
    playing: list[bool]
    groups: list[list[tuple[int, tuple[tuple[int, int], ...]]]]
    inflow: list[list[tuple[int, int]]]


def flow_of(chain: Chain_, unit: Fraction) -> Flow:
    """The chain's states by index, their sources grouped by count."""
    states = list(chain.depth)
    index = {state: i for i, state in enumerate(states)}
    playing = [state.status is Status.PLAYING for state in states]
    grouped: list[dict[int, list[tuple[int, int]]]] = [{} for _ in states]
    inflow: list[list[tuple[int, int]]] = [[] for _ in states]
    d = chain.denominator
    scale = unit.denominator if unit.numerator == 1 else 0  # a gain is gain * scale units
    for source, out in chain.edges.items():
        i = index[source]
        if not playing[i]:
            continue
        for target, total, gains in out:
            j = index[target]
            inflow[j].append((i, total))
            for gain, count in gains.items():
                steps = (
                    gain.numerator * (scale // gain.denominator)
                    if scale and not scale % gain.denominator
                    else int(gain / unit)
                )
                grouped[j].setdefault(count, []).append((i, steps))
    for j, plays in enumerate(playing):
        if not plays:
            grouped[j].setdefault(d, []).append((j, 0))
            inflow[j].append((j, d))
    groups = [[(c, tuple(sources)) for c, sources in g.items()] for g in grouped]
    return Flow(states, index[chain.start], d, playing, groups, inflow)


def _slot_bytes(bits: int) -> int:
    """A slot for counts of ``bits`` bits, a quarter wider (so repacked rarely)."""
    need = (bits + 7) // 8
    return need + max(8, need // 4)


@dataclass
class Layers:
    """The deals played so far: per state its range, counts and mass (``None``: absent)."""

    flow: Flow
    held: list[int | list[int] | None]
    low: list[int]
    size: list[int]
    mass: list[int]
    slot: int = 8
    packed: bool = True
    power: int = 1  # D**k
    playing_sum: int = 0  # sum over j < k of P(playing after j deals) D**j, by Horner

    @classmethod
    def start(cls, flow: Flow) -> Layers:
        n = len(flow.states)
        layers = cls(flow, [None] * n, [0] * n, [0] * n, [0] * n)
        layers.held[flow.start], layers.size[flow.start] = 1, 1
        layers.mass[flow.start] = 1
        return layers

    def deal(self) -> None:
        """One more deal."""
        flow, held, mass = self.flow, self.held, self.mass
        d = flow.denominator
        playing = zip(mass, flow.playing, held, strict=True)
        self.playing_sum = self.playing_sum * d + sum(
            m for m, plays, h in playing if plays and h is not None
        )
        self.power *= d
        bits = self.power.bit_length()  # every count of the next layer is <= D**(k+1)
        if self.packed and bits > PACKED_BITS:
            self._unpack_all()
        elif self.packed and bits > 8 * self.slot:
            self._repack_all(_slot_bytes(bits))
        gather = self._gather_packed if self.packed else self._gather_lists
        n = len(held)
        following: list[int | list[int] | None] = [None] * n
        low, size, masses = [0] * n, [0] * n, [0] * n
        for j in range(n):
            present = [(c, [(i, g) for i, g in sources if held[i] is not None])
                       for c, sources in flow.groups[j]]  # fmt: skip
            present = [(c, sources) for c, sources in present if sources]
            if not present:
                continue
            lo = min(self.low[i] + g for _, sources in present for i, g in sources)
            hi = max(self.low[i] + self.size[i] + g for _, sources in present for i, g in sources)
            following[j], low[j], size[j] = gather(present, lo, hi), lo, hi - lo
            masses[j] = sum(mass[i] * c for i, c in flow.inflow[j] if held[i] is not None)
        self.held, self.low, self.size, self.mass = following, low, size, masses

    def _gather_packed(self, present: list[tuple[int, list[tuple[int, int]]]], lo: int,
                       hi: int) -> int:  # fmt: skip
        bits = 8 * self.slot
        total = 0
        for count, sources in present:
            part = 0
            for i, g in sources:
                h = self.held[i]
                assert isinstance(h, int)
                shift = (self.low[i] + g - lo) * bits
                part += h << shift if shift else h
            total += part * count if count != 1 else part
        return total

    def _gather_lists(self, present: list[tuple[int, list[tuple[int, int]]]], lo: int,
                      hi: int) -> list[int]:  # fmt: skip
        """One lazy pipeline a value at a time (the sources aligned by zero padding, added,
        multiplied, added): every intermediate integer is freed as soon as it is used."""
        width = hi - lo
        streams: list[Iterable[int]] = []
        for count, sources in present:
            rows = [self._aligned(i, self.low[i] + g - lo, width) for i, g in sources]
            summed = reduce(_added, rows[1:], rows[0])
            streams.append(summed if count == 1 else map(count.__mul__, summed))
        return list(reduce(_added, streams[1:], streams[0]))

    def _aligned(self, i: int, before: int, width: int) -> Iterator[int]:
        row = self.held[i]
        assert isinstance(row, list)
        after = width - before - len(row)
        if not before and not after:
            return iter(row)
        return chain(repeat(0, before), row, repeat(0, after))

    def _repack_all(self, slot: int) -> None:
        for i, h in enumerate(self.held):
            if isinstance(h, int):
                raw = memoryview(h.to_bytes(self.size[i] * self.slot, "little"))
                out = bytearray(self.size[i] * slot)
                for v in range(self.size[i]):
                    out[v * slot : v * slot + self.slot] = raw[v * self.slot : (v + 1) * self.slot]
                self.held[i] = int.from_bytes(out, "little")
        self.slot = slot

    def _unpack_all(self) -> None:
        for i, h in enumerate(self.held):
            if isinstance(h, int):
                self.held[i] = unpacked(h, self.size[i], self.slot)
        self.packed = False

    def counts(self) -> dict[int, int]:
        """The net's counts (over ``D**k``) by value on the grid, zeros left out."""
        by_value: dict[int, int] = {}
        for i, h in enumerate(self.held):
            if h is None:
                continue
            row = unpacked(h, self.size[i], self.slot) if isinstance(h, int) else h
            for v, c in enumerate(row, self.low[i]):
                if c:
                    by_value[v] = by_value.get(v, 0) + c
        return by_value


def _added(total: Iterable[int], row: Iterable[int]) -> Iterator[int]:
    return map(add, total, row)


def unpacked(held: int, size: int, slot: int) -> list[int]:
    """The ``size`` counts packed in ``held``, ``slot`` bytes each.

    >>> unpacked(3 | 5 << 64, 2, 8)
    [3, 5]
    """
    raw = held.to_bytes(size * slot, "little")
    return [int.from_bytes(raw[v * slot : (v + 1) * slot], "little") for v in range(size)]


def range_run(flow: Flow, deals: int) -> tuple[float, int | None, float]:
    """Estimated seconds of ``deals`` layers, run on the states' ranges alone: per
    source a few operations on whole integers while packed (each as long as the
    target's range times the slot), then per value one on counts of ``k log2 D`` bits;
    past ``DRY_PARTS`` steps the growth of the layers is extrapolated. With them, the
    values the net may take (the union of the states' ranges; past ``DRY_PARTS``, that
    union widened by the widest move of a deal for each deal left; None: not run to
    the end, the cost past any budget), and the bytes of the last two layers.

    >>> from shtoss_exact.deck import Deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.plans.chain import Rules, build_chain, classic_outcomes
    >>> rules = Rules(plan_named("flat"), classic_outcomes(Deal(52, 4)))
    >>> range_run(flow_of(build_chain(rules, deals=10, max_states=10), Fraction(1)), 10)[1]
    21
    """
    n = len(flow.states)
    low, high = [0] * n, [0] * n  # the range [low, high) of each state's values; empty: absent
    high[flow.start] = 1
    per_bit = log2(max(flow.denominator, 2))
    seconds, taken, history = 0.0, 0, []
    for k in range(deals):
        bits = (k + 1) * per_bit
        packed = bits <= PACKED_BITS
        slot = 8 * _slot_bytes(int(bits) + 1) if packed else bits
        new_low, new_high = [0] * n, [0] * n
        values = 0
        for j in range(n):
            lo = hi = None
            parts = 0
            for _, sources in flow.groups[j]:
                for i, g in sources:
                    if high[i] > low[i]:
                        a, b = low[i] + g, high[i] + g
                        lo = a if lo is None or a < lo else lo
                        hi = b if hi is None or b > hi else hi
                        values += high[i] - low[i] if not packed else 0
                        parts += 1
            if lo is None or hi is None:
                continue
            new_low[j], new_high[j] = lo, hi
            if packed:
                values += (parts + len(flow.groups[j])) * (hi - lo)
            taken += parts
            seconds += parts * PART_STEP + len(flow.inflow[j]) * PACKED_STEP
        low, high = new_low, new_high
        # payoffs of hundreds of digits: ranges past a float, a cost past any budget
        step = float_estimate(values) * (
            slot * PACKED_BIT if packed else DENSE_STEP + bits * BIT_STEP
        )
        seconds += step
        history.append(values)
        if seconds > 1e3:
            return seconds, None, 0.0
        if taken > DRY_PARTS and k + 1 < deals:
            moves = [g for groups in flow.groups for _, sources in groups for _, g in sources]
            widest = max([*moves, 0]) - min([*moves, 0])
            support = _values(low, high) + (deals - k - 1) * widest
            held = 2 * float_estimate(support) * n * (deals * per_bit * BIT_BYTES + INT_BYTES)
            return seconds + _extrapolate(history, k + 1, deals, per_bit=per_bit), support, held
    entries = sum(b - a for a, b in zip(low, high, strict=True) if b > a)
    return seconds, _values(low, high), 2 * entries * (deals * per_bit * BIT_BYTES + INT_BYTES)


def _values(low: list[int], high: list[int]) -> int:
    return values_in([(a, b) for a, b in zip(low, high, strict=True) if b > a])


def _extrapolate(history: list[int], done: int, deals: int, *, per_bit: float) -> float:
    """The seconds of layers ``done..deals-1`` summed entry by entry, the values growing
    as a power of the layer (fitted on the last half of ``history``)."""
    half = max(1, done // 2)
    late, early = history[done - 1], history[half - 1]
    power = max(0.0, log2(max(late, 1) / max(early, 1)) / log2(done / half)) if done > half else 1.0
    stride = max(1, (deals - done) // 1000)
    total = 0.0
    for k in range(done, deals, stride):
        total += late * (k / done) ** power * (DENSE_STEP + k * per_bit * BIT_STEP) * stride
        if total > 1e3:
            break
    return total
