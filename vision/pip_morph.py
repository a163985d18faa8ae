"""The pip search's measuring filter, applied only where it is read: the glint filter of
``vision.pips`` (an opening or closing) over the few percent of a frame round the pip
candidates; split from ``vision.pips`` for size.

    >>> import numpy as np, cv2
    >>> img = np.random.default_rng(0).integers(0, 255, (900, 900)).astype(np.uint8)
    >>> k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    >>> cands = np.array([[100.0, 200.0, 3.0], [700.0, 650.0, 5.0]])
    >>> got = morph_near(img, cv2.MORPH_OPEN, k, cands, 2.6)
    >>> whole = cv2.morphologyEx(img, cv2.MORPH_OPEN, k)
    >>> bool((got[190:211, 90:111] == whole[190:211, 90:111]).all())
    True
"""

from __future__ import annotations

import cv2
import numpy as np

_CELL = 32  # px: the grid on which the candidates' surroundings are gathered
_WHOLE_PX = 1 << 19  # images up to this many pixels are filtered whole


def morph_near(
    gray: np.ndarray, op: int, kernel: np.ndarray, cands: np.ndarray, radii: float
) -> np.ndarray:
    """``cv2.morphologyEx(gray, op, kernel)`` where the pip measure samples it for the
    candidates (rows x, y, r): within ``radii`` radii of each. Undefined elsewhere.

    A frame has tens to hundreds of candidates over a few percent of it, so the filter runs on
    the bounding boxes of connected groups of grid cells around them (the whole image took
    ~3 ms a read). The cells reach a filter's width beyond the samples, so inside them the
    filter sees what it sees in the whole image; each box writes its inside less a filter's
    width (where it holds the whole image's values, its own samples among them).
    """
    h, w = gray.shape
    out = np.empty_like(gray)
    if len(cands) == 0:
        return out
    if h * w <= _WHOLE_PX:
        # A small image (a changed region's crop): the whole filter costs less than the
        # grid's bookkeeping (160 x 160: ~0.05 against ~0.3 ms).
        return cv2.morphologyEx(gray, op, kernel)
    grow = 2 * (max(kernel.shape) // 2)  # an opening or closing: two filter passes
    reach = np.ceil(radii * cands[:, 2]).astype(int) + 1 + grow
    cx, cy = np.round(cands[:, 0]).astype(int), np.round(cands[:, 1]).astype(int)
    gx0, gx1 = np.clip(cx - reach, 0, w - 1) // _CELL, np.clip(cx + reach, 0, w - 1) // _CELL
    gy0, gy1 = np.clip(cy - reach, 0, h - 1) // _CELL, np.clip(cy + reach, 0, h - 1) // _CELL
    grid = np.zeros((-(-h // _CELL), -(-w // _CELL)), np.uint8)
    for a0, a1, b0, b1 in zip(gx0.tolist(), gx1.tolist(), gy0.tolist(), gy1.tolist(), strict=True):
        grid[b0 : b1 + 1, a0 : a1 + 1] = 1
    n, _, stats, _ = cv2.connectedComponentsWithStats(grid, connectivity=8)
    for c0, r0, cw, ch in stats[1:, :4].tolist():
        x0, y0 = c0 * _CELL, r0 * _CELL
        x1, y1 = min(w, (c0 + cw) * _CELL), min(h, (r0 + ch) * _CELL)
        filtered = cv2.morphologyEx(gray[y0:y1, x0:x1], op, kernel)
        # The box less ``grow`` inside its edges (not the image's) holds the whole filter's
        # values, and holds its own group's samples: written so, boxes that overlap write
        # the same values where they meet (no mask of the group's cells to make).
        a0, b0 = (x0 + grow if x0 else 0), (y0 + grow if y0 else 0)
        a1, b1 = (x1 - grow if x1 < w else w), (y1 - grow if y1 < h else h)
        out[b0:b1, a0:a1] = filtered[b0 - y0 : b1 - y0, a0 - x0 : a1 - x0]
    return out
