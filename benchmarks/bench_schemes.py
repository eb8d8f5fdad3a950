"""Time every built-in scheme on the 52-card, 4-copy bet against the classic odds.

Run: ``python benchmarks/bench_schemes.py``. Prints, per scheme, the best time of
several runs of ``odds(deck=52, card="7h", scheme=NAME)`` and its ratio to
``odds(deck=52, card="7h")`` (classic, no scheme).
"""

from __future__ import annotations

import timeit

from shtoss_exact import odds
from shtoss_exact.schemes.scheme import BUILTIN


def best(stmt: object, *, number: int = 200, repeat: int = 5) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number  # type: ignore[arg-type]


def main() -> None:
    base = best(lambda: odds(deck=52, card="7h"))
    print(f"{'classic (no scheme)':<22}{base * 1e6:10.1f} µs   1.00x")
    for name in BUILTIN:
        took = best(lambda name=name: odds(deck=52, card="7h", scheme=name).ev)
        print(f"{name:<22}{took * 1e6:10.1f} µs  {took / base:5.2f}x")
    huge = best(lambda: odds(cards=10**9, copies=4, scheme="pharaon").ev, number=20)
    print(f"{'pharaon, n = 10**9':<22}{huge * 1e6:10.1f} µs  {huge / base:5.2f}x")


if __name__ == "__main__":
    main()
