"""Geometric cues of a die against the camera: does its body look like a flat die's there?

On the cocked-die crop (``vision.cocked``: the top face's plane rectified, so a flat die's top
face is a square one die side wide, and turned so that perspective's lean points up), a flat
die's body is its top face swept up by the lean (``DieView.lean``, die sides): the side faces
perspective shows. A cocked die's top face is foreshortened (not a unit square), and its body
shows where no sweep of its top face can put it (a side face raised by the tilt), or misses
side faces a flat die would show (tilted toward the camera). ``shape_cues`` measures these
from the top-face and body masks the crop's features already make (colour masks: round a
white die on a light board they leak); ``edge_profiles`` from the crop's gradients, square to
the top face's sides: where a flat die shows edges and where a cocked one does;
``mask_shape`` the masks' areas, centroids and the face's axis ratio.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

N_GEOMETRY = 11


def shape_cues(face: np.ndarray, body: np.ndarray, lean: float, die: float) -> np.ndarray:
    """``N_GEOMETRY`` values from the top-face and body masks (uint8, crop pixels), the lean
    (die sides) and the die side (crop pixels): the face's fitted rectangle (long and short
    side in die sides, short over long, the face's share of it), the body beyond the face's
    sweep (area in die areas, and the 90th percentile of its distance from the sweep in die
    sides), the share of the sweep's side faces that show, the body above the face (less
    perspective's lean) and below it, and left and right of it (die sides)."""
    out = np.zeros(N_GEOMETRY, np.float32)
    cs, _ = cv2.findContours(face, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not cs:
        return out
    c = max(cs, key=cv2.contourArea)
    (_, _), (rw, rh), _ = cv2.minAreaRect(c)
    lo, hi = sorted((rw, rh))
    area = float(cv2.contourArea(c))
    out[0], out[1] = hi / die, lo / die
    out[2] = lo / hi if hi > 0 else 1.0
    out[3] = area / (rw * rh) if rw * rh > 0 else 0.0
    n = int(round(lean * die))
    sweep = face
    if n > 0:  # each face pixel spread up to n pixels up the crop (anchor at the kernel's top)
        sweep = cv2.dilate(face, np.ones((n + 1, 1), np.uint8), anchor=(0, 0))
    tol = cv2.dilate(sweep, np.ones((3, 3), np.uint8))
    # Counts of bool masks with np.count_nonzero: the sums' whole numbers, with less overhead.
    off = tol == 0
    beyond = (body > 0) & off
    nb = np.count_nonzero(beyond)
    out[4] = nb / die**2
    if nb:
        dist = cv2.distanceTransform(off.view(np.uint8), cv2.DIST_L2, 3)
        out[5] = float(percentile_90(dist[beyond])) / die
    sides = (sweep > 0) & (face == 0)
    ns = np.count_nonzero(sides)
    out[6] = np.count_nonzero((body > 0) & sides) / ns if ns else 1.0
    # Body rows above and below the face (its columns' span), against perspective's lean.
    rows_f = np.nonzero(face.any(axis=1))[0]
    cols = np.nonzero(face.any(axis=0))[0]
    band = body[:, cols[0] : cols[-1] + 1].any(axis=1)
    rows_b = np.nonzero(band)[0]
    if len(rows_f) and len(rows_b):
        out[7] = (rows_f[0] - rows_b[0]) / die - lean
        out[8] = (rows_b[-1] - rows_f[-1]) / die
    # Body columns left and right of the face (its rows' span): perspective shows none there.
    cols_b = np.nonzero(body[rows_f[0] : rows_f[-1] + 1].any(axis=0))[0]
    if len(cols_b):
        out[9] = (cols[0] - cols_b[0]) / die
        out[10] = (cols_b[-1] - cols[-1]) / die
    return out


def mask_shape(face: np.ndarray, body: np.ndarray, die: float) -> np.ndarray:
    """Face area, centroid (x across, y toward the image centre) and axis ratio; body area and
    centroid; side (body not face) area and centroid; in die sides (die areas; ``die``: the
    die side in crop pixels, the masks' centre the crop's).

        >>> m = np.zeros((48, 48), np.uint8); m[14:34, 24:44] = 1  # a die side right of centre
        >>> [round(float(v), 1) for v in mask_shape(m, m, 20.0)[:4]]  # area, x, y, axis ratio
        [1.0, 0.5, 0.0, 1.0]
    """
    h, w = face.shape
    out = []
    for m in (face, body, body & (1 - face)):
        mo = cv2.moments(m, binaryImage=True)
        a = mo["m00"]
        if a < 1:
            out += [0.0, 0.0, 0.0] + ([1.0] if m is face else [])
            continue
        cx, cy = mo["m10"] / a - w / 2, mo["m01"] / a - h / 2
        out += [a / die**2, cx / die, -cy / die]
        if m is face:
            mu20, mu02, mu11 = mo["mu20"] / a, mo["mu02"] / a, mo["mu11"] / a
            d = math.sqrt(max(0.0, (mu20 - mu02) ** 2 + 4 * mu11**2))
            out.append(math.sqrt(max(0.0, mu20 + mu02 - d) / max(1e-6, mu20 + mu02 + d)))
    return np.array(out, np.float32)


def percentile_90(a: np.ndarray) -> np.floating:
    """``np.percentile(a, 90)`` of a 1-D float array without NaNs, the same value: numpy's
    linear method (the order statistics either side of (n - 1) x 0.9, and its lerp, taken
    from the upper one from a weight of 0.5), from one partition without numpy's generic
    quantile path (~60 -> ~10 us a view)."""
    n = len(a)
    at = (n - 1) * np.true_divide(90, 100)  # float64, as numpy's virtual index
    lo = int(np.floor(at))
    if lo >= n - 1:  # one value
        top: np.floating = a.max()
        return top
    part = np.partition(a, (lo, lo + 1))
    below: np.floating = part[lo]
    above: np.floating = part[lo + 1]
    t = float(at - lo)
    diff = above - below
    if t >= 0.5:
        return above - diff * (1 - t)
    return below + diff * t


_R = np.arange(0.25, 1.4, 0.075)  # profile distances from the die's centre (die sides)
_T = np.linspace(-0.35, 0.35, 8)  # offsets along a side (die sides)
N_PROFILE = 4 * len(_R) + 4


def edge_profiles(gx: np.ndarray, gy: np.ndarray, die: float) -> np.ndarray:
    """Edges square to each side of the die's top face, outward from the crop's centre: the
    face's turn is the dominant edge direction within 0.75 die sides of it (mod 90 degrees);
    along each of its four outward normals, the mean gradient across that normal at ``_R``
    die sides out, over the profiles' largest value; sides in order of how much they face the
    crop's up (where perspective shows a flat die's side faces), then those normals' up
    components. A flat die shows its top face's edge half a side out and a side face's outer
    edge beyond it only up the crop; a cocked die's side face puts an edge farther or elsewhere
    (``gx``, ``gy``: the crop's grey Sobel gradients; ``die``: the die side in crop pixels)."""
    h, w = gx.shape
    c = np.array([w / 2 - 0.5, h / 2 - 0.5])
    # The mean direction of 4 x each gradient's angle, weighted by its length near the centre:
    # cos / sin of 4 phi from those of 2 phi, (gx^2 - gy^2, 2 gx gy) / |g|^2 (no arctan).
    xx, yy = gx * gx, gy * gy  # each square made once (the same float32 products)
    m2 = xx + yy + 1e-6
    c2, s2 = (xx - yy) / m2, 2 * gx * gy / m2
    wts = np.sqrt(m2) * _near(h, w, die)
    theta = 0.25 * np.arctan2(
        float((wts * 2 * s2 * c2).sum()), float((wts * (c2 * c2 - s2 * s2)).sum())
    )
    turns = theta + np.arange(4) * np.pi / 2
    normals = np.column_stack([np.cos(turns), np.sin(turns)])
    ups = -normals[:, 1]
    n = normals[np.argsort(-ups)]  # (4, 2)
    tan = np.column_stack([-n[:, 1], n[:, 0]])
    # Every side's samples in one map: (side, R, T, xy).
    pts = c + die * (
        _R[None, :, None, None] * n[:, None, None, :]
        + _T[None, None, :, None] * tan[:, None, None, :]
    )
    mx = pts[..., 0].reshape(-1, len(_T)).astype(np.float32)
    my = pts[..., 1].reshape(-1, len(_T)).astype(np.float32)
    sx = cv2.remap(gx, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    sy = cv2.remap(gy, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    nx = np.repeat(n[:, 0], len(_R))[:, None]
    ny = np.repeat(n[:, 1], len(_R))[:, None]
    p = np.abs(sx * nx + sy * ny).mean(axis=1)
    p /= p.max() + 1e-3
    return np.concatenate([p, -n[:, 1]]).astype(np.float32)


@lru_cache(maxsize=4)
def _near(h: int, w: int, die: float) -> np.ndarray:
    """Weights of the pixels within 0.75 die sides of the crop's centre."""
    yy, xx = np.mgrid[0:h, 0:w]
    r = np.hypot(yy - (h / 2 - 0.5), xx - (w / 2 - 0.5))
    near: np.ndarray = (r < 0.75 * die).astype(np.float32)
    return near
