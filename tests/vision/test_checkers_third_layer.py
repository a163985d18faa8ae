"""A pyramid's third layer told by rims: a checker on top shows its whole rim, a first-layer
one under two second-layer checkers only arcs at its sides (own renders: 11 read 9)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.checkers.empty_board import to_lab
from vision.checkers.layers import RimProbe, third_by_rims
from vision.checkers.model import Cell
from vision.checkers.outlines import edges_of


def _pyramid(third: int, d: float = 40.0, pitch: float = 41.0) -> tuple[np.ndarray, Cell]:
    """A top point at x 0-45 with 5 + 4 + ``third`` light checkers (dark rims), drawn from the
    bottom layer up, on a dark field."""
    img = np.full((448, 45, 3), 60, np.uint8)
    cx = 22
    spots = [k * pitch for k in range(5)] + [(j + 0.5) * pitch for j in range(4)]
    spots += [k * pitch for k in range(1, third + 1)]
    for t in spots:
        c = (cx, int(round(0.5 * d + t)))
        cv2.circle(img, c, int(0.5 * d), (200, 200, 200), -1, cv2.LINE_AA)
        cv2.circle(img, c, int(0.5 * d), (20, 20, 20), 2, cv2.LINE_AA)
    return img, Cell(0, True, 0, 45)


def test_whole_rims_on_slots_over_a_full_second_layer_count_the_third_layer() -> None:
    d, pitch = 40.0, 41.0
    t = 0.5 * d + np.arange(1, 7) * 0.5 * pitch
    for third in (0, 1, 2, 3):
        img, cell = _pyramid(third, d, pitch)
        probe = RimProbe(edges_of(to_lab(img)), (), 1.0)
        assert third_by_rims(probe.along(cell, 448, t, d)) == third


def test_close_rims_or_a_die_leave_the_third_layer_undecided() -> None:
    assert third_by_rims(np.array([3.0, 3.2, 1.0, 1.0, 1.0, 1.0])) is None
    assert third_by_rims(np.array([1.0, 6.0, np.nan, 5.0, 1.0, 1.0])) is None
    assert third_by_rims(np.array([1.0, 6.0, 1.0, 5.0, 1.0, 5.0])) == 3
    assert third_by_rims(np.array([6.0, 1.0, 6.0, 1.0, 6.0, 1.0])) == 0


def test_a_close_pair_takes_the_size_the_clear_pairs_agree_with() -> None:
    # Slot 1's rim close to gap 0's, slots 2 and 3 clearly on top: the layer fills from slot
    # 1, so three (own renders: a pyramid of 12 read 11).
    assert third_by_rims(np.array([2.9, 3.2, 1.0, 5.1, 1.0, 3.8])) == 3
    # Slot 1 clearly on top, slot 2 close, slot 3 clearly not: one or two, undecided.
    assert third_by_rims(np.array([1.0, 5.0, 3.0, 3.2, 5.0, 1.0])) is None
