"""GNU Backgammon's Match ID, both ways.

A Match ID is 9 bytes (66 bits used, least significant bit first) in base64, 12 characters:
cube value (log2, 4 bits), cube owner (2: player 0, 1, or 3 = centred), player on roll (1),
Crawford game (1), game state (3), player to decide (1), double offered (1), resignation (2),
the dice (3 + 3), match length (15), score of player 0 (15), of player 1 (15), and "no Jacoby"
(1). White is gnubg's player 0 (the left column of a .mat file), black player 1.

>>> info = MatchId.decode("cImmAAAAAAAE")
>>> info.length, info.dice, info.on_roll, info.cube_owner
(5, (5, 1), <Side.BLACK: 'black'>, None)
>>> info.encode()
'cImmAAAAAAAE'
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from enum import IntEnum

from rules.cube import EndReason
from rules.game import Phase
from rules.match import MatchState
from rules.side import Side


class GameStatus(IntEnum):
    """gnubg's game state field."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


_PLAYER = {Side.WHITE: 0, Side.BLACK: 1}
_SIDE = {0: Side.WHITE, 1: Side.BLACK}

# (name, first bit, width)
_FIELDS = (
    ("cube", 0, 4),
    ("owner", 4, 2),
    ("move", 6, 1),
    ("crawford", 7, 1),
    ("state", 8, 3),
    ("turn", 11, 1),
    ("double", 12, 1),
    ("resign", 13, 2),
    ("die1", 15, 3),
    ("die2", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("no_jacoby", 66, 1),
)


class InvalidMatchId(ValueError):
    """Text that is not a Match ID; the message says why."""


@dataclass(frozen=True, slots=True)
class MatchId:
    """The fields of a Match ID, in bgref's terms (white = gnubg's player 0)."""

    cube_value: int = 1
    cube_owner: Side | None = None
    on_roll: Side = Side.WHITE
    crawford: bool = False
    status: GameStatus = GameStatus.PLAYING
    decider: Side = Side.WHITE
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    length: int = 0
    score: tuple[int, int] = (0, 0)  # (white, black)
    jacoby: bool = False

    def encode(self) -> str:
        value = self.cube_value
        if value < 1 or value & (value - 1) or value > 1 << 15:
            raise ValueError(f"cube value must be a power of two up to 32768, not {value}")
        fields = {
            "cube": value.bit_length() - 1,
            "owner": 3 if self.cube_owner is None else _PLAYER[self.cube_owner],
            "move": _PLAYER[self.on_roll],
            "crawford": int(self.crawford),
            "state": int(self.status),
            "turn": _PLAYER[self.decider],
            "double": int(self.double_offered),
            "resign": self.resignation,
            "die1": self.dice[0],
            "die2": self.dice[1],
            "length": self.length,
            "score0": self.score[0],
            "score1": self.score[1],
            "no_jacoby": int(not self.jacoby),
        }
        n = 0
        for name, start, width in _FIELDS:
            v = fields[name]
            if not 0 <= v < 1 << width:
                raise ValueError(f"{name}={v} does not fit in {width} bits of a Match ID")
            n |= v << start
        return base64.b64encode(n.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def decode(cls, text: str) -> MatchId:
        """Read a Match ID (``"Match ID: "`` prefix allowed); raises :class:`InvalidMatchId`."""
        raw = text.strip()
        if raw.lower().startswith("match id"):
            raw = raw.split(":", 1)[-1].strip()
        if len(raw) != 12:
            raise InvalidMatchId(f"a Match ID has 12 characters, {text!r} has {len(raw)}")
        try:
            data = base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError):
            raise InvalidMatchId(f"{text!r} is not base64") from None
        n = int.from_bytes(data, "little")
        f = {name: (n >> start) & ((1 << width) - 1) for name, start, width in _FIELDS}
        if f["owner"] == 2:
            raise InvalidMatchId(f"{text!r}: cube owner field is 2 (must be 0, 1 or 3)")
        if f["state"] > 4:
            raise InvalidMatchId(f"{text!r}: game state {f['state']} is not 0-4")
        if f["die1"] > 6 or f["die2"] > 6:
            raise InvalidMatchId(f"{text!r}: dice {f['die1']}-{f['die2']} are not 0-6")
        return cls(
            cube_value=1 << f["cube"],
            cube_owner=None if f["owner"] == 3 else _SIDE[f["owner"]],
            on_roll=_SIDE[f["move"]],
            crawford=bool(f["crawford"]),
            status=GameStatus(f["state"]),
            decider=_SIDE[f["turn"]],
            double_offered=bool(f["double"]),
            resignation=f["resign"],
            dice=(f["die1"], f["die2"]),
            length=f["length"],
            score=(f["score0"], f["score1"]),
            jacoby=not f["no_jacoby"],
        )


def match_id_fields(state: MatchState) -> MatchId:
    """The Match ID fields for a :class:`rules.match.MatchState`."""
    game = state.game
    turn = game.turn or Side.WHITE
    decider = game.decider or turn
    dice = (0, 0)
    if game.dice is not None and game.phase is not Phase.OPENING:
        dice = (max(game.dice), min(game.dice))  # gnubg shows the higher die first
    status = GameStatus.PLAYING
    resignation = 0
    score = state.score
    if game.resignation is not None and game.phase is Phase.RESIGNATION:
        resignation = game.resignation.level
    if game.phase is Phase.OVER and game.result is not None:
        reason = game.result.reason
        status = {
            EndReason.BORNE_OFF: GameStatus.OVER,
            EndReason.RESIGNED: GameStatus.RESIGNED,
            EndReason.PASSED: GameStatus.DROPPED,
        }[reason]
        if reason is EndReason.RESIGNED and game.resignation is not None:
            resignation = game.resignation.level
        loser = game.result.winner.opponent
        # As gnubg: the loser decides last; the player on roll stays as it was (the doubler
        # after a drop, the loser after a bear-off, since the turn passed to them).
        decider = loser
    return MatchId(
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        on_roll=turn,
        crawford=game.crawford,
        status=status,
        decider=decider,
        double_offered=game.phase is Phase.DOUBLED,
        resignation=resignation,
        dice=dice,
        length=state.length,
        score=(score.white, score.black),
        jacoby=state.money and state.rules.jacoby,
    )


def match_id_of(state: MatchState) -> str:
    """The Match ID string for a :class:`rules.match.MatchState`."""
    return match_id_fields(state).encode()
