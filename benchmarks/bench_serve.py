"""Benchmark: the casekeeper page's answers (``serve``), against their target.

A whole 52-card Faro deal is clicked through card by card, as the page does: at every
position (before the soda, after it, after each turn) it asks ``/api/case`` for each
bet kind — stay (with the replay of the deal and five recorded bets settled), one-turn
and coppered — and each answer is timed in the request handler (``App.handle``, the
whole server-side work: the query read into the library's keywords, the record
computed and written as JSON). Then the same over real HTTP on the loopback, a fresh
connection per request, from the first byte sent to the last byte read.

Target: every answer within 150 ms server-side. The caches the library keeps are warm
after the first position, as in a page in use; the first answer of a fresh server
(imports included) is reported apart.

Run: ``python benchmarks/bench_serve.py``; PASS/FAIL (``--figures FILE``: the figures as
records; ``--quick`` is accepted and changes nothing, the run is short).
"""

from __future__ import annotations

import http.client
import statistics
import sys
import threading
import time
from urllib.parse import urlencode

from figures import Figures, arguments

from shtoss_exact.serve.app import App
from shtoss_exact.serve.server import make_server

TARGET_SECONDS = 0.150

DECK_TEXT = (
    "9c 4h Qd 2s 7c Ah 5d Jc 3s 10h Kc 6d 8s Qh 2d 9s 4c Jd 7h As 5c 10d Ks 3h 6s 8c Qc "
    "2h 9d 4s Jh 7d Ac 5s 10c Kh 3d 6h 8d Qs 2c 9h 4d Js 7s Ad 5h 10s Kd 3c 6c 8h"
)
DECK = DECK_TEXT.split()
BETS = "9:stay:1@0,Q:coppered:2@0,K:one-turn@1,high-card@2,A:stay:5@10"


def targets() -> list[tuple[str, str]]:
    """(kind, target) for every position of the deal and every bet kind."""
    found = []
    for count in (0, *range(1, 52, 2)):
        seen = " ".join(DECK[:count])
        turns = max(0, (count - 1) // 2)
        bets = ",".join(b for b in BETS.split(",") if int(b.split("@")[1]) <= turns)
        stay = {"seen": seen, "bet-kind": "stay", "replay": "1", **({"bets": bets} if bets else {})}
        for kind, query in (
            ("stay+replay+bets", stay),
            ("one-turn", {"seen": seen, "bet-kind": "one-turn"}),
            ("coppered", {"seen": seen, "bet-kind": "coppered"}),
        ):
            found.append((kind, "/api/case?" + urlencode({"game": "faro", **query})))
    return found


def main() -> int:
    args = arguments(__doc__.splitlines()[0]).parse_args()
    out = Figures()
    app = App()
    start = time.perf_counter()
    first = app.handle("GET", "/api/case?game=faro", "localhost")
    cold = time.perf_counter() - start
    assert first.status == 200
    by_kind: dict[str, list[float]] = {}
    for kind, target in targets():
        start = time.perf_counter()
        response = app.handle("GET", target, "localhost")
        by_kind.setdefault(kind, []).append(time.perf_counter() - start)
        assert response.status == 200, response.body[:200]
    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.address[1]
    wire = []
    for _, target in targets():
        start = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        connection.close()
        wire.append(time.perf_counter() - start)
        assert response.status == 200
    server.shutdown()
    server.server_close()

    slowest = max(max(times) for times in by_kind.values())
    print(f"{'answer (27 positions of a 52-card Faro deal)':48} {'median':>9} {'slowest':>9}")
    for kind, times in by_kind.items():
        print(f"{'handler: ' + kind:48} {statistics.median(times) * 1000:7.1f}ms "
              f"{max(times) * 1000:7.1f}ms")  # fmt: skip
    print(f"{'over HTTP, every kind (fresh connection)':48} "
          f"{statistics.median(wire) * 1000:7.1f}ms {max(wire) * 1000:7.1f}ms")  # fmt: skip
    print(f"first answer of a fresh server (imports included): {cold * 1000:.1f} ms")
    for kind, times in by_kind.items():
        key = kind.split("+")[0].replace("-", "_")
        what = f"the casekeeper page's {kind} answer in the request handler, 27 positions"
        out.add(f"serve.{key}.median", statistics.median(times), "s", f"{what}, median")
        out.add(
            f"serve.{key}.slowest",
            max(times),
            "s",
            f"{what}, slowest",
            target=("<=", TARGET_SECONDS),
        )
    out.add(
        "serve.http.median",
        statistics.median(wire),
        "s",
        "every answer over HTTP, a fresh connection each, median",
    )
    out.add(
        "serve.http.slowest",
        max(wire),
        "s",
        "every answer over HTTP, a fresh connection each, slowest",
    )
    out.add("serve.first_answer", cold, "s", "a fresh server's first answer, imports included")
    out.write(args.figures)
    ok = slowest <= TARGET_SECONDS
    print(f"slowest answer server-side {slowest * 1000:.1f} ms, target "
          f"<= {TARGET_SECONDS * 1000:.0f} ms: {'PASS' if ok else 'FAIL'}")  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
