"""Shared helpers for the game/match/cube tests: set-up positions and quick game endings."""

from __future__ import annotations

from rules.cube import Cube, Rules
from rules.game import GameState
from rules.match import Match
from rules.position import Position
from rules.side import Side


def sides(**points: int) -> list[int]:
    """26 counts from keywords like ``off=14, p1=1, bar=0``."""
    counts = [0] * 26
    for key, n in points.items():
        index = {"off": 0, "bar": 25}.get(key)
        counts[index if index is not None else int(key[1:])] = n
    assert sum(counts) == 15, points
    return counts


def white_to_roll(white: list[int], black: list[int]) -> Position:
    return Position.from_sides(white, black, Side.WHITE)


def bear_off_game(
    black: list[int], rules: Rules | None = None, money: bool = False, cube: Cube | None = None
) -> GameState:
    """White to roll with 14 checkers off and one on the ace point: any roll wins."""
    pos = white_to_roll(sides(off=14, p1=1), black)
    return GameState.new(rules, money=money, position=pos, cube=cube)


def win_by_resignation(m: Match, winner: Side, level: int = 1) -> None:
    """Play a game's opening and have the loser resign ``level`` (accepted)."""
    m.opening_roll(3, 1) if winner is Side.WHITE else m.opening_roll(1, 3)
    m.resign(level, by=winner.opponent)
    m.accept_resignation(by=winner)


def play_first_legal(m: Match) -> None:
    """Play the first legal play for the dice showing and pick up."""
    plays = m.legal_plays()
    m.move(plays[0] if plays else m.position)
