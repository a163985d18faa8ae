"""A lone checker read in the other set's colour goes back to its side when the totals' trim
empties its point and that side is short by as many (vision.checkers.other_set)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.other_set import trimmed_to_other

SURE = 0.65


def _sides() -> tuple[list[int], list[int]]:
    """White 14 with a checker outside its home (point 13); black 15."""
    white, black = [0] * 24, [0] * 24
    white[0], white[5], white[12] = 8, 5, 1
    black[23], black[18], black[11] = 9, 4, 2
    return white, black


def test_a_lone_checker_read_in_the_other_sets_colour_goes_back_to_its_side() -> None:
    white, black = _sides()
    before = (list(white), list(black))
    before[1][7] = 1  # black read 16 with a lone checker on point 8, trimmed off it
    conf = [1.0] * 24
    conf[7] = 0.4
    trimmed_to_other(white, black, before, (0, 0), conf)
    assert (white[7], black[7], sum(white), conf[7]) == (1, 0, 15, 0.4)


def test_the_trim_stays_when_the_other_side_is_whole_or_short_by_another_number() -> None:
    for white_on_13, trimmed in ((2, 1), (1, 2), (0, 1)):
        white, black = _sides()
        white[12] = white_on_13  # 15; 14 with two trimmed; 13 with none outside home (off)
        before = (list(white), list(black))
        before[1][7] = trimmed
        conf = [1.0] * 24
        trimmed_to_other(white, black, before, (0, 0), conf)
        assert white[7] == 0


def test_a_white_lone_checker_read_black_is_white_doubted() -> None:
    # Own IMG_67008: white's lone checker on point 23 read black (0.23), black then 16; the
    # trim emptied it and white's fill gave its missing one to its 11 on point 13.
    counts, board = _count_given(67007)
    assert board["white"][22] == 1
    assert (counts.white[22], counts.black[22]) == (1, 0)
    assert counts.point_confidence[22] < SURE
    assert counts.white[12] == board["white"][12] == 11
