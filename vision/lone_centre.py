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

Where the marbling leaves the face one colour round the pip, the lost pip may still be found,
alone, left out of every face (the link between the two found no clean face between them):
a like pip (``paired``) a 2's diagonal away tells the lone pip is a 2's (``PAIR_APART``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision.pips import Pip

_AT = 0.4  # face sides from the pip: inside a 1's face all round (its edge lies at 0.5)
_RING = (2.2, 2.8)  # pip radii: the face's own colour is read on this ring round the pip
_CHROMA_OFF = 25.0  # Lab a, b distance: another surface (1s read right: 0-11 median)
_MIN_OFF = 3  # of _N points off the face: no 1 (tuning halves: right 1s 0, a fudw 2 read as 1 6)
_N = 16
# Half face sides (the photo's median read face, ``vision.dice``'s ``ref_work``) a 2's two pips
# lie apart: at +-0.25 to +-0.3 of a side on both axes, 1.41-1.70; two dice's centre pips lie
# two half sides apart or more (a die's side and a gap). fudw, the lone pips read 1 with a
# like pip no face took (as round as a pip, ``PAIR_ROUND``, alike in roundness as a 2's two
# pips, in size and contrast as the link's bars): the tuning half a 2 at 1.62 and a right 1
# at 1.66 beside a pip 0.30 less round (hence the spread bar 0.25, under a 2's pair's 0.3 in
# ``face_groups``, for a margin), held out (seen while making this rule) 2s at 1.44 and 1.62;
# right 1s beside a pip of another die 1.79-2.11 (matteop65's tuning half, fudw), beside a
# flat spot (roundness 0.26-0.39) 1.46-1.79 (fudw, the Pi camera, matteop65).
PAIR_APART = (1.2, 1.7)
PAIR_ROUND = 0.45  # a pip this round at least (face_split's bar: flatter is a side face's)
PAIR_SPREAD = 0.25  # roundness apart, at most: a 2's two pips are foreshortened alike
PAIR_LIKE = 0.4  # |log| of the radius and of the contrast ratio, at most (the link's bars)


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


def paired(p: Pip, pips: Sequence[Pip], counted: set[tuple[float, float]], half: float) -> bool:
    """Whether the lone pip ``p`` has a like pip no face counted (``counted``: x, y) a 2's
    diagonal away (``PAIR_APART`` half face sides of ``half``; all in the same pixels): its
    die shows a 2 whose pips the link did not join, and reads no 1.

    >>> a = Pip(50.0, 50.0, 3.0, False, 80.0, 150.0, 230.0, 0.8)
    >>> b = Pip(62.0, 62.0, 3.0, False, 70.0, 150.0, 220.0, 0.7)
    >>> paired(a, [a, b], set(), 11.0)  # 17 px apart: 1.54 half sides
    True
    >>> paired(a, [a, b], set(), 8.0)  # 2.1: another die's pip
    False
    >>> paired(a, [a, b], {(62.0, 62.0)}, 11.0)  # counted on a face
    False
    """
    if half <= 0:
        return False
    for q in pips:
        if q is p or (q.x, q.y) in counted or q.dark != p.dark:
            continue
        if q.circularity < PAIR_ROUND or abs(q.circularity - p.circularity) > PAIR_SPREAD:
            continue
        like = max(abs(math.log(q.r / p.r)), abs(math.log(q.contrast / p.contrast)))
        if like > PAIR_LIKE:
            continue
        if PAIR_APART[0] <= math.hypot(q.x - p.x, q.y - p.y) / half <= PAIR_APART[1]:
            return True
    return False
