"""Where the dice finder searches for pips (split from ``vision.dice`` for size): ``pips_in``
finds them inside boxes of the work image only, ``mask_box`` is the box a board's dice mask
needs (dice are only kept where the mask is set, so pips far outside it are not wanted).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from vision.pip_dedupe import dedupe
from vision.pips import Pip, find_pips

# A board's pip search is cropped to its mask's box only when the box is less than this share
# of the image: a crop nearly the whole image does not pay.
CROP_SHARE = 0.95


def mask_box(mask: np.ndarray, die_size_px: float) -> list[tuple[int, int, int, int]] | None:
    """The box to search for pips when dice are only kept where ``mask`` is set: its bounding
    box grown by 1.5 dice (a die centred on its edge keeps its pips and what is measured
    around them), or None when that is most of the image (a crop would not pay).

    >>> m = np.zeros((100, 200), np.uint8); m[40:60, 50:90] = 1
    >>> mask_box(m, 10.0)
    [(34, 24, 106, 76)]
    """
    x, y, w, h = cv2.boundingRect(mask.astype(np.uint8, copy=False))
    grow = int(1.5 * die_size_px) + 1
    hi, wi = mask.shape[:2]
    x0, y0 = max(0, x - grow), max(0, y - grow)
    x1, y1 = min(wi, x + w + grow), min(hi, y + h + grow)
    if (x1 - x0) * (y1 - y0) > CROP_SHARE * hi * wi:
        return None
    return [(x0, y0, x1, y1)]


def reaches_mask(mask: np.ndarray, cx: float, cy: float, half: float) -> bool:
    """Does a die centred at (``cx``, ``cy``) with half side ``half`` (pixels) reach into
    ``mask``: its centre or the middle of one of its sides lies where the mask is set? A die
    lying across the mask's edge is kept whole, not by where its centre falls (the labelled
    and the found board differ by a few pixels: a die at the edge came and went with them).

    >>> m = np.zeros((100, 100), np.uint8); m[:, :50] = 1
    >>> reaches_mask(m, 55.0, 20.0, 10.0), reaches_mask(m, 65.0, 20.0, 10.0)
    (True, False)
    """
    h, w = mask.shape[:2]
    for x, y in ((cx, cy), (cx - half, cy), (cx + half, cy), (cx, cy - half), (cx, cy + half)):
        if 0 <= x < w and 0 <= y < h and mask[int(y), int(x)]:
            return True
    return False


def pips_in(
    gray: np.ndarray,
    r_range: tuple[float, float],
    regions: Sequence[tuple[int, int, int, int]],
    f: float,
) -> list[Pip]:
    """Pips found inside the given boxes (image pixels) of the work image ``gray``."""
    h, w = gray.shape
    out: list[Pip] = []
    for x0, y0, x1, y1 in regions:
        # Crops start on the pyramid's grid (multiples of 8 work pixels), so that a spot is
        # measured exactly as in the whole image.
        a0, b0 = max(0, int(x0 * f) // 8 * 8), max(0, int(y0 * f) // 8 * 8)
        a1, b1 = min(w, int(math.ceil(x1 * f))), min(h, int(math.ceil(y1 * f)))
        if a1 - a0 < 16 or b1 - b0 < 16:
            continue
        out.extend(
            replace(p, x=p.x + a0, y=p.y + b0)
            for p in find_pips(gray[b0:b1, a0:a1], r_range=r_range)
        )
    # Overlapping boxes find a spot twice: as in the whole image, the stronger one stays.
    return dedupe(out)
