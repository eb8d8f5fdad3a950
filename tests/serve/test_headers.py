"""The security headers' middleware: every answer of the application carries them,
whatever it set itself, and nothing else of the answer changes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shtoss_exact.serve.app import call
from shtoss_exact.serve.headers import SECURITY_HEADERS, secured, with_security_headers


def _app(status: str, headers: list[tuple[str, str]]) -> Any:
    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        start_response(status, headers)
        return [b"body"]

    return app


def test_added_to_an_answer_without_them() -> None:
    response = call(secured(_app("418 I'm a Teapot", [("X-Mine", "1")])), "GET", "/", host=None)
    assert response.status == 418 and response.body == b"body"
    assert response.headers == (("X-Mine", "1"), *SECURITY_HEADERS)


def test_an_applications_own_value_is_replaced() -> None:
    given = [("x-frame-options", "ALLOWALL"), ("Content-Security-Policy", "default-src *")]
    response = call(secured(_app("200 OK", given)), "GET", "/", host=None)
    assert response.headers == SECURITY_HEADERS


def test_the_names_are_the_usual_ones() -> None:
    names = [name for name, _ in with_security_headers([])]
    assert names == [
        "Content-Security-Policy",
        "X-Content-Type-Options",
        "Referrer-Policy",
        "X-Frame-Options",
        "Cross-Origin-Resource-Policy",
    ]
    assert dict(SECURITY_HEADERS)["X-Content-Type-Options"] == "nosniff"
