"""Time every built-in scheme on the 52-card, 4-copy bet against the classic odds.

Run: ``python benchmarks/bench_schemes.py``. Prints, per scheme, the best time of
several runs of ``odds(deck=52, card="7h", scheme=NAME)`` and its ratio to
``odds(deck=52, card="7h")`` (classic, no scheme). ``--quick``: fewer calls;
``--figures FILE``: the figures as records.
"""

from __future__ import annotations

import timeit

from figures import Figures, arguments

from shtoss_exact import odds
from shtoss_exact.schemes.scheme import BUILTIN

QUICK = {"on": False}


def best(stmt: object, *, number: int = 200, repeat: int = 5) -> float:
    if QUICK["on"]:
        number, repeat = max(1, number // 10), 2
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number  # type: ignore[arg-type]


def main() -> None:
    args = arguments(__doc__.splitlines()[0]).parse_args()
    QUICK["on"] = args.quick
    out = Figures()
    bare = 'odds(deck=52, card="7h"), no scheme, same run'
    base = best(lambda: odds(deck=52, card="7h"))
    out.add("schemes.none", base, "s", 'odds(deck=52, card="7h"), no scheme (classic)')
    print(f"{'classic (no scheme)':<22}{base * 1e6:10.1f} µs   1.00x")
    times, ratios = [], []
    for name in BUILTIN:
        took = best(lambda name=name: odds(deck=52, card="7h", scheme=name).ev)
        key = name.replace("-", "_")
        out.add(f"schemes.{key}.time", took, "s", f'odds(deck=52, card="7h", scheme="{name}").ev')
        out.add(
            f"schemes.{key}.ratio", took / base, "x", f"scheme {name} / no scheme", baseline=bare
        )
        times.append(took)
        ratios.append(took / base)
        print(f"{name:<22}{took * 1e6:10.1f} µs  {took / base:5.2f}x")
    out.add("schemes.builtin.fastest", min(times), "s", "the fastest built-in scheme on 52/4")
    out.add("schemes.builtin.slowest", max(times), "s", "the slowest built-in scheme on 52/4")
    out.add(
        "schemes.builtin.least_ratio",
        min(ratios),
        "x",
        "the fastest built-in / no scheme",
        baseline=bare,
    )
    out.add(
        "schemes.builtin.most_ratio",
        max(ratios),
        "x",
        "the slowest built-in / no scheme",
        baseline=bare,
    )
    huge = best(lambda: odds(cards=10**9, copies=4, scheme="pharaon").ev, number=20)
    out.add(
        "schemes.pharaon_billion", huge, "s", 'odds(cards=10**9, copies=4, scheme="pharaon").ev'
    )
    print(f"{'pharaon, n = 10**9':<22}{huge * 1e6:10.1f} µs  {huge / base:5.2f}x")
    out.write(args.figures)


if __name__ == "__main__":
    main()
