"""Time the exact chain: paroli-3 over 100 deals against its 1 second target.

Run: python benchmarks/bench_series.py
"""

from __future__ import annotations

import time

from shtoss_exact.series_odds import series

CASES = [
    ("paroli:3, 100 deals (target 1 s)", dict(plan="paroli:3", deals=100), 1.0),
    ("raise:5, 100 deals", dict(plan="raise:5", deals=100), None),
    (
        "flat, bankroll 100, target 100 (linear solve)",
        dict(plan="flat", bankroll=100, target=100),
        None,
    ),
    (
        "paroli:3, bankroll 50, target 50 (linear solve)",
        dict(plan="paroli:3", bankroll=50, target=50),
        None,
    ),
]


def main() -> None:
    for label, kwargs, limit in CASES:
        start = time.perf_counter()
        result = series(**kwargs)  # type: ignore[arg-type]
        elapsed = time.perf_counter() - start
        verdict = (
            "" if limit is None else ("  ok" if elapsed <= limit else f"  SLOWER than {limit} s")
        )
        print(
            f"{label:52} {elapsed:7.3f} s  {len(result.net):5} net values"
            f"  {result.states:5} states{verdict}",
            flush=True,
        )


if __name__ == "__main__":
    main()
