"""A pyramid's outlines lie on slots and the gaps between, half a pitch apart, up to the fifth
slot: a colour run past five slots over them is no fanned stack (own renders: a pyramid of 12
read as a fanned 6 from its profile's period)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_even_step import _circles
from tests.vision.test_checkers_tall import _strip
from vision.checkers.fanned import pyramid_grid
from vision.checkers.model import Cell
from vision.checkers.stacks import cell_checkers


def test_slot_and_gap_outlines_to_the_fifth_slot_are_a_pyramids() -> None:
    assert pyramid_grid(np.array([0.0, 0.4, 0.95, 1.45, 1.9, 3.5, 3.9]))
    assert pyramid_grid(np.array([0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]) + 0.1)


def test_rows_fanned_stacks_and_outlines_past_the_fifth_are_not() -> None:
    assert not pyramid_grid(np.arange(5.0))  # a row: no gap outlines
    assert not pyramid_grid(np.arange(9) * 0.56)  # fanned evenly off the half-pitch grid
    assert not pyramid_grid(np.arange(11) * 0.5)  # fanned at half a pitch, past the fifth
    assert not pyramid_grid(np.array([0.0, 0.5, 1.0, 1.5]))  # too few to tell
    assert not pyramid_grid(1.5 + np.arange(6) * 0.5)  # not from the edge


def test_a_pyramid_with_colour_past_five_slots_is_not_read_as_fanned() -> None:
    cell, h, half, d, pitch = Cell(0, True, 0, 45), 448, 224, 40.0, 41.0
    diff = np.zeros((half, 45), bool)
    t = np.array([0.0, 0.4, 0.95, 1.45, 1.9, 3.5, 3.9])
    circles = _circles(cell, h, d, pitch, t)
    strip = _strip(half, 45, d, pitch, 5)
    found = cell_checkers(
        cell, strip, diff, circles, 5.5 * pitch, pitch, d, h, half, sure=circles, raw=circles
    )
    assert len(found) >= 9  # a first layer of five with checkers on top, not a fanned six
