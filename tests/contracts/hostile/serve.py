"""``serve``: ports, hosts and the recorded bets of ``case --bets`` that the page sends
(``CASES``: refused before a socket is bound, nothing listens, nothing is left); and what
reaches the page's server over HTTP (``HTTP_CASES``, run on the loopback by
``tests/contracts/test_hostile_http.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from tests.contracts.hostile.harness import HUGE, case

CASES = [
    # --- the port and the host -------------------------------------------------------------
    case("serve-port-too-big", ["serve", "--port", "70000"], "70000 is too large"),
    case("serve-port-negative", ["serve", "--port", "-1"], "-1 is too small"),
    case("serve-port-huge", ["serve", "--port", HUGE], "is too large: allowed whole numbers 0.."),
    case("serve-port-word", ["serve", "--port", "http"], "'http' is not a whole number"),
    case("serve-port-float", ["serve", "--port", "80.5"], "'80.5' is not a whole number"),
    case(
        "serve-port-full-width", ["serve", "--port", "８０５２"], "'８０５２' is not a whole number"
    ),
    case("serve-port-arabic-indic", ["serve", "--port", "٨٠٥٢"], "'٨٠٥٢' is not a whole number"),
    case("serve-host-public-address", ["serve", "--host", "8.8.8.8"], "not a loopback address"),
    case("serve-host-private", ["serve", "--host", "192.168.1.1"], "not a loopback address"),
    case("serve-host-any", ["serve", "--host", "0.0.0.0"], "not a loopback address"),
    case("serve-host-any-v6", ["serve", "--host", "::"], "not a loopback address"),
    case("serve-host-name", ["serve", "--host", "example.com"], "not a loopback address"),
    case("serve-host-empty", ["serve", "--host", ""], "not a loopback address"),
    case("serve-host-control", ["serve", "--host", "127.0.0.1\x1b[31m"], "not a loopback"),
    case("serve-unknown-option", ["serve", "--bind", "x"], "--bind"),
    # --- the recorded bets (case --bets, the page's bets=) -----------------------------------
    case("case-bets-without-seen", ["case", "--bets", "K"], "give --seen"),
    case("case-bets-with-case", ["case", "--case", "A:3", "--bets", "A"], "give --seen"),
    case("case-bets-kind", ["case", "--seen", "5h", "--bets", "K:sideways"], "is not RANK:KIND"),
    case("case-bets-rank", ["case", "--seen", "5h", "--bets", "X:stay"], "unknown rank 'X'"),
    case("case-bets-stake-zero", ["case", "--seen", "5h", "--bets", "K:stay:0"], "stake > 0"),
    case(
        "case-bets-stake-huge-digits",
        ["case", "--seen", "5h", "--bets", "K:stay:" + "9" * 5000],
        "characters",
    ),
    case("case-bets-turn-word", ["case", "--seen", "5h", "--bets", "K@x"], "whole number of turns"),
    case("case-bets-turn-later", ["case", "--seen", "5h Ks 5d", "--bets", "K@2"], "placed after"),
    case("case-bets-too-many", ["case", "--seen", "5h", "--bets", "K " * 500], "at most 200"),
    case(
        "case-bets-dead-rank", ["case", "--seen", "5h 5s 5d 5c Kh", "--bets", "5@2"], "no copy left"
    ),
    case(
        "case-bets-copper-pharaon",
        ["case", "--game", "pharaon", "--seen", "5h Ks", "--bets", "K:coppered"],
        "a Faro bet",
    ),
]


# --- over HTTP ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HttpCase:
    """Bytes sent at once on one connection to the page's server, and the statuses of
    the answers, in order; after the last one the server closes the connection unless
    ``kept``. Every answer must carry the security headers and no traceback."""

    id: str
    sent: bytes
    statuses: tuple[int, ...]
    kept: bool = False


HOST = b"Host: localhost\r\n"
CLOSE = b"GET /nowhere HTTP/1.1\r\n" + HOST + b"Connection: close\r\n\r\n"
"""A last request that ends a kept-alive connection: 404, then closed."""


def get(target: bytes = b"/", *headers: bytes, version: bytes = b"HTTP/1.1") -> bytes:
    """One request line and its headers (``Host: localhost`` unless a Host is given)."""
    given = b"".join(h + b"\r\n" for h in headers)
    host = b"" if any(h.lower().startswith(b"host:") for h in headers) else HOST
    return b"GET " + target + b" " + version + b"\r\n" + host + given + b"\r\n"


def chunked(body: bytes) -> bytes:
    """``body`` as one chunk of a chunked body."""
    return b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)


SMUGGLED = b"GET /api/schemes HTTP/1.1\r\n" + HOST + b"\r\n"

HTTP_CASES = [
    # --- malformed request lines: 400, nothing executed ------------------------------------
    HttpCase("http-garbage", b"GARBAGE\r\n\r\n", (400,)),
    HttpCase("http-version-2", get(version=b"HTTP/2.0"), (400,)),
    HttpCase("http-version-lowercase", get(version=b"http/1.1"), (400,)),
    HttpCase("http-version-trailing-word", get(version=b"HTTP/1.1 x"), (400,)),
    HttpCase("http-0.9-post", b"POST /\r\n\r\n", (400,)),
    HttpCase("http-0.9-get", b"GET /\r\n\r\n", (400,)),
    HttpCase("http-method-lowercase", b"get / HTTP/1.1\r\n" + HOST + b"\r\n", (400,)),
    HttpCase("http-bare-lf-line", b"GET / HTTP/1.1\nHost: localhost\r\n\r\n", (400,)),
    HttpCase("http-bad-line-after-good", get() + b"GARBAGE\r\n\r\n" + get(), (200, 400)),
    # --- sizes: the request line, a header line, the number of headers, the body -----------
    HttpCase("http-target-9000", get(b"/" + b"a" * 9000), (414,)),
    HttpCase("http-target-100k", get(b"/api/case?seen=" + b"7h" * 50_000), (414,)),
    HttpCase("http-header-line-70k", get(b"/", b"X-Long: " + b"a" * 70_000), (431,)),
    HttpCase("http-headers-101", get(b"/", *(b"X-H%d: 1" % i for i in range(101))), (431,)),
    HttpCase(
        "http-body-too-large",
        b"POST /api/case HTTP/1.1\r\n" + HOST + b"Content-Length: 100000\r\n\r\n",
        (413,),
    ),
    # --- a request body is a body, never a request ------------------------------------------
    HttpCase(
        "http-chunked-body-is-no-request",
        b"POST /api/case HTTP/1.1\r\n"
        + HOST
        + b"Transfer-Encoding: chunked\r\n\r\n"
        + chunked(SMUGGLED)
        + CLOSE,
        (405, 404),
    ),
    HttpCase(
        "http-chunked-unframed",
        b"POST /api/case HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\n" + SMUGGLED,
        (400,),
    ),
    HttpCase(
        "http-chunked-in-http-1.0",
        b"POST /api/case HTTP/1.0\r\n" + HOST + b"Connection: keep-alive\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + SMUGGLED,
        (400,),
    ),
    HttpCase(
        "http-chunked-and-length",
        b"POST /api/case HTTP/1.1\r\n" + HOST + b"Content-Length: 5\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + chunked(SMUGGLED),
        (400,),
    ),
    HttpCase(
        "http-length-body-is-no-request",
        b"GET /api/case HTTP/1.1\r\n"
        + HOST
        + b"Content-Length: %d\r\n\r\n" % len(SMUGGLED)
        + SMUGGLED
        + CLOSE,
        (200, 404),
    ),
    # --- the Host header, checked as a whole value -------------------------------------------
    HttpCase(
        "http-host-userinfo", get(b"/", b"Host: 127.0.0.1:80@evil.example") + CLOSE, (421, 404)
    ),
    HttpCase("http-host-port-name", get(b"/", b"Host: localhost:evil.example") + CLOSE, (421, 404)),
    HttpCase("http-host-after-bracket", get(b"/", b"Host: [::1]evil.example") + CLOSE, (421, 404)),
    HttpCase("http-host-suffix", get(b"/", b"Host: localhost.evil.example") + CLOSE, (421, 404)),
    HttpCase("http-host-trailing-dot", get(b"/", b"Host: localhost.") + CLOSE, (421, 404)),
    HttpCase("http-host-port-too-big", get(b"/", b"Host: localhost:99999") + CLOSE, (421, 404)),
    HttpCase("http-host-missing", b"GET / HTTP/1.0\r\n\r\n", (421,)),
    HttpCase(
        "http-host-two-values", get(b"/", b"Host: 127.0.0.1:1, evil.example") + CLOSE, (400, 404)
    ),
    HttpCase(
        "http-host-twice", get(b"/", b"Host: localhost", b"Host: evil.example") + CLOSE, (400, 404)
    ),
    HttpCase(
        "http-absolute-target-host", get(b"http://evil.example/api/schemes") + CLOSE, (421, 404)
    ),
    HttpCase(
        "http-absolute-target-https", get(b"https://localhost/api/schemes") + CLOSE, (400, 404)
    ),
    HttpCase("http-authority-target", get(b"localhost:80") + CLOSE, (400, 404)),
    HttpCase(
        "http-asterisk-target", b"OPTIONS * HTTP/1.1\r\n" + HOST + b"\r\n" + CLOSE, (400, 404)
    ),
    # --- Accept-Language: read bounded, never an error; unread, the server's own (English) ---
    # (each asks /api/case for a bad position: its refusal must be English, one line)
    *(
        HttpCase(
            f"http-accept-language-{name}", get(b"/api/case?seen=5h+Ks", header) + CLOSE, (400, 404)
        )
        for name, header in (
            ("weight-too-big", b"Accept-Language: ru;q=2"),
            ("weight-digits", b"Accept-Language: ru;q=0.12345"),
            ("weight-arabic-indic", "Accept-Language: ru;q=٠.٥".encode()),
            ("parameter", b"Accept-Language: ru;level=1"),
            ("underscore", b"Accept-Language: ru_RU"),
            ("long-subtag", b"Accept-Language: ruRUruRUru"),
            ("cyrillic", "Accept-Language: рус".encode()),
            ("latin-1", b"Accept-Language: ru\xe9"),
            ("many-ranges", b"Accept-Language: " + b"x," * 200 + b"ru"),
            ("long", b"Accept-Language: ru-" + b"-".join([b"abcdefgh"] * 2000)),
            ("only-commas", b"Accept-Language: " + b"," * 30_000),
            ("star", b"Accept-Language: *"),
            ("neither", b"Accept-Language: fr-FR, de;q=0.5"),
        )
    ),
    HttpCase(
        "http-accept-language-nul", get(b"/", b"Accept-Language: ru\x00"), (400,)
    ),  # waitress's
    HttpCase(
        "http-accept-language-twice",
        get(b"/", b"Accept-Language: ru", b"Accept-Language: en;q=0.5") + CLOSE,
        (200, 404),
    ),
    # --- methods ------------------------------------------------------------------------------
    HttpCase("http-method-delete", b"DELETE / HTTP/1.1\r\n" + HOST + b"\r\n" + CLOSE, (405, 404)),
    HttpCase("http-method-brew", b"BREW / HTTP/1.1\r\n" + HOST + b"\r\n" + CLOSE, (405, 404)),
]
"""Every hostile HTTP input the page's server is known to have mishandled, and its kin."""

FLOOD_CONNECTIONS = 200
FLOOD_LINES = 98
FLOOD_LINE_BYTES = 65_000
"""The header flood: this many connections at once, each sending this many header
lines of this many bytes (1.3 GB in all if the server read it)."""

FLOOD_MEMORY = 200 * 1024**2
"""The server's resident memory allowed under the flood, at its peak."""
