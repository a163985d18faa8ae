"""Count checkers on the rectified board: 24 points, bar and borne off, with confidences.

Works on the canonical top-down board (``vision.board``) at a working size of 600x450.  For each
point column the empty board is modelled from the board itself: the field colour (the middle band,
which checkers rarely reach) and the two triangle colours (medians over the columns of each
colour near the triangle tips).  A checker slot is occupied when the disc there differs from that
model; occupied slots are coloured white or black by the checker colours learned at calibration,
or, without them, by clustering this frame's occupied slots (the lighter cluster is white).
Checkers stack from the point's outer edge; a column's count is the run of occupied slots from
the edge, plus any second-layer checkers seen between first-layer ones.

::

    rect = rectify(frame, fix.homography, WORK_W, WORK_H)
    counts = count_checkers(rect, BoardGeometry(bar_frac=fix.bar_frac), "bottom-right",
                            aspect=fix_aspect(fix))
    counts.white[5], counts.point_confidence[5]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.board import BoardGeometry

WORK_W = 600
WORK_H = 450
CHECKERS_PER_SIDE = 15


@dataclass(frozen=True)
class CheckerColours:
    """Mean Lab colours (OpenCV 8-bit Lab) of the two checker sets, learned at calibration."""

    white: tuple[float, float, float]
    black: tuple[float, float, float]


@dataclass(frozen=True)
class CheckerCounts:
    white: tuple[int, ...]
    black: tuple[int, ...]
    bar_white: int
    bar_black: int
    off_white: int
    off_black: int
    off_from_trays: bool
    point_confidence: tuple[float, ...]
    bar_confidence: float
    off_confidence: float
    # Checker discs found, in working-size canonical pixels: (x, y, radius, colour 0=w/1=b).
    discs: tuple[tuple[float, float, float, int], ...] = ()


@dataclass(frozen=True)
class BoardShape:
    """Proportions that fix the checker size on the canonical board.

    ``aspect``: playing-area width over height (from the image quad); ``checker_frac``: checker
    diameter over point width; ``tip_frac``: triangle length over the playing-area height.
    """

    aspect: float = 1.22
    checker_frac: float = 0.92
    tip_frac: float = 0.41


def quad_aspect(corners: tuple[tuple[float, float], ...]) -> float:
    """Width over height of a TL, TR, BR, BL quad (mean of opposite sides)."""
    c = np.asarray(corners, dtype=np.float64)
    w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    h = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    return float(w / h) if h > 0 else 1.0


@dataclass(frozen=True)
class _Cell:
    column: int
    top: bool
    x0: int
    x1: int


def _cells(geo: BoardGeometry) -> list[_Cell]:
    out = []
    for col in range(12):
        a, b = geo.column_span(col)
        for top in (True, False):
            out.append(_Cell(col, top, int(round(a)), int(round(b))))
    return out


def _strip(lab: np.ndarray, cell: _Cell, half: int) -> np.ndarray:
    """The cell's half-height strip, flipped so index 0 is the point's outer edge."""
    s = lab[:half, cell.x0 : cell.x1] if cell.top else lab[-half:, cell.x0 : cell.x1][::-1]
    return s


def checker_pitch(geo: BoardGeometry, shape: BoardShape) -> tuple[float, float]:
    """(diameter across, diameter along the column) of a checker in canonical pixels."""
    dx = shape.checker_frac * geo.point_width
    # Canonical squashes the board to width x height; along y one mm is (height/width*aspect)
    # times as many pixels as along x.
    dy = dx * (geo.height / geo.width) * shape.aspect
    return dx, dy


def _lab(rect_bgr: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(cv2.GaussianBlur(rect_bgr, (3, 3), 0), cv2.COLOR_BGR2LAB)
    return lab.astype(np.float32)


def _colour_dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    # L counts half: shading and vignetting move L far more than they move a, b.
    d = a - b
    return np.sqrt(0.25 * d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)


def _unlike_board(
    strip: np.ndarray,
    tri_mask: np.ndarray,
    unsure: np.ndarray,
    field: np.ndarray,
    tri_colour: np.ndarray,
) -> np.ndarray:
    d_field = _colour_dist(strip, field)
    d_tri = _colour_dist(strip, tri_colour)
    d = np.where(tri_mask, d_tri, d_field)
    d = np.where(unsure, np.minimum(d_field, d_tri), d)
    return d > 18.0


def _slot_features(
    strips: list[np.ndarray], diffs: list[np.ndarray], disc_masks: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Per cell and slot: fraction of disc pixels unlike the empty board, and mean disc colour."""
    n_slots = len(disc_masks)
    occ = np.zeros((len(strips), n_slots), np.float32)
    col = np.zeros((len(strips), n_slots, 3), np.float32)
    for i, s in enumerate(strips):
        for k, m in enumerate(disc_masks):
            occ[i, k] = float(diffs[i][m].mean()) if m.any() else 0.0
            col[i, k] = s[m].mean(axis=0) if m.any() else 0.0
    return occ, col


def count_checkers(
    rect_bgr: np.ndarray,
    geometry: BoardGeometry,
    white_home: str,
    *,
    shape: BoardShape | None = None,
    colours: CheckerColours | None = None,
    ignore: tuple[tuple[float, float, float, float], ...] = (),
) -> CheckerCounts:
    """Count checkers on a canonical board image (any size with the canonical aspect).

    ``ignore``: boxes (x0, y0, x1, y1) in this image's pixels to leave out (dice).
    """
    shape = shape or BoardShape()
    h, w = rect_bgr.shape[:2]
    geo = BoardGeometry(width=w, height=h, bar_frac=geometry.bar_frac)
    lab = _lab(rect_bgr)
    half = h // 2
    cells = _cells(geo)
    width = min(c.x1 - c.x0 for c in cells)
    cells = [_Cell(c.column, c.top, c.x0, c.x0 + width) for c in cells]
    strips = [_strip(lab, c, half) for c in cells]
    dx, dy = checker_pitch(geo, shape)
    tip = shape.tip_frac * h
    yy, xx = np.mgrid[0:half, 0:width].astype(np.float32)
    cx = (width - 1) / 2.0
    # Triangle: half-width shrinks linearly from width/2 at the edge to 0 at the tip.
    tri_half = np.clip((1.0 - yy / tip) * width / 2.0, 0, None)
    tri_mask = np.abs(xx - cx) < tri_half
    edge_band = np.abs(np.abs(xx - cx) - tri_half) < 2.5
    # Where the triangle's edge or tip may be (its length varies between boards), a pixel is
    # "unlike the board" only if it is unlike both the field and the triangle.
    unsure = edge_band | ((yy > tip * 0.8) & (yy < tip * 1.2))
    care = (xx >= 1) & (xx <= width - 2)
    # Field colour: the middle band outside triangles, median over the whole board width.
    mid = lab[int(h * 0.46) : int(h * 0.54)].reshape(-1, 3)
    field = np.median(mid, axis=0)
    # Triangle colours: two groups of alternating columns, median near the tips.
    band = (yy > tip * 0.55) & (yy < tip * 0.8) & tri_mask & ~unsure
    samples = [np.median(s[band], axis=0) for s in strips]
    parity = _parity(cells, samples)
    tri_colours = []
    for p in (0, 1):
        vals = np.array([samples[i] for i in range(len(cells)) if parity[i] == p])
        tri_colours.append(np.median(vals, axis=0) if len(vals) else field)
    ignore_mask = np.zeros((h, w), np.uint8)
    for x0, y0, x1, y1 in ignore:
        cv2.rectangle(ignore_mask, (int(x0), int(y0)), (int(np.ceil(x1)), int(np.ceil(y1))), 1, -1)
    cares = [care & (_strip(ignore_mask, c, half) == 0) for c in cells]
    diffs = [
        _unlike_board(s, tri_mask, unsure, field, tri_colours[parity[i]]) & cares[i]
        for i, s in enumerate(strips)
    ]
    profiles = _profiles(diffs, cares, cx, dx)
    extents = np.array([_extent(p, dy) for p in profiles])
    dy = _fit_pitch(extents, dy)
    dx = dy / ((h / w) * shape.aspect)
    n_slots = max(1, int(half // dy))
    disc_masks = []
    rx, ry = 0.36 * dx, 0.36 * dy
    for k in range(n_slots):
        cy = (k + 0.5) * dy
        disc_masks.append(((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 <= 1.0)
    occ, slot_col = _slot_features(strips, diffs, disc_masks)
    run = np.clip(np.round(extents / dy).astype(int), 0, n_slots)
    occupied = np.zeros_like(occ, bool)
    for i in range(len(cells)):
        occupied[i, : run[i]] = True
    is_black = _classify(slot_col, occupied, run, colours)
    white = [0] * 24
    black = [0] * 24
    conf = [1.0] * 24
    discs: list[tuple[float, float, float, int]] = []
    for i, c in enumerate(cells):
        idx = geo.point_index(c.column, "top" if c.top else "bottom", white_home)
        n = int(run[i])
        # Confidence: how close the extent is to a whole number of checkers.
        frac = abs(extents[i] / dy - round(extents[i] / dy))
        conf[idx] = float(np.clip(1.0 - 2.0 * frac, 0.0, 1.0))
        if n == 0:
            continue
        blk = bool(np.mean(is_black[i, :n]) > 0.5)
        if blk:
            black[idx] = n
        else:
            white[idx] = n
        for k in range(n):
            y = (k + 0.5) * dy
            discs.append(
                (
                    c.x0 + cx,
                    y if c.top else h - 1 - y,
                    dx / 2.0,
                    int(blk),
                )
            )
    bar_w, bar_b = 0, 0
    off_w = max(0, CHECKERS_PER_SIDE - sum(white) - bar_w)
    off_b = max(0, CHECKERS_PER_SIDE - sum(black) - bar_b)
    return CheckerCounts(
        white=tuple(white),
        black=tuple(black),
        bar_white=bar_w,
        bar_black=bar_b,
        off_white=off_w,
        off_black=off_b,
        off_from_trays=False,
        point_confidence=tuple(conf),
        bar_confidence=0.5,
        off_confidence=0.5,
        discs=tuple(discs),
    )


def _profiles(
    diffs: list[np.ndarray], cares: list[np.ndarray], cx: float, dx: float
) -> list[np.ndarray]:
    """Per cell: along the column, the fraction of central pixels unlike the empty board."""
    width = diffs[0].shape[1]
    central = np.abs(np.arange(width) - cx) < 0.3 * dx
    out = []
    for diff, care in zip(diffs, cares, strict=True):
        c = care[:, central].sum(axis=1)
        frac = diff[:, central].sum(axis=1) / np.maximum(c, 1)
        out.append(np.where(c > 0, frac, np.nan))
    return out


def _extent(profile: np.ndarray, dy: float) -> float:
    """Length of the occupied run from the point's edge (gaps under a third of a checker are
    bridged, rows with no usable pixels are skipped)."""
    occupied = np.nan_to_num(profile, nan=-1.0)
    gap_max = max(2, int(0.3 * dy))
    last = -1
    gap = 0
    for t, v in enumerate(occupied):
        if v < 0:
            continue  # no evidence either way
        if v > 0.5:
            last = t
            gap = 0
        else:
            gap += 1
            if gap > gap_max or (last < 0 and t > 0.5 * dy):
                break
    return float(last + 1) if last >= 0 else 0.0


def _fit_pitch(extents: np.ndarray, nominal: float) -> float:
    """Checker size along the column that makes the extents closest to whole numbers."""
    e = extents[extents > 0.4 * nominal]
    if len(e) < 2:
        return nominal
    best = (np.inf, nominal)
    for f in np.arange(0.68, 1.12, 0.01):
        dy = nominal * f
        n = np.maximum(np.round(e / dy), 1)
        cost = float(np.mean(np.abs(e / dy - n))) + 0.15 * abs(1.0 - f)
        if cost < best[0]:
            best = (cost, dy)
    return best[1]


def _parity(cells: list[_Cell], samples: list[np.ndarray]) -> list[int]:
    """Group the 24 columns into the two triangle colours: alternate along each row, and pick
    whether opposite columns share a colour by which grouping is tighter."""
    best: tuple[float, list[int]] | None = None
    for flip in (0, 1):
        par = [(c.column + (flip if not c.top else 0)) % 2 for c in cells]
        spread = 0.0
        for p in (0, 1):
            vals = np.array([samples[i] for i in range(len(cells)) if par[i] == p])
            spread += float(np.abs(vals - np.median(vals, axis=0)).sum(axis=1).mean())
        if best is None or spread < best[0]:
            best = (spread, par)
    assert best is not None
    return best[1]


def _classify(
    slot_col: np.ndarray,
    occupied: np.ndarray,
    run: np.ndarray,
    colours: CheckerColours | None,
) -> np.ndarray:
    """True where an occupied slot holds a black checker."""
    out = np.zeros(occupied.shape, bool)
    pts = [(i, k) for i in range(occupied.shape[0]) for k in range(int(run[i]))]
    if not pts:
        return out
    feats = np.array([slot_col[i, k] for i, k in pts], np.float32)
    if colours is not None:
        cw = np.array(colours.white, np.float32)
        cb = np.array(colours.black, np.float32)
        blk = _colour_dist(feats, cb) < _colour_dist(feats, cw)
    else:
        blk = _two_clusters(feats)
    for (i, k), b in zip(pts, blk, strict=True):
        out[i, k] = b
    return out


def _two_clusters(feats: np.ndarray) -> np.ndarray:
    """Deterministic 2-means on slot colours (seeded at the darkest and lightest); True for the
    darker cluster."""
    if len(feats) < 2:
        return np.zeros(len(feats), bool)
    w = feats * np.array([0.5, 1.0, 1.0], np.float32)
    centres = np.stack([w[np.argmin(w[:, 0])], w[np.argmax(w[:, 0])]])
    labels = np.zeros(len(w), int)
    for _ in range(20):
        d = np.linalg.norm(w[:, None, :] - centres[None], axis=2)
        new = np.argmin(d, axis=1)
        if np.array_equal(new, labels) and _ > 0:
            break
        labels = new
        for j in (0, 1):
            if np.any(labels == j):
                centres[j] = w[labels == j].mean(axis=0)
    dark = int(np.argmin(centres[:, 0]))
    return labels == dark
