"""The cube and resignations: offering, and answering, a double or a resignation.

Transitions of :class:`~rules.game_state.GameState` that :func:`rules.game.advance` hands over;
each returns the state after the action or raises :class:`~rules.actions.ActionRefused`.

>>> from rules.actions import Double, Take
>>> from rules.game_state import GameState
>>> from rules.position import Position
>>> state = GameState.new(position=Position.start())
>>> state = offer_double(state, Double())
>>> state.phase, state.decider
(<Phase.DOUBLED: 'doubled'>, <Side.BLACK: 'black'>)
>>> answer_double(state, Take()).cube
Cube(value=2, owner=<Side.BLACK: 'black'>)
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import (
    AcceptResignation,
    ActionRefused,
    Beaver,
    DeclineResignation,
    Double,
    Pass,
    Resign,
    Take,
)
from rules.cube import Cube, EndReason, ResultKind
from rules.game_state import (
    Event,
    EventKind,
    GameState,
    Phase,
    Resignation,
    check_by,
    check_turn,
    finish,
    settle_illegal,
    turn_of,
)


def offer_double(state: GameState, action: Double) -> GameState:
    if state.phase is Phase.DOUBLED:
        raise ActionRefused("a double is already waiting for an answer")
    if state.phase is not Phase.TO_ROLL:
        raise ActionRefused("the cube can only be turned before rolling")
    doubler = check_turn(state, action)
    if state.crawford:
        raise ActionRefused("no doubling in the Crawford game")
    if not state.cube.may_double(doubler):
        raise ActionRefused(f"{state.cube.owner} owns the cube")
    state = settle_illegal(state)
    event = Event(doubler, EventKind.DOUBLE, value=state.cube.value * 2)
    return replace(state, phase=Phase.DOUBLED, events=state.events + (event,))


def answer_double(state: GameState, action: Take | Pass | Beaver) -> GameState:
    """Take, pass or beaver. After a beaver the beaverer owns the cube at twice the value and
    the redouble waits for the original doubler's take or pass (as GNU Backgammon plays it)."""
    if state.phase is not Phase.DOUBLED:
        raise ActionRefused("no double has been offered")
    answerer = state.decider
    assert answerer is not None
    offerer = answerer.opponent
    check_by(
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
    return finish(state, offerer, ResultKind.SINGLE, EndReason.PASSED)


def offer_resignation(state: GameState, action: Resign) -> GameState:
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
    by = action.by if action.by is not None else turn_of(state)
    event = Event(by, EventKind.RESIGN, value=action.level)
    return replace(
        state,
        phase=Phase.RESIGNATION,
        resignation=Resignation(by, action.level),
        paused=state,
        events=state.events + (event,),
    )


def answer_resignation(
    state: GameState, action: AcceptResignation | DeclineResignation
) -> GameState:
    offer = state.resignation
    assert offer is not None and state.paused is not None
    check_by(action, offer.by.opponent, "answering the resignation")
    if isinstance(action, DeclineResignation):
        event = Event(offer.by.opponent, EventKind.DECLINE_RESIGNATION, value=offer.level)
        return replace(state.paused, events=state.events + (event,))
    event = Event(offer.by.opponent, EventKind.ACCEPT_RESIGNATION, value=offer.level)
    state = replace(state, events=state.events + (event,))
    return finish(state, offer.by.opponent, ResultKind(offer.level), EndReason.RESIGNED)
