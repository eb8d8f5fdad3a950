"""The security headers of the casekeeper page, put on every answer by one middleware.

``secured(app)`` wraps a WSGI application so that whatever it answers (the page, the
API, a refusal, a bug's 500) carries ``SECURITY_HEADERS``; the server puts the same
headers on the answers it gives itself, before the application is reached (a request
it cannot read: ``shtoss_exact.serve.server``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import TracebackType
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The page's Content-Security-Policy: scripts, styles and requests to the page itself
only, no inline script, never framed."""

SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)

_NAMES = frozenset(name.lower() for name, _ in SECURITY_HEADERS)


def with_security_headers(headers: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``headers`` less any of the security headers' names, then ``SECURITY_HEADERS``.

    >>> [name for name, _ in with_security_headers([("X-Frame-Options", "ALLOW")])][-1]
    'Cross-Origin-Resource-Policy'
    """
    kept = [(name, value) for name, value in headers if name.lower() not in _NAMES]
    return [*kept, *SECURITY_HEADERS]


def secured(app: WSGIApplication) -> WSGIApplication:
    """``app`` with the security headers on every answer it gives."""

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(
            status: str,
            headers: list[tuple[str, str]],
            exc_info: tuple[type[BaseException], BaseException, TracebackType]
            | tuple[None, None, None]
            | None = None,
        ) -> object:
            return start_response(status, with_security_headers(headers), exc_info)

        return app(environ, start)  # type: ignore[arg-type]

    return application
