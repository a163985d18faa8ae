"""The values a game is made of, and the steps every transition shares.

:class:`GameState` is one game as a frozen value, :class:`Phase` where it stands and
:class:`Event` its record. The transitions live in :mod:`rules.game` (:func:`rules.game.advance`,
rolls and plays) and :mod:`rules.game_offers` (the cube and resignations); the helpers here
(whose turn, who may act, a pending illegal play standing, the end of the game) are the steps
they share.

>>> state = GameState.new()
>>> state.phase, state.decider, state.board() == Position.start()
(<Phase.OPENING: 'opening'>, None, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.actions import Action, ActionRefused
from rules.cube import Cube, EndReason, GameResult, ResultKind, Rules, score_game
from rules.play import Play
from rules.position import CHECKERS, OFF, Position
from rules.side import Side


class Phase(StrEnum):
    """Where a game stands. ``turn`` (on :class:`GameState`) says whose turn it is."""

    OPENING = "opening"  # waiting for the opening roll (one die each)
    TO_ROLL = "to_roll"  # the player on turn may double, then rolls
    DOUBLED = "doubled"  # the opponent must take, pass (or beaver)
    ROLLED = "rolled"  # dice on the board, waiting for the play
    MOVED = "moved"  # play made, waiting for the dice to be picked up
    RESIGNATION = "resignation"  # a resignation offered, waiting for accept/decline
    OVER = "over"


class EventKind(StrEnum):
    """Kinds of :class:`Event`, the game record used for .mat export."""

    MOVE = "move"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"
    RESIGN = "resign"
    ACCEPT_RESIGNATION = "accept_resignation"
    DECLINE_RESIGNATION = "decline_resignation"
    ILLEGAL_ACCEPTED = "illegal_accepted"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game's record: who did what (moves with dice and notation)."""

    side: Side
    kind: EventKind
    dice: tuple[int, int] | None = None
    play: str = ""
    value: int = 0  # cube value offered (double/beaver) or resignation level
    legal: bool = True
    position_id: str = ""  # for moves: the Position ID after the play, seen from the mover
    steps: tuple[tuple[int, int], ...] = ()  # for moves: (from, to) per die, mover's numbering


@dataclass(frozen=True, slots=True)
class IllegalPlay:
    """An illegal play waiting for the opponent's choice (accept it, or demand a legal one)."""

    mover: Side
    before: Position
    dice: tuple[int, int]
    after: Position
    reason: str


@dataclass(frozen=True, slots=True)
class Resignation:
    by: Side
    level: int  # 1 single, 2 gammon, 3 backgammon


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about one game in progress, as an immutable value.

    ``position`` is seen from ``turn`` (the player to roll or moving); before the opening roll
    it is the starting position with white as ``player``. ``moved`` is the position after the
    mover's play while the dice are still down. ``illegal`` holds a finished illegal play the
    opponent has not ruled on yet.
    """

    rules: Rules = field(default_factory=Rules)
    money: bool = False
    crawford: bool = False
    phase: Phase = Phase.OPENING
    turn: Side | None = None
    position: Position = field(default_factory=Position.start)
    cube: Cube = field(default_factory=Cube)
    dice: tuple[int, int] | None = None
    moved: Position | None = None
    moved_play: str = ""
    moved_steps: tuple[tuple[int, int], ...] = ()  # the play's single-die steps, if known
    moved_accepted: bool = False  # an illegal play the opponent accepted before pick-up
    moved_reason: str = ""  # why the pending play is illegal ("" = legal)
    illegal: IllegalPlay | None = None
    resignation: Resignation | None = None
    paused: GameState | None = None  # the state a declined resignation returns to
    opening_ties: int = 0
    beaver: bool = False  # DOUBLED after a beaver: the original doubler must take or pass
    moves_made: int = 0
    events: tuple[Event, ...] = ()
    result: GameResult | None = None

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        money: bool = False,
        crawford: bool = False,
        position: Position | None = None,
        cube: Cube | None = None,
    ) -> GameState:
        """A game waiting for its opening roll, or (given ``position``) a set-up position with
        ``position.player`` to roll next.

        >>> from rules.actions import PickUp, PlayMade, Roll
        >>> from rules.game import advance
        >>> white = [14, 1] + [0] * 24       # 14 off, one checker on the ace point
        >>> black = [0] * 6 + [15] + [0] * 19  # all 15 on black's six point
        >>> pos = Position.from_sides(white, black)
        >>> state = advance(GameState.new(position=pos), Roll((2, 1)))
        >>> state = advance(state, PlayMade(state.legal_plays()[0].result.position_id()))
        >>> advance(state, PickUp()).result.kind
        <ResultKind.GAMMON: 2>
        """
        state = cls(rules=rules or Rules(), money=money, crawford=crawford, cube=cube or Cube())
        if position is None:
            return state
        return replace(
            state, phase=Phase.TO_ROLL, turn=position.player, position=position, moves_made=1
        )

    @property
    def cube_available(self) -> bool:
        """False in the Crawford game (played without the cube)."""
        return not self.crawford

    @property
    def decider(self) -> Side | None:
        """Who must act next (``None`` before the opening roll and after the game)."""
        if self.phase is Phase.DOUBLED:
            return self.turn if self.beaver else other(self.turn)
        if self.phase is Phase.RESIGNATION and self.resignation is not None:
            return self.resignation.by.opponent
        if self.phase in (Phase.OPENING, Phase.OVER):
            return None
        return self.turn

    def legal_plays(self) -> list[Play]:
        """The legal plays for the dice showing (empty list if no dice are showing)."""
        if self.dice is None or self.phase not in (Phase.ROLLED, Phase.MOVED):
            return []
        from rules.legal import legal_plays

        return legal_plays(self.position, self.dice)

    def board(self) -> Position:
        """The checkers as they stand on the board now (the mover's view while moving)."""
        return self.moved if self.moved is not None else self.position


def turn_of(state: GameState) -> Side:
    assert state.turn is not None
    return state.turn


def other(side: Side | None) -> Side:
    assert side is not None
    return side.opponent


def check_by(action: Action, expected: Side | None, what: str) -> None:
    by = action.by
    if by is not None and expected is not None and by != expected:
        raise ActionRefused(f"{what}: {expected} must act, not {by}")


def check_turn(state: GameState, action: Action) -> Side:
    turn = state.turn
    assert turn is not None
    if action.by is not None and action.by != turn:
        raise ActionRefused(f"it is {turn}'s turn, not {action.by}'s")
    return turn


def settle_illegal(state: GameState) -> GameState:
    """The opponent acted (rolled or turned the cube): a pending illegal play now stands."""
    if state.illegal is None:
        return state
    if state.illegal.after.us[OFF] == CHECKERS:
        raise ActionRefused(
            f"{state.illegal.mover}'s illegal play bore off the last checker: "
            "accept it (the game ends) or demand a correction"
        )
    event = Event(turn_of(state), EventKind.ILLEGAL_ACCEPTED, state.illegal.dice)
    return replace(state, illegal=None, events=state.events + (event,))


def finish(state: GameState, winner: Side, kind: ResultKind, reason: EndReason) -> GameState:
    points = score_game(kind, state.cube, state.rules, money=state.money)
    if reason is EndReason.PASSED:
        points = state.cube.value
    result = GameResult(winner, kind, state.cube.value, points, reason)
    return replace(state, phase=Phase.OVER, result=result, paused=None)
