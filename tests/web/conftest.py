"""Shared web-test helpers: a real match snapshot, a real server on an ephemeral port, and a
minimal Server-Sent-Events reader."""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from rules.match import Match
from rules.position import Position
from web import ScoreboardHub, serve
from web.server import ScoreboardServer


def illegal_match() -> Match:
    """A 7-point match where black has just played 24/15 with 6-4 (illegal): white to decide."""
    m = Match(7, white="Ann", black="Bob")
    m.opening_roll(white=3, black=1)
    m.move("8/5 6/5")
    m.roll(6, 4)
    pos = m.position
    us = list(pos.us)
    us[24] -= 1
    us[15] += 1
    m.move(Position(tuple(us), pos.them, pos.player))
    return m


@pytest.fixture
def hub() -> ScoreboardHub:
    return ScoreboardHub()


@pytest.fixture
def server(hub: ScoreboardHub) -> Iterator[ScoreboardServer]:
    srv = serve(hub, "127.0.0.1", 0, keepalive=0.5)
    yield srv
    srv.stop()


@dataclass(frozen=True)
class SseMessage:
    event: str
    id: str | None
    data: Any


class SseClient:
    """Reads one SSE stream over plain HTTP (what EventSource does, minus reconnection)."""

    def __init__(self, host: str, port: int, timeout: float = 5.0) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=timeout)
        self.conn.connect()
        self.sock = self.conn.sock  # http.client drops it once the response says "close"
        self.conn.request("GET", "/api/events", headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.comments = 0

    def next(self) -> SseMessage:
        fields: dict[str, str] = {}
        while True:
            raw = self.response.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode().rstrip("\n")
            if line.startswith(":"):
                self.comments += 1
            elif line == "":
                if "data" in fields:
                    return SseMessage(
                        fields.get("event", "message"), fields.get("id"), json.loads(fields["data"])
                    )
            else:
                key, _, value = line.partition(":")
                fields[key] = value.removeprefix(" ")

    def close(self) -> None:
        """Hang up as a phone does: the socket really closes (the response's file would
        otherwise keep it open)."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass  # already closed by the server
        self.response.close()
        self.conn.close()
