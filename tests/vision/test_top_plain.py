"""A die called cocked and read 2-4 or unread reads 1 where the face a lone top pip makes is
plainly one face and every other face its pips fit straddles a lit edge (vision.top_plain, after
vision.top_relook in the reader)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cocked_view import CameraView
from vision.dice import DieReading
from vision.top_plain import plain_one, plain_ones

_CORNERS = ((200.0, 150.0), (1080.0, 150.0), (1040.0, 760.0), (240.0, 760.0))
_SIZE = (1280, 960)
_DIE = 30.0
_AT = (600.0, 400.0)


def _frame(pips: list[tuple[int, int]], side: bool) -> np.ndarray:
    """A board-brown frame, a light die face at ``_AT`` and (``side``) a darker side face
    below it, with dark ``pips``."""
    img = np.full((_SIZE[1], _SIZE[0], 3), (40, 70, 110), np.uint8)
    cv2.rectangle(img, (585, 385), (615, 415), (225, 225, 225), -1)
    if side:
        cv2.rectangle(img, (585, 416), (615, 430), (130, 130, 130), -1)
    for c in pips:
        cv2.circle(img, c, 3, (30, 30, 30), -1)
    return img


def _near(pips: list[tuple[int, int]]) -> tuple[tuple[float, float, float], ...]:
    return tuple((float(x), float(y), 3.0) for x, y in pips)


def _die(value: int | None, state: str, pips: list[tuple[int, int]]) -> DieReading:
    return DieReading(value, (585, 385, 615, 430), _AT, state, 0.9, _DIE, near=_near(pips))


def test_plain_top_reads_a_cocked_one_read_with_a_side_faces_pip() -> None:
    """A top 1 beside a side face's pip (a 2's diagonal apart) is read 1: the 1's face is one
    plain face, the 2's straddles the edge to the darker side face. State and confidence
    stay; a die called flat is not asked."""
    pips = [(600, 400), (610, 422)]
    img = _frame(pips, side=True)
    for value in (None, 2, 3, 4):
        (out,) = plain_ones(img, [_die(value, "cocked", pips)], _CORNERS, _DIE)
        assert (out.value, out.state, out.confidence) == (1, "cocked", 0.9)
    assert plain_ones(img, [_die(2, "flat", pips)], _CORNERS, _DIE)[0].value == 2
    assert plain_ones(img, [_die(5, "cocked", pips)], _CORNERS, _DIE)[0].value == 5


def test_plain_top_leaves_a_real_two_and_a_lone_pip() -> None:
    """A 2 on one evenly lit face stays 2 (the 1's face round either pip runs off the die);
    a lone pip, with no other face to weigh it against, reads nothing."""
    two = [(593, 393), (607, 407)]
    img = _frame(two, side=False)
    assert plain_ones(img, [_die(2, "cocked", two)], _CORNERS, _DIE)[0].value == 2
    view = CameraView.from_corners(_CORNERS, _SIZE, _DIE).at(_AT)
    assert plain_one(img, _near(two), view) is None
    assert plain_one(_frame([(600, 400)], side=True), _near([(600, 400)]), view) is None
