"""A fanned stack whose outlines step evenly, off the half-pitch grid of a pyramid's slots and
gaps, is counted by its step (fanned 8-13 were read as pyramids of 11, or short)."""

from __future__ import annotations

import numpy as np

from vision.checkers.fanned import even_step_count
from vision.checkers.model import Cell
from vision.checkers.stacks import cell_checkers


def test_an_even_step_off_the_half_pitch_grid_counts_a_fanned_stack() -> None:
    assert even_step_count(np.arange(9) * 0.56) == 9
    # Thirteen at 0.37 pitch, three outlines lost: the fundamental step, not a third of it.
    t = np.delete(np.arange(13) * 0.37, [2, 3, 9])
    assert even_step_count(t) == 13
    # A stray outline among eight at 0.71 is left out of the fit.
    assert even_step_count(np.append(np.arange(8) * 0.71, 1.75)) == 8


def test_a_pyramid_or_a_row_is_no_even_fanned_step() -> None:
    pyramid = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0])
    assert even_step_count(pyramid) is None
    assert even_step_count(pyramid + 0.12) is None  # the edge registered a little off
    assert even_step_count(np.arange(5, dtype=float)) is None  # a row of five
    # A chain that starts far from the edge is no stack from it.
    assert even_step_count(1.2 + np.arange(8) * 0.56) is None


def _circles(cell: Cell, h: int, d: float, pitch: float, t: np.ndarray) -> np.ndarray:
    x = (cell.x0 + cell.x1) / 2.0
    along = 0.5 * d + t * pitch
    y = along if cell.top else h - 1 - along
    return np.array([[x, v, d / 2] for v in y], np.float32)


def _outlines_counted(t: np.ndarray) -> int:
    """Checkers counted on a top point (pitch 41, checkers 40 wide) from outlines alone, at
    ``t`` pitches from its edge: no colour, no difference from the board."""
    cell, h, half, d, pitch = Cell(0, True, 0, 45), 448, 224, 40.0, 41.0
    circles = _circles(cell, h, d, pitch, t)
    strip = np.zeros((half, 45, 3), np.float32)
    diff = np.zeros((half, 45), bool)
    return len(
        cell_checkers(cell, strip, diff, circles, 0.0, pitch, d, h, half, sure=circles, raw=circles)
    )


def test_a_stack_fanned_at_a_bit_over_half_a_pitch_is_not_read_as_a_pyramid() -> None:
    # Eight fanned at 0.575 pitch: its outlines fall near slots and gaps at first.
    assert _outlines_counted(np.arange(8) * 0.575) == 8


def test_the_step_is_fitted_to_the_outlines_as_found_not_as_shifted_to_the_slot_grid() -> None:
    # A fanned eight whose edge checker shows no outline: its outlines near slots (1.16, 2.90,
    # 4.06) shift the grid, which brings the rest nearer a pyramid's slots and gaps.
    t = np.array([0.58, 1.16, 1.74, 2.32, 2.90, 3.48, 4.06])
    assert _outlines_counted(t) == 8


def test_a_row_of_five_with_colour_past_it_is_not_read_as_a_fanned_six() -> None:
    # Five outlines, one a slot up to the fifth, and a colour run past five slots (a shadow, a
    # neighbour's colour): a row of five, where the profile's period read a fanned six.
    from tests.vision.test_checkers_tall import _strip

    cell, h, half, d, pitch = Cell(0, True, 0, 45), 448, 224, 40.0, 41.0
    diff = np.zeros((half, 45), bool)
    row = _circles(cell, h, d, pitch, np.arange(5.0))
    strip = _strip(half, 45, d, pitch, 5)
    found = cell_checkers(cell, strip, diff, row, 5.5 * pitch, pitch, d, h, half, sure=row, raw=row)
    assert len(found) == 5
    # A six fanned to the middle (outlines at 0.9 pitch, the last past a row's fifth) still is.
    step = (half - d) / 5
    fan = _circles(cell, h, d, pitch, np.arange(6) * step / pitch)
    strip = _strip(half, 45, d, step, 6)
    found = cell_checkers(cell, strip, diff, fan, float(half), pitch, d, h, half, sure=fan, raw=fan)
    assert len(found) == 6
