"""The page on a real waitress server on the loopback (port 0, ``127.0.0.1`` only): it
answers, keeps a connection alive, queues at least ``BACKLOG`` connections made before
it takes them, holds at most ``CONNECTIONS`` open, stops on ``shutdown`` and on Ctrl-C,
and refuses a port or an address that is not its own in one line."""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import subprocess
import threading
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import speaking
from shtoss_exact.serve.headers import CSP
from shtoss_exact.serve.server import (
    BACKLOG,
    CONNECTIONS,
    LIMITS,
    Server,
    _Channel,
    check_host,
    make_server,
    waitress_line,
)
from tests.conftest import shtoss_ok, start_shtoss


def _serving(server: Server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def served() -> Iterator[Server]:
    server = make_server("127.0.0.1", 0)
    thread = _serving(server)
    yield server
    server.shutdown()
    thread.join(10)
    assert not thread.is_alive()


def request(server: Server, target: str, *, method: str = "GET", host: str | None = None
            ) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    connection = http.client.HTTPConnection("127.0.0.1", server.address[1], timeout=10)
    try:
        connection.request(method, target, headers={} if host is None else {"Host": host})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_http_on_a_free_port(served: Server) -> None:
    assert served.url.startswith("http://127.0.0.1:") and not served.url.endswith(":0/")
    status, headers, body = request(served, "/")
    assert status == 200 and b"app.js" in body
    assert headers["Content-Security-Policy"] == CSP
    assert headers["Server"] == "shtoss-exact"
    options = {"seen": "5h Ks 5d 9c 2s", "bets": "K:stay:1@0 5:coppered:2@1"}
    status, headers, body = request(served, "/api/case?" + urlencode(options))
    expected = shtoss_ok("case", "--seen", options["seen"], "--bets", options["bets"],
                         "--format", "json")  # fmt: skip
    assert status == 200 and body.decode() == expected
    assert headers["Server-Timing"].startswith("app;dur=")


def test_http_refusals(served: Server) -> None:
    status, _, body = request(served, "/api/case?seen=5h+Ks")
    assert status == 400 and body.count(b"\n") == 1 and b"inside a turn" in body
    assert request(served, "/", host="evil.example")[0] == 421
    assert request(served, "/", method="DELETE")[0] == 405
    status, headers, body = request(served, "/api/case", method="HEAD")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 100


def test_a_connection_is_kept_alive(served: Server) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", served.address[1], timeout=10)
    try:
        sockets = set()
        for seen, left in (("5h", 51), ("5h Ks 5d", 49), ("5h Ks 5d 9c 2s", 47)):
            connection.request("GET", "/api/case?" + urlencode({"seen": seen}))
            response = connection.getresponse()
            assert response.status == 200 and json.loads(response.read())["cards_left"] == left
            sockets.add(id(connection.sock))
        assert len(sockets) == 1  # the same connection throughout
    finally:
        connection.close()


def test_each_answer_leaves_in_one_send_without_delay(
    served: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The head and the body in one send, on a connection set TCP_NODELAY: no small
    # segment is held back waiting for the client's delayed acknowledgement.
    sent: list[bytes] = []
    send = _Channel.send

    def recorded(self: _Channel, data: bytes, *args: object, **kwargs: object) -> int:
        sent.append(bytes(data))
        return int(send(self, data, *args, **kwargs))

    monkeypatch.setattr(_Channel, "send", recorded)
    connection = http.client.HTTPConnection("127.0.0.1", served.address[1], timeout=10)
    try:
        bodies = []
        for target in ("/api/case?seen=5h+Ks+5d", "/app.js", "/api/case?seen=5h+Ks", "/nowhere"):
            connection.request("GET", target)
            response = connection.getresponse()
            bodies.append(response.read())
            assert response.getheader("Content-Length") == str(len(bodies[-1]))
        channels = [c for c in served._map.values() if isinstance(c, _Channel)]
        delays = [c.socket.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for c in channels]
    finally:
        connection.close()
    assert [one.partition(b"\r\n\r\n")[2] for one in sent] == bodies
    assert all(one.startswith(b"HTTP/1.1 ") for one in sent)
    assert len(delays) == 1 and all(delays)


def test_the_listen_queue_holds_connections_made_before_they_are_taken() -> None:
    assert BACKLOG >= 64 and LIMITS["backlog"] == BACKLOG
    server = make_server("127.0.0.1", 0)  # bound and listening, not yet serving
    made: list[socket.socket] = []
    try:
        for _ in range(64):
            made.append(socket.create_connection(("127.0.0.1", server.address[1]), timeout=5))
        thread = _serving(server)
        for sock in made:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert all(sock.recv(12) == b"HTTP/1.1 200" for sock in made)
    finally:
        for sock in made:
            sock.close()
        server.shutdown()
    thread.join(10)


def _answered(sock: socket.socket, *, within: float) -> bool:
    sock.sendall(b"GET /style.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
    sock.settimeout(within)
    try:
        return sock.recv(12) == b"HTTP/1.1 200"
    except TimeoutError:
        return False


def test_at_most_the_connection_limit_is_open(served: Server) -> None:
    held: list[socket.socket] = []
    try:
        while len(held) <= CONNECTIONS:
            sock = socket.create_connection(("127.0.0.1", served.address[1]), timeout=10)
            held.append(sock)
            if not _answered(sock, within=5):
                break
        waiting = held[-1]
        assert CONNECTIONS - 5 <= len(held) - 1 <= CONNECTIONS  # the last one waits
        held.pop(0).close()  # one closes: the waiting one is taken and answered
        waiting.settimeout(10)
        assert waiting.recv(12) == b"HTTP/1.1 200"
    finally:
        for sock in held:
            sock.close()


def test_shutdown_and_close_are_safe_to_repeat() -> None:
    server = make_server("127.0.0.1", 0)
    server.shutdown()  # never served: closed at once
    server.server_close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.address[1]), timeout=2)


@pytest.mark.parametrize(
    ("port", "named"),
    [(-1, "port=-1 is too small"), (65536, "port=65536 is too large"),
     ("８０５２", "port='８０５２' is not a whole number"), (True, "port=True"),
     (80.0, "port=80.0")],
)  # fmt: skip
def test_the_port_is_a_whole_number(port: object, named: str) -> None:
    with pytest.raises(ShtossError, match="^" + named):
        make_server("127.0.0.1", port)  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["8.8.8.8", "0.0.0.0", "::", "example.com", ""])
def test_only_the_loopback_unless_public(host: str) -> None:
    with pytest.raises(ShtossError, match=r"^host=.* is not a loopback address: .*public=True"):
        check_host(host, public=False)
    assert check_host(host, public=True) == host


@pytest.mark.parametrize(
    ("host", "bound"),
    [("127.0.0.1", "127.0.0.1"), ("::1", "::1"), ("[::1]", "::1"), ("localhost", "localhost")],
)
def test_loopback_addresses(host: str, bound: str) -> None:
    assert check_host(host, public=False) == bound


def test_an_address_in_use_is_one_line() -> None:
    server = make_server("127.0.0.1", 0)
    try:
        with pytest.raises(ShtossError, match=r"^cannot listen on 127\.0\.0\.1:\d+: "):
            make_server("127.0.0.1", server.address[1])
    finally:
        server.server_close()


def test_the_command_prints_its_url_and_stops_on_ctrl_c() -> None:
    process = start_shtoss(
        "serve", "--port", "0", stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line.startswith("http://127.0.0.1:") and not line.endswith(":0/"), line
        connection = http.client.HTTPConnection("127.0.0.1", int(line[:-1].rsplit(":")[-1]))
        connection.request("GET", "/api/case?seen=5h")
        assert json.loads(connection.getresponse().read())["soda"] == "5♥"
        connection.close()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err == "shtoss-exact: error: interrupted\n"  # nothing logged per request


def test_verbose_logs_each_request() -> None:
    process = start_shtoss(
        "serve", "--port", "0", "--verbose", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().strip()[:-1].rsplit(":")[-1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /nowhere HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            while sock.recv(4096):
                pass
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert "shtoss-exact: GET '/nowhere' 404 Not Found\n" in err


def test_serve_lang_is_the_pages_language_when_the_browser_asks_for_none() -> None:
    process = start_shtoss(
        "serve", "--port", "0", "--lang", "ru", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().strip()[:-1].rsplit(":")[-1])
        answers = []
        for headers in ({}, {"Accept-Language": "en-US,en;q=0.9"}, {"Accept-Language": "*"}):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/", headers=headers)
            response = connection.getresponse()
            page = response.read().decode("utf-8")
            answers.append((response.getheader("Content-Language"), '<html lang="ru">' in page))
            connection.request("GET", "/api/case?seen=5h+Ks", headers=headers)
            line = json.loads(connection.getresponse().read())["error"]
            answers.append((line.split(":")[1].strip(), None))
            connection.close()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert answers == [("ru", True), ("ошибка", None), ("en", False), ("error", None),
                       ("ru", True), ("ошибка", None)]  # fmt: skip
    assert err == "shtoss-exact: ошибка: прервано\n"  # told in its language, nothing logged


def test_the_servers_language_is_the_one_spoken_when_it_is_made() -> None:
    from shtoss_exact.i18n import speaking

    with speaking("ru"):
        server = make_server("127.0.0.1", 0)
    thread = _serving(server)
    try:
        status, headers, body = request(server, "/")
        assert status == 200 and headers["Content-Language"] == "ru"
        assert "<title>shtoss-exact — счётчик карт</title>" in body.decode("utf-8")
        assert headers["Vary"] == "Accept-Language"
    finally:
        server.shutdown()
        thread.join(10)


# --- the answers waitress gives itself, in the request's language ------------------------

HOST_LINE = b"Host: localhost\r\n"


def _head(target: bytes = b"/", *headers: bytes, version: bytes = b"HTTP/1.1") -> bytes:
    return (b"GET " + target + b" " + version + b"\r\n" + HOST_LINE
            + b"".join(h + b"\r\n" for h in headers) + b"\r\n")  # fmt: skip


def _exchange(server: Server, sent: bytes) -> tuple[bytes, list[tuple[bytes, bytes]], str]:
    """The status line, the headers and the error line of the one answer to ``sent``."""
    with socket.create_connection(("127.0.0.1", server.address[1]), timeout=10) as sock:
        sock.sendall(sent)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    status, *lines = head.split(b"\r\n")
    headers = [(k, v) for k, _, v in (line.partition(b": ") for line in lines)]
    assert body.count(b"\n") == 1 and body.isascii(), body
    return status, headers, json.loads(body)["error"]


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, Server]]:
    """A server whose own language is English, one whose own is Russian."""
    made = {language: make_server("127.0.0.1", 0, language=language) for language in ("en", "ru")}
    threads = [_serving(server) for server in made.values()]
    yield made
    for server in made.values():
        server.shutdown()
    for thread in threads:
        thread.join(10)


WAITRESS_REFUSALS = [
    # (id, sent asking for {lang}, status, English words, Russian words)
    ("414", _head(b"/?lang={lang}&x=" + b"a" * 8400), b"414",
     "error: uri too long: request line over 8292 bytes",
     "ошибка: слишком длинный адрес: строка запроса больше 8292 байт"),
    ("431-lines", _head(b"/", *(b"X-H%d: 1" % i for i in range(70)), b"Accept-Language: {lang}"),
     b"431", "error: request header fields too large: more than 64 header lines",
     "ошибка: слишком большие заголовки запроса: больше 64 строк заголовков"),
    ("400-version", _head(b"/?lang={lang}", version=b"HTTP/2.0"), b"400",
     "error: bad request: request line: allowed METHOD TARGET HTTP/1.1 (or HTTP/1.0)",
     "ошибка: неверный запрос: строка запроса: допустимо METHOD TARGET HTTP/1.1 (или HTTP/1.0)"),
    ("400-chunked-1.0", b"POST / HTTP/1.0\r\n" + HOST_LINE + b"Accept-Language: {lang}\r\n"
     b"Transfer-Encoding: chunked\r\n\r\n", b"400",
     "error: bad request: Transfer-Encoding: allowed in HTTP/1.1 only",
     "ошибка: неверный запрос: Transfer-Encoding: допустим только в HTTP/1.1"),
    ("400-chunked-and-length", b"POST /?lang={lang} HTTP/1.1\r\n" + HOST_LINE
     + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", b"400",
     "error: bad request: Transfer-Encoding and Content-Length both given: allowed one",
     "ошибка: неверный запрос: даны и Transfer-Encoding, и Content-Length: допустим один из "
     "них"),
    ("413", b"POST / HTTP/1.1\r\n" + HOST_LINE + b"Accept-Language: {lang}\r\n"
     b"Content-Length: 100000\r\n\r\n", b"413",
     "error: request entity too large: exceeds max_body of 4096",
     "ошибка: слишком большое тело запроса: тело запроса больше 4096 байт"),
    ("400-method", b"get /?lang={lang} HTTP/1.1\r\n" + HOST_LINE + b"\r\n", b"400",
     'error: bad request: Malformed HTTP method "get"',
     "ошибка: неверный запрос: неверный метод HTTP 'get'"),
    ("501", b"POST / HTTP/1.1\r\n" + HOST_LINE + b"Accept-Language: {lang}\r\n"
     b"Transfer-Encoding: gzip\r\n\r\n", b"501",
     "error: not implemented: Transfer-Encoding requested is not supported.",
     "ошибка: не поддерживается: запрошенный Transfer-Encoding не поддерживается."),
    ("400-garbage", b"GARBAGE\r\nAccept-Language: {lang}\r\n\r\n", b"400",
     "error: bad request: Start line is invalid",
     "ошибка: неверный запрос: неверная строка запроса"),
    ("400-chunk-size", b"POST / HTTP/1.1\r\n" + HOST_LINE + b"Accept-Language: {lang}\r\n"
     b"Transfer-Encoding: chunked\r\n\r\nzz\r\n", b"400",
     "error: bad request: Invalid chunk size",
     "ошибка: неверный запрос: неверный размер куска тела"),
]  # fmt: skip


@pytest.mark.parametrize(("sent", "status", "english", "russian"),
                         [row[1:] for row in WAITRESS_REFUSALS],
                         ids=[row[0] for row in WAITRESS_REFUSALS])  # fmt: skip
def test_waitresss_refusals_speak_the_requests_language(
    servers: dict[str, Server], sent: bytes, status: bytes, english: str, russian: str
) -> None:
    from tests.serve.test_app import latin_words

    # Asked for Russian of the English server, and for English of the Russian one.
    ru = _exchange(servers["en"], sent.replace(b"{lang}", b"ru"))
    en = _exchange(servers["ru"], sent.replace(b"{lang}", b"en"))
    assert ru[0].split()[1] == en[0].split()[1] == status
    assert [h for h in ru[1] if h[0] != b"Content-Length"] == [
        h for h in en[1] if h[0] != b"Content-Length"
    ]
    assert ru[2] == f"shtoss-exact: {russian}"
    assert en[2] == f"shtoss-exact: {english}"
    assert not latin_words(ru[2]) - {"Transfer-Encoding", "Content-Length", "HTTP", "METHOD",
                                      "TARGET"}, ru[2]  # fmt: skip


def test_an_overlong_request_line_speaks_its_lang_else_the_servers(
    servers: dict[str, Server],
) -> None:
    # Its headers are never read (the line is refused as soon as it is too long).
    line = b"/x" + b"a" * 8400
    asked = _head(line, b"Accept-Language: ru")
    assert _exchange(servers["en"], asked)[2].startswith("shtoss-exact: error: uri too long")
    asked = _head(line, b"Accept-Language: en")
    assert _exchange(servers["ru"], asked)[2].startswith("shtoss-exact: ошибка: слишком")


def test_a_head_too_large_speaks_the_lang_of_its_line() -> None:
    from waitress.adjustments import Adjustments

    from shtoss_exact.serve.server import MAX_HEAD, _Request, refused_language

    for language, words in (("ru", "строка и заголовки запроса больше"), ("en", "exceeds")):
        parser = _Request(Adjustments(**LIMITS))
        parser.received(_head(b"/?lang=" + language.encode()).rstrip(b"\r\n") + b"\r\n")
        parser.received(b"X-Long: " + b"a" * MAX_HEAD)
        assert parser.error.code == 431
        assert refused_language(parser, default="en" if language == "ru" else "ru") == language
        with speaking(language):
            assert words in waitress_line(parser.error)


def test_waitresss_own_words_are_spoken_or_kept() -> None:
    from waitress.utilities import BadRequest

    from shtoss_exact.serve.server import WAITRESS_SAYS

    for said in WAITRESS_SAYS:
        assert waitress_line(BadRequest(said)) == said  # English: waitress's own
        with speaking("ru"):
            spoken = waitress_line(BadRequest(said))
        assert re.search("[а-яё]", spoken) and spoken != said, said
    with speaking("ru"):  # a message waitress may say one day, unknown here: its own
        assert waitress_line(BadRequest("Something new")) == "Something new"
        assert waitress_line(BadRequest('Malformed header line " x"')) == (
            "неверная строка заголовка ' x'"
        )
