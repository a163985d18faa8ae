"""Checker outlines: circles of checker size, their rims, and where they sit on a point."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.checkers.alongs import alongs_by_cell
from vision.checkers.empty_board import far_from
from vision.checkers.model import Cell, Found


def gradients(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-channel gradients (H, W, 3) of a Lab image, unweighted: L's half weight is applied
    where they are used (a power-of-two weight is exact before or after).  An 8-bit image's
    are int16 (whole sums of at most 4 x 255: exact), a float image's float32.

    >>> lab8 = np.zeros((8, 8, 3), np.uint8)
    >>> lab8[:, 4:] = 200
    >>> gx, gy = gradients(lab8)
    >>> gx.dtype, int(gx[2, 4, 0]), int(gy[2, 4, 0])
    (dtype('int16'), 800, 0)
    """
    # One Sobel over the interleaved image gives each channel's own, and lets a rim sample
    # gather its 3 channels at once. 8-bit: int16 output, ~1 ms less a read than float32 (its
    # SIMD path); a gathered sample times a float32 direction is the same float32 either way.
    depth = cv2.CV_16S if lab.dtype == np.uint8 else cv2.CV_32F
    return cv2.Sobel(lab, depth, 1, 0, ksize=3), cv2.Sobel(lab, depth, 0, 1, ksize=3)


_ANGLES = np.linspace(0, 2 * np.pi, 32, endpoint=False)
# The directions in float32: rim samples' positions and radial components are float32 then
# (the gradients are), half the memory traffic of float64 (~20% of ring_evidence's cost).
_COS, _SIN = np.cos(_ANGLES).astype(np.float32), np.sin(_ANGLES).astype(np.float32)


def ring_evidence(
    gx: np.ndarray, gy: np.ndarray, circles: np.ndarray, scale: float, all_round: bool = False
) -> np.ndarray:
    """Per circle (x, y, r): how much of its outline shows as a radial colour edge.

    For each of 32 directions the strongest radial gradient at 0.85-1.1 of the radius is taken;
    the value is the 35th percentile over directions, over ``scale``.  A checker's rim lights up
    most directions; a circle the Hough transform assembled from triangle edges only a few.
    Directions: those facing the board's middle (neighbours hide the rest), or ``all_round``.
    """
    if not len(circles):
        return np.zeros(0, np.float32)
    h = gx.shape[0]
    cos, sin = _COS, _SIN
    if all_round:
        best = _radial_best(gx, gy, circles, cos, sin)
        return _row_percentile(best, 35).astype(np.float32) / scale

    def sampled(sel: np.ndarray, facing: np.ndarray) -> np.ndarray:
        return _radial_best(gx, gy, circles[sel], cos[facing], sin[facing])

    return _facing(circles, h, sampled) / scale


def _facing(
    circles: np.ndarray, h: int, best_of: Callable[[np.ndarray, np.ndarray], np.ndarray]
) -> np.ndarray:
    """``ring_evidence``'s 35th percentiles (before the scale) over the directions facing the
    board's middle, each half's circles' strongest gradients from ``best_of(circles, directions)``
    (row and column masks)."""
    top = circles[:, 1] < h / 2
    out = np.zeros(len(circles), np.float32)
    for sel, sign in ((top, 1.0), (~top, -1.0)):
        facing = _SIN * sign > 0.3
        if np.any(sel):
            # Only the directions facing the middle are sampled (a third of the work).
            out[sel] = _row_percentile(best_of(sel, facing), 35)
    return out


def _row_percentile(a: np.ndarray, q: float) -> np.ndarray:
    """``np.percentile(a, q, axis=1)`` (linear) of a float64 array, from one sort: numpy's
    partitions along a moved axis, ~20x slower on a few hundred short rows. The same values:
    numpy's virtual index, pair and interpolation (``_lerp``), step for step. A float32 array
    is interpolated in float32 (the rims: within float32 rounding of numpy's)."""
    if a.shape[1] == 0 or a.dtype not in (np.float32, np.float64) or np.isnan(a).any():
        numpys: np.ndarray = np.percentile(a, q, axis=1)
        return numpys
    n = a.shape[1]
    v = (n - 1) * (q / 100)  # the 'linear' method's virtual index
    if v >= n - 1:
        lo = hi = n - 1
        gamma = 0.0
    else:
        lo = int(np.floor(v))
        hi = lo + 1
        gamma = v - lo
    srt = np.sort(a, axis=1)
    below, above = srt[:, lo], srt[:, hi]
    diff = above - below
    lerp: np.ndarray = above - diff * (1 - gamma) if gamma >= 0.5 else below + diff * gamma
    return lerp


def _radial_best(
    gx: np.ndarray, gy: np.ndarray, circles: np.ndarray, cos: np.ndarray, sin: np.ndarray
) -> np.ndarray:
    """Per circle and direction: the strongest radial gradient at 0.85-1.1 of the radius."""
    h, w = gx.shape[:2]
    # All radii in one gather a channel: samples (circle, radius, direction), each channel's
    # radial component in float64 as before, L at half weight (exact after the sum). A
    # channel's samples are gathered from the interleaved image by flat index (contiguous
    # results, no transposed copy).
    rr = circles[:, 2, None, None] * _RHOS[None, :, None]
    xi = np.round(circles[:, 0, None, None] + rr * cos).astype(int)
    yi = np.round(circles[:, 1, None, None] + rr * sin).astype(int)
    # np.clip's bounds, in place (integers: the same values, without np.clip's overhead).
    np.minimum(np.maximum(xi, 0, out=xi), w - 1, out=xi)
    np.minimum(np.maximum(yi, 0, out=yi), h - 1, out=yi)
    # The first channel's flat index, in place; channel c's is the same index into the
    # arrays c elements on (views): no index array a channel (~0.5 ms a read less).
    at = yi
    at *= w
    at += xi
    at *= 3
    flat_x, flat_y = gx.reshape(-1), gy.reshape(-1)
    best: np.ndarray = np.empty(0)
    for c in range(3):
        radial = np.take(flat_x[c:], at) * cos
        radial += np.take(flat_y[c:], at) * sin
        np.abs(radial, out=radial)
        if c == 0:
            radial *= 0.5
            best = radial
        else:
            np.maximum(best, radial, out=best)  # the strongest channel
    # ... then the strongest radius (radius by radius: numpy's max over a middle axis is slow).
    out = best[:, 0]
    for k in range(1, best.shape[1]):
        out = np.maximum(out, best[:, k])
    return out


_RHOS = np.array([0.85, 0.95, 1.02, 1.1], np.float32)


def hough_circles(grey: np.ndarray, r_min: float, r_max: float) -> np.ndarray:
    """Circles (x, y, r) of checker size; the outline shows even light-on-light."""
    # Local contrast first: dark checkers on a dark board still have a visible rim.
    clahe = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(6, 6))
    blur = cv2.GaussianBlur(clahe.apply(grey), (5, 5), 1.2)
    found = cv2.HoughCircles(
        blur,
        cv2.HOUGH_GRADIENT,
        dp=1,
        minDist=max(4.0, 0.8 * r_min),
        param1=80,
        param2=14,
        minRadius=int(r_min),
        maxRadius=int(np.ceil(r_max)),
    )
    return np.zeros((0, 3), np.float32) if found is None else found[0].astype(np.float32)


@dataclass(frozen=True)
class Edges:
    """Per-channel gradients (H, W, 3, L unweighted; int16 from an 8-bit image) of the board and
    their typical strength (L at half weight)."""

    gx: np.ndarray
    gy: np.ndarray
    scale: float


def edges_of(lab: np.ndarray) -> Edges:
    gx, gy = gradients(lab)
    # Typical edge strength of this board (on a subsample: the median needs no more).
    sub = (slice(None, None, 4), slice(None, None, 4))
    sx, sy = gx[sub], gy[sub]
    # The strongest channel, L at half weight (x 1.0 is exact: the other two as they are),
    # channel by channel: numpy's max over a last axis of 3 is slow.
    half = np.float32(0.5)
    strength = np.maximum(
        np.maximum(
            np.hypot(sx[..., 0] * half, sy[..., 0] * half), np.hypot(sx[..., 1], sy[..., 1])
        ),
        np.hypot(sx[..., 2], sy[..., 2]),
    )
    return Edges(gx, gy, float(np.median(strength)) + 1.0)


def slot_rims(edges: Edges, xs: np.ndarray, ys: np.ndarray, d: float) -> np.ndarray:
    """Per position (x, y): the strongest rim (facing the board's middle) of a checker-sized
    circle near it: centres within 0.12 d across and 0.1 d along, radius 0.45-0.49 d.  Finds
    a checker the circle search missed (dark on dark, soft low-resolution frames)."""
    off = _rim_offsets(d)
    pos = np.stack([xs, ys, np.zeros(len(xs))], axis=1).astype(np.float64)
    cands = (pos[:, None, :] + off[None]).reshape(-1, 3).astype(np.float32)
    rim = ring_evidence(edges.gx, edges.gy, cands, edges.scale)
    strongest: np.ndarray = rim.reshape(len(xs), len(off)).max(axis=1)
    return strongest


@lru_cache(maxsize=8)
def _rim_offsets(d: float) -> np.ndarray:
    """``slot_rims``' candidates round a position (dx, dy, radius), for checkers of size ``d``
    (the same each frame of a board: made once).  Read-only."""
    off = np.array(
        [
            (dx, dy, rr * d)
            for dx in np.linspace(-0.12, 0.12, 5) * d
            for dy in np.linspace(-0.1, 0.1, 5) * d
            for rr in (0.45, 0.49)
        ],
        np.float64,
    )
    off.setflags(write=False)
    return off


def slot_rim(edges: Edges, x: float, y: float, d: float) -> float:
    """``slot_rims`` at one position."""
    return float(slot_rims(edges, np.array([x]), np.array([y]), d)[0])


def verified(
    circles: np.ndarray,
    lab: np.ndarray,
    edges: Edges,
    field: np.ndarray,
    tri_colours: list[np.ndarray],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keep circles that are checkers: unlike both board colours inside, or with a rim all
    round (light-on-light).  Also says which are sure (strong rim or colour): a circle
    straddling two touching checkers has some rim too, and only sure ones may prove a checker
    on top.  Third: each kept circle's rim all round (a lone checker's, e.g. on the bar)."""
    if not len(circles):
        return circles, np.zeros(0, bool), np.zeros(0, np.float32)
    h, w = lab.shape[:2]
    gx, gy, scale = edges.gx, edges.gy, edges.scale
    # Every direction of every circle sampled once: the facing ones give the rim (as
    # ring_evidence's), the kept circles' all give their rim all round below.
    best = _radial_best(gx, gy, circles, _COS, _SIN)
    rim = _facing(circles, h, lambda sel, facing: best[sel][:, facing]) / scale
    patches = []
    for x, y, r in circles:
        rr = 0.55 * r
        patch = lab[
            int(max(0, y - rr)) : int(min(h, y + rr + 1)),
            int(max(0, x - rr)) : int(min(w, x + rr + 1)),
        ]
        patches.append(patch.reshape(-1, 3))
    # Every patch's pixels at once (a few colour distances instead of a few per circle), then
    # each circle's share of them unlike both board colours.
    px = np.concatenate(patches)
    unlike = np.ones(len(px), bool)
    for ref in (field, *tri_colours):
        unlike &= far_from(px, ref)
    # Each patch's count of them: the running count at its end less that at its start (the
    # two boundaries a patch, not the whole running count, made Python ints).
    sizes = np.array([len(p) for p in patches])
    ends = np.cumsum(sizes)
    counts = np.concatenate(([0], np.cumsum(unlike)))
    unlikes = (counts[ends] - counts[ends - sizes]).tolist()
    keep = []
    strong = []
    for p, e, k in zip(patches, rim, unlikes, strict=True):
        n = len(p)
        if not n:
            keep.append(False)
            strong.append(False)
            continue
        share = k / n  # unlike.mean() over the patch: the same float
        # Rim 1.5: dark-on-dark checkers at the edge score 1.5-2; circles built from triangle
        # edges mostly under 1.25 (dev: 66 checkers, 3 phantoms between 1.5 and 2).
        keep.append(share > 0.4 or e > 1.5)
        strong.append(share > 0.4 or e > 2.0)
    kept = np.array(keep, bool)
    round_ = _row_percentile(best[kept], 35).astype(np.float32) / scale  # all_round's
    return circles[kept], np.array(strong, bool)[kept], round_


def in_mask(circles: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per circle: is its centre inside the mask."""
    if not len(circles):
        return np.zeros(0, bool)
    h, w = mask.shape
    xi = np.clip(circles[:, 0].astype(int), 0, w - 1)
    yi = np.clip(circles[:, 1].astype(int), 0, h - 1)
    inside: np.ndarray = mask[yi, xi] > 0
    return inside


def backed(found: list[Found], circles: np.ndarray, d: float) -> bool:
    """Does any of these checkers have a circle centred within 0.3 d of it."""
    if not len(circles):
        return False
    return any(
        bool(np.any(np.hypot(circles[:, 0] - f.x, circles[:, 1] - f.y) < 0.3 * d)) for f in found
    )


def point_outlines(
    circles: np.ndarray, sure: np.ndarray, raw: np.ndarray, cells: list[Cell], h: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per cell, ``alongs_of`` its verified, sure and raw outlines (``alongs_by_cell``)."""
    per = [alongs_by_cell(c, cells, h) for c in (circles, sure, raw)]
    return list(zip(*per, strict=True))


def colour_only(fs: list[Found], alongs: np.ndarray, d: float) -> bool:
    """Three or more checkers with no outline (``alongs``: from the point's edge) on any of
    them, nor a row of two or more between them (a board found off their slots: dev
    IMG_0050's stacks show an outline 0.38 d off each slot)."""
    return (
        len(fs) >= 3
        and not outlined_any(fs, alongs, d)
        and int(np.sum(alongs < fs[-1].along + 0.5 * d)) < 2
    )


def outlined_any(fs: list[Found], alongs: np.ndarray, d: float) -> bool:
    """Does any outline (``alongs``: from the point's edge) lie within 0.3 d of one of these
    checkers?"""
    if not len(alongs):
        return False
    return any(float(np.min(np.abs(alongs - f.along))) < 0.3 * d for f in fs)


def rims_at(
    edges: Edges,
    spots: list[tuple[float, float]],
    d: float,
    ignore: tuple[tuple[float, float, float, float], ...],
    sy: float,
) -> np.ndarray:
    """Rim scores (``slot_rims``) of checkers at these (x, y); NaN where a die lies on one (its
    edges make a rim of their own and hide the checker's).  Boxes in input pixels (y over
    ``sy``)."""
    if not spots:
        return np.zeros(0)
    xy = np.array(spots, np.float64)
    free = np.ones(len(xy), bool)
    for x0, y0, x1, y1 in ignore:
        gx = np.maximum(np.maximum(x0 - xy[:, 0], 0.0), xy[:, 0] - x1)
        gy = np.maximum(np.maximum(y0 / sy - xy[:, 1], 0.0), xy[:, 1] - y1 / sy)
        free &= np.hypot(gx, gy) >= 0.4 * d
    return np.where(free, slot_rims(edges, xy[:, 0], xy[:, 1], d), np.nan)
