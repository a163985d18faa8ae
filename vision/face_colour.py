"""Is the face round a lone pip one colour? A 1's pip sits in the middle of its face, so a
ring a quarter of the die side out lies on that face all round, in one colour. A light spot
where two stacked checkers touch (the board showing through the notches either side) is the
commonest phantom 1 on the renders: the ring round it crosses the board as well as the two
checkers, which differ in hue, not always in grey. A ring of one hue but not one lightness
may run off the face past a near edge: the pip is then a corner pip of a face whose other
pips were missed (a 2 read as a 1 on a paper board, whose white dice are near its colour),
and the die is left unread.

    >>> import numpy as np, cv2
    >>> img = np.full((100, 100, 3), (40, 40, 200), np.uint8)  # a red die face
    >>> round(ring_spreads(img, 50.0, 50.0, 11.0)[0], 1)
    0.0
    >>> img[:, 55:] = (40, 160, 40)  # green board on one side
    >>> ring_spreads(img, 50.0, 50.0, 11.0)[0] > FACE_CHROMA_SPREAD
    True
"""

from __future__ import annotations

import math

import cv2
import numpy as np

RING_AT = 0.25  # ring radius, share of the die side: on the top face even when foreshortened
FACE_CHROMA_SPREAD = 8.0  # Lab chroma units off the ring's median colour, at most
FACE_LIGHT_SPREAD = 7.0  # 8-bit Lab lightness off the ring's median, at most, for a read
_SAMPLES = 16
_OFF = 3  # a ring with this many samples off its median colour is not one face
_ANGLES = np.linspace(0.0, 2 * math.pi, _SAMPLES, endpoint=False)


def ring_spreads(image_bgr: np.ndarray, x: float, y: float, radius: float) -> tuple[float, float]:
    """(chroma, lightness): how far off the ring's median colour its ``_OFF``-th farthest
    sample is, in Lab a, b (8-bit Lab, about CIE units) and in 8-bit Lab lightness: 16 points
    on a circle of ``radius`` about (x, y), each a 3x3 mean. (0.0, 0.0) where too little of
    the ring lies in the image to tell."""
    h, w = image_bgr.shape[:2]
    ext = int(math.ceil(radius)) + 2
    x0, x1 = max(0, int(x) - ext), min(w, int(x) + ext + 2)
    y0, y1 = max(0, int(y) - ext), min(h, int(y) + ext + 2)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return 0.0, 0.0
    # Only the patch under the ring is converted: a read asks for a few lone pips at most.
    patch = cv2.blur(image_bgr[y0:y1, x0:x1], (3, 3))
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB)
    xs = np.round(x + radius * np.cos(_ANGLES)).astype(int) - x0
    ys = np.round(y + radius * np.sin(_ANGLES)).astype(int) - y0
    inside = (xs >= 0) & (xs < x1 - x0) & (ys >= 0) & (ys < y1 - y0)
    if np.count_nonzero(inside) < _SAMPLES - 4:
        return 0.0, 0.0
    v = lab[ys[inside], xs[inside]].astype(np.float32)
    med = np.median(v, axis=0)
    dist = np.sort(np.hypot(v[:, 1] - med[1], v[:, 2] - med[2]))
    light = np.sort(np.abs(v[:, 0] - med[0]))
    return float(dist[-_OFF]), float(light[-_OFF])


# Board reads: the grey the pips are sought and measured in is luma less this share of the
# chroma (max - min channel). A coloured die's white pips stand out from its body by more than
# in luma (renders' red body 85 -> 10, green 110 -> 55 against white 235), where blurred small
# pips measured under the finder's contrast bar; neutral faces and their dark pips keep their
# grey. Board given, flat and on-checker dice missed: IMG_37201-37600 26 -> 20 (4 of them
# off the board, outside the reader's mask), IMG_31801-32200 27 -> 17.
# A shade of 0.3 gained less and misread a flat 2; the smallest channel alone (1.0, in
# effect) let side faces' pips link to the top's: saturated faces lose their shading there.
PIP_CHROMA = 0.5


def pip_grey(image_bgr: np.ndarray, grey: np.ndarray, chroma: float = PIP_CHROMA) -> np.ndarray:
    """``grey`` (the image's luma) less ``chroma`` times each pixel's chroma (its largest
    channel less its smallest), saturated at 0: light pips on a saturated die's body gain
    contrast, a neutral face keeps its grey (~1 ms for 1280x960).

    >>> import numpy as np, cv2
    >>> img = np.zeros((2, 2, 3), np.uint8)
    >>> img[0, 0], img[0, 1], img[1, 0] = (40, 40, 190), (235, 235, 235), (40, 150, 60)
    >>> pip_grey(img, cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)).tolist()
    [[10, 235], [56, 0]]
    """
    b, g, r = cv2.split(image_bgr)
    spread = cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r))
    return cv2.addWeighted(grey, 1.0, spread, -chroma, 0.0)
