"""The page as a WSGI application: the security headers on every answer, the Host
header and the request target checked whole, and each refusal's status (400, 404,
405, 414, 421, 500), one JSON line, never a traceback."""

from __future__ import annotations

import re
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


# --- every line the server composes, in the request's language ---------------------------

_QUOTED = re.compile(r"'[^']*'")
_PATHS = re.compile(r"\S*/\S*")  # /api/case?seen=5h, http://localhost:PORT/..., HTTP/1.1
PROGRAM_NAMES = {"shtoss-exact", "GET", "HEAD", "Host", "localhost", "KeyError", "PORT"}
"""The Latin words a Russian line may hold: the program's name, HTTP's own, an exception's."""


def latin_words(line: str) -> set[str]:
    """The Latin words of ``line`` outside its quotes and paths, less the program's names."""
    text = _PATHS.sub(" ", _QUOTED.sub(" ", line))
    return set(re.findall(r"[A-Za-z][A-Za-z0-9-]*", text)) - PROGRAM_NAMES


LONG = "/api/case?seen=" + "7h" * (MAX_TARGET // 2) + "+"
"""A target of MAX_TARGET + 15 characters (+ 23 with ``&lang=ru``: 5 and 3 end
``символов`` alike): 414."""

REFUSALS = [
    # (method, target, host, status, English words, Russian words)
    ("GET", "/nowhere", "localhost", 404, "error: no page '/nowhere': allowed /, /api/case",
     "ошибка: нет страницы '/nowhere': допустимо /, /api/case"),
    ("POST", "/", "localhost", 405, "error: method 'POST': allowed GET, HEAD",
     "ошибка: метод 'POST': допустимо GET, HEAD"),
    ("GET", "*", "localhost", 400, "error: request target '*': allowed a path such as",
     "ошибка: цель запроса '*': допустим путь вида"),
    ("GET", "/", "evil.example", 421,
     "error: Host header 'evil.example' is not this machine's loopback: allowed localhost",
     "ошибка: заголовок Host 'evil.example' — не петлевой адрес этой машины: допустимо"),
    ("GET", "/", None, 421, "error: no Host header: allowed localhost, 127.0.0.1 or [::1]",
     "ошибка: нет заголовка Host: допустимо localhost, 127.0.0.1 или [::1]"),
    ("GET", "/", "localhost, evil.example", 400, "holds two values (two Host headers?)",
     "ошибка: в заголовке Host 'localhost, evil.example' два значения (два заголовка Host?)"),
    ("GET", "http://evil.example/", "localhost", 421,
     "error: request target's host 'evil.example' is not this machine's loopback",
     "ошибка: хост цели запроса 'evil.example' — не петлевой адрес этой машины"),
    ("GET", LONG, "localhost", 414,
     f"error: request target of {{count}} characters: allowed at most {MAX_TARGET}",
     f"ошибка: цель запроса длиной {{count}} символов: допустимо не больше {MAX_TARGET}"),
]  # fmt: skip


def _asked(target: str, way: str, language: str) -> tuple[str, str | None, str]:
    """The request asking for ``language`` in one ``way``: (target, Accept-Language, the
    server's own language); the other two ask for the other language or say nothing."""
    other = "en" if language == "ru" else "ru"
    if way == "query":
        joined = "&" if "?" in target else "?"
        return f"{target}{joined}lang={language}", f"{other}-RU,{other};q=0.9", other
    if way == "header":
        return target, f"{language}-RU,{language};q=0.9,{other};q=0.5", other
    return target, None, language  # the server's own


def _answer(method: str, target: str, host: str | None, way: str, language: str) -> Response:
    target, header, own = _asked(target, way, language)
    return App(language=own).handle(method, target, host, accept_language=header)


def _length(target: str, way: str) -> int:
    """The length of ``target`` as asked (``_asked``) in one ``way``."""
    return len(_asked(target, way, "ru")[0])


@pytest.mark.parametrize("way", ["query", "header", "server"])
@pytest.mark.parametrize(("method", "target", "host", "status", "english", "russian"), REFUSALS,
                         ids=["404", "405", "400-target", "421-host", "421-no-host",
                              "400-two-hosts", "421-target-host", "414"])  # fmt: skip
def test_refusals_speak_the_requests_language(
    way: str, method: str, target: str, host: str | None, status: int, english: str,
    russian: str,
) -> None:  # fmt: skip
    if way == "query" and not target.startswith("/"):
        pytest.skip("only a path has a query")
    ru, en = (_answer(method, target, host, way, language) for language in ("ru", "en"))
    assert ru.status == en.status == status
    assert [(k, v) for k, v in ru.headers if k != "Content-Length"] == [
        (k, v) for k, v in en.headers if k != "Content-Length"
    ]
    assert ru.body.count(b"\n") == en.body.count(b"\n") == 1
    ru_line, en_line = ru.json()["error"], en.json()["error"]
    english, russian = (words.format(count=_length(target, way)) for words in (english, russian))
    assert ru_line.startswith("shtoss-exact: ошибка: ") and russian in ru_line, ru_line
    assert en_line.startswith("shtoss-exact: error: ") and english in en_line, en_line
    assert not latin_words(ru_line), ru_line
    assert latin_words(en_line) > {"allowed"} or status == 404  # the check can fail


@pytest.mark.parametrize(("extra", "form"),
                         [(1, "символ"), (2, "символа"), (5, "символов"), (11, "символов"),
                          (21, "символ"), (24, "символа")])  # fmt: skip
def test_the_length_of_a_long_target_has_its_russian_plural(extra: int, form: str) -> None:
    # 1, 21 символ; 2..4, 22..24 символа; 5..20 символов; the count ends the rule
    base = "/?lang=ru&x="
    count = (MAX_TARGET + 1) // 10 * 10 + 10 + extra  # ends in the digits of extra
    target = base + "a" * (count - len(base))
    line = App().handle("GET", target, "localhost").json()["error"]
    assert f"длиной {count} {form}: допустимо" in line, line


@pytest.mark.parametrize("way", ["query", "header", "server"])
def test_a_bug_is_one_line_in_the_requests_language(
    way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shtoss_exact.serve.api as api

    def broken(query: str, **language: str | None) -> tuple[int, str]:
        raise KeyError("oops")

    monkeypatch.setattr(api, "case_answer", broken)
    ru, en = (_answer("GET", "/api/case", "localhost", way, lang) for lang in ("ru", "en"))
    assert ru.status == en.status == 500
    assert ru.json() == {"error": "shtoss-exact: ошибка: внутренняя ошибка (KeyError: 'oops'); "
                                  "пожалуйста, сообщите о ней"}  # fmt: skip
    assert en.json() == {"error": "shtoss-exact: error: internal error (KeyError: 'oops'); "
                                  "please report it"}  # fmt: skip


def test_answering_in_russian_leaves_the_caller_in_its_language() -> None:
    from shtoss_exact.i18n import language

    App(language="ru").handle("GET", "/nowhere", "localhost")
    App().handle("POST", "/?lang=ru", "localhost")
    assert language() == "en"
