"""A lone pip off its face's middle (a 2 whose other pip was lost) is no 1: unread."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice import find_dice
from vision.lone_centre import off_centre


def _scene(shift: int) -> np.ndarray:
    """A blue die (60 px) on a brown table with one white pip ``shift`` px off its middle
    along the diagonal, and a blue 3 beside it (a face of several pips for the photo)."""
    img = np.full((300, 400, 3), (40, 90, 150), np.uint8)
    cv2.rectangle(img, (100, 100), (160, 160), (190, 110, 30), -1)
    cv2.circle(img, (130 + shift, 130 + shift), 5, (250, 250, 250), -1, cv2.LINE_AA)
    cv2.rectangle(img, (250, 100), (310, 160), (190, 110, 30), -1)
    for k in (-1, 0, 1):
        cv2.circle(img, (280 + 17 * k, 130 + 17 * k), 5, (250, 250, 250), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(img, (3, 3), 0)


def _value_at(img: np.ndarray, x: float, y: float) -> int | None:
    near = [d for d in find_dice(img) if abs(d.centre[0] - x) < 10 and abs(d.centre[1] - y) < 10]
    assert len(near) == 1
    return near[0].value


def test_centred_pip_is_a_one() -> None:
    assert _value_at(_scene(0), 130, 130) == 1


def test_corner_pip_is_left_unread() -> None:
    assert _value_at(_scene(16), 146, 146) is None


def test_off_centre_sees_the_table_on_one_side() -> None:
    img = _scene(0)
    assert not off_centre(img, 130.0, 130.0, 5.0, 60.0)
    assert off_centre(img, 146.0, 146.0, 5.0, 60.0)


def test_points_outside_the_frame_do_not_count() -> None:
    img = np.full((40, 40, 3), (190, 110, 30), np.uint8)
    img[18:23, 0:5] = 255
    assert not off_centre(img, 2.0, 20.0, 2.5, 40.0)
