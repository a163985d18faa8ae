"""A die reading on a board-sheet ArUco marker is no die (vision.dice_markers)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board import BoardGeometry
from vision.board.markers import ARUCO_DICT
from vision.dice import DieReading
from vision.dice_markers import off_markers

_DIE = 24.0  # die side, frame pixels


def _scene() -> np.ndarray:
    """Brown wood with marker 3 (56 px, on a white sticker) at (100, 100)."""
    img = np.full((240, 320), 90, np.uint8)
    marker = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(ARUCO_DICT), 3, 56)
    img[62:138, 62:138] = 235  # the sticker's white border
    img[72:128, 72:128] = marker
    return img


def _reading(x: float, y: float) -> DieReading:
    h = _DIE / 2
    box = (int(x - h), int(y - h), int(x + h), int(y + h))
    pips = ((x - 6, y - 6, 2.0), (x + 6, y - 6, 2.0), (x - 6, y + 6, 2.0), (x + 6, y + 6, 2.0))
    return DieReading(4, box, (x, y), "flat", 1.0, _DIE, pips)


def test_a_reading_on_a_marker_outside_the_playing_area_is_dropped() -> None:
    img, geo = _scene(), BoardGeometry()
    outside = np.array([[1.0, 0.0, -400.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    on, beside = _reading(106.0, 95.0), _reading(220.0, 100.0)
    assert off_markers([on, beside], img, outside, geo, _DIE) == [beside]
    # Inside the playing area no marker is sought: a die there stays, whatever lies round it.
    assert off_markers([on], img, np.eye(3), geo, _DIE) == [on]
    # No marker to see (a die on plain wood, or one covering the marker's bits): kept.
    plain = np.full_like(img, 90)
    assert off_markers([on], plain, outside, geo, _DIE) == [on]
