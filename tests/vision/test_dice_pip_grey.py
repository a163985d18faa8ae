"""With a board, pips are sought in luma less half the chroma (vision.face_colour.pip_grey):
a coloured die's light pips, small and blurred, stand out from its body there and not in luma
alone; a white die's dark pips keep their grey."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.test_dice import draw_die
from vision.dice import find_dice
from vision.face_colour import pip_grey


def _blurred_dice(body: tuple[int, int, int], pip: tuple[int, int, int]) -> np.ndarray:
    """A 2, a 4 and a 5 drawn at 44 px on a brown table, halved, blurred (sigma 1.5 px) and
    with sensor noise: dice of 22 px, as small and soft as the renders' faintest."""
    img = np.full((200, 400, 3), (60, 90, 120), np.uint8)
    for k, v in enumerate((2, 4, 5)):
        draw_die(img, v, (70 + 130 * k, 100), 44, 20, face=body, pip=pip)
    small = cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 1.5)
    rng = np.random.default_rng(1)
    noisy: np.ndarray = np.clip(small + rng.normal(0, 4, small.shape), 0, 255)
    return noisy.astype(np.uint8)


def _values(img: np.ndarray) -> list[int | None]:
    return [d.value for d in sorted(find_dice(img, die_size_px=22), key=lambda d: d.centre[0])]


def test_a_green_dies_blurred_white_pips_are_found_with_a_board() -> None:
    img = _blurred_dice((40, 150, 60), (235, 235, 235))
    assert _values(img) == [2, 4, 5]  # luma alone found none of them


def test_a_white_dies_dark_pips_keep_their_grey() -> None:
    img = _blurred_dice((235, 235, 230), (25, 25, 25))
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    off = np.abs(pip_grey(img, grey).astype(int) - grey)[40:60, 25:45]  # the 2's face
    assert np.median(off) <= 5  # the noise's chroma only
    assert _values(img) == [2, 4, 5]
