"""A side counted at fifteen with a doubted row the learned cue sees going on past its last
checker: the row's missing checkers are its doubted bar's, or its over-read stack's
(vision.checkers.going_on.swap_going_on)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.going_on import going_on, swap_going_on


def _side() -> tuple[list[int], list[int], list[float]]:
    """White 15; black 15: a doubted 2 on point 7, a doubted 6 on point 19, a believed 7."""
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[11] = 5, 5, 5
    black[6], black[18], black[23] = 2, 6, 7
    conf = [1.0] * 24
    conf[6] = conf[18] = 0.5
    return white, black, conf


def _past(rows: dict[int, int]):
    return lambda i, least, first: rows.get(i, 0)


def test_a_row_going_on_takes_its_checker_from_the_over_read_stack() -> None:
    white, black, conf = _side()
    assert swap_going_on(white, black, (0, 0), 1.0, conf, _past({6: 1})) == (0, 0, 1.0)
    assert (black[6], black[18]) == (3, 5)
    assert conf[6] == conf[18] == 0.5


def test_a_row_going_on_takes_the_doubted_bars_checkers() -> None:
    white, black, conf = _side()
    black[18] = 5
    conf[6] = 0.2  # the row's own read weak
    assert swap_going_on(white, black, (0, 1), 0.55, conf, _past({6: 1})) == (0, 0, 0.5)
    assert (black[6], black[18]) == (3, 5)


def test_a_row_read_not_weak_leaves_the_bars_checker() -> None:
    # IMG_74476 found: a row at 0.5 going on emptied a bar whose checker was really there.
    white, black, conf = _side()
    black[18] = 5
    assert conf[6] == 0.5
    assert swap_going_on(white, black, (0, 1), 0.55, conf, _past({6: 1})) == (0, 1, 0.55)
    assert (black[6], black[18]) == (2, 5)


def test_nothing_moves_without_a_clear_giver_or_off_fifteen() -> None:
    white, black, conf = _side()
    black[18] = 5  # a stack of five keeps no spare over its first layer
    before = (list(white), list(black))
    assert swap_going_on(white, black, (0, 0), 1.0, conf, _past({6: 1})) == (0, 0, 1.0)
    assert (white, black) == before
    black[18] = 6
    conf[18] = 0.9  # a believed stack gives nothing
    swap_going_on(white, black, (0, 0), 1.0, conf, _past({6: 1}))
    assert black[6] == 2
    conf[18] = 0.5
    # A believed bar keeps its checker; a side short of fifteen is the fills' business.
    black[18] = 5
    assert swap_going_on(white, black, (0, 1), 0.9, conf, _past({6: 1})) == (0, 1, 0.9)
    black[23] = 6
    swap_going_on(white, black, (0, 0), 1.0, conf, _past({6: 1}))
    assert black[6] == 2


def test_only_doubted_rows_of_one_to_four_go_on() -> None:
    white, black, conf = _side()
    assert going_on(black, white, conf, _past({6: 1, 18: 2, 23: 1})) == {6: 1}
    assert going_on(black, white, conf, None) == {}


def test_a_rendered_row_going_on_gets_the_bars_and_the_stacks_checkers() -> None:
    # IMG_74220: a white 4 read 2 and two phantoms on the bar; IMG_74010: a black 5 read 4
    # beside a doubted 6 on point 12 (a 5), white the same on points 13 and 6.
    counts, board = _count_given(74219)
    assert counts.white[1] == board["white"][1] == 4
    assert counts.bar_white == 0
    counts, board = _count_given(74009)
    assert counts.black[18] == board["black"][18] == 5
    assert counts.black[11] == board["black"][11] == 5
    assert counts.point_confidence[18] < 0.65
