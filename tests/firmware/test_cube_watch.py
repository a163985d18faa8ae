"""The camera's cube against the match's: a notice, said once, that never blocks play
(firmware.cube_watch)."""

from __future__ import annotations

from dataclasses import replace

from firmware.events import Kind
from rules.cube import Cube
from rules.play import Play
from rules.side import Side
from vision.observation import CubeReading, Observation

from .observations import die, seen
from .test_referee import START, black_to_roll, kinds, opened


def _with_cube(obs: Observation, location: str, value: int | None) -> Observation:
    return replace(obs, cube=CubeReading(location, value, 0.9))


def test_a_seen_cube_that_disagrees_with_the_match_is_noticed_once() -> None:
    ref = opened(3, 1)
    moving = seen(START.apply(Play.parse("8/5")), (die(3), die(1)))
    events = ref.observe(_with_cube(moving, "black", 2))  # the match's cube is centred
    assert kinds(events) == [Kind.MOVING, Kind.CUBE]  # play goes on: the notice follows
    assert "on black's side on 2" in events[1].message and "centred on 64" in events[1].message
    assert ref.match.cube == Cube()  # only the players' commands change the cube
    assert kinds(ref.observe(_with_cube(moving, "black", 2))) == []  # said once
    assert kinds(ref.observe(_with_cube(moving, "black", None))) == []  # unread: not compared
    assert kinds(ref.observe(_with_cube(moving, "centre", 64))) == []  # agrees
    assert kinds(ref.observe(_with_cube(moving, "black", 2)))[-1] is Kind.CUBE  # said again


def test_an_unread_or_unseen_cube_is_not_compared() -> None:
    ref = opened(3, 1)
    moving = seen(START.apply(Play.parse("8/5")), (die(3), die(1)))
    assert Kind.CUBE not in kinds(ref.observe(_with_cube(moving, "white", None)))
    assert Kind.CUBE not in kinds(ref.observe(moving))


def test_after_a_take_the_cube_is_looked_for_on_the_taker_s_side() -> None:
    ref, after = black_to_roll()
    ref.command("double", "black")
    # While the double is offered the cube is in hand: nothing is compared.
    assert Kind.CUBE not in kinds(ref.observe(_with_cube(seen(after), "centre", 2)))
    ref.command("take", "white")
    assert ref.match.cube == Cube(2, Side.WHITE)
    assert Kind.CUBE not in kinds(ref.observe(_with_cube(seen(after), "white", 2)))
    events = ref.observe(_with_cube(seen(after), "black", 2))
    assert kinds(events)[-1] is Kind.CUBE and "on white's side on 2" in events[-1].message
