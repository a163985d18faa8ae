"""Checkers beside dice, on rendered scenes with a die placed on a point (seeded)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.checker_scenes import rectified
from vision.checkers import WORK_H, WORK_W, count_checkers
from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render
from vision.synth.geometry import BoardGeometry
from vision.synth.spec import DieSpec

# Canonical board pixels (the homography's) to the working image's.
_TO_WORK = np.diag([WORK_W / 1200.0, WORK_H / 900.0, 1.0])


def _die_on_the_six_point(style: str, home: str, seed: int, row: int, state: str):
    """White's 6 point holding ``row`` checkers, a 3 on its fourth slot (past a row of three,
    or on a row of four's last checker); the die's box in working pixels."""
    white, black = [0] * 24, [0] * 24
    white[5], white[12] = row, 15 - row
    black[0], black[11], black[18] = 2, 8, 5
    position = Position(tuple(white), tuple(black))
    x, y = BoardGeometry().checker_spot(5, home, 3)
    spec = SceneSpec(
        style=style,
        white_home=home,
        position=position,
        markers=True,
        dice=(DieSpec(3, state, "white_right", position=(x, y), yaw_deg=10.0),),
        camera=CameraSpec(distance_mm=750, tilt_deg=6.0, tilt_azimuth_deg=200.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.5),
    )
    image, labels = render(spec, np.random.default_rng(seed))
    rect, fix, shape, _ = rectified(image)
    x0, y0, x1, y1 = labels["dice"][0]["bbox"]
    corners = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float64)
    work = cv2.perspectiveTransform(corners, _TO_WORK @ fix.matrix).reshape(4, 2)
    box = (*work.min(axis=0), *work.max(axis=0))
    return count_checkers(rect, fix.geometry, home, shape=shape, ignore=(box,))


@pytest.mark.parametrize(
    "style,home",
    [("light", "bottom-right"), ("paper", "top-left"), ("tournament_green", "bottom-right")],
)
def test_a_die_past_a_row_is_no_checker(style: str, home: str) -> None:
    # The die's edges and shadow make a checker-sized outline on the slot past the row (each of
    # these read 4, the light board's at 0.95); round the die the disc shows the board.
    counts = _die_on_the_six_point(style, home, 1, 3, "flat")
    assert counts.white[5] == 3
    assert counts.point_confidence[5] <= 0.5


@pytest.mark.parametrize("style,home", [("light", "bottom-right"), ("paper", "top-left")])
def test_a_die_on_a_rows_last_checker_keeps_it(style: str, home: str) -> None:
    # Round a die lying on the checker, the disc shows the checker's own colour.
    counts = _die_on_the_six_point(style, home, 1, 4, "on_checker")
    assert counts.white[5] == 4
