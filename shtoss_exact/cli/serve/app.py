"""The casekeeper page's requests, answered without a socket: ``App.handle(method,
target, host)`` gives a ``Response`` (status, headers, body).

* ``GET /`` the page, ``GET /app.js`` and ``GET /style.css`` its script and style
  (files shipped in the package: no CDN, no inline script);
* ``GET /api/case?game=G&seen=CARDS&...`` the record of ``shtoss-exact case --game G
  --seen CARDS ... --format json``, byte for byte: the query's names are the options'
  (``game``, ``scheme``, ``deck``, ``seen``, ``case``, ``bet-kind``, ``call-the-turn``,
  ``pay-for``, ``cathop-pay``, ``pattern``, ``replay``, ``bets``), read by the very
  option parser of the command and answered by the same ``case_record``. A scheme or
  pattern is a built-in name: the page reads no file;
* ``GET /api/schemes`` the record of ``shtoss-exact schemes --format json``.

Bad input is 400 with ``{"error": LINE}``, ``LINE`` being the line the command prints
on stderr for the same options; an unknown path 404, a method other than GET or HEAD
405, a query longer than ``MAX_TARGET`` 414, a Host header that is not the loopback's
(DNS rebinding) 421. Never a traceback: a bug is a 500 with one line.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from shtoss_exact.errors import ShtossError

MAX_TARGET = 8192
"""Longest request target (path and query) answered: a whole deal is ~160 characters,
2 000 at most are read as cards; longer is 414."""

MAX_FIELDS = 20
"""Most query parameters read."""

MAX_BUSY = 4
"""Requests computed at once; the others wait their turn."""

LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]"})

PARAMETERS = (
    "game",
    "scheme",
    "deck",
    "seen",
    "case",
    "bet-kind",
    "call-the-turn",
    "pay-for",
    "cathop-pay",
    "pattern",
    "replay",
    "bets",
)
"""The query's names: the options of ``case`` (less ``--format``, ``--decimals``, ``-o``)."""

FLAGS = ("call-the-turn", "replay")
_YES = ("", "1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)

PREFIX = "shtoss-exact: error: "
"""What the command line prints before its one error line."""


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
    """The page and its API. ``public`` accepts any Host header (the server was bound
    for other machines on purpose); otherwise only the loopback's names."""

    public: bool = False
    _busy: threading.BoundedSemaphore = field(
        default_factory=lambda: threading.BoundedSemaphore(MAX_BUSY), repr=False
    )
    _files: dict[str, bytes] = field(default_factory=dict, repr=False)

    def handle(self, method: str, target: str, host: str | None) -> Response:
        """Answer one request; never raises."""
        try:
            return self._handle(method, target, host)
        except Exception as error:  # a bug: one line, never a traceback
            return _error(500, f"internal error ({type(error).__name__}: {error}); please "
                               "report it")  # fmt: skip

    def _handle(self, method: str, target: str, host: str | None) -> Response:
        if not self.public and not _loopback(host):
            return _error(421, f"host {str(host)[:60]!r} is not this machine's loopback: "
                               "allowed localhost, 127.0.0.1, [::1]")  # fmt: skip
        if len(target) > MAX_TARGET:
            return _error(414, f"request of {len(target)} characters: allowed at most "
                               f"{MAX_TARGET}")  # fmt: skip
        if method not in ("GET", "HEAD"):
            response = _error(405, f"method {method[:20]!r}: allowed GET, HEAD")
            return Response(405, (*response.headers, ("Allow", "GET, HEAD")), response.body)
        parts = urlsplit(target)
        if parts.path in STATIC:
            return self._static(*STATIC[parts.path])
        if parts.path == "/api/case":
            with self._busy:
                start = time.perf_counter()
                response = api_case(parts.query)
                spent = (time.perf_counter() - start) * 1000
            return Response(response.status,
                            (*response.headers, ("Server-Timing", f"app;dur={spent:.1f}")),
                            response.body)  # fmt: skip
        if parts.path == "/api/schemes":
            from shtoss_exact.records import to_json
            from shtoss_exact.schemes.scheme import schemes_record

            return _json(200, to_json(schemes_record()) + "\n")
        return _error(404, f"no page {parts.path[:60]!r}: allowed /, /api/case, /api/schemes")

    def _static(self, name: str, kind: str) -> Response:
        body = self._files.get(name)
        if body is None:
            body = resources.files("shtoss_exact.cli.serve").joinpath("static", name).read_bytes()
            self._files[name] = body
        headers = (("Content-Type", kind), ("Cache-Control", "no-cache"), *SECURITY_HEADERS)
        return Response(200, headers, body)


def _loopback(host: str | None) -> bool:
    if not host:
        return False
    name = host.strip().lower()
    bracketed = name.startswith("[")  # [::1]:8052
    return (name[: name.find("]") + 1] if bracketed else name.partition(":")[0]) in LOOPBACK_HOSTS


def api_case(query: str) -> Response:
    """``/api/case``: the ``case`` command's JSON for the options in ``query``, or 400
    with its error line."""
    try:
        options = case_options(query)
        from shtoss_exact.cli.case import case_record
        from shtoss_exact.records import to_json

        record = case_record(**options)
    except ShtossError as error:
        return _error(400, str(error))
    except RecursionError:
        return _error(400, "input nested too deeply")
    except MemoryError:
        return _error(400, "out of memory: the computation is larger than this machine holds")
    return _json(200, to_json(record) + "\n")


def case_options(query: str) -> dict[str, Any]:
    """The keyword arguments of ``case_record`` for ``query``, read by the ``case``
    command's own option parser (so a bad value is refused in its words)."""
    import click

    from shtoss_exact.cli.base import CONTEXT
    from shtoss_exact.cli.case import case as command

    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=MAX_FIELDS,
                          errors="strict")  # fmt: skip
    except ValueError as error:
        raise ShtossError(f"query: {error}: allowed at most {MAX_FIELDS} parameters, UTF-8 "
                          "text") from None  # fmt: skip
    args: list[str] = []
    seen: set[str] = set()
    for name, value in pairs:
        if name not in PARAMETERS:
            raise ShtossError(f"unknown parameter {name[:40]!r}: allowed {', '.join(PARAMETERS)}")
        if name in seen:
            raise ShtossError(f"parameter {name!r} is given twice: allowed once")
        seen.add(name)
        if name in FLAGS:
            if value.strip().lower() not in _YES + _NO:
                raise ShtossError(f"{name}={value[:20]!r}: allowed 1 or 0 (true or false)")
            if value.strip().lower() in _YES:
                args.append(f"--{name}")
        else:
            args.append(f"--{name}={value}")
    try:
        # The command's own settings: click keeps the help option it first made, so a
        # context without them would take ``-h`` away from ``shtoss-exact case``.
        with command.make_context(
            "case", args, help_option_names=CONTEXT["help_option_names"]
        ) as ctx:
            params = dict(ctx.params)
    except click.exceptions.Exit:
        raise ShtossError("no help here: the page's options are the query's names") from None
    except click.ClickException as error:
        raise ShtossError(error.format_message()) from None
    options = {key: params[key] for key in (
        "game", "scheme", "deck", "seen", "case_text", "bet_kind", "call_the_turn", "pay_for",
        "cathop_pay", "pattern", "replay", "bets")}  # fmt: skip
    options["scheme"] = _builtin_scheme(options["scheme"], options["game"])
    options["pattern"] = _builtin_pattern(options["pattern"])
    return options


def _builtin_scheme(name: str | None, game: str) -> Any:
    if name is None or game != "two-deck":
        return name  # refused by case_record as the command refuses it
    from shtoss_exact.schemes.scheme import scheme_named

    try:
        return scheme_named(name)
    except ShtossError as error:
        raise ShtossError(f"{error} (the page reads no scheme file)") from None


def _builtin_pattern(name: str | None) -> Any:
    if name is None:
        return None
    from shtoss_exact.case.pattern import pattern_named

    try:
        return pattern_named(name)
    except ShtossError as error:
        raise ShtossError(f"{error} (the page reads no pattern file)") from None


def _json(status: int, text: str) -> Response:
    headers = (
        ("Content-Type", "application/json; charset=utf-8"),
        ("Cache-Control", "no-store"),
        *SECURITY_HEADERS,
    )
    return Response(status, headers, text.encode("utf-8"))


def _error(status: int, message: str) -> Response:
    """``{"error": LINE}``: the one line the command line prints on stderr."""
    line = PREFIX + " ".join(message.split())
    return _json(status, json.dumps({"error": line}, ensure_ascii=False) + "\n")
