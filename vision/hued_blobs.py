"""Where a faint coloured die may lie: saturated patches of a die's size, found cheaply.

``vision.hued_dice`` seeks light pips at a low contrast floor, which is costly over a whole
board (about 21 ms a frame, session 32). A die it can keep has a body of one saturated hue
(``hued_dice._on_body``), so the search is run only about such patches. The image is shrunk
(a power of two, by block means) so a die side is about ``LOOK_SIDE`` pixels;
a pixel is kept where its HSV saturation reaches ``LOOK_SAT`` and its hue (the 3 x 3 median
of hue) steps by no more than ``HUE_STEP`` to any neighbour: the step cuts a die from a
board, triangle or checker of another hue. The connected patches left are measured by their
moments (a square's are the same at every turn): ``MIN_FILL``-``MAX_FILL`` of a die side's
area, ``MIN_EXTENT``-``MAX_EXTENT`` die sides across, of median saturation ``PATCH_SAT``, the
middle of a die about them (0.7 sides square) ``PATCH_BODY`` like them in hue and the ring
0.75-1.1 sides out at most ``PATCH_RING`` (``hued_dice._on_body``'s rule, looser). Patches
every part of which lies within ``apart`` die sides of a die read are skipped (``hued_dice``
drops every pip there). Each kept patch is padded by ``PAD`` die sides for the pip search.

Set on IMG_78601-78900 (renders, board given; every die session 32's whole-board search
keeps there lies in a box but one, IMG_78605, a red die joined to an orange triangle): a hue
step of 8 joined IMG_78733's red die to a red patch, 4 without the median split a noisy die
(IMG_79134 held out, which proved to be the cube's numeral: see ``vision.dice_cube``). About
a third of frames keep a patch (renders; 1.6 a frame where any), most of them checkers or
dice read, which the pip search then rejects.

Measured (session 33): see ``vision.hued_dice``'s docstring.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

LOOK_SIDE = 6.0  # pixels a die side spans in the shrunk look, about
LOOK_SAT = 50  # HSV saturation (0-255) a patch pixel reaches in the shrunk look
HUE_STEP = 4
HUE_MEDIAN = True  # OpenCV hue units (0-180): a patch pixel's step to its neighbours at most
MIN_FILL = 0.3  # of a die side's area, the patch's pixels at least
MAX_FILL = 3.0  # and at most
MIN_EXTENT = 0.5  # die sides: a patch's extent (a square's side from its moments) at least
MAX_EXTENT = 1.8  # die sides: at most (a tilted die shows sides)
PATCH_SAT = 120  # HSV saturation the patch's median reaches at least
PATCH_HUE = 10  # OpenCV hue units about the patch's median hue: like it
PATCH_BODY = 0.85  # of a die's middle like the patch, at least
PATCH_RING = 0.45  # of the ring about it like the patch, at most
PAD = 1.0  # die sides added round a patch for the pip search

Box = tuple[int, int, int, int]


def body_boxes(
    image_bgr: np.ndarray,
    side: float,
    regions: Sequence[Box],
    read: Sequence[tuple[float, float]],
    apart: float,
) -> list[Box]:
    """Boxes (image px, within ``regions``) about saturated die-sized patches, ``side`` the
    die side in image pixels; none whose patch lies wholly within ``apart`` sides of a die
    ``read`` (centres, image px)."""
    k = 2 ** max(0, int(round(math.log2(max(side / LOOK_SIDE, 1.0)))))
    h, w = image_bgr.shape[:2]
    boxes: list[Box] = []
    for x0, y0, x1, y1 in regions:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if (x1 - x0) // k < 8 or (y1 - y0) // k < 8:
            continue
        x1, y1 = x0 + (x1 - x0) // k * k, y0 + (y1 - y0) // k * k
        crop = image_bgr[y0:y1, x0:x1]
        small = _shrunk(crop, k)
        hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
        for cx, cy, half in _patches(hsv, side / k):
            ix, iy, ih = x0 + (cx + 0.5) * k - 0.5, y0 + (cy + 0.5) * k - 0.5, half * k
            if any(
                math.hypot(abs(ix - c[0]) + ih, abs(iy - c[1]) + ih) <= apart * side for c in read
            ):
                continue
            r = ih + PAD * side
            boxes.append(
                (
                    max(x0, int(ix - r)),
                    max(y0, int(iy - r)),
                    min(x1, int(ix + r) + 1),
                    min(y1, int(iy + r) + 1),
                )
            )
    return _merged(boxes)


def _shrunk(img: np.ndarray, k: int) -> np.ndarray:
    """``img`` shrunk ``k`` times (a power of two; sides a multiple of ``k``), each pixel the
    mean of its k x k block: halved by linear interpolation, which at half scale is the mean
    of 2 x 2 (the same as INTER_AREA to rounding, several times faster)."""
    while k > 1:
        img = cv2.resize(
            img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_LINEAR
        )
        k //= 2
    return img


def hue_apart(a: np.ndarray, b: np.ndarray | int) -> np.ndarray:
    """How far apart OpenCV hues (0-179, a circle) lie: red at 2 and at 178 are 4 apart.

    >>> hue_apart(np.array([2, 90]), 178).tolist()
    [4, 88]
    """
    d = np.abs(a - b)
    apart: np.ndarray = np.minimum(d, 180 - d)
    return apart


def _patches(hsv: np.ndarray, look: float) -> list[tuple[float, float, float]]:
    """Centres and half extents (shrunk px; ``look`` the die side there) of the patches of
    ``hsv`` that look like a die's body."""
    hue = cv2.medianBlur(hsv[:, :, 0], 3).astype(np.int16)  # one of its 9 inputs: red stays red
    keep = hsv[:, :, 1] >= LOOK_SAT
    down = hue_apart(hue[1:], hue[:-1]) > HUE_STEP  # a step between rows
    keep[:-1] &= ~down
    keep[1:] &= ~down
    across = hue_apart(hue[:, 1:], hue[:, :-1]) > HUE_STEP
    keep[:, :-1] &= ~across
    keep[:, 1:] &= ~across
    n, lab = cv2.connectedComponents(keep.view(np.uint8), connectivity=8)
    if n < 2:
        return []
    idx = np.flatnonzero(lab)
    labs = lab.ravel()[idx]
    ys, xs = np.divmod(idx, lab.shape[1])
    area = np.bincount(labs, minlength=n).astype(np.float64)
    ok = (area >= MIN_FILL * look * look) & (area <= MAX_FILL * look * look)
    ok[0] = False
    if not ok.any():
        return []
    a = np.maximum(area, 1.0)
    mx = np.bincount(labs, xs.astype(np.float64), n) / a
    my = np.bincount(labs, ys.astype(np.float64), n) / a
    vx = np.bincount(labs, xs.astype(np.float64) ** 2, n) / a - mx**2
    vy = np.bincount(labs, ys.astype(np.float64) ** 2, n) / a - my**2
    ex = np.sqrt(12 * np.maximum(vx, 0) + 1) / look  # a square's side from its moments
    ey = np.sqrt(12 * np.maximum(vy, 0) + 1) / look
    ok &= (np.minimum(ex, ey) >= MIN_EXTENT) & (np.maximum(ex, ey) <= MAX_EXTENT)
    out = []
    for i in np.flatnonzero(ok).tolist():
        if _body_like(hsv, lab, i, float(mx[i]), float(my[i]), look):
            out.append((float(mx[i]), float(my[i]), 0.5 * float(max(ex[i], ey[i])) * look))
    return out


def _body_like(hsv: np.ndarray, lab: np.ndarray, i: int, cx: float, cy: float, look: float) -> bool:
    """Whether patch ``i`` of ``lab`` is saturated, one hue over the middle of a die about
    (``cx``, ``cy``), and the ring about it is not: ``hued_dice._on_body``'s test, shrunk."""
    h, w = lab.shape
    r = int(math.ceil(1.1 * look)) + 1
    u0, v0 = max(0, int(cx) - r), max(0, int(cy) - r)
    u1, v1 = min(w, int(cx) + r + 1), min(h, int(cy) + r + 1)
    win = hsv[v0:v1, u0:u1]
    comp = lab[v0:v1, u0:u1] == i
    if not comp.any() or np.median(win[:, :, 1][comp]) < PATCH_SAT:
        return False
    hue_there = hue_apart(win[:, :, 0].astype(np.int16), int(np.median(win[:, :, 0][comp])))
    like = (hue_there <= PATCH_HUE) & (win[:, :, 1] >= 54)
    yy, xx = np.mgrid[v0:v1, u0:u1]
    cheb = np.maximum(np.abs(xx - cx), np.abs(yy - cy))
    body = cheb <= 0.35 * look
    ring = (cheb >= 0.75 * look) & (cheb <= 1.1 * look + 0.5)
    if not body.any() or like[body].mean() < PATCH_BODY:
        return False
    return not ring.any() or like[ring].mean() <= PATCH_RING


def _merged(boxes: list[Box]) -> list[Box]:
    """``boxes`` with overlapping ones replaced by their union."""
    out: list[Box] = []
    for b in boxes:
        for i, o in enumerate(out):
            if b[0] <= o[2] and o[0] <= b[2] and b[1] <= o[3] and o[1] <= b[3]:
                out[i] = (min(b[0], o[0]), min(b[1], o[1]), max(b[2], o[2]), max(b[3], o[3]))
                break
        else:
            out.append(b)
    return out
