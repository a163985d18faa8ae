"""A chain of outlines past a pyramid's reach counts as a fanned stack only when most of its
steps are a fanned stack's (vision.checkers.fanned.chain_count): a flat row with one stray
outline between two checkers is none (own IMG_63052, a row of six read 11, looked at when
the rule was made)."""

from __future__ import annotations

import numpy as np

from vision.checkers.fanned import chain_count


def test_an_uneven_chain_past_a_pyramid_is_no_fanned_stack() -> None:
    d, pitch, half = 35.8, 40.5, 240
    # Six checkers a pitch apart, a logo's ring read as an outline between the third and fourth.
    row = np.array([19.0, 59.0, 99.0, 110.0, 141.0, 182.0, 224.0])
    assert chain_count(row, d, pitch, half) is None
    # Eight fanned at 0.8 d from the edge: counted by their step.
    fanned = np.array([19.0, 47.0, 76.0, 106.0, 134.0, 164.0, 193.0, 223.0])
    assert chain_count(fanned, d, pitch, half) == 8
