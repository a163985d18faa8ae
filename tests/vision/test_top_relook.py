"""A die called cocked and still read 1-3 or unread after the lattice has its pips sought again
in a closer look, and reads the 5 or 6 they fit on a top's lattice (vision.top_relook, after
vision.top_lattice in the reader)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.cocked_view import CameraView
from vision.dice import DieReading
from vision.dice_tilt import TiltCues
from vision.top_relook import relook_tops, relook_value

_CORNERS = ((200.0, 150.0), (1080.0, 150.0), (1040.0, 760.0), (240.0, 760.0))
_SIZE = (1280, 960)
_DIE = 30.0
_AT = (600.0, 400.0)
_FIVE = [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)]
_THREE = [(-1, -1), (0, 0), (1, 1)]


def _frame(layout: list[tuple[int, int]]) -> np.ndarray:
    """A board-brown frame with a light die face at ``_AT`` showing ``layout``'s dark pips."""
    img = np.full((_SIZE[1], _SIZE[0], 3), (40, 70, 110), np.uint8)
    x, y = _AT
    h = _DIE / 2
    cv2.rectangle(img, (int(x - h), int(y - h)), (int(x + h), int(y + h)), (225, 225, 225), -1)
    for i, j in layout:
        c = (int(round(x + 0.25 * _DIE * i)), int(round(y + 0.25 * _DIE * j)))
        cv2.circle(img, c, 3, (30, 30, 30), -1)
    return img


def _die(value: int | None, state: str) -> DieReading:
    tilt = TiltCues(*([0.0] * len(TiltCues.__dataclass_fields__)))
    return DieReading(value, (585, 385, 615, 415), _AT, state, 0.9, _DIE, tilt=tilt)


def test_relook_reads_a_five_the_finder_left_unread_on_a_cocked_die() -> None:
    """A die called cocked, unread or read 1-3, whose face shows a 5 read again is read 5,
    its state and confidence kept."""
    img = _frame(_FIVE)
    for value in (None, 1, 3):
        (out,) = relook_tops(img, [_die(value, "cocked")], _CORNERS, _DIE)
        assert (out.value, out.state, out.confidence) == (5, "cocked", 0.9)


def test_relook_leaves_flat_dice_big_reads_and_small_faces_alone() -> None:
    """A die called flat, or read 4-6, is not looked at; a face of 3 pips reads nothing (the
    lattice reads only 5s and 6s); a frame with no pips reads nothing."""
    five = _frame(_FIVE)
    assert relook_tops(five, [_die(None, "flat")], _CORNERS, _DIE)[0].value is None
    assert relook_tops(five, [_die(4, "cocked")], _CORNERS, _DIE)[0].value == 4
    assert relook_tops(_frame(_THREE), [_die(None, "cocked")], _CORNERS, _DIE)[0].value is None
    view = CameraView.from_corners(_CORNERS, _SIZE, _DIE).at(_AT)
    assert relook_value(_frame([]), _AT, _DIE, view) is None
    no_cues = replace(_die(None, "cocked"), tilt=None)  # another finder's reading
    assert relook_tops(five, [no_cues], _CORNERS, _DIE)[0].value is None
