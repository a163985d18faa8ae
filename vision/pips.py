"""Pip candidates: small round spots that contrast with the face around them.

Works on either polarity (dark pips on light dice, light pips on dark dice) and over a wide
range of sizes: difference-of-Gaussian maxima on an image pyramid, each refined and checked
from its radial profile.

    >>> import numpy as np, cv2
    >>> img = np.full((80, 80), 230, np.uint8)
    >>> _ = cv2.circle(img, (40, 40), 4, 20, -1)
    >>> blobs = find_pips(img)
    >>> [(round(b.x), round(b.y), b.dark) for b in blobs]
    [(40, 40, True)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.pip_dedupe import dedupe
from vision.pip_morph import morph_near
from vision.pip_scale import _SIGMAS, _extrema, _pyr_down, _ScaleSpace, _skip_down


@dataclass(frozen=True)
class Pip:
    """One round spot: centre (x, y) and radius r in image pixels, polarity, contrast.

    ``face`` is the mean grey level of a ring just outside the spot, ``inside`` the mean
    inside it; ``contrast`` = |face - inside|.
    """

    x: float
    y: float
    r: float
    dark: bool
    contrast: float
    face: float
    inside: float
    circularity: float  # aspect ratio of the spot, min/max diameter (1 = round)


_ANG = np.linspace(0.0, 2 * np.pi, 16, endpoint=False)
_RAD = np.linspace(0.0, 2.6, 14)  # in units of the first radius guess
_COS = np.cos(_ANG)[None, None, :]
_SIN = np.sin(_ANG)[None, None, :]


def _measure_all(gray: np.ndarray, cands: np.ndarray, dark: bool, min_contrast: float) -> list[Pip]:
    """Refine each candidate spot (rows x, y, r) from its radial profile; keep the contrasted.

    Medians over 16 directions make a profile robust to a neighbouring pip or a glossy
    highlight in the middle of the pip. Vectorised over candidates (a textured table gives
    hundreds); returns the kept spots in candidate order.
    """
    return _measure_parts([(gray, cands, dark)], min_contrast)


def _measure_parts(
    parts: Sequence[tuple[np.ndarray, np.ndarray, bool]], min_contrast: float
) -> list[Pip]:
    """``_measure_all`` of each part (measuring image, candidates, polarity), the kept spots
    in the parts' order: one pass over all of them (every step after the sampling is row by
    row, so the numbers are each part's alone; a find saves the fixed cost of a pass).

    >>> img = np.full((40, 40), 230, np.uint8)
    >>> _ = cv2.circle(img, (20, 20), 4, 20, -1)
    >>> c = np.array([[20.0, 20.0, 4.0]])
    >>> [(p.dark, round(p.r)) for p in _measure_parts([(img, c, True), (img, c, False)], 25.0)]
    [(True, 4)]
    """
    parts = [pt for pt in parts if len(pt[1])]
    if not parts:
        return []
    cands = np.concatenate([pt[1] for pt in parts]) if len(parts) > 1 else parts[0][1]
    dark_rows = np.repeat([pt[2] for pt in parts], [len(pt[1]) for pt in parts])
    h, w = parts[0][0].shape
    cx, cy, r = cands[:, 0], cands[:, 1], cands[:, 2]
    rs = _RAD[None, :] * r[:, None]  # (n, radius)
    xs = _pixel(cx[:, None, None] + rs[:, :, None] * _COS, w - 1)
    ys = _pixel(cy[:, None, None] + rs[:, :, None] * _SIN, h - 1)
    flat = ys * w + xs
    vals = np.empty(flat.shape, np.float32)  # (n, radius, angle)
    start = 0
    for gray, part, dark in parts:
        span = slice(start, start + len(part))
        start += len(part)
        # A flat gather (numpy's 2-D fancy index is several times slower).
        vals[span] = np.take(gray, flat[span])
        if not dark:
            # Light spots of a few pixels (under _FINE_R): sampled between pixels, as a
            # nearest pixel moves an edge by up to half a pixel, a third of a 1.5 px radius:
            # fudw's pips measured out of round (0.4) and their faces were left out as side
            # faces.
            small = r[span] < _FINE_R
            if small.any():
                at = np.flatnonzero(small) + span.start
                vals[at] = _bilinear(gray, cx[at], cy[at], rs[at])
            np.negative(vals[span], out=vals[span])
    # np.median(vals, axis=2), from a sort (the mean of the same middle pair; ~7x faster).
    srt = np.sort(vals, axis=2)
    m = srt.shape[2]
    prof = (srt[:, :, (m - 1) // 2] + srt[:, :, m // 2]) / np.float32(2)
    inside = prof[:, 1:4].min(axis=1)
    face = prof.max(axis=1)
    mid = 0.5 * (inside + face)
    above = prof[:, 1:] > mid[:, None]
    ok = above.any(axis=1)
    k = above.argmax(axis=1) + 1
    rows = np.arange(len(cands))
    p0, p1 = prof[rows, k - 1], prof[rows, k]
    step = np.where(p1 != p0, p1 - p0, 1.0)
    t = np.where(p1 != p0, (mid - p0) / step, 0.5)
    r_true = (_RAD[k - 1] + t * (_RAD[k] - _RAD[k - 1])) * r
    ok &= r_true >= 0.8
    # Per-direction edge radius -> aspect (1 = round; a side face seen obliquely is flatter).
    over = vals[:, 1:, :] > mid[:, None, None]
    first = np.where(over.any(axis=1), over.argmax(axis=1) + 1, len(_RAD) - 1)  # (n, angle)
    v0 = np.take_along_axis(vals, (first - 1)[:, None, :], axis=1)[:, 0, :]
    v1 = np.take_along_axis(vals, first[:, None, :], axis=1)[:, 0, :]
    frac = np.minimum(np.maximum((mid[:, None] - v0) / np.where(v1 != v0, v1 - v0, 1.0), 0.0), 1.0)
    rad = (_RAD[first - 1] + frac * (_RAD[first] - _RAD[first - 1])) * r[:, None]
    diam = rad[:, :8] + rad[:, 8:]  # opposite directions
    # Second smallest over largest: a glossy highlight at a pip's rim (bigger than the glint
    # filter removes) shortens one direction and made round pips look flat; a foreshortened
    # pip is short over several directions.
    circ = np.sort(diam, axis=1)[:, 1] / np.maximum(diam.max(axis=1), 1e-6)
    band = (rs >= 1.35 * r_true[:, None]) & (rs <= 1.9 * r_true[:, None])
    wide = rs >= 1.35 * r_true[:, None]
    band = np.where(band.any(axis=1)[:, None], band, wide)
    ok &= band.any(axis=1)
    # The ring's samples, the rest +inf: sorted last, never below a bar (as NaN, sorted faster).
    ring = np.where(band[:, :, None], vals, np.float32(np.inf)).reshape(len(cands), -1)
    count = band.sum(axis=1) * vals.shape[2]
    with np.errstate(all="ignore"):
        ring_face = _row_median_first(ring, count)
        contrast = ring_face - inside
        # The ring must be face nearly all round: a bright gap between dark pips is not a pip.
        low = np.count_nonzero(ring < (inside + 0.5 * contrast)[:, None], axis=1)
        share = low / np.maximum(count, 1)
    ok &= (contrast >= min_contrast) & (share <= 0.25)
    kept = np.nonzero(ok)[0]
    # Light spots' numbers were taken negated: their face and inside back (exact).
    face_v = np.where(dark_rows, ring_face, -ring_face)
    inside_v = np.where(dark_rows, inside, -inside)
    # The kept spots' numbers as Python floats column by column (not a float() a value).
    cols = (cx, cy, r_true, contrast, face_v, inside_v, circ, dark_rows)
    return [
        Pip(x=x, y=y, r=rt, dark=d, contrast=c, face=f, inside=i, circularity=ci)
        for x, y, rt, c, f, i, ci, d in zip(*(a[kept].tolist() for a in cols), strict=True)
    ]


def _bilinear(gray: np.ndarray, cx: np.ndarray, cy: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """``gray`` sampled (bilinear) at the candidates' profile points: (n, radius, angle)."""
    fx = (cx[:, None, None] + rs[:, :, None] * _COS).astype(np.float32)
    fy = (cy[:, None, None] + rs[:, :, None] * _SIN).astype(np.float32)
    n = len(cx)
    out = cv2.remap(
        gray,
        fx.reshape(n, -1),
        fy.reshape(n, -1),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return out.reshape(fx.shape).astype(np.float32)


def _pixel(v: np.ndarray, hi: int) -> np.ndarray:
    """``np.clip(np.round(v), 0, hi).astype(np.intp)`` in place of ``v`` (float), without
    np.clip's overhead: the same pixel indices."""
    np.rint(v, out=v)
    np.maximum(v, 0, out=v)
    np.minimum(v, hi, out=v)
    return v.astype(np.intp)


def _row_median_first(a: np.ndarray, count: np.ndarray) -> np.ndarray:
    """The median of the first ``count`` values of each row of ``a`` once sorted (float32;
    the rest are larger, +inf): np.nanmedian's numbers had the rest been NaN, NaN for an
    empty row. One sort (numpy's nanmedian is far slower on many short rows)."""
    s = np.sort(a, axis=1)
    rows = np.arange(len(a))
    lo, hi = s[rows, np.maximum(count - 1, 0) // 2], s[rows, count // 2]
    med = (lo + hi) / np.float32(2)
    return np.where(count > 0, med, np.float32(np.nan))


# Light spots of the first octave's sizes are measured past 3 px specks, not 5: fudw's light
# pips 2-3 px in radius lie under 3 px apart on a 5, and a 5 px closing filled the face
# round the middle pip.
_FINE_R = 3.0


def _morph_near(gray: np.ndarray, op: int, kernel: np.ndarray, cands: np.ndarray) -> np.ndarray:
    """``cv2.morphologyEx(gray, op, kernel)`` where ``_measure_all`` samples it for the
    candidates (rows x, y, r): within 2.6 radii of each (``vision.pip_morph``)."""
    return morph_near(gray, op, kernel, cands, float(_RAD[-1]))


def find_pips(
    gray: np.ndarray,
    *,
    r_range: tuple[float, float] = (1.2, 40.0),
    min_contrast: float = 25.0,
) -> list[Pip]:
    """Find round spots of radius within ``r_range`` (full-image pixels) in a grey image.

    Scale-space blob detection: difference-of-Gaussian extrema over an image pyramid give
    centre, radius and polarity (touching pips stay apart); each is then checked for its
    contrast against a ring of face just outside it.
    """
    if gray.ndim != 2:
        raise ValueError(f"find_pips needs a single-channel image, got shape {gray.shape}")
    glint = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    speck = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    # One scale space serves both polarities: light spots are the minima of the same DoG.
    # Per polarity, per layer: columns x, y, r (full-image pixels) and strength.
    cands: dict[bool, list[np.ndarray]] = {True: [], False: []}
    thr = 0.2 * min_contrast
    level = gray  # the image itself is searched in float (converted when first blurred)
    scale = 1.0
    while min(level.shape) >= 16:
        radii = [_SIGMAS[k] * 1.5 * scale for k in range(1, 4)]
        wanted = [
            k for k, r in zip(range(1, 4), radii, strict=True) if r_range[0] <= r <= r_range[1]
        ]
        if not wanted:
            if r_range[1] < radii[-1]:
                break
            # Spots of the sizes sought are coarser than this level: skip its blurs (a
            # skipped 8-bit level is halved into 8 bits and blurred from those, ``_gauss``).
            level = _skip_down(level)
            scale *= 2.0
            continue
        if level is gray:
            level = level.astype(np.float32)
        # Blurs 0-2 the level's own, 3 and up cascaded: the step from blur 1 to 2 (sigma
        # 0.77) is too small for sampled Gaussians to compose closely (0.035 grey levels off
        # on hard edges, against 0.005 from blur 2 on), and it changed dice read.
        space = _ScaleSpace(level, max(2, wanted[0]))
        for k in wanted:
            space.dog(k)  # the wanted layers whole first: their neighbours then come free
        for k in wanted:
            r = _SIGMAS[k] * 1.5 * scale  # radius of the spot this layer responds to
            both = _extrema(space, k, thr)
            for dark in (True, False):
                ys, xs, v = both[dark]
                found = np.empty((len(xs), 4), np.float64)
                found[:, 0], found[:, 1], found[:, 2] = xs * scale, ys * scale, r
                found[:, 3] = np.abs(v)
                cands[dark].append(found)
        if r_range[1] < _SIGMAS[1] * 1.5 * 2 * scale:
            break  # the next level's smallest spots are too big already: spare its pyrDown
        level = _pyr_down(level)
        scale *= 2.0
    parts: list[tuple[np.ndarray, np.ndarray, bool]] = []
    for dark in (True, False):
        found = np.concatenate(cands[dark]) if cands[dark] else np.empty((0, 4))
        # Strongest first; a stable sort keeps ties in the order found (layer, then row-major).
        arr = found[np.argsort(-found[:, 3], kind="stable"), :3]
        # Glossy dark pips carry small highlights (and light pips small specks): the measuring
        # images have features smaller than 5 px (light spots under _FINE_R: 3 px) removed.
        op = cv2.MORPH_OPEN if dark else cv2.MORPH_CLOSE
        fine = arr[:, 2] < (0.0 if dark else _FINE_R)
        for part, kern in ((arr[~fine], glint), (arr[fine], speck)):
            if len(part):
                parts.append((_morph_near(gray, op, kern, part), part, dark))
    return dedupe(_measure_parts(parts, min_contrast))
