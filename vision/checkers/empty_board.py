"""The empty board's colours and, along each point, the run of pixels unlike them."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.checkers.model import Cell
from vision.medians import rows_median  # np.median(axis=0)'s numbers, without its overhead


def to_lab8(rect_bgr: np.ndarray) -> np.ndarray:
    """The board image smoothed, as 8-bit Lab (``to_lab``'s values before the float copy).

    >>> to_lab8(np.full((4, 4, 3), 255, np.uint8))[0, 0].tolist()
    [255, 128, 128]
    """
    lab: np.ndarray = cv2.cvtColor(cv2.GaussianBlur(rect_bgr, (3, 3), 0), cv2.COLOR_BGR2LAB)
    return lab


def to_lab(rect_bgr: np.ndarray) -> np.ndarray:
    return to_lab8(rect_bgr).astype(np.float32)


def colour_dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    # L counts half: shading and vignetting move L far more than they move a, b.
    dist: np.ndarray = np.sqrt(_sq_dist(np.asarray(a), np.asarray(b)))
    return dist


def plain_colour_dist(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """``colour_dist`` of two colours, in plain floats (a few dozen pairs a frame).

    >>> plain_colour_dist((60.0, 128.0, 128.0), (40.0, 131.0, 124.0))
    11.180339887498949
    """
    return math.sqrt(0.25 * (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2)


def _sq_dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``colour_dist`` squared, channel by channel: the same arithmetic as on the whole
    difference (0.25 dL^2 + da^2 + db^2, summed in that order), without numpy's slow
    broadcasting over a last axis of 3 (~2x faster on a point's strip)."""
    d0 = a[..., 0] - b[..., 0]
    if type(d0) is not np.ndarray or d0.dtype.kind != "f":  # a scalar (two colours), ints
        d1 = a[..., 1] - b[..., 1]
        d2 = a[..., 2] - b[..., 2]
        sq: np.ndarray = 0.25 * (d0 * d0) + d1 * d1 + d2 * d2
        return sq
    # Float differences, in place (unlike_board's 24 stacked strips: ~20% faster).
    return _sq_in_place(d0, a[..., 1], a[..., 2], b)


def _sq_planes(planes: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``_sq_dist`` of float colours given as planes (3, ...): the same products and sums."""
    b = np.asarray(b)
    return _sq_in_place(planes[0] - b[..., 0], planes[1], planes[2], b)


def _sq_in_place(d0: np.ndarray, c1: np.ndarray, c2: np.ndarray, b: np.ndarray) -> np.ndarray:
    """0.25 d0^2 + (c1 - b1)^2 + (c2 - b2)^2 for a float array ``d0`` (the first channel's
    difference, overwritten and returned): the same products and sums in the same order as
    ``_sq_dist``'s plain expression, without a temporary a step."""
    d0 *= d0
    d0 *= 0.25
    d1 = c1 - b[..., 1]
    d1 *= d1
    d0 += d1
    np.subtract(c2, b[..., 2], out=d1)
    d1 *= d1
    d0 += d1
    return d0


# colour_dist > 18 without the square root: float32 sqrt is correctly rounded and monotonic,
# so sqrt(x) > 18 exactly when x > the float32 after 324 (sqrt of it still rounds to 18).
_FAR_SQ = np.nextafter(np.float32(324.0), np.float32(np.inf))


def far_from(a: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """``colour_dist(a, ref) > 18.0``, without the square roots for float32 colours."""
    sq = _sq_dist(a, ref)
    far: np.ndarray = np.sqrt(sq) > 18.0 if sq.dtype != np.float32 else sq > _FAR_SQ
    return far


def unlike_board(
    strip: np.ndarray,
    tri_mask: np.ndarray,
    unsure: np.ndarray,
    field: np.ndarray,
    tri_colour: np.ndarray,
) -> np.ndarray:
    """Pixels of a point's strip (float32 Lab) farther than 18 from the board's colour there:
    the triangle's inside ``tri_mask``, the field's outside, the nearer of the two where
    ``unsure``."""
    if strip.ndim == 4 and strip.dtype == np.float32:
        # The 24 stacked strips channel by channel (planes): the same arithmetic on
        # contiguous rows instead of every third float (~30% faster with the copy).
        planes = np.ascontiguousarray(np.moveaxis(strip, -1, 0))
        d_field, d_tri = _sq_planes(planes, field), _sq_planes(planes, tri_colour)
    else:
        d_field, d_tri = _sq_dist(strip, field), _sq_dist(strip, tri_colour)
    if d_field.dtype != np.float32:  # the threshold below is float32's
        far_field, far_tri = np.sqrt(d_field) > 18.0, np.sqrt(d_tri) > 18.0
    else:
        far_field, far_tri = d_field > _FAR_SQ, d_tri > _FAR_SQ
    # The nearer colour is far exactly when both are: the same pixels as thresholding the
    # chosen distances, in bytes instead of floats.
    far: np.ndarray = np.where(tri_mask, far_tri, far_field)
    np.logical_and(far_field, far_tri, out=far, where=unsure)
    return far


def point_profiles(
    diffs: list[np.ndarray] | np.ndarray, cares: list[np.ndarray] | np.ndarray, cx: float, dx: float
) -> list[np.ndarray]:
    """Per cell: along the column, the fraction of central pixels unlike the empty board (one
    2-D mask a cell, or the cells' masks stacked)."""
    width = diffs[0].shape[1]
    near = np.abs(np.arange(width) - cx) < 0.3 * dx
    cols = np.flatnonzero(near)
    central: np.ndarray | slice = near
    # The central columns are one run (|x - cx| under a bound): a slice, not a gathered copy.
    if len(cols) and cols[-1] - cols[0] + 1 == len(cols):
        central = slice(int(cols[0]), int(cols[-1]) + 1)
    if isinstance(diffs, np.ndarray) and isinstance(cares, np.ndarray) and diffs.ndim == 3:
        # Stacked: every cell's rows in one reduction (a view: cells x rows, the central
        # columns), the same counts and divisions as cell by cell.
        n, rows = diffs.shape[:2]
        c = _row_counts(cares[:, :, central].reshape(n * rows, -1))
        frac = _row_counts(diffs[:, :, central].reshape(n * rows, -1)) / np.maximum(c, 1)
        return list(np.where(c > 0, frac, np.nan).reshape(n, rows))
    out = []
    for diff, care in zip(diffs, cares, strict=True):
        c = _row_counts(care[:, central])
        frac = _row_counts(diff[:, central]) / np.maximum(c, 1)
        out.append(np.where(c > 0, frac, np.nan))
    return out


def _row_counts(mask: np.ndarray) -> np.ndarray:
    """``mask.sum(axis=1)`` of a boolean array (as int64), by OpenCV's row reduction of its
    0 / 1 bytes: numpy widens every element first."""
    if mask.dtype != np.bool_ or mask.ndim != 2 or not mask.size or mask.strides[1] != 1:
        numpys: np.ndarray = mask.sum(axis=1)
        return numpys
    sums = cv2.reduce(mask.view(np.uint8), 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S)
    return sums.ravel().astype(np.int64)


def extent_of(profile: np.ndarray, dy: float) -> float:
    """Length of the occupied run from the point's edge (gaps under a third of a checker are
    bridged, rows with no usable pixels are skipped)."""
    gap_max = max(2, int(0.3 * dy))
    last = -1
    gap = 0
    # A list of floats: Python compares them several times faster than numpy scalars.
    for t, v in enumerate(np.asarray(profile, np.float64).tolist()):
        if not v >= 0:
            continue  # no evidence either way (NaN: no usable pixels)
        if v > 0.5:
            last = t
            gap = 0
        else:
            gap += 1
            if gap > gap_max or (last < 0 and t > 0.5 * dy):
                break
    return float(last + 1) if last >= 0 else 0.0


def fit_pitch(extents: np.ndarray, nominal: float) -> float:
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


def triangle_parity(cells: list[Cell], samples: list[np.ndarray]) -> list[int]:
    """Group the 24 columns into the two triangle colours: alternate along each row, and pick
    whether opposite columns share a colour by which grouping is tighter."""
    best: tuple[float, list[int]] | None = None
    for flip in (0, 1):
        par = [(c.column + (flip if not c.top else 0)) % 2 for c in cells]
        spread = 0.0
        for p in (0, 1):
            vals = np.array([samples[i] for i in range(len(cells)) if par[i] == p])
            spread += float(np.abs(vals - rows_median(vals)).sum(axis=1).mean())
        if best is None or spread < best[0]:
            best = (spread, par)
    assert best is not None
    return best[1]
