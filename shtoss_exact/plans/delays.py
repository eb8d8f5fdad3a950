"""Layers over a fixed number of deals with the copies of other states left out.

Many states of a plan's chain have one way in: ``raise`` and ``paroli`` climb a
ladder of stakes, each rung reached only by a win on the rung below. Such a state
(a *copy*) holds, after ``k`` deals, its source's net of the deal before, shifted by
the one gain ``g`` and multiplied by the one count ``c``: in generating functions,
``f_j(k) = c y^g f_i(k - 1)``. Followed down to a state with several ways in (a
*root*), every copy is ``m y^G f_r(k - d)`` (``d`` deals later), so only the roots are
computed, each from the roots' nets of earlier deals (the history kept as deep as the
longest delay)::

    f_r(k) = sum over terms of  mult y^shift f_root(k - 1 - delay)

Terms of one root and one shift whose delays follow one another and whose
multipliers grow by one ratio ``rho`` (the ladder: ``433, 433*400, 433*400**2, ...``)
are one accumulated sum ``B(k) = sum over l < L of rho**l f(k - l)``, kept by
``B(k) = f(k) + rho B(k - 1) - rho**L f(k - L)``: two products a value instead of one
a rung (Horner). ``raise`` over 200 deals sums one accumulator where the layers sum
200 rungs. A product of one net by one count is made once a deal into a list when two
sums take it (the top rung's win and the end of the accumulated losses); one that a
single sum takes is made in that sum, a value at a time, so that no list of products
is built and each product is freed as soon as it is added (about a tenth of the time
of ``paroli:3`` over 1000 deals).

Counts are over ``D**k`` after ``k`` deals as everywhere (no division); a net is a
``(low, counts)`` pair on the grid of the gains (``None``: no mass yet).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, repeat
from math import log2
from operator import add, mul, neg, sub

from shtoss_exact.limits import BIT_BYTES, float_estimate
from shtoss_exact.plans.cost import (
    BIT_STEP,
    DENSE_STEP,
    INT_BYTES,
    PART_STEP,
    SPARSE_STEP,
    values_in,
)
from shtoss_exact.plans.packed import Flow

Net = tuple[int, list[int]] | None


@dataclass(frozen=True)
class Copy:
    """A state that is ``mult y^shift f_root(k - delay)``."""

    root: int
    delay: int
    mult: int
    shift: int


@dataclass(frozen=True)
class Run:
    """``L`` terms of one root and shift: delays ``first .. first + L - 1``, multipliers
    ``mult rho**l``; ``length`` 1 is a single term."""

    root: int
    shift: int
    first: int
    mult: int
    rho: int
    length: int


def copies_of(flow: Flow) -> dict[int, Copy] | None:
    """Every copy followed down to its root (None: no copy, or copies in a ring)."""
    one: dict[int, tuple[int, int, int]] = {}
    for j, groups in enumerate(flow.groups):
        if j == flow.start or not flow.playing[j] or len(groups) != 1:
            continue
        count, sources = groups[0]
        if len(sources) == 1 and sources[0][0] != j and flow.playing[sources[0][0]]:
            one[j] = (sources[0][0], count, sources[0][1])
    if not one:
        return None
    copies: dict[int, Copy] = {}
    for j in one:
        path, at = [], j  # down to a root or to a copy already followed
        while at in one and at not in copies:
            path.append(at)
            at = one[at][0]
            if len(path) > len(one):
                return None  # a ring of copies: no root
        below = copies.get(at, Copy(at, 0, 1, 0))
        for state in reversed(path):  # each from the one below it: once per state
            _, count, gain = one[state]
            below = Copy(below.root, below.delay + 1, below.mult * count, below.shift + gain)
            copies[state] = below
    return copies


def runs_of(flow: Flow, copies: dict[int, Copy], root: int) -> list[Run]:
    """The terms of ``root``'s net, consecutive geometric ones merged into runs."""
    terms: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for count, sources in flow.groups[root]:
        for i, gain in sources:
            c = copies.get(i)
            if c is None:
                key, delay, mult = (i, gain), 0, count
            else:
                key, delay, mult = (c.root, gain + c.shift), c.delay, count * c.mult
            terms.setdefault(key, []).append((delay, mult))
    runs: list[Run] = []
    for (source, shift), listed in terms.items():
        merged: dict[int, int] = {}
        for delay, mult in listed:
            merged[delay] = merged.get(delay, 0) + mult
        ordered = sorted(merged.items())
        start = 0
        while start < len(ordered):
            first, mult = ordered[start]
            end, rho = start + 1, 0
            if end < len(ordered) and ordered[end][0] == first + 1 and ordered[end][1] % mult == 0:
                rho = ordered[end][1] // mult
                while (end < len(ordered) and ordered[end][0] == first + end - start
                       and ordered[end][1] == mult * rho ** (end - start)):  # fmt: skip
                    end += 1
            runs.append(Run(source, shift, first, mult, rho, end - start))
            start = end
    return runs


def _sum(parts: list[tuple[int, int, Iterable[int], int]]) -> Net:
    """``sum of sign y^low counts`` as one net (``parts``: (sign, low, counts, length)):
    one lazy pipeline a value at a time, the parts aligned by zero padding."""
    if not parts:
        return None
    lo = min(low for _, low, _, _ in parts)
    hi = max(low + n for _, low, _, n in parts)
    streams: list[Iterable[int]] = []
    signs: list[int] = []
    for sign, low, counts, n in parts:
        before, after = low - lo, hi - low - n
        streams.append(chain(repeat(0, before), counts, repeat(0, after)) if before or after
                       else counts)  # fmt: skip
        signs.append(sign)
    total = streams[0] if signs[0] > 0 else map(neg, streams[0])
    for sign, row in zip(signs[1:], streams[1:], strict=True):
        total = map(add if sign > 0 else sub, total, row)
    listed = list(total)
    while listed and listed[-1] == 0:
        listed.pop()
    start = next((i for i, c in enumerate(listed) if c), len(listed))
    return (lo + start, listed[start:] if start else listed) if listed else None


class Delays:
    """The roots' nets deal by deal, with the accumulated sums of their runs."""

    def __init__(self, flow: Flow, copies: dict[int, Copy]) -> None:
        self.flow, self.copies = flow, copies
        self.roots = [j for j in range(len(flow.states)) if j not in copies]
        self.runs = {r: runs_of(flow, copies, r) for r in self.roots}
        # The accumulated sums, one per (root, rho, length): B(k) over the last deals.
        self.sums = sorted({(run.root, run.rho, run.length) for rs in self.runs.values()
                            for run in rs if run.length > 1})  # fmt: skip
        self.tops = {key: key[1] ** key[2] for key in self.sums}  # rho**L, leaving the sum
        deepest = [run.first + run.length for rs in self.runs.values() for run in rs]
        deepest += [c.delay for c in copies.values()]
        self.depth = max(deepest, default=0) + 2
        empty: Net = None
        self.history = {r: deque([empty] * self.depth, maxlen=self.depth) for r in self.roots}
        self.summed = {key: deque([empty] * self.depth, maxlen=self.depth) for key in self.sums}
        self.history[flow.start][-1] = (0, [1])
        self._advance_sums()
        # The mass that has ended (roots that do not play: no copy ends), over D**k.
        self.ended = [r for r in self.roots if not flow.playing[r]]
        # this deal's products, by net and count: (the net, the product)
        self.products: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
        self.shared: set[tuple[int, int]] = set()
        self.power = 1  # D**k
        self.playing_sum = 0  # sum over j < k of P(playing after j deals) D**j, by Horner

    def net(self, root: int, back: int) -> Net:
        """``f_root(k - back)``, ``k`` the deals played so far."""
        return self.history[root][-1 - back]

    def deal(self) -> None:
        """One more deal: every root's net from the roots' nets of earlier deals."""
        ended = sum(sum(held[1]) for r in self.ended if (held := self.history[r][-1]))
        self.playing_sum = self.playing_sum * self.flow.denominator + self.power - ended
        self.power *= self.flow.denominator
        self.products.clear()
        self.shared = self._shared()
        made: dict[int, Net] = {}
        for r in self.roots:
            parts: list[tuple[int, int, Iterable[int], int]] = []
            for run in self.runs[r]:
                held = self._taken(run)
                if held is not None:
                    parts.append(self._part(run.mult, held, run.shift))
            made[r] = _sum(parts)
        for r, held in made.items():
            self.history[r].append(held)
        self._advance_sums()

    def _taken(self, run: Run) -> Net:
        """The net a run's term takes this deal: its accumulated sum's, or its root's."""
        if run.length > 1:
            return self.summed[(run.root, run.rho, run.length)][-1 - run.first]
        return self.history[run.root][-1 - run.first]

    def _shared(self) -> set[tuple[int, int]]:
        """The products this deal takes more than once, as ``(id(counts), size)``: made
        into a list once; any other is made lazily, a value at a time, in its sum."""
        seen: set[tuple[int, int]] = set()
        shared: set[tuple[int, int]] = set()
        taken = [(run.mult, self._taken(run)) for r in self.roots for run in self.runs[r]]
        for run_key in self.sums:  # B(k - 1) and f(k - L) after this deal's nets
            root, rho, length = run_key
            top = self.tops[run_key]
            taken += [(rho, self.summed[run_key][-1]), (top, self.history[root][-length])]
        for mult, held in taken:
            if held is not None and abs(mult) != 1:
                key = (id(held[1]), abs(mult))
                (shared if key in seen else seen).add(key)
        return shared

    def _advance_sums(self) -> None:
        # B(k) = f(k) + rho B(k - 1) - rho**L f(k - L)
        for key in self.sums:
            root, rho, length = key
            parts: list[tuple[int, int, Iterable[int], int]] = []
            for mult, held in ((1, self.history[root][-1]), (rho, self.summed[key][-1]),
                               (-self.tops[key], self.history[root][-1 - length])):  # fmt: skip
                if held is not None:
                    parts.append(self._part(mult, held, 0))
            self.summed[key].append(_sum(parts))

    def _part(self, mult: int, held: tuple[int, list[int]], shift: int
              ) -> tuple[int, int, Iterable[int], int]:  # fmt: skip
        """``mult y^shift held`` as a part of a sum: a product of one net by one count
        made once a deal however many sums take it (the ladder's top rung: its win and
        the end of the losses' accumulated sum)."""
        low, counts = held
        size, sign = abs(mult), 1 if mult > 0 else -1
        if size == 1:
            return sign, low + shift, counts, len(counts)
        key = (id(counts), size)
        if key not in self.shared:
            return sign, low + shift, map(mul, counts, repeat(size)), len(counts)
        cached = self.products.get(key)
        if cached is not None and cached[0] is counts:  # the same net, not a new one at its id
            return sign, low + shift, cached[1], len(counts)
        scaled = list(map(mul, counts, repeat(size)))
        self.products[key] = (counts, scaled)
        return sign, low + shift, scaled, len(counts)

    def state_net(self, j: int) -> Net:
        """State ``j``'s net now (a root's, or its copy of one)."""
        c = self.copies.get(j)
        if c is None:
            return self.net(j, 0)
        held = self.net(c.root, c.delay)
        return None if held is None else (held[0] + c.shift, [c.mult * x for x in held[1]])


def unpacked_counts(layers: Delays) -> tuple[dict[int, int], list[int]]:
    """The net's counts by value on the grid, every state's added (zeros left out),
    and each state's mass."""
    by_value: dict[int, int] = {}
    mass = [0] * len(layers.flow.states)
    for j in range(len(mass)):
        held = layers.state_net(j)
        if held is None:
            continue
        mass[j] = sum(held[1])
        for v, c in zip(range(held[0], held[0] + len(held[1])), held[1], strict=True):
            if c:
                by_value[v] = by_value.get(v, 0) + c
    return by_value, mass


def delay_run(flow: Flow, copies: dict[int, Copy], deals: int) -> tuple[float, int | None, float]:
    """Estimated seconds of ``deals`` delayed layers, with the values the net may take
    (the union of the states' ranges; None: not run to the end, the cost past any
    budget) and the bytes held at the end (the roots' nets of the deals as far back as
    the longest delay, and the net merged), run on the roots' ranges alone:
    per value of each part of a sum (a product and a sum) one step on counts of
    ``k log2 D`` bits and the bookkeeping of each part, then the copies read off and
    merged at the end, and the net's summary (measured with ``allowance``: 0.6 to 1.8x
    the CPU time of ``series`` for raise, paroli:1, paroli:3 and paroli:5 over 50 to
    1000 deals, on a busy machine; the few milliseconds of a short solve, hermann's,
    are not counted)."""
    roots = [j for j in range(len(flow.states)) if j not in copies]
    runs = {r: runs_of(flow, copies, r) for r in roots}
    sums = sorted({(run.root, run.rho, run.length) for rs in runs.values() for run in rs
                   if run.length > 1})  # fmt: skip
    depth = max([run.first + run.length for rs in runs.values() for run in rs]
                + [c.delay for c in copies.values()] + [0]) + 2  # fmt: skip
    Span = tuple[int, int] | None  # (low, high) of the values held
    history: dict[int, deque[Span]] = {r: deque([None] * depth, maxlen=depth) for r in roots}
    summed: dict[tuple[int, int, int], deque[Span]] = {
        key: deque([None] * depth, maxlen=depth) for key in sums
    }
    history[flow.start][-1] = (0, 1)
    per_bit = log2(max(flow.denominator, 2)) * BIT_STEP
    seconds = 0.0

    def union(spans: list[tuple[int, int]]) -> tuple[Span, int]:
        if not spans:
            return None, 0
        return (min(a for a, _ in spans), max(b for _, b in spans)), sum(b - a for a, b in spans)

    def advance(k: int) -> float:
        work = 0
        for key in sums:
            root, _, length = key
            held = [history[root][-1], summed[key][-1], history[root][-1 - length]]
            span, done = union([s for s in held if s is not None])
            summed[key].append(span)
            work += done
        return (
            float_estimate(work) * (LAZY_STEP + LAZY_SHARE * k * per_bit)
            + 3 * len(sums) * PART_STEP
        )

    seconds += advance(0)
    parts = sum(len(rs) for rs in runs.values())  # each a few steps of bookkeeping a deal
    for k in range(1, deals + 1):
        work = 0
        made: dict[int, Span] = {}
        for r in roots:
            spans = []
            for run in runs[r]:
                held = (summed[(run.root, run.rho, run.length)][-1 - run.first] if run.length > 1
                        else history[run.root][-1 - run.first])  # fmt: skip
                if held is not None:
                    spans.append((held[0] + run.shift, held[1] + run.shift))
            made[r], done = union(spans)
            work += done
        for r, span in made.items():
            history[r].append(span)
        seconds += (float_estimate(work) * (LAZY_STEP + LAZY_SHARE * k * per_bit)
                    + parts * PART_STEP + advance(k))  # fmt: skip
        if seconds > 1e3:
            return seconds, None, 0.0
    # The copies read off (a product of two long numbers a value: digit by digit while
    # short) and every value merged into the net.
    per_digit = log2(max(flow.denominator, 2)) / 30
    ranges: list[tuple[int, int]] = []
    for j in range(len(flow.states)):
        c = copies.get(j)
        span = history[j][-1] if c is None else history[c.root][-1 - c.delay]
        if span is None:
            continue
        product = 0.0
        if c is not None:
            digits = (c.mult.bit_length() / 30 + 1) * ((deals - c.delay) * per_digit + 1)
            product = DENSE_STEP + digits * DIGIT_PRODUCT
            span = (span[0] + c.shift, span[1] + c.shift)
        seconds += float_estimate(span[1] - span[0]) * (product + SPARSE_STEP + deals * per_bit)
        ranges.append(span)
    values = values_in(ranges)  # the net's summary: a few sums and products a value
    seconds += float_estimate(values) * SUMMARY_STEPS * (DENSE_STEP + deals * per_bit)
    count_bytes = log2(max(flow.denominator, 2)) * BIT_BYTES  # a count's bytes, a deal
    kept_bytes = 0.0
    for back in (*history.values(), *summed.values()):
        for age, kept in enumerate(reversed(back)):
            if kept is not None:
                kept_bytes += (kept[1] - kept[0]) * ((deals - age) * count_bytes + INT_BYTES)
    merged = float_estimate(values) * 1.5 * (deals * count_bytes + INT_BYTES + MERGE_BYTES)
    return seconds, values, kept_bytes + merged


MERGE_BYTES = 100
"""Bytes of one value of the net merged besides its count: its key and its slot in the
dict, and the net's tuples made from it (half again as many, held in part at once:
measured 391 MB for raise over 600 deals, 858 MB over 800, 1.2 GB over 900)."""

LAZY_STEP = 0.03e-6
"""Seconds of one value of a part of a delayed sum besides its bits: its product made
in the sum, a value at a time, it takes a quarter of a dense step (``DENSE_STEP``)."""

LAZY_SHARE = 1.2
"""The seconds a bit of one value of a part of a delayed sum takes, in ``BIT_STEP``:
a fifth more (each product and sum of a long count a new allocation; measured on
``paroli:1``, ``paroli:3`` and ``paroli:5`` over 200 to 1200 deals)."""

SUMMARY_STEPS = 8
"""Steps on each value of the net once solved: its counts summed, and the mean and the
variance of the series (products of each value by its count)."""

DIGIT_PRODUCT = 1e-9
"""Seconds of one product of two 30-bit digits in a long multiplication."""
