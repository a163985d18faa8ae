"""One test per rule of the doubling cube."""

from __future__ import annotations

import pytest

from rules.actions import ActionRefused, Double, PickUp, Roll, Take
from rules.cube import Cube, EndReason, Rules
from rules.game import GameState, Phase, advance
from rules.match import Match, Score
from rules.side import Side
from tests.rules.match_helpers import play_first_legal, sides, white_to_roll, win_by_resignation

W, B = Side.WHITE, Side.BLACK


def _black_to_roll(length: int = 7, rules: Rules | None = None) -> Match:
    m = Match(length, rules) if length else Match.money(rules)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    return m


def test_cube_starts_centred_at_one_shown_as_64() -> None:
    m = Match(5)
    assert m.cube == Cube(1, None)
    assert m.cube.face == 64 and Cube(2, W).face == 2


def test_either_player_may_make_the_first_double() -> None:
    for first in (W, B):
        m = Match(7)
        m.opening_roll(3, 1) if first is B else m.opening_roll(1, 3)
        m.move("8/5 6/5")
        m.double(by=first)
        assert m.phase is Phase.DOUBLED and m.decider is first.opponent


def test_only_the_cube_owner_may_redouble() -> None:
    m = _black_to_roll()
    m.double(by=B)
    m.take(by=W)
    m.roll(6, 4)
    m.move("24/18 13/9")
    m.roll(2, 1)
    m.move("13/11 6/5")
    with pytest.raises(ActionRefused, match="white owns the cube"):
        m.double(by=B)
    m.roll(5, 2)
    m.move("13/8 13/11")
    m.double(by=W)  # the owner redoubles
    assert m.phase is Phase.DOUBLED


def test_take_gives_the_cube_to_the_taker_at_twice_the_value() -> None:
    m = _black_to_roll()
    m.double()
    m.take()
    assert m.cube == Cube(2, W)
    assert m.turn is B and m.phase is Phase.TO_ROLL  # the doubler now rolls


def test_pass_gives_the_doubler_the_current_value() -> None:
    m = _black_to_roll()
    m.double()
    m.take()
    m.roll(6, 4)
    m.move("24/18 13/9")
    m.double(by=W)  # redouble to 4
    m.pass_(by=B)
    result = m.games[-1].result
    assert (result.winner, result.points, result.reason) == (W, 2, EndReason.PASSED)
    assert m.score == Score(2, 0)


def test_drop_is_another_name_for_pass() -> None:
    m = _black_to_roll()
    m.double()
    m.drop()
    assert m.score == Score(0, 1)


def test_cube_can_only_be_turned_before_rolling() -> None:
    m = _black_to_roll()
    m.roll(6, 4)
    with pytest.raises(ActionRefused, match="the cube can only be turned before rolling"):
        m.double()
    m.play("24/18 13/9")
    with pytest.raises(ActionRefused, match="the cube can only be turned before rolling"):
        m.double()


def test_cube_has_no_upper_limit() -> None:
    m = _black_to_roll(0)
    for n in range(1, 10):
        doubler = m.turn
        m.double()
        m.take()
        assert m.cube == Cube(2**n, doubler.opponent if doubler else None)
        m.roll(2, 1)
        play_first_legal(m)
    assert m.cube.value == 512 and m.cube.face == 512


def test_double_must_be_answered_before_anything_else() -> None:
    m = _black_to_roll()
    m.double()
    with pytest.raises(ActionRefused, match="white must first take or pass"):
        m.roll(3, 3)
    with pytest.raises(ActionRefused, match="white must act, not black"):
        m.take(by=B)


def test_beaver_taker_redoubles_at_once_and_keeps_the_cube() -> None:
    m = _black_to_roll(0, Rules(beavers=True))
    m.double(by=B)
    m.beaver(by=W)
    assert (m.cube, m.phase, m.decider) == (Cube(2, W), Phase.DOUBLED, B)
    with pytest.raises(ActionRefused, match="no raccoons"):
        m.beaver(by=B)
    m.take(by=B)
    assert m.cube == Cube(4, W)
    assert m.turn is B and m.phase is Phase.TO_ROLL


def test_passing_a_beaver_loses_twice_the_value() -> None:
    m = _black_to_roll(0, Rules(beavers=True))
    m.double(by=B)
    m.beaver(by=W)
    m.pass_(by=B)
    assert m.score == Score(2, 0)


def test_beavers_are_refused_in_match_play() -> None:
    with pytest.raises(ValueError, match="beavers apply to money play only"):
        Match(5, Rules(beavers=True))
    m = _black_to_roll(5)
    m.double()
    with pytest.raises(ActionRefused, match="beavers are for money play only"):
        m.beaver()


def test_beavers_only_when_allowed() -> None:
    m = _black_to_roll(0)
    m.double()
    with pytest.raises(ActionRefused, match="not allowed"):
        m.beaver()


def test_a_player_who_cannot_move_can_still_double() -> None:
    closed = sides(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    state = GameState.new(position=white_to_roll(sides(bar=1, p6=5, p8=3, p13=6), closed))
    state = advance(state, Double())
    state = advance(state, Take())
    assert state.cube == Cube(2, B)
    state = advance(advance(state, Roll((5, 5))), PickUp())  # dances
    assert state.turn is B


def test_no_doubling_in_the_crawford_game() -> None:
    m = Match(3)
    win_by_resignation(m, W, 2)  # white reaches 2 = N-1
    assert m.is_crawford
    m.opening_roll(1, 3)
    m.move("8/5 6/5")
    with pytest.raises(ActionRefused, match="no doubling in the Crawford game"):
        m.double()
