"""A lone pip off its face's middle (a 2 whose other pip was lost) is no 1: unread."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice import find_dice
from vision.lone_centre import off_centre, paired
from vision.pips import Pip


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


def _pip(x: float, y: float, round_: float = 0.8, r: float = 3.0, contrast: float = 80.0) -> Pip:
    return Pip(x, y, r, False, contrast, 150.0, 150.0 + contrast, round_)


def test_a_lone_pip_with_a_like_pip_a_twos_diagonal_away_is_no_one() -> None:
    """fudw's marbled 2s read as 1s: the other pip was found but the link left it out (no
    clean face between them). A like pip that no face took, 1.2-1.7 half face sides away (a
    2's diagonal), makes the lone pip no 1; a pip two half sides away or more (another die's),
    one counted on a face, a flat spot (a side face's) or one much less round is no such pair."""
    lone = _pip(50.0, 50.0)
    half = 11.0
    two = _pip(62.0, 62.0, 0.7, contrast=70.0)  # 17 px: 1.54 half sides
    assert paired(lone, [lone, two], set(), half)
    assert not paired(lone, [lone, _pip(66.0, 66.0)], set(), half)  # 2.06: another die
    assert not paired(lone, [lone, two], {(62.0, 62.0)}, half)  # counted on a face
    assert not paired(lone, [lone, _pip(62.0, 62.0, 0.3)], set(), half)  # a flat spot
    assert not paired(lone, [lone, _pip(62.0, 62.0, 0.5)], set(), half)  # 0.3 less round
    assert not paired(lone, [lone, _pip(62.0, 62.0, r=5.0)], set(), half)  # another size
    assert not paired(lone, [lone], set(), half)
