"""Dice-only photos: a pip too small for the read size is found by a closer look round the
face's fragment (vision.face_relook), and the face fitted whole (vision.face_refit)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import find_dice
from vision.synth.piece_faces import PIP_LAYOUT


def _die(img: np.ndarray, value: int, x: float, small: float | None = None) -> None:
    """A blue face 48 px wide at (x, 150) with white pips of radius 3.2 px; the first pip
    of radius ``small`` if given (drawn at 1/8 px)."""
    h = 24.0
    cv2.rectangle(
        img, (round(x - h), round(150 - h)), (round(x + h), round(150 + h)), (190, 110, 30), -1
    )
    for k, (u, v) in enumerate(PIP_LAYOUT[value]):
        c = (round((x + u * 0.55 * h) * 8), round((150 + v * 0.55 * h) * 8))
        r = small if small is not None and k == 0 else 3.2
        cv2.circle(img, c, round(r * 8), (245, 245, 245), -1, cv2.LINE_AA, 3)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_four_whose_small_pip_the_read_size_misses_is_read(seed: int) -> None:
    # 1600 px wide: read at 0.625, where the 4's first pip (1.8 px, 1.1 read px) is not
    # found; its other three make no face and were left unread. Seen 2.5x finer round them,
    # the fourth pip is found and the 4 fits whole.
    rng = np.random.default_rng(seed)
    img = np.full((300, 1600, 3), (40, 80, 120), np.uint8)
    img += rng.integers(0, 10, img.shape, dtype=np.uint8)
    for value, x in ((5, 150), (4, 400), (6, 650), (3, 900)):
        _die(img, value, x)
    _die(img, 4, 1200, small=1.8)
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    assert [(d.value, round(d.centre[0])) for d in found] == [
        (5, 150),
        (4, 400),
        (6, 650),
        (3, 900),
        (4, 1200),
    ]
