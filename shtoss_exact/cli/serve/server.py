"""Serving the casekeeper page: the standard library's ``ThreadingHTTPServer`` on the
loopback, each request answered by ``App.handle``.

``make_server(host, port)`` binds (``port`` 0 picks a free one: ``url(server)`` is the
real address); ``check_host`` refuses an address that is not the loopback's unless
the caller says ``public``. The handler logs nothing unless ``verbose``; a request
line that cannot be read is answered by the standard library's own short error page.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from shtoss_exact.cli.serve.app import MAX_TARGET, App
from shtoss_exact.errors import ShtossError

TIMEOUT_SECONDS = 30
"""A connection idle this long is closed."""


def check_host(host: str, *, public: bool) -> str:
    """``host`` when it is a loopback address (``127.0.0.1``, ``::1``, ``localhost``)
    or ``public`` is given; otherwise refused with one line.

    >>> check_host("127.0.0.1", public=False)
    '127.0.0.1'
    """
    if host == "localhost" or public:
        return host
    try:
        loopback = ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ShtossError(
            f"--host {host[:60]!r} is not a loopback address: allowed 127.0.0.1, ::1, "
            "localhost, or add --public to serve other machines"
        )
    return host.strip("[]")


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], app: App, *, verbose: bool) -> None:
        self.app = app
        self.verbose = verbose
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        if self.verbose:  # a dropped connection, a reset: no traceback unless asked
            print(f"shtoss-exact: connection from {client_address[0]} failed",
                  file=sys.stderr)  # fmt: skip


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    timeout = TIMEOUT_SECONDS
    server_version = "shtoss-exact"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def handle_one_request(self) -> None:
        try:
            self.raw_requestline = self.rfile.readline(MAX_TARGET + 100)
            if len(self.raw_requestline) > MAX_TARGET + 99:
                self.requestline = self.request_version = self.command = ""
                self.send_error(414)
                self.close_connection = True
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            self._answer()
            self.wfile.flush()
        except TimeoutError:
            self.close_connection = True

    def _answer(self) -> None:
        length = self.headers.get("Content-Length")
        if length is not None:  # a body is never read: close rather than misread it
            self.close_connection = True
        response = self.server.app.handle(self.command, self.path, self.headers.get("Host"))
        self.send_response(response.status)
        for name, value in response.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(response.body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(response.body)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def make_server(host: str = "127.0.0.1", port: int = 0, *, public: bool = False,
                verbose: bool = False) -> ThreadingHTTPServer:  # fmt: skip
    """A server bound to ``host``:``port`` (not yet serving); 0 picks a free port."""
    address = check_host(host, public=public)
    try:
        return _Server((address, port), App(public=public), verbose=verbose)
    except OSError as error:
        raise ShtossError(f"cannot listen on {address}:{port}: {error.strerror or error}") from None


def url(server: ThreadingHTTPServer) -> str:
    """The page's address as bound (the real port when 0 was asked)."""
    host, port = server.server_address[:2]
    name = host.decode() if isinstance(host, bytes) else str(host)
    if ":" in name:
        name = f"[{name}]"
    return f"http://{name}:{port}/"
