"""The doubling cube, the optional rules, and what a finished game is worth.

>>> cube = Cube()
>>> cube.face, cube.centred
(64, True)
>>> cube = cube.doubled(taker=Side.BLACK)
>>> cube.value, cube.owner, cube.may_double(Side.WHITE)
(2, <Side.BLACK: 'black'>, False)
>>> score_game(ResultKind.GAMMON, cube, Rules())
4
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from rules.side import Side


@dataclass(frozen=True, slots=True)
class Cube:
    """Value and owner (``None`` = centred) of the doubling cube. No upper limit on the value."""

    value: int = 1
    owner: Side | None = None

    @property
    def centred(self) -> bool:
        return self.owner is None

    @property
    def turned(self) -> bool:
        """True once a double has been taken (automatic doubles leave the cube centred)."""
        return self.owner is not None

    @property
    def face(self) -> int:
        """The number shown on a physical cube: 64 while centred at 1, else the value."""
        return 64 if self.value == 1 and self.owner is None else self.value

    @property
    def log2(self) -> int:
        return self.value.bit_length() - 1

    def may_double(self, side: Side) -> bool:
        """True if the cube is centred or owned by ``side``."""
        return self.owner is None or self.owner == side

    def doubled(self, taker: Side) -> Cube:
        """After a take: twice the value, owned by the taker."""
        return Cube(self.value * 2, taker)


class ResultKind(IntEnum):
    """How much a game is won by, as a multiple of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


class EndReason(StrEnum):
    BORNE_OFF = "borne_off"  # the winner bore off all 15 checkers
    PASSED = "passed"  # the loser passed (dropped) a double
    RESIGNED = "resigned"  # the loser's resignation was accepted


@dataclass(frozen=True, slots=True)
class Rules:
    """Optional rules. Jacoby, beavers and automatic doubles are for money play only.

    ``automatic_doubles`` is how many opening ties may double the (still centred) cube;
    ``0`` turns automatic doubles off; ``1`` is the usual limit when they are on.
    ``backgammon_value`` is 3 (standard) or 2.
    """

    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False
    automatic_doubles: int = 0
    backgammon_value: int = 3

    def __post_init__(self) -> None:
        if self.backgammon_value not in (2, 3):
            raise ValueError(f"a backgammon counts 3 (or 2 by option), not {self.backgammon_value}")
        if self.automatic_doubles < 0:
            raise ValueError(
                f"automatic_doubles is a limit (0 = off), not {self.automatic_doubles}"
            )

    def money_only_in_use(self) -> list[str]:
        """Names of the money-play-only options that are switched on."""
        used = []
        if self.jacoby:
            used.append("the Jacoby rule")
        if self.beavers:
            used.append("beavers")
        if self.automatic_doubles:
            used.append("automatic doubles")
        return used


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended and what it was worth to the winner."""

    winner: Side
    kind: ResultKind
    cube_value: int
    points: int
    reason: EndReason

    def __str__(self) -> str:
        kind = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[int(self.kind)]
        unit = "point" if self.points == 1 else "points"
        return f"{self.winner} wins {kind} and {self.points} {unit} ({self.reason})"


def result_kind(loser_side: tuple[int, ...]) -> ResultKind:
    """Single, gammon or backgammon from the loser's 26 counts (own numbering).

    Gammon: the loser has borne off none. Backgammon: and still has a checker on the bar or
    in the winner's home board (the loser's points 19-24).
    """
    if loser_side[0] > 0:
        return ResultKind.SINGLE
    if any(loser_side[p] for p in range(19, 26)):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON


def score_game(kind: ResultKind, cube: Cube, rules: Rules, money: bool = False) -> int:
    """Points won: the cube value times 1, 2 or 3 (or 2 for a backgammon by option).

    With the Jacoby rule (money play) gammons and backgammons count single while the cube has
    not been turned.
    """
    multiple = int(kind)
    if kind is ResultKind.BACKGAMMON:
        multiple = rules.backgammon_value
    if money and rules.jacoby and not cube.turned:
        multiple = 1
    return cube.value * multiple
