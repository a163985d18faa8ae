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
from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from vision.medians import rows_median

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


def _face_disc(
    box: tuple[int, int, int, int],
    centre: tuple[float, float],
    rad: float,
    pips: tuple[tuple[float, float, float], ...],
) -> np.ndarray:
    """Mask over ``box`` (x0, y0, x1, y1) of a disc of ``rad`` about ``centre``, less discs of
    1.8 radii + 1 px about the pips (x, y, r): the face between and round them."""
    x0, y0, x1, y1 = box
    yy, xx = np.ogrid[y0:y1, x0:x1]
    sel = (xx - centre[0]) ** 2 + (yy - centre[1]) ** 2 <= rad * rad
    for px, py, pr in pips:
        sel &= (xx - px) ** 2 + (yy - py) ** 2 > (1.8 * pr + 1) ** 2
    return sel


def _face_crop(
    shape: tuple[int, ...],
    centre: tuple[float, float],
    pips: tuple[tuple[float, float, float], ...],
    die_px: float,
) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The box (x0, y0, x1, y1) round a disc of 0.4 die sides about ``centre`` in an image of
    ``shape``, and the face's mask in it (``_face_disc``); None where too little face shows."""
    h, w = shape[:2]
    cx, cy = centre
    rad = 0.4 * die_px
    x0, x1 = max(0, int(cx - rad) - 1), min(w, int(cx + rad) + 2)
    y0, y1 = max(0, int(cy - rad) - 1), min(h, int(cy + rad) + 2)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return None
    sel = _face_disc((x0, y0, x1, y1), centre, rad, pips)
    if np.count_nonzero(sel) < 5:
        return None
    return (x0, y0, x1, y1), sel


# A die's pips are neutral (white, black) or, blurred into it, its face's colour washed toward
# neutral; on renders' right reads (board given: IMG_37201-37600, /tmp/train, unseen26) a pip's
# Lab a, b lay at most 13.6 off that segment. A cube's yellow numeral on its black body (read
# as a 2 at 0.82) lay 47 off, a checker's light notch between red checkers 10.
PIP_HUE_OFF = 16.0


def pip_hue_off(
    image_bgr: np.ndarray,
    centre: tuple[float, float],
    pips: tuple[tuple[float, float, float], ...],
    die_px: float,
) -> float:
    """How far (Lab a, b units) the least face-like pip's colour (x, y, r in image pixels,
    a 3x3 mean) lies off the segment from neutral grey to the face's colour (the median of a
    disc of 0.4 die sides about ``centre``, the pips masked out). 0.0 where too little face
    shows.

    >>> import numpy as np, cv2
    >>> img = np.full((60, 60, 3), (40, 40, 190), np.uint8)  # red face
    >>> _ = cv2.circle(img, (25, 25), 3, (235, 235, 235), -1)  # white pip
    >>> pip_hue_off(img, (30.0, 30.0), ((25.0, 25.0, 3.0),), 30.0) < 2
    True
    >>> _ = cv2.circle(img, (25, 25), 3, (40, 200, 230), -1)  # a yellow figure
    >>> pip_hue_off(img, (30.0, 30.0), ((25.0, 25.0, 3.0),), 30.0) > PIP_HUE_OFF
    True
    """
    found = _face_crop(image_bgr.shape, centre, pips, die_px)
    if found is None:
        return 0.0
    (x0, y0, x1, y1), sel = found
    lab = cv2.cvtColor(image_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).astype(np.float32)
    face = rows_median(lab[sel])[1:] - 128.0  # np.median's values, from one partition
    norm = float(face @ face)
    worst = 0.0
    for px, py, _ in pips:
        patch = cv2.getRectSubPix(lab, (3, 3), (px - x0, py - y0))
        # np.mean's and np.clip's numbers (its sum over 9; min and max), without their overhead.
        pip = np.add.reduce(patch.reshape(-1, 3), axis=0)[1:] / 9 - 128.0
        t = min(max(float(pip @ face / norm), 0.0), 1.0) if norm > 1e-6 else 0.0
        worst = max(worst, float(np.hypot(*(pip - t * face))))
    return worst


# A 2's pips lie on a diagonal with the face's blank middle between them: on renders' right
# reads of 2s (board given: IMG_37201-37600, 31801-32200, /tmp/train, unseen26; 657 of them)
# the grey there lay at most 0.04 of the pips' contrast off the face's in 95 %, past 0.1 in
# one (a cocked die). The light notches either side where two stacked checkers touch have the
# dark seam between them (0.14-0.29 off, read as 2s at 0.62 and 0.97).
MIDDLE_OFF = 0.12


def middle_off(
    grey: np.ndarray,
    centre: tuple[float, float],
    pips: tuple[tuple[float, float, float], ...],
    die_px: float,
) -> float:
    """How far the grey midway between a 2's two pips (x, y, r in image pixels; a 3x3 mean)
    lies off the face's (the median of a disc of 0.4 die sides about ``centre``, the pips
    masked out), as a share of the pips' contrast with the face. 0.0 for other faces or where
    too little face shows.

    >>> import numpy as np, cv2
    >>> img = np.full((60, 60), 200, np.uint8)
    >>> for x, y in ((22, 22), (38, 38)):
    ...     _ = cv2.circle(img, (x, y), 3, 30, -1)
    >>> pips = ((22.0, 22.0, 3.0), (38.0, 38.0, 3.0))
    >>> middle_off(img, (30.0, 30.0), pips, 40.0) < 0.05
    True
    >>> _ = cv2.line(img, (22, 22), (38, 38), 120, 1)  # a seam between the two spots
    >>> middle_off(img, (30.0, 30.0), pips, 40.0) > MIDDLE_OFF
    True
    """
    if len(pips) != 2:
        return 0.0
    greys = _face_pip_grey(grey, centre, pips, die_px)
    if greys is None:
        return 0.0
    (x0, y0), crop, face, pip = greys
    (ax, ay, _), (bx, by, _) = pips
    mid = float(cv2.getRectSubPix(crop, (3, 3), ((ax + bx) / 2 - x0, (ay + by) / 2 - y0)).mean())
    return abs(mid - face) / max(abs(pip - face), 1.0)


def _face_pip_grey(
    grey: np.ndarray,
    centre: tuple[float, float],
    pips: tuple[tuple[float, float, float], ...],
    die_px: float,
) -> tuple[tuple[int, int], np.ndarray, float, float] | None:
    """The face's crop (its top-left corner, as float32), the face's grey (the median of a
    disc of 0.4 die sides about ``centre``, the pips masked out) and the pips' mean grey;
    None where too little face shows (``middle_off``, ``corners_off``)."""
    found = _face_crop(grey.shape, centre, pips, die_px)
    if found is None:
        return None
    (x0, y0, x1, y1), sel = found
    h, w = grey.shape[:2]
    crop = grey[y0:y1, x0:x1].astype(np.float32)
    face = float(rows_median(crop[sel]))  # np.median's value, from one partition
    # A cocked die's pips may lie past the disc's box: read them off the whole image.
    pip = float(
        np.mean(
            [grey[min(h - 1, max(0, round(y))), min(w - 1, max(0, round(x)))] for x, y, _ in pips]
        )
    )
    return (x0, y0), crop, face, pip


# A flat 2's bare corners (where a 4's other two pips would lie) are face: on renders' 2s called
# flat and read right (board given: IMG_59601-60000, 57001-57800, 54001-54400; 381 dice) they lay
# at most 0.06 of the pips' contrast off the face grey but one (0.20); a cocked 1 read as a 2 with
# a side face's pip (its midpoint at the top face's edge) put a corner on the side face or the
# board: 0.12-0.30 in 5 of its 9 such reads. A flat 3's (its two corner pips): right reads 0.08 at
# most but two (0.13, 0.32) of 407; a cocked 4 read as a flat 3, 0.51.
CORNER_OFF = 0.1


def corners_off(
    grey: np.ndarray,
    centre: tuple[float, float],
    pips: tuple[tuple[float, float, float], ...],
    die_px: float,
) -> float:
    """How far the grey at a 2's or 3's two bare corners (the other diagonal of the square its
    corner pips' x, y in image pixels span; a 3x3 mean each) lies off the face's (as
    ``middle_off``), as a share of the pips' contrast with the face; the larger of the two. 0.0
    for other faces or where too little face shows.

    >>> import numpy as np, cv2
    >>> img = np.full((60, 60), 200, np.uint8)
    >>> for x, y in ((22, 22), (38, 38)):
    ...     _ = cv2.circle(img, (x, y), 3, 30, -1)
    >>> pips = ((22.0, 22.0, 3.0), (38.0, 38.0, 3.0))
    >>> corners_off(img, (30.0, 30.0), pips, 40.0) < 0.05
    True
    >>> img[:26, 35:] = 110  # a darker side face past the die's edge, at a bare corner
    >>> corners_off(img, (30.0, 30.0), pips, 40.0) > CORNER_OFF
    True
    """
    if len(pips) not in (2, 3):
        return 0.0
    # A 3's corner pips: the pair farthest apart (its middle pip lies between them).
    far = max(
        ((p, q) for k, p in enumerate(pips) for q in pips[k + 1 :]),
        key=lambda pq: math.hypot(pq[0][0] - pq[1][0], pq[0][1] - pq[1][1]),
    )
    greys = _face_pip_grey(grey, centre, pips, die_px)
    if greys is None:
        return 0.0
    _, _, face, pip = greys
    h, w = grey.shape[:2]
    (ax, ay, _), (bx, by, _) = far
    mx, my, hx, hy = (ax + bx) / 2, (ay + by) / 2, (bx - ax) / 2, (by - ay) / 2
    off = 0.0
    for s in (1.0, -1.0):
        cx, cy = mx - s * hy, my + s * hx
        if not (1 <= cx < w - 2 and 1 <= cy < h - 2):
            continue
        at = float(cv2.getRectSubPix(grey, (3, 3), (cx, cy)).astype(np.float32).mean())
        off = max(off, abs(at - face) / max(abs(pip - face), 1.0))
    return off


# A 2 whose bare corners are off its face is asked about, not acted on (under the referee's 0.6).
DOUBTED_TWO = 0.5


def doubt_bare_corners(grey: np.ndarray, readings: list[Any], die_px: float) -> list[Any]:
    """``readings`` (``DieReading``s, judged flat / cocked) with each 2 or 3 called flat whose
    bare corners lie off its face (``corners_off`` over ``CORNER_OFF``) given at most
    ``DOUBTED_TWO`` confidence: a cocked 1 with a side face's pip beside it is read so (a cocked
    4, three of its pips, as a 3), and a play judged against it may be called illegal. Cocked
    dice are left as they are (their roll is void whatever they show).

    >>> import numpy as np, cv2
    >>> from vision.dice import DieReading
    >>> img = np.full((60, 60), 200, np.uint8)
    >>> img[:26, 35:] = 110
    >>> for x, y in ((22, 22), (38, 38)):
    ...     _ = cv2.circle(img, (x, y), 3, 30, -1)
    >>> two = DieReading(value=2, bbox=(10, 10, 50, 50), centre=(30.0, 30.0), state="flat",
    ...                  confidence=0.9, top_face_size=24.0,
    ...                  pips=((22.0, 22.0, 3.0), (38.0, 38.0, 3.0)))
    >>> doubt_bare_corners(img, [two], 40.0)[0].confidence
    0.5
    """
    out = []
    for r in readings:
        pips = getattr(r, "pips", ())
        if (
            r.value in (2, 3)
            and r.state == "flat"
            and len(pips) == r.value
            and r.confidence > DOUBTED_TWO
            and corners_off(grey, r.centre, pips, die_px) > CORNER_OFF
        ):
            r = replace(r, confidence=DOUBTED_TWO)
        out.append(r)
    return out
