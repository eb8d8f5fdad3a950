"""Timings of shtoss_exact against brute force, simulation, and a bare interpreter.

Run as ``python benchmarks/bench.py`` (add ``--json`` for machine-readable figures,
``--stream-only`` for (e) alone, ``--quick`` for fewer repeats, ``--figures FILE`` to
write the figures as records for ``run_all.py``). One process, one run, about a minute
on two cores:

(a) the exact by-abzug table for 52 cards, 4 copies — integer counts of killed,
    plié and given per abzug over the common denominator C(52, 4), as the engine
    computes them — vs brute force over all C(52, 4) = 270 725 sets of copy
    positions, computing the same counts; the time of the same table as rows of
    ``Fraction`` objects (``Odds.by_abzug``) is shown beside it;
(b) the same exact table vs a vectorised numpy Monte Carlo of 10^6 deals;
(c) summary odds for 10^9 cards and 8 copies;
(d) cold start of the ``shtoss-exact odds`` program vs ``python -c "import click"``;
(e) the streamed table by abzug of 10^7 cards and 4 copies as CSV (5·10^6 rows) in a
    child process: its wall and CPU time, its peak memory (``ru_maxrss`` of the
    child, read by a small launcher so that this process's pages are not counted),
    the file's size, and the library's estimate of the work beside the time taken.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from figures import Figures, arguments

from shtoss_exact.bet.odds import odds, odds_of
from shtoss_exact.bet.stream import AbzugStream
from shtoss_exact.deck import make_deal
from shtoss_exact.engine import abzug_counts, kind_counts
from shtoss_exact.report.stream import cost_factor

CARDS, COPIES = 52, 4
DEALS = 1_000_000
CHUNK = 100_000
COLD_RUNS = 15

TARGET_BRUTE = 1_000.0  # (a) engine at least this many times faster than brute force
TARGET_MONTE_CARLO = 10_000.0  # (b) ... than a simulation of DEALS deals
TARGET_BILLION = 0.010  # (c) seconds
TARGET_COLD = 1.5  # (d) at most this many times the start-up of "import click"
STREAM_CARDS, STREAM_COPIES = 10_000_000, 4
TARGET_STREAM_MB = 200.0  # (e) peak memory of the child writing the 10^7-card CSV

PEAK = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
    "r = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(r.ru_maxrss, r.ru_utime + r.ru_stime)"
)
"""A launcher printing its child's peak memory (KiB on Linux) and CPU seconds."""

Table = list[tuple[int, Fraction, Fraction, Fraction]]
"""(abzug, killed, plié, given) rows."""

Counts = tuple[int, list[tuple[int, int, int]]]
"""The common denominator and (killed, plié, given) counts per abzug."""


QUICK = {"on": False}
"""Set by ``--quick``: at most two rounds of a tenth of the calls, 5 cold starts."""


def best_of(func: Callable[[], object], *, repeat: int, number: int = 1) -> float:
    """Seconds per call, the best of ``repeat`` rounds of ``number`` calls (as timeit does)."""
    if QUICK["on"]:
        repeat, number = min(repeat, 2), max(1, number // 10)
    return min(timeit.Timer(func).repeat(repeat=repeat, number=number)) / number


def engine_table() -> Table:
    """The library's by-abzug table, from a fresh ``Odds`` (no cached rows)."""
    rows = odds_of(make_deal(cards=CARDS, copies=COPIES)).by_abzug
    return [(r.abzug, r.killed, r.plie, r.given) for r in rows]


def engine_counts() -> Counts:
    """The engine's exact table: counts per abzug over C(n, m), from scratch."""
    return kind_counts(CARDS, COPIES).total, abzug_counts(CARDS, COPIES)


def brute_table() -> Table:
    """The brute-force counts as rows of fractions."""
    total, rows = brute_counts()
    return [
        (j, Fraction(k, total), Fraction(p, total), Fraction(g, total))
        for j, (k, p, g) in enumerate(rows, start=1)
    ]


def brute_counts() -> Counts:
    """Every set of copy positions, the first copy's position and kind tallied by abzug."""
    abzugs = (CARDS + 1) // 2
    killed, plie, given = [0] * (abzugs + 1), [0] * (abzugs + 1), [0] * (abzugs + 1)
    total = 0
    for places in combinations(range(1, CARDS + 1), COPIES):  # increasing positions
        total += 1
        first = places[0]
        abzug = (first + 1) // 2
        if first % 2 == 0:
            given[abzug] += 1
        elif COPIES > 1 and places[1] == first + 1:
            plie[abzug] += 1
        else:
            killed[abzug] += 1
    return total, [(killed[j], plie[j], given[j]) for j in range(1, abzugs + 1)]


def monte_carlo_table(deals: int = DEALS, seed: int = 1) -> Table:
    """A vectorised simulation: shuffle by random sort keys, tally the first copy's abzug.

    A deal gives each of the 52 cards a uniform key and turns them in key order; a
    copy's position is one plus the number of keys below its own. Only the copies'
    positions are needed, so this is an O(n m) count per deal rather than a full sort.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    abzugs = (CARDS + 1) // 2
    counts = np.zeros(3 * (abzugs + 1), dtype=np.int64)
    done = 0
    while done < deals:
        size = min(CHUNK, deals - done)
        keys = rng.random((size, CARDS))
        copies = keys[:, :COPIES]  # cards 0..m-1 are the punter's rank
        positions = (keys[:, None, :] < copies[:, :, None]).sum(axis=2) + 1
        first = positions.min(axis=1)
        next_is_copy = (positions == (first + 1)[:, None]).any(axis=1)
        kind = np.where(first % 2 == 0, 2, np.where(next_is_copy, 1, 0))  # killed, plié, given
        counts += np.bincount(3 * ((first + 1) // 2) + kind, minlength=counts.size)
        done += size
    return [
        (
            j,
            Fraction(int(counts[3 * j]), deals),
            Fraction(int(counts[3 * j + 1]), deals),
            Fraction(int(counts[3 * j + 2]), deals),
        )
        for j in range(1, abzugs + 1)
    ]


def billion_summary() -> tuple[Fraction, ...]:
    o = odds(cards=10**9, copies=8)
    return (o.banker, o.killed, o.plie, o.punter, o.null, o.ev)


def program() -> list[str]:
    """The console script next to this interpreter, else ``python -m shtoss_exact``."""
    here = Path(sys.executable).parent
    for name in ("shtoss-exact", "shtoss-exact.exe"):
        script = here / name
        if script.exists():
            return [str(script)]
    found = shutil.which("shtoss-exact")
    if found and Path(found).parent == here:
        return [found]
    return [sys.executable, "-m", "shtoss_exact"]


def wall_time(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env
    )
    return time.perf_counter() - start


def cold_start(env: dict[str, str], runs: int = COLD_RUNS) -> tuple[float, float]:
    """Median wall times of ``shtoss-exact odds`` and of ``python -c "import click"``."""
    ours = [*program(), "odds"]
    bare = [sys.executable, "-c", "import click"]
    runs = min(runs, 5) if QUICK["on"] else runs
    for _ in range(2):  # warm the file cache (and the bytecode cache, where it is on)
        wall_time(ours, env)
        wall_time(bare, env)
    ours_times, bare_times = [], []
    for _ in range(runs):  # interleaved, so drift hits both alike
        ours_times.append(wall_time(ours, env))
        bare_times.append(wall_time(bare, env))
    return statistics.median(ours_times), statistics.median(bare_times)


def cached_bytecode_env(prefix: str) -> dict[str, str]:
    """The environment with bytecode caching on, the cache kept under ``prefix``.

    An installed package has its bytecode compiled at install time, as click has; a
    source checkout run with PYTHONDONTWRITEBYTECODE would recompile shtoss_exact on
    every start and not click, which is not the comparison meant. The cache goes to
    a temporary directory, so the source tree is left untouched.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = prefix
    return env


def stream_csv() -> dict[str, Any]:
    """(e) ``odds --by-abzug --format csv`` of 10^7 cards, in a child: time and memory."""
    stream = AbzugStream(STREAM_CARDS, STREAM_COPIES)
    with tempfile.TemporaryDirectory(prefix="shtoss-bench-stream-") as folder:
        target = Path(folder) / "rows.csv"
        options = ["--cards", str(STREAM_CARDS), "--copies", str(STREAM_COPIES), "--by-abzug"]
        command = [*program(), "odds", *options, "--format", "csv", "-o", str(target)]
        start = time.perf_counter()
        launched = subprocess.run(
            [sys.executable, "-c", PEAK, *command], check=True, capture_output=True, text=True
        )
        wall = time.perf_counter() - start
        peak_kib, cpu = launched.stdout.split()
        size = target.stat().st_size
        with target.open() as lines:
            rows = sum(1 for _ in lines) - 1
    if rows != len(stream):
        raise SystemExit(f"bench: the stream wrote {rows} rows, not {len(stream)}")
    peak_mb = int(peak_kib) * 1024 / 1e6
    return {
        "stream_rows": rows,
        "stream_bytes": size,
        "stream_wall_s": wall,
        "stream_cpu_s": float(cpu),
        "stream_peak_mb": peak_mb,
        "stream_estimate_s": stream.seconds(factor=cost_factor("csv")),
        "pass_stream_peak_mb": peak_mb <= TARGET_STREAM_MB,
    }


def max_error(a: Table, b: Table) -> float:
    cells = zip([c for row in a for c in row[1:]], [c for row in b for c in row[1:]], strict=True)
    return max(float(abs(x - y)) for x, y in cells)


def measure() -> dict[str, Any]:
    figures = measure_exact()
    stream = stream_csv()
    figures["pass"]["stream_peak_mb"] = stream.pop("pass_stream_peak_mb")
    return {**figures, **stream}


def measure_exact() -> dict[str, Any]:
    exact = engine_table()
    brute = brute_table()
    if exact != brute or engine_counts() != brute_counts():
        raise SystemExit("bench: the engine and brute force disagree on 52/4 by abzug")
    engine_s = best_of(engine_counts, repeat=7, number=200)
    rows_s = best_of(engine_table, repeat=7, number=20)
    # How much of the engine's time is only building the table's exact fractions.
    total = comb(CARDS, COPIES)
    numerators = [int(cell * total) for row in exact for cell in row[1:]]
    fractions_s = best_of(lambda: [Fraction(k, total) for k in numerators], repeat=7, number=20)
    brute_s = best_of(brute_counts, repeat=3)

    simulated = monte_carlo_table()
    monte_carlo_s = best_of(monte_carlo_table, repeat=2)

    billion_s = best_of(billion_summary, repeat=7, number=20)

    with tempfile.TemporaryDirectory(prefix="shtoss-bench-pyc-") as prefix:
        ours_s, click_s = cold_start(cached_bytecode_env(prefix))
    no_cache = bool(os.environ.get("PYTHONDONTWRITEBYTECODE"))
    raw_ours_s, raw_click_s = cold_start(dict(os.environ)) if no_cache else (ours_s, click_s)
    return {
        "engine_by_abzug_s": engine_s,
        "engine_fraction_rows_s": rows_s,
        "brute_force_ratio_fraction_rows": brute_s / rows_s,
        "monte_carlo_ratio_fraction_rows": monte_carlo_s / rows_s,
        "engine_fractions_only_s": fractions_s,
        "engine_fraction_count": len(numerators),
        "brute_force_s": brute_s,
        "brute_force_ratio": brute_s / engine_s,
        "monte_carlo_s": monte_carlo_s,
        "monte_carlo_deals": DEALS,
        "monte_carlo_ratio": monte_carlo_s / engine_s,
        "monte_carlo_max_abs_error": max_error(simulated, exact),
        "billion_summary_s": billion_s,
        "cold_start_command": " ".join([*program(), "odds"]),
        "cold_start_s": ours_s,
        "import_click_s": click_s,
        "cold_start_ratio": ours_s / click_s,
        "environment_dont_write_bytecode": no_cache,
        "cold_start_as_configured_s": raw_ours_s,
        "import_click_as_configured_s": raw_click_s,
        "cold_start_as_configured_ratio": raw_ours_s / raw_click_s,
        "pass": {
            "brute_force_ratio": brute_s / engine_s >= TARGET_BRUTE,
            "monte_carlo_ratio": monte_carlo_s / engine_s >= TARGET_MONTE_CARLO,
            "billion_summary_s": billion_s <= TARGET_BILLION,
            "cold_start_ratio": ours_s / click_s <= TARGET_COLD,
        },
    }


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.3f} ms"


def stream_rows(figures: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    verdict = "PASS" if figures["pass"]["stream_peak_mb"] else "FAIL"
    return [
        (
            f"(e) odds --by-abzug, 10^7 cards, CSV ({figures['stream_rows']:,} rows)",
            f"{figures['stream_wall_s']:.1f} s",
            "",
            "",
        ),
        ("    CPU time of the child", f"{figures['stream_cpu_s']:.1f} s", "", "(info)"),
        (
            "    the library's estimate, before the first row",
            f"{figures['stream_estimate_s']:.1f} s",
            "",
            "(info)",
        ),
        (
            "    peak memory of the child",
            f"{figures['stream_peak_mb']:.0f} MB",
            f"<= {TARGET_STREAM_MB:.0f} MB",
            verdict,
        ),
        ("    output written", f"{figures['stream_bytes'] / 1e6:,.0f} MB", "", "(info)"),
    ]


def report(figures: dict[str, Any]) -> str:
    ok = figures["pass"]

    def verdict(key: str) -> str:
        return "PASS" if ok[key] else "FAIL"

    if "engine_by_abzug_s" not in figures:
        return table_lines(stream_rows(figures))
    rows = [
        (
            "(a) engine: 52/4 by-abzug counts over C(52,4)",
            _ms(figures["engine_by_abzug_s"]),
            "",
            "",
        ),
        (
            "    the same as Fraction rows (Odds.by_abzug)",
            _ms(figures["engine_fraction_rows_s"]),
            "",
            "(info)",
        ),
        (
            f"    of which {figures['engine_fraction_count']} Fraction(k, C(52,4)) alone",
            _ms(figures["engine_fractions_only_s"]),
            "",
            "(info)",
        ),
        ("    brute force, all C(52,4) position sets", _ms(figures["brute_force_s"]), "", ""),
        (
            "    ratio brute / engine",
            f"{figures['brute_force_ratio']:,.0f}x",
            f">= {TARGET_BRUTE:,.0f}x",
            verdict("brute_force_ratio"),
        ),
        (
            "    ratio brute / Fraction rows",
            f"{figures['brute_force_ratio_fraction_rows']:,.0f}x",
            "",
            "(info)",
        ),
        (f"(b) numpy Monte Carlo, {DEALS:,} deals", _ms(figures["monte_carlo_s"]), "", ""),
        (
            "    ratio Monte Carlo / engine",
            f"{figures['monte_carlo_ratio']:,.0f}x",
            f">= {TARGET_MONTE_CARLO:,.0f}x",
            verdict("monte_carlo_ratio"),
        ),
        (
            "    ratio Monte Carlo / Fraction rows",
            f"{figures['monte_carlo_ratio_fraction_rows']:,.0f}x",
            "",
            "(info)",
        ),
        (
            "    Monte Carlo max abs error per cell",
            f"{figures['monte_carlo_max_abs_error']:.1e}",
            "",
            "",
        ),
        (
            "(c) summary odds, 10^9 cards, 8 copies",
            _ms(figures["billion_summary_s"]),
            f"<= {_ms(TARGET_BILLION)}",
            verdict("billion_summary_s"),
        ),
        ("(d) shtoss-exact odds, median wall time", _ms(figures["cold_start_s"]), "", ""),
        ('    python -c "import click"', _ms(figures["import_click_s"]), "", ""),
        (
            "    ratio (bytecode cached)",
            f"{figures['cold_start_ratio']:.2f}x",
            f"<= {TARGET_COLD}x",
            verdict("cold_start_ratio"),
        ),
    ]
    if figures["environment_dont_write_bytecode"]:
        rows += [
            (
                "    shtoss-exact odds, PYTHONDONTWRITEBYTECODE",
                _ms(figures["cold_start_as_configured_s"]),
                "",
                "",
            ),
            (
                '    python -c "import click", the same',
                _ms(figures["import_click_as_configured_s"]),
                "",
                "",
            ),
            (
                "    ratio (shtoss_exact compiled every start)",
                f"{figures['cold_start_as_configured_ratio']:.2f}x",
                "(info)",
                "",
            ),
        ]
    if "stream_rows" in figures:
        rows += stream_rows(figures)
    lines = table_lines(rows)
    lines += f"\ncold start command: {figures['cold_start_command']}"
    return lines


def table_lines(rows: list[tuple[str, str, str, str]]) -> str:
    header = ("measure", "figure", "target", "")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    lines = [
        "  ".join(
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ).rstrip()
        for row in [header, *rows]
    ]
    lines.insert(1, "-" * len(lines[0]))
    lines.append("")
    lines.append(f"python {sys.version.split()[0]} at {sys.executable}")
    return "\n".join(lines)


def record(figures: dict[str, Any], out: Figures) -> None:
    """The figures of a run as records (keys ``bench.*``)."""
    if "engine_by_abzug_s" in figures:
        record_exact(figures, out)
    if "stream_rows" in figures:
        record_stream(figures, out)


def record_exact(f: dict[str, Any], out: Figures) -> None:
    brute, mc = (
        "brute force over all C(52, 4) sets, same run",
        f"numpy Monte Carlo of {DEALS:,} deals, same run",
    )
    out.add(
        "bench.by_abzug.engine",
        f["engine_by_abzug_s"],
        "s",
        "the engine's 52/4 by-abzug counts over C(52, 4), from scratch (best of 7)",
    )
    out.add(
        "bench.by_abzug.fraction_rows",
        f["engine_fraction_rows_s"],
        "s",
        "the same table as Fraction rows, Odds.by_abzug from a fresh Odds",
    )
    out.add(
        "bench.by_abzug.fractions_only",
        f["engine_fractions_only_s"],
        "s",
        f"of which making the {f['engine_fraction_count']} Fraction(k, C(52, 4)) alone",
    )
    out.add(
        "bench.by_abzug.brute_force",
        f["brute_force_s"],
        "s",
        "brute force, all C(52, 4) position sets",
    )
    out.add(
        "bench.by_abzug.brute_force_ratio",
        f["brute_force_ratio"],
        "x",
        "brute force / the engine's counts",
        baseline=brute,
        target=(">=", TARGET_BRUTE),
    )
    out.add(
        "bench.by_abzug.brute_force_ratio_rows",
        f["brute_force_ratio_fraction_rows"],
        "x",
        "brute force / the Fraction rows",
        baseline=brute,
    )
    out.add("bench.by_abzug.monte_carlo", f["monte_carlo_s"], "s", mc.removesuffix(", same run"))
    out.add(
        "bench.by_abzug.monte_carlo_ratio",
        f["monte_carlo_ratio"],
        "x",
        "numpy Monte Carlo / the engine's counts",
        baseline=mc,
        target=(">=", TARGET_MONTE_CARLO),
    )
    out.add(
        "bench.by_abzug.monte_carlo_ratio_rows",
        f["monte_carlo_ratio_fraction_rows"],
        "x",
        "numpy Monte Carlo / the Fraction rows",
        baseline=mc,
    )
    out.add(
        "bench.by_abzug.monte_carlo_error",
        f["monte_carlo_max_abs_error"],
        "error",
        "the simulation's largest error in a cell of the table",
    )
    out.add(
        "bench.billion.summary",
        f["billion_summary_s"],
        "s",
        "summary odds for 10^9 cards and 8 copies",
        target=("<=", TARGET_BILLION),
    )
    out.add(
        "bench.cold_start.odds",
        f["cold_start_s"],
        "s",
        "shtoss-exact odds, median wall time (bytecode cached)",
    )
    out.add(
        "bench.cold_start.click",
        f["import_click_s"],
        "s",
        'python -c "import click", median wall time, interleaved',
    )
    out.add(
        "bench.cold_start.ratio",
        f["cold_start_ratio"],
        "x",
        'shtoss-exact odds / python -c "import click"',
        baseline='python -c "import click", interleaved',
        target=("<=", TARGET_COLD),
    )
    if f["environment_dont_write_bytecode"]:
        out.add(
            "bench.cold_start.uncached_ratio",
            f["cold_start_as_configured_ratio"],
            "x",
            "the same with PYTHONDONTWRITEBYTECODE (shtoss_exact compiled every start)",
            baseline='python -c "import click", interleaved',
        )


def record_stream(f: dict[str, Any], out: Figures) -> None:
    what = f"odds --cards {STREAM_CARDS} --copies {STREAM_COPIES} --by-abzug --format csv"
    out.add("bench.stream.rows", f["stream_rows"], "count", f"rows written by {what}")
    out.add("bench.stream.wall", f["stream_wall_s"], "s", f"wall time of {what}, in a child")
    out.add("bench.stream.cpu", f["stream_cpu_s"], "s", "CPU time of that child")
    out.add(
        "bench.stream.estimate",
        f["stream_estimate_s"],
        "s",
        "the library's estimate, made before the first row",
    )
    out.add(
        "bench.stream.peak_memory",
        f["stream_peak_mb"],
        "MB",
        "peak memory of that child (ru_maxrss)",
        target=("<=", TARGET_STREAM_MB),
    )
    out.add("bench.stream.output", f["stream_bytes"] / 1e6, "MB", "size of the CSV written")


def main() -> None:
    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--stream-only", action="store_true", help="measure (e) alone")
    args = parser.parse_args()
    QUICK["on"] = args.quick
    if args.stream_only:
        figures = stream_csv()
        figures["pass"] = {"stream_peak_mb": figures.pop("pass_stream_peak_mb")}
    else:
        figures = measure()
    out = Figures()
    record(figures, out)
    out.write(args.figures)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(report(figures))


if __name__ == "__main__":
    main()
