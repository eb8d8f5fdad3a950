"""Hostile HTTP, through the real program: ``shtoss-exact serve --port 0`` in a child
process, raw bytes sent to it on the loopback (``127.0.0.1`` only, nothing else).

Each row of ``HTTP_CASES`` (``tests/contracts/hostile/serve.py``) is sent at once on a
fresh connection; the answers must be the row's statuses in order, each with the
security headers and one JSON error line (or the page), no traceback, and the
connection closed after the last (unless the row keeps it). Then the header flood:
``FLOOD_CONNECTIONS`` connections at once, each sending ``FLOOD_LINES`` header lines
of ``FLOOD_LINE_BYTES``: none is answered but with 431, the server's peak resident
memory (``VmHWM`` in ``/proc/PID/status``) stays under ``FLOOD_MEMORY``, and it still
answers afterwards. The wall clock only stops what hangs.
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from shtoss_exact.serve.headers import SECURITY_HEADERS
from tests.conftest import start_shtoss
from tests.contracts.hostile.serve import (
    FLOOD_CONNECTIONS,
    FLOOD_LINE_BYTES,
    FLOOD_LINES,
    FLOOD_MEMORY,
    HTTP_CASES,
    HttpCase,
    get,
)

WAIT_SECONDS = 20
"""How long a connection is read before it is called hung."""


@dataclass(frozen=True)
class Served:
    port: int
    pid: int


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    process = start_shtoss(
        "serve", "--port", "0", stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield Served(int(url.rstrip("/").rsplit(":", 1)[1]), process.pid)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT_SECONDS)
        assert err == "shtoss-exact: error: interrupted\n"  # nothing logged on the way
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def exchange(port: int, sent: bytes) -> tuple[bytes, bool]:
    """Send ``sent`` on a fresh connection while reading what comes back: ``(bytes
    read, closed)``, ``closed`` when the server ended the connection."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)

    def send() -> None:
        with contextlib.suppress(OSError):  # the server closed on a refusal midway
            connection.sendall(sent)

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    read = b""
    closed = True
    try:
        while chunk := connection.recv(65536):
            read += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        closed = False
    finally:
        sender.join(WAIT_SECONDS)
        connection.close()
    return read, closed


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def answers(read: bytes) -> list[Answer]:
    """The HTTP answers in ``read``, each framed by its Content-Length."""
    found = []
    while read:
        head, _, rest = read.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        assert lines[0].startswith("HTTP/1."), lines[0][:80]
        headers = dict(line.split(": ", 1) for line in lines[1:])
        size = int(headers["Content-Length"])
        found.append(Answer(int(lines[0].split()[1]), headers, rest[:size]))
        read = rest[size:]
    return found


def check_answer(answer: Answer) -> None:
    for name, value in SECURITY_HEADERS:
        assert answer.headers.get(name) == value, (answer.status, name)
    assert b"Traceback" not in answer.body and b'File "' not in answer.body
    assert "waitress" not in answer.headers.get("Server", "")
    if answer.status >= 400:
        assert answer.headers["Content-Type"] == "application/json; charset=utf-8"
        assert answer.body.count(b"\n") == 1
        assert json.loads(answer.body)["error"].startswith("shtoss-exact: error: ")


@pytest.mark.parametrize("row", HTTP_CASES, ids=[row.id for row in HTTP_CASES])
def test_refused_over_http(row: HttpCase, served: Served) -> None:
    read, closed = exchange(served.port, row.sent)
    got = answers(read)
    assert tuple(answer.status for answer in got) == row.statuses, read[:300]
    for answer in got:
        check_answer(answer)
    assert closed != row.kept


def test_the_table_holds_every_row_once() -> None:
    ids = [row.id for row in HTTP_CASES]
    assert len(set(ids)) == len(ids)
    assert len({row.sent for row in HTTP_CASES}) == len(ids)
    assert all(row.statuses[0] >= 400 for row in HTTP_CASES if row.statuses[:1] != (200,))


def test_a_good_request_is_answered(served: Served) -> None:
    read, closed = exchange(served.port, get(b"/api/case?seen=5h", b"Connection: close"))
    [answer] = answers(read)
    assert answer.status == 200 and json.loads(answer.body)["soda"] == "5♥"
    check_answer(answer)
    assert closed


def _peak_memory(pid: int) -> int:
    """Bytes of the peak resident memory of the process ``pid`` (``VmHWM``)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def test_a_header_flood_is_refused_in_bounded_memory(served: Served) -> None:
    line = b"X-Flood: " + b"a" * (FLOOD_LINE_BYTES - 11) + b"\r\n"
    replies: list[bytes] = []

    def flood() -> None:
        try:
            connection = socket.create_connection(("127.0.0.1", served.port), timeout=30)
        except OSError as error:
            replies.append(type(error).__name__.encode())
            return
        with connection:
            try:
                connection.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
                for _ in range(FLOOD_LINES):
                    connection.sendall(line)
                connection.sendall(b"\r\n")
            except OSError:
                pass
            try:
                replies.append(connection.recv(64))
            except OSError as error:
                replies.append(type(error).__name__.encode())

    threads = [threading.Thread(target=flood, daemon=True) for _ in range(FLOOD_CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads), "the flood hung"
    assert len(replies) == FLOOD_CONNECTIONS
    for reply in replies:  # refused (431) or cut off, never answered
        cut_off = reply in (b"", b"ConnectionResetError", b"BrokenPipeError")
        assert cut_off or reply.split(b"\r\n")[0].split()[1:2] == [b"431"], reply
    peak = _peak_memory(served.pid)
    print(f"\nserver's peak resident memory under the header flood: {peak / 1024**2:.1f} MB")
    assert peak < FLOOD_MEMORY, f"{peak / 1024**2:.0f} MB"
    read, _ = exchange(served.port, get(b"/", b"Connection: close"))
    assert [answer.status for answer in answers(read)] == [200]
