"""The casekeeper page in a real headless Chromium (Debian's, driven by Playwright):
cards clicked and typed, the odds shown exactly as the API gives them, undo, a link
that reproduces the position, recorded bets settled, calling the turn.

Skipped when ``/usr/bin/chromium`` or Playwright is missing, unless
``SHTOSS_REQUIRE_BROWSER=1`` (CI), which makes that a failure. With
``SHTOSS_SCREENSHOT=PATH`` the screenshot test writes the casekeeper page's picture there
(``SHTOSS_SCREENSHOT=docs/serve.png``)."""

from __future__ import annotations

import json
import os
import tempfile
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from shtoss_exact.serve.server import make_server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REQUIRED = os.environ.get("SHTOSS_REQUIRE_BROWSER") == "1"


def _browser_missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is not installed"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


MISSING = _browser_missing()
if MISSING and REQUIRED:
    pytest.fail(f"browser tests required (SHTOSS_REQUIRE_BROWSER=1): {MISSING}",
                pytrace=False)  # fmt: skip
pytestmark = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as play:
        context = play.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            viewport={"width": 1440, "height": 900},
        )
        yield context
        context.close()


@pytest.fixture
def page(browser: Any, base: str) -> Iterator[Any]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # A refusal (400) is shown on the page: the browser's own note of it is no error.
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and "status of 400" not in m.text else None)  # fmt: skip
    yield page
    page.close()
    assert errors == []


def api(base: str, **options: str) -> dict[str, Any]:
    query = urlencode({key.replace("_", "-"): value for key, value in options.items()})
    with urllib.request.urlopen(f"{base}api/case?{query}", timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def ready(page: Any) -> None:
    page.wait_for_selector('body[data-busy="0"]', timeout=10_000)


def open_page(page: Any, base: str, query: str = "") -> None:
    page.goto(base + query)
    ready(page)


def click(page: Any, *cards: str) -> None:
    for card in cards:
        page.click(f'button[data-card="{card}"]')
        ready(page)


def shown_ev(page: Any, kind: str) -> dict[str, str]:
    cells = page.query_selector_all(f'#odds-table td.ev[data-kind="{kind}"]')
    return {cell.evaluate("c => c.parentElement.dataset.rank"): cell.inner_text()
            for cell in cells}  # fmt: skip


def seen_in_url(page: Any) -> str:
    return parse_qs(urlsplit(page.url).query).get("seen", [""])[0]


def test_clicked_cards_give_the_apis_odds(page: Any, base: str) -> None:
    open_page(page, base, "?game=faro")
    assert "before the soda" in page.inner_text("#state")
    click(page, "5h", "Ks", "5d", "9c", "2s")
    assert "after 2 turns, soda 5♥: 47 cards left" in page.inner_text("#state")
    for kind, key in (("stay", "stay"), ("one-turn", "oneTurn"), ("coppered", "coppered")):
        record = api(base, game="faro", seen="5h Ks 5d 9c 2s", bet_kind=kind)
        assert shown_ev(page, key) == {row["rank"]: row["ev"] for row in record["ranks"]}
    best = api(base, game="faro", seen="5h Ks 5d 9c 2s")["best_bet"]
    assert f"ev {best['ev']}" in page.inner_text("#best")
    assert page.query_selector_all(".best")  # the best bet is highlighted
    assert page.is_disabled('button[data-card="Ks"]')


def test_cards_clicked_faster_than_the_answers_are_all_kept(page: Any, base: str) -> None:
    open_page(page, base, "?game=faro")
    cards = ["5h", "Ks", "5d", "9c", "2s", "Jd", "Qc"]
    for card in cards:  # not waiting for the answers in between
        page.click(f'button[data-card="{card}"]')
    ready(page)
    assert seen_in_url(page) == " ".join(cards)
    assert "after 3 turns, soda 5♥" in page.inner_text("#state")


def test_a_half_turn_is_held_and_undone(page: Any, base: str) -> None:
    open_page(page, base, "?game=faro&seen=5h+Ks+5d")
    click(page, "9c")
    assert page.is_visible("#half-turn") and "9♣ lost" in page.inner_text("#half-turn")
    assert "after 1 turn" in page.inner_text("#state")  # the odds wait for the winner
    page.click("#undo")
    ready(page)
    assert not page.is_visible("#half-turn")
    page.click("#undo")
    ready(page)
    assert seen_in_url(page) == "5h Ks"
    assert "after 0 turns, soda 5♥" in page.inner_text("#state")
    assert page.is_visible("#half-turn")


def test_a_link_reproduces_the_position(page: Any, base: str) -> None:
    open_page(page, base, "?game=stuss")
    click(page, "7h", "Qs", "Qd", "2c")
    page.fill("#typed", "8h")
    page.press("#typed", "Enter")
    ready(page)
    state, table = page.inner_text("#state"), page.inner_text("#odds-table")
    assert seen_in_url(page) == "7h Qs Qd 2c 8h"
    page.reload()
    ready(page)
    assert page.inner_text("#state") == state and page.inner_text("#odds-table") == table
    other = page.context.new_page()
    other.goto(page.url)
    ready(other)
    assert other.inner_text("#odds-table") == table
    other.close()


def test_typed_cards_are_read_by_the_server_and_bad_ones_refused(page: Any, base: str) -> None:
    open_page(page, base, "?game=pharaon")
    page.fill("#typed", "K♠ 10D qh 7c")
    page.press("#typed", "Enter")
    ready(page)
    assert seen_in_url(page) == "Ks 10d Qh 7c"  # as the server read them
    assert page.query_selector_all('td.ev[data-kind="coppered"]') == []  # Faro's bet only
    page.fill("#typed", "Ks 3c")
    page.press("#typed", "Enter")
    ready(page)
    assert "card K♠ is seen twice" in page.inner_text("#error")
    assert seen_in_url(page) == "Ks 10d Qh 7c"  # the refused cards are taken back


def test_a_recorded_bet_is_settled_as_the_cards_fall(page: Any, base: str) -> None:
    open_page(page, base, "?game=faro&seen=5h+Ks+5d")
    page.select_option("#bet-rank", "9")
    page.select_option("#bet-kind", "stay")
    page.fill("#bet-stake", "2")
    page.click("#bet-form button")
    ready(page)
    assert "9:stay:2@1" in page.inner_text("#ledger")
    assert "open" in page.inner_text("#ledger tbody")
    click(page, "Jc", "9d")
    record = api(base, game="faro", seen="5h Ks 5d Jc 9d", bets="9:stay:2@1")
    row = record["ledger"]["recorded_bets"][0]
    assert row["status"] == "won" and row["result"] == "2"
    assert "won" in page.inner_text("#ledger tbody")
    assert f"take so far: {record['ledger']['banker_take']}" in page.inner_text("#take")
    assert "bets=9%3Astay%3A2%401" in page.url or "bets=9:stay:2@1" in page.url


def test_calling_the_turn_with_three_cards_left(page: Any, base: str) -> None:
    deck = [rank + suit for rank in ("7", "8", "9", "10", "J", "Q", "K", "A") for suit in "shdc"]
    last = ["Qc", "Kd", "Ac"]
    seen = [card for card in deck if card not in last][:29]  # the soda and 14 turns
    open_page(page, base, "?" + urlencode({"game": "faro", "deck": "32", "seen": " ".join(seen)}))
    call = api(base, game="faro", deck="32", seen=" ".join(seen))["call_the_turn"]
    assert call["kind"] == "three-ranks" and call["p_right"] == "1/6"
    assert page.is_visible("#call") and "right 1/6" in page.inner_text("#call")


def test_stoss_takes_a_scheme(page: Any, base: str) -> None:
    open_page(page, base, "?game=two-deck&scheme=lob-half")
    assert page.is_visible("#scheme") and page.input_value("#scheme") == "lob-half"
    click(page, "7h", "9d")
    assert "Stoss (lob-half), after 1 turn" in page.inner_text("#state")
    page.select_option("#game", "faro")
    ready(page)
    assert not page.is_visible("#scheme") and seen_in_url(page) == ""


def test_screenshot(page: Any, base: str, tmp_path: Path) -> None:
    seen = "5h Ks 5d 9c 2s 9d 5s Jh Ac 7d"
    bets = "K:coppered:1@0,5:stay:2@0,9:one-turn:1@2,A:stay:1@3,high-card:1@1"
    open_page(page, base, "?" + urlencode({"game": "faro", "seen": seen, "bets": bets}))
    click(page, "Qh", "3c")  # a half turn held: the loser 3♣, its winner to come
    page.mouse.move(0, 0)
    target = Path(os.environ.get("SHTOSS_SCREENSHOT") or tmp_path / "serve.png")
    page.screenshot(path=str(target), full_page=True)
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
