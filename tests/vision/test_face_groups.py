"""vision.face_groups: which pips are linked as one face."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.face_groups import LINK_R, link_pips
from vision.pips import Pip


def _two(blur: bool, edge: bool) -> tuple[np.ndarray, list[Pip]]:
    """A light face with two dark pips drawn 7 px in radius, measured 4.5 (a webcam's blurred
    pips: matteop65 two_27's 2, its pips' ink 7 px out, read as two 1s); ``edge``: a dark
    line between them half way (two dice touching)."""
    img = np.full((120, 120), 60, np.uint8)
    cv2.rectangle(img, (20, 20), (100, 100), 190, -1)
    a, b = (45.0, 70.0), (75.0, 50.0)
    for x, y in (a, b):
        cv2.circle(img, (round(x), round(y)), 7, 35, -1)
    if edge:
        cv2.line(img, (40, 40), (80, 80), 60, 2)
    if blur:
        img = cv2.GaussianBlur(img, (0, 0), 1.2)
    return img, [Pip(x, y, 4.5, True, 155.0, 190.0, 35.0, 0.85) for x, y in (a, b)]


@pytest.mark.parametrize("blur", [False, True])
def test_pips_whose_ink_runs_past_their_radius_are_linked(blur: bool) -> None:
    img, pips = _two(blur, edge=False)
    assert sorted(map(sorted, link_pips(img, pips, LINK_R))) == [[0, 1]]


def test_a_line_between_pips_still_keeps_them_apart() -> None:
    img, pips = _two(False, edge=True)
    assert sorted(map(sorted, link_pips(img, pips, LINK_R))) == [[0], [1]]
