"""A short side's missing checker the seen points leave goes to its doubted row whose next slot
a die covers (vision.checkers.seen_many.under_dice), not onto a seen point past what the cue
sees there."""

from __future__ import annotations

import numpy as np
import pytest

from vision.checkers.seen_many import seen_many, under_dice
from vision.checkers.short_side import fill_short
from vision.checkers.slot_model import PointSlots


def _board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """White 15; black 11 (four missing): a believed 2 on point 13 (outside its home), a
    believed 5 on point 24, a doubted 1 on point 1 and a doubted empty point 19 coloured black
    (IMG_77482's picture: a black 3 on point 19 read empty, a black 2 on point 1 read 1, its
    second checker under a die)."""
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[11] = 5, 5, 5
    black[0], black[12], black[23] = 1, 2, 5
    black[6] = 3
    conf = [1.0] * 24
    conf[0] = conf[18] = 0.5
    likes: list[bool | None] = [None] * 24
    likes[18] = True
    return white, black, conf, likes


def _cue(seen: dict[int, float]):
    return lambda i: seen.get(i, 0.02)


def test_under_dice_takes_the_checker_the_seen_points_leave() -> None:
    white, black, conf, likes = _board()
    past = {18: 2}  # the cue sees point 19's edge slot and the two past it: three
    fill_short(
        white,
        black,
        0,
        0,
        conf,
        likes,
        _cue({18: 0.5}),
        more=lambda i, _: past.get(i, 0),
        hidden=lambda i, slot: i == 0 and slot == 1,
    )
    assert (black[0], black[18]) == (2, 3)
    assert conf[0] == conf[18] == 0.5  # still for the players to confirm


def test_without_a_covered_slot_the_seen_points_take_only_what_the_cue_sees() -> None:
    white, black, conf, likes = _board()
    cue = (_cue({18: 0.5}), lambda i, _: 2 if i == 18 else 0)
    hidden = lambda i, slot: False  # noqa: E731
    assert seen_many(black, white, 4, conf, likes, cue, True, True, hidden=hidden) == {}
    # With the die: the row under it takes the one left.
    on_row = lambda i, slot: i == 0 and slot == 1  # noqa: E731
    assert seen_many(black, white, 4, conf, likes, cue, True, True, hidden=on_row) == {18: 3, 0: 1}


def test_under_dice_only_where_a_tall_stack_would_take_the_rest() -> None:
    # Three or more missing and none borne off (the side holds its fifteen): as the one doubted
    # tall stack would.  The side's one doubted tall stack still takes them first, and one or
    # two missing are left to fill_short's own choices (a seen point and a doubted stack).
    white, black, conf, likes = _board()
    cue = (_cue({18: 0.5}), lambda i, _: 2 if i == 18 else 0)
    on_row = lambda i, slot: i == 0 and slot == 1  # noqa: E731
    assert seen_many(black, white, 4, conf, likes, cue, True, hidden=on_row) == {}  # unproven
    conf[23] = 0.5  # point 24's 5 doubted: the tall stack
    assert seen_many(black, white, 4, conf, likes, cue, True, True, hidden=on_row) == {
        18: 3,
        23: 1,
    }
    white, black, conf, likes = _board()
    black[6] = 5  # two missing: one for the seen point, one left
    cue = (_cue({18: 0.5}), lambda i, _: 0)
    assert seen_many(black, white, 2, conf, likes, cue, True, True, hidden=on_row) == {}


@pytest.mark.parametrize(
    ("what", "count", "liked", "believed"),
    [
        ("believed", 1, None, True),
        ("an empty point coloured like the other set", 0, False, False),
        ("a row of five", 5, None, False),
    ],
)
def test_under_dice_only_a_doubted_short_row_of_the_side(
    what: str, count: int, liked: bool | None, believed: bool
) -> None:
    white, black, conf, likes = _board()
    black[0], likes[0], conf[0] = count, liked, 1.0 if believed else 0.5
    hidden = lambda i, slot: i == 0  # noqa: E731
    assert under_dice(black, white, conf, likes, True, hidden) == [], what


def test_under_dice_two_covered_rows_for_one_missing_move_nothing() -> None:
    white, black, conf, likes = _board()
    black[2], conf[2] = 1, 0.5  # a second doubted row under a die
    cue = (_cue({18: 0.5}), lambda i, _: 2 if i == 18 else 0)
    hidden = lambda i, slot: i in (0, 2) and slot == 1  # noqa: E731
    assert seen_many(black, white, 4, conf, likes, cue, True, True, hidden=hidden) == {}


def test_under_dice_covered_reads_the_slot_window_clear_of_dice() -> None:
    d, pitch = 20.0, 20.0
    care = np.ones((24, 120, 4), dtype=bool)
    care[0, 25:40] = False  # a die over point 1's second slot (its window 20-40)
    slots = PointSlots([], care, np.zeros(3), [], (d, pitch, 5, 5), {i: i for i in range(24)}, [])
    assert slots.covered(0, 1)
    assert not slots.covered(0, 0)
    assert not slots.covered(1, 1)
    assert not slots.covered(0, 5)  # past the slots the cue reads
