"""Dark stacks on a dark point: a pyramid shows no colour run and no rim but the fifth slot's,
its second layer's thin arcs on the gaps, with that fifth outline, count it (own
IMG_57801-58200: a black 9 read 1, a black 10 read 5); a fanned stack shows its colour from the
edge and its top checker's outline alone."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_even_step import _circles
from tests.vision.test_checkers_tall import _strip
from vision.checkers.layers import dark_pyramid_gaps
from vision.checkers.model import Cell
from vision.checkers.stacks import cell_checkers

CELL, H, HALF, D, PITCH = Cell(0, True, 0, 45), 448, 224, 40.0, 41.0


def _counted(sure_t: list[float], raw_t: list[float]) -> int:
    """Checkers counted on a top point with verified outlines at ``sure_t`` and unverified
    ones at ``raw_t`` (pitches from the edge slot): no colour, no difference from the board."""
    sure = _circles(CELL, H, D, PITCH, np.array(sure_t))
    raw = _circles(CELL, H, D, PITCH, np.array(raw_t))
    strip = np.zeros((HALF, 45, 3), np.float32)
    diff = np.zeros((HALF, 45), bool)
    found = cell_checkers(CELL, strip, diff, sure, 0.0, PITCH, D, H, HALF, sure=sure, raw=raw)
    return len(found)


def test_gap_arcs_and_the_fifth_slots_outline_make_a_pyramid() -> None:
    assert _counted([4.03], [1.4, 2.45, 3.48, 4.03]) >= 9


def test_the_fifth_outline_alone_or_off_grid_arcs_are_no_pyramid() -> None:
    assert _counted([4.0], [4.0]) < 5
    assert _counted([4.0], [1.25, 2.3, 4.0]) < 5  # a quarter pitch off the half-pitch grid


def test_dark_pyramid_gaps_wants_two_gaps_the_fifth_slot_and_nothing_past_it() -> None:
    t = np.array([1.5, 2.5, 4.0])
    assert dark_pyramid_gaps(0.5 * D + t * PITCH, D, PITCH) == [1, 2]
    assert dark_pyramid_gaps(0.5 * D + np.array([2.5, 4.0]) * PITCH, D, PITCH) == []  # one gap
    assert dark_pyramid_gaps(0.5 * D + np.array([1.5, 2.5, 3.5]) * PITCH, D, PITCH) == []
    past = np.array([1.5, 2.5, 4.0, 4.5])  # fanned on past the fifth slot
    assert dark_pyramid_gaps(0.5 * D + past * PITCH, D, PITCH) == []


def test_a_dark_fanned_stack_with_only_its_top_outlined_is_counted() -> None:
    # Own IMG_58007: a black 9 fanned on a dark point, a colour run from the edge with no
    # outline on it and one sure outline, its top checker's, past a pyramid's reach: read
    # empty.  Without the colour run the lone outline proves nothing.
    cell, h, half, d, pitch = Cell(0, True, 0, 45), 476, 238, 42.0, 44.0
    for n in (7, 9):
        step = (220.0 - 0.5 * d) / (n - 1)
        strip = _strip(half, 45, d, step, n)
        diff = np.zeros((half, 45), bool)
        top = _circles(cell, h, d, pitch, np.array([(220.0 - 0.5 * d) / pitch]))
        args = (strip, diff, top)
        assert len(cell_checkers(cell, *args, 132.0, pitch, d, h, half, sure=top, raw=top)) == n
        assert len(cell_checkers(cell, *args, 0.0, pitch, d, h, half, sure=top, raw=top)) == 0
