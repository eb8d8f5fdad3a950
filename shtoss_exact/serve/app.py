"""The casekeeper page as a WSGI application: ``application()`` (``App`` wrapped by
``headers.secured``), answered without a socket by ``App.handle(method, target, host)``.

* ``GET /`` the page, ``GET /app.js`` and ``GET /style.css`` its script and style
  (files shipped in the package: no CDN, no inline script); the page is in the language
  of its ``lang=``, else of the browser's ``Accept-Language``, else the server's own
  (``language``; ``serve.language``), every label from the catalog (``serve.words``);
* ``GET /api/case?game=G&seen=CARDS&...`` the record of ``shtoss-exact case --game G
  --seen CARDS ... --format json`` (``api``), its error line in the same language;
* ``GET /api/schemes`` the record of ``shtoss-exact schemes --format json``.

Before any of that, the request itself is checked. The ``Host`` header is checked as a
whole value: a loopback name (``localhost``, ``127.0.0.1``, ``[::1]``), an optional
port, nothing else, else 421 (DNS rebinding); two ``Host`` headers (which WSGI joins
with ``", "``) are 400. A target is a path (``/api/case?...``) or an absolute
``http://HOST/...`` whose host is checked the same way; anything else is 400, longer
than ``MAX_TARGET`` 414. A method other than GET or HEAD is 405, an unknown path 404.
Bad input is 400 with ``{"error": LINE}``. Never a traceback: a bug is a 500 with one
line. Every line is in the request's language (``App.language_of``: ``lang=``, else
``Accept-Language``, else the server's), the status and the headers the same in each.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from io import BytesIO
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from shtoss_exact.i18n import N_, _, ngettext, speaking
from shtoss_exact.serve import api
from shtoss_exact.serve.headers import secured
from shtoss_exact.serve.language import request_language

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

MAX_TARGET = 8192
"""Longest request target (path and query) answered: a whole deal is ~160 characters,
2 000 at most are read as cards; longer is 414."""

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")

_LOOPBACK = re.compile(r"(?:localhost|127\.0\.0\.1|\[::1\])(?::([0-9]{1,5}))?",
                       re.IGNORECASE | re.ASCII)  # fmt: skip
_ABSOLUTE = re.compile(r"http://([^/?#]*)(/[^?#]*)?(?:\?([^#]*))?", re.IGNORECASE | re.ASCII)

PAGES = ("/", "/index.html")
"""The page, rendered in the request's language."""

STATIC = {
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}

ALLOWED_HOSTS = N_("allowed localhost, 127.0.0.1 or [::1] with an optional port")

HOST_PROBLEMS = {
    "Host header": (
        N_("Host header {host!r} holds two values (two Host headers?): allowed one"),
        N_("no Host header: {allowed}"),
        N_("Host header {host!r} is not this machine's loopback: {allowed}"),
    ),
    "request target's host": (
        N_("request target's host {host!r} holds two values (two Host headers?): allowed one"),
        N_("no request target's host: {allowed}"),
        N_("request target's host {host!r} is not this machine's loopback: {allowed}"),
    ),
}
"""What ``host_problem`` says of a Host header or an absolute target's host: holding two
values, missing, not the loopback (each one message, to be spoken whole)."""


@dataclass(frozen=True)
class Response:
    """An answer: HTTP ``status``, ``headers`` (name, value) and the ``body``."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes

    def header(self, name: str) -> str | None:
        """The value of the header ``name`` (any case), or ``None``."""
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    def json(self) -> Any:
        """The body read as JSON."""
        return json.loads(self.body)


@dataclass
class App:
    """The page and its API, a WSGI application. ``public`` accepts any single Host
    header (the server was bound for other machines on purpose); otherwise only the
    loopback's names. ``language`` is the server's own, spoken when a request asks for
    none."""

    public: bool = False
    language: str = "en"
    _files: dict[str, bytes] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        from shtoss_exact.i18n import check_language

        self.language = check_language(self.language)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        response = self.answer(environ)
        status = f"{response.status} {HTTPStatus(response.status).phrase}"
        start_response(status, [*response.headers, ("Content-Length", str(len(response.body)))])
        return [b"" if environ.get("REQUEST_METHOD") == "HEAD" else response.body]

    def handle(self, method: str, target: str, host: str | None, *,
               accept_language: str | None = None) -> Response:  # fmt: skip
        """Answer one request given by its parts, as a server would (with the security
        headers); never raises."""
        return call(secured(self), method, target, host=host, accept_language=accept_language)

    def answer(self, environ: WSGIEnvironment) -> Response:
        """The answer to the request ``environ``, every line of it in the request's
        language (``language_of``); never raises."""
        spoken = self.language
        try:
            spoken = self.language_of(environ)
            with speaking(spoken):
                return self._answer(environ, spoken)
        except Exception as error:  # a bug: one line, never a traceback
            with speaking(spoken):
                return error_response(
                    500,
                    _("internal error ({name}: {error}); please report it").format(
                        name=type(error).__name__, error=error
                    ),
                )

    def language_of(self, environ: WSGIEnvironment) -> str:
        """The language of the request ``environ``: its target's ``lang=``, else its
        ``Accept-Language``, else the server's own (``serve.language``)."""
        query = split_target(target_of(environ))[2]
        header = environ.get("HTTP_ACCEPT_LANGUAGE")
        return request_language(api.query_lang(query), header, default=self.language)

    def _answer(self, environ: WSGIEnvironment, language: str) -> Response:
        refused = refusal(environ, public=self.public)
        if refused is not None:
            return refused
        method = environ.get("REQUEST_METHOD", "")
        if method not in ("GET", "HEAD"):
            shown = _("method {method!r}: allowed GET, HEAD").format(method=method[:20])
            response = error_response(405, shown)
            return Response(405, (*response.headers, ("Allow", "GET, HEAD")), response.body)
        path, query = split_target(target_of(environ))[1:]
        header = environ.get("HTTP_ACCEPT_LANGUAGE")
        if path in PAGES:
            return self._page(language)
        if path in STATIC:
            return self._static(*STATIC[path])
        if path == "/api/case":
            start = time.perf_counter()
            status, text = api.case_answer(query, accept_language=header, default=self.language)
            spent = (time.perf_counter() - start) * 1000
            response = json_response(200, text) if status == 200 else error_response(400, text)
            timing = ("Server-Timing", f"app;dur={spent:.1f}")
            return Response(response.status, (*response.headers, timing), response.body)
        if path == "/api/schemes":
            return json_response(200, api.schemes_answer())
        shown = _("no page {path!r}: allowed /, /api/case, /api/schemes")
        return error_response(404, shown.format(path=unquote(path)[:60]))

    def _page(self, language: str) -> Response:
        name = f"index.html?lang={language}"
        body = self._files.get(name)
        if body is None:
            from shtoss_exact.serve.words import page

            body = page(language).encode("utf-8")
            self._files[name] = body
        headers = (("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache"),
                   ("Content-Language", language), ("Vary", "Accept-Language"))  # fmt: skip
        return Response(200, headers, body)

    def _static(self, name: str, kind: str) -> Response:
        body = self._files.get(name)
        if body is None:
            body = resources.files("shtoss_exact.serve").joinpath("static", name).read_bytes()
            self._files[name] = body
        return Response(200, (("Content-Type", kind), ("Cache-Control", "no-cache")), body)


def application(*, public: bool = False, language: str = "en") -> WSGIApplication:
    """The casekeeper page's WSGI application: ``App`` with the security headers on
    every answer; ``language`` the server's own."""
    return secured(App(public=public, language=language))


def refusal(environ: WSGIEnvironment, *, public: bool) -> Response | None:
    """The answer refusing the request ``environ`` for its Host header or its target
    (421, 400, 414), or ``None`` when both are fine."""
    host = environ.get("HTTP_HOST")
    problem = host_problem(host, public=public, what="Host header")
    if problem is not None:
        return error_response(*problem)
    target = target_of(environ)
    if len(target) > MAX_TARGET:
        said = ngettext("request target of {count} character: allowed at most {most}",
                        "request target of {count} characters: allowed at most {most}",
                        len(target))  # fmt: skip
        return error_response(414, said.format(count=len(target), most=MAX_TARGET))
    authority = split_target(target)[0]
    if authority is False:
        said = _("request target {target!r}: allowed a path such as /api/case?seen=5h or "
                 "http://localhost:PORT/...")  # fmt: skip
        return error_response(400, said.format(target=target[:60]))
    if isinstance(authority, str):
        problem = host_problem(authority, public=public, what="request target's host")
        if problem is not None:
            return error_response(*problem)
    return None


def host_problem(host: str | None, *, public: bool, what: str) -> tuple[int, str] | None:
    """``(status, message)`` when ``host`` (a Host header's value, or an absolute
    target's host) is not one loopback name with an optional port; ``None`` when it is,
    or when ``public`` and it is one value.

    >>> host_problem("[::1]:8052", public=False, what="Host header") is None
    True
    >>> host_problem("localhost:evil.example", public=False, what="Host header")[0]
    421
    """
    two, missing, elsewhere = HOST_PROBLEMS[what]
    if host is not None and "," in host:
        return 400, _(two).format(host=host[:60])
    if public:
        return None
    if host is None:
        return 421, _(missing).format(allowed=_(ALLOWED_HOSTS))
    matched = _LOOPBACK.fullmatch(host)
    if matched is None or int(matched.group(1) or 0) > 65535:
        return 421, _(elsewhere).format(host=host[:60], allowed=_(ALLOWED_HOSTS))
    return None


def target_of(environ: WSGIEnvironment) -> str:
    """The request target as sent (``REQUEST_URI``, which waitress gives), or as rebuilt
    from ``PATH_INFO`` and ``QUERY_STRING``."""
    sent = environ.get("REQUEST_URI")
    if isinstance(sent, str):
        return sent
    path, query = str(environ.get("PATH_INFO", "")), str(environ.get("QUERY_STRING", ""))
    return path + (f"?{query}" if query else "")


def split_target(target: str) -> tuple[str | bool | None, str, str]:
    """``(authority, path, query)`` of a request target: ``authority`` is ``None`` for a
    path (``/api/case?...``), the host of an absolute ``http://HOST/...``, or ``False``
    for any other form (``*``, ``HOST:PORT``, ``https://...``).

    >>> split_target("/api/case?seen=5h"), split_target("http://localhost:1/?x")
    ((None, '/api/case', 'seen=5h'), ('localhost:1', '/', 'x'))
    """
    if target.startswith("/"):
        path, _, query = target.partition("#")[0].partition("?")
        return None, path, query
    absolute = _ABSOLUTE.fullmatch(target)
    if absolute is None:
        return False, "", ""
    return absolute.group(1), absolute.group(2) or "/", absolute.group(3) or ""


def json_response(status: int, text: str) -> Response:
    """A JSON answer, never cached."""
    headers = (("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store"))
    return Response(status, headers, text.encode("utf-8"))


def error_response(status: int, message: str) -> Response:
    """``{"error": LINE}``: one line, ``shtoss-exact: error: ...`` as on the command
    line's stderr (``shtoss-exact: ошибка: ...`` in Russian: the language spoken now)."""
    line = " ".join(message.split())
    if not line.startswith(api.PROGRAM):  # the API's lines have theirs, in their language
        line = api.prefix() + line
    return json_response(status, json.dumps({"error": line}, ensure_ascii=False) + "\n")


def environ_for(method: str, target: str, *, host: str | None,
                accept_language: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The WSGI environment of one request as waitress makes it (no body)."""
    path, _, query = target.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "REQUEST_URI": target,
        "PATH_INFO": unquote(path, encoding="latin-1"),
        "QUERY_STRING": query,
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "8052",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": BytesIO(),
        "wsgi.errors": BytesIO(),
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    if host is not None:
        environ["HTTP_HOST"] = host
    if accept_language is not None:
        environ["HTTP_ACCEPT_LANGUAGE"] = accept_language
    return environ


def call(app: WSGIApplication, method: str, target: str, *, host: str | None,
         accept_language: str | None = None) -> Response:  # fmt: skip
    """Run the WSGI application ``app`` on one request; its answer as a ``Response``."""
    started: list[tuple[str, list[tuple[str, str]]]] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started.append((status, headers))
        return lambda data: None

    environ = environ_for(method, target, host=host, accept_language=accept_language)
    body = b"".join(app(environ, start_response))
    status, headers = started[-1]
    return Response(int(status.split()[0]), tuple(headers), body)
