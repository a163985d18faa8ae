"""One game as an immutable state and a pure transition function.

:class:`GameState` is a frozen value; :func:`advance` returns the state after an action or
raises :class:`~rules.actions.ActionRefused` saying why the action is not allowed now. Most
callers use :class:`rules.match.Match`, which keeps the score, the log and undo on top of this.
The state's values and shared steps are in :mod:`rules.game_state`; doubles and resignations
are in :mod:`rules.game_offers`; this module holds :func:`advance`, the rolls and the plays.

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

from dataclasses import replace

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
from rules.cube import Cube, EndReason, result_kind
from rules.game_offers import answer_double, answer_resignation, offer_double, offer_resignation
from rules.game_state import (
    Event,
    EventKind,
    GameState,
    IllegalPlay,
    Phase,
    Resignation,
    check_by,
    check_turn,
    finish,
    other,
    settle_illegal,
    turn_of,
)
from rules.play import IllegalMove, NotationError, Play
from rules.position import CHECKERS, OFF, InvalidPosition, Position
from rules.side import Side

# The game's values are defined in rules.game_state; they are named here too, so callers need
# one import for a game: its state, its phases and events, and advance().
__all__ = [
    "Event",
    "EventKind",
    "GameState",
    "IllegalPlay",
    "Phase",
    "Resignation",
    "advance",
    "expect_play",
]


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
        return offer_resignation(state, action)
    if state.phase is Phase.RESIGNATION:
        if isinstance(action, AcceptResignation | DeclineResignation):
            return answer_resignation(state, action)
        raise ActionRefused("a resignation has been offered: accept or decline it first")
    if isinstance(action, AcceptResignation | DeclineResignation):
        raise ActionRefused("no resignation has been offered")
    if isinstance(action, OpeningRoll):
        return _opening_roll(state, action)
    if state.phase is Phase.OPENING:
        raise ActionRefused("the game starts with the opening roll: one die each")
    if isinstance(action, Double):
        return offer_double(state, action)
    if isinstance(action, Take | Pass | Beaver):
        return answer_double(state, action)
    if state.phase is Phase.DOUBLED:
        raise ActionRefused(f"{other(state.turn)} must first take or pass the double")
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
    turn = check_turn(state, action)
    if len(action.dice) != 2:
        raise ActionRefused(f"a roll is two dice, got {action.dice!r}")
    _check_dice(action.dice)
    state = settle_illegal(state)
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
    return check_turn(state, Roll((1, 1), by))


def position_after(
    play: Play | Position | str, before: Position, mover: Side
) -> tuple[Position, str | None]:
    """The position ``play`` (its notation, a :class:`Play` or the position it leaves) makes
    from ``before``, in ``mover``'s view, and its notation (None when given a position);
    :class:`ActionRefused` saying why when it cannot be read or made.

    >>> after, text = position_after("8/5 6/5", Position.start(Side.WHITE), Side.WHITE)
    >>> text, after.us[5]
    ('8/5 6/5', 2)
    """
    text: str | None = None
    if isinstance(play, str):
        try:
            play = Play.parse(play)
        except NotationError as exc:
            raise ActionRefused(str(exc)) from None
    if isinstance(play, Play):
        text = str(play)
        try:
            after = play.result if play.result is not None else before.apply(play)
        except IllegalMove as exc:
            raise ActionRefused(f"cannot play {play}: {exc}") from None
    else:
        after = play
    return (after if after.player is mover else after.flip()), text


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
    mover = check_turn(state, action)
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
        return finish(over, mover, kind, EndReason.BORNE_OFF)
    return replace(
        done, phase=Phase.TO_ROLL, turn=mover.opponent, position=after.flip(), illegal=illegal
    )


def _rule_on_illegal(state: GameState, action: AcceptIllegal | DemandCorrection) -> GameState:
    if state.phase is Phase.MOVED and state.moved_reason and not state.moved_accepted:
        caller = other(state.turn)
        check_by(action, caller, "ruling on an illegal play")
        if isinstance(action, AcceptIllegal):
            # Accepted before pick-up: the play stands; pick-up will not flag it again.
            event = Event(caller, EventKind.ILLEGAL_ACCEPTED, state.dice)
            return replace(state, moved_accepted=True, events=state.events + (event,))
        return replace(
            state, phase=Phase.ROLLED, moved=None, moved_play="", moved_steps=(), moved_reason=""
        )
    if state.illegal is None:
        raise ActionRefused("there is no illegal play to rule on")
    caller = turn_of(state)
    check_by(action, caller, "ruling on an illegal play")
    if isinstance(action, AcceptIllegal):
        bad = state.illegal
        if bad.after.us[OFF] == CHECKERS:  # an accepted illegal last play wins the game
            event = Event(turn_of(state), EventKind.ILLEGAL_ACCEPTED, bad.dice)
            over = replace(state, illegal=None, events=state.events + (event,))
            return finish(over, bad.mover, result_kind(bad.after.them), EndReason.BORNE_OFF)
        return settle_illegal(state)
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
