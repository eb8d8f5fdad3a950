"""Series over a fixed number of deals: the layers of today against those of 0.3.0.

Run: python benchmarks/bench_horizon.py [--quick] [--json]

Interleaved in one run, in CPU time (``time.process_time``; the machine is shared),
best of a few rounds:

* ``series("paroli:3", deals=K)`` with the solver of 0.3.0 (``plans/horizon.py`` and
  ``plans/flat.py`` as of commit ``BASE``, loaded from git) and with today's, for K =
  250, 500, 1000 (and 2000 without ``--quick``, today's only), and the growth exponent
  ``log(t(2000) / t(250)) / log 8`` (with ``--quick``: 250 to 1000);
* ``series("raise", deals=200)``, both solvers;
* ``series("flat", deals=10**4)``, both, against a plain stepped-binomial loop
  ``q[j+1] = q[j] (K - j) 400 // ((j + 1) 433)`` computing the same counts.

Every pair of results is compared exactly before it is timed. The load average is
printed with the figures. ``measure(quick)`` returns each figure as ``{"value",
"unit", "baseline", "target"}``.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

from figures import Figures, arguments

import shtoss_exact.limits as limits
import shtoss_exact.plans.flat as flat
import shtoss_exact.plans.horizon as horizon
from shtoss_exact.plans.series import series

BASE = "dcad394"
"""The commit whose solvers are the baseline (0.3.0's layers)."""

ROOT = Path(__file__).resolve().parent.parent


def _old(module: str) -> ModuleType:
    """``shtoss_exact/plans/<module>.py`` as of ``BASE``, loaded under another name."""
    source = subprocess.run(
        ["git", "show", f"{BASE}:shtoss_exact/plans/{module}.py"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    path = Path(tempfile.mkdtemp()) / f"old_{module}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"old_{module}", path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


@contextmanager
def old_solvers(old_horizon: ModuleType, old_flat: ModuleType) -> Iterator[None]:
    saved = horizon.solve_horizon, flat._convolution
    horizon.solve_horizon = old_horizon.solve_horizon  # type: ignore[assignment]
    flat._convolution = old_flat._convolution
    try:
        yield
    finally:
        horizon.solve_horizon, flat._convolution = saved  # type: ignore[assignment]


def cpu(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def stepped_binomial(deals: int) -> list[int]:
    """C(K, j) 400**j 433**(K - j) for j = 0..K, one product and one division each."""
    q = [433**deals]
    for j in range(deals):
        q.append(q[-1] * ((deals - j) * 400) // ((j + 1) * 433))
    return q


def pair(kwargs: dict[str, Any], old: tuple[ModuleType, ModuleType], rounds: int,
         ) -> tuple[float, float]:  # fmt: skip
    """Best CPU seconds of the old and the new solver, interleaved; results compared."""
    best_old = best_new = math.inf
    for _ in range(rounds):
        with old_solvers(*old):
            t_old, r_old = cpu(lambda: series(**kwargs))
        t_new, r_new = cpu(lambda: series(**kwargs))
        assert r_old.net == r_new.net and r_old.expected_deals == r_new.expected_deals
        best_old, best_new = min(best_old, t_old), min(best_new, t_new)
    return best_old, best_new


def measure(quick: bool) -> dict[str, dict[str, Any]]:
    old = (_old("horizon"), _old("flat"))
    rounds = 1 if quick else 3
    figures: dict[str, dict[str, Any]] = {}
    times: dict[int, tuple[float, float]] = {}
    for deals in (250, 500, 1000):
        times[deals] = pair({"plan": "paroli:3", "deals": deals}, old, rounds)
        figures[f"paroli:3, {deals} deals"] = {
            "value": times[deals][1], "unit": "s", "baseline": times[deals][0],
            "target": 1.0 if deals == 1000 else None,
        }  # fmt: skip
    last = 1000 if quick else 2000
    if not quick:  # past the 10 s budget (its estimate is about 70 s): widened for this run
        token = limits._BUDGET.set(limits.Budget(seconds=600.0))
        try:
            t_new = cpu(lambda: series("paroli:3", deals=2000))[0]
        finally:
            limits._BUDGET.reset(token)
        times[2000] = (math.nan, t_new)
        figures["paroli:3, 2000 deals"] = {
            "value": t_new,
            "unit": "s",
            "baseline": None,
            "target": None,
        }
    span = math.log(last / 250)
    old_growth = math.log(times[1000][0] / times[250][0]) / math.log(4)
    figures[f"paroli:3 growth, 250 to {last} deals"] = {
        "value": math.log(times[last][1] / times[250][1]) / span, "unit": "exponent",
        "baseline": old_growth, "target": 2.2,
    }  # fmt: skip
    t_old, t_new = pair({"plan": "raise", "deals": 200}, old, rounds)
    figures["raise, 200 deals"] = {"value": t_new, "unit": "s", "baseline": t_old, "target": 0.2}
    deals = 10_000
    loop = math.inf
    best_old = best_new = math.inf
    for _ in range(rounds):
        loop = min(loop, cpu(lambda: stepped_binomial(deals))[0])
        with old_solvers(*old):
            best_old = min(best_old, cpu(lambda: series("flat", deals=deals))[0])
        best_new = min(best_new, cpu(lambda: series("flat", deals=deals))[0])
    expected = {Fraction(2 * j - 100): Fraction(c, 833**100)
                for j, c in enumerate(stepped_binomial(100))}  # fmt: skip
    assert dict(series("flat", deals=100).net) == expected
    figures["flat, 10 000 deals / stepped-binomial loop"] = {
        "value": best_new / loop, "unit": "x", "baseline": best_old / loop, "target": 1.0,
    }  # fmt: skip
    figures["load average (1 min)"] = {
        "value": os.getloadavg()[0],
        "unit": "",
        "baseline": None,
        "target": None,
    }
    return figures


_KEYS = {
    "paroli:3, 250 deals": "horizon.paroli3_deals_250",
    "paroli:3, 500 deals": "horizon.paroli3_deals_500",
    "paroli:3, 1000 deals": "horizon.paroli3_deals_1000",
    "paroli:3, 2000 deals": "horizon.paroli3_deals_2000",
    "raise, 200 deals": "horizon.raise_deals_200",
    "flat, 10 000 deals / stepped-binomial loop": "horizon.flat_deals_10000_ratio",
}


def record(figures: dict[str, dict[str, Any]]) -> Figures:
    """The figures as records of the one results file (``benchmarks/figures.py``)."""
    out = Figures()
    for name, f in figures.items():
        value, base, target = f["value"], f["baseline"], f["target"]
        if name.startswith("load average"):
            continue
        if name.startswith("paroli:3 growth"):
            key, unit = "horizon.paroli3_growth", "x"
            what = f"the exponent of K in the CPU time of {name}"
        else:
            key, unit = _KEYS[name], f["unit"]
            what = f"{name}, CPU time, best of the rounds"
        goal = ("<=", target) if target is not None else None
        out.add(key, value, unit, what, baseline="0.3.0's solver, interleaved", target=goal)
        if base is not None and not math.isnan(base):
            loop = "the stepped-binomial loop, interleaved" if unit == "x" else None
            if key.endswith("growth"):
                loop = "the CPU times of 250 and 1000 deals, interleaved with the new solver"
            out.add(f"{key}_old", base, unit, f"{name}, with 0.3.0's solver", baseline=loop)
    return out


def main() -> None:
    options = arguments(__doc__ or "")
    options.add_argument("--json", action="store_true", help="print the figures as JSON")
    given = options.parse_args()
    figures = measure(given.quick)
    record(figures).write(given.figures)
    if given.json:
        print(json.dumps(figures, indent=2))
        return
    for name, f in figures.items():
        value, base, target = f["value"], f["baseline"], f["target"]
        line = f"{name:46} {value:9.3f} {f['unit']:8}"
        if base is not None and not math.isnan(base):
            line += f" was {base:9.3f}"
            if f["unit"] == "s":
                line += f" ({value / base:5.2f}x)"
        if target is not None:
            line += f"  target {target:g}: " + ("ok" if value <= target else "MISSED")
        print(line, flush=True)


if __name__ == "__main__":
    main()
