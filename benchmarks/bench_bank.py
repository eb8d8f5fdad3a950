"""Benchmark: the bank's two targets, its simulation check, and the honesty of its guard.

1. Thirteen ranks of a 52-card deck, stakes 1..13, the schemes cycling classic,
   pharaon, lob-half (three classes of ranks, each with stakes of its own): the exact
   result (``shtoss_exact.bank``, the banker's net distribution and every measure)
   within 1 s.
2. Thirteen ranks of a 104-card deck (8 copies each), stakes 1..13, classic: within 1 s.
3. The classic 13-rank bank of a 52-card deck against a numpy simulation of 10^6
   deals: the exact result at least 50 times faster, and the simulation's mean within
   5 standard errors of the exact one.
4. The guard's estimate (``bank_estimate``, made before computing) against
   the measured time of a few banks, result and text rendering included: within 10x
   either way.

Run: ``python benchmarks/bench_bank.py`` (needs numpy: ``pip install -e '.[bench]'``;
``--quick``: one run each and 10^5 deals; ``--figures FILE``: the figures as records).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
from figures import Figures, arguments

from shtoss_exact import bank
from shtoss_exact.banks.odds import Bank, bank_estimate
from shtoss_exact.deck import RANKS_52
from shtoss_exact.report import render_tables
from shtoss_exact.report.bank_view import bank_tables

DEALS = 1_000_000
CHUNK = 50_000
LIMIT_SECONDS = 1.0
TARGET_RATIO = 50.0
HONEST = 10.0
CYCLE = ("classic", "pharaon", "lob-half")


def best_of(run: Callable[[], Any], *, repeat: int = 3) -> tuple[float, Any]:
    """The least time of ``repeat`` runs (the machine may be busy) and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def mixed() -> Bank:
    return bank([f"{r}:{i + 1}:{CYCLE[i % 3]}" for i, r in enumerate(RANKS_52)])


def doubled() -> Bank:
    return bank([f"{r}:{i + 1}" for i, r in enumerate(RANKS_52)], cards=104, copies=8)


def classic() -> Bank:
    return bank([f"{r}:{i + 1}" for i, r in enumerate(RANKS_52)])


def whole(b: Bank) -> Bank:
    """Every measure of the bank read (pairs included), as the command prints them."""
    b.to_dict()
    return b


def monte_carlo(deals: int = DEALS, seed: int = 2024) -> tuple[float, np.ndarray]:
    """Deal 10^6 shuffled decks; each rank is given when its first copy is a sonik."""
    start = time.perf_counter()
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(13, dtype=np.int8), 4)
    stakes = np.arange(1, 14, dtype=np.int64)
    nets = []
    for done in range(0, deals, CHUNK):
        size = min(CHUNK, deals - done)
        orders = rng.permuted(np.tile(deck, (size, 1)), axis=1)
        net = np.zeros(size, dtype=np.int64)
        for rank in range(13):
            first = (orders == rank).argmax(axis=1)  # 0-based: odd index = sonik
            given = (first % 2) == 1
            # classic: given +1 to the punter; killed or plié -1 (the banker's net is minus that)
            net -= np.where(given, stakes[rank], -stakes[rank])
        nets.append(net)
    return time.perf_counter() - start, np.concatenate(nets)


HONESTY: list[tuple[str, list[str], dict[str, Any]]] = [
    ("13 ranks, mixed schemes, 52 cards", [f"{r}:{i + 1}:{CYCLE[i % 3]}"
                                           for i, r in enumerate(RANKS_52)], {}),
    ("8 ranks, mixed schemes, 200 cards", [f"{r}:{i + 1}:{CYCLE[i % 3]}"
                                           for i, r in enumerate(RANKS_52[:8])], {"cards": 200}),
    ("13 ranks, classic, 10 000 cards", [f"{r}:{i + 1}" for i, r in enumerate(RANKS_52)],
     {"cards": 10_000}),
    ("one rank, 100 000 cards", ["7"], {"cards": 100_000}),
    ("two ranks of 400 copies, 3 000 cards", ["7", "Q:2"], {"cards": 3000, "copies": 400}),
    ("200 bets on one rank", ["7"] * 200, {}),
]  # fmt: skip


def honesty(out: Figures) -> list[float]:
    """Estimate / measured time (result and text) of a few banks."""
    ratios = []
    for number, (label, bets, options) in enumerate(HONESTY, start=1):
        estimate = bank_estimate(bets, **options).total_seconds
        seconds, _ = best_of(
            lambda bets=bets, options=options: render_tables(
                bank_tables(bank(bets, **options).to_dict()), "text"
            ),
            repeat=1,
        )
        ratio = estimate / seconds
        ratios.append(ratio)
        out.add(
            f"bank.guard.bank_{number}",
            ratio,
            "x",
            f"the guard's estimate / measured time (result and text), {label}",
            baseline="the measured time of the same bank",
            target=("within", HONEST),
        )
        print(f"  {label}: estimate {estimate:.3f} s, measured {seconds:.3f} s, ratio {ratio:.2f}")
    return ratios


def measure(out: Figures, *, quick: bool) -> bool:
    repeat, deals = (1, DEALS // 10) if quick else (3, DEALS)
    mixed_seconds, m = best_of(lambda: whole(mixed()), repeat=repeat)
    doubled_seconds, d = best_of(lambda: whole(doubled()), repeat=repeat)
    print("bank 1: 13 ranks of a 52-card deck, stakes 1..13, schemes classic/pharaon/lob-half")
    print(
        f"  exact banker's net: {len(m.banker_net)} values, punters' ev {m.ev} = {float(m.ev):.6f}"
    )
    print(f"  time {mixed_seconds:.3f} s: {mixed_seconds / LIMIT_SECONDS:.2f} of the limit "
          f"{LIMIT_SECONDS:.0f} s")  # fmt: skip
    print("bank 2: 13 ranks of a 104-card deck (8 copies each), stakes 1..13, classic")
    print(
        f"  exact banker's net: {len(d.banker_net)} values, punters' ev {d.ev} = {float(d.ev):.6f}"
    )
    print(f"  time {doubled_seconds:.3f} s: {doubled_seconds / LIMIT_SECONDS:.2f} of the limit "
          f"{LIMIT_SECONDS:.0f} s")  # fmt: skip

    exact_seconds, c = best_of(classic, repeat=repeat)
    mc_seconds, sample = monte_carlo(deals)
    mean = -c.ev
    ratio = mc_seconds / exact_seconds
    error = float(sample.std()) / deals**0.5
    print("bank 3: 13 ranks of a 52-card deck, stakes 1..13, classic, against a simulation")
    print(f"  exact banker's net: {len(c.banker_net)} values, mean {mean} = {float(mean):.6f}")
    print(f"  time {exact_seconds:.4f} s")
    print(f"  Monte Carlo, {deals} deals: mean {sample.mean():.6f} +- {error:.6f}, "
          f"time {mc_seconds:.3f} s")  # fmt: skip
    print(f"  ratio (Monte Carlo / exact): {ratio:.0f}x (target >= {TARGET_RATIO:.0f}x)")
    agrees = abs(sample.mean() - float(mean)) < 5 * error
    print(f"  simulation agrees with the exact mean within 5 standard errors: {agrees}")
    assert sum(c.banker_net.values()) == Fraction(1)

    print("the guard's estimate against the measured time (result and text output):")
    ratios = honesty(out)
    honest = all(1 / HONEST <= r <= HONEST for r in ratios)
    print(f"  ratios {min(ratios):.2f}..{max(ratios):.2f} (target within {HONEST:.0f}x)")
    passed = (
        mixed_seconds <= LIMIT_SECONDS
        and doubled_seconds <= LIMIT_SECONDS
        and ratio >= TARGET_RATIO
        and agrees
        and honest
    )
    mc = f"numpy Monte Carlo of {deals:,} deals of the same bank, same run"
    out.add(
        "bank.mixed_52",
        mixed_seconds,
        "s",
        "13 ranks of 52 cards, stakes 1..13, classic/pharaon/lob-half, every measure",
        target=("<=", LIMIT_SECONDS),
    )
    out.add(
        "bank.doubled_104",
        doubled_seconds,
        "s",
        "13 ranks of 104 cards (8 copies each), stakes 1..13, classic, every measure",
        target=("<=", LIMIT_SECONDS),
    )
    out.add("bank.classic_52", exact_seconds, "s", "13 ranks of 52 cards, stakes 1..13, classic")
    out.add("bank.monte_carlo", mc_seconds, "s", mc.removesuffix(", same run"))
    out.add(
        "bank.monte_carlo_ratio",
        ratio,
        "x",
        "numpy Monte Carlo / exact (13 ranks, classic)",
        baseline=mc,
        target=(">=", TARGET_RATIO),
    )
    out.add(
        "bank.guard.min",
        min(ratios),
        "x",
        "the guard's estimate / measured time, least of the banks",
        baseline="the measured time of each bank",
    )
    out.add(
        "bank.guard.max",
        max(ratios),
        "x",
        "the guard's estimate / measured time, most of the banks",
        baseline="the measured time of each bank",
    )
    print("PASS" if passed else "FAIL")
    return passed


def main() -> int:
    args = arguments(__doc__.splitlines()[0]).parse_args()
    out = Figures()
    passed = measure(out, quick=args.quick)
    out.write(args.figures)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
