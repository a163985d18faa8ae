"""What the referee tells the players: :class:`RefereeEvent`, and the light each one sets.

Every decision the referee makes is an event. Events are journalled before they are shown, then
handed to every output (LEDs and buzzer, the web scoreboard, the console).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    """What happened."""

    STATUS = "status"  # the camera or the board: not found, too dark, moved ...
    PROMPT = "prompt"  # what the players should do next ("set up the board", "white to roll")
    ROLL = "roll"  # a valid roll was read
    REROLL = "reroll"  # the roll is void: cocked, outside the right half, on a checker, early
    MOVING = "moving"  # part-way through a legal play
    PLAY = "play"  # a legal play became final (dice picked up)
    ILLEGAL = "illegal"  # an illegal play became final: the opponent may accept or demand
    WARNING = "warning"  # the play on the board is not legal yet (dice still down)
    UNCERTAIN = "uncertain"  # the camera is not sure: players asked to check or confirm
    CUBE = "cube"  # double, take, pass, beaver
    RULING = "ruling"  # illegal play accepted / correction demanded, undo
    GAME_OVER = "game_over"
    MATCH_OVER = "match_over"
    ERROR = "error"  # a refused action or command, with the reason


class Light(StrEnum):
    """The referee's traffic light (LEDs and the page's status colour)."""

    GREEN = "green"  # all is well
    YELLOW = "yellow"  # wait, check, or act (re-roll, uncertain, moving)
    RED = "red"  # an illegal play or a void roll that must be repeated


_LIGHTS = {
    Kind.REROLL: Light.RED,
    Kind.ILLEGAL: Light.RED,
    Kind.WARNING: Light.YELLOW,
    Kind.UNCERTAIN: Light.YELLOW,
    Kind.ERROR: Light.YELLOW,
    Kind.STATUS: Light.YELLOW,
}


@dataclass(frozen=True)
class RefereeEvent:
    """One thing the referee decided or noticed.

    ``side`` is the player concerned (``"white"``/``"black"``) when there is one. ``details``
    holds JSON-ready extras (dice, notation, Position ID, closest legal plays).
    """

    kind: Kind
    message: str
    side: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    time: float = field(default_factory=time.time)

    @property
    def light(self) -> Light:
        return _LIGHTS.get(self.kind, Light.GREEN)

    @property
    def beeps(self) -> int:
        """How many times the buzzer sounds: illegal plays and void rolls must be noticed."""
        return 2 if self.kind in (Kind.ILLEGAL, Kind.REROLL) else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "message": self.message,
            "side": self.side,
            "light": str(self.light),
            "details": self.details,
            "time": round(self.time, 3),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RefereeEvent:
        return cls(
            Kind(data["kind"]),
            str(data["message"]),
            data.get("side"),
            dict(data.get("details") or {}),
            float(data.get("time", 0.0)),
        )
