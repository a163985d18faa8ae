"""Position: construction, validation, views, IDs."""

from __future__ import annotations

import pytest

from rules.position import BAR, OFF, InvalidPosition, Position
from rules.side import Side

from .helpers import counts, position


def test_start_position_is_symmetric_and_valid() -> None:
    start = Position.start()
    assert start.us == start.them
    assert start.pip_counts() == (167, 167)
    assert start.player is Side.WHITE
    assert Position.start(Side.BLACK).player is Side.BLACK


def test_not_fifteen_checkers_a_side_is_refused() -> None:
    us = list(Position.start().us)
    us[6] -= 1
    with pytest.raises(InvalidPosition, match="white has 14 checkers"):
        Position(tuple(us), Position.start().them)


def test_negative_counts_are_refused() -> None:
    us = list(Position.start().us)
    us[6] = -1
    us[OFF] = 6
    with pytest.raises(InvalidPosition, match="negative count"):
        Position(tuple(us), Position.start().them)


def test_both_colours_on_one_point_are_refused() -> None:
    with pytest.raises(InvalidPosition, match="point 6 holds both colours"):
        position({6: 15}, {19: 15})


def test_wrong_length_is_refused() -> None:
    with pytest.raises(InvalidPosition, match="26 counts"):
        Position((15,), Position.start().them)


def test_flip_swaps_sides_and_player() -> None:
    pos = position({BAR: 1, 6: 14}, {3: 15})
    flipped = pos.flip()
    assert flipped.us == pos.them and flipped.them == pos.us
    assert flipped.player is Side.BLACK
    assert flipped.flip() == pos


def test_from_sides_and_side_view() -> None:
    white, black = counts({6: 15}), counts({5: 15})
    pos = Position.from_sides(white, black, Side.BLACK)
    assert pos.us == black and pos.side(Side.WHITE) == white


def test_white_numbered_round_trip_and_mapping() -> None:
    pos = position({24: 2, 6: 13}, {2: 3, 12: 12}, Side.BLACK)
    white, black, bar, off = pos.to_white_numbered()
    # Black (on roll) has 2 on its 24 point = white's point 1 (index 0).
    assert black[0] == 2 and black[18] == 13
    assert white[1] == 3 and white[11] == 12
    assert Position.from_white_numbered(white, black, bar, off, Side.BLACK) == pos
    assert Position.from_white_numbered(white, black, bar, None, Side.BLACK) == pos


def test_from_white_numbered_refuses_bad_lengths() -> None:
    with pytest.raises(InvalidPosition, match="24 point counts"):
        Position.from_white_numbered([0] * 23, [0] * 24)


def test_position_id_of_the_start_position() -> None:
    assert Position.start().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_position_id("4HPwATDgc/ABMA") == Position.start()


def test_position_id_puts_the_side_on_roll_second() -> None:
    # Asymmetric: we have one checker on the bar; the ID must change when flipped.
    pos = position({BAR: 1, 6: 14}, {6: 15})
    assert pos.position_id() != pos.flip().position_id()
    assert Position.from_position_id(pos.position_id()) == pos


@pytest.mark.parametrize("bad", ["", "4HPwATDgc/ABM", "4HPwATDgc/AB!A", "//////////////"])
def test_malformed_position_ids_are_refused(bad: str) -> None:
    with pytest.raises(InvalidPosition):
        Position.from_position_id(bad)


def test_xgid_of_the_start_position() -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    assert Position.start().to_xgid() == xgid
    assert Position.from_xgid(xgid) == Position.start()
    black_on_roll = Position.start(Side.BLACK)
    assert Position.from_xgid(black_on_roll.to_xgid()) == black_on_roll


def test_xgid_round_trips_bar_and_borne_off() -> None:
    pos = position({BAR: 2, 3: 4}, {BAR: 1, 20: 2, 1: 3})
    assert Position.from_xgid(pos.to_xgid()) == pos
    assert Position.from_xgid(pos.flip().to_xgid()) == pos.flip()


def test_malformed_xgid_names_the_problem() -> None:
    with pytest.raises(InvalidPosition, match="26 characters"):
        Position.from_xgid("XGID=-b----E")
    with pytest.raises(InvalidPosition, match="'z'"):
        Position.from_xgid("XGID=zb----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")


def test_diagram_shows_both_sides_and_pips() -> None:
    text = Position.start().diagram()
    assert "X = white" in text and "O = black" in text and "167" in text


def test_is_over_and_contact() -> None:
    assert not Position.start().is_over()
    assert Position.start().is_contact()
    race = position({6: 15}, {6: 15})
    assert not race.is_contact()
    assert position({}, {6: 1}).is_over()
