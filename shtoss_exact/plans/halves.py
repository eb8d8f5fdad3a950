"""A fixed number of deals in two halves joined by a few long products (one ladder).

When every playing state but the start is a copy of it (``shtoss_exact.plans.delays``:
the rungs of ``paroli:k``, each reached by a win on the rung below), no state ends the
play and every rung leads back to the start within a few deals, the net after ``K``
deals splits at ``K = K1 + K2``::

    total(K) = sum over states s of  F_s(K1) * G_s(K2)

(``*`` the product of generating functions in the net ``y``): ``F_s(K1)`` the counts
of the net in ``s`` after ``K1`` deals, a copy of the start's (``m y^g f(K1 - d)``);
``G_s(K2)`` those of ``K2`` deals played from ``s``, whatever their end. Followed up
the ladder back to the start, ``G_s(m) = sum over l of P_sl(y) T(m - l)``, ``T(m)`` the
net after ``m`` deals from the start over every state (the first half's own total),
and ``T(K2)`` is the others again by the start's recurrence, so::

    total(K) = sum over l >= 1 of  A_l * T(K2 - l),   A_l = sum over s of P_sl F_s(K1)

a product per rung. The first half is the deal-by-deal layers over ``max(K1, K2)``
deals (an eighth of the whole); each product is one multiplication of two
``decimal.Decimal`` holding the counts in fields of ``W`` digits (Kronecker
substitution, ``10**W > D**K``: every count of the total is at most ``D**K`` and all
are non-negative, so no field overflows). libmpdec multiplies long numbers by a
number-theoretic transform, in about ``n log n`` where Python's ints take
``n**1.58``; the context is exact (``Inexact`` and ``Rounded`` trap). A product is
made only when it is estimated under ``PRODUCT_SECONDS`` (one call into C cannot be
interrupted by a signal).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from math import log2, log10

from shtoss_exact.plans.cost import reduce_seconds
from shtoss_exact.plans.delays import Copy, Delays, delay_seconds
from shtoss_exact.plans.packed import Flow

Net = tuple[int, list[int]]
Poly = dict[int, int]  # gain (in units) -> count

PRODUCT_SECONDS = 0.5
"""Longest one product may be estimated to take (it cannot be interrupted)."""

DIGIT_PRODUCT = 1.6e-9
"""Seconds per digit and per ``log2`` of the digits of one product of two Decimals
(measured: 0.33 to 0.44 s for two numbers of 7 million digits)."""

LEAST_DEALS = 64
"""Fewer deals are always played deal by deal."""


@dataclass(frozen=True)
class Ladder:
    """The split of one ladder: ``paths[s][l]`` is ``P_sl``, ``recurrence[d]`` the start's
    ``f(k) = sum over d of R_d f(k - d)``, ``longest`` the largest ``l`` or ``d``."""

    copies: dict[int, Copy]
    paths: dict[int, dict[int, Poly]]
    recurrence: dict[int, Poly]
    longest: int


def ladder_of(flow: Flow, copies: dict[int, Copy]) -> Ladder | None:
    """The ladder's paths back to the start, or None when the chain is not one ladder
    (another root, a state that ends the play, a rung with no way on)."""
    start = flow.start
    if start in copies or not all(flow.playing):
        return None
    if any(j != start and (j not in copies or copies[j].root != start)
           for j in range(len(flow.states))):  # fmt: skip
        return None
    out: dict[int, list[tuple[int, int, int]]] = {}
    recurrence: dict[int, Poly] = {}
    for target, groups in enumerate(flow.groups):
        for count, sources in groups:
            for source, gain in sources:
                out.setdefault(source, []).append((target, gain, count))
                if target == start:  # f(k) gets c y^gain F_source(k - 1)
                    c = copies.get(source, Copy(start, 0, 1, 0))
                    _add(recurrence.setdefault(c.delay + 1, {}), c.shift + gain, count * c.mult)
    if any(j not in out for j in range(len(flow.states))):
        return None  # a state beyond the horizon: its paths are not known
    paths: dict[int, dict[int, Poly]] = {start: {0: {0: 1}}}
    for j in sorted(copies, key=lambda j: -copies[j].delay):  # the rungs above first
        mine: dict[int, Poly] = {}
        for target, gain, count in out[j]:
            for length, poly in paths[target].items():
                held = mine.setdefault(length + 1, {})
                for g, c in poly.items():
                    _add(held, g + gain, c * count)
        paths[j] = mine
    longest = max(max(max(p) for p in paths.values()), max(recurrence))
    return Ladder(copies, paths, recurrence, longest)


def _add(poly: Poly, gain: int, count: int) -> None:
    poly[gain] = poly.get(gain, 0) + count


def _spans(flow: Flow, ladder: Ladder, deals: int) -> list[tuple[int, int] | None]:
    """The (low, high) of the start's net after each of ``0 .. deals`` deals."""
    terms = [(d, g) for d, poly in ladder.recurrence.items() for g in poly]
    spans: list[tuple[int, int] | None] = [(0, 0)]
    for k in range(1, deals + 1):
        held = [(s[0] + g, s[1] + g) for d, g in terms if k - d >= 0 and (s := spans[k - d])]
        spans.append((min(a for a, _ in held), max(b for _, b in held)) if held else None)
    return spans


def halves_seconds(flow: Flow, ladder: Ladder, deals: int) -> float:
    """Estimated seconds of the split: the first half's layers, the few sums of its nets,
    the counts written in decimal and read back, the products; ``inf`` when a product
    would take longer than ``PRODUCT_SECONDS`` (or the deals are too few)."""
    half = deals - deals // 2
    if deals < LEAST_DEALS or half <= ladder.longest:
        return float("inf")
    spans = _spans(flow, ladder, deals)
    final, first = spans[deals], spans[half]
    if final is None or first is None:
        return float("inf")
    digits = deals * log10(max(flow.denominator, 2)) + 2
    n = (final[1] - final[0] + 2 * ladder.longest + 2) * digits  # one product's digits
    product = DIGIT_PRODUCT * n * log2(max(n, 2))
    if product > PRODUCT_SECONDS:
        return float("inf")
    products = len(
        {length for p in ladder.paths.values() for length in p if length} | set(ladder.recurrence)
    )
    bits = deals * log2(max(flow.denominator, 2))
    width = first[1] - first[0] + 1
    written = 2 * products * width * reduce_seconds(bits / 2)
    read = (final[1] - final[0] + 1) * reduce_seconds(bits)
    return delay_seconds(flow, ladder.copies, half) + products * product + written + read


def solve_halves(flow: Flow, ladder: Ladder, deals: int) -> dict[int, int]:
    """The net's counts (over ``D**deals``) by value on the grid, zeros left out."""
    k1 = deals // 2
    k2 = deals - k1
    layers = Delays(flow, ladder.copies)
    keep = k1 - 2 * ladder.longest - max(c.delay for c in ladder.copies.values()) - 1
    start = flow.start
    history: dict[int, Net] = {}
    if keep <= 0:
        history[0] = (0, [1])
    for k in range(1, k2 + 1):
        layers.deal()
        held = layers.net(start, 0)
        if k >= keep and held is not None:
            history[k] = held
    copies = dict(ladder.copies)
    copies[start] = Copy(start, 0, 1, 0)

    def state_net(s: int, k: int) -> list[tuple[int, int, Net]]:
        c = copies[s]
        held = history.get(k - c.delay)
        return [] if held is None else [(c.mult, c.shift, held)]

    def total(k: int) -> Net | None:  # T(k): every state's net after k deals
        return _combined([t for s in copies for t in state_net(s, k)])

    sums: dict[int, list[tuple[int, int, Net]]] = {}
    for s, by_length in ladder.paths.items():
        for length, poly in by_length.items():
            for gain, count in poly.items():
                sums.setdefault(length, []).extend(
                    (count * m, gain + g, held) for m, g, held in state_net(s, k1)
                )
    first = sums.pop(0)  # T(K2) = sum over d of R_d T(K2 - d)
    for d, poly in ladder.recurrence.items():
        for gain, count in poly.items():
            sums.setdefault(d, []).extend((count * m, gain + g, held) for m, g, held in first)
    pairs = []
    for length, parts in sorted(sums.items()):
        a, t = _combined(parts), total(k2 - length)
        if a is not None and t is not None:
            pairs.append((a, t))
    return _products(pairs, digits=int(deals * log10(max(flow.denominator, 2))) + 2)


def _combined(parts: list[tuple[int, int, Net]]) -> Net | None:
    """``sum of m y^g net`` as one net (zeros at its ends left in)."""
    if not parts:
        return None
    low = min(net[0] + g for _, g, net in parts)
    high = max(net[0] + g + len(net[1]) for _, g, net in parts)
    out = [0] * (high - low)
    for m, g, (lo, counts) in parts:
        at = lo + g - low
        out[at : at + len(counts)] = [x + m * c for x, c in zip(out[at : at + len(counts)], counts,
                                                                strict=True)]  # fmt: skip
    return low, out


def _products(pairs: list[tuple[Net, Net]], *, digits: int) -> dict[int, int]:
    """``sum of a * t`` over the pairs, by value, each product one of two Decimals with
    ``digits`` digits a count."""
    import decimal

    exact = decimal.Context(
        prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
        traps=[decimal.InvalidOperation, decimal.Inexact, decimal.Rounded, decimal.Overflow],
    )  # fmt: skip
    low = min(a[0] + t[0] for a, t in pairs)
    with decimal.localcontext(exact):
        summed = decimal.Decimal(0)
        for a, t in pairs:
            padding = a[0] + t[0] - low
            summed += _packed(a[1], digits, padding) * _packed(t[1], digits, 0)
        text = str(summed)
    by_value: dict[int, int] = {}
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    whole = int if not limit or digits < limit else _int_of_digits
    end = len(text)
    v = low
    while end > 0:
        field = text[max(0, end - digits) : end]
        count = whole(field)
        if count:
            by_value[v] = count
        end -= digits
        v += 1
    return by_value


def _int_of_digits(text: str) -> int:
    from decimal import Decimal

    return int(Decimal(text))


def _packed(counts: list[int], digits: int, padding: int) -> object:
    """``sum of counts[i] 10**(digits (i + padding))`` as a Decimal."""
    from decimal import Decimal

    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    write = str if not limit or digits < limit else (lambda c: str(Decimal(c)))
    text = "".join([write(c).zfill(digits) for c in reversed(counts)])
    return Decimal(text + "0" * (digits * padding))
