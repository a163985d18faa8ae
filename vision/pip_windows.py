"""The 3x3 windows of the pip search's scale-space extrema test as flat pixel indices (split
from ``vision.pips`` for size): ``window`` clipped to the image, ``windows_at`` the same from
fixed flat offsets, cheaper on the thousands of pixels a DoG layer's threshold leaves.

    >>> import numpy as np
    >>> windows_at(np.array([4, 0]), 3, 3).T.tolist()  # the middle of 3 x 3, and a corner
    [[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 0, 1, 3, 3, 4]]
"""

from __future__ import annotations

import numpy as np

_STEP = np.array([-1, 0, 1])[:, None]


def window(ys: np.ndarray, xs: np.ndarray, h: int, w: int) -> np.ndarray:
    """Flat indices (9, n) of the 3x3 windows around (ys, xs), clipped to the image: the
    repeated pixel is in the window already, as a morphology filter ignores what lies
    outside the image. (np.clip costs ~10 us a call in Python; one pair serves all nine.)"""
    yy = np.minimum(np.maximum(ys + _STEP, 0), h - 1)
    xx = np.minimum(np.maximum(xs + _STEP, 0), w - 1)
    idx: np.ndarray = (yy[:, None, :] * w + xx[None, :, :]).reshape(9, -1)
    return idx


def windows_at(idx: np.ndarray, h: int, w: int) -> np.ndarray:
    """``window`` of the pixels at flat indices ``idx``: the eight neighbours at fixed flat
    offsets (a third of the work on the thousands a layer's threshold leaves), those on the
    image's edge through ``window``'s clipping."""
    near = idx + (_STEP * w + _STEP.T).reshape(9, 1)
    col = idx % w
    edge = (idx < w) | (idx >= (h - 1) * w) | (col == 0) | (col == w - 1)
    if edge.any():
        ys, xs = np.divmod(idx[edge], w)
        near[:, edge] = window(ys, xs, h, w)
    out: np.ndarray = near
    return out
