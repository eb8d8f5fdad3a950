"""Benchmark: the whole-deal case table and exactly optimal stakes, against their targets.

1. A whole 52-card Faro deal replayed turn by turn (25 turns x 13 ranks, every bet
   at every turn, the record built): within 1 s.
2. ``strategy --bankroll 50 --target 100`` (classic, the named plans compared):
   within 1 s; ``--bankroll 200 --target 400``: within 10 s. Each is timed as the
   library call that the command makes, and as the whole command (start-up included).

Run: ``python benchmarks/bench_case_strategy.py``; PASS/FAIL per target (``--quick``: one
run each; ``--figures FILE``: the figures as records).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable

from figures import Figures, arguments

from shtoss_exact import Case, optimal_play

# One recorded deal: a shuffled 52-card deck (fixed), all but the hock seen.
DECK = (
    "9c 4h Qd 2s 7c Ah 5d Jc 3s 10h Kc 6d 8s Qh 2d 9s 4c Jd 7h As 5c 10d Ks 3h 6s 8c Qc "
    "2h 9d 4s Jh 7d Ac 5s 10c Kh 3d 6h 8d Qs 2c 9h 4d Js 7s Ad 5h 10s Kd 3c 6c 8h"
)
SEEN = " ".join(DECK.split()[:-1])

TARGETS: list[tuple[str, str, Callable[[], object], float, list[str]]] = [
    (
        "case.faro_deal",
        "case: whole 52-card Faro deal, turn by turn",
        lambda: Case.from_seen(SEEN, game="faro").report(replay=True).to_dict(),
        1.0,
        ["case", "--game", "faro", "--seen", SEEN, "--replay", "--format", "csv"],
    ),
    (
        "strategy.bankroll_50",
        "strategy 50 -> 100 (classic, plans compared)",
        lambda: optimal_play(bankroll=50, target=100).to_dict(),
        1.0,
        ["strategy", "--bankroll", "50", "--target", "100", "--format", "csv"],
    ),
    (
        "strategy.bankroll_200",
        "strategy 200 -> 400 (classic, plans compared)",
        lambda: optimal_play(bankroll=200, target=400).to_dict(),
        10.0,
        ["strategy", "--bankroll", "200", "--target", "400", "--format", "csv"],
    ),
]


def best_of(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def command(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "shtoss_exact", *args], check=True,
                   capture_output=True)  # fmt: skip
    return time.perf_counter() - start


def main() -> int:
    options = arguments(__doc__.splitlines()[0]).parse_args()
    out = Figures()
    failed = False
    print(f"{'target':48} {'library':>9} {'command':>9} {'limit':>7}  verdict")
    for key, name, call, limit, args in TARGETS:
        library = best_of(call, repeat=1 if options.quick else 3)
        whole = command(args)
        out.add(f"{key}.library", library, "s", f"{name}: the library call", target=("<=", limit))
        out.add(f"{key}.command", whole, "s", f"{name}: the whole command, start-up included")
        ok = library <= limit
        failed |= not ok
        verdict = "PASS" if ok else "FAIL"
        print(f"{name:48} {library:8.3f}s {whole:8.3f}s {limit:6.1f}s  {verdict}")
    out.write(options.figures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
