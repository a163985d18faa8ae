"""Is a lone pip in the middle of its face? A 1's pip is; a 2's (or a 3's) corner pip is not.

Dice-only photos (no board): a marbled 2 whose other pip is lost in the marbling reads as a 1
(fudw). A 1's face spreads round its pip alike on every side, so points 0.4 of a face side
from the pip, all round it, still lie on the face, of the face's colour. A corner pip's face
lies to one side of it: the points on the far side land on the table or the next die, and a
run of them differs in colour. Only chroma (Lab a, b) is compared: marbling and shading
change the face's lightness, not its hue.

    >>> import numpy as np
    >>> img = np.full((100, 100, 3), (40, 90, 160), np.uint8)  # brown table (BGR)
    >>> img[30:70, 30:70] = (200, 120, 30)  # a blue die's face, 40 px
    >>> img[48:53, 48:53] = 255  # its pip in the middle: a 1
    >>> off_centre(img, 50.0, 50.0, 2.5, 40.0)
    False
    >>> off_centre(img, 38.0, 38.0, 2.5, 40.0)  # a corner pip
    True
"""

from __future__ import annotations

import math

import cv2
import numpy as np

_AT = 0.4  # face sides from the pip: inside a 1's face all round (its edge lies at 0.5)
_RING = (2.2, 2.8)  # pip radii: the face's own colour is read on this ring round the pip
_CHROMA_OFF = 25.0  # Lab a, b distance: another surface (1s read right: 0-11 median)
_MIN_OFF = 3  # of _N points off the face: no 1 (tuning halves: right 1s 0, a fudw 2 read as 1 6)
_N = 16


def _chroma(bgr: np.ndarray, pts: list[tuple[float, float]]) -> np.ndarray:
    """Lab (a, b) of the image at the points (x, y), clipped to the frame, each the mean of
    its 3 x 3 pixels (a JPEG's single pixels are noisy in colour)."""
    h, w = bgr.shape[:2]
    xs = np.round([p[0] for p in pts]).astype(int)
    ys = np.round([p[1] for p in pts]).astype(int)
    acc = np.zeros((len(pts), 3), np.float32)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            acc += bgr[np.clip(ys + dy, 0, h - 1), np.clip(xs + dx, 0, w - 1)]
    px = np.round(acc / 9).astype(np.uint8).reshape(-1, 1, 3)
    return cv2.cvtColor(px, cv2.COLOR_BGR2LAB).reshape(-1, 3)[:, 1:].astype(np.float32)


def off_centre(bgr: np.ndarray, x: float, y: float, r: float, side: float) -> bool:
    """Does the lone pip at (``x``, ``y``), radius ``r``, of a die whose face side is
    ``side`` (all image pixels) lie off its face's middle: ``_MIN_OFF`` points or more of
    ``_N`` at ``_AT`` face sides round it of another chroma than the ring round the pip?"""
    turns = [2 * math.pi * k / _N for k in range(_N)]
    ring = [(x + d * r * math.cos(a), y + d * r * math.sin(a)) for a in turns for d in _RING]
    face = np.median(_chroma(bgr, ring), axis=0)
    far = [(x + _AT * side * math.cos(a), y + _AT * side * math.sin(a)) for a in turns]
    h, w = bgr.shape[:2]
    inside = [0 <= px < w and 0 <= py < h for px, py in far]
    dist = np.linalg.norm(_chroma(bgr, far) - face, axis=1)
    # A point outside the frame tells nothing of the face: not counted either way.
    return int(np.count_nonzero((dist > _CHROMA_OFF) & np.array(inside))) >= _MIN_OFF
