"""A lone pip refused in the pip grey gets a second look in luma (vision.lone_luma)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice import find_dice
from vision.lone_luma import luma_window, remeasure
from vision.pip_groups import make_group
from vision.pips import Pip


def _scene() -> np.ndarray:
    """A white die's 1 beside a yellow die's 3 with dark pips on green felt: in the pip grey
    the yellow face is ~100 darker than the white, in luma ~40 (within the 50 a 1's face may
    differ from the photo's face pips of its kind)."""
    img = np.full((200, 200, 3), (60, 130, 60), np.uint8)
    cv2.rectangle(img, (80, 80), (120, 120), (235, 235, 235), -1)
    cv2.circle(img, (100, 100), 3, (30, 30, 30), -1)
    cv2.rectangle(img, (20, 140), (60, 180), (60, 215, 235), -1)
    for k in (-1, 0, 1):
        cv2.circle(img, (40 + 11 * k, 160 + 11 * k), 4, (30, 30, 30), -1)
    return cv2.GaussianBlur(img, (3, 3), 0.8)


def test_white_one_beside_yellow_dice_is_found() -> None:
    dice = sorted((d.value, round(d.centre[0])) for d in find_dice(_scene(), die_size_px=40.0))
    assert dice == [(1, 100), (3, 40)]


def test_remeasure_drops_a_spot_that_is_no_pip_in_luma() -> None:
    flat = np.full((60, 60), 200, np.uint8)
    p = Pip(30.0, 30.0, 4.0, True, 100.0, 200.0, 100.0, 0.9)
    assert remeasure(flat, [p]) == []


def test_luma_window_is_the_enlarged_luma_round_each_try() -> None:
    rng = np.random.default_rng(7)
    luma = cv2.GaussianBlur(rng.integers(0, 255, (120, 160), dtype=np.uint8), (5, 5), 1.5)
    f = 1.7
    full = cv2.resize(luma, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    lone = make_group([Pip(150.0, 90.0, 3.0, True, 0.0, 0.0, 0.0, 0.9)], 20.0)
    win = luma_window(luma, f, full.shape, [lone], [])
    box = (slice(60, 120), slice(120, 180))
    assert np.abs(win[box].astype(int) - full[box].astype(int)).max() <= 1
    assert not win[:20, :20].any()  # away from the try: not computed
