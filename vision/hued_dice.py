"""Faint coloured dice: a green or red die whose light pips fall under the pip search's
contrast, found on its body's hue.

Round 1 of session 32's missed-dice audit (board given, IMG_75801-76100 and /tmp/unseen51-52)
found the largest class of dice never seen to be green and red dice on light boards (the
fm_beige style), their pips blurred under the blob threshold even in ``pip_grey``. Their
body is what shows: a die-sized patch of one saturated hue, unlike the board under it.

``hued_dice`` runs only where no die was found (every die read lies more than ``APART`` die
sides away), on the image's smallest channel (a light pip is light in all three channels, a
saturated body dark in at least one), with a low contrast floor (``MIN_CONTRAST``). A cluster
of ``MIN_PIPS`` to six light pips alike in size within a face's extent becomes a die only
where the patch of a die side about it, the pips left out, is of one hue (``BODY_SAT``,
``BODY_HUE_SHARE``), the ring about the patch is not (``RING_SHARE``: the board, a triangle or
a checker under the die), and the pips stand plainly above the body (``PIP_LIFT``). The
clusters are returned apart from the faces read; ``vision.dice`` reads them unread at
``dice_tilted.ALONE_CONFIDENCE`` at most, so nothing read changes and the referee asks.

Thresholds were set on the audit's missed coloured dice (IMG_75801-76100, /tmp/unseen51-52,
board given; their patch's median saturation over 90, 70 % of it within 10 hue units).
Measured before -> after (session 32), board given: tuning IMG_75801-76100 recall 97.3 ->
97.8 % (+3 dice, all labelled, 0 phantoms); the audit's 17 missed coloured dice
(tune + unseen51-52) 8 found; held out IMG_76101-76400 96.6 -> 97.3 % (+4, 0 phantoms),
believed counts 5279/2 -> 5280/2, exact unchanged. Every die already read identical in the
saved predictions (600 boards); a new die can change what the board reader makes of the
checkers under it (held out IMG_76221: two doubted points read otherwise, still doubted).
Dev (board given) 99.5 -> 100.0 % (+1, 0 phantoms); held out found (first 119 boards, run
cut short) and the real boards (paper webcam, fm gammon) predictions identical. New dice sit
at confidence 0.3 at most: dice acted on / wrong unchanged. Dice photos have no die size:
not run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision.pip_groups import Group, make_group, median
from vision.pips import Pip, find_pips

APART = 1.2  # die sides from any die read
MIN_CONTRAST = 12.0
MIN_PIPS = 2
LINK = 0.85  # die sides: the farthest two pips of one face (corner to corner 0.82)
BODY_SAT = 90  # HSV saturation (0-255) the body's median reaches at least
BODY_HUE = 10  # OpenCV hue units (0-180) about the body's median hue
BODY_HUE_SHARE = 0.7  # of the body's pixels within BODY_HUE of its hue and saturated
RING_SHARE = 0.35  # of the ring's pixels like the body at most
PIP_LIFT = 40.0  # the pips' smallest channel over the body's, at least


def hued_dice(
    image_bgr: np.ndarray,
    f: float,
    die_px: float,
    regions: Sequence[tuple[int, int, int, int]],
    read: Sequence[Group],
) -> list[Group]:
    """Clusters of light pips (work pixels, work scale ``f``, die side ``die_px`` work pixels)
    on a coloured die's body, apart from the faces ``read``, within ``regions`` (image px)."""
    low = cv2.min(cv2.min(image_bgr[:, :, 0], image_bgr[:, :, 1]), image_bgr[:, :, 2])
    if f < 1:
        low = cv2.resize(low, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    elif f > 1.05:
        low = cv2.resize(low, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    else:
        f = 1.0
    h, w = low.shape
    r_range = (0.065 * die_px, 0.12 * die_px)
    pips: list[Pip] = []
    for x0, y0, x1, y1 in regions:
        a0, b0 = max(0, int(x0 * f) // 8 * 8), max(0, int(y0 * f) // 8 * 8)
        a1, b1 = min(w, int(math.ceil(x1 * f))), min(h, int(math.ceil(y1 * f)))
        if a1 - a0 < 16 or b1 - b0 < 16:
            continue
        for p in find_pips(low[b0:b1, a0:a1], r_range=r_range, min_contrast=MIN_CONTRAST):
            x, y = p.x + a0, p.y + b0
            if p.dark or any(math.hypot(x - g.cx, y - g.cy) <= APART * die_px for g in read):
                continue
            if any(math.hypot(x - q.x, y - q.y) < q.r for q in pips):
                continue  # overlapping regions
            pips.append(Pip(x, y, p.r, p.dark, p.contrast, p.face, p.inside, p.circularity))
    out: list[Group] = []
    left = sorted(pips, key=lambda p: -p.contrast)
    while left:
        seed = left[0]
        near = [p for p in left if math.hypot(p.x - seed.x, p.y - seed.y) <= LINK * die_px]
        ref_r = median([p.r for p in near])
        ps = [p for p in near if abs(math.log(p.r / ref_r)) <= 0.4]
        ps = [p for p in ps if all(math.hypot(p.x - q.x, p.y - q.y) <= LINK * die_px for q in ps)]
        left = [p for p in left if p not in near]
        if not MIN_PIPS <= len(ps) <= 6:
            continue
        g = make_group(ps, 0.0)
        if any(math.hypot(g.cx - o.cx, g.cy - o.cy) <= APART * die_px for o in out):
            continue
        if _on_body(image_bgr, g, f, die_px):
            out.append(g)
    return out


def _on_body(image_bgr: np.ndarray, g: Group, f: float, die_px: float) -> bool:
    """Whether the die-sized patch about ``g`` (work px) is one saturated hue, pips left out,
    the ring about it is not, and the pips stand plainly above the body."""
    side = die_px / f
    cx, cy = g.cx / f, g.cy / f
    h, w = image_bgr.shape[:2]
    x0, y0 = int(cx - 1.1 * side), int(cy - 1.1 * side)
    x1, y1 = int(cx + 1.1 * side) + 1, int(cy + 1.1 * side) + 1
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return False
    crop = image_bgr[y0:y1, x0:x1]
    hsv = cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    dx, dy = np.abs(xx - cx), np.abs(yy - cy)
    body = np.maximum(dx, dy) <= 0.4 * side
    ring = (np.maximum(dx, dy) >= 0.75 * side) & (np.maximum(dx, dy) <= 1.1 * side)
    pip_px = np.zeros_like(body)
    for p in g.pips:
        pip_px |= np.hypot(xx - p.x / f, yy - p.y / f) <= 1.8 * p.r / f + 1
    face = body & ~pip_px
    if face.sum() < 20:
        return False
    hue, sat = hsv[:, :, 0].astype(int), hsv[:, :, 1].astype(int)
    if np.median(sat[face]) < BODY_SAT:
        return False
    h0 = int(np.median(hue[face]))
    d = np.abs(hue - h0)
    like = (np.minimum(d, 180 - d) <= BODY_HUE) & (sat >= 0.6 * BODY_SAT)
    if like[face].mean() < BODY_HUE_SHARE or like[ring].mean() > RING_SHARE:
        return False
    low = crop.min(axis=2).astype(float)
    body_low = float(np.median(low[face]))
    lifts = []
    for p in g.pips:
        px, py = int(round(p.x / f)) - x0, int(round(p.y / f)) - y0
        lifts.append(float(low[py, px]) - body_low)
    return min(lifts) >= PIP_LIFT
