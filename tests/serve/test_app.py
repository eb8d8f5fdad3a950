"""The page as a WSGI application: the security headers on every answer, the Host
header and the request target checked whole, and each refusal's status (400, 404,
405, 414, 421, 500), one JSON line, never a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from shtoss_exact.serve.app import (
    MAX_TARGET,
    App,
    Response,
    application,
    call,
    environ_for,
    split_target,
)
from shtoss_exact.serve.headers import CSP, SECURITY_HEADERS
from tests import ROOT


def get(target: str, *, host: str | None = "localhost:8052", method: str = "GET",
        public: bool = False) -> Response:  # fmt: skip
    return call(application(public=public), method, target, host=host)


ANSWERS = [
    ("GET", "/", 200),
    ("GET", "/index.html", 200),
    ("GET", "/app.js", 200),
    ("GET", "/style.css", 200),
    ("GET", "/api/case?seen=5h", 200),
    ("HEAD", "/api/case", 200),
    ("GET", "/api/schemes", 200),
    ("GET", "/api/case?seen=5h+Ks", 400),
    ("GET", "*", 400),
    ("GET", "/nowhere", 404),
    ("GET", "//api/case", 404),
    ("GET", "/app%2Ejs", 404),
    ("POST", "/api/case", 405),
    ("DELETE", "/", 405),
    ("GET", "/api/case?seen=" + "7h" * MAX_TARGET, 414),
    ("GET", "http://evil.example/", 421),
]


@pytest.mark.parametrize(("method", "target", "status"), ANSWERS, ids=lambda x: str(x)[:40])
def test_every_answer_carries_the_security_headers(method: str, target: str, status: int) -> None:
    response = get(target, method=method)
    assert response.status == status, response.body[:200]
    for name, value in SECURITY_HEADERS:
        assert response.header(name) == value, name
    assert response.header("Content-Length") == str(len(response.body)) or method == "HEAD"
    if status >= 400:
        assert response.header("Content-Type") == "application/json; charset=utf-8"
        assert response.body.count(b"\n") == 1
        assert response.json()["error"].startswith("shtoss-exact: error: ")


def test_the_policy_allows_no_inline_script_and_no_other_site() -> None:
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert "default-src 'none'" in CSP and "frame-ancestors 'none'" in CSP
    assert get("/app.js").header("Content-Type") == "text/javascript; charset=utf-8"


def test_head_is_get_without_the_body() -> None:
    head, whole = get("/api/case", method="HEAD"), get("/api/case")
    assert head.body == b"" and whole.body
    names = [name for name, _ in head.headers]
    assert names == [name for name, _ in whole.headers]
    assert head.header("Content-Length") == str(len(whole.body))


def test_405_says_what_is_allowed() -> None:
    assert get("/", method="PUT").header("Allow") == "GET, HEAD"


@pytest.mark.parametrize(
    "host",
    ["localhost", "LOCALHOST", "localhost:8052", "127.0.0.1", "127.0.0.1:1", "[::1]",
     "[::1]:8052", "localhost:65535"],
)  # fmt: skip
def test_loopback_hosts_are_served(host: str) -> None:
    assert get("/", host=host).status == 200
    assert get(f"http://{host}/api/case", host="localhost").status == 200


REFUSED_HOSTS = [
    (None, 421),
    ("", 421),
    ("evil.example", 421),
    ("127.0.0.1.evil.example", 421),
    ("localhost.evil:80", 421),
    ("localhost.", 421),
    ("10.0.0.1", 421),
    ("[::2]", 421),
    ("127.0.0.1:80@evil.example", 421),
    ("localhost:evil.example", 421),
    ("[::1]evil.example", 421),
    ("localhost:99999", 421),
    ("localhost:", 421),
    ("localhost:８０", 421),
    ("localhoſt", 421),
    (" localhost", 421),
    ("localhost\x00", 421),
    ("127.0.0.1:1, evil.example", 400),
    ("localhost, localhost", 400),
]


@pytest.mark.parametrize(("host", "status"), REFUSED_HOSTS)
def test_other_hosts_are_refused_whole(host: str | None, status: int) -> None:
    response = get("/api/case", host=host)
    assert response.status == status
    assert ("allowed localhost" if status == 421 else "two values") in response.json()["error"]
    assert (get(f"http://{host}/", host="localhost").status == status) or host in (None, "")


@pytest.mark.parametrize(("host", "status"), REFUSED_HOSTS)
def test_public_takes_any_single_host(host: str | None, status: int) -> None:
    expected = 400 if status == 400 else 200
    assert get("/", host=host, public=True).status == expected


@pytest.mark.parametrize(
    ("target", "split"),
    [
        ("/api/case?seen=5h", (None, "/api/case", "seen=5h")),
        ("/a?b?c#d", (None, "/a", "b?c")),
        ("http://localhost:8052/api/case?x=1", ("localhost:8052", "/api/case", "x=1")),
        ("HTTP://localhost", ("localhost", "/", "")),
        ("https://localhost/", (False, "", "")),
        ("localhost:80", (False, "", "")),
        ("*", (False, "", "")),
        ("", (False, "", "")),
    ],
)
def test_a_target_is_a_path_or_an_absolute_http_address(
    target: str, split: tuple[object, str, str]
) -> None:
    assert split_target(target) == split


def test_the_target_is_read_as_sent() -> None:
    environ = environ_for("GET", "/api/case?seen=5h", host="localhost")
    del environ["REQUEST_URI"]  # another server than waitress: PATH_INFO and QUERY_STRING
    started: list[Any] = []
    body = b"".join(application()(environ, lambda s, h, e=None: started.append(s)))
    assert started == ["200 OK"] and b'"soda": "5' in body


def test_a_bug_is_one_line_500_with_the_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    import shtoss_exact.serve.api as api

    def broken(query: str, **language: str | None) -> tuple[int, str]:
        raise KeyError("oops")

    monkeypatch.setattr(api, "case_answer", broken)
    response = App().handle("GET", "/api/case", "localhost")
    assert response.status == 500
    assert response.json() == {
        "error": "shtoss-exact: error: internal error (KeyError: 'oops'); please report it"
    }
    assert response.header("X-Frame-Options") == "DENY"


def test_the_page_has_no_inline_script_and_no_outside_address() -> None:
    static = ROOT / "shtoss_exact" / "serve" / "static"
    for name in ("index.html", "app.js", "style.css"):
        text = (static / name).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, name
        assert "eval(" not in text and "innerHTML" not in text, name
    html = (static / "index.html").read_text()
    assert "<script>" not in html and "onclick" not in html and "style=" not in html
