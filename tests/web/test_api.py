"""The Flask app's API through the test client, and its SSE stream through a real server."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from firmware.events import Kind, RefereeEvent
from web import ScoreboardHub
from web.app import create_app
from web.server import ScoreboardServer

from .conftest import SseClient, illegal_match


@pytest.fixture
def client(hub: ScoreboardHub):
    return create_app(hub).test_client()


def referee_like(name: str, side: str | None) -> list[dict[str, Any]]:
    """Accepts 'accept' and 'undo', refuses the rest like the referee does."""
    if name in ("accept", "undo"):
        return [RefereeEvent(Kind.RULING, f"{name}: white to roll", side).to_json()]
    return [RefereeEvent(Kind.ERROR, f"{name} refused: not now", side).to_json()]


def test_state_and_page_show_the_published_match(hub: ScoreboardHub, client) -> None:
    snap = illegal_match().snapshot()
    hub.publish_state(snap)
    body = client.get("/api/state").get_json()
    assert body["state"]["score"] == {"white": 0, "black": 0}
    assert body["state"]["illegal"] == snap["illegal"]
    page = client.get("/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Ann" in html and snap["position_id"] in html  # the initial state is in the page
    for asset in ("style.css", "app.js", "board.js"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_healthz(client) -> None:
    body = client.get("/healthz").get_json()
    assert body["ok"] is True and body["subscribers"] == 0


@pytest.mark.parametrize(
    ("kwargs", "wanted"),
    [
        ({"data": "accept", "content_type": "text/plain"}, "must be JSON"),
        ({"data": "{not json", "content_type": "application/json"}, "must be JSON"),
        ({"json": ["accept"]}, "JSON object"),
        ({"json": {"side": "white"}}, "'name' must be"),
        ({"json": {"name": 3}}, "'name' must be"),
        ({"json": {"name": "roll"}}, "unknown command 'roll'"),
        ({"json": {"name": "take", "side": "red"}}, "'side' must be"),
        ({"json": {"name": "take", "who": "me"}}, "unexpected field(s) who"),
    ],
)
def test_malformed_commands_are_400_naming_the_problem(
    hub: ScoreboardHub,
    client,
    kwargs: dict[str, Any],
    wanted: str,
) -> None:
    calls: list[str] = []

    def handler(name: str, side: str | None) -> list[dict[str, Any]]:
        calls.append(name)
        return []

    hub.set_command_handler(handler)
    response = client.post("/api/command", **kwargs)
    assert response.status_code == 400
    body = response.get_json()
    assert body["ok"] is False and wanted in body["error"]
    assert calls == []  # never reached the referee


def test_accepted_and_refused_commands(hub: ScoreboardHub, client) -> None:
    hub.set_command_handler(referee_like)
    ok = client.post("/api/command", json={"name": "accept", "side": "white"})
    assert ok.status_code == 200 and ok.get_json()["events"][0]["kind"] == "ruling"
    refused = client.post("/api/command", json={"name": "take", "side": None})
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "take refused: not now"


def test_commands_without_a_referee_or_in_time(hub: ScoreboardHub, client) -> None:
    assert client.post("/api/command", json={"name": "undo"}).status_code == 503

    def slow(name: str, side: str | None) -> list[dict[str, Any]]:
        raise TimeoutError

    hub.set_command_handler(slow)
    response = client.post("/api/command", json={"name": "undo"})
    assert response.status_code == 504 and "in time" in response.get_json()["error"]


def test_a_failing_referee_is_a_500_with_the_reason(hub: ScoreboardHub, client) -> None:
    def broken(name: str, side: str | None) -> list[dict[str, Any]]:
        raise RuntimeError("journal disk full")

    hub.set_command_handler(broken)
    response = client.post("/api/command", json={"name": "undo"})
    assert response.status_code == 500
    assert response.get_json()["error"] == "the referee failed on 'undo': journal disk full"


def test_match_download(hub: ScoreboardHub, client) -> None:
    missing = client.get("/api/match.mat")
    assert missing.status_code == 404 and "no match" in missing.get_json()["error"]
    assert client.get("/api/state").get_json()["match_file"] is False
    hub.set_mat_provider(lambda: " 7 point match\n\n Game 1\n")
    assert client.get("/api/state").get_json()["match_file"] is True
    mat = client.get("/api/match.mat")
    assert mat.status_code == 200 and mat.mimetype == "text/plain"
    assert "attachment" in mat.headers["Content-Disposition"]
    assert mat.get_data(as_text=True).startswith(" 7 point match")


def test_api_errors_are_json(client) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and response.get_json()["ok"] is False
    assert client.get("/api/command").status_code == 405


def test_sse_stream_sends_init_then_every_change(
    hub: ScoreboardHub, server: ScoreboardServer
) -> None:
    hub.publish_state({"phase": "opening", "score": {"white": 0, "black": 0}})
    sse = SseClient(server.host, server.port)
    try:
        assert sse.response.getheader("Content-Type", "").startswith("text/event-stream")
        init = sse.next()
        assert init.event == "init" and init.data["state"]["phase"] == "opening"
        hub.publish_event(RefereeEvent(Kind.ROLL, "white rolled 6-5", "white").to_json())
        hub.publish_state({"phase": "rolled", "dice": [6, 5]})
        got = [sse.next(), sse.next()]
        assert [m.event for m in got] == ["event", "state"]
        assert got[0].data["message"] == "white rolled 6-5"
        assert got[1].data["state"]["dice"] == [6, 5]
        assert int(got[1].id or 0) > int(init.id or 0)
    finally:
        sse.close()


def test_sse_keepalive_and_a_departed_client_frees_its_slot(
    hub: ScoreboardHub, server: ScoreboardServer
) -> None:
    sse = SseClient(server.host, server.port)
    sse.next()
    started = time.monotonic()
    line = sse.response.readline()  # nothing published: the next thing is a keep-alive
    assert line == b": keep-alive\n" and time.monotonic() - started >= 0.4
    assert hub.subscriber_count == 1
    sse.close()  # the phone goes away; the next keep-alive write fails and ends the stream
    deadline = time.monotonic() + 5
    while hub.subscriber_count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.subscriber_count == 0


def test_stop_ends_open_streams(hub: ScoreboardHub) -> None:
    from web import serve

    server = serve(hub, "127.0.0.1", 0)
    sse = SseClient(server.host, server.port)
    sse.next()
    stopper = threading.Thread(target=server.stop)
    started = time.monotonic()
    stopper.start()
    with pytest.raises((EOFError, OSError)):
        while True:
            sse.next()
    stopper.join(5)
    assert not server.running and time.monotonic() - started < 5
    sse.close()


def test_a_busy_port_is_a_clear_error(hub: ScoreboardHub, server: ScoreboardServer) -> None:
    from web import serve

    with pytest.raises(OSError, match=f"127.0.0.1:{server.port}"):
        serve(hub, "127.0.0.1", server.port)
