"""Run every benchmark script in this folder, one after the other, and report them together.

Run as ``python benchmarks/run_all.py`` (``--markdown FILE`` also writes the combined
report as Markdown, for the README's performance section; ``--only NAME`` runs just
the named scripts; ``--timeout SECONDS`` bounds each script).

Every ``bench*.py`` beside this file is run with this interpreter, as a subprocess,
from the repository's root, with its output captured. The report opens with the
machine (platform, cores, Python) and the date, then gives each script's output under
its own heading with its exit status and wall time (its standard error too, when it
failed). The exit status is 1 if any script exits non-zero, runs past its timeout,
or prints FAIL; 2 for bad arguments or a report file that cannot be written.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TIMEOUT = 900.0
FAIL_WORD = re.compile(r"\bFAIL\b")
STDERR_LINES = 40  # tail of standard error shown for a script that failed


@dataclass(frozen=True)
class Outcome:
    """One script's run."""

    name: str
    returncode: int | None  # None: stopped at the timeout
    seconds: float
    stdout: str
    stderr: str

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


def run(script: Path, *, timeout: float) -> Outcome:
    """Run one script in its own session; at the timeout its whole process group is killed."""
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, str(script)],
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
            return Outcome(script.name, None, time.perf_counter() - start, stdout, stderr)
        except BaseException:  # Ctrl-C: leave nothing running behind
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            raise
    return Outcome(script.name, process.returncode, time.perf_counter() - start, stdout, stderr)


def machine() -> list[str]:
    return [
        f"machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} cores",
        f"python: {platform.python_implementation()} {platform.python_version()}",
        f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
    ]


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


def _fenced(text: str) -> str:
    """A Markdown code block that its own text cannot close."""
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def markdown_report(outcomes: list[Outcome], *, timeout: float, header: list[str]) -> str:
    parts = ["# Benchmarks", "", *(f"- {line}" for line in header), ""]
    for outcome in outcomes:
        parts += [f"## {outcome.name}", "", f"*{outcome.status(timeout)}*", ""]
        parts += [_fenced(outcome.stdout.rstrip() or "(no output)"), ""]
        if outcome.failed and outcome.stderr.strip():
            parts += ["Standard error (tail):", "", _fenced(_stderr_tail(outcome)), ""]
    parts.append(summary_line(outcomes))
    return "\n".join(parts)


def summary_line(outcomes: list[Outcome]) -> str:
    failed = [o.name for o in outcomes if o.failed]
    if failed:
        return f"FAIL: {', '.join(failed)} ({len(failed)} of {len(outcomes)} scripts)"
    return f"ok: {len(outcomes)} of {len(outcomes)} scripts"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", metavar="FILE", help="also write the report as Markdown")
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
    header = machine()
    outcomes = []
    for script in scripts:
        print(f"running {script.name} ...", file=sys.stderr, flush=True)
        outcome = run(script, timeout=args.timeout)
        print(f"  {outcome.status(args.timeout)}", file=sys.stderr, flush=True)
        outcomes.append(outcome)
    print(plain_report(outcomes, timeout=args.timeout, header=header))
    if args.markdown:
        from shtoss_exact.errors import ShtossError
        from shtoss_exact.output import write_output

        try:
            write_output(
                args.markdown, markdown_report(outcomes, timeout=args.timeout, header=header)
            )
        except (ShtossError, OSError) as error:
            print(f"run_all: cannot write {args.markdown}: {error}", file=sys.stderr)
            sys.exit(2)
    if any(o.failed for o in outcomes):
        sys.exit(1)


if __name__ == "__main__":
    main()
