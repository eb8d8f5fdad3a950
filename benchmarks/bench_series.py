"""Time the series targets in one run, each against its limit, with the cost estimate
that guarded it (estimate / real must stay within 10x both ways).

Run: python benchmarks/bench_series.py [--quick] [--figures FILE]
The start-up line needs bytecode cached, as an installed package has it (unset
PYTHONDONTWRITEBYTECODE).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bench import cached_bytecode_env
from figures import Figures, arguments

import shtoss_exact.plans.flat as series_flat
import shtoss_exact.plans.horizon as series_horizon
import shtoss_exact.plans.runs as series_runs
import shtoss_exact.plans.solve as series_solve
from shtoss_exact.plans.series import series

CASES: list[tuple[str, dict[str, Any], float | None]] = [
    ("flat, 10 000 deals (closed form)", {"plan": "flat", "deals": 10_000}, 1.0),
    ("flat, bankroll 1000, target 2000", {"plan": "flat", "bankroll": 1000, "target": 2000}, 1.0),
    (
        "paroli:3, bankroll 100, target 200",
        {"plan": "paroli:3", "bankroll": 100, "target": 200},
        2.0,
    ),
    ("paroli:3, 1000 deals", {"plan": "paroli:3", "deals": 1000}, 5.0),
    ("raise, 100 deals", {"plan": "raise", "deals": 100}, None),
    ("raise, 200 deals", {"plan": "raise", "deals": 200}, 2.0),
    (
        "flat, 1000 deals, bankroll 20, target 40",
        {"plan": "flat", "deals": 1000, "bankroll": 20, "target": 40},
        None,
    ),
    ("paroli:3, 100 deals", {"plan": "paroli:3", "deals": 100}, None),
    (
        "flat lob-half, bankroll 200, target 400",
        {"plan": "flat", "scheme": "lob-half", "bankroll": 200, "target": 400},
        None,
    ),
]


@contextmanager
def estimates() -> Iterator[list[float]]:
    """Record the seconds each solver estimated before it computed."""
    seen: list[float] = []
    modules = (series_flat, series_horizon, series_solve, series_runs)
    saved = [module.check_cost for module in modules]

    def record(original: Callable[..., None]) -> Callable[..., None]:
        def check(cost: Any, **kwargs: Any) -> None:
            seen.append(cost.seconds)
            original(cost, **kwargs)

        return check

    for module, original in zip(modules, saved, strict=True):
        module.check_cost = record(original)  # type: ignore[attr-defined]
    try:
        yield seen
    finally:
        for module, original in zip(modules, saved, strict=True):
            module.check_cost = original  # type: ignore[attr-defined]


def startup(runs: int = 15) -> tuple[float, float]:
    """Best of ``runs`` wall times: ``shtoss-exact series --deals 3`` and ``import click``."""
    script = os.path.join(os.path.dirname(sys.executable), "shtoss-exact")
    series_cmd = (
        [script, "series", "--deals", "3"]
        if os.path.exists(script)
        else [sys.executable, "-m", "shtoss_exact", "series", "--deals", "3"]
    )
    click_cmd = [sys.executable, "-c", "import click"]
    best = {"series": float("inf"), "click": float("inf")}
    with tempfile.TemporaryDirectory(prefix="shtoss-bench-pycache-") as cache:
        env = cached_bytecode_env(cache)  # compiled once, as an install compiles it
        for _ in range(runs):
            for name, command in (("series", series_cmd), ("click", click_cmd)):
                start = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
                best[name] = min(best[name], time.perf_counter() - start)
    return best["series"], best["click"]


KEYS = (
    "flat_deals_10000",
    "flat_ruin_1000",
    "paroli3_ruin_100",
    "paroli3_deals_1000",
    "raise_deals_100",
    "raise_deals_200",
    "flat_deals_1000_ruin_20",
    "paroli3_deals_100",
    "lob_half_ruin_200",
)
"""The stable key of each case, in the order of ``CASES``: ``series.<key>.time``."""


def main() -> None:
    args = arguments(__doc__.splitlines()[0]).parse_args()
    out = Figures()
    ratios = []
    for key, (label, kwargs, limit) in zip(KEYS, CASES, strict=True):
        with estimates() as seen:
            start = time.perf_counter()
            result = series(**kwargs)
            elapsed = time.perf_counter() - start
        guess = max(seen, default=0.0)
        out.add(
            f"series.{key}.time",
            elapsed,
            "s",
            f"series: {label}",
            target=None if limit is None else ("<=", limit),
        )
        out.add(
            f"series.{key}.estimate_ratio",
            guess / elapsed,
            "x",
            f"series: {label}, the solver's estimate / its real time",
            baseline="the real time of the same solve",
            target=("within", 10.0),
        )
        ratios.append(guess / elapsed)
        verdict = "" if limit is None else ("  ok" if elapsed <= limit else "  SLOWER")
        target = "" if limit is None else f"(limit {limit:g} s)"
        print(
            f"{label:44} {elapsed:7.3f} s {target:13} estimate {guess:7.3f} s "
            f"= {guess / elapsed:5.2f}x  {len(result.net):6} values{verdict}",
            flush=True,
        )
    out.add(
        "series.estimate.least_ratio",
        min(ratios),
        "x",
        "the solvers' estimate / their real time, least of the cases",
        baseline="the real time of each solve",
    )
    out.add(
        "series.estimate.most_ratio",
        max(ratios),
        "x",
        "the solvers' estimate / their real time, most of the cases",
        baseline="the real time of each solve",
    )
    runs = 5 if args.quick else 15
    series_seconds, click_seconds = startup(runs)
    ratio = series_seconds / click_seconds
    bare = 'python -c "import click"'
    out.add(
        "series.startup.command",
        series_seconds,
        "s",
        f"shtoss-exact series --deals 3, best of {runs} wall times",
    )
    out.add(
        "series.startup.baseline",
        click_seconds,
        "s",
        f"{bare}, best of {runs} wall times, interleaved",
    )
    out.add(
        "series.startup.ratio",
        ratio,
        "x",
        f"shtoss-exact series --deals 3 / {bare} (best of)",
        baseline=f"{bare}, interleaved",
        target=("<=", 1.5),
    )
    print(
        f"{'series --deals 3 start / import click':44} {series_seconds * 1000:5.0f} ms / "
        f"{click_seconds * 1000:.0f} ms = {ratio:.2f}x (limit 1.5x)"
        + ("  ok" if ratio <= 1.5 else "  SLOWER")
    )
    out.write(args.figures)


if __name__ == "__main__":
    main()
