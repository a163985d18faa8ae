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

from dataclasses import dataclass

import cv2
import numpy as np


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


def _measure(
    gray: np.ndarray,
    cx: float,
    cy: float,
    r: float,
    dark: bool,
    circ: float,
    scale: float,
    min_contrast: float,
) -> Pip | None:
    """Refine a spot's radius from its radial profile and check its contrast; None if weak.

    Medians over 16 directions make the profile robust to a neighbouring pip or a glossy
    highlight in the middle of the pip.
    """
    h, w = gray.shape
    rs = _RAD * r
    xs = np.clip(np.round(cx + np.outer(rs, np.cos(_ANG))).astype(int), 0, w - 1)
    ys = np.clip(np.round(cy + np.outer(rs, np.sin(_ANG))).astype(int), 0, h - 1)
    vals = gray[ys, xs].astype(np.float32)  # (radius, angle)
    prof = np.median(vals, axis=1)
    if not dark:
        prof, vals = -prof, -vals
    inside = float(np.min(prof[1:4]))  # skip the very centre (highlight)
    face = float(np.max(prof))
    mid = 0.5 * (inside + face)
    above = np.nonzero(prof[1:] > mid)[0]
    if above.size == 0:
        return None
    k = int(above[0]) + 1
    # Linear interpolation of the crossing between samples k-1 and k.
    p0, p1 = prof[k - 1], prof[k]
    t = (mid - p0) / (p1 - p0) if p1 != p0 else 0.5
    r_true = float((_RAD[k - 1] + t * (_RAD[k] - _RAD[k - 1])) * r)
    if r_true < 0.8:
        return None
    # Per-direction edge radius -> aspect (1 = round; a side face seen obliquely is flatter).
    over = vals[1:] > mid
    first = np.where(over.any(axis=0), over.argmax(axis=0) + 1, len(_RAD) - 1)
    cols = np.arange(vals.shape[1])
    v0, v1 = vals[first - 1, cols], vals[first, cols]
    frac = np.clip((mid - v0) / np.where(v1 != v0, v1 - v0, 1.0), 0.0, 1.0)
    rad = (_RAD[first - 1] + frac * (_RAD[first] - _RAD[first - 1])) * r
    diam = rad[:8] + rad[8:]  # opposite directions
    circ = float(diam.min() / max(diam.max(), 1e-6))
    band = (rs >= 1.35 * r_true) & (rs <= 1.9 * r_true)
    if not band.any():
        band = rs >= 1.35 * r_true
    if not band.any():
        return None
    ring = vals[band].ravel()
    face = float(np.median(ring))
    contrast = face - inside
    if contrast < min_contrast:
        return None
    # The ring must be face nearly all round: a bright gap between dark pips is not a pip.
    if float(np.mean(ring < inside + 0.5 * contrast)) > 0.25:
        return None
    if not dark:
        face, inside = -face, -inside
    return Pip(
        x=float(cx) * scale,
        y=float(cy) * scale,
        r=r_true * scale,
        dark=dark,
        contrast=float(contrast),
        face=face,
        inside=inside,
        circularity=float(circ),
    )


# One octave per pyramid level, three usable DoG layers per octave; spot radius = 1.5 sigma.
_SIGMAS = tuple(0.8 * 2 ** (i / 3) for i in range(6))


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
    out: list[Pip] = []
    kern = np.ones((3, 3), np.uint8)
    glint = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    for dark in (True, False):
        # Glossy dark pips carry small highlights (and light pips small specks): remove
        # features smaller than 5 px of the other polarity before looking.
        g = cv2.morphologyEx(gray, cv2.MORPH_OPEN if dark else cv2.MORPH_CLOSE, glint)
        sign = 1.0 if dark else -1.0
        cands: list[tuple[float, float, float, float]] = []
        level = g.astype(np.float32)
        scale = 1.0
        while min(level.shape) >= 16:
            blurs = [cv2.GaussianBlur(level, (0, 0), s) for s in _SIGMAS]
            d = [sign * (blurs[k + 1] - blurs[k]) for k in range(len(_SIGMAS) - 1)]
            mx = [cv2.dilate(x, kern) for x in d]
            for k in range(1, 4):
                r = _SIGMAS[k] * 1.5 * scale  # radius of the spot this layer responds to
                if not (r_range[0] <= r <= r_range[1]):
                    continue
                thr = 0.2 * min_contrast
                # Scale-space maxima. Known weakness: in a tight 6 the row of three pips can
                # make a stronger blob one scale up and hide the middle pip.
                peak = (d[k] >= mx[k]) & (d[k] > thr) & (d[k] >= mx[k - 1]) & (d[k] >= mx[k + 1])
                ys, xs = np.nonzero(peak)
                for y, x in zip(ys, xs, strict=True):
                    cands.append((x * scale, y * scale, r, float(d[k][y, x])))
            if r_range[1] < _SIGMAS[3] * 1.5 * scale:
                break
            level = cv2.pyrDown(level)
            scale *= 2.0
        for x, y, r, _ in sorted(cands, key=lambda c: -c[3]):
            p = _measure(g, x, y, r, dark, 1.0, 1.0, min_contrast)
            if p is not None:
                out.append(p)
    return _dedupe(out)


def _dedupe(pips: list[Pip]) -> list[Pip]:
    """Drop a spot whose centre lies inside a stronger spot of the same polarity."""
    pips = sorted(pips, key=lambda p: -p.contrast)
    kept: list[Pip] = []
    kx = np.empty(len(pips))
    ky = np.empty(len(pips))
    kr = np.empty(len(pips))
    kd = np.empty(len(pips), bool)
    n = 0
    for p in pips:
        if n:
            d2 = (kx[:n] - p.x) ** 2 + (ky[:n] - p.y) ** 2
            if np.any((kd[:n] == p.dark) & (d2 < np.maximum(kr[:n], p.r) ** 2)):
                continue
        kx[n], ky[n], kr[n], kd[n] = p.x, p.y, p.r, p.dark
        n += 1
        kept.append(p)
    return kept
