"""The canonical top-down board: its geometry, a found board (``BoardFix``) and the warp to it."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.warp import warp_perspective

CANON_W = 1200
CANON_H = 900
WHITE_HOMES = ("bottom-right", "bottom-left", "top-right", "top-left")


@dataclass(frozen=True)
class BoardGeometry:
    """Canonical top-down layout: 24 point columns, a central bar, fixed size.

    ``column`` 0-11 runs left to right along one long edge; ``row`` is "top" or "bottom".

    >>> g = BoardGeometry(bar_frac=0.0)
    >>> g.column_span(0)
    (0.0, 100.0)
    """

    width: int = CANON_W
    height: int = CANON_H
    bar_frac: float = 0.06

    @property
    def half_width(self) -> float:
        return self.width * (1.0 - self.bar_frac) / 2.0

    @property
    def point_width(self) -> float:
        return self.half_width / 6.0

    @property
    def bar_span(self) -> tuple[float, float]:
        return self.half_width, self.width - self.half_width

    def column_span(self, column: int) -> tuple[float, float]:
        if not 0 <= column < 12:
            raise ValueError(f"column must be 0-11, got {column}")
        pw = self.point_width
        x0 = column * pw if column < 6 else self.width - self.half_width + (column - 6) * pw
        return float(x0), float(x0 + pw)

    def point_cell(self, index: int, white_home: str) -> tuple[int, str]:
        """(column, row) of entry ``index`` (0 = white's point 1) for a given ``white_home``."""
        if not 0 <= index < 24:
            raise ValueError(f"point index must be 0-23, got {index}")
        if white_home not in WHITE_HOMES:
            raise ValueError(f"white_home must be one of {WHITE_HOMES}, got {white_home!r}")
        # Layout for white_home == bottom-right, then mirrored.
        if index < 12:
            column, row = 11 - index, "bottom"
        else:
            column, row = index - 12, "top"
        if white_home.endswith("left"):
            column = 11 - column
        if white_home.startswith("top"):
            row = "top" if row == "bottom" else "bottom"
        return column, row

    def point_index(self, column: int, row: str, white_home: str) -> int:
        for i in range(24):
            if self.point_cell(i, white_home) == (column, row):
                return i
        raise ValueError(f"no point at column {column}, row {row!r}")


@dataclass(frozen=True)
class BoardFix:
    """Where the playing area is in one image.

    ``corners``: TL, TR, BR, BL in image pixels; ``homography``: 3x3 image -> canonical, row-major;
    ``method``: "markers" or "frame"; ``score``: pattern score (higher = more board-like).
    ``margin`` (marker-free search): how much better the chosen quad's layout fit is than that
    of the best other quad the search rated whose corners lie half a point or more away; a
    small margin means the search could not tell two placements apart (1.0: no rival). With
    markers: 1.0, or 0.0 when a hidden marker's corner was guessed and does not line up.
    """

    corners: tuple[tuple[float, float], ...]
    homography: tuple[float, ...]
    method: str
    score: float
    bar_frac: float
    margin: float = 1.0

    @property
    def matrix(self) -> np.ndarray:
        return np.array(self.homography, dtype=np.float64).reshape(3, 3)

    @property
    def geometry(self) -> BoardGeometry:
        return BoardGeometry(bar_frac=self.bar_frac)


def map_point(homography: np.ndarray, point: tuple[float, float]) -> np.ndarray:
    """One (x, y) point through ``homography``: its (x, y) there, float64.

    >>> map_point(np.diag([2.0, 3.0, 1.0]), (1.0, 1.0)).tolist()
    [2.0, 3.0]
    """
    mapped = cv2.perspectiveTransform(np.array([[point]], np.float64), homography)
    return np.asarray(mapped[0, 0], np.float64)


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four points ordered TL, TR, BR, BL (clockwise in image coordinates)."""
    pts = np.asarray(points, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen (y down), starting near -pi (left)
    start = int(np.argmin(pts.sum(axis=1)))
    return np.roll(pts, -start, axis=0)


def homography_for(corners: np.ndarray, width: int = CANON_W, height: int = CANON_H) -> np.ndarray:
    src = np.asarray(corners, dtype=np.float32).reshape(4, 2)
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def rectify(
    image: np.ndarray, homography: np.ndarray, width: int = CANON_W, height: int = CANON_H
) -> np.ndarray:
    """Warp ``image`` to the canonical board (``homography`` maps to a CANON_W x CANON_H board).

    A smaller ``width``/``height`` gives the same board at a lower resolution.
    """
    h = np.asarray(homography, dtype=np.float64).reshape(3, 3)
    if (width, height) != (CANON_W, CANON_H):
        h = np.diag([width / CANON_W, height / CANON_H, 1.0]) @ h
    return warp_perspective(image, h, (width, height))  # OpenCV's pixels, faster in colour


def make_fix(
    corners: np.ndarray, method: str, score: float, bar_frac: float, margin: float = 1.0
) -> BoardFix:
    c = order_corners(corners)
    h = homography_for(c)
    return BoardFix(
        corners=tuple((float(x), float(y)) for x, y in c),
        homography=tuple(float(v) for v in h.ravel()),
        method=method,
        score=float(score),
        bar_frac=float(bar_frac),
        margin=float(margin),
    )


SEARCH_WIDTH = 960  # the board search works on a copy at most this wide


def search_view(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The image at the board search's working size (at most ``SEARCH_WIDTH`` px wide: the
    same answer for a fraction of the memory traffic), its grey version, and the scale."""
    h, w = image.shape[:2]
    scale = min(1.0, SEARCH_WIDTH / max(h, w))
    small = (
        image
        if scale == 1.0
        else cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    )
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
    return small, grey, scale
