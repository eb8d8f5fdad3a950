"""Exact one-bet odds from shtoss_exact against the tools a user would otherwise pick.

Run as ``python benchmarks/bench_peers.py`` (``--json`` for machine-readable figures,
``--budget SECONDS`` per peer and case, ``--cases 52/4,104/8`` for a subset, ``--quick``
for 52/4 and 104/8 with a budget of 5 s, ``--figures FILE`` to write the figures as
records for ``run_all.py``; a peer whose library is not installed is skipped). One run,
about three minutes on two cores with the default budget of 20 s.

For a deck of ``n`` cards holding ``m`` copies of the punter's rank (52/4, 104/8,
520/40, 5200/400) two questions are asked:

* ``summary`` — P(banker), P(plié), P(punter);
* ``table`` — per abzug ``j``: P(killed), P(plié), P(given).

shtoss_exact answers with ``odds(cards=n, copies=m)`` (``.banker``, ``.plie``,
``.punter``) and ``odds(cards=n, copies=m).by_abzug`` (rows of ``Fraction``); it is
timed in this process, best of several calls, each call from scratch (nothing is
cached between calls). The peers:

* ``icepool chain`` — an absorbing Markov chain dealt abzug by abzug:
  ``Die([("deal", 1)]).map(step, repeat=ceil(n/2))``, where ``step`` turns the state
  ``("deal", j)`` (``n - 2(j-1)`` cards left, all ``m`` copies among them) into a
  ``Die`` of ``("plie", j)``, ``("killed", j)``, ``("given", j)`` and ``("deal", j+1)``
  weighted ``m(m-1)``, ``m(k-m)``, ``(k-m)m``, ``(k-m)(k-m-1)``, and leaves a decided
  state alone. For the summary the decided states drop the abzug.
* ``icepool chain, repeat='inf'`` — the same ``step`` with ``repeat='inf'``: icepool
  finds the transient states and solves the absorbing chain by elimination.
* ``icepool deal + evaluator`` — ``Deck(range(1, n+1)).deal(m)`` (the copies' ``m``
  positions, an unordered hand out of ``n``) evaluated by a ``MultisetEvaluator``
  that sees the positions in ascending order: the first one dealt decides given
  (even) or a lob (odd), and a lob becomes a plié if the next position is dealt too.
* ``icepool deal.lowest(2)`` — ``Deck(range(1, n+1)).deal(m).lowest(2).expand()``,
  the two lowest positions as a ``Die`` of pairs, ``.map(classify)``; one computation
  gives both the table and the summary.
* ``sympy.stats`` — ``X = FiniteRV("X", {p: binomial(n-p, m-1)/binomial(n, m)})``,
  the first copy's position; summary: ``P(Eq(Mod(X, 2), 0))`` and
  ``E(Piecewise(((m-1)/(n-X), Eq(Mod(X, 2), 1)), (0, True)))`` (a lob is a plié when
  the next card is one of the other ``m-1`` copies among ``n-X``); table: ``density(X)``
  per position times the same conditional.
* ``brute force`` — every one of the C(n, m) sets of copy positions (52/4 only; the
  others are "not feasible", with the count).
* ``numpy Monte Carlo`` — 10^6 deals, vectorised: a uniform key per card, the copies'
  first position is one plus the number of other cards with a smaller key than the
  smallest copy key, a plié when no other card's key lies between the two smallest
  copy keys. Not exact: its largest error per cell is shown. One simulation gives
  both questions.

Every peer runs in a fresh subprocess (so no cache of icepool or sympy carries over
from an earlier case), after a warm-up on a tiny deck; the one call that answers the
question is timed, and its answer is compared with shtoss_exact's exactly, cell by
cell, before its time is reported. A peer that runs past the budget is stopped and
shown as "> budget" — a result, not a failure; a peer over the budget on one case is
not run on the larger ones, nor an icepool table where that peer's summary (the same
computation with fewer states) was over on the same case. A peer that cannot answer at
all (icepool's deal recursing past Python's limit) says so. A wrong exact answer, or a
peer that crashes, prints FAIL and the exit status is 1.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import platform
import signal
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import Any

from figures import Figures, arguments

CASES = ((52, 4), (104, 8), (520, 40), (5200, 400))
BUDGET = 20.0
DEALS = 1_000_000
CHUNK_CELLS = 2_000_000  # keys per Monte Carlo chunk (16 MB of float64)
BRUTE_SETS_PER_S = 1_000_000  # a generous rate for the brute-force estimate
WARM_UP = (8, 2)
WORKER_SLACK = 30.0  # seconds on top of the budget for a worker's start and check

Kinds = dict[tuple[str, int], Fraction]
"""(kind, abzug) -> probability; kind is killed, plie or given; abzug 0 in a summary."""

PEERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (key, label, questions it is run for; "both" = one computation for the two)
    ("chain", "icepool chain, map(repeat=n/2)", ("summary", "table")),
    ("chain_inf", "icepool chain, map(repeat='inf')", ("summary", "table")),
    ("evaluator", "icepool deal + MultisetEvaluator", ("summary", "table")),
    ("lowest2", "icepool deal.lowest(2).expand()", ("both",)),
    ("sympy", "sympy.stats FiniteRV", ("summary", "table")),
    ("brute", "brute force, all C(n, m) sets", ("both",)),
    ("monte_carlo", f"numpy Monte Carlo, {DEALS:,} deals", ("both",)),
)


TABLE_DOES_MORE = frozenset({"chain", "chain_inf", "evaluator"})
"""Peers whose table is their summary's computation with more states: over, if it is."""


class OverBudget(Exception):
    """Raised in a worker when its alarm goes off."""


# --- the peers (each returns Kinds) ---------------------------------------------------


def icepool_chain(n: int, m: int, *, table: bool, infinite: bool = False) -> Kinds:
    """An absorbing Markov chain over the deal, one abzug per step."""
    import icepool  # type: ignore[import-untyped]

    def step(state: tuple[str, int]) -> Any:
        kind, j = state
        if kind != "deal":
            return state  # decided: absorbing
        k = n - 2 * (j - 1)  # cards left, all m copies among them
        at = j if table else 0
        if k == 1:  # a lone last card (n odd) is a lob
            return ("killed", at)
        weights = {
            ("plie", at): m * (m - 1),
            ("killed", at): m * (k - m),
            ("given", at): (k - m) * m,
            ("deal", j + 1): (k - m) * (k - m - 1),
        }
        return icepool.Die({s: w for s, w in weights.items() if w})

    start = icepool.Die([("deal", 1)])
    die = start.map(step, repeat="inf" if infinite else (n + 1) // 2)
    return {state: die.probability(state) for state in die.outcomes()}


def icepool_evaluator(n: int, m: int, *, table: bool) -> Kinds:
    """``Deck(range(1, n + 1)).deal(m)``: the copies' positions, evaluated in ascending order."""
    import icepool

    class FirstCopy(icepool.MultisetEvaluator):  # type: ignore[misc]
        def initial_state(self, order: Any, outcomes: Any, *sizes: Any) -> None:
            if order != icepool.Order.Ascending:
                raise icepool.UnsupportedOrder()
            return None

        def next_state(self, state: Any, order: Any, position: int, count: int) -> Any:
            if state is None:  # no copy yet
                if not count:
                    return None
                if position % 2 == 0:
                    return ("given", position // 2 if table else 0)
                return ("lob", position)
            if state[0] == "lob":  # the card after a lob decides killed or plié
                return ("plie" if count else "killed", (state[1] + 1) // 2 if table else 0)
            return state

        def final_outcome(self, state: Any, order: Any, outcomes: Any, *sizes: Any) -> Any:
            if state[0] == "lob":  # the lob was the last card
                return ("killed", (state[1] + 1) // 2 if table else 0)
            return state

        @property
        def next_state_key(self) -> Any:
            return (type(self), table)

    die = FirstCopy().evaluate(icepool.Deck(range(1, n + 1)).deal(m))
    return {state: die.probability(state) for state in die.outcomes()}


def icepool_lowest2(n: int, m: int) -> tuple[Kinds, Kinds]:
    """The two lowest positions dealt, as a Die of pairs, classified."""
    import icepool

    def classify(*low: int) -> tuple[str, int]:
        first = low[0]
        if first % 2 == 0:
            return ("given", first // 2)
        return ("plie" if len(low) > 1 and low[1] == first + 1 else "killed", (first + 1) // 2)

    die = icepool.Deck(range(1, n + 1)).deal(m).lowest(min(2, m)).expand().map(classify, star=True)
    table = {state: die.probability(state) for state in die.outcomes()}
    return table, summary_of(table)


def sympy_stats(n: int, m: int, *, table: bool) -> Kinds:
    """A finite random variable for the first copy's position."""
    from sympy import Eq, Mod, Piecewise, Rational, binomial
    from sympy.stats import E, FiniteRV, P, density

    X = FiniteRV("X", {p: binomial(n - p, m - 1) / binomial(n, m) for p in range(1, n - m + 2)})
    if not table:
        punter = P(Eq(Mod(X, 2), 0))
        plie = E(Piecewise((Rational(m - 1) / (n - X), Eq(Mod(X, 2), 1)), (0, True)))
        return {
            ("given", 0): Fraction(int(punter.p), int(punter.q)),
            ("plie", 0): Fraction(int(plie.p), int(plie.q)),
            ("killed", 0): Fraction(int((1 - punter - plie).p), int((1 - punter - plie).q)),
        }
    pmf = density(X)
    out: Kinds = {}
    for p, prob in pmf.dict.items():
        p = int(p)
        j = (p + 1) // 2
        if p % 2 == 0:
            out[("given", j)] = Fraction(int(prob.p), int(prob.q))
            continue
        plie = prob * Rational(m - 1, n - p) if p < n else 0 * prob
        killed = prob - plie
        out[("plie", j)] = Fraction(int(plie.p), int(plie.q))
        out[("killed", j)] = Fraction(int(killed.p), int(killed.q))
    return out


def brute_force(n: int, m: int) -> tuple[Kinds, Kinds]:
    """Every set of copy positions (increasing), tallied by the first copy's abzug and kind."""
    counts: dict[tuple[str, int], int] = {}
    total = 0
    for places in combinations(range(1, n + 1), m):
        total += 1
        first = places[0]
        if first % 2 == 0:
            key = ("given", first // 2)
        elif m > 1 and places[1] == first + 1:
            key = ("plie", (first + 1) // 2)
        else:
            key = ("killed", (first + 1) // 2)
        counts[key] = counts.get(key, 0) + 1
    table = {key: Fraction(c, total) for key, c in counts.items()}
    return table, summary_of(table)


def monte_carlo(n: int, m: int, *, budget: float, seed: int = 1) -> tuple[Kinds, Kinds, float]:
    """A vectorised simulation of DEALS deals; stops early if the first chunk says it will not fit.

    Returns the table, the summary, and the seconds it took (or would take, if stopped).
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    abzugs = (n + 1) // 2
    counts = np.zeros(3 * (abzugs + 1), dtype=np.int64)  # killed, plié, given per abzug
    chunk = max(1, CHUNK_CELLS // n)
    done = 0
    start = time.perf_counter()
    while done < DEALS:
        size = min(chunk, DEALS - done)
        keys = rng.random((size, n))
        copies = np.sort(keys[:, :m], axis=1)  # the punter's rank is cards 0..m-1
        others = keys[:, m:]
        low = copies[:, 0]
        first = (others < low[:, None]).sum(axis=1) + 1
        if m > 1:
            plie = (others < copies[:, 1][:, None]).sum(axis=1) + 1 == first
        else:
            plie = np.zeros(size, dtype=bool)
        kind = np.where(first % 2 == 0, 2, np.where(plie, 1, 0))
        counts += np.bincount(3 * ((first + 1) // 2) + kind, minlength=counts.size)
        done += size
        if done == size and done < DEALS:
            projected = (time.perf_counter() - start) * DEALS / done
            if projected > budget:
                raise OverBudget(f"{projected:.0f} s projected from {done:,} deals")
    seconds = time.perf_counter() - start
    names = ("killed", "plie", "given")
    table = {(names[i % 3], i // 3): Fraction(int(c), DEALS) for i, c in enumerate(counts) if c}
    return table, summary_of(table), seconds


def summary_of(table: Kinds) -> Kinds:
    out: Kinds = {("killed", 0): Fraction(0), ("plie", 0): Fraction(0), ("given", 0): Fraction(0)}
    for (kind, _), p in table.items():
        out[(kind, 0)] += p
    return out


# --- shtoss_exact's answers, and the check ----------------------------------------------


def exact_answers(n: int, m: int) -> tuple[Kinds, Kinds]:
    """shtoss_exact's table and summary, as Kinds."""
    from shtoss_exact import odds

    o = odds(cards=n, copies=m)
    table: Kinds = {}
    for row in o.by_abzug:
        table[("killed", row.abzug)] = row.killed
        table[("plie", row.abzug)] = row.plie
        table[("given", row.abzug)] = row.given
    summary = {("killed", 0): o.killed, ("plie", 0): o.plie, ("given", 0): o.punter}
    return table, summary


def compare(peer: Kinds, exact: Kinds) -> tuple[bool, float]:
    """(equal cell by cell, largest absolute difference per cell); absent cells are 0."""
    keys = set(peer) | set(exact)
    zero = Fraction(0)
    equal = all(peer.get(k, zero) == exact.get(k, zero) for k in keys)
    worst = max(float(abs(peer.get(k, zero) - exact.get(k, zero))) for k in keys)
    return equal, worst


def run_peer(key: str, what: str, n: int, m: int, *, budget: float) -> dict[str, Any]:
    """In a worker: warm up, time the one call, check it. Returns the worker's report."""

    def call(n: int, m: int) -> tuple[dict[str, Kinds], float]:
        begin = time.perf_counter()
        answers: dict[str, Kinds]
        if key in ("chain", "chain_inf"):
            answers = {
                what: icepool_chain(n, m, table=what == "table", infinite=key == "chain_inf")
            }
        elif key == "evaluator":
            answers = {what: icepool_evaluator(n, m, table=what == "table")}
        elif key == "sympy":
            answers = {what: sympy_stats(n, m, table=what == "table")}
        elif key == "lowest2":
            table, summary = icepool_lowest2(n, m)
            answers = {"table": table, "summary": summary}
        elif key == "brute":
            table, summary = brute_force(n, m)
            answers = {"table": table, "summary": summary}
        elif key == "monte_carlo":
            table, summary, seconds = monte_carlo(n, m, budget=budget)
            return {"table": table, "summary": summary}, seconds
        else:
            raise SystemExit(f"bench_peers: no peer {key!r}")
        return answers, time.perf_counter() - begin

    if key == "brute":
        sets = math.comb(n, m)
        if sets > budget * BRUTE_SETS_PER_S:
            return {"status": "not feasible", "note": f"C({n}, {m}) = {about(sets)} sets"}

    def alarm(signum: int, frame: Any) -> None:
        raise OverBudget(f"stopped after {budget:g} s")

    call(*WARM_UP)
    signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        answers, seconds = call(n, m)
    except OverBudget as over:
        return {"status": "over budget", "note": str(over)}
    except RecursionError:
        limit = sys.getrecursionlimit()
        return {"status": "cannot", "note": f"RecursionError at Python's recursion limit {limit}"}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    exact_table, exact_summary = exact_answers(n, m)
    report: dict[str, Any] = {"status": "ok", "seconds": seconds, "checks": {}}
    for question, answer in answers.items():
        equal, worst = compare(answer, exact_table if question == "table" else exact_summary)
        report["checks"][question] = {"exact": equal, "max_abs_error": worst}
    return report


def about(count: int) -> str:
    """A whole number for the eye: exact if small, else in powers of ten (no huge ``str``)."""
    if count < 10**6:
        return f"{count:,}"
    if count.bit_length() < 1000:
        return f"{float(count):.2e}"
    return f"about 10^{math.floor(count.bit_length() * math.log10(2))}"


def worker_main(argv: list[str]) -> None:
    key, what, n, m, budget = argv
    result = run_peer(key, what, int(n), int(m), budget=float(budget))
    print(json.dumps(result))


# --- the driver --------------------------------------------------------------------------


def best_of(func: Callable[[], object], *, seconds: float = 0.5) -> float:
    """Seconds per call: calls grouped to about 20 ms, best of several groups."""
    timer = timeit.Timer(func)
    number, _ = timer.autorange()  # at least 0.2 s worth
    number = max(1, number // 10)
    rounds = max(3, min(7, int(seconds / max(1e-9, timer.timeit(number)))))
    return min(timer.repeat(repeat=rounds, number=number)) / number


def shtoss_times(n: int, m: int) -> dict[str, float]:
    from shtoss_exact import odds

    def summary() -> object:
        o = odds(cards=n, copies=m)
        return o.banker, o.plie, o.punter

    def table() -> object:
        return odds(cards=n, copies=m).by_abzug

    return {"summary": best_of(summary), "table": best_of(table)}


def spawn(key: str, what: str, n: int, m: int, budget: float) -> dict[str, Any]:
    command = [sys.executable, os.path.abspath(__file__), "--worker", key, what, str(n), str(m)]
    command.append(str(budget))
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=budget + WORKER_SLACK, check=False
        )
    except subprocess.TimeoutExpired:
        return {"status": "over budget", "note": "worker killed"}
    if done.returncode != 0 or not done.stdout.strip():
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        if tail.startswith("ModuleNotFoundError"):
            return {"status": "not installed", "note": tail.split(":", 1)[-1].strip()}
        return {"status": "error", "note": tail[:120]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def machine() -> dict[str, Any]:
    versions: dict[str, str] = {"python": platform.python_version()}
    for name in ("shtoss_exact", "icepool", "sympy", "numpy"):
        try:
            versions[name] = __import__(name).__version__
        except ImportError:
            versions[name] = "not installed"
    return {
        "platform": platform.platform(),
        "cores": os.cpu_count(),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "versions": versions,
    }


def measure(cases: list[tuple[int, int]], *, budget: float, progress: bool) -> dict[str, Any]:
    figures: dict[str, Any] = {"budget_s": budget, "machine": machine(), "cases": []}
    over: dict[tuple[str, str], str] = {}  # (peer, what) -> the case it ran over on
    failed = False
    for n, m in cases:
        ours = shtoss_times(n, m)
        case: dict[str, Any] = {"cards": n, "copies": m, "shtoss_exact_s": ours, "peers": []}
        for key, label, questions in PEERS:
            for what in questions:
                asked = ("summary", "table") if what == "both" else (what,)
                result: dict[str, Any]
                if (key, what) in over:
                    result = {
                        "status": "over budget",
                        "note": f"skipped: over at {over[key, what]}",
                    }
                elif what == "table" and key in TABLE_DOES_MORE and (key, "summary") in over:
                    result = {
                        "status": "over budget",
                        "note": "skipped: the summary alone was over",
                    }
                else:
                    if progress:
                        print(f"  {n}/{m} {label} ({what}) ...", file=sys.stderr, flush=True)
                    result = spawn(key, what, n, m, budget)
                if result["status"] == "over budget" and (key, what) not in over:
                    over[key, what] = f"{n}/{m}"
                for question in asked:
                    row: dict[str, Any] = {
                        "peer": label,
                        "what": question,
                        "status": result["status"],
                        "note": result.get("note", ""),
                    }
                    if result["status"] == "ok":
                        check = result["checks"][question]
                        row["seconds"] = result["seconds"]
                        row["ratio"] = result["seconds"] / ours[question]
                        if key == "monte_carlo":
                            row["max_abs_error"] = check["max_abs_error"]
                        elif not check["exact"]:
                            row["status"] = "wrong"
                            row["note"] = f"FAIL: differs by up to {check['max_abs_error']:.1e}"
                            del row["seconds"], row["ratio"]
                            failed = True
                    elif result["status"] == "error":
                        failed = True
                    case["peers"].append(row)
        figures["cases"].append(case)
    figures["failed"] = failed
    return figures


def _time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:,.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:,.1f} ms"
    return f"{seconds:,.2f} s"


def report(figures: dict[str, Any]) -> str:
    header = ("case", "what", "shtoss_exact", "peer", "peer time", "peer/shtoss", "check")
    rows: list[tuple[str, ...]] = []
    budget = figures["budget_s"]
    for case in figures["cases"]:
        name = f"{case['cards']}/{case['copies']}"
        for what in ("summary", "table"):
            ours = case["shtoss_exact_s"][what]
            for row in (r for r in case["peers"] if r["what"] == what):
                status = row["status"]
                if status == "ok":
                    peer_time, ratio = _time(row["seconds"]), f"{row['ratio']:,.0f}x"
                    if "max_abs_error" in row:
                        check = f"not exact: max error {row['max_abs_error']:.1e}"
                    else:
                        check = "exact, equal"
                elif status == "over budget":
                    peer_time, ratio = f"> {budget:g} s", f"> {budget / ours:,.0f}x"
                    check = f"> budget ({row['note']})"
                elif status == "not feasible":
                    peer_time, ratio, check = "-", "-", f"not feasible: {row['note']}"
                elif status == "cannot":
                    peer_time, ratio, check = "-", "-", f"cannot: {row['note']}"
                elif status == "not installed":
                    peer_time, ratio, check = "-", "-", f"not installed: {row['note']}"
                else:
                    peer_time, ratio, check = "-", "-", f"FAIL {status}: {row['note']}"
                rows.append((name, what, _time(ours), row["peer"], peer_time, ratio, check))
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    right = {2, 4, 5}
    lines = [
        "  ".join(
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ).rstrip()
        for row in [header, *rows]
    ]
    lines.insert(1, "-" * max(len(line) for line in lines))
    info = figures["machine"]
    versions = ", ".join(f"{k} {v}" for k, v in info["versions"].items())
    lines += [
        "",
        f"budget {budget:g} s per peer and case; peers timed once each in a fresh process after "
        "a warm-up, shtoss_exact best of several calls in this one",
        f"{info['platform']}, {info['cores']} cores, {info['date']}",
        versions,
    ]
    if figures["failed"]:
        lines.append("FAIL: a peer's exact answer differs from shtoss_exact's, or a peer crashed")
    return "\n".join(lines)


def parse_cases(text: str) -> list[tuple[int, int]]:
    cases = []
    for part in text.split(","):
        n, _, m = part.partition("/")
        cases.append((int(n), int(m)))
    return cases


PEER_KEYS = {label: key for key, label, _ in PEERS}


def record(figures: dict[str, Any], out: Figures) -> None:
    """The figures as records: ``peers.<n>_<m>.<summary|table>.shtoss_exact``, and for each
    peer ``...<peer>.time`` and ``...<peer>.ratio`` (peer / shtoss_exact) when it answered
    within the budget, else ``...<peer>.status`` (over budget, not feasible, ...)."""
    for case in figures["cases"]:
        n, m = case["cards"], case["copies"]
        for what in ("summary", "table"):
            stem = f"peers.{n}_{m}.{what}"
            ours = case["shtoss_exact_s"][what]
            call = f"odds(cards={n}, copies={m})" + (".by_abzug" if what == "table" else "")
            out.add(f"{stem}.shtoss_exact", ours, "s", f"shtoss_exact: {call}, best of several")
            for row in (r for r in case["peers"] if r["what"] == what):
                key = f"{stem}.{PEER_KEYS[row['peer']]}"
                if row["status"] != "ok":
                    status = f"{row['status']}: {row['note']}" if row["note"] else row["status"]
                    out.add(f"{key}.status", status, "note", f"{row['peer']}: {n}/{m} {what}")
                    continue
                out.add(f"{key}.time", row["seconds"], "s", f"{row['peer']}: {n}/{m} {what}")
                out.add(
                    f"{key}.ratio",
                    row["ratio"],
                    "x",
                    f"{row['peer']} / shtoss_exact, {n}/{m} {what}",
                    baseline=f"shtoss_exact's {call}, same run",
                )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker_main(sys.argv[2:])
        return
    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--budget", type=float, help=f"seconds per peer and case (default {BUDGET:g})"
    )
    parser.add_argument(
        "--cases",
        type=parse_cases,
        help="cards/copies pairs, comma-separated (default 52/4,104/8,520/40,5200/400)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args()
    cases = args.cases or (list(CASES[:2]) if args.quick else list(CASES))
    budget = args.budget or (5.0 if args.quick else BUDGET)
    figures = measure(cases, budget=budget, progress=not args.quiet)
    out = Figures()
    record(figures, out)
    out.write(args.figures)
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    if figures["failed"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
