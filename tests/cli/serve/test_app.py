"""``shtoss-exact serve``: the API answers exactly what ``case --format json`` prints,
refuses in its words, keeps to the loopback, and the server runs and stops cleanly."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from shtoss_exact.cli.serve.app import CSP, MAX_TARGET, PARAMETERS, App, Response
from shtoss_exact.cli.serve.server import make_server, url
from tests import ROOT
from tests.conftest import run_shtoss, shtoss_ok, start_shtoss

DEAL_TEXT = (
    "5s 8d 6h 5c 6d Ah Kh Ad 2c 2s 9h 9s 8c 3c 10d 6c Js 2d 7s 7c 3d Kc 3s 8s As 4d "
    "Jh Ac Kd 5d 10h Ks 2h 10s 4c Qs Qh 9d 5h 6s 10c Qd 7d Qc 4s 9c 8h 4h 7h 3h Jc Jd"
)
DEAL = DEAL_TEXT.split()

POSITIONS: list[dict[str, str]] = [
    {},
    {"game": "faro", "seen": "5h Ks 5d"},
    {"game": "faro", "seen": "5h Ks 5d", "bet-kind": "one-turn"},
    {"game": "stuss", "seen": " ".join(DEAL[:9]), "bet-kind": "coppered"},
    {"game": "faro", "seen": " ".join(DEAL[:15]), "bet-kind": "high-card"},
    {"game": "faro", "case": "*:0,7:2,K:1", "call-the-turn": "1", "pay-for": "5"},
    {"game": "faro", "case": "*:0,A:1,7:1,K:1", "cathop-pay": "3/2"},
    {"game": "pharaon", "seen": "7h 7d Ks 2c", "replay": "1"},
    {"game": "bassette", "seen": " ".join(DEAL[:12]), "deck": "52"},
    {"game": "two-deck", "scheme": "lob-half", "seen": "7h 9d"},
    {"game": "two-deck", "scheme": "фараон", "deck": "36", "seen": "7h 9d Ks As"},
    {"game": "faro", "deck": "32", "seen": "7h 9d Ks"},
    {"game": "faro", "pattern": "every-rank"},
    {"game": "faro", "seen": " ".join(DEAL[:21]), "bets": "K:stay:1@0 5:coppered:2@3 high-card@4"},
    {"game": "faro", "seen": " ".join(DEAL[:51]), "replay": "true", "bets": "3:stay@20"},
]

BAD: list[dict[str, str]] = [
    {"game": "poker"},
    {"seen": "5h Ks"},
    {"seen": "5h 1x 5d"},
    {"seen": "5h Ks 5h"},
    {"case": "A:5"},
    {"seen": "5h", "case": "A:1"},
    {"deck": "40"},
    {"bet-kind": "sideways"},
    {"game": "pharaon", "bet-kind": "coppered"},
    {"case": "*:0,7:2,K:1,A:2", "call-the-turn": "1"},
    {"scheme": "classic"},
    {"game": "two-deck", "scheme": "thirds"},
    {"pay-for": "x"},
    {"seen": "5h Ks 5d", "bets": "K:sideways"},
    {"seen": "5h Ks 5d", "bets": "K@3"},
    {"case": "A:1,*:0,2:2", "bets": "A"},
    {"seen": "7h " * 900},
]


def cli_json(options: dict[str, str]) -> str:
    args = ["case"]
    for name, value in options.items():
        if name in ("call-the-turn", "replay"):
            args.append(f"--{name}")
        else:
            args += [f"--{name}", value]
    return shtoss_ok(*args, "--format", "json")


def cli_error(options: dict[str, str]) -> str:
    args = ["case"]
    for name, value in options.items():
        args += [f"--{name}"] if name in ("call-the-turn", "replay") else [f"--{name}", value]
    result = run_shtoss(*args)
    assert result.status == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def get(target: str, *, host: str | None = "127.0.0.1:8052", method: str = "GET") -> Response:
    return App().handle(method, target, host)


def api(options: dict[str, str]) -> Response:
    return get("/api/case?" + urlencode(options))


@pytest.mark.parametrize("options", POSITIONS, ids=lambda o: urlencode(o)[:60] or "whole-deck")
def test_the_api_is_the_commands_json_byte_for_byte(options: dict[str, str]) -> None:
    response = api(options)
    assert response.status == 200, response.body
    assert response.body.decode("utf-8") == cli_json(options)
    assert response.header("Content-Type") == "application/json; charset=utf-8"
    assert response.header("Cache-Control") == "no-store"


@pytest.mark.parametrize("options", BAD, ids=lambda o: urlencode(o)[:60])
def test_bad_input_is_400_with_the_commands_one_line(options: dict[str, str]) -> None:
    response = api(options)
    assert response.status == 400
    assert response.json() == {"error": cli_error(options)}
    assert b"Traceback" not in response.body


def test_the_schemes_endpoint_is_the_commands_json() -> None:
    shown = shtoss_ok("schemes", "--format", "json")
    assert get("/api/schemes").body.decode("utf-8") == shown


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        ("colour=red", "unknown parameter 'colour'"),
        ("format=csv", "unknown parameter 'format'"),
        ("output=/tmp/x", "unknown parameter 'output'"),
        ("game=faro&game=stuss", "parameter 'game' is given twice"),
        ("replay=maybe", "allowed 1 or 0"),
        ("game=two-deck&scheme=/etc/passwd", "the page reads no scheme file"),
        ("game=two-deck&scheme=x.toml", "the page reads no scheme file"),
        ("pattern=/etc/passwd", "the page reads no pattern file"),
        ("seen=%ff", "UTF-8"),
        ("&".join(f"a{i}=1" for i in range(50)), "at most 20 parameters"),
    ],
)
def test_the_page_reads_no_file_and_only_the_commands_names(query: str, fragment: str) -> None:
    response = get("/api/case?" + query)
    assert response.status == 400
    assert fragment in response.json()["error"]
    assert response.json()["error"].startswith("shtoss-exact: error: ")


def test_every_query_name_is_an_option_of_case() -> None:
    from shtoss_exact.cli.case import case

    options = {opt for param in case.params for opt in param.opts}
    assert {f"--{name}" for name in PARAMETERS} <= options


@pytest.mark.parametrize("host", ["localhost", "localhost:8052", "127.0.0.1:1", "[::1]:8052"])
def test_loopback_hosts_are_served(host: str) -> None:
    assert get("/", host=host).status == 200


@pytest.mark.parametrize("host", [None, "", "evil.example", "127.0.0.1.evil.example",
                                  "localhost.evil:80", "10.0.0.1", "[::2]"])  # fmt: skip
def test_other_hosts_are_refused(host: str | None) -> None:
    response = get("/api/case", host=host)
    assert response.status == 421
    assert "loopback" in response.json()["error"]
    assert App(public=True).handle("GET", "/", host).status == 200


def test_status_codes_and_headers() -> None:
    assert get("/nowhere").status == 404
    post = get("/api/case", method="POST")
    assert post.status == 405 and post.header("Allow") == "GET, HEAD"
    long = get("/api/case?seen=" + "7h" * MAX_TARGET)
    assert long.status == 414
    for target in ("/", "/app.js", "/style.css", "/api/case", "/nowhere"):
        response = get(target)
        assert response.header("Content-Security-Policy") == CSP
        assert response.header("X-Content-Type-Options") == "nosniff"
        assert response.header("Referrer-Policy") == "no-referrer"
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert get("/app.js").header("Content-Type") == "text/javascript; charset=utf-8"


def test_the_page_has_no_inline_script_and_no_outside_address() -> None:
    static = ROOT / "shtoss_exact" / "cli" / "serve" / "static"
    for name in ("index.html", "app.js", "style.css"):
        text = (static / name).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, name
        assert "eval(" not in text and "innerHTML" not in text, name
    html = (static / "index.html").read_text()
    assert "<script>" not in html and "onclick" not in html and "style=" not in html


def test_a_bug_is_one_line_500(monkeypatch: pytest.MonkeyPatch) -> None:
    import shtoss_exact.cli.serve.app as app

    def broken(query: str) -> Response:
        raise KeyError("oops")

    monkeypatch.setattr(app, "api_case", broken)
    response = get("/api/case")
    assert response.status == 500
    assert response.json() == {
        "error": "shtoss-exact: error: internal error (KeyError: 'oops'); please report it"
    }


def test_every_answer_along_a_whole_deal_is_fast() -> None:
    """Each position of a 52-card Faro deal, every bet kind, with the replay and bets the
    page asks for. The target, 150 ms, is measured by benchmarks/bench_serve.py; here a
    guard on the CPU time of each answer (twice the target, three times under CI), which a
    loaded machine does not stretch."""
    app = App()
    app.handle("GET", "/api/case", "localhost")  # imports, caches
    slowest = 0.0
    for count in (0, *range(1, 52, 2)):
        seen = " ".join(DEAL[:count])
        for kind, extra in (("stay", {"replay": "1", "bets": "K@0,5:coppered@0"}),
                            ("one-turn", {}), ("coppered", {})):  # fmt: skip
            query = urlencode({"seen": seen, "bet-kind": kind, **extra})
            start = time.process_time()
            response = app.handle("GET", "/api/case?" + query, "localhost")
            slowest = max(slowest, time.process_time() - start)
            assert response.status == 200
    assert slowest < 0.15 * (3 if os.environ.get("CI") else 2), slowest


# --- over real HTTP --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield url(server)
    server.shutdown()
    server.server_close()


def request(base: str, target: str, *, method: str = "GET", host: str | None = None
            ) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    port = int(base.rstrip("/").rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {} if host is None else {"Host": host}
        connection.request(method, target, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_http_on_a_free_port(served: str) -> None:
    assert served.startswith("http://127.0.0.1:") and not served.endswith(":0/")
    status, headers, body = request(served, "/")
    assert status == 200 and b"app.js" in body
    assert headers["Content-Security-Policy"] == CSP
    options = POSITIONS[13]
    status, headers, body = request(served, "/api/case?" + urlencode(options))
    assert status == 200 and body.decode() == cli_json(options)
    assert headers["Server-Timing"].startswith("app;dur=")
    assert "Python" not in headers.get("Server", "")


def test_http_refusals(served: str) -> None:
    status, _, body = request(served, "/api/case?seen=5h+Ks")
    assert status == 400 and body.decode().count("\n") == 1
    assert json.loads(body)["error"] == cli_error({"seen": "5h Ks"})
    assert request(served, "/", host="evil.example")[0] == 421
    assert request(served, "/", method="DELETE")[0] == 405
    assert request(served, "/", method="BREW")[0] == 405
    status, headers, body = request(served, "/api/case", method="HEAD")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 100
    assert request(served, "/api/case?seen=" + "x" * (MAX_TARGET + 10))[0] == 414


def test_http_request_line_too_long(served: str) -> None:
    import socket

    port = int(served.rstrip("/").rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
        reply = sock.recv(200)
    assert reply.startswith(b"HTTP/1.1 414") or reply.startswith(b"HTTP/1.0 414")


def test_the_command_prints_its_url_and_stops_on_ctrl_c() -> None:
    process = start_shtoss(
        "serve", "--port", "0", stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line.startswith("http://127.0.0.1:") and not line.endswith(":0/"), line
        status, _, body = request(line, "/api/case?seen=5h")
        assert status == 200 and json.loads(body)["soda"] == "5♥"
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err == "shtoss-exact: error: interrupted\n"  # nothing logged per request
