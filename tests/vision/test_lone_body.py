"""Dice-only photos: a 1 on a marbled face far lighter than the photo's other faces is still
read where its face is of their hue (vision.lone_body via vision.lone_pips)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import find_dice
from vision.synth.piece_faces import PIP_LAYOUT

BLUE, PALE_BLUE, PALE_GREY = (190, 110, 30), (255, 169, 110), (180, 180, 180)


def _die(img: np.ndarray, value: int, x: float, body: tuple[int, int, int]) -> None:
    """A face 44 px wide at (x, 100) of the colour ``body`` with white pips of radius 3."""
    h = 22.0
    cv2.rectangle(img, (round(x - h), round(100 - h)), (round(x + h), round(100 + h)), body, -1)
    for u, v in PIP_LAYOUT[value]:
        c = (round(x + u * 0.55 * h), round(100 + v * 0.55 * h))
        cv2.circle(img, c, 3, (245, 245, 245), -1)


@pytest.mark.parametrize(("body", "read"), [(PALE_BLUE, True), (PALE_GREY, False)])
def test_a_lone_pip_on_a_lighter_face_of_the_dice_hue_is_a_one(
    body: tuple[int, int, int], read: bool
) -> None:
    # The 1's face is 60+ grey levels lighter than the read faces (marbling): kept where it
    # is of their blue, refused on a pale grey patch (a tray, not a die).
    rng = np.random.default_rng(0)
    img = np.full((200, 700, 3), (40, 80, 120), np.uint8)
    img += rng.integers(0, 10, img.shape, dtype=np.uint8)
    for value, x in ((5, 80), (4, 200), (6, 320), (3, 440)):
        _die(img, value, x, BLUE)
    _die(img, 1, 580, body)
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    got = [(d.value, round(d.centre[0])) for d in found]
    assert got[:4] == [(5, 80), (4, 200), (6, 320), (3, 440)]
    assert ((1, 580) in got) is read
