"""A pyramid's top layer, seen a checker's thickness up at the board's ends, sits nearer the
frame than its gaps: its outlines fall between the slot and gap grids, and the grid shift
took them for slots (IMG_40848 of own IMG_40801-41200: a 9 read 5)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_even_step import _outlines_counted
from vision.checkers.layers import TOP_SHIFT, top_layer_shift


def test_outlines_past_the_slots_with_the_first_slot_bare_are_laid_on_the_gaps() -> None:
    d, pitch = 40.0, 41.0
    # Gaps 1-3 drawn 0.23 pitch toward the frame, and the fifth slot's outline.
    t = np.array([1.27, 2.27, 3.27, 3.9])
    alongs = 0.5 * d + t * pitch
    fit = 0.27 * pitch
    assert top_layer_shift(alongs, fit, d, pitch) == round(fit - 0.5 * pitch, 4)
    assert _outlines_counted(t) >= 9  # five on the edge, four on top (the slots' shift: 4)


def test_a_shifted_row_or_a_small_shift_or_no_fifth_slot_keeps_the_fit() -> None:
    d, pitch = 40.0, 41.0
    fit = 0.27 * pitch
    row = 0.5 * d + np.array([0.27, 1.27, 2.27, 3.27]) * pitch  # the first slot outlined
    assert top_layer_shift(row, fit, d, pitch) == fit
    top = 0.5 * d + np.array([1.27, 2.27, 3.27]) * pitch  # no outline on the fifth slot
    assert top_layer_shift(top, fit, d, pitch) == fit
    small = (TOP_SHIFT - 0.02) * pitch  # a registration shift, under the top's
    assert top_layer_shift(top, small, d, pitch) == small
    assert _outlines_counted(np.array([1.27, 2.27, 3.27])) == 4  # as before
