"""ScoreboardHub: latest state, bounded event history, fan-out with bounded per-subscriber
queues, command forwarding."""

from __future__ import annotations

import queue
import threading
from typing import Any

import pytest

from firmware.commands import COMMANDS as REFEREE_COMMANDS
from firmware.commands import match_change
from firmware.events import Kind, RefereeEvent
from rules.match import Match
from web.hub import (
    COMMANDS,
    NoHandler,
    PendingCommand,
    ScoreboardHub,
    TooManySubscribers,
    queued_handler,
)


def event(message: str, kind: Kind = Kind.PLAY, side: str | None = "white") -> dict[str, Any]:
    return RefereeEvent(kind, message, side).to_json()


def test_the_web_knows_exactly_the_referees_commands() -> None:
    # One list (firmware.commands takes web.hub's); every command but the referee's own
    # "confirm" is a match change, and nothing else is.
    assert COMMANDS is REFEREE_COMMANDS
    match = Match(5)
    for name in COMMANDS:
        if name != "confirm":
            assert callable(match_change(match, name, None))
    with pytest.raises(ValueError, match="not a match change"):
        match_change(match, "confirm", None)
    with pytest.raises(ValueError, match="not a match change"):
        match_change(match, "roll", None)


def test_state_merges_the_snapshot_with_the_last_light_and_message() -> None:
    hub = ScoreboardHub()
    snap = Match(5, white="Ann", black="Bob").snapshot()
    hub.publish_state(snap)
    assert hub.state()["state"]["names"] == {"white": "Ann", "black": "Bob"}
    hub.publish_event(event("illegal play by white", Kind.ILLEGAL))
    state = hub.state()["state"]
    assert (state["light"], state["message"]) == ("red", "illegal play by white")
    hub.publish_state({**snap, "light": "green", "message": "accepted"})
    assert hub.state()["state"]["light"] == "green"
    hub.publish_state(snap)  # no light of its own: the last one stays on show
    assert hub.state()["state"]["message"] == "accepted"


def test_a_state_repeating_the_last_events_word_keeps_its_kind() -> None:
    hub = ScoreboardHub()
    hub.publish_event(event("please check the board", Kind.UNCERTAIN))
    # The runner's state carries the last event's light and message, but not its kind.
    hub.publish_state({"phase": "rolled", "light": "yellow", "message": "please check the board"})
    assert hub.state()["state"]["kind"] == "uncertain"
    hub.publish_state({"phase": "rolled", "light": "green", "message": "white to play 3-1"})
    assert hub.state()["state"]["kind"] is None


def test_published_data_is_copied_not_shared() -> None:
    hub = ScoreboardHub()
    snap = {"score": {"white": 1, "black": 0}}
    hub.publish_state(snap)
    snap["score"]["white"] = 99
    assert hub.state()["state"]["score"]["white"] == 1
    hub.state()["state"]["score"]["white"] = 42
    assert hub.state()["state"]["score"]["white"] == 1


def test_event_history_keeps_the_last_ones_with_increasing_ids() -> None:
    hub = ScoreboardHub(history=30)
    for i in range(45):
        hub.publish_event(event(f"e{i}"))
    events = hub.state()["events"]
    assert [e["message"] for e in events] == [f"e{i}" for i in range(15, 45)]
    ids = [e["id"] for e in events]
    assert ids == sorted(ids) and len(set(ids)) == 30


def test_bad_publications_are_refused_with_a_reason() -> None:
    hub = ScoreboardHub()
    with pytest.raises(TypeError, match="dict"):
        hub.publish_state("white 3 black 1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="to_json"):
        hub.publish_event({"kind": "play"})
    with pytest.raises(ValueError, match="light"):
        hub.publish_state({"light": "blue"})


def test_a_subscriber_gets_messages_in_order_and_none_on_timeout() -> None:
    hub = ScoreboardHub()
    with hub.subscribe() as sub:
        hub.publish_event(event("rolled"))
        hub.publish_state({"phase": "rolled"})
        first, second = sub.get(0.1), sub.get(0.1)
        assert first is not None and first.kind == "event"
        assert first.data["message"] == "rolled"
        assert second is not None and second.kind == "state" and second.seq > first.seq
        assert second.data["state"]["phase"] == "rolled"
        assert sub.get(0.01) is None
    assert hub.subscriber_count == 0


def test_a_stalled_subscriber_drops_its_oldest_messages_and_never_blocks_the_publisher() -> None:
    hub = ScoreboardHub(queue_size=8)
    stalled = hub.subscribe()
    live = hub.subscribe()
    for i in range(1000):
        hub.publish_state({"n": i})
        message = live.get(0.1)
        assert message is not None and message.data["state"]["n"] == i
    assert stalled.pending() == 8 and stalled.dropped == 992
    kept = [stalled.get(0).data["state"]["n"] for _ in range(8)]  # type: ignore[union-attr]
    assert kept == list(range(992, 1000))  # the newest survive
    stalled.close()
    live.close()


def test_close_wakes_a_blocked_reader() -> None:
    hub = ScoreboardHub()
    sub = hub.subscribe(timeout=30)
    got: list[object] = []
    reader = threading.Thread(target=lambda: got.append(sub.get()))
    reader.start()
    hub.close_subscribers()
    reader.join(2)
    assert not reader.is_alive() and got == [None]


def test_subscribers_are_limited() -> None:
    hub = ScoreboardHub(max_subscribers=2)
    a, b = hub.subscribe(), hub.subscribe()
    with pytest.raises(TooManySubscribers, match="limit 2"):
        hub.subscribe()
    a.close()
    hub.subscribe().close()
    b.close()


def test_concurrent_publishers_deliver_every_message_once() -> None:
    hub = ScoreboardHub(queue_size=4000)
    sub = hub.subscribe()

    def publish(tag: str) -> None:
        for i in range(500):
            hub.publish_event(event(f"{tag}{i}"))

    threads = [threading.Thread(target=publish, args=(t,)) for t in "abcd"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seen = []
    while (m := sub.get(0)) is not None:
        seen.append(m)
    assert len(seen) == 2000
    assert [m.seq for m in seen] == sorted(m.seq for m in seen)
    assert len({m.data["message"] for m in seen}) == 2000
    sub.close()


def test_commands_are_forwarded_and_refusals_reported() -> None:
    hub = ScoreboardHub()
    with pytest.raises(NoHandler):
        hub.command("undo")
    calls: list[tuple[str, str | None]] = []

    def handler(name: str, side: str | None) -> list[dict[str, Any]]:
        calls.append((name, side))
        if name == "take":
            return [RefereeEvent(Kind.ERROR, "take refused: nobody doubled", side).to_json()]
        return [RefereeEvent(Kind.RULING, f"{name}: ok", side).to_json()]

    hub.set_command_handler(handler)
    ok = hub.command("accept", "black")
    assert ok.ok and ok.events[0]["message"] == "accept: ok"
    refused = hub.command("take", "white")
    assert not refused.ok and refused.refused == "take refused: nobody doubled"
    assert calls == [("accept", "black"), ("take", "white")]
    with pytest.raises(ValueError, match="unknown command 'roll'"):
        hub.command("roll")
    with pytest.raises(ValueError, match="side"):
        hub.command("take", "red")
    assert len(calls) == 2


def test_the_match_file_comes_from_the_provider() -> None:
    hub = ScoreboardHub()
    with pytest.raises(NoHandler, match="no match"):
        hub.match_file()
    hub.set_mat_provider(lambda: " 7 point match\n")
    assert hub.match_file() == " 7 point match\n"


def test_queued_handler_waits_for_the_referee_thread() -> None:
    inbox: queue.SimpleQueue[PendingCommand] = queue.SimpleQueue()
    hub = ScoreboardHub()
    hub.set_command_handler(queued_handler(inbox.put, timeout=2.0))
    answered_on: list[str] = []

    def referee_thread() -> None:
        item = inbox.get(timeout=2)
        answered_on.append(threading.current_thread().name)
        item.answer([RefereeEvent(Kind.RULING, f"{item.name} by {item.side}", item.side).to_json()])

    worker = threading.Thread(target=referee_thread, name="referee")
    worker.start()
    result = hub.command("accept", "black")
    worker.join(2)
    assert result.ok and result.events[0]["message"] == "accept by black"
    assert answered_on == ["referee"]


def test_queued_handler_times_out_when_nobody_answers() -> None:
    inbox: queue.SimpleQueue[PendingCommand] = queue.SimpleQueue()
    hub = ScoreboardHub()
    hub.set_command_handler(queued_handler(inbox.put, timeout=0.05))
    with pytest.raises(TimeoutError, match="'undo'"):
        hub.command("undo")
    assert inbox.get_nowait().name == "undo"  # it was queued, just never answered
