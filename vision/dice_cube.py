"""Die readings that are the doubling cube's face: left to the cube, not believed as dice.

The cube's numeral (the 2 of a 2, the 1 and 6 of a 16) is two or three bold blobs that the
pip finder takes for a die's pips: board given, renders, such a phantom was read at 1.0 and,
its box avoided by :func:`vision.cube.find_cube`, hid the cube as well (IMG_0058, IMG_43317).
Two things tell it from a die: its "pips" are large for the calibrated die (median radius
0.112-0.119 of the die side, against 0.076 median and 0.117 at most for dice read: only ~1% of
dice reach ``_BIG_PIP``), and the cube's own face reader names a number on it clearly
(0.81-0.93, where dice with large pips read 0.71 at most and all dice read 0.73 at most:
IMG_43201-43600, IMG_37201-37600, IMG_31801-32200, /tmp/train, dev, IMG_31001-31200).
Both must hold; only the few readings with large pips are read as a cube (~2-6 ms each).

::

    dice = left_to_cube(dice, frame, homography, BoardGeometry(), die_px=30.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.board.geometry import BoardGeometry
from vision.cube_face import read_cube_face
from vision.dice import DieReading
from vision.pip_groups import median

_BIG_PIP = 0.1  # a reading's median pip radius, in die sides, from which it may be the cube's
_CUBE_SIDE = 0.55 / 0.92  # the cube's side in point widths (~22 mm on a ~40 mm point)
_CUBE_READ = 0.78  # the cube face reader's score on it from which it is the cube's numeral


def left_to_cube(
    readings: Sequence[DieReading],
    frame: np.ndarray,
    homography: np.ndarray,
    geometry: BoardGeometry,
    die_px: float,
) -> list[DieReading]:
    """``readings`` (frame pixels) without those that are the cube's face: a value read from
    pips of median radius ``_BIG_PIP`` die sides (``die_px``, frame pixels) or more, where
    :func:`vision.cube_face.read_cube_face` (``homography`` frame -> canonical pixels of
    ``geometry``) names a number at ``_CUBE_READ`` or better.  Unread faces
    stay (they are not believed, and their pips keep the cube finder off them).

    >>> left_to_cube([], np.zeros((90, 120, 3), np.uint8), np.eye(3), BoardGeometry(), 30.0)
    []
    """
    cube_px = _CUBE_SIDE * geometry.point_width  # as vision.cube.find_cube sizes it
    out = []
    for r in readings:
        if r.value is not None and r.pips and _big_pips(r.pips, die_px):
            at = cv2.perspectiveTransform(np.array([[r.centre]], np.float64), homography)[0, 0]
            face = read_cube_face(frame, homography, (float(at[0]), float(at[1])), cube_px)
            if face.value is not None and face.score >= _CUBE_READ:
                continue
        out.append(r)
    return out


def _big_pips(pips: Sequence[tuple[float, float, float]], die_px: float) -> bool:
    """Whether the pips' median radius is ``_BIG_PIP`` die sides or more."""
    return median([p[2] for p in pips]) >= _BIG_PIP * die_px
