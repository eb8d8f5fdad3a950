"""Benchmark: the casekeeper page's answers (``serve``), against their targets.

Three measures, in one run:

1. **The request handler** (``App.handle``, in this process): a 52-card Faro deal at
   27 positions (before the soda, after it, after each turn), each bet kind the page
   asks for — the whole server-side work (the query read into the library's keywords,
   the record computed and written as JSON). Target: every answer within 150 ms.
2. **One click** over a connection kept alive, to a server in a process of its own
   (``shtoss-exact serve --port 0``): whole shuffled deals walked card by card, as the
   page does — after each card clicked, the page's requests for the position (one
   ``GET /api/case`` with ``bet-kind=all`` and the recorded bets when the server
   answers every bet kind at once — the page keeps the turns itself and asks no replay
   —, else, as the page did before, stay with the replay and the recorded bets,
   one-turn and coppered, one after the other), from the first byte sent to the last
   byte read. Target: p99 of a
   click within 20 ms.
3. **20 clients at once**, each its own connection and its own shuffled deals walked
   the same way, 5,000 requests in all (``--quick``: 2,000): every request's time, the
   errors (a status other than 200, a connection lost), and the server's memory (its
   resident set, sampled) against its size after its first answer. Targets: p99 within
   100 ms, no error, memory growth within 20 MB.

The load average before and after is printed: on a loaded machine the figures say
more of the machine than of the server. The first answer of a fresh server (imports
included) is reported apart.

Run: ``python benchmarks/bench_serve.py``; PASS/FAIL (``--figures FILE``: the figures as
records; ``--quick``: fewer deals and requests).
"""

from __future__ import annotations

import http.client
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from figures import Figures, arguments

from shtoss_exact.serve.app import App

ROOT = Path(__file__).resolve().parent.parent
HANDLER_TARGET = 0.150
CLICK_TARGET = 0.020
LOAD_TARGET = 0.100
GROWTH_TARGET = 20.0  # MB
CLIENTS = 20

DECK_TEXT = (
    "9c 4h Qd 2s 7c Ah 5d Jc 3s 10h Kc 6d 8s Qh 2d 9s 4c Jd 7h As 5c 10d Ks 3h 6s 8c Qc "
    "2h 9d 4s Jh 7d Ac 5s 10c Kh 3d 6h 8d Qs 2c 9h 4d Js 7s Ad 5h 10s Kd 3c 6c 8h"
)
DECK = DECK_TEXT.split()


def recorded_bets(deal: list[str], turns: int) -> str:
    """The bets a punter has recorded by turn ``turns`` of ``deal``: five, placed after
    turns 0, 0, 1, 2 and 10, each on a rank with a copy still to come (the next card)."""

    def rank(placed: int, ahead: int) -> str:
        return deal[1 + 2 * placed + ahead][:-1]

    bets = [
        (0, f"{rank(0, 0)}:stay:1@0"),
        (0, f"{rank(0, 1)}:coppered:2@0"),
        (1, f"{rank(1, 0)}:one-turn@1"),
        (2, "high-card@2"),
        (10, f"{rank(10, 0)}:stay:5@10"),
    ]
    return ",".join(text for placed, text in bets if placed <= turns)


def page_queries(deal: list[str], clicked: int, *, every_kind: bool) -> list[str]:
    """The targets the page asks for once ``clicked`` cards of ``deal`` are clicked: the
    whole turns among them (the soda, then two a turn) as ``seen``."""
    whole = clicked if clicked == 0 or clicked % 2 == 1 else clicked - 1
    turns = max(0, (whole - 1) // 2)
    seen = {"game": "faro", "deck": "52", "seen": " ".join(deal[:whole])}
    bets = recorded_bets(deal, turns) if whole else ""
    stay = {**seen, "replay": "1", **({"bets": bets} if bets else {})}
    if every_kind:  # the page's one question: every kind, its bets, no replay (it keeps it)
        asked = [{**seen, "bet-kind": "all", **({"bets": bets} if bets else {})}]
    else:
        asked = [{**stay, "bet-kind": "stay"}, {**seen, "bet-kind": "one-turn"},
                 {**seen, "bet-kind": "coppered"}]  # fmt: skip
    return ["/api/case?" + urlencode(query) for query in asked]


def shuffled_deals(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, len(DECK)) for _ in range(count)]


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (``q`` in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def handler_times(every_kind: bool) -> tuple[float, dict[str, list[float]]]:
    """Measure 1: the first answer (imports included) and each kind's answers."""
    app = App()
    start = time.perf_counter()
    first = app.handle("GET", "/api/case?game=faro", "localhost")
    cold = time.perf_counter() - start
    assert first.status == 200
    kinds = ("all+replay+bets",) if every_kind else ("stay+replay+bets", "one-turn", "coppered")
    by_kind: dict[str, list[float]] = {kind: [] for kind in kinds}
    for clicked in (0, *range(1, 52, 2)):
        for kind, target in zip(kinds, page_queries(DECK, clicked, every_kind=every_kind),
                                strict=True):  # fmt: skip
            start = time.perf_counter()
            response = app.handle("GET", target, "localhost")
            by_kind[kind].append(time.perf_counter() - start)
            assert response.status == 200, response.body[:200]
    return cold, by_kind


class ServerProcess:
    """``shtoss-exact serve --port 0`` in a child process: its port and its memory."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
               os.environ.get("PYTHONPATH")]))}  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-m", "shtoss_exact", "serve", "--port", "0"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        url = self.process.stdout.readline().strip()
        self.port = int(url.rstrip("/").rsplit(":", 1)[1])

    def rss_mb(self) -> float | None:
        """The server's resident set in MB (10^6 bytes), from ``/proc``; ``None``
        where there is none."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
        return kb * 1024 / 1e6

    def cpu_seconds(self) -> float | None:
        """The server's CPU time so far (user and system), from ``/proc``; ``None``
        where there is none."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)  # Ctrl-C: the server closes and exits
        try:
            _, err = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        if self.process.returncode != 130:  # not stopped by Ctrl-C: say what it said
            print(f"the server exited with status {self.process.returncode}: {err.strip()}")


def ask(connection: http.client.HTTPConnection, target: str) -> tuple[int, float]:
    """One request on ``connection``: its status and the app's time (Server-Timing)."""
    connection.request("GET", target)
    response = connection.getresponse()
    response.read()
    timing = response.getheader("Server-Timing", "app;dur=0")
    return response.status, float(timing.partition("dur=")[2] or 0) / 1000


def clicks(port: int, deals: list[list[str]], every_kind: bool) -> tuple[list[float], list[float]]:
    """Measure 2: each click's time over one connection kept alive, and the app's share."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    walls, apps = [], []
    try:
        for deal in deals:
            for clicked in range(len(deal)):
                start = time.perf_counter()
                spent = 0.0
                for target in page_queries(deal, clicked, every_kind=every_kind):
                    status, app = ask(connection, target)
                    assert status == 200, (status, target)
                    spent += app
                walls.append(time.perf_counter() - start)
                apps.append(spent)
    finally:
        connection.close()
    return walls, apps


@dataclass
class Load:
    """Measure 3: the times of every request, the errors, the server's memory."""

    requests: int
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    peak_mb: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> bool:
        """Claim one request of the total; False once all are claimed."""
        with self.lock:
            if self.requests <= 0:
                return False
            self.requests -= 1
            return True

    def client(self, port: int, seed: int, every_kind: bool) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            for deal in _endless_deals(seed):
                for clicked in range(len(deal)):
                    for target in page_queries(deal, clicked, every_kind=every_kind):
                        if not self.take():
                            return
                        self._one(connection, target)
        finally:
            connection.close()

    def _one(self, connection: http.client.HTTPConnection, target: str) -> None:
        start = time.perf_counter()
        try:
            status, _ = ask(connection, target)
        except (OSError, http.client.HTTPException) as error:
            self.errors.append(f"{type(error).__name__}: {error}")
            connection.close()
            return
        self.times.append(time.perf_counter() - start)
        if status != 200:
            self.errors.append(f"status {status}")


def _endless_deals(seed: int) -> Iterator[list[str]]:
    rng = random.Random(seed)
    while True:
        yield rng.sample(DECK, len(DECK))


@contextmanager
def sampling(server: ServerProcess, load: Load) -> Iterator[None]:
    """Sample the server's memory every 20 ms while the block runs (the peak in ``load``)."""
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.02):
            load.peak_mb = max(load.peak_mb, server.rss_mb() or 0.0)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        yield
    finally:
        done.set()
        sampler.join()
        load.peak_mb = max(load.peak_mb, server.rss_mb() or 0.0)


def under_load(server: ServerProcess, requests: int, every_kind: bool) -> Load:
    load = Load(requests=requests)
    threads = [threading.Thread(target=load.client, args=(server.port, 1000 + i, every_kind))
               for i in range(CLIENTS)]  # fmt: skip
    with sampling(server, load):
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return load


def supports_every_kind() -> bool:
    """Whether the server answers every bet kind at once (``bet-kind=all``)."""
    return App().handle("GET", "/api/case?bet-kind=all", "localhost").status == 200


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def main() -> int:
    args = arguments(__doc__.splitlines()[0]).parse_args()
    out = Figures()
    load_before = os.getloadavg()
    every_kind = supports_every_kind()
    per_click = 1 if every_kind else 3
    cold, by_kind = handler_times(every_kind)

    server = ServerProcess()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        assert ask(connection, "/api/case?game=faro")[0] == 200  # imports done
        connection.close()
        start_mb = server.rss_mb()
        deals = shuffled_deals(3 if args.quick else 10, seed=52)
        cpu = [server.cpu_seconds()]
        walls, apps = clicks(server.port, deals, every_kind)
        cpu.append(server.cpu_seconds())
        load = under_load(server, 2000 if args.quick else 5000, every_kind)
        cpu.append(server.cpu_seconds())
    finally:
        server.stop()
    load_after = os.getloadavg()

    report_handler(out, cold, by_kind)
    report_clicks(out, walls, apps, per_click=per_click, deals=len(deals))
    report_load(out, load, start_mb)
    report_cpu(out, cpu, clicks=len(walls), requests=len(load.times) + len(load.errors))
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
          f"({os.cpu_count()} cores)")  # fmt: skip
    out.write(args.figures)
    failed = out.failed()
    print("every target met: PASS" if not failed else f"missed {', '.join(failed)}: FAIL")
    return 1 if failed else 0


def report_handler(out: Figures, cold: float, by_kind: dict[str, list[float]]) -> None:
    print(f"{'1. the request handler, 27 positions of a Faro deal':52} {'median':>10} "
          f"{'slowest':>10}")  # fmt: skip
    for kind, times in by_kind.items():
        print(f"   {kind:49} {ms(statistics.median(times))} {ms(max(times))}")
        key = kind.split("+")[0].replace("-", "_")
        what = f"the casekeeper page's {kind} answer in the request handler, 27 positions"
        out.add(f"serve.{key}.median", statistics.median(times), "s", f"{what}, median")
        out.add(f"serve.{key}.slowest", max(times), "s", f"{what}, slowest",
                target=("<=", HANDLER_TARGET))  # fmt: skip
    print(f"   first answer of a fresh server (imports included): {ms(cold).strip()}")
    out.add("serve.first_answer", cold, "s", "a fresh server's first answer, imports included")


def report_clicks(out: Figures, walls: list[float], apps: list[float], *, per_click: int,
                  deals: int) -> None:  # fmt: skip
    what = (f"one click of the page over a connection kept alive ({per_click} "
            f"request{'s' if per_click > 1 else ''}), every position of {deals} shuffled "
            "52-card Faro deals")  # fmt: skip
    p50, p99 = percentile(walls, 50), percentile(walls, 99)
    print(f"2. {what}: {len(walls)} clicks")
    print(f"   p50 {ms(p50)}, p99 {ms(p99)}, slowest {ms(max(walls))}; the app's work: "
          f"p50 {ms(percentile(apps, 50))}, p99 {ms(percentile(apps, 99))}")  # fmt: skip
    out.add("serve.click.requests", per_click, "count", "requests the page sends per click")
    out.add("serve.click.p50", p50, "s", f"{what}, median")
    out.add("serve.click.p99", p99, "s", f"{what}, 99th percentile", target=("<=", CLICK_TARGET))
    out.add("serve.click.slowest", max(walls), "s", f"{what}, slowest")
    out.add("serve.click.app_p99", percentile(apps, 99), "s",
            f"{what}: the server's own work (Server-Timing), 99th percentile")  # fmt: skip


def report_load(out: Figures, load: Load, start_mb: float | None) -> None:
    done = len(load.times) + len(load.errors)
    what = f"{CLIENTS} clients at once, each walking its own shuffled Faro deals, {done} requests"
    p50, p99 = percentile(load.times, 50), percentile(load.times, 99)
    print(f"3. {what}")
    print(f"   p50 {ms(p50)}, p99 {ms(p99)}, slowest {ms(max(load.times))}, "
          f"errors {len(load.errors)}{': ' + load.errors[0] if load.errors else ''}")  # fmt: skip
    out.add("serve.load.requests", done, "count", f"{what}: requests made")
    out.add("serve.load.p50", p50, "s", f"{what}, median")
    out.add("serve.load.p99", p99, "s", f"{what}, 99th percentile", target=("<=", LOAD_TARGET))
    out.add("serve.load.slowest", max(load.times), "s", f"{what}, slowest")
    out.add("serve.load.errors", len(load.errors), "count", f"{what}: errors",
            target=("<=", 0))  # fmt: skip
    if start_mb is None:
        out.add("serve.load.memory_growth", "no /proc here: not measured", "note",
                "the server's memory growth")  # fmt: skip
        return
    growth = load.peak_mb - start_mb
    print(f"   server memory {start_mb:.1f} MB after its first answer, peak {load.peak_mb:.1f} "
          f"MB: growth {growth:.1f} MB")  # fmt: skip
    out.add("serve.load.memory_start", start_mb, "MB",
            "the server's resident set after its first answer")  # fmt: skip
    out.add("serve.load.memory_growth", growth, "MB",
            "the server's resident set at its peak (the clicks and the 20 clients) less "
            "after its first answer", target=("<=", GROWTH_TARGET))  # fmt: skip


def report_cpu(out: Figures, cpu: list[float | None], *, clicks: int, requests: int) -> None:
    """The server's CPU time per click and per request: what the figures above cost it,
    whatever else the machine runs (its clock ticks: 10 ms each, over many requests)."""
    if None in cpu:
        return
    walk, load = cpu[1] - cpu[0], cpu[2] - cpu[1]  # type: ignore[operator]
    print(f"   the server's CPU time: {ms(walk / clicks).strip()} per click (measure 2), "
          f"{ms(load / requests).strip()} per request (measure 3)")  # fmt: skip
    out.add("serve.click.cpu", walk / clicks, "s",
            "the server's CPU time per click (user and system), measure 2")  # fmt: skip
    out.add("serve.load.cpu", load / requests, "s",
            f"the server's CPU time per request, {CLIENTS} clients at once")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
