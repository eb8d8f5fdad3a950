"""The support of a plan's net over a number of deals, measured before it is computed.

When the net is not part of the state (no bankroll, no target), the solve over a
fixed number of deals holds, in each state, the net's distribution: an array over the
range of its values when they fill it, a dict when they are sparse. Payoffs with
coprime denominators (7/11, 13/17, ...) or premiums on several cards make the nets of
a raised stake nearly all distinct, so the dicts grow by a factor a deal; their keys
are integers on the grid of the gains (hundreds of bits) and their counts ``k log2 D``
bits after ``k`` deals. ``check_support`` follows the layers on their shape alone —
the range of each state's values, then the set of them — and refuses, before any
count is computed, a solve whose entries would pass the budget of time or memory
both as arrays and as dicts. The set run stops after ``SUPPORT_STEPS`` entries and
extrapolates the growth of the last layers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import inf, lcm, log, log2
from typing import TYPE_CHECKING

from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import BIT_BYTES, Cost, budget, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.plans.cost import BIT_STEP, DENSE_STEP, INT_BYTES, values_in

if TYPE_CHECKING:
    from shtoss_exact.plans.chain import Chain, State

SUPPORT_STEPS = 300_000
"""Entries of the sets a support run follows before it extrapolates."""

RANGE_STEPS = 2_000_000
"""(state, source) pairs the range run follows; past them the solve estimates itself."""

SMALL_ENTRY = 1.2e-6
"""Seconds of one entry of a small dict of nets, moved by one source (measured: 1.5 to
1.9 us with keys of a few hundred bits, quiet; 2 to 3 us on a busy 2-core machine)."""

LARGE_ENTRY = 1.8e-6
"""The same once a layer holds ``LARGE_HELD`` entries or more (the dicts no longer in
the caches)."""

LARGE_HELD = 200_000
"""Entries held by a layer from which an entry costs ``LARGE_ENTRY``."""

MERGE_ENTRY = 5e-6
"""Seconds of one value of the last layer merged into the net, checked as a
distribution and its mean and variance taken (measured: 5 to 6 us a value of a net of a
million values on 240-bit keys, paroli:5 on coprime payoffs over 8 deals)."""

ENTRY_BYTES = 450
"""Bytes of one entry held (measured: 400 to 500 with the next layer being built)."""

PRODUCT_WORD = 17e-9
"""Seconds of a product of an ``a``-bit by a ``b``-bit integer (``a >= b``), per
``(a / 64) * (b / 64) ** 0.585`` (Karatsuba's exponent): measured 16 to 25 ns alone,
15 to 17 ns in the merge of the ended states' nets (``stop`` over 5 000 to 20 000
deals, where the merge was 80 % of the solve and no estimate counted it)."""

_ADVICE = N_("use fewer deals or a simpler plan or scheme (a bound k on the raises)")

Incoming = dict["State", list[tuple["State", int]]]


def check_support(chain: Chain, deals: int, *, dense: float | None = None) -> float:
    """Refuse a solve of ``deals`` deals whose nets, held per state, would pass the
    budget both as arrays over their ranges and as dicts of their values (naming the
    estimate of the cheaper in time, the way the solve would take); else the
    estimated seconds of the dicts (``inf``: not followed, or past the memory).
    ``dense``: the seconds of the arrays, already estimated (``plans.packed``).

    >>> from shtoss_exact.deck import Deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.plans.chain import Rules, build_chain, classic_outcomes
    >>> rules = Rules(plan_named("raise"), classic_outcomes(Deal(52, 4)))
    >>> check_support(build_chain(rules, deals=20, max_states=1000), 20)
    inf
    """
    incoming = _incoming(chain)
    slope = log2(max(chain.denominator, 2)) * BIT_STEP
    if dense is None:
        ranged = _range_seconds(chain, incoming, deals, slope)
        if ranged is None or ranged <= budget().seconds:
            return inf  # the arrays are cheap, or the solve's own estimate decides
        dense = ranged
    seconds, held, bits, kept = _set_cost(chain, incoming, deals, slope)
    memory = held * (ENTRY_BYTES + bits * BIT_BYTES) + kept
    if dense > budget().seconds:  # the arrays cannot: refused unless the dicts can
        what = _("the nets of {short_int} deals of a chain of {depth_count} states").format(
            short_int=short_int(deals), depth_count=len(chain.depth)
        )
        if seconds >= dense:  # the arrays, the cheaper way: their estimate is the refusal's
            check_cost(Cost(seconds=dense), what=what, advice=_ADVICE)
        check_cost(
            Cost(seconds=seconds, bytes=memory),
            what=_("{what} (about {held:.1e} values held at once)").format(what=what, held=held),
            advice=_ADVICE,
        )
    return seconds if memory <= budget().bytes else inf


def _incoming(chain: Chain) -> Incoming:
    """The grid of the gains and, for each state, its playing sources with each gain."""
    from shtoss_exact.plans.chain import Status

    gains = {g for out in chain.edges.values() for _, _, gs in out for g in gs}
    scale = lcm(*(g.denominator for g in gains))  # the grid's unit is 1 / scale
    incoming: Incoming = {}
    for source, out in chain.edges.items():
        if source.status is not Status.PLAYING:
            continue
        for target, _net, gs in out:
            incoming.setdefault(target, []).extend(
                (source, g.numerator * (scale // g.denominator)) for g in gs
            )
    return incoming


def _range_seconds(chain: Chain, incoming: Incoming, deals: int, slope: float) -> float | None:
    """Seconds of the layers as arrays over the range of each state's values (None
    past ``RANGE_STEPS`` pairs: too long to follow here)."""
    from shtoss_exact.plans.chain import Status

    ranges: dict[State, tuple[int, int]] = {chain.start: (0, 0)}
    seconds, pairs = 0.0, 0
    most = 10 * budget().seconds
    for k in range(deals):
        following: dict[State, tuple[int, int]] = {}
        work = 0
        for target, present, span in _ranges_after(chain, incoming, ranges):
            pairs += len(present)
            work += sum(ranges[s][1] - ranges[s][0] + 1 for s, _ in present)
            if target.status is Status.PLAYING:
                following[target] = span
        ranges = following
        seconds += work * (DENSE_STEP + k * slope)
        if seconds > most:
            return seconds
        if pairs > RANGE_STEPS:
            return None
    return seconds


def net_values(chain: Chain, deals: int) -> int | None:
    """The values on the grid of the gains that the net after ``deals`` deals may
    take: the union of the ranges of the states still playing and of the states ended
    on the way, run on the ranges alone (None past ``RANGE_STEPS`` pairs). The count
    of a net filling its ranges, as the arrays assume.

    >>> from shtoss_exact.deck import Deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.plans.chain import Rules, build_chain, classic_outcomes
    >>> rules = Rules(plan_named("flat"), classic_outcomes(Deal(52, 4)))
    >>> net_values(build_chain(rules, deals=10, max_states=10), 10)  # -10, -9, ..., 10
    21
    """
    from shtoss_exact.plans.chain import Status

    incoming = _incoming(chain)
    ranges: dict[State, tuple[int, int]] = {chain.start: (0, 0)}
    spans: list[tuple[int, int]] = []
    pairs = 0
    for _k in range(deals):
        following: dict[State, tuple[int, int]] = {}
        for target, present, span in _ranges_after(chain, incoming, ranges):
            pairs += len(present)
            if target.status is Status.PLAYING:
                following[target] = span
            else:
                spans.append(span)
        ranges = following
        if pairs > RANGE_STEPS:
            return None
    spans.extend(ranges.values())
    return values_in([(low, high + 1) for low, high in spans])


def _set_cost(
    chain: Chain, incoming: Incoming, deals: int, slope: float
) -> tuple[float, float, float, float]:
    """Seconds of the layers as dicts (and of the last one and the ended states' nets
    merged into the net), the most entries held at once, the bits of an entry (its key
    and its count) at the end, and the bytes of the ended states' nets kept until the
    end with the net they are merged into."""
    from shtoss_exact.plans.chain import Status

    sets: dict[State, set[int]] = {chain.start: {0}}
    seconds, taken, held_most, history = 0.0, 0, 0, []
    ended: list[int] = []  # per deal, the values of the states that end on it
    key_bits = 1
    most = 10 * budget().seconds
    bits_per_deal = slope / BIT_STEP
    for k in range(deals):
        following: dict[State, set[int]] = {}
        work = 0
        ended.append(0)
        for target in _targets(chain, sets):
            present = [(s, g) for s, g in incoming.get(target, ()) if s in sets]
            if not present or target.status is not Status.PLAYING:
                moved = sum(len(sets[s]) for s, _ in present)
                work += moved
                ended[-1] += moved
                continue
            out: set[int] = set()
            for s, g in present:
                out.update(v + g for v in sets[s])
                work += len(sets[s])
            following[target] = out
        sets = following
        held = sum(len(v) for v in sets.values())
        held_most = max(held_most, held)
        seconds += work * (_entry_seconds(held) + (key_bits + k * bits_per_deal) * BIT_STEP)
        history.append((work, held))
        taken += work
        if seconds > most or held_most * ENTRY_BYTES > 10 * budget().bytes:
            break
        if taken > SUPPORT_STEPS and k + 1 < deals:
            key_bits = max((abs(v).bit_length() for s in sets.values() for v in s), default=1)
            extra, held_most = _extrapolate(history, deals, slope=slope, key_bits=key_bits,
                                            most=most)  # fmt: skip
            held_most = max(held_most, held)
            late = ended[-max(1, len(ended) // 4) :]  # the ended values go on at that rate
            ended += [sum(late) // len(late)] * (deals - len(ended))
            merge, kept = _merge_cost(ended, bits_per_deal)
            seconds += extra + held_most * MERGE_ENTRY + merge
            return seconds, held_most, key_bits + deals * bits_per_deal, kept
    else:
        key_bits = max((abs(v).bit_length() for s in sets.values() for v in s), default=1)
    merge, kept = _merge_cost(ended, bits_per_deal)
    return seconds + held * MERGE_ENTRY + merge, held_most, key_bits + deals * bits_per_deal, kept


def _merge_cost(ended: list[int], bits_per_deal: float) -> tuple[float, float]:
    """Seconds and bytes of the ended states' nets, kept until the end and merged into
    the net: a count of the ``k``-th deal, over ``D**k``, is multiplied by
    ``D**(K - k)`` (``K`` deals in all) and added into a net of counts over ``D**K``.

    >>> _merge_cost([0, 0, 0], 10.0)
    (0.0, 0.0)
    """
    deals = len(ended)
    full = deals * bits_per_deal
    seconds = kept = 0.0
    values = 0
    for k, count in enumerate(ended, start=1):
        if not count:
            continue
        values += count
        small, large = sorted((k * bits_per_deal, full - k * bits_per_deal))
        product = PRODUCT_WORD * (max(large, 64) / 64) * (max(small, 64) / 64) ** 0.585
        seconds += count * (product + full * BIT_STEP)
        kept += count * (ENTRY_BYTES + k * bits_per_deal * BIT_BYTES)
    return seconds, kept + values * (INT_BYTES + full * BIT_BYTES)


def _entry_seconds(held: int) -> float:
    """Seconds of one entry moved, by the entries its layer holds (log-interpolated)."""
    if held <= LARGE_HELD // 10:
        return SMALL_ENTRY
    if held >= LARGE_HELD:
        return LARGE_ENTRY
    share = log(held / (LARGE_HELD // 10)) / log(10)
    return SMALL_ENTRY + share * (LARGE_ENTRY - SMALL_ENTRY)


def _extrapolate(
    history: list[tuple[int, int]], deals: int, *, slope: float, key_bits: int, most: float
) -> tuple[float, int]:
    """Seconds of the layers after ``history`` and the most entries held, each growing
    as a power of the layer fitted on the last quarter of the layers run (exponential
    growth shows as a high power)."""
    done = len(history)
    back = max(1, done - max(1, done // 4))
    (late, held), (early, held_early) = history[-1], history[back - 1]
    ratio = done / back

    def power(a: int, b: int) -> float:
        return max(0.0, log(max(a, 1) / max(b, 1)) / log(ratio)) if ratio > 1 else 1.0

    work_power, held_power = power(late, early), power(held, held_early)
    total, peak = 0.0, held
    bits_per_deal = slope / BIT_STEP
    stride = max(1, (deals - done) // 1000)
    for k in range(done, deals, stride):
        grow = (k + 1) / done
        work = late * grow**work_power
        peak = max(peak, int(min(held * grow**held_power, 1e18)))
        entry = _entry_seconds(peak) + (key_bits + k * bits_per_deal) * BIT_STEP
        total += work * entry * stride
        if total > most:
            break
    return total, peak


def _ranges_after(
    chain: Chain, incoming: Incoming, ranges: Mapping[State, tuple[int, int]]
) -> Iterator[tuple[State, list[tuple[State, int]], tuple[int, int]]]:
    """One deal on the ranges alone: each state reached from ``ranges``, the (state,
    gain) pairs that reach it, and the range of its values."""
    for target in _targets(chain, ranges):
        present = [(s, g) for s, g in incoming.get(target, ()) if s in ranges]
        if present:
            low = min(ranges[s][0] + g for s, g in present)
            high = max(ranges[s][1] + g for s, g in present)
            yield target, present, (low, high)


def _targets(chain: Chain, layer: Mapping[State, object]) -> list[State]:
    """The states the layer's states lead to, each once."""
    seen: dict[State, None] = {}
    for source in layer:
        for target, _net, _count in chain.edges.get(source, ()):
            seen[target] = None
    return list(seen)
