"""Benchmark: the 13-rank bank of a 52-card deck, exact versus a 10^6-deal Monte Carlo.

All 13 ranks are staked, with stakes 1..13, under the classic scheme. The exact
banker's net distribution (``shtoss_exact.bank_odds``) is timed once, and so is a numpy
simulation of 10^6 deals of the same bank. Targets: exact <= 0.2 s and at least 50
times faster than the simulation.

Run: ``python benchmarks/bench_bank.py`` (needs numpy: ``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction

import numpy as np

from shtoss_exact.bank_odds import bank
from shtoss_exact.deck import RANKS_52

DEALS = 1_000_000
CHUNK = 50_000
TARGET_SECONDS = 0.2
TARGET_RATIO = 50.0


def exact() -> tuple[float, dict[Fraction, Fraction]]:
    start = time.perf_counter()
    result = bank([f"{rank}:{i + 1}" for i, rank in enumerate(RANKS_52)])
    net = dict(result.banker_net)
    return time.perf_counter() - start, net


def monte_carlo(seed: int = 2024) -> tuple[float, np.ndarray]:
    """Deal 10^6 shuffled decks; each rank is given when its first copy is a sonik."""
    start = time.perf_counter()
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(13, dtype=np.int8), 4)
    stakes = np.arange(1, 14, dtype=np.int64)
    nets = []
    for done in range(0, DEALS, CHUNK):
        size = min(CHUNK, DEALS - done)
        orders = rng.permuted(np.tile(deck, (size, 1)), axis=1)
        net = np.zeros(size, dtype=np.int64)
        for rank in range(13):
            first = (orders == rank).argmax(axis=1)  # 0-based: odd index = sonik
            given = (first % 2) == 1
            # classic: given +1 to the punter; killed or plié -1 (the banker's net is minus that)
            net -= np.where(given, stakes[rank], -stakes[rank])
        nets.append(net)
    return time.perf_counter() - start, np.concatenate(nets)


def main() -> int:
    exact_seconds, net = exact()
    mc_seconds, sample = monte_carlo()
    mean = sum((v * p for v, p in net.items()), Fraction(0))
    ratio = mc_seconds / exact_seconds
    error = float(sample.std()) / DEALS**0.5
    print("bank: 13 ranks of a 52-card deck, stakes 1..13, classic scheme")
    print(f"exact banker's net distribution: {len(net)} values, mean {mean} = {float(mean):.6f}")
    print(f"  time {exact_seconds:.4f} s (target <= {TARGET_SECONDS} s)")
    print(f"Monte Carlo, {DEALS} deals: mean {sample.mean():.6f} +- {error:.6f}")
    print(f"  time {mc_seconds:.3f} s")
    print(f"ratio (Monte Carlo / exact): {ratio:.0f}x (target >= {TARGET_RATIO:.0f}x)")
    agrees = abs(sample.mean() - float(mean)) < 5 * error
    print(f"simulation agrees with the exact mean within 5 standard errors: {agrees}")
    passed = exact_seconds <= TARGET_SECONDS and ratio >= TARGET_RATIO and agrees
    print("PASS" if passed else "FAIL")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
