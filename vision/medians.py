"""Exact per-channel medians of 8-bit images from histograms (and each pixel's offsets off
them, ``off_median``), and numpy's median and colour length of a few pixels without numpy's
generic overhead (the same numbers).

``np.median`` sorts a float copy; on whole 8-bit values the histogram's middle pair gives the
same number several times faster (a read asks for dozens of strip medians).

    >>> import numpy as np
    >>> channel_medians(np.array([[[1, 10, 7]], [[3, 20, 8]]], np.uint8)).tolist()
    [2.0, 15.0, 7.5]
"""

from __future__ import annotations

import cv2
import numpy as np


def channel_medians(img: np.ndarray) -> np.ndarray:
    """Per-channel median (float32) of an 8-bit H x W x C image, as ``np.median`` gives it on
    the float copy: the mean of the middle pair."""
    n = img.shape[0] * img.shape[1]
    out = np.empty(img.shape[2], np.float32)
    for c in range(img.shape[2]):
        # Counts are exact in float32 (far under 2**24 pixels).
        cum = np.cumsum(cv2.calcHist([img], [c], None, [256], [0, 256]).ravel())
        lo, hi = np.searchsorted(cum, [(n - 1) // 2, n // 2], side="right")
        out[c] = (np.float32(lo) + np.float32(hi)) / np.float32(2)
    return out


def colour_median(px: np.ndarray) -> np.ndarray:
    """``np.median(px, axis=0)`` of (N, 3) colours, the same values: from histograms when they
    are whole 8-bit values (``to_lab``'s are; several times faster), else numpy's."""
    q = px.astype(np.uint8)
    if len(px) == 0 or not np.array_equal(q, px):
        numpys: np.ndarray = np.median(px, axis=0)
        return numpys
    ours: np.ndarray = channel_medians(q.reshape(-1, 1, 3)).astype(px.dtype)
    return ours


def rows_median(rows: np.ndarray) -> np.ndarray:
    """``np.median(rows, axis=0)`` of a float (pixels, channels) array without NaNs, the same
    values: the middle row's, or the mean of the middle two as numpy takes it (their sum over
    2 in the array's type), from one partition."""
    n = len(rows)
    lo, hi = (n - 1) // 2, n // 2
    part = np.partition(rows, (lo, hi), axis=0)
    if lo == hi:
        one: np.ndarray = part[lo]
        return one
    mean: np.ndarray = np.add(part[lo], part[hi]) / rows.dtype.type(2)
    return mean


def masked_medians(stacked: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``np.median(stacked[:, mask], axis=1)`` of stacked colour images (n, H, W, C) and an
    (H, W) mask, the same values: each image's masked pixels gathered by flat index, channels
    first, and partitioned along the last axis (numpy's median partitions along a middle axis,
    ~4x slower on the 24 points' strips); the middle one, or the middle pair's sum over 2 in
    the array's type, as numpy takes it.

        >>> s = np.arange(24, dtype=np.float32).reshape(2, 2, 2, 3)
        >>> masked_medians(s, np.array([[True, False], [False, True]])).tolist()
        [[4.5, 5.5, 6.5], [16.5, 17.5, 18.5]]
    """
    n, c = len(stacked), stacked.shape[-1]
    at = np.flatnonzero(mask)  # row-major, as boolean indexing takes them
    px = np.take(stacked.reshape(n, -1, c), at, axis=1)  # (n, pixels, C)
    out: np.ndarray
    if not len(at) or px.dtype.kind != "f" or np.isnan(px).any():
        out = np.median(px, axis=1)
        return out
    rows = np.ascontiguousarray(px.transpose(0, 2, 1))  # (n, C, pixels)
    lo, hi = (len(at) - 1) // 2, len(at) // 2
    part = np.partition(rows, (lo, hi), axis=2)
    out = part[..., lo] if lo == hi else np.add(part[..., lo], part[..., hi]) / rows.dtype.type(2)
    return out


def median_of(values: list[float]) -> float:
    """``float(np.median(values))`` of a short list (a face's pips), without numpy's overhead:
    the middle value, or the mean of the middle two as numpy takes it ((a + b) / 2)."""
    s = sorted(values)
    n = len(s)
    if n == 0:
        return float("nan")
    m = n // 2
    return float(s[m]) if n % 2 else float((s[m - 1] + s[m]) / 2)


def colour_length(f: np.ndarray) -> np.ndarray:
    """``np.linalg.norm(f, axis=2)`` of a float32 H x W x 3 image, the same values ~5x faster
    (numpy reduces a 3-long axis slowly): the squares summed in numpy's order, (b + g) + r;
    whole values (8-bit colours + 1) sum exactly in any order."""
    sq = f * f
    length: np.ndarray = np.sqrt(sq[..., 0] + sq[..., 1] + sq[..., 2])
    return length


_LEVELS = np.arange(256, dtype=np.float32)  # the 8-bit values, for the tables


def off_median(lab: np.ndarray, median: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lightness off the median (float32) and the squared chroma off it, of 8-bit Lab
    (``channel_medians``' median): each 8-bit value's, from 256-entry tables (an 8-bit value
    less a median and its square are exact in float32).

    >>> dl, c2 = off_median(np.array([[[10, 130, 125]]], np.uint8), np.float32([4, 128, 128]))
    >>> dl.tolist(), c2.tolist()
    ([[6.0]], [[13.0]])
    """
    off = np.ascontiguousarray((_LEVELS[:, None] - median[None, :]).T).reshape(3, 1, 256)
    # Split first: three 8-bit planes and a table each cost half as much as a 3-channel
    # float table's output split into planes (the same float32 entries).
    lum, a, b = cv2.split(lab)
    sq = off * off
    return cv2.LUT(lum, off[0]), cv2.LUT(a, sq[1]) + cv2.LUT(b, sq[2])
