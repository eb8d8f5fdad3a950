"""Run every benchmark script in this folder, one after the other, and write one results file.

Run as ``python benchmarks/run_all.py`` (``--quick`` for fewer repeats, to try it out;
``--only NAME`` runs just the named scripts; ``--timeout SECONDS`` bounds each script;
``--output FILE`` writes the results elsewhere than ``benchmarks/results.json``). Then
``python scripts/perf_pages.py`` writes the Performance page from the results.

Every ``bench*.py`` beside this file is run with this interpreter, as a subprocess,
from the repository's root, with ``--figures`` (and ``--quick``), its output captured.
The results file holds every figure measured, by its stable key (value, unit, what it
measures, its baseline, its target and whether it was met), with the commit measured
(and whether the tree was dirty), the machine (cores, CPU model, memory, Python,
platform), the load before and after (``os.getloadavg``), the date, and each script's
exit status and wall time. The human report goes to standard output as before.
The exit status is 1 if any script exits non-zero, runs past its timeout, or prints
FAIL; 2 for bad arguments or a results file that cannot be written. With ``--only``
no results file is written unless ``--output`` names one.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TIMEOUT = 900.0
FAIL_WORD = re.compile(r"\bFAIL\b")
STDERR_LINES = 40  # tail of standard error shown for a script that failed
RESULTS = HERE / "results.json"
FORMAT = 1  # the results file's layout; perf_pages.py checks it


@dataclass(frozen=True)
class Outcome:
    """One script's run."""

    name: str
    returncode: int | None  # None: stopped at the timeout
    seconds: float
    stdout: str
    stderr: str
    figures: list[dict[str, Any]]
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]

    @property
    def printed_fail(self) -> bool:
        return bool(FAIL_WORD.search(self.stdout))

    @property
    def failed(self) -> bool:
        return self.returncode != 0 or self.printed_fail

    def status(self, timeout: float) -> str:
        if self.returncode is None:
            state = f"stopped after the {timeout:g} s timeout"
        else:
            state = f"exit status {self.returncode}"
        verdict = "FAIL" if self.failed else "ok"
        extra = ", printed FAIL" if self.printed_fail else ""
        return f"{verdict}: {state}{extra}, {self.seconds:.1f} s"


def discover() -> list[Path]:
    """The ``bench*.py`` scripts here, in name order."""
    return sorted(p for p in HERE.glob("bench*.py") if p.is_file())


def run(script: Path, *, timeout: float, quick: bool) -> Outcome:
    """Run one script in its own session; at the timeout its whole process group is killed."""
    with tempfile.TemporaryDirectory(prefix="shtoss-bench-figures-") as folder:
        target = Path(folder) / "figures.json"
        command = [sys.executable, str(script), "--figures", str(target)]
        load_before = os.getloadavg()
        returncode, seconds, stdout, stderr = _run(command + ["--quick"] * quick, timeout)
        load_after = os.getloadavg()
        figures = json.loads(target.read_text(encoding="utf-8")) if target.exists() else []
    return Outcome(
        script.name, returncode, seconds, stdout, stderr, figures, load_before, load_after
    )


def _run(command: list[str], timeout: float) -> tuple[int | None, float, str, str]:
    start = time.perf_counter()
    with subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        start_new_session=True,  # its workers too, so a timeout stops them all
    ) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
            return None, time.perf_counter() - start, stdout, stderr
        except BaseException:  # Ctrl-C: leave nothing running behind
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            raise
    return process.returncode, time.perf_counter() - start, stdout, stderr


def machine() -> dict[str, Any]:
    """The machine measured on: platform, cores, CPU model, memory, Python."""
    return {
        "platform": platform.platform(),
        "architecture": platform.machine(),
        "cores": os.cpu_count(),
        "cpu": _proc_field("/proc/cpuinfo", "model name") or platform.processor() or "unknown",
        "memory_gb": _memory_gb(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def _proc_field(path: str, name: str) -> str | None:
    with contextlib.suppress(OSError):
        for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
            field, _, value = line.partition(":")
            if field.strip() == name:
                return value.strip()
    return None


def _memory_gb() -> float | None:
    total = _proc_field("/proc/meminfo", "MemTotal")  # "16318412 kB"
    if total and total.endswith("kB"):
        return round(int(total.split()[0]) * 1024 / 1e9, 1)
    return None


def commit() -> dict[str, Any]:
    """The commit measured and whether the tree had changes not committed."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip() if done.returncode == 0 else ""

    changed = git("status", "--porcelain", "--untracked-files=no")
    return {"commit": git("rev-parse", "HEAD") or "unknown", "dirty": bool(changed)}


def header_lines(meta: dict[str, Any]) -> list[str]:
    m = meta["machine"]
    return [
        f"machine: {m['platform']}, {m['cores']} cores, {m['cpu']}, {m['memory_gb']} GB",
        f"python: {m['python']}",
        f"commit: {meta['commit']}" + (" (with changes not committed)" if meta["dirty"] else ""),
        f"date: {meta['date']}",
        "load before: " + ", ".join(f"{x:.2f}" for x in meta["load_before"]),
    ]


def results(outcomes: list[Outcome], meta: dict[str, Any]) -> dict[str, Any]:
    """The results file's content: the run's facts, then every figure by its key."""
    figures: dict[str, Any] = {}
    for outcome in outcomes:
        for record in outcome.figures:
            key = record.pop("key")
            if key in figures:
                raise SystemExit(f"run_all: figure {key} measured twice ({outcome.name})")
            figures[key] = {**record, "script": outcome.name}
    scripts = [
        {
            "script": o.name,
            "returncode": o.returncode,
            "seconds": round(o.seconds, 1),
            "printed_fail": o.printed_fail,
            "load_before": [round(x, 2) for x in o.load_before],
            "load_after": [round(x, 2) for x in o.load_after],
        }
        for o in outcomes
    ]
    return {"format": FORMAT, **meta, "scripts": scripts, "figures": dict(sorted(figures.items()))}


def _stderr_tail(outcome: Outcome) -> str:
    lines = outcome.stderr.rstrip().splitlines()
    return "\n".join(lines[-STDERR_LINES:])


def plain_report(outcomes: list[Outcome], *, timeout: float, header: list[str]) -> str:
    parts = ["Benchmarks", *header, ""]
    for outcome in outcomes:
        title = f"== {outcome.name} — {outcome.status(timeout)}"
        parts += [title, outcome.stdout.rstrip()]
        if outcome.failed and outcome.stderr.strip():
            parts += ["-- standard error (tail):", _stderr_tail(outcome)]
        parts.append("")
    parts.append(summary_line(outcomes))
    return "\n".join(parts)


def summary_line(outcomes: list[Outcome]) -> str:
    failed = [o.name for o in outcomes if o.failed]
    if failed:
        return f"FAIL: {', '.join(failed)} ({len(failed)} of {len(outcomes)} scripts)"
    return f"ok: {len(outcomes)} of {len(outcomes)} scripts"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, to try it out")
    parser.add_argument("--output", metavar="FILE", help=f"the results file (default {RESULTS})")
    parser.add_argument(
        "--timeout", type=float, default=TIMEOUT, help=f"seconds per script (default {TIMEOUT:g})"
    )
    parser.add_argument(
        "--only", action="append", default=[], metavar="NAME", help="run only this script"
    )
    args = parser.parse_args()
    if not args.timeout > 0:
        parser.error(f"--timeout must be a positive number of seconds, not {args.timeout}")
    scripts = discover()
    if args.only:
        wanted = {name if name.endswith(".py") else f"{name}.py" for name in args.only}
        unknown = sorted(wanted - {p.name for p in scripts})
        if unknown:
            there = ", ".join(p.name for p in scripts) or "none"
            parser.error(f"no script {', '.join(unknown)} in {HERE} (there are: {there})")
        scripts = [p for p in scripts if p.name in wanted]
    if not scripts:
        parser.error(f"no bench*.py script in {HERE}")
    output = Path(args.output) if args.output else (None if args.only else RESULTS)
    meta: dict[str, Any] = {
        **commit(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "quick": args.quick,
        "machine": machine(),
        "load_before": [round(x, 2) for x in os.getloadavg()],
    }
    outcomes = []
    for script in scripts:
        print(f"running {script.name} ...", file=sys.stderr, flush=True)
        outcome = run(script, timeout=args.timeout, quick=args.quick)
        print(f"  {outcome.status(args.timeout)}", file=sys.stderr, flush=True)
        outcomes.append(outcome)
    meta["load_after"] = [round(x, 2) for x in os.getloadavg()]
    header = header_lines(meta)
    header.append("load after: " + ", ".join(f"{x:.2f}" for x in meta["load_after"]))
    print(plain_report(outcomes, timeout=args.timeout, header=header))
    if output is not None:
        try:
            text = json.dumps(results(outcomes, meta), indent=1, ensure_ascii=False)
            output.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            print(f"run_all: cannot write {output}: {error}", file=sys.stderr)
            sys.exit(2)
        print(f"results: {output}", file=sys.stderr)
    if any(o.failed for o in outcomes):
        sys.exit(1)


if __name__ == "__main__":
    main()
