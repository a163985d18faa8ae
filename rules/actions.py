"""The vocabulary of a match: actions, their JSON form, and the refusal error.

Every change to a :class:`rules.match.Match` is one of these small frozen values. The match
keeps them in order (its log); replaying the log rebuilds the same state, and each action has a
JSON form for the referee's journal.

>>> action = Roll((6, 5))
>>> action_to_json(action)
{'action': 'roll', 'dice': [6, 5]}
>>> action_from_json({'action': 'roll', 'dice': [6, 5]}) == action
True
>>> action_from_json({'action': 'double', 'by': 'black'})
Double(by=<Side.BLACK: 'black'>)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from rules.side import Side


class ActionRefused(ValueError):
    """An action that the rules do not allow now; the message says why.

    >>> raise ActionRefused("black owns the cube")
    Traceback (most recent call last):
    ...
    rules.actions.ActionRefused: black owns the cube
    """


class VoidReason(StrEnum):
    """Why a roll does not count and must be repeated."""

    COCKED = "cocked"  # a die not flat on the board
    OUTSIDE = "outside"  # a die outside the right-hand half of the board
    ON_CHECKER = "on_checker"  # a die resting on a checker
    EARLY = "early"  # rolled before the opponent picked up their dice
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """Each player's single die at the start of a game (ties are re-rolled)."""

    white: int
    black: int
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Roll:
    """The player on roll rolled ``dice`` (in the order read)."""

    dice: tuple[int, int]
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class PlayMade:
    """The mover's checkers now stand as ``position_id`` (seen from the mover).

    ``play`` is the play in GNU Backgammon notation when known (display only; the position is
    what counts, so an illegal play can be recorded exactly as it stands on the board).
    """

    position_id: str
    play: str | None = None
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class PickUp:
    """The mover picked up the dice: the play is final and the turn passes."""

    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Double:
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Take:
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (drop) a double: the doubler wins the current cube value."""

    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Beaver:
    """Take and redouble at once, keeping the cube (money play with beavers)."""

    by: Side | None = None


@dataclass(frozen=True, slots=True)
class AcceptIllegal:
    """The opponent lets an illegal play stand."""

    by: Side | None = None


@dataclass(frozen=True, slots=True)
class DemandCorrection:
    """The opponent demands a legal play instead of an illegal one."""

    by: Side | None = None


@dataclass(frozen=True, slots=True)
class VoidRoll:
    reason: VoidReason
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last action (refused once a later roll has been made)."""

    by: Side | None = None


@dataclass(frozen=True, slots=True)
class Resign:
    """Offer to resign: 1 = a single game, 2 = a gammon, 3 = a backgammon."""

    level: int
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class AcceptResignation:
    by: Side | None = None


@dataclass(frozen=True, slots=True)
class DeclineResignation:
    by: Side | None = None


Action = (
    OpeningRoll
    | Roll
    | PlayMade
    | PickUp
    | Double
    | Take
    | Pass
    | Beaver
    | AcceptIllegal
    | DemandCorrection
    | VoidRoll
    | Undo
    | Resign
    | AcceptResignation
    | DeclineResignation
)

_NAMES: dict[type[Any], str] = {
    OpeningRoll: "opening_roll",
    Roll: "roll",
    PlayMade: "play",
    PickUp: "pick_up",
    Double: "double",
    Take: "take",
    Pass: "pass",
    Beaver: "beaver",
    AcceptIllegal: "accept_illegal",
    DemandCorrection: "demand_correction",
    VoidRoll: "void_roll",
    Undo: "undo",
    Resign: "resign",
    AcceptResignation: "accept_resignation",
    DeclineResignation: "decline_resignation",
}
_TYPES: dict[str, type[Any]] = {name: cls for cls, name in _NAMES.items()}


def action_name(action: Action) -> str:
    """The action's name as used in JSON, e.g. ``"roll"``."""
    return _NAMES[type(action)]


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict; ``by`` and empty optional fields are left out when unset."""
    out: dict[str, Any] = {"action": _NAMES[type(action)]}
    for f in fields(action):
        value = getattr(action, f.name)
        if value is None:
            continue
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, StrEnum):
            value = str(value)
        out[f.name] = value
    return out


def action_from_json(data: dict[str, Any]) -> Action:
    """Inverse of :func:`action_to_json`; raises ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict) or "action" not in data:
        raise ValueError(f"an action needs an 'action' key, got {data!r}")
    name = data["action"]
    cls = _TYPES.get(name)
    if cls is None:
        raise ValueError(f"unknown action {name!r}; known: {', '.join(sorted(_TYPES))}")
    allowed = {f.name for f in fields(cls)}
    unknown = set(data) - allowed - {"action"}
    if unknown:
        raise ValueError(f"action {name!r} has unknown fields: {', '.join(sorted(unknown))}")
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "action":
            continue
        if key == "by":
            value = Side(value)
        elif key == "dice":
            value = tuple(int(v) for v in value)
            if len(value) != 2:
                raise ValueError(f"dice must be two numbers, got {data['dice']!r}")
        elif key == "reason":
            value = VoidReason(value)
        kwargs[key] = value
    try:
        action: Action = cls(**kwargs)
    except TypeError as exc:
        raise ValueError(f"action {name!r}: {exc}") from None
    return action
