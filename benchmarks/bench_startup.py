"""Start-up of the commands, as ratios to a bare interpreter loading what they must load.

Run: python benchmarks/bench_startup.py [--runs N] [--json] [--quick] [--figures FILE]

Each pair is run interleaved ``N`` times (default 11) after two warm-up runs, so that
drift on a busy machine hits both alike; the figure is the ratio of the medians. Every
command is measured, with small arguments, against the interpreter loading what that
command cannot do without:

* ``shtoss-exact formula --copies 4`` (closed forms for both parities, proved against
  the engine, printed) against ``python -c "import sympy, click"``: target <= 1.3x;
* ``shtoss-exact plot --kind abzug -o FILE.png`` against
  ``python -c "import click, matplotlib.pyplot"``: target <= 1.3x;
* ``--version``, ``-h``, ``odds``, ``series --deals 3``, ``bank --bet 7``,
  ``strategy --bankroll 3 --target 6``, ``case --game faro``, ``table``, ``schemes``,
  ``fair --scheme lob-half --solve lob`` and ``serve -h`` against
  ``python -c "import click"``: target <= 1.5x each;

and, in this process, the closed forms for 12 copies, both parities, classic and faro
(target <= 3 s each). Bytecode caching is on, in a temporary ``PYTHONPYCACHEPREFIX``,
as after an ordinary install (see ``benchmarks/README.md``).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from bench import cached_bytecode_env, program  # the one-bet benchmark beside this one
from figures import Figures, arguments

RUNS = 11
TARGET_FORMULA = 1.3
TARGET_PLOT = 1.3
TARGET_CLICK = 1.5  # every command whose baseline is click alone
TARGET_TWELVE = 3.0  # seconds, closed forms for 12 copies, both parities

CLICK, PLOTTING = "import click", "import click, matplotlib.pyplot"
PLOT_FILE = "{folder}/startup.png"
"""Where ``plot`` writes its figure: ``{folder}`` is a temporary directory."""

PAIRS: list[tuple[str, list[str], str, float | None]] = [
    ("formula --copies 4", ["formula", "--copies", "4"], "import sympy, click", TARGET_FORMULA),
    ("--version", ["--version"], CLICK, TARGET_CLICK),
    ("-h", ["-h"], CLICK, TARGET_CLICK),
    ("odds", ["odds"], CLICK, TARGET_CLICK),
    ("series --deals 3", ["series", "--deals", "3"], CLICK, TARGET_CLICK),
    ("bank --bet 7", ["bank", "--bet", "7"], CLICK, TARGET_CLICK),
    ("strategy --bankroll 3 --target 6",
     ["strategy", "--bankroll", "3", "--target", "6"], CLICK, TARGET_CLICK),
    ("case --game faro", ["case", "--game", "faro"], CLICK, TARGET_CLICK),
    ("table", ["table"], CLICK, TARGET_CLICK),
    ("schemes", ["schemes"], CLICK, TARGET_CLICK),
    ("fair --scheme lob-half --solve lob",
     ["fair", "--scheme", "lob-half", "--solve", "lob"], CLICK, TARGET_CLICK),
    ("serve -h", ["serve", "-h"], CLICK, TARGET_CLICK),
    ("plot --kind abzug", ["plot", "--kind", "abzug", "-o", PLOT_FILE], PLOTTING, TARGET_PLOT),
]  # fmt: skip

KEYS = {"formula --copies 4": "formula", "--version": "version", "-h": "help", "odds": "odds",
        "series --deals 3": "series", "bank --bet 7": "bank",
        "strategy --bankroll 3 --target 6": "strategy", "case --game faro": "case",
        "table": "table", "schemes": "schemes", "fair --scheme lob-half --solve lob": "fair",
        "serve -h": "serve", "plot --kind abzug": "plot"}  # fmt: skip
"""The stable key of each pair: ``startup.<key>.ratio`` and so on."""


def wall_time(command: list[str], env: dict[str, str]) -> float | None:
    """Seconds the command takes; None when it fails (a command that does not run)."""
    start = time.perf_counter()
    done = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env
    )
    return time.perf_counter() - start if done.returncode == 0 else None


def pair(
    args: list[str], baseline: str, env: dict[str, str], runs: int, folder: str
) -> dict[str, Any]:
    """Median wall times of ``shtoss-exact ARGS`` and of ``python -c BASELINE``, interleaved."""
    ours = [*program(), *(arg.format(folder=folder) for arg in args)]
    bare = [sys.executable, "-c", baseline]
    for _ in range(2):  # warm the file cache and the bytecode cache
        if wall_time(ours, env) is None:
            return {"ours": None, "baseline": None, "ratio": None}
        wall_time(bare, env)
    ours_times: list[float] = []
    bare_times: list[float] = []
    for _ in range(runs):
        for command, times in ((ours, ours_times), (bare, bare_times)):
            seconds = wall_time(command, env)
            if seconds is not None:
                times.append(seconds)
    ours_s, bare_s = statistics.median(ours_times), statistics.median(bare_times)
    return {"ours": ours_s, "baseline": bare_s, "ratio": ours_s / bare_s}


def twelve_copies() -> dict[str, float]:
    """Seconds for the closed forms of 12 copies, both parities, in this process."""
    from shtoss_exact.symbolic.forms import closed_forms

    closed_forms(1)  # sympy loaded and warmed outside the timing
    figures = {}
    for scheme in ("classic", "faro"):
        start = time.perf_counter()
        closed_forms(12, scheme=scheme)
        figures[scheme] = time.perf_counter() - start
    return figures


def measure(runs: int) -> dict[str, Any]:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as prefix, tempfile.TemporaryDirectory() as folder:
        env = cached_bytecode_env(prefix)
        pairs = {
            label: {**pair(args, baseline, env, runs, folder), "baseline_code": baseline,
                    "target": target}
            for label, args, baseline, target in PAIRS
        }  # fmt: skip
    twelve = twelve_copies()
    load = {"before": list(load_before), "after": list(os.getloadavg())}
    return {"runs": runs, "pairs": pairs, "twelve_copies": twelve, "load": load}


def report(figures: dict[str, Any]) -> str:
    load = ", ".join(f"{x:.2f}" for x in figures["load"]["before"])
    after = ", ".join(f"{x:.2f}" for x in figures["load"]["after"])
    lines = [
        f"start-up, median of {figures['runs']} interleaved runs each "
        f"(load average {load} before, {after} after, on {os.cpu_count()} cores)"
    ]
    for label, row in figures["pairs"].items():
        target = row["target"]
        if row["ratio"] is None:
            lines.append(f"  shtoss-exact {label:34} did not run")
            continue
        verdict = (
            ""
            if target is None
            else (f"  (target <= {target}x: {'PASS' if row['ratio'] <= target else 'FAIL'})")
        )
        lines.append(
            f"  shtoss-exact {label:34} {row['ours'] * 1000:6.0f} ms / "
            f'python -c "{row["baseline_code"]}" {row["baseline"] * 1000:6.0f} ms '
            f"= {row['ratio']:.2f}x{verdict}"
        )
    for scheme, seconds in figures["twelve_copies"].items():
        verdict = "PASS" if seconds <= TARGET_TWELVE else "FAIL"
        lines.append(
            f"  closed forms, {scheme}, 12 copies, both parities: {seconds:.2f} s "
            f"(target <= {TARGET_TWELVE} s: {verdict})"
        )
    return "\n".join(lines)


def record(figures: dict[str, Any], out: Figures) -> None:
    """The figures as records (keys ``startup.*``)."""
    runs = figures["runs"]
    for label, row in figures["pairs"].items():
        if row["ratio"] is None:
            continue
        key, bare = KEYS[label], f'python -c "{row["baseline_code"]}"'
        target = None if row["target"] is None else ("<=", row["target"])
        out.add(
            f"startup.{key}.command",
            row["ours"],
            "s",
            f"shtoss-exact {label}, median wall time of {runs} runs",
        )
        out.add(
            f"startup.{key}.baseline",
            row["baseline"],
            "s",
            f"{bare}, median wall time of {runs} runs, interleaved",
        )
        out.add(
            f"startup.{key}.ratio",
            row["ratio"],
            "x",
            f"shtoss-exact {label} / {bare}",
            baseline=f"{bare}, interleaved",
            target=target,
        )
    for scheme, seconds in figures["twelve_copies"].items():
        out.add(
            f"startup.closed_forms_12.{scheme}",
            seconds,
            "s",
            f"closed forms for 12 copies, both parities, {scheme}, in-process",
            target=("<=", TARGET_TWELVE),
        )


def main() -> None:
    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, help=f"interleaved runs per pair (default {RUNS})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    runs = options.runs or (5 if options.quick else RUNS)
    figures = measure(max(runs, 1))
    out = Figures()
    record(figures, out)
    out.write(options.figures)
    print(json.dumps(figures, indent=2) if options.json else report(figures))


if __name__ == "__main__":
    main()
