"""One question computed once: the summary against ``math.comb``, the command against the
library, the 52-card summary against its closed form, a table against its fractions.

Run: ``python benchmarks/bench_once.py`` (``--quick``: fewer repeats; ``--figures FILE``:
the figures as records). Every figure is a ratio of CPU times (``time.process_time``,
the command's from its child's ``resource`` usage), each side the best of several
runs, the two sides interleaved in one loop so that the machine's load weighs on both:

* ``odds(cards=10**9, copies=m)`` (every count an ``Odds`` holds, exact) against
  ``math.comb(10**9, m)``, its denominator alone, for m = 4, 100, 1000 and the largest
  m the deck's digit limit accepts (found here by bisection on ``check_deal``);
* ``shtoss-exact odds --cards 1000000000 --copies M --format json`` as a child process
  against the library answering the same record (``odds(...).to_dict()`` as JSON);
* at 52/4, ``odds(cards=52, copies=4)`` and its banker, plié and punter against the
  closed form of those three ``Fraction``s from the position formula (below);
* ``odds(cards=52, copies=4).by_abzug`` against creating its 78 ``Fraction``s from the
  counts C(n - 2j, m - 1), C(n - 2j, m - 2) (made beforehand).

The script uses only ``odds`` and ``check_deal``, so it runs against older trees too
(``PYTHONPATH=/path/to/other/tree python benchmarks/bench_once.py``).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from math import comb

from figures import Figures, arguments

from shtoss_exact import odds
from shtoss_exact.deck import Deal
from shtoss_exact.engine import check_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.records import to_json

BILLION = 10**9
TARGET_COMB = 3.0  # the library within 3x of math.comb(n, m)
TARGET_COMMAND = 1.5  # the command within 1.5x of the library
TARGET_CLOSED = 3.0  # the 52/4 summary within 3x of its closed form
TARGET_TABLE = 1.5  # a by-abzug table within 1.5x of creating its Fractions


def largest_copies(cards: int) -> int:
    """The largest number of copies ``check_deal`` accepts for ``cards`` (bisection)."""

    def accepted(m: int) -> bool:
        try:
            check_deal(Deal(cards, m))
        except ShtossError:
            return False
        return True

    low, high = 4, cards // 2
    while low < high:
        middle = (low + high + 1) // 2
        if accepted(middle):
            low = middle
        else:
            high = middle - 1
    return low


def cpu(call: Callable[[], object], number: int) -> float:
    """CPU seconds per call of ``number`` calls in a row."""
    start = time.process_time()
    for _ in range(number):
        call()
    return (time.process_time() - start) / number


def interleaved(
    ours: Callable[[], object], base: Callable[[], object], *, number: int, rounds: int
) -> tuple[float, float]:
    """The best CPU time per call of ``ours`` and of ``base``, measured turn about."""
    best_ours = best_base = float("inf")
    for _ in range(rounds):
        best_ours = min(best_ours, cpu(ours, number))
        best_base = min(best_base, cpu(base, number))
    return best_ours, best_base


def closed_form_52_4() -> tuple[Fraction, Fraction, Fraction]:
    """P(banker), P(plié), P(punter) at 52/4 in closed form, from the position formula.

    The first copy at position p leads C(n - p, m - 1) of the C(n, m) sets of copy
    positions: given for even p; for odd p a plié when the next card is a copy too,
    C(n - p - 1, m - 2). With n = 2K and m = 4, j = K - p/2 (given) and j = K - abzug:
    given = sum over j < K of C(2j, 3) = K (K - 1)^2 (K - 2) / 3;
    plié  = sum over j < K of C(2j, 2) = K (K - 1) (4K - 5) / 6;
    and the banker wins the rest, C(n, 4) - given.
    """
    n, k = 52, 26
    total = n * (n - 1) * (n - 2) * (n - 3) // 24
    given = k * (k - 1) ** 2 * (k - 2) // 3
    plie = k * (k - 1) * (4 * k - 5) // 6
    return Fraction(total - given, total), Fraction(plie, total), Fraction(given, total)


def summary_52_4() -> tuple[Fraction, Fraction, Fraction]:
    o = odds(cards=52, copies=4)
    return o.banker, o.plie, o.punter


def abzug_counts_52_4() -> list[tuple[int, int, int, int]]:
    """(killed, plié, given, total) per abzug, from C(n - 2j, m - 1) and C(n - 2j, m - 2)."""
    n, m = 52, 4
    total = comb(n, m)
    return [
        (comb(n - 2 * j, m - 1), comb(n - 2 * j, m - 2), comb(n - 2 * j, m - 1), total)
        for j in range(1, n // 2 + 1)
    ]


def command_seconds(copies: int) -> float:
    """CPU seconds of ``shtoss-exact odds --cards 10**9 --copies M --format json``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = ["odds", "--cards", str(BILLION), "--copies", str(copies), "--format", "json"]
    subprocess.run(
        [sys.executable, "-m", "shtoss_exact", *command],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(quick: bool) -> Figures:
    """Every figure of this script, measured now."""
    out = Figures()
    rounds = 3 if quick else 7
    largest = largest_copies(BILLION)
    print(f"largest copies accepted at n = 10**9: {largest}")
    for m in sorted({4, 100, 1000, largest}):
        number = 1 if m >= 1000 else (50 if quick else 500)
        ours, base = interleaved(
            lambda m=m: odds(cards=BILLION, copies=m),
            lambda m=m: comb(BILLION, m),
            number=number,
            rounds=rounds,
        )
        key = "largest" if m == largest else f"m{m}"
        out.add(f"once.billion.{key}.time", ours, "s", f"odds(cards=10**9, copies={m})")
        ratio = out.add(
            f"once.billion.{key}.ratio",
            ours / base,
            "x",
            f"odds(cards=10**9, copies={m}) / math.comb(10**9, {m}), CPU time",
            baseline=f"math.comb(10**9, {m}), interleaved in the same run",
            target=("<=", TARGET_COMB),
        )
        print(f"n = 10**9, m = {m:>5}: odds {ours * 1e3:9.3f} ms, comb {base * 1e3:9.3f} ms, "
              f"{ratio:6.2f}x")  # fmt: skip

    def library() -> str:
        return to_json(odds(cards=BILLION, copies=largest).to_dict())

    best_command = best_library = float("inf")
    for _ in range(2 if quick else 3):
        best_command = min(best_command, command_seconds(largest))
        best_library = min(best_library, cpu(library, 1))
    out.add("once.command.time", best_command, "s", f"shtoss-exact odds --copies {largest} (CPU)")
    out.add("once.command.library", best_library, "s", "odds(...).to_dict() as JSON, in process")
    ratio = out.add(
        "once.command.ratio",
        best_command / best_library,
        "x",
        f"shtoss-exact odds --cards 10**9 --copies {largest} --format json / the library's "
        "same record, CPU time (the command's start-up included)",
        baseline="odds(cards=10**9, copies=M).to_dict() as JSON, interleaved in the same run",
        target=("<=", TARGET_COMMAND),
    )
    print(f"command {best_command:.3f} s, library {best_library:.3f} s, {ratio:.2f}x")

    assert summary_52_4() == closed_form_52_4()
    number = 2000 if quick else 20000
    ours, base = interleaved(summary_52_4, closed_form_52_4, number=number, rounds=rounds)
    out.add("once.small.summary.time", ours, "s", "odds(cards=52, copies=4): banker, plié, punter")
    ratio = out.add(
        "once.small.summary.ratio",
        ours / base,
        "x",
        "the 52/4 summary (odds and three Fractions) / its closed form, CPU time",
        baseline="the three Fractions from the position formula's closed form, interleaved",
        target=("<=", TARGET_CLOSED),
    )
    print(f"52/4 summary {ours * 1e6:.2f} µs, closed form {base * 1e6:.2f} µs, {ratio:.2f}x")

    rows = abzug_counts_52_4()

    def fractions() -> list[tuple[Fraction, Fraction, Fraction]]:
        return [(Fraction(k, t), Fraction(p, t), Fraction(g, t)) for k, p, g, t in rows]

    def table() -> object:
        return odds(cards=52, copies=4).by_abzug

    made = [(r.killed, r.plie, r.given) for r in odds(cards=52, copies=4).by_abzug]
    assert made == fractions()
    number = 200 if quick else 2000
    ours, base = interleaved(table, fractions, number=number, rounds=rounds)
    out.add("once.small.table.time", ours, "s", "odds(cards=52, copies=4).by_abzug")
    ratio = out.add(
        "once.small.table.ratio",
        ours / base,
        "x",
        "the 52/4 table by abzug / creating its 78 Fractions from the counts, CPU time",
        baseline="Fraction(count, C(52, 4)) for each cell, the counts made beforehand",
        target=("<=", TARGET_TABLE),
    )
    print(f"52/4 by abzug {ours * 1e6:.1f} µs, its Fractions {base * 1e6:.1f} µs, {ratio:.2f}x")
    return out


def main() -> None:
    args = arguments(__doc__.splitlines()[0]).parse_args()
    print(f"load before: {os.getloadavg()}")
    out = measure(args.quick)
    print(f"load after: {os.getloadavg()}")
    out.write(args.figures)
    for key in out.failed():
        print(f"missed target: {key}")


if __name__ == "__main__":
    main()
