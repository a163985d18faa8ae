"""How well a quadrilateral explains the board layout: point columns lining up with triangle
edges (``pattern_score``) and the share of colour variance the layout explains (``layout_fit``)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.board.geometry import BoardGeometry, homography_for, order_corners

# Below this pattern score a candidate is not taken for a board (random texture scores ~1.0-1.5,
# real boards 2.2-3.7 on the photos and rendered scenes looked at).
MIN_PATTERN_SCORE = 1.8
# Below this layout fit (R^2, see layout_fit) nothing is taken for a board: boards score
# 0.13-0.5 through the right quad, noise ~0.
MIN_LAYOUT_FIT = 0.08
SCORE_W, SCORE_H = 480, 360


def pattern_score(image: np.ndarray, corners: np.ndarray) -> tuple[float, float]:
    """How well a quad's point columns line up with edges near the long edges: (score, bar_frac).

    In a correctly framed board, the triangles' bases and the checkers sitting on them put vertical
    edges at every column boundary, so the horizontal-gradient profile along the two base bands
    peaks there.  The score is the mean peak height at the predicted boundaries over the mean
    profile, maximised over the bar width.
    """
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    score, bar, _ = layout_scores(grey, np.asarray(corners, dtype=np.float64), BAR_FRACS)
    return score, bar


BAR_FRACS = tuple(float(b) for b in np.arange(0.0, 0.13, 0.005))


def layout_scores(
    grey: np.ndarray, corners: np.ndarray, bar_fracs: tuple[float, ...]
) -> tuple[float, float, float]:
    """(pattern score, best bar_frac, border score) of a quad on a grey image.

    The border score is the edge strength right on the quad's four sides over the mean edge
    strength inside; it pulls the sides onto the playing area's boundary during refinement.
    """
    h = homography_for(order_corners(corners), SCORE_W, SCORE_H)
    g = cv2.warpPerspective(grey, h, (SCORE_W, SCORE_H), flags=cv2.INTER_LINEAR)
    g = g.astype(np.float32)
    gx = np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3))
    height, width = g.shape
    band = np.vstack([gx[4 : int(0.12 * height)], gx[int(0.88 * height) : height - 4]])
    profile = np.convolve(band.mean(axis=0), np.ones(3) / 3.0, mode="same")
    base = float(profile[3:-3].mean()) + 1e-6
    # Local maxima within +-2 px, so each predicted boundary may be off by a couple of pixels.
    peak = np.max(np.stack([np.roll(profile, s) for s in range(-2, 3)]), axis=0)
    scores = peak[_boundary_indices(width, height, tuple(bar_fracs))].mean(axis=1) / base
    best = (0.0, 0.0)
    for k in np.flatnonzero(scores > scores.max() - 1e-9)[:1]:
        if scores[k] > 1e-9:
            best = (float(scores[k]), float(bar_fracs[k]))
    m = 10
    sides = [
        gy[0:3, m:-m].max(axis=0).mean(),
        gy[-3:, m:-m].max(axis=0).mean(),
        gx[m:-m, 0:3].max(axis=1).mean(),
        gx[m:-m, -3:].max(axis=1).mean(),
    ]
    inside = float((gx[m:-m, m:-m] + gy[m:-m, m:-m]).mean()) / 2.0 + 1e-6
    return best[0], best[1], float(np.mean(sides)) / inside


@lru_cache(maxsize=512)
def _boundary_indices(width: int, height: int, bar_fracs: tuple[float, ...]) -> np.ndarray:
    """The column boundaries of every bar width in ``bar_fracs``, one row each."""
    rows = np.array([_boundary_index(width, height, b) for b in bar_fracs])
    rows.setflags(write=False)
    return rows


@lru_cache(maxsize=512)
def _boundary_index(width: int, height: int, bar_frac: float) -> np.ndarray:
    geo = BoardGeometry(width=width, height=height, bar_frac=bar_frac)
    xs = [geo.column_span(c)[0] for c in range(12)] + [geo.column_span(11)[1]]
    xs.append(geo.column_span(5)[1])
    idx = np.array([int(round(x)) for x in xs if 3 < x < width - 3])
    idx.setflags(write=False)
    return idx


_R2_W, _R2_H = 240, 180
_TIP = 0.40  # triangle length over playing-area height (boards: 0.37-0.45)


@lru_cache(maxsize=256)
def _layout_labels(bar_frac: float, width: int = _R2_W, height: int = _R2_H) -> np.ndarray:
    """Class of every pixel of a ``width`` x ``height`` top-down board: 0 field, 1-4 the triangles
    (top/bottom row x alternate columns), 5 bar, -1 don't care (edges, uncertain tips)."""
    geo = BoardGeometry(width=width, height=height, bar_frac=bar_frac)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32) + 0.5
    lab = np.zeros((height, width), np.int32)
    b0, b1 = geo.bar_span
    if bar_frac > 0:
        lab[(xx >= b0) & (xx < b1)] = 5
    for c in range(12):
        a, b = geo.column_span(c)
        cx, pw = (a + b) / 2, b - a
        for top in (True, False):
            d = yy if top else height - yy
            half = np.clip((1 - d / (_TIP * height)) * pw / 2, 0, None)
            inside = (np.abs(xx - cx) < half) & (xx >= a) & (xx < b)
            edge = (np.abs(np.abs(xx - cx) - half) < 1.5) & (xx >= a - 1) & (xx < b + 1)
            edge &= d < _TIP * height * 1.2
            lab[inside] = 1 + (c % 2) + (0 if top else 2)
            lab[edge] = -1
    unsure = ((yy > 0.33 * height) & (yy < 0.47 * height)) | (
        (yy > 0.53 * height) & (yy < 0.67 * height)
    )
    lab[unsure & (lab != 5)] = -1
    if bar_frac > 0:
        lab[(np.abs(xx - b0) < 1.5) | (np.abs(xx - b1) < 1.5)] = -1
    lab[:1] = -1
    lab[-1:] = -1
    lab[:, :1] = -1
    lab[:, -1:] = -1
    lab.setflags(write=False)
    return lab


def layout_fit(
    image: np.ndarray, corners: np.ndarray, bar_fracs: tuple[float, ...] | None = None
) -> tuple[float, float]:
    """How much of the colour variation in a quad's top-down view the board layout explains.

    Classes: field, the triangles of each row and colour, the bar.  Returns (R^2, bar_frac)
    maximised over ``bar_fracs``.  A board seen through the right quad scores 0.13-0.5; a quad
    shifted by a column, a quarter board or random texture scores far less.
    """
    h = homography_for(order_corners(corners), _R2_W, _R2_H)
    r = cv2.warpPerspective(image, h, (_R2_W, _R2_H), flags=cv2.INTER_AREA)
    if r.ndim == 2:
        r = cv2.cvtColor(r, cv2.COLOR_GRAY2BGR)
    lab = cv2.cvtColor(r, cv2.COLOR_BGR2LAB).astype(np.float64)
    lab[..., 0] *= 0.5
    return _explained(lab.reshape(-1, 3), bar_fracs or BAR_FRACS, _R2_W, _R2_H)


def _explained(
    flat: np.ndarray, bar_fracs: tuple[float, ...], width: int, height: int
) -> tuple[float, float]:
    """(R^2, bar_frac) of the layout classes on a ``width`` x ``height`` top-down view given as
    (pixels, 3) Lab values, maximised over ``bar_fracs``; 0 for a flat view."""
    chans = [np.ascontiguousarray(flat[:, ch]) for ch in range(3)]
    sq_px = chans[0] * chans[0] + chans[1] * chans[1] + chans[2] * chans[2]
    best = (-1.0, 0.0)
    for bar_frac in bar_fracs:
        cls, n = _fit_classes(round(float(bar_frac), 4), width, height)
        count = float(n.sum())
        sq = float(np.bincount(cls, sq_px, 7)[:6].sum())
        sums = [np.bincount(cls, c, 7)[:6] for c in chans]
        ss_total = sq - sum(float(s1.sum()) ** 2 for s1 in sums) / count
        if ss_total < 4.0 * count:
            return 0.0, float(bar_frac)  # flat: nothing to explain, not a board
        ss_within = sq - sum(
            float(np.where(n > 0, s1 * s1 / np.maximum(n, 1), 0).sum()) for s1 in sums
        )
        score = 1.0 - ss_within / ss_total
        if score > best[0]:
            best = (score, float(bar_frac))
    return best


@lru_cache(maxsize=256)
def _fit_classes(bar_frac: float, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """(class of every pixel, 6 for "don't care"; pixels per class 0-5) of the layout at one bar
    width, flat."""
    labels = _layout_labels(bar_frac, width, height).ravel()
    cls = np.where(labels >= 0, labels, 6).astype(np.intp)
    n = np.bincount(cls, minlength=7)[:6].astype(np.float64)
    cls.setflags(write=False)
    n.setflags(write=False)
    return cls, n


class FastFit:
    """The layout fit (see :func:`layout_fit`) of many quads on one image, cheaply: the image
    goes to Lab once, at about twice the top-down view's resolution, and each quad's top-down
    view is a small warp of that."""

    def __init__(self, image: np.ndarray, width: int = 120, height: int = 90) -> None:
        h, w = image.shape[:2]
        self.scale = min(1.0, 3.0 * width / max(h, w))
        small = (
            image
            if self.scale == 1.0
            else cv2.resize(image, None, fx=self.scale, fy=self.scale, interpolation=cv2.INTER_AREA)
        )
        if small.ndim == 2:
            small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
        lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
        lab[..., 0] *= 0.5
        self.lab = lab
        self.width, self.height = width, height

    def __call__(self, quad: np.ndarray, bar_fracs: tuple[float, ...]) -> tuple[float, float]:
        h = homography_for(order_corners(quad * self.scale), self.width, self.height)
        r = cv2.warpPerspective(self.lab, h, (self.width, self.height), flags=cv2.INTER_LINEAR)
        flat = r.reshape(-1, 3).astype(np.float64)
        return _explained(flat, bar_fracs, self.width, self.height)
