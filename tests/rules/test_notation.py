"""GNU Backgammon move notation, both ways."""

from __future__ import annotations

import pytest

from rules.play import IllegalMove, Move, NotationError, Play
from rules.position import BAR, OFF, Position

from .helpers import position


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("24/18 13/11", [(24, 18, False), (13, 11, False)]),
        ("bar/22*", [(BAR, 22, True)]),
        ("6/off", [(6, OFF, False)]),
        ("8/5(2)", [(8, 5, False), (8, 5, False)]),
        ("13/7*/1", [(13, 7, True), (7, 1, False)]),
        ("24/13", [(24, 13, False)]),
        ("25/20 BAR/21", [(BAR, 20, False), (BAR, 21, False)]),
    ],
)
def test_parse_notation(text: str, moves: list[tuple[int, int, bool]]) -> None:
    assert [(m.from_point, m.to_point, m.hit) for m in Play.parse(text).moves] == moves


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("24/18 13-11", "13-11"),
        ("24/18 13/", "13/"),
        ("18/24", "18/24"),
        ("26/20", "26/20"),
        ("8/5(9)", "8/5(9)"),
        ("off/3", "off/3"),
        ("6/bar", "6/bar"),
        ("24/18 x/y", "x/y"),
    ],
)
def test_parse_errors_name_the_offending_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as info:
        Play.parse(text)
    assert token in str(info.value) or token.split("/")[0] in str(info.value)


def test_format_joins_one_checkers_moves_and_counts_repeats() -> None:
    assert str(Play((Move(24, 18), Move(18, 13)))) == "24/13"
    assert str(Play((Move(24, 18, True), Move(18, 13)))) == "24/18*/13"
    assert str(Play((Move(8, 5), Move(6, 5), Move(8, 5), Move(6, 5)))) == "8/5(2) 6/5(2)"
    assert str(Play((Move(BAR, 22, True),))) == "bar/22*"
    assert str(Play((Move(6, OFF), Move(4, OFF)))) == "6/off 4/off"
    assert str(Play(())) == ""


def test_empty_notation_is_the_empty_play() -> None:
    assert Play.parse("") == Play(())


def test_apply_moves_checkers_and_hits() -> None:
    pos = position({24: 2, 6: 13}, {5: 1, 6: 14})
    result = pos.apply(Play.parse("24/20 6/5"))
    assert result.us[20] == 1 and result.them[BAR] == 1 and result.them[5] == 0


def test_apply_refuses_a_closed_point_and_a_missing_checker() -> None:
    start = Position.start()
    with pytest.raises(IllegalMove, match="closed point"):
        start.apply(Play.parse("24/19"))
    with pytest.raises(IllegalMove, match="no white checker on point 23"):
        start.apply(Play.parse("23/20"))
