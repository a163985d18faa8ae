"""The marker-free search: quarter boards, and how sure it is of its choice (the margin)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.board import find_board_frame
from vision.board.frame import _margin
from vision.synth import random_scene, render


def test_margin_counts_rivals_half_a_point_away_that_line_up_as_well() -> None:
    best = np.array([[0.0, 0.0], [1300.0, 0.0], [1300.0, 1000.0], [0.0, 1000.0]])
    near = best + [[20.0, 0.0]] * 4  # a fifth of a point: the same placement
    far = best.copy()
    far[1:3, 0] += 60.0  # the right side most of a point out
    assert _margin(best, 0.5, 3.0, [(0.5, best, 3.0), (0.49, near, 3.2)]) == 1.0
    # A rival the column alignment likes less: fit and alignment agree on the chosen quad.
    assert _margin(best, 0.5, 3.0, [(0.5, best, 3.0), (0.49, far, 2.9)]) == 1.0
    assert _margin(best, 0.5, 3.0, [(0.5, best, 3.0), (0.47, far, 3.1)]) == pytest.approx(0.03)


def test_a_quarter_board_that_fits_fairly_well_is_not_taken_for_the_board() -> None:
    """A rendered train scene whose best candidates were all quarter boards (one at layout fit
    0.24, above the old 0.2 at which the playing area is also sought inside the largest quad):
    the search now looks inside and finds the whole board."""
    rng = np.random.default_rng([3000, 16, 0])  # scripts/render-synthetic's train image 17
    image, labels = render(random_scene(rng, die_state_weights=(0.45, 0.45, 0.10)), rng)
    _, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])  # as the set is saved
    fix = find_board_frame(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    assert fix is not None
    true = np.asarray(labels["board"]["corners"], np.float64)
    width = float(np.linalg.norm(true[1] - true[0]))
    assert float(np.abs(np.asarray(fix.corners) - true).max()) < width / 52
