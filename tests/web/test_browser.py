"""The scoreboard in a real browser (Debian's Chromium through Playwright) against a real
server: first paint, live SSE updates, commands, many phones at once, the board drawing."""

from __future__ import annotations

import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware.events import Kind, RefereeEvent
from rules.legal import iter_legal_results
from rules.match import Match
from rules.position import Position
from web import ScoreboardHub, serve
from web.server import ScoreboardServer

from .conftest import SseClient, illegal_match

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
SCREENSHOT = Path("/tmp/bgref-scoreboard.png")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None, reason=f"needs Debian's chromium at {CHROMIUM}"
    ),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="needs the playwright package")
expect = sync_api.expect


class Referee:
    """Stands in for the runner's command handler: records calls, refuses what it is told."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str | None]] = []
        self.refuse: dict[str, str] = {}

    def __call__(self, name: str, side: str | None) -> list[dict[str, Any]]:
        self.calls.append((name, side))
        if name in self.refuse:
            return [
                RefereeEvent(Kind.ERROR, f"{name} refused: {self.refuse[name]}", side).to_json()
            ]
        return [RefereeEvent(Kind.RULING, f"{name}: done", side).to_json()]


@pytest.fixture(scope="module")
def hub() -> ScoreboardHub:
    return ScoreboardHub()


@pytest.fixture(scope="module")
def referee(hub: ScoreboardHub) -> Referee:
    ref = Referee()
    hub.set_command_handler(ref)
    return ref


@pytest.fixture(scope="module")
def server(hub: ScoreboardHub, referee: Referee) -> Iterator[ScoreboardServer]:
    srv = serve(hub, "127.0.0.1", 0)
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: ScoreboardServer) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def open_live(page: Any, server: ScoreboardServer) -> None:
    page.goto(server.url)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live", timeout=5000)


def test_the_page_shows_the_score_and_the_referees_word(
    hub: ScoreboardHub, server: ScoreboardServer, page: Any
) -> None:
    snap = illegal_match().snapshot()
    hub.publish_event(RefereeEvent(Kind.ILLEGAL, "illegal play by black: 24/15", "black").to_json())
    hub.publish_state({**snap, "score": {"white": 3, "black": 5}})
    hub.set_mat_provider(lambda: " 7 point match\n")
    open_live(page, server)
    expect(page.locator("#download a")).to_be_visible()
    expect(page.locator("#score-white")).to_have_text("3")
    expect(page.locator("#score-black")).to_have_text("5")
    expect(page.locator("#length")).to_have_text("7")
    expect(page.locator("#p-white .name")).to_have_text("Ann")
    expect(page.locator("#status")).to_have_attribute("data-light", "red")
    expect(page.locator("#message")).to_have_text("illegal play by black: 24/15")
    expect(page.locator("#illegal")).to_be_visible()
    expect(page.locator("#illegal-reason")).to_contain_text("does not fit the roll 6-4")
    expect(page.locator("#p-white")).to_have_class("player on-turn")
    page.screenshot(path=str(SCREENSHOT), full_page=True)


def test_a_published_state_appears_without_reload(
    hub: ScoreboardHub, server: ScoreboardServer, page: Any
) -> None:
    m = Match(5, white="Cy", black="Di")
    hub.publish_state(m.snapshot())
    open_live(page, server)
    page.evaluate("window.__sameDocument = true")
    m.opening_roll(white=6, black=2)
    hub.publish_event(RefereeEvent(Kind.ROLL, "white wins the opening roll", "white").to_json())
    hub.publish_state({**m.snapshot(), "score": {"white": 4, "black": 2}, "crawford": True})
    expect(page.locator("#score-white")).to_have_text("4", timeout=3000)
    expect(page.locator("#badge")).to_have_text("Crawford")
    expect(page.locator("#p-white .dice svg")).to_have_count(2)
    assert page.locator("#p-white .dice svg").first.get_attribute("data-value") == "6"
    expect(page.locator("#log li").first).to_contain_text("white wins the opening roll")
    expect(page.locator("#status")).to_have_attribute("data-light", "green")
    expect(page.locator("#btn-confirm")).to_be_hidden()
    hub.publish_event(RefereeEvent(Kind.UNCERTAIN, "please check the board", "white").to_json())
    expect(page.locator("#status")).to_have_attribute("data-light", "yellow")
    expect(page.locator("#btn-confirm")).to_be_visible()
    assert page.evaluate("window.__sameDocument") is True


def test_accept_posts_a_command_that_reaches_the_referee(
    hub: ScoreboardHub, server: ScoreboardServer, page: Any, referee: Referee
) -> None:
    hub.publish_state(illegal_match().snapshot())
    open_live(page, server)
    referee.calls.clear()
    page.click("#btn-accept")
    expect(page.locator("#toast")).to_contain_text("accept: done")
    assert referee.calls == [("accept", "white")]  # white decides on black's illegal play


def test_a_refused_command_shows_its_reason(
    hub: ScoreboardHub, server: ScoreboardServer, page: Any, referee: Referee
) -> None:
    hub.publish_state(illegal_match().snapshot())
    open_live(page, server)
    referee.refuse["double"] = "the cube is dead in the Crawford game"
    page.click("#btn-double")
    expect(page.locator("#toast")).to_contain_text("the cube is dead in the Crawford game")
    assert referee.calls[-1] == ("double", "white")


def test_eight_phones_all_get_each_update(
    hub: ScoreboardHub, server: ScoreboardServer, browser: Any
) -> None:
    # Chromium allows 6 connections per host within one profile: 4 phones (tabs) per context.
    contexts = [browser.new_context(viewport=PHONE) for _ in range(2)]
    try:
        pages = [c.new_page() for c in contexts for _ in range(4)]
        for pg in pages:
            pg.goto(server.url)
        for pg in pages:
            expect(pg.locator("#conn")).to_have_attribute("data-state", "live", timeout=5000)
        assert hub.subscriber_count >= 8
        hub.publish_state({**illegal_match().snapshot(), "score": {"white": 6, "black": 1}})
        started = time.monotonic()
        for pg in pages:
            expect(pg.locator("#score-white")).to_have_text("6", timeout=3000)
        assert time.monotonic() - started < 3
    finally:
        for c in contexts:
            c.close()


def random_positions(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    pos = Position.start()
    while len(out) < n:
        results = list(iter_legal_results(pos, (rng.randint(1, 6), rng.randint(1, 6))))
        after = rng.choice(results) if results else pos
        if sum(after.us[1:]) == 0:
            pos = Position.start()
            continue
        pos = after.flip()
        out.append(pos)
    return out


def test_the_board_decodes_position_ids_like_the_rules(
    hub: ScoreboardHub, server: ScoreboardServer, page: Any
) -> None:
    hub.publish_state(Match(7).snapshot())
    open_live(page, server)
    # The start position: 15 checkers a side drawn (no stack above 5).
    expect(page.locator("#board circle.checker.white")).to_have_count(15)
    expect(page.locator("#board circle.checker.black")).to_have_count(15)
    for pos in random_positions(60, seed=7):
        got = page.evaluate("id => BgBoard.decodePositionId(id)", pos.position_id())
        assert got["onRoll"] == list(pos.us) and got["notOnRoll"] == list(pos.them)
    with pytest.raises(sync_api.Error, match="14 base64"):
        page.evaluate("() => BgBoard.decodePositionId('abc')")


def test_a_page_turned_away_when_full_reconnects_later(browser: Any) -> None:
    full = ScoreboardHub(max_subscribers=1)
    full.publish_state({**Match(3).snapshot(), "score": {"white": 2, "black": 1}})
    with serve(full, "127.0.0.1", 0, keepalive=0.5) as srv:  # a departed client is noticed fast
        sse = SseClient(srv.host, srv.port)  # takes the only slot
        sse.next()
        context = browser.new_context(viewport=PHONE)
        try:
            pg = context.new_page()
            pg.goto(srv.url)
            expect(pg.locator("#score-white")).to_have_text("2")  # served with the page
            expect(pg.locator("#conn")).to_have_attribute("data-state", "reconnecting")
            sse.close()
            expect(pg.locator("#conn")).to_have_attribute("data-state", "live", timeout=10000)
        finally:
            context.close()


def test_the_board_is_drawn_from_whites_view_whoever_is_on_roll(
    hub: ScoreboardHub, server: ScoreboardServer, page: Any
) -> None:
    m = Match(7)
    m.opening_roll(white=5, black=2)
    m.move("13/11 13/8")  # white's play: now black is on roll, the ID is from black's view
    hub.publish_state(m.snapshot())
    open_live(page, server)
    expected_white = {13: 3, 11: 1, 8: 4, 6: 5, 24: 2}
    expected_black = {1: 2, 12: 5, 17: 3, 19: 5}  # black's 24, 13, 8, 6 in white's numbering
    for colour, expected in (("white", expected_white), ("black", expected_black)):
        for point, count in expected.items():
            checkers = page.locator(f'#board circle.checker.{colour}[data-point="{point}"]')
            expect(checkers).to_have_count(count)
        expect(page.locator(f"#board circle.checker.{colour}")).to_have_count(15)
