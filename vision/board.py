"""Find the playing area and map it to a canonical top-down board.

The canonical board is the playing area (both halves and the bar between them, inside the frame)
warped to ``geometry.width x geometry.height`` pixels (1200x900), in the same orientation as the
image: canonical top-left is the playing area's corner nearest the image's top-left.  Points are
12 equal columns per long edge, 6 each side of a central bar of ``bar_frac`` of the width.

Two ways to find it:

- printed ArUco markers (``DICT_4X4_50``, ids 0-3 clockwise from the playing area's top-left
  corner, each stuck just outside its corner with the marker's inner corner touching the
  playing-area corner; ``scripts/make-markers`` prints the sheet into ``hardware/markers/``);
- marker-free: quadrilateral candidates from the board's contours (the whole area, or two halves
  joined across the bar), scored by how well the point columns line up with the triangle edges,
  then refined corner by corner on that score.

::

    fix = find_board(image)                  # BoardFix or None
    top_down = rectify(image, fix.homography, BoardGeometry(bar_frac=fix.bar_frac))
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CANON_W = 1200
CANON_H = 900
ARUCO_DICT = cv2.aruco.DICT_4X4_50
MARKER_IDS = (0, 1, 2, 3)
# The playing-area corner sits at (+-R, +-R) marker sides from the marker's centre: half the
# square, its white border of s/6 (sticker 1.33 s) and a ~1 mm gap, for 18-36 mm markers.
MARKER_REACH = 0.70
WHITE_HOMES = ("bottom-right", "bottom-left", "top-right", "top-left")
# Below this pattern score a candidate is not taken for a board (random texture scores ~1.0-1.5,
# real boards 2.2-3.7 on the photos and rendered scenes looked at).
MIN_PATTERN_SCORE = 1.8
_SCORE_W, _SCORE_H = 480, 360


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
    """

    corners: tuple[tuple[float, float], ...]
    homography: tuple[float, ...]
    method: str
    score: float
    bar_frac: float

    @property
    def matrix(self) -> np.ndarray:
        return np.array(self.homography, dtype=np.float64).reshape(3, 3)

    @property
    def geometry(self) -> BoardGeometry:
        return BoardGeometry(bar_frac=self.bar_frac)


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
    return cv2.warpPerspective(image, h, (width, height), flags=cv2.INTER_LINEAR)


def _make_fix(corners: np.ndarray, method: str, score: float, bar_frac: float) -> BoardFix:
    c = order_corners(corners)
    h = homography_for(c)
    return BoardFix(
        corners=tuple((float(x), float(y)) for x, y in c),
        homography=tuple(float(v) for v in h.ravel()),
        method=method,
        score=float(score),
        bar_frac=float(bar_frac),
    )


# ---------------------------------------------------------------- markers


def detect_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """Board-sheet ArUco markers in ``image``: id -> 4x2 corners (in the marker's own order)."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(grey)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for c, i in zip(corners, ids.ravel(), strict=True):
        if int(i) in MARKER_IDS and int(i) not in found:
            found[int(i)] = np.asarray(c, dtype=np.float64).reshape(4, 2)
    return found


def find_board_markers(image: np.ndarray) -> BoardFix | None:
    """The playing area from 3 or 4 corner markers (the missing 4th is completed as a
    parallelogram), or None."""
    found = detect_markers(image)
    if len(found) < 3:
        return None
    # Marker k is a sticker diagonally outside playing-area corner k: printed square of side s
    # in a white border of s/6, the border's inner corner ~1 mm from the playing-area corner.
    # In the marker's own unit square (centre 0, corners +-0.5) that corner lies at
    # (+-MARKER_REACH, +-MARKER_REACH) toward the board.
    pts: dict[int, np.ndarray] = {}
    unit = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], np.float32)
    for k, c in found.items():
        to_image = cv2.getPerspectiveTransform(unit, c.astype(np.float32))
        target = unit[(k + 2) % 4] * (2.0 * MARKER_REACH)
        p = cv2.perspectiveTransform(target.reshape(1, 1, 2).astype(np.float64), to_image)
        pts[k] = p.reshape(2)
    if len(pts) == 3:
        missing = next(k for k in MARKER_IDS if k not in pts)
        a, b, c = pts[(missing + 1) % 4], pts[(missing + 2) % 4], pts[(missing + 3) % 4]
        pts[missing] = a + c - b
    quad = np.array([pts[k] for k in MARKER_IDS])
    score, bar_frac = pattern_score(image, order_corners(quad))
    return _make_fix(quad, "markers", max(score, MIN_PATTERN_SCORE), bar_frac)


# ---------------------------------------------------------------- marker-free


def pattern_score(image: np.ndarray, corners: np.ndarray) -> tuple[float, float]:
    """How well a quad's point columns line up with edges near the long edges: (score, bar_frac).

    In a correctly framed board, the triangles' bases and the checkers sitting on them put vertical
    edges at every column boundary, so the horizontal-gradient profile along the two base bands
    peaks there.  The score is the mean peak height at the predicted boundaries over the mean
    profile, maximised over the bar width.
    """
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    score, bar, _ = _scores(grey, np.asarray(corners, dtype=np.float64), _BAR_FRACS)
    return score, bar


_BAR_FRACS = tuple(float(b) for b in np.arange(0.0, 0.13, 0.005))


def _scores(
    grey: np.ndarray, corners: np.ndarray, bar_fracs: tuple[float, ...]
) -> tuple[float, float, float]:
    """(pattern score, best bar_frac, border score) of a quad on a grey image.

    The border score is the edge strength right on the quad's four sides over the mean edge
    strength inside; it pulls the sides onto the playing area's boundary during refinement.
    """
    h = homography_for(order_corners(corners), _SCORE_W, _SCORE_H)
    g = cv2.warpPerspective(grey, h, (_SCORE_W, _SCORE_H), flags=cv2.INTER_LINEAR)
    g = g.astype(np.float32)
    gx = np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3))
    height, width = g.shape
    band = np.vstack([gx[4 : int(0.12 * height)], gx[int(0.88 * height) : height - 4]])
    profile = np.convolve(band.mean(axis=0), np.ones(3) / 3.0, mode="same")
    base = float(profile[3:-3].mean()) + 1e-6
    # Local maxima within +-2 px, so each predicted boundary may be off by a couple of pixels.
    peak = np.max(np.stack([np.roll(profile, s) for s in range(-2, 3)]), axis=0)
    best = (0.0, 0.0)
    for bar_frac in bar_fracs:
        idx = _boundary_index(width, height, bar_frac)
        score = float(peak[idx].mean()) / base
        if score > best[0] + 1e-9:
            best = (score, float(bar_frac))
    m = 10
    sides = [
        gy[0:3, m:-m].max(axis=0).mean(),
        gy[-3:, m:-m].max(axis=0).mean(),
        gx[m:-m, 0:3].max(axis=1).mean(),
        gx[m:-m, -3:].max(axis=1).mean(),
    ]
    inside = float((gx[m:-m, m:-m] + gy[m:-m, m:-m]).mean()) / 2.0 + 1e-6
    return best[0], best[1], float(np.mean(sides)) / inside


def _boundary_index(width: int, height: int, bar_frac: float) -> np.ndarray:
    geo = BoardGeometry(width=width, height=height, bar_frac=bar_frac)
    xs = [geo.column_span(c)[0] for c in range(12)] + [geo.column_span(11)[1]]
    xs.append(geo.column_span(5)[1])
    return np.array([int(round(x)) for x in xs if 3 < x < width - 3])


def _quad_candidates(image: np.ndarray, work_size: int = 640) -> list[np.ndarray]:
    """Convex quadrilaterals from several binarisations, plus pairs of halves joined."""
    height, width = image.shape[:2]
    s = work_size / max(height, width)
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    grey = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    area_min = 0.03 * small.shape[0] * small.shape[1]
    binaries = [cv2.dilate(cv2.Canny(grey, 40, 120), np.ones((3, 3), np.uint8))]
    _, otsu = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    binaries += [otsu, 255 - otsu]
    sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[:, :, 1]
    _, so = cv2.threshold(
        cv2.GaussianBlur(sat, (5, 5), 0), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    binaries += [so, 255 - so]
    quads: list[np.ndarray] = []
    for b in binaries:
        contours, _ = cv2.findContours(b, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            if cv2.contourArea(c) < area_min:
                continue
            hull = cv2.convexHull(c)
            approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
            if len(approx) == 4:
                quads.append(order_corners(approx.reshape(4, 2) / s))
            else:
                rect = cv2.boxPoints(cv2.minAreaRect(hull))
                quads.append(order_corners(rect / s))
    # Two halves side by side (bar between them) -> one playing area.
    joined = []
    for i, a in enumerate(quads):
        for b in quads[i + 1 :]:
            left, right = (a, b) if a[:, 0].mean() < b[:, 0].mean() else (b, a)
            wl = left[1, 0] - left[0, 0]
            wr = right[1, 0] - right[0, 0]
            hl = left[3, 1] - left[0, 1]
            hr = right[3, 1] - right[0, 1]
            gap = right[0, 0] - left[1, 0]
            if wl <= 0 or wr <= 0 or hl <= 0 or hr <= 0:
                continue
            if abs(wl - wr) > 0.15 * max(wl, wr) or abs(hl - hr) > 0.1 * max(hl, hr):
                continue
            if not 0 <= gap < 0.3 * max(wl, wr) or abs(left[0, 1] - right[0, 1]) > 0.1 * hl:
                continue
            joined.append(np.array([left[0], right[1], right[2], left[3]]))
    out = []
    for q in quads + joined:
        w = np.linalg.norm(q[1] - q[0])
        hgt = np.linalg.norm(q[3] - q[0])
        if hgt > 0 and 1.0 < w / hgt < 2.2:  # landscape boards only
            out.append(q)
    return out


def _refine(grey: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, float, float]:
    """Coordinate ascent on the 8 corner coordinates: pattern score plus a border term."""
    size = float(np.linalg.norm(quad[1] - quad[0]))
    best_q = quad.copy()
    s0, bar, b0 = _scores(grey, best_q, _BAR_FRACS)
    best_total = s0 + 0.25 * b0
    for step in (0.01 * size, 0.004 * size):
        bars = tuple(b for b in _BAR_FRACS if abs(b - bar) < 0.012)
        improved = True
        rounds = 0
        while improved and rounds < 4:
            improved = False
            rounds += 1
            for k in range(4):
                for axis in range(2):
                    for sign in (-1.0, 1.0):
                        q = best_q.copy()
                        q[k, axis] += sign * step
                        s, b, border = _scores(grey, q, bars)
                        if s + 0.25 * border > best_total + 1e-3:
                            best_q, best_total, bar = q, s + 0.25 * border, b
                            improved = True
    final, bar, _ = _scores(grey, best_q, _BAR_FRACS)
    return best_q, final, bar


def find_board_frame(image: np.ndarray, *, refine: bool = True) -> BoardFix | None:
    """Marker-free: the best-scoring quad candidate (refined), or None if nothing looks like a
    board."""
    candidates = _quad_candidates(image)
    if not candidates:
        return None
    # Score on a grey copy at most 960 px wide: same answer, a fraction of the memory traffic.
    scale = min(1.0, 960.0 / max(image.shape[:2]))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    if scale < 1.0:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    scored = []
    for q in candidates:
        s, bar, _ = _scores(grey, q * scale, _BAR_FRACS)
        scored.append((s, bar, q * scale))
    scored.sort(key=lambda t: -t[0])
    # Refine the few best: a rough candidate can overtake a slightly better-looking wrong one.
    best: tuple[float, float, np.ndarray] | None = None
    for s, bar, q in scored[:3]:
        if refine and s >= MIN_PATTERN_SCORE * 0.8:
            q, s, bar = _refine(grey, q)
        if best is None or s > best[0]:
            best = (s, bar, q)
    assert best is not None
    if best[0] < MIN_PATTERN_SCORE:
        return None
    return _make_fix(best[2] / scale, "frame", best[0], best[1])


def find_board(image: np.ndarray, *, markers: bool = True, frame: bool = True) -> BoardFix | None:
    """Markers first (exact and cheap), then the marker-free search."""
    if markers:
        fix = find_board_markers(image)
        if fix is not None:
            return fix
    if frame:
        return find_board_frame(image)
    return None
