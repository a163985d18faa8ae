"""Die readings that lie on a board-sheet ArUco marker: no die, dropped.

A marker's white bits inside its black border are pip-sized light or dark squares, and the pip
finder can link three or four of them into a face (board given, renders: a marker read as a 4 at
1.0, unseen31 IMG_40093). The markers sit just outside the playing area's corners, so only
readings outside the playing area are looked at: the marker detector is run on a window of a few
die sides round each (~2-5 ms a window; most frames have no such reading), and a reading whose
centre lies inside a detected marker's square is no die. A real die cannot lie on a marker that
is still detected: it would hide the marker's bits.

::

    dice = off_markers(dice, grey, homography, BoardGeometry(), die_px=30.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import cv2
import numpy as np

from vision.board.geometry import BoardGeometry, map_point
from vision.board.markers import ARUCO_DICT, MARKER_IDS
from vision.dice import DieReading

# Half the window searched round a reading, in die sides: a marker (18-36 mm, up to ~2.3 die
# sides) holding the reading's centre anywhere, with its white border, fits in it.
_WINDOW_HALF = 2.75
_MIN_PERIMETER = 0.5  # a marker candidate's perimeter, at least, over the window's larger side


def off_markers(
    readings: Sequence[DieReading],
    grey: np.ndarray,
    homography: np.ndarray,
    geometry: BoardGeometry,
    die_px: float,
) -> list[DieReading]:
    """``readings`` (frame pixels) without those whose centre lies on an ArUco marker
    (``vision.board.markers.detect_markers``) outside the playing area (``homography``: frame
    -> canonical pixels of ``geometry``; ``die_px``: the die side in frame pixels).

    >>> off_markers([], np.zeros((90, 120), np.uint8), np.eye(3), BoardGeometry(), 30.0)
    []
    """
    out = []
    h, w = grey.shape[:2]
    half = _WINDOW_HALF * die_px
    for r in readings:
        at = map_point(homography, r.centre)
        inside = 0.0 <= at[0] <= geometry.width and 0.0 <= at[1] <= geometry.height
        if not inside:
            cx, cy = r.centre
            x0, y0 = max(0, int(cx - half)), max(0, int(cy - half))
            x1, y1 = min(w, int(cx + half) + 1), min(h, int(cy + half) + 1)
            if x1 - x0 > 8 and y1 - y0 > 8 and _on_marker(grey[y0:y1, x0:x1], cx - x0, cy - y0):
                continue
        out.append(r)
    return out


def _on_marker(window: np.ndarray, x: float, y: float) -> bool:
    """Whether (x, y) lies inside a board-sheet marker detected in ``window``."""
    corners, ids, _ = _detector().detectMarkers(window)
    for quad, i in zip(corners, () if ids is None else ids.ravel(), strict=False):
        at = (float(x), float(y))
        if int(i) in MARKER_IDS and cv2.pointPolygonTest(quad.reshape(4, 2), at, False) >= 0:
            return True
    return False


@lru_cache(maxsize=1)
def _detector() -> cv2.aruco.ArucoDetector:
    """The marker detector, its candidates no smaller than a marker can be in the window (its
    perimeter over half the window's side, ~0.7 die sides: the small squares of a textured
    table, many and slow to decode, are not looked at)."""
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = _MIN_PERIMETER
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICT), params)
