"""vision.dice: a side face seen obliquely does not set what the photo's dice look like."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import find_dice


@pytest.mark.parametrize("side_grey", [150, 160, 165])
def test_a_one_beside_its_shaded_side_face_is_read(side_grey: int) -> None:
    # A flat 1 near the frame's edge: its side face shows, shaded and with flatter pips (a
    # 2, pips 0.67 round). Taken as the photo's reference face, its grey (70+ off the top
    # face's) threw out the 1's lone pip, and the side face was read as a 2.
    rng = np.random.default_rng(side_grey)
    img = np.full((240, 240, 3), 70, np.uint8)
    img += rng.integers(0, 8, img.shape, dtype=np.uint8)
    cv2.rectangle(img, (85, 60), (155, 130), (235, 235, 230), -1)
    cv2.rectangle(img, (85, 133), (155, 163), (side_grey,) * 3, -1)  # past an edge
    cv2.circle(img, (120, 95), 6, (25, 25, 25), -1, cv2.LINE_AA)
    for x, y in ((100, 146), (140, 150)):
        cv2.ellipse(img, (x, y), (6, 4), 0, 0, 360, (25, 25, 25), -1, cv2.LINE_AA)
    found = find_dice(img, die_size_px=70)
    assert [(d.value, round(d.centre[1])) for d in found] == [(1, 95)]


@pytest.mark.parametrize("axes", [(4.0, 2.5), (3.5, 2.5)])
def test_a_four_does_not_take_in_its_side_face_pips(axes: tuple[float, float]) -> None:
    # A 4 whose side face shows below it, soft-edged: its two small flat pips line up with
    # the 4's columns, and the six make a 6's layout. Pips that far apart in size and
    # roundness are two faces: the top face is read, a 4.
    rng = np.random.default_rng(5)
    img: np.ndarray = np.full((240, 240, 3), 70, np.uint8)
    img += rng.integers(0, 8, img.shape, dtype=np.uint8)
    cv2.rectangle(img, (90, 70), (150, 130), (235, 235, 230), -1)
    cv2.rectangle(img, (90, 131), (150, 150), (215, 215, 215), -1)  # side face
    ax = (round(axes[0] * 16), round(axes[1] * 16))
    for x in (107, 133):
        for y in (87, 113):
            cv2.circle(img, (x, y), 5, (25, 25, 25), -1, cv2.LINE_AA)
        cv2.ellipse(img, (x * 16, 140 * 16), ax, 0, 0, 360, (60, 60, 60), -1, cv2.LINE_AA, 4)
    img = cv2.GaussianBlur(img, (3, 3), 0)
    found = find_dice(img, die_size_px=60)
    assert [(d.value, round(d.centre[1])) for d in found] == [(4, 100)]
