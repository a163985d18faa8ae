"""The checker circle search (outlines.hough_circles) on drawn boards."""

from __future__ import annotations

import cv2
import numpy as np

from vision.checkers.outlines import hough_circles

_DISCS = ((80, 60, 20, 40), (160, 62, 21, 200), (240, 140, 20, 150), (330, 200, 19, 137))


def _board() -> np.ndarray:
    """A mid-grey board with a triangle's edges, four checker-sized discs (dark, light, one
    only a little lighter than the board: light-on-light) and noise.  The faint disc is found
    at a vote threshold (param2) up to 18 of this noise, lost from 20."""
    rng = np.random.default_rng(3)
    img = np.full((260, 420), 128, np.uint8)
    tri = np.array([[20, 0], [60, 0], [40, 180]], np.int32)
    cv2.fillPoly(img, [tri], 90, cv2.LINE_AA)
    for x, y, r, v in _DISCS:
        cv2.circle(img, (x, y), r, v, -1, cv2.LINE_AA)
    noisy = img.astype(np.float32) + rng.normal(0, 6, img.shape)
    return np.clip(cv2.GaussianBlur(noisy, (3, 3), 0.8), 0, 255).astype(np.uint8)


def test_every_checker_outline_is_found_once_near_its_centre_and_radius() -> None:
    circles = hough_circles(_board(), 0.36 * 44, 0.52 * 44)
    for x, y, r, _ in _DISCS:
        near = circles[np.hypot(circles[:, 0] - x, circles[:, 1] - y) < 0.4 * r]
        assert len(near) == 1, (x, y, near)
        assert abs(near[0, 0] - x) <= 2 and abs(near[0, 1] - y) <= 2
        assert abs(near[0, 2] - r) <= 2
