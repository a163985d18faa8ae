"""The pip search's scale space (split from ``vision.pips`` for size): Gaussian blurs and
difference-of-Gaussian layers of one pyramid level, made whole or only at the pixels asked
for, and their 3x3x3 extrema.

    >>> import numpy as np, cv2
    >>> img = np.full((64, 64), 230, np.uint8)
    >>> _ = cv2.circle(img, (30, 20), 2, 20, -1)
    >>> space = _ScaleSpace(img, 2)
    >>> ys, xs, _ = _extrema(space, 2, 5.0)[True]  # dark spots, DoG layer 2 (radius 1.9)
    >>> [(int(y), int(x)) for y, x in zip(ys, xs)]
    [(20, 30)]
"""

from __future__ import annotations

import sys
from functools import cache

import cv2
import numpy as np

from vision.pip_windows import windows_at

# One octave per pyramid level, three usable DoG layers per octave; spot radius = 1.5 sigma.
_SIGMAS = tuple(0.8 * 2 ** (i / 3) for i in range(6))
# Blur i from blur i-1: Gaussians compose, sigma_i^2 = sigma_(i-1)^2 + step_i^2, and a
# step's kernel is narrower (blurs 3 and 4: 9 and 11 taps against 15 and 17).
_STEP_SIGMAS = (
    0.0,
    *(float(np.sqrt(b * b - a * a)) for a, b in zip(_SIGMAS, _SIGMAS[1:], strict=False)),
)


@cache
def _kernel(sigma: float) -> np.ndarray:
    """The float Gaussian kernel ``cv2.GaussianBlur`` uses for ``sigma`` (4 sigma each side)."""
    return cv2.getGaussianKernel(int(round(sigma * 8 + 1)) | 1, sigma, cv2.CV_32F)


def _gauss(src: np.ndarray, sigma: float) -> np.ndarray:
    """``cv2.GaussianBlur(src, (0, 0), sigma)`` in float32: an 8-bit level is filtered into
    float directly (the same kernel; within 1e-4 grey levels of blurring its float copy, at
    two thirds of the cost and without the copy)."""
    if src.dtype == np.uint8:
        k = _kernel(sigma)
        return cv2.sepFilter2D(src, cv2.CV_32F, k, k)
    return cv2.GaussianBlur(src, (0, 0), sigma)


def _band_reach(sigma: float) -> int:
    """Rows a band of rows needs beyond the pixels blurred: OpenCV's float Gaussian kernel
    has radius round(4 sigma), so this is more than enough."""
    return int(np.ceil(4 * sigma)) + 2


def _bands(flat: np.ndarray, shape: tuple[int, ...], sigma: float) -> list[tuple[int, int]]:
    """Row ranges [y0, y1) to blur for the values at these flat pixel indices: the rows
    within a kernel's reach of them, touching ranges merged."""
    h, w = shape
    reach = _band_reach(sigma)
    # The rows present, sorted: np.unique sorts all the indices, a count per row does not.
    rows = np.flatnonzero(np.bincount(flat // w, minlength=h))
    cuts = np.flatnonzero(np.diff(rows) > 2 * reach + 1) + 1
    return [
        (max(0, int(run[0]) - reach), min(h, int(run[-1]) + reach + 1))
        for run in np.split(rows, cuts)
    ]


def _blur_rows(
    level: np.ndarray, sigma: float, flat: np.ndarray, bands: list[tuple[int, int]]
) -> np.ndarray:
    """``_gauss(level, sigma).ravel()[flat]`` from bands of whole rows around
    the pixels asked for (a neighbouring layer is wanted at a few dozen pixels).

    Whole rows: a band blurred alone gives exactly the whole image's values (the row pass is
    the same; the column pass sees the same rows within the kernel's reach), where a crop in x
    does not (OpenCV's vector loop and its scalar tail round differently).
    """
    w = level.shape[1]
    out = np.empty(len(flat), np.float32)
    for y0, y1 in bands:  # from ``_bands``
        sel = (flat >= y0 * w) & (flat < y1 * w)
        band = _gauss(level[y0:y1], sigma)
        out[sel] = band.ravel()[flat[sel] - y0 * w]
    return out


class _ScaleSpace:
    """The Gaussian blurs and DoG layers of one pyramid level, each made when first asked for:
    whole, or only at given pixels (a layer beside the wanted ones is compared at a few
    candidates only).

    Blurs up to ``first`` are the level's own; each one above is blur i-1 blurred again by
    ``_STEP_SIGMAS[i]`` (a cascade: the same values whatever order they are asked for in)."""

    def __init__(self, level: np.ndarray, first: int = 1) -> None:
        self.level = level
        self.first = first
        self.blurs: dict[int, np.ndarray] = {}
        self.dogs: dict[int, np.ndarray] = {}

    def _source(self, i: int) -> tuple[np.ndarray, float]:
        """The image blur i is made from, and the sigma that makes it."""
        if i > self.first:
            return self.blur(i - 1), _STEP_SIGMAS[i]
        return self.level, _SIGMAS[i]

    def blur(self, i: int) -> np.ndarray:
        if i not in self.blurs:
            src, sigma = self._source(i)
            self.blurs[i] = _gauss(src, sigma)
        return self.blurs[i]

    def dog(self, k: int) -> np.ndarray:
        """DoG layer k (blur k+1 - blur k), whole."""
        if k not in self.dogs:
            self.dogs[k] = cv2.subtract(self.blur(k + 1), self.blur(k))
        return self.dogs[k]

    def dog_at(self, k: int, flat: np.ndarray) -> np.ndarray:
        """DoG layer k at the given flat pixel indices (the same float32 values as ``dog``)."""
        if k in self.dogs:
            at: np.ndarray = self.dogs[k].ravel()[flat]
            return at
        b = []
        h = self.level.shape[0]
        for i in (k + 1, k):
            if i in self.blurs:
                b.append(self.blurs[i].ravel()[flat])
                continue
            src, sigma = self._source(i)
            bands = _bands(flat, self.level.shape, sigma)
            if sum(y1 - y0 for y0, y1 in bands) > h // 2:
                b.append(self.blur(i).ravel()[flat])  # rows all over: blur it whole
            else:
                b.append(_blur_rows(src, sigma, flat, bands))
        diff: np.ndarray = b[0] - b[1]  # as cv2.subtract: float32 a - b
        return diff


def _extrema(
    space: _ScaleSpace, k: int, thr: float
) -> dict[bool, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per polarity (True: dark spots), the rows and columns (row-major order) of the
    scale-space extrema of DoG layer ``k`` over its 3x3x3 neighbourhood, and the layer's values
    there: maxima above ``thr`` (dark spots), minima below ``-thr`` (light spots).

    Known weakness: in a tight 6 the row of three pips can make a stronger blob one scale up
    and hide the middle pip. The same pixel one layer up and the layer's own 3x3 test leave a
    few hundred pixels; only those are compared with the two neighbouring layers (the same
    test as a max filter of the three layers' max, at a third of the cost): a whole layer
    first, then the other, made only at the survivors if not whole. Both polarities at once
    (a pixel is past one threshold or the other).
    """
    layer = space.dog(k)
    h, w = layer.shape
    flat = layer.ravel()
    # Past the threshold first (2-6% of the pixels), then the 3x3x3 test at those only: the
    # same pixels as a whole-layer dilate (or erode) compared with the layers, at less cost.
    # Row-major like np.nonzero, which is ~20x slower on a sparse 2-D mask.
    idx = np.flatnonzero(np.abs(layer) > thr)
    v = flat[idx]
    if len(v):
        # The same pixel one scale up first, one look each: it beats all but 0.3-17% of them
        # (an edge's or a big blob's response grows with scale), whose windows are then few.
        up = space.dog_at(k + 1, idx)
        ok = np.where(v > 0, v >= up, v <= up)
        idx, v = idx[ok], v[ok]
    for other in (k, *sorted((k - 1, k + 1), key=lambda o: o not in space.dogs)):
        if not len(v):
            break
        near = windows_at(idx, h, w)
        if other == k:
            nb = flat[near]
        else:
            nb = space.dog_at(other, near.ravel()).reshape(near.shape)
        # A dark spot's value is past all its neighbours' above, a light one's below.
        ok = np.where(v > 0, v >= nb.max(axis=0), v <= nb.min(axis=0))
        idx, v = idx[ok], v[ok]
    ys, xs = np.divmod(idx, w)
    dark = v > 0
    return {True: (ys[dark], xs[dark], v[dark]), False: (ys[~dark], xs[~dark], v[~dark])}


def _pyr_down(level: np.ndarray) -> np.ndarray:
    """``cv2.pyrDown(level.astype(np.float32))``; from 8-bit grey through 16-bit integers,
    which gives the same values at half the cost: the float filter sums integers exactly
    (weights 1-4-6-4-1, squared: at most 255 * 256) and divides by 256, and the 16-bit one
    sums 256 x the pixels and rounds its division by 256, exact too."""
    if level.dtype == np.uint8:
        if sys.byteorder == "little" and level.ndim == 2:
            # 256 x the pixels as the high bytes of 16-bit words: OpenCV's interleave of a
            # zero byte and the pixel beats numpy's widening shift.
            wide = cv2.merge([np.zeros_like(level), level]).view(np.uint16).reshape(level.shape)
        else:
            wide = np.left_shift(level, 8, dtype=np.uint16)
        # One pass: the division by 256 (exact) as the integers are converted.
        return np.multiply(cv2.pyrDown(wide), np.float32(1 / 256), dtype=np.float32)
    return cv2.pyrDown(level.astype(np.float32, copy=False))


def _skip_down(level: np.ndarray) -> np.ndarray:
    """A level no spot is sought in, halved: an 8-bit one stays 8-bit (``cv2.pyrDown``'s
    rounding to whole grey levels, within half a level of ``_pyr_down`` at a third of its
    cost; the DoG threshold is 5 levels and the blurs of the level it makes are float,
    ``_gauss``); a float one as ``_pyr_down``. A board's dice are sought one level up only:
    the image itself is only halved."""
    if level.dtype == np.uint8:
        return cv2.pyrDown(level)
    return _pyr_down(level)
