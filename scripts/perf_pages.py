"""Write the Performance page and every figure quoted elsewhere from benchmarks/results.json.

Run from anywhere: ``python scripts/perf_pages.py`` writes ``docs/performance.md``
whole and fills every marker ``<!-- figure: KEY -->TEXT<!-- /figure -->`` in
``README.md`` and the other pages under ``docs/`` with figure KEY's value, formatted as
on the Performance page. ``--check`` writes nothing: it exits 1 naming each page and
key that disagrees with the results file (or names a key not in it), and the
Performance page if it is not what this script makes. A marker inside a fenced code
block is an example and is left as it is. ``--results FILE`` reads
another results file.

The results file is written by ``python benchmarks/run_all.py``; nothing here measures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results.json"
DOCS = ROOT / "docs"
PAGE = DOCS / "performance.md"
FORMAT = 1

MARKER = re.compile(r"<!-- figure: (?P<key>\S+?) -->(?P<text>.*?)<!-- /figure -->")
"""A quoted figure: its key, and the text shown (the formatted value)."""

FENCE = re.compile(r"^(`{3,}|~{3,}).*?^\1", flags=re.S | re.M)
"""A fenced code block: a marker inside one is an example, left as it is."""

GROUPS = {
    "bench": "One bet: the engine against brute force, a simulation and start-up",
    "startup": "Start-up of the commands",
    "schemes": "The built-in schemes on one bet",
    "series": "Series of deals",
    "bank": "The bank",
    "case": "The case table",
    "strategy": "Optimal stakes",
    "serve": "The casekeeper page's answers",
    "peers": "Against the peers",
}
"""The page's sections, by a key's first word, in order."""

OPS = {"<=": "≤", ">=": "≥"}

PEERS = {
    "chain": "icepool chain, repeat=n/2",
    "chain_inf": "icepool chain, repeat='inf'",
    "evaluator": "icepool deal + evaluator",
    "lowest2": "icepool deal.lowest(2)",
    "sympy": "sympy.stats",
    "brute": "brute force",
    "monte_carlo": "numpy Monte Carlo (not exact)",
}
"""The peers of ``bench_peers.py`` by key, in the order of its table's columns."""


# --- formatting: one value, one text, from the file alone -------------------------------


def _grouped(value: float) -> str:
    """A whole number, its thousands grouped by spaces: 12 345."""
    return f"{value:,.0f}".replace(",", " ")


def _three(value: float) -> str:
    """Three significant figures at most, never an exponent."""
    if value >= 100:
        return _grouped(value)
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def seconds(value: float) -> str:
    if value < 1e-3:
        return f"{_three(value * 1e6)} µs"
    if value < 1:
        return f"{_three(value * 1e3)} ms"
    return f"{_three(value)} s"


def formatted(value: float, unit: str) -> str:
    """The text of a figure, as every page shows it."""
    if unit == "s":
        return seconds(value)
    if unit == "x":
        return f"{_three(value)}×"
    if unit == "MB":
        return f"{_three(value)} MB"
    if unit == "count":
        return _grouped(value)
    if unit == "note":
        return str(value)
    if unit == "error":
        mantissa, exponent = f"{value:.1e}".split("e")
        return f"{mantissa}·10^{int(exponent)}"
    raise ValueError(f"unknown unit {unit!r}")


def _limit(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value:g} s" if value >= 1 else f"{value * 1e3:g} ms"
    if unit == "x":
        return f"{value:,g}×".replace(",", " ")
    return f"{value:g} {unit}"


def target_text(figure: dict[str, Any]) -> str:
    target = figure["target"]
    if target is None:
        return ""
    if target["op"] == "within":
        return f"within {_limit(target['value'], figure['unit'])} either way"
    return f"{OPS[target['op']]} {_limit(target['value'], figure['unit'])}"


def met_text(figure: dict[str, Any]) -> str:
    return {True: "met", False: "**missed**", None: ""}[figure["met"]]


# --- the results file --------------------------------------------------------------------


def load(path: Path = RESULTS) -> dict[str, Any]:
    """The results file, checked for the fields the pages need."""
    results: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if results.get("format") != FORMAT:
        raise SystemExit(f"perf_pages: {path}: format {results.get('format')}, not {FORMAT}")
    for field in ("commit", "dirty", "date", "machine", "load_before", "load_after", "figures"):
        if field not in results:
            raise SystemExit(f"perf_pages: {path}: no {field!r}")
    return results


def value_text(results: dict[str, Any], key: str) -> str:
    figure = results["figures"][key]
    return formatted(figure["value"], figure["unit"])


# --- the Performance page ------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _load(triple: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in triple)


def run_section(results: dict[str, Any]) -> list[str]:
    m = results["machine"]
    state = "with changes not committed" if results["dirty"] else "clean tree"
    memory = "unknown memory" if m["memory_gb"] is None else f"{m['memory_gb']:g} GB memory"
    mode = "quick (`--quick`: fewer repeats)" if results["quick"] else "full"
    cores = m["cores"]
    busy = max(results["load_before"][0], results["load_after"][0])
    return [
        "## The run",
        "",
        "| | |",
        "| --- | --- |",
        f"| commit | `{results['commit']}` ({state}) |",
        f"| date | {results['date']} |",
        f"| machine | {m['platform']}, {cores} cores, {_cell(m['cpu'])}, {memory} |",
        f"| Python | {m['python']} |",
        f"| load average (1, 5, 15 min), before | {_load(results['load_before'])} |",
        f"| load average (1, 5, 15 min), after | {_load(results['load_after'])} |",
        f"| mode | {mode} |",
        "",
        f"The load average was up to {busy:.2f} on {cores} cores: other programs shared "
        "the machine, so the times are indicative, longer and noisier than on an idle "
        "machine. Each ratio is measured against its baseline in the same run "
        "(interleaved where both are programs), which is what the targets are about.",
        "",
    ]


def targets_section(results: dict[str, Any]) -> list[str]:
    lines = [
        "## Targets",
        "",
        "| figure | measures | value | target | |",
        "| --- | --- | --- | --- | --- |",
    ]
    for key, figure in results["figures"].items():
        if figure["target"] is None:
            continue
        lines.append(
            f"| `{key}` | {_cell(figure['measures'])} | {value_text(results, key)} | "
            f"{target_text(figure)} | {met_text(figure)} |"
        )
    return [*lines, ""]


WHY_MISSED = {
    "horizon.paroli3_deals_1000": (
        "The layers take about six steps on long numbers per value of the net per deal "
        "(a product by a count and a sum, for the root's net and for its accumulated "
        "losses), and a count after k deals has about k log2 833 bits: Θ(K³) bit "
        "operations, run at close to CPython's own cost per operation. Going faster "
        "needs products faster than Karatsuba's; of the allowed dependencies only "
        "`decimal` has one (a number-theoretic transform). Splitting the deals in two "
        "halves and joining them by three such products was built and measured (a "
        "prototype, not kept): exact, but only about a fifth faster at 1000 deals and "
        "half as long at 2000, as writing the counts as decimals and the products of "
        "numbers of millions of digits cost nearly what the layers they save do. "
        "GMP's products would not be enough either: through `gmpy2` (not an allowed "
        "dependency) one product of two numbers of 16 million bits took 0.16 s here, so "
        "the three products of the join, of about 23 million bits each, would take most "
        "of the second before the halves themselves are solved."
    ),
    "horizon.paroli3_growth": (
        "The layers are Θ(K³) in bit operations (above), the answer Θ(K²) in bits; "
        "the halves joined by `decimal`'s products grow more slowly, but not enough to "
        "pay at the sizes the budget allows."
    ),
    "once.billion.m4.ratio": (
        "`math.comb(10**9, 4)` is one C call of about a tenth of a microsecond; a "
        "question to the library checks its arguments, counts the kinds and builds a "
        "record of fractions, about a microsecond of Python however small the deck. "
        "Below about 50 copies the target is out of reach of pure Python."
    ),
    "once.billion.m100.ratio": (
        "The plié's binomial series takes two or three steps on long numbers a term in "
        "Python where `math.comb` takes one in C; with a hundred terms the two meet "
        "near three times."
    ),
    "once.billion.m1000.ratio": (
        "Binary splitting of the plié's series makes three products a merge where the "
        "product tree of `math.comb` makes one, and ends with exact divisions by parts "
        "of k!. The series is cut in halves so that its plain divisions are by half of "
        "k! (inverting pays only for a divisor long for its quotient), which brought "
        "the ratio down to about three, where it lands on either side from run to run."
    ),
}
"""Why a target is missed, by figure key: shown under the targets for each one missed
(``tests/contracts/test_performance.py`` holds every missed target to an entry)."""


def missed_section(results: dict[str, Any]) -> list[str]:
    missed = [key for key, f in results["figures"].items() if f["target"] and f["met"] is False]
    if not missed:
        return []
    lines = ["## Targets missed, and why", ""]
    for key in missed:
        lines.append(f"- `{key}`: {WHY_MISSED.get(key, 'not explained yet.')}")
    return [*lines, ""]


def peers_table(results: dict[str, Any]) -> list[str]:
    """Peer / shtoss_exact per case and question, or why a peer has no time."""
    figures = results["figures"]
    stems = sorted(
        {
            k.rsplit(".", 1)[0]
            for k in figures
            if k.startswith("peers.") and k.endswith(".shtoss_exact")
        },
        key=lambda stem: (int(stem.split(".")[1].split("_")[0]), stem.split(".")[2]),
    )
    if not stems:
        return []

    def answered(peer: str) -> bool:
        """Whether the peer ran at all (a time, or a status other than "not installed")."""
        for stem in stems:
            status = figures.get(f"{stem}.{peer}.status")
            if f"{stem}.{peer}.ratio" in figures:
                return True
            if status is not None and not str(status["value"]).startswith("not installed"):
                return True
        return False

    peers = [p for p in PEERS if answered(p)]
    absent = [PEERS[p] for p in PEERS if not answered(p)]
    lines = [
        "Each peer's time over shtoss_exact's, for the same exact answer (checked cell by cell "
        "before it is timed); the figures, and each peer's status in full, are listed below.",
        "",
        "| cards/copies | question | shtoss_exact | " + " | ".join(PEERS[p] for p in peers) + " |",
        "| --- | --- | --- |" + " --- |" * len(peers),
    ]
    for stem in stems:
        _, case, what = stem.split(".")
        cells = []
        for peer in peers:
            ratio, status = f"{stem}.{peer}.ratio", f"{stem}.{peer}.status"
            if ratio in figures:
                cells.append(value_text(results, ratio))
            elif status in figures:
                cells.append(str(figures[status]["value"]).split(":", 1)[0])
            else:
                cells.append("")
        ours = value_text(results, f"{stem}.shtoss_exact")
        row = f"| {case.replace('_', '/')} | {what} | {ours} | " + " | ".join(cells) + " |"
        lines.append(row)
    if absent:
        lines += ["", "Not installed in this run: " + "; ".join(absent) + "."]
    return [*lines, ""]


def group_sections(results: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    groups: dict[str, list[str]] = {}
    for key in results["figures"]:
        groups.setdefault(key.split(".", 1)[0], []).append(key)
    order = [g for g in GROUPS if g in groups] + sorted(set(groups) - set(GROUPS))
    for group in order:
        keys = groups[group]
        scripts = sorted({results["figures"][k]["script"] for k in keys})
        lines += [
            f"## {GROUPS.get(group, group)}",
            "",
            "Measured by " + ", ".join(f"`benchmarks/{s}`" for s in scripts) + ".",
            "",
            *(peers_table(results) if group == "peers" else []),
            "| figure | measures | value | compared with | target |",
            "| --- | --- | --- | --- | --- |",
        ]
        for key in keys:
            figure = results["figures"][key]
            target = target_text(figure)
            if target:
                target = f"{target} ({met_text(figure)})"
            lines.append(
                f"| `{key}` | {_cell(figure['measures'])} | {value_text(results, key)} | "
                f"{_cell(figure['baseline'] or '')} | {target} |"
            )
        lines.append("")
    return lines


def scripts_section(results: dict[str, Any]) -> list[str]:
    lines = [
        "## The scripts in this run",
        "",
        "| script | exit status | wall time | load before | load after |",
        "| --- | --- | --- | --- | --- |",
    ]
    for s in results["scripts"]:
        status = "stopped at the timeout" if s["returncode"] is None else str(s["returncode"])
        if s["printed_fail"]:
            status += ", printed FAIL"
        lines.append(
            f"| `{s['script']}` | {status} | {s['seconds']:.1f} s | "
            f"{_load(s['load_before'])} | {_load(s['load_after'])} |"
        )
    return [*lines, ""]


RERUN = """## Measuring again

```
pip install -e '.[bench]'      # numpy and icepool, for the simulations and the peers
python benchmarks/run_all.py && python scripts/perf_pages.py
```

`benchmarks/run_all.py` runs every `benchmarks/bench*.py`, one after the other, and
writes every figure they measure to one file, `benchmarks/results.json`: its value and
unit under a stable key, what it measures, its baseline and its target, with the
commit measured, the machine, the load before and after, and the date
(`--quick` makes fewer repeats, to try it out; `--only bench_bank` runs one script and
writes no results file unless `--output FILE` is given). `scripts/perf_pages.py` then
writes this page from that file, and fills every figure quoted on another page:
such a figure is written as a marker, for example
`<!-- figure: startup.odds.ratio -->…<!-- /figure -->`, whose text the script
replaces with the figure's value. `python scripts/perf_pages.py --check` changes
nothing and names each page and key that disagrees with the file; the test suite
runs the same check (`tests/contracts/test_performance.py`), and it also fails on a
time or a ratio typed by hand on a page.
"""


def performance_page(results: dict[str, Any]) -> str:
    """The Performance page, whole, from the results alone."""
    head = [
        "# Performance",
        "",
        "<!-- Written by scripts/perf_pages.py from benchmarks/results.json; "
        "do not edit: run the script. -->",
        "",
        "Every figure on this page, and every figure quoted on another page, comes from "
        "one run of `python benchmarks/run_all.py`, kept in `benchmarks/results.json`. "
        "Times are wall times in seconds (µs, ms), best of several calls unless a median "
        "is named; a ratio (×) is a time over its baseline's time, both measured in the "
        "same run. Each figure's key is how other pages quote it.",
        "",
    ]
    body = [
        *head,
        *run_section(results),
        *targets_section(results),
        *missed_section(results),
        *group_sections(results),
        *scripts_section(results),
        RERUN,
    ]
    return "\n".join(body).rstrip("\n") + "\n"


# --- markers on the other pages --------------------------------------------------------------


def marked_pages(root: Path = ROOT) -> list[Path]:
    """README.md and every page under docs/ but the Performance page."""
    docs = root / "docs"
    pages = [root / "README.md"] if (root / "README.md").exists() else []
    if docs.is_dir():
        pages += sorted(p for p in docs.rglob("*.md") if p != docs / "performance.md")
    return pages


def fill(text: str, results: dict[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """The text with every marker's value filled; and (key, problem) for each that differed."""
    problems: list[tuple[str, str]] = []

    def replace(match: re.Match[str]) -> str:
        key, shown = match["key"], match["text"]
        if key not in results["figures"]:
            problems.append((key, "no such figure in benchmarks/results.json"))
            return match[0]
        wanted = value_text(results, key)
        if shown != wanted:
            problems.append((key, f"shows {shown!r}, the results file says {wanted!r}"))
        return f"<!-- figure: {key} -->{wanted}<!-- /figure -->"

    out, at = [], 0
    for block in FENCE.finditer(text):
        out += [MARKER.sub(replace, text[at : block.start()]), block[0]]
        at = block.end()
    out.append(MARKER.sub(replace, text[at:]))
    return "".join(out), problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 on a mismatch")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results file")
    args = parser.parse_args(argv)
    results = load(args.results)
    page = performance_page(results)
    disagree: list[str] = []
    current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else None
    if current != page:
        if args.check:
            disagree.append(f"{PAGE.relative_to(ROOT)}: not what scripts/perf_pages.py makes")
        else:
            PAGE.parent.mkdir(parents=True, exist_ok=True)
            PAGE.write_text(page, encoding="utf-8")
    for path in marked_pages():
        text = path.read_text(encoding="utf-8")
        filled, problems = fill(text, results)
        name = path.relative_to(ROOT)
        if not args.check:  # a stale value is mended; an unknown key stays an error
            problems = [(key, why) for key, why in problems if key not in results["figures"]]
            if filled != text:
                path.write_text(filled, encoding="utf-8")
        disagree += [f"{name}: figure {key}: {why}" for key, why in problems]
    for line in disagree:
        print(line, file=sys.stderr)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
