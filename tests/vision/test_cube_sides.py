"""An unread die reading beside a found cube is the cube's side face (vision.cube_sides)."""

from __future__ import annotations

import numpy as np

from vision.board import BoardGeometry
from vision.cube_sides import off_cube_sides
from vision.dice import DieReading
from vision.dice_cube import _CUBE_SIDE
from vision.observation import CubeReading

_GEO = BoardGeometry()
_SIDE = _CUBE_SIDE * _GEO.point_width  # the cube's side, canonical pixels


def _reading(value: int | None, x: float) -> DieReading:
    return DieReading(value, (int(x) - 10, 90, int(x) + 10, 110), (x, 100.0), "flat", 1.0, 20.0)


def test_an_unread_reading_beside_the_cube_is_dropped_a_read_or_far_one_kept() -> None:
    cube = CubeReading("centre", None, 0.8, (300.0, 100.0))  # found, its number not read
    side = _reading(None, 300.0 + 1.3 * _SIDE)  # a side face's numeral, left unread
    leaning = _reading(4, 300.0 + 1.2 * _SIDE)  # a die against the cube, read
    far = _reading(None, 300.0 + 2.0 * _SIDE)  # an unread die two cube sides off
    kept = off_cube_sides([side, leaning, far], cube, np.eye(3), _GEO)
    assert kept == [leaning, far]


def test_no_cube_found_keeps_every_reading() -> None:
    near = _reading(None, 310.0)
    assert off_cube_sides([near], None, np.eye(3), _GEO) == [near]
    unplaced = CubeReading("centre", None, 0.5, None)
    assert off_cube_sides([near], unplaced, np.eye(3), _GEO) == [near]


def test_the_reach_is_taken_through_the_homography() -> None:
    """The frame is the canonical board scaled by 2: a reading 1.3 cube sides off on the
    board lies 2.6 cube sides off in the frame, and is still the cube's."""
    h = np.diag([0.5, 0.5, 1.0])  # frame -> canonical
    cube = CubeReading("centre", 2, 0.9, (300.0, 100.0))
    side = DieReading(None, (0, 0, 1, 1), (2 * (300.0 + 1.3 * _SIDE), 200.0), "flat", 1.0, 40.0)
    assert off_cube_sides([side], cube, h, _GEO) == []
