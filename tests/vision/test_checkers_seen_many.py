"""A side short of 15 gets its missing checkers on the doubted empty points of its colour that
the learned cue sees a checker on, before a doubted tall stack swallows them
(vision.checkers.seen_many, called first by short_side.fill_short)."""

from __future__ import annotations

import pytest

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.seen_many import SEEN, seen_many
from vision.checkers.short_side import fill_short

SURE = 0.65


def _board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """White 15; black 10: a believed 2 on point 13 (outside its home), a doubted 5 on point
    19; points 1 and 17 doubted empty, their edge slots coloured black."""
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[11] = 5, 5, 5
    black[12], black[18], black[23] = 2, 5, 3
    conf = [1.0] * 24
    conf[18] = conf[0] = conf[16] = 0.5
    likes: list[bool | None] = [None] * 24
    likes[0] = likes[16] = True
    return white, black, conf, likes


def _cue(seen: dict[int, float]):
    return lambda i: seen.get(i, 0.02)


def test_the_seen_points_take_the_missing_checkers_not_the_tall_stack() -> None:
    # Five missing: a pair on point 1 and three on point 17 (IMG_65447's picture), each seen
    # on its edge slot and past it; before, the doubted 5 on point 19 took all five.
    white, black, conf, likes = _board()
    past = {0: 1, 16: 2}
    fill_short(
        white, black, 0, 0, conf, likes, _cue({0: 0.84, 16: 0.61}), more=lambda i, _: past[i]
    )
    assert (black[0], black[16], black[18]) == (2, 3, 5)
    assert conf[0] == conf[16] == 0.5  # still for the players to confirm


def test_the_rest_goes_to_the_one_doubted_tall_stack_only_when_none_are_off() -> None:
    white, black, conf, likes = _board()
    cue = (_cue({0: 0.8}), lambda i, _: 0)
    assert seen_many(black, white, 5, conf, likes, cue, True) == {}  # it may have borne off
    assert seen_many(black, white, 5, conf, likes, cue, True, proven=True) == {0: 1, 18: 4}


@pytest.mark.parametrize(
    ("what", "cue", "liked", "believed"),
    [
        ("the cue under SEEN", SEEN - 0.05, True, False),
        ("coloured like the other set", 0.9, False, False),
        ("coloured like neither set", 0.9, None, False),
        ("believed empty", 0.9, True, True),
    ],
)
def test_only_a_doubted_point_of_the_sides_colour_the_cue_sees_is_taken(
    what: str, cue: float, liked: bool | None, believed: bool
) -> None:
    white, black, conf, likes = _board()
    likes[0], likes[16] = liked, None
    conf[0] = 1.0 if believed else 0.5
    assert seen_many(black, white, 1, conf, likes, (_cue({0: cue}), None), True) == {}, what


def test_more_seen_than_missing_moves_nothing() -> None:
    white, black, conf, likes = _board()
    seen = _cue({0: 0.9, 16: 0.9})
    assert seen_many(black, white, 1, conf, likes, (seen, lambda i, _: 0), True) == {}


@pytest.mark.parametrize(
    ("index", "point", "stack"),
    [
        (
            70051,
            2,
            2,
        ),  # a black pair and a lone one read empty: before, point 24's doubted 5 took both
        (70168, 21, 3),  # a black three read empty beside a doubted 5: before, left unread
    ],
)
def test_a_seen_dark_set_read_empty_gets_its_checkers(index: int, point: int, stack: int) -> None:
    counts, board = _count_given(index)
    assert board["black"][point - 1] == stack
    assert counts.black[point - 1] == stack
    assert counts.point_confidence[point - 1] < SURE


def test_a_doubted_row_the_cue_sees_going_on_takes_the_missing_checkers() -> None:
    # Black 13: a doubted 1 on point 17 whose next two slots the cue sees checkers on (a dark
    # three read one), beside the doubted 5 on point 19: the row takes both, not the stack.
    white, black, conf, likes = _board()
    black[16], conf[16], likes[16] = 1, 0.5, None
    black[23] = 5
    past = {16: 2}

    def going(i: int, least: float, first: int) -> int:
        return past.get(i, 0) if first == black[i] else 0

    fill_short(white, black, 0, 0, conf, likes, _cue({}), more=lambda i, _: 0, past=going)
    assert (black[16], black[18]) == (3, 5)
    assert conf[16] == 0.5
    # The cue sees nothing past it: the row keeps its count.
    past[16] = 0
    black[16] = 1
    assert seen_many(black, white, 2, conf, likes, (_cue({}), None), True, past=going) == {}


@pytest.mark.parametrize(
    ("index", "point", "row", "stack_point", "stack"),
    [
        (68803, 12, 5, 19, 5),  # a black 5 read 1 (the cue saw four past it); point 19 made 9
        (68988, 1, 2, 19, 6),  # a black 2 read 1; point 19's doubted 6 made 7
    ],
)
def test_a_row_going_on_gets_its_checkers_not_the_tall_stack(
    index: int, point: int, row: int, stack_point: int, stack: int
) -> None:
    counts, board = _count_given(index)
    assert board["black"][point - 1] == row
    assert counts.black[point - 1] == row
    assert counts.black[stack_point - 1] == board["black"][stack_point - 1] == stack
    assert counts.point_confidence[point - 1] < SURE
