"""A die flat on the board read as a point's checkers is doubted (``die_board``); a flat die
whose centre lies on a counted checker's rim, not its middle, is doubted (``dice_place``)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from tests.vision.checker_scenes import die_lab
from vision.board import BoardGeometry
from vision.checkers.bar_dice import bar_discs
from vision.checkers.die_board import board_share, doubt_die_on_board
from vision.checkers.last_checker import seen_round_die
from vision.checkers.model import CheckerCounts, Found
from vision.dice_place import NEAR_DOUBT, place_die
from vision.read_outcome import point_index_at

BOARD = np.array([200.0, 128.0, 140.0], np.float32)  # a pale triangle
SET = np.array([70.0, 150.0, 150.0], np.float32)  # the row's set, dark red
DIE = np.array([245.0, 128.0, 128.0], np.float32)


def _scene(checker_under: bool) -> tuple[np.ndarray, tuple[tuple[float, float, float, float]]]:
    """A Lab image: the board, a checker (radius 20) at (50, 50) or none, a die box on it."""
    return die_lab(BOARD, SET, DIE, checker_under), ((44.0, 44.0, 56.0, 56.0),)


def _doubted(checker_under: bool) -> bool:
    lab, ignore = _scene(checker_under)
    conf = [0.9] * 24
    found = [[Found(0.0, 50.0, 50.0, (245.0, 128.0, 128.0))]] + [[] for _ in range(23)]

    def share(idx: int, f: Found, blk: bool) -> float | None:
        px = seen_round_die(lab, (f.x, f.y), 40.0, ignore, 1.0)
        return None if px is None else board_share(px, SET, [BOARD])

    doubt_die_on_board([0] * 24, [1] + [0] * 23, conf, found, share)
    return conf[0] < 0.65


def test_a_die_on_the_board_read_as_a_checker_is_doubted() -> None:
    assert _doubted(checker_under=False)


def test_a_die_on_a_real_checker_keeps_its_count_believed() -> None:
    assert not _doubted(checker_under=True)


def test_more_found_than_counted_is_left_alone() -> None:
    conf = [0.9] * 24
    row = [Found(40.0 * k, 50.0 + 40 * k, 50.0, (245.0, 128.0, 128.0)) for k in range(3)]
    found = [row] + [[] for _ in range(23)]
    doubt_die_on_board([2] + [0] * 23, [0] * 24, conf, found, lambda i, f, b: 1.0)
    assert conf[0] == 0.9


def _die_at(dx: float) -> tuple[str, float]:
    g = BoardGeometry()
    x, y = g.width * 0.8, g.height * 0.9  # a bottom point of the right half
    one = tuple(int(i == point_index_at(x, y, g, "bottom-right")) for i in range(24))
    counts = CheckerCounts(
        one, (0,) * 24, 0, 0, 14, 15, False, (0.9,) * 24, 1.0, 1.0, discs=((x, y, 30.0, 0),)
    )
    reading = SimpleNamespace(
        value=3, bbox=(0, 0, 1, 1), centre=(x + dx, y), state="flat", confidence=1.0
    )
    eye = np.eye(3)
    die = place_die(reading, eye, g, "bottom-right", counts, eye)
    return die.state, die.confidence


def test_a_die_on_a_checker_rim_is_doubted_and_one_clear_of_it_is_not() -> None:
    assert _die_at(10.0) == ("on_checker", 0.9)  # on its middle: the point's confidence
    state, conf = _die_at(30.0)  # on its rim
    assert state == "flat" and conf == NEAR_DOUBT
    assert _die_at(60.0) == ("flat", 1.0)  # beside it


def test_a_set_coloured_like_its_triangle_tells_nothing() -> None:
    px = np.array([[200.0, 128.0, 140.0]] * 4, np.float32)
    assert board_share(px, BOARD + 5, [BOARD]) == 0.0
    assert board_share(px, SET, [BOARD]) == 1.0


def test_a_die_on_a_bar_checker_lies_on_it() -> None:
    # A die on a bar checker was read flat and believed (renders IMG_60443, 60564, 60645).
    g = BoardGeometry()
    x, y = g.width / 2, g.height * 0.3  # on the bar, above its middle
    bar = CheckerCounts(
        (0,) * 24, (0,) * 24, 1, 0, 14, 15, False, (0.9,) * 24, 0.6, 1.0, bar_discs=((x, y, 30.0),)
    )
    eye = np.eye(3)
    for dx, want in (
        (5.0, ("on_checker", NEAR_DOUBT)),
        (30.0, ("flat", NEAR_DOUBT)),
        (60.0, ("flat", 1.0)),
    ):
        reading = SimpleNamespace(
            value=3, bbox=(0, 0, 1, 1), centre=(x, y + dx), state="flat", confidence=1.0
        )
        die = place_die(reading, eye, g, "bottom-right", bar, eye)
        assert (die.state, die.confidence) == want


def test_bar_discs_are_the_clear_checker_sized_bar_circles_of_a_held_bar() -> None:
    geo = BoardGeometry(width=240, height=180, bar_frac=0.08)
    # a checker's circle, a small one (the cube's), a faint one, one on a point's column, one
    # wider than a checker (a die and its shadow)
    circles = np.array(
        [[120.0, 60.0, 8.5], [120.0, 90.0, 5.0], [120, 120, 8.5], [60, 60, 8.5], [120, 30, 11]]
    )
    rims = np.array([9.0, 9.0, 1.0, 9.0, 9.0])
    assert bar_discs(circles, rims, geo, 18.0, 1.0, 1) == ((120.0, 60.0, 9.0),)
    assert bar_discs(circles, rims, geo, 18.0, 1.0, 0) == ()
