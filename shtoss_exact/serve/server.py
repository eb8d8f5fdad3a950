"""Serving the casekeeper page with waitress, a production WSGI server in pure Python,
configured for a page on the loopback: ``make_server(host, port)`` binds, ``run`` serves
until Ctrl-C.

waitress reads each request with bounded parsing (``LIMITS``): the request line and
headers together at most ``MAX_HEAD`` bytes, a body at most ``MAX_BODY`` bytes read and
set aside (a chunked body is decoded as a body, never read as a request), at most
``CONNECTIONS`` connections open (more wait in a listen queue of ``BACKLOG``), an idle
connection closed after ``TIMEOUT_SECONDS``, no traceback ever sent. Three more checks
are added to its request reader (``_Request``): a request line longer than
``MAX_LINE`` is 414, more than ``MAX_HEADERS`` header lines 431, and a request line
whose version is not ``HTTP/1.0`` or ``HTTP/1.1`` (HTTP/0.9, HTTP/2.0, ``http/1.1``),
a ``Transfer-Encoding`` outside HTTP/1.1 or beside a ``Content-Length`` 400. The
answers waitress gives itself carry the page's security headers and one JSON error
line, as the application's do, in the request's language (``refused_language``: the
``lang=`` and ``Accept-Language`` of what was read of its head, else the server's own;
waitress's own words from the catalog, ``waitress_line``); after one, the connection is
closed and whatever followed on it is dropped unread.

Each answer leaves in one send (``_Task``: the head and the body together, its
``Content-Length`` given), on a connection set ``TCP_NODELAY`` (by waitress on every
connection it takes, its ``socket_options``): no small segment waits
for the client's delayed acknowledgement (Nagle's algorithm), so a page asking again on
a connection kept alive is answered in the time of the work.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser, ParsingError
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask, WSGITask
from waitress.utilities import BadRequest, RequestHeaderFieldsTooLarge

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, Later, _, later, ngettext, speaking
from shtoss_exact.i18n import language as spoken
from shtoss_exact.serve.api import prefix, query_lang
from shtoss_exact.serve.app import MAX_TARGET, application
from shtoss_exact.serve.headers import with_security_headers
from shtoss_exact.serve.language import request_language

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

MAX_LINE = MAX_TARGET + 100
"""Longest request line read (method, target, version): longer is 414 at once."""

MAX_HEAD = 32 * 1024
"""Most bytes of a request line and its headers together: more is 431."""

MAX_HEADERS = 64
"""Most header lines of one request: more is 431 (a browser sends about 15)."""

MAX_BODY = 4096
"""Most bytes of a request body read (the page sends none): more is 413."""

CONNECTIONS = 100
"""Most connections open at once; more wait in the listen queue."""

BACKLOG = 128
"""The listen queue: connections made but not yet taken."""

TIMEOUT_SECONDS = 30
"""A connection idle this long is closed."""

THREADS = 4
"""Requests answered at once."""

LIMITS: dict[str, Any] = {
    "ident": "shtoss-exact",
    "expose_tracebacks": False,
    "max_request_header_size": MAX_HEAD,
    "max_request_body_size": MAX_BODY,
    "connection_limit": CONNECTIONS,
    "backlog": BACKLOG,
    "channel_timeout": TIMEOUT_SECONDS,
    "cleanup_interval": 10,
    "asyncore_use_poll": True,
    "threads": THREADS,
    "log_socket_errors": False,
}
"""waitress's settings (``waitress.adjustments``)."""

REASONS = {
    "bad request": N_("bad request"),
    "uri too long": N_("uri too long"),
    "request header fields too large": N_("request header fields too large"),
    "request entity too large": N_("request entity too large"),
    "not implemented": N_("not implemented"),
    "internal server error": N_("internal server error"),
}
"""The reasons of the answers waitress gives itself (``waitress.utilities``), as its
error line names them (lower case)."""

WAITRESS_SAYS = {
    "HTTP message header invalid": N_("HTTP message header invalid"),
    "Bare CR or LF found in HTTP message": N_("Bare CR or LF found in HTTP message"),
    "Invalid header": N_("Invalid header"),
    "Start line is invalid": N_("Start line is invalid"),
    "Content-Length is invalid": N_("Content-Length is invalid"),
    "Bad URI": N_("Bad URI"),
    "Transfer-Encoding requested is not supported.": N_(
        "Transfer-Encoding requested is not supported."
    ),
    "Chunk not properly terminated": N_("Chunk not properly terminated"),
    "Invalid chunk extension": N_("Invalid chunk extension"),
    "Invalid chunk size": N_("Invalid chunk size"),
}
"""waitress's own messages of a request it cannot read (``waitress.parser``,
``waitress.receiver``), each spoken whole."""

_WAITRESS_SAYS_OF = (
    (r"exceeds max_header of ([0-9]+)", N_("exceeds max_header of {size}")),
    (r"exceeds max_body of ([0-9]+)", N_("exceeds max_body of {size}")),
    (r'Malformed HTTP method "(.*)"', N_("Malformed HTTP method {value!r}")),
    (r'Malformed header line "(.*)"', N_("Malformed header line {value!r}")),
    (
        r'Bare CR or LF found in header line "(.*)"',
        N_("Bare CR or LF found in header line {value!r}"),
    ),
)
"""waitress's messages naming a value: its pattern, and the message it is spoken by."""


class UriTooLong(BadRequest):  # type: ignore[misc]
    """waitress's error for a request line longer than ``MAX_LINE``."""

    code = 414
    reason = "URI Too Long"


class TooManyHeaders(RequestHeaderFieldsTooLarge):  # type: ignore[misc]
    """waitress's error for more than ``MAX_HEADERS`` header lines."""

    def spoken(self) -> str:
        """The message in the language spoken now."""
        return ngettext(
            "more than {count} header line", "more than {count} header lines", MAX_HEADERS
        ).format(count=MAX_HEADERS)


class _Request(HTTPRequestParser):  # type: ignore[misc]
    """waitress's request reader with the request line's length, the header count, the
    version and the transfer coding checked."""

    def received(self, data: bytes) -> int:
        if self.body_rcv is None and not self.completed:
            head = (self.header_plus + data[: MAX_LINE + 2]).lstrip()
            end = head.find(b"\n")
            if (end if end >= 0 else len(head)) > MAX_LINE:
                self.seen = head[:MAX_LINE]  # the line alone: its headers are never read
                self._refuse(UriTooLong(later(N_("request line over {size} bytes"), size=MAX_LINE)))
                return len(data)
            before = self.header_plus
            consumed = int(super().received(data))
            if self.error is not None:
                self.seen = (before + data)[:MAX_HEAD]
            return consumed
        return int(super().received(data))

    def parse_header(self, header_plus: bytes) -> None:
        if header_plus.count(b"\n") > MAX_HEADERS:
            self._refuse(TooManyHeaders(f"more than {MAX_HEADERS} header lines"))
            return
        super().parse_header(header_plus)
        if self.version not in ("1.0", "1.1"):
            raise ParsingError(
                later(N_("request line: allowed METHOD TARGET HTTP/1.1 (or HTTP/1.0)"))
            )
        if "TRANSFER_ENCODING" in self.headers:  # kept by waitress outside HTTP/1.1
            raise ParsingError(later(N_("Transfer-Encoding: allowed in HTTP/1.1 only")))
        if self.chunked and "CONTENT_LENGTH" in self.headers:
            raise ParsingError(
                later(N_("Transfer-Encoding and Content-Length both given: allowed one"))
            )

    def _refuse(self, error: Any) -> None:
        HTTPRequestParser.parse_header(self, b"GET / HTTP/1.0\r\n")
        self.error = error
        self.completed = True


class _ErrorTask(ErrorTask):  # type: ignore[misc]
    """waitress's own answer to a request it cannot read: its status, the security
    headers, one JSON error line in the request's language (``refused_language``), and
    the connection closed."""

    def execute(self) -> None:
        error = self.request.error
        default = getattr(self.channel.server, "language", "en")
        with speaking(refused_language(self.request, default=default)):
            message = " ".join(waitress_line(error).split())[:200]
            reason = error.reason.lower()
            line = f"{prefix()}{_(REASONS.get(reason, reason))}: {message}"
        body = (json.dumps({"error": line}) + "\n").encode("ascii")
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend(
            with_security_headers(
                [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
            )
        )
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


def waitress_line(error: Any) -> str:
    """The message of an answer waitress gives itself for ``error`` (ours, or in
    waitress's own words) in the language spoken now; a message of waitress's not
    known here stays as it says it.

    >>> from waitress.utilities import RequestEntityTooLarge
    >>> with speaking("ru"):
    ...     waitress_line(RequestEntityTooLarge("exceeds max_body of 4096"))
    'тело запроса больше 4096 байт'
    """
    if isinstance(error, TooManyHeaders):
        return error.spoken()
    if isinstance(error.body, Later):
        return _(error.body)
    text = str(error.body)
    if spoken() == "en":
        return text
    if text in WAITRESS_SAYS:
        return _(WAITRESS_SAYS[text])
    import re

    for pattern, message in _WAITRESS_SAYS_OF:
        matched = re.fullmatch(pattern, text, flags=re.DOTALL)
        if matched is not None:
            value = matched.group(1)
            size = int(value) if value.isdigit() else 0
            return _(message).format(size=size, value=value)
    return text


def refused_language(request: Any, *, default: str) -> str:
    """The language of a request the server refuses before the application sees it:
    the ``lang=`` of its target and its ``Accept-Language``, read from what the reader
    kept of its head (``seen``: the request line alone when it is too long, else at most
    ``MAX_HEAD`` bytes), or from the head waitress read whole (a bad body); else
    ``default``, the server's own."""
    seen = getattr(request, "seen", None)
    if seen is None:
        header = request.headers.get("ACCEPT_LANGUAGE")
        return request_language(query_lang(request.query or ""), header, default=default)
    lines = seen.lstrip().split(b"\n")
    words = lines[0].split(b" ")
    target = words[1] if len(words) > 1 else b""
    query = target.partition(b"#")[0].partition(b"?")[2].decode("latin-1")
    accepted = []
    for line in lines[1:]:
        if not line.strip(b"\r"):  # the head's end
            break
        name, colon, value = line.partition(b":")
        if colon and name.lower() == b"accept-language":
            accepted.append(value.strip(b" \t\r").decode("latin-1"))
    header = ", ".join(accepted) if accepted else None
    return request_language(query_lang(query), header, default=default)


class _Task(WSGITask):  # type: ignore[misc]
    """waitress's task answering with the application, the head and the body written in
    one piece when the body is one string of its ``Content-Length`` (every answer of the
    page): one send on the socket, no small segment left for the client's delayed
    acknowledgement to hold up."""

    wrote_header: bool

    def write(self, data: bytes) -> None:
        if self.wrote_header or not self.complete:
            super().write(data)
            return
        head = self.build_response_header()
        self.wrote_header = True
        whole = not self.chunked_response and self.has_body and self.content_length == len(data)
        if not whole or not data:
            self.channel.write_soon(head)
            super().write(data)
            return
        self.content_bytes_written += len(data)
        self.channel.write_soon(head + data)


class _Channel(HTTPChannel):  # type: ignore[misc]
    parser_class = _Request
    task_class = _Task
    error_task_class = _ErrorTask


def check_host(host: str, *, public: bool) -> str:
    """``host`` when it is a loopback address (``127.0.0.1``, ``::1``, ``localhost``)
    or ``public`` is given; otherwise refused with one line.

    >>> check_host("127.0.0.1", public=False)
    '127.0.0.1'
    """
    import ipaddress

    if host == "localhost" or public:
        return host
    try:
        loopback = ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ShtossError(
            _(
                "host={host!r} is not a loopback address: allowed 127.0.0.1, ::1, localhost, or "
                "public=True to serve other machines"
            ).format(host=host[:60])
        )
    return host.strip("[]")


class Server:
    """The casekeeper page's server, bound (not yet serving): ``serve_forever`` serves
    until ``shutdown`` (from another thread) or a signal; ``server_close`` closes all.

    waitress's loop runs in a thread of its own, so that a signal (Ctrl-C) is raised in
    the caller's thread, never inside waitress's handlers (which would swallow it)."""

    def __init__(self, app: WSGIApplication, host: str, port: int, *,
                 language: str = "en") -> None:  # fmt: skip
        self._map: dict[int, Any] = {}
        self._waitress = create_server(app, map=self._map, host=host, port=port, **LIMITS)
        self._listeners = [d for d in self._map.values() if isinstance(d, BaseWSGIServer)]
        for listener in self._listeners:
            listener.channel_class = _Channel
            listener.language = language  # the answers waitress gives itself: _ErrorTask
        self._serving = threading.Event()
        self._stopped = threading.Event()
        self._failure: list[BaseException] = []
        self._closed = False

    @property
    def address(self) -> tuple[str, int]:
        """The address and port bound (the real port when 0 was asked)."""
        first = self._listeners[0]
        return str(first.effective_host), int(first.effective_port)

    @property
    def url(self) -> str:
        """The page's address."""
        host, port = self.address
        return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"

    def serve_forever(self) -> None:
        """Serve until ``shutdown``; a signal's exception (``KeyboardInterrupt``) goes on
        up once every socket is closed."""
        loop = threading.Thread(target=self._loop, name="shtoss-exact-serve", daemon=True)
        self._serving.set()
        loop.start()
        try:
            while not self._stopped.wait(1):
                pass
        finally:
            self.shutdown()
        if self._failure:
            raise self._failure[0]

    def _loop(self) -> None:
        try:
            self._waitress.asyncore.loop(timeout=1, map=self._map, use_poll=True)
        except BaseException as error:  # handed to serve_forever's thread
            self._failure.append(error)
        finally:
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop ``serve_forever`` (from another thread), wait for it, close all."""
        if self._serving.is_set() and not self._stopped.is_set():
            self._listeners[0].trigger.pull_trigger(self._close_sockets)
            self._stopped.wait(10)
        self.server_close()

    def server_close(self) -> None:
        """Close every socket and stop the worker threads."""
        if self._closed:
            return
        self._closed = True
        self._listeners[0].task_dispatcher.shutdown(timeout=2)
        self._close_sockets()

    def _close_sockets(self) -> None:
        for dispatcher in list(self._map.values()):
            with contextlib.suppress(OSError):
                dispatcher.close()
        self._map.clear()


def make_server(host: str = "127.0.0.1", port: int = 0, *, public: bool = False,
                verbose: bool = False, language: str | None = None) -> Server:  # fmt: skip
    """A server of the page bound to ``host``:``port`` (not yet serving); 0 picks a
    free port. ``verbose`` logs each request on stderr. ``language`` is the page's when a
    request asks for none (no ``lang=``, no ``Accept-Language`` of ``en`` or ``ru``): by
    default the language spoken now (``serve --lang``, ``SHTOSS_LANG``, the locale)."""
    from shtoss_exact.i18n import check_language
    from shtoss_exact.numbers import whole_number

    port = whole_number(port, name="port", minimum=0, maximum=65535)
    address = check_host(host, public=public)
    _log_to_stderr(verbose)
    language = check_language(language or spoken())
    app = application(public=public, language=language)
    if verbose:
        app = logged(app)
    try:
        bound = "127.0.0.1" if address == "localhost" else address
        return Server(app, bound, port, language=language)
    except OSError as error:
        raise ShtossError(
            _("cannot listen on {address}:{port}: {value}").format(
                address=address, port=port, value=error.strerror or error
            )
        ) from None


def run(host: str = "127.0.0.1", port: int = 8052, *, public: bool = False,
        verbose: bool = False, open_browser: bool = False, language: str | None = None,
        announce: Callable[[str], object] = print) -> None:  # fmt: skip
    """Serve the page on ``host``:``port`` until Ctrl-C: its URL is given to
    ``announce`` once bound, and opened in a web browser with ``open_browser``;
    ``language`` as ``make_server`` takes it."""
    server = make_server(host, port, public=public, verbose=verbose, language=language)
    try:
        announce(server.url)
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.serve_forever()
    finally:
        server.server_close()


def logged(app: WSGIApplication) -> WSGIApplication:
    """``app`` writing one line on stderr for each request: method, target, status."""

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Any:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            target = str(environ.get("REQUEST_URI", ""))[:200]
            method = environ.get("REQUEST_METHOD", "")
            print(f"shtoss-exact: {method} {target!r} {status}", file=sys.stderr, flush=True)
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return application


def _log_to_stderr(verbose: bool) -> None:
    """waitress's own log (a connection refused, a dropped client) on stderr when
    ``verbose``, else nowhere."""
    logger = logging.getLogger("waitress")
    handler = logging.StreamHandler(sys.stderr) if verbose else logging.NullHandler()
    logger.handlers = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO if verbose else logging.CRITICAL)
