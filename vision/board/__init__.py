"""Find the playing area and map it to a canonical top-down board.

The canonical board is the playing area (both halves and the bar between them, inside the frame)
warped to ``geometry.width x geometry.height`` pixels (1200x900), in the same orientation as the
image: canonical top-left is the playing area's corner nearest the image's top-left.  Points are
12 equal columns per long edge, 6 each side of a central bar of ``bar_frac`` of the width.

Two ways to find it:

- printed ArUco markers (``DICT_4X4_50``, ids 0-3 clockwise from the playing area's top-left
  corner, each stuck just outside its corner with the marker's inner corner touching the
  playing-area corner; ``scripts/make-markers`` prints the sheet into ``hardware/markers/``):
  ``vision.board.markers``;
- marker-free: quadrilateral candidates from the board's contours (the whole area, or two halves
  joined across the bar), scored by how well the point columns line up with the triangle edges
  (``vision.board.layout``; the search: ``vision.board.frame``), then refined corner by corner
  on the column alignment and side by side onto nearby straight edges (``vision.board.sides``),
  and last moved whole point columns where its short sides lie on the points or inside the
  frame, or refined again a column over (or shifted whole columns) where a short side lies on
  the points (``vision.board.ends``).

::

    fix = find_board(image)                  # BoardFix or None
    top_down = rectify(image, fix.homography, BoardGeometry(bar_frac=fix.bar_frac))
"""

from __future__ import annotations

import numpy as np

from vision.board.frame import find_board_frame
from vision.board.geometry import (
    CANON_H,
    CANON_W,
    WHITE_HOMES,
    BoardFix,
    BoardGeometry,
    homography_for,
    map_point,
    order_corners,
    rectify,
)
from vision.board.layout import (
    MIN_LAYOUT_FIT,
    MIN_PATTERN_SCORE,
    FastFit,
    layout_fit,
    pattern_score,
)
from vision.board.markers import ARUCO_DICT, MARKER_IDS, detect_markers, find_board_markers
from vision.board.sides import side_searches

__all__ = [
    "ARUCO_DICT",
    "CANON_H",
    "CANON_W",
    "MARKER_IDS",
    "MIN_LAYOUT_FIT",
    "MIN_PATTERN_SCORE",
    "WHITE_HOMES",
    "BoardFix",
    "BoardGeometry",
    "FastFit",
    "detect_markers",
    "find_board",
    "find_board_frame",
    "find_board_markers",
    "homography_for",
    "layout_fit",
    "map_point",
    "order_corners",
    "pattern_score",
    "rectify",
    "side_searches",
]


def find_board(image: np.ndarray, *, markers: bool = True, frame: bool = True) -> BoardFix | None:
    """Markers first (exact and cheap), then the marker-free search."""
    if markers:
        fix = find_board_markers(image)
        if fix is not None:
            return fix
    if frame:
        return find_board_frame(image)
    return None
