"""One game as an immutable state and a pure transition function.

:class:`GameState` is a frozen value; :func:`advance` returns the state after an action or
raises :class:`~rules.actions.ActionRefused` saying why the action is not allowed now. Most
callers use :class:`rules.match.Match`, which keeps the score, the log and undo on top of this.

>>> from rules.actions import OpeningRoll, PlayMade, PickUp, Double
>>> state = GameState.new()
>>> state = advance(state, OpeningRoll(white=3, black=1))
>>> state.phase, state.turn, state.dice
(<Phase.ROLLED: 'rolled'>, <Side.WHITE: 'white'>, (3, 1))
>>> after = state.position.apply(Play.parse("8/5 6/5"))
>>> state = advance(state, PlayMade(after.position_id()))
>>> state = advance(state, PickUp())
>>> state.phase, state.turn
(<Phase.TO_ROLL: 'to_roll'>, <Side.BLACK: 'black'>)
>>> advance(state, Double(by=Side.WHITE))
Traceback (most recent call last):
...
rules.actions.ActionRefused: it is black's turn, not white's
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.actions import (
    AcceptIllegal,
    AcceptResignation,
    Action,
    ActionRefused,
    Beaver,
    DeclineResignation,
    DemandCorrection,
    Double,
    OpeningRoll,
    Pass,
    PickUp,
    PlayMade,
    Resign,
    Roll,
    Take,
    Undo,
    VoidReason,
    VoidRoll,
)
from rules.check import check_play, describe_change
from rules.cube import Cube, EndReason, GameResult, ResultKind, Rules, result_kind, score_game
from rules.play import Play
from rules.position import CHECKERS, OFF, InvalidPosition, Position
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

        >>> from rules.actions import Roll
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
            return self.turn if self.beaver else _other(self.turn)
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


def _turn(state: GameState) -> Side:
    assert state.turn is not None
    return state.turn


def _other(side: Side | None) -> Side:
    assert side is not None
    return side.opponent


def _check_by(action: Action, expected: Side | None, what: str) -> None:
    by = action.by
    if by is not None and expected is not None and by != expected:
        raise ActionRefused(f"{what}: {expected} must act, not {by}")


def _check_turn(state: GameState, action: Action) -> Side:
    turn = state.turn
    assert turn is not None
    if action.by is not None and action.by != turn:
        raise ActionRefused(f"it is {turn}'s turn, not {action.by}'s")
    return turn


def _check_dice(dice: tuple[int, ...]) -> None:
    for d in dice:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise ActionRefused(f"a die shows 1-6, not {d!r}")


def advance(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`ActionRefused` saying why it is not allowed.

    ``Undo`` is the match's business (it needs the history) and is refused here.
    """
    if isinstance(action, Undo):
        raise ActionRefused("undo is handled by the match, which keeps the history")
    if state.phase is Phase.OVER:
        raise ActionRefused("the game is over")
    if isinstance(action, VoidRoll):
        return _void_roll(state, action)
    if isinstance(action, Resign):
        return _resign(state, action)
    if state.phase is Phase.RESIGNATION:
        if isinstance(action, AcceptResignation | DeclineResignation):
            return _answer_resignation(state, action)
        raise ActionRefused("a resignation has been offered: accept or decline it first")
    if isinstance(action, AcceptResignation | DeclineResignation):
        raise ActionRefused("no resignation has been offered")
    if isinstance(action, OpeningRoll):
        return _opening_roll(state, action)
    if state.phase is Phase.OPENING:
        raise ActionRefused("the game starts with the opening roll: one die each")
    if isinstance(action, Double):
        return _double(state, action)
    if isinstance(action, Take | Pass | Beaver):
        return _answer_double(state, action)
    if state.phase is Phase.DOUBLED:
        raise ActionRefused(f"{_other(state.turn)} must first take or pass the double")
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, PlayMade):
        return _play(state, action)
    if isinstance(action, PickUp):
        return _pick_up(state, action)
    if isinstance(action, AcceptIllegal | DemandCorrection):
        return _rule_on_illegal(state, action)
    raise ActionRefused(f"unknown action {action!r}")


# -- opening and rolls ---------------------------------------------------------------------


def _opening_roll(state: GameState, action: OpeningRoll) -> GameState:
    if state.phase is not Phase.OPENING:
        raise ActionRefused("the opening roll has already been made")
    _check_dice((action.white, action.black))
    if action.white == action.black:
        cube = state.cube
        if state.money and state.opening_ties < state.rules.automatic_doubles:
            cube = Cube(cube.value * 2, None)  # automatic double: the cube stays centred
        return replace(state, cube=cube, opening_ties=state.opening_ties + 1)
    winner = Side.WHITE if action.white > action.black else Side.BLACK
    return replace(
        state,
        phase=Phase.ROLLED,
        turn=winner,
        position=Position.start(winner),
        # gnubg records the opening dice higher (the winner's) first.
        dice=(max(action.white, action.black), min(action.white, action.black)),
    )


def _roll(state: GameState, action: Roll) -> GameState:
    if state.phase in (Phase.ROLLED, Phase.MOVED):
        if state.phase is Phase.MOVED and action.by not in (None, state.turn):
            raise ActionRefused(
                f"{state.turn} has not picked up the dice yet: the roll is void (rolled early)"
            )
        raise ActionRefused(f"{state.turn} has already rolled")
    turn = _check_turn(state, action)
    if len(action.dice) != 2:
        raise ActionRefused(f"a roll is two dice, got {action.dice!r}")
    _check_dice(action.dice)
    state = _settle_illegal(state)
    return replace(state, phase=Phase.ROLLED, dice=(action.dice[0], action.dice[1]), turn=turn)


def _void_roll(state: GameState, action: VoidRoll) -> GameState:
    if action.reason is VoidReason.EARLY:
        if state.phase not in (Phase.ROLLED, Phase.MOVED):
            raise ActionRefused("a roll is early only while the opponent's dice are still down")
        return state  # recorded in the log; the board is unchanged
    if state.phase is Phase.ROLLED:
        if state.moves_made == 0:  # the opening roll: back to one die each
            return replace(
                state,
                phase=Phase.OPENING,
                turn=None,
                dice=None,
                position=Position.start(),
            )
        return replace(state, phase=Phase.TO_ROLL, dice=None)
    if state.phase in (Phase.OPENING, Phase.TO_ROLL):
        return state  # a void roll that was never recorded as a roll: log only
    raise ActionRefused(f"there is no roll to void now ({state.phase})")


# -- plays -----------------------------------------------------------------------------


def expect_play(state: GameState, by: Side | None = None) -> Side:
    """The mover, if a play may be made now; else raises :class:`ActionRefused` saying why."""
    if state.phase not in (Phase.ROLLED, Phase.MOVED):
        if state.phase is Phase.TO_ROLL:
            raise ActionRefused(f"{state.turn} must roll before moving")
        if state.phase is Phase.OPENING:
            raise ActionRefused("the game starts with the opening roll: one die each")
        raise ActionRefused(f"no play is expected now ({state.phase})")
    return _check_turn(state, Roll((1, 1), by))


def _play(state: GameState, action: PlayMade) -> GameState:
    mover = expect_play(state, action.by)
    assert state.dice is not None
    try:
        after = Position.from_position_id(action.position_id, player=mover)
    except InvalidPosition as exc:
        raise ActionRefused(f"the play's position is not valid: {exc}") from None
    verdict = check_play(state.position, state.dice, after)
    steps: tuple[tuple[int, int], ...] = ()
    if verdict.legal:
        text = str(verdict.play) if verdict.play is not None else (action.play or "")
        if verdict.play is not None:
            steps = tuple((m.from_point, m.to_point) for m in verdict.play.moves)
        reason = ""
    else:
        text = action.play if action.play is not None else describe_change(state.position, after)
        try:
            steps = tuple((m.from_point, m.to_point) for m in Play.parse(text).moves)
        except ValueError:
            steps = ()
        reason = verdict.reason or "illegal play"
    return replace(
        state,
        phase=Phase.MOVED,
        moved=after,
        moved_play=text,
        moved_steps=steps,
        moved_reason=reason,
        moved_accepted=False,
    )


def _pick_up(state: GameState, action: PickUp) -> GameState:
    if state.phase is Phase.ROLLED:
        # Dice picked up without moving: an empty play (legal only if nothing can be played).
        state = _play(state, PlayMade(state.position.position_id(), None, action.by))
    if state.phase is not Phase.MOVED:
        raise ActionRefused(f"there are no dice to pick up ({state.phase})")
    mover = _check_turn(state, action)
    assert state.moved is not None and state.dice is not None
    legal = state.moved_reason == ""
    event = Event(
        mover,
        EventKind.MOVE,
        state.dice,
        state.moved_play,
        legal=legal,
        position_id=state.moved.position_id(),
        steps=state.moved_steps,
    )
    illegal = None
    if not legal and not state.moved_accepted:
        illegal = IllegalPlay(mover, state.position, state.dice, state.moved, state.moved_reason)
    after = state.moved
    done = replace(
        state,
        moved=None,
        moved_play="",
        moved_steps=(),
        moved_reason="",
        moved_accepted=False,
        dice=None,
        events=state.events + (event,),
        moves_made=state.moves_made + 1,
    )
    if after.us[OFF] == CHECKERS and illegal is None:
        kind = result_kind(after.them)
        # As gnubg does, the turn passes to the loser: the final board is seen from them.
        over = replace(done, position=after.flip(), turn=mover.opponent)
        return _finish(over, mover, kind, EndReason.BORNE_OFF)
    return replace(
        done, phase=Phase.TO_ROLL, turn=mover.opponent, position=after.flip(), illegal=illegal
    )


def _settle_illegal(state: GameState) -> GameState:
    """The opponent acted (rolled or turned the cube): a pending illegal play now stands."""
    if state.illegal is None:
        return state
    if state.illegal.after.us[OFF] == CHECKERS:
        raise ActionRefused(
            f"{state.illegal.mover}'s illegal play bore off the last checker: "
            "accept it (the game ends) or demand a correction"
        )
    event = Event(_turn(state), EventKind.ILLEGAL_ACCEPTED, state.illegal.dice)
    return replace(state, illegal=None, events=state.events + (event,))


def _rule_on_illegal(state: GameState, action: AcceptIllegal | DemandCorrection) -> GameState:
    if state.phase is Phase.MOVED and state.moved_reason and not state.moved_accepted:
        caller = _other(state.turn)
        _check_by(action, caller, "ruling on an illegal play")
        if isinstance(action, AcceptIllegal):
            # Accepted before pick-up: the play stands; pick-up will not flag it again.
            event = Event(caller, EventKind.ILLEGAL_ACCEPTED, state.dice)
            return replace(state, moved_accepted=True, events=state.events + (event,))
        return replace(
            state, phase=Phase.ROLLED, moved=None, moved_play="", moved_steps=(), moved_reason=""
        )
    if state.illegal is None:
        raise ActionRefused("there is no illegal play to rule on")
    caller = _turn(state)
    _check_by(action, caller, "ruling on an illegal play")
    if isinstance(action, AcceptIllegal):
        bad = state.illegal
        if bad.after.us[OFF] == CHECKERS:  # an accepted illegal last play wins the game
            event = Event(_turn(state), EventKind.ILLEGAL_ACCEPTED, bad.dice)
            over = replace(state, illegal=None, events=state.events + (event,))
            return _finish(over, bad.mover, result_kind(bad.after.them), EndReason.BORNE_OFF)
        return _settle_illegal(state)
    bad = state.illegal
    last_move = max(i for i, e in enumerate(state.events) if e.kind is EventKind.MOVE)
    return replace(
        state,
        phase=Phase.ROLLED,
        turn=bad.mover,
        position=bad.before,
        dice=bad.dice,
        illegal=None,
        events=state.events[:last_move] + state.events[last_move + 1 :],
        moves_made=state.moves_made - 1,
    )


# -- the cube --------------------------------------------------------------------------


def _double(state: GameState, action: Double) -> GameState:
    if state.phase is Phase.DOUBLED:
        raise ActionRefused("a double is already waiting for an answer")
    if state.phase is not Phase.TO_ROLL:
        raise ActionRefused("the cube can only be turned before rolling")
    doubler = _check_turn(state, action)
    if state.crawford:
        raise ActionRefused("no doubling in the Crawford game")
    if not state.cube.may_double(doubler):
        raise ActionRefused(f"{state.cube.owner} owns the cube")
    state = _settle_illegal(state)
    event = Event(doubler, EventKind.DOUBLE, value=state.cube.value * 2)
    return replace(state, phase=Phase.DOUBLED, events=state.events + (event,))


def _answer_double(state: GameState, action: Take | Pass | Beaver) -> GameState:
    """Take, pass or beaver. After a beaver the beaverer owns the cube at twice the value and
    the redouble waits for the original doubler's take or pass (as GNU Backgammon plays it)."""
    if state.phase is not Phase.DOUBLED:
        raise ActionRefused("no double has been offered")
    answerer = state.decider
    assert answerer is not None
    offerer = answerer.opponent
    _check_by(
        action, answerer, "answering the double" if not state.beaver else "answering the beaver"
    )
    if isinstance(action, Take):
        event = Event(answerer, EventKind.TAKE, value=state.cube.value * 2)
        # A taken beaver leaves the cube with the beaverer; a taken double goes to the taker.
        owner = offerer if state.beaver else answerer
        return replace(
            state,
            phase=Phase.TO_ROLL,
            cube=Cube(state.cube.value * 2, owner),
            beaver=False,
            events=state.events + (event,),
        )
    if isinstance(action, Beaver):
        if state.beaver:
            raise ActionRefused("a beaver cannot be beavered back (no raccoons)")
        if not state.money:
            raise ActionRefused("beavers are for money play only")
        if not state.rules.beavers:
            raise ActionRefused("beavers are not allowed in this session")
        event = Event(answerer, EventKind.BEAVER, value=state.cube.value * 4)
        return replace(
            state,
            cube=state.cube.doubled(answerer),
            beaver=True,
            events=state.events + (event,),
        )
    event = Event(answerer, EventKind.PASS, value=state.cube.value)
    state = replace(state, beaver=False, events=state.events + (event,))
    return _finish(state, offerer, ResultKind.SINGLE, EndReason.PASSED)


# -- resignations and the end ---------------------------------------------------------


def _resign(state: GameState, action: Resign) -> GameState:
    if state.phase in (Phase.OPENING, Phase.DOUBLED, Phase.RESIGNATION):
        what = {
            Phase.OPENING: "before the opening roll",
            Phase.DOUBLED: "while a double is waiting (pass it instead)",
            Phase.RESIGNATION: "while a resignation is waiting for an answer",
        }[state.phase]
        raise ActionRefused(f"cannot resign {what}")
    if action.level not in (1, 2, 3):
        raise ActionRefused(
            f"resign 1 (single), 2 (gammon) or 3 (backgammon), not {action.level!r}"
        )
    by = action.by if action.by is not None else _turn(state)
    event = Event(by, EventKind.RESIGN, value=action.level)
    return replace(
        state,
        phase=Phase.RESIGNATION,
        resignation=Resignation(by, action.level),
        paused=state,
        events=state.events + (event,),
    )


def _answer_resignation(
    state: GameState, action: AcceptResignation | DeclineResignation
) -> GameState:
    offer = state.resignation
    assert offer is not None and state.paused is not None
    _check_by(action, offer.by.opponent, "answering the resignation")
    if isinstance(action, DeclineResignation):
        event = Event(offer.by.opponent, EventKind.DECLINE_RESIGNATION, value=offer.level)
        return replace(state.paused, events=state.events + (event,))
    event = Event(offer.by.opponent, EventKind.ACCEPT_RESIGNATION, value=offer.level)
    state = replace(state, events=state.events + (event,))
    return _finish(state, offer.by.opponent, ResultKind(offer.level), EndReason.RESIGNED)


def _finish(state: GameState, winner: Side, kind: ResultKind, reason: EndReason) -> GameState:
    points = score_game(kind, state.cube, state.rules, money=state.money)
    if reason is EndReason.PASSED:
        points = state.cube.value
    result = GameResult(winner, kind, state.cube.value, points, reason)
    return replace(state, phase=Phase.OVER, result=result, paused=None)


# -- helpers ---------------------------------------------------------------------------
