"""A checker under a die: its colour from the part of its disc the die leaves bare.

A checker's colour sample is taken at its centre (``Found.colour``); under a die that is the
die's colour, and a checker whose samples are all covered (a lone one, its only checker)
took the set nearer the die's colour (``colours.colour_labels``): a white checker under a
dark die read black.  A die lying on a checker is about 0.7 of it wide, and the dice's mask
with its margin (``by_die.dice_mask``) hides the whole disc; the die's own box (no margin, a
pixel round it) leaves slivers of the disc: the median of the disc's pixels within
``RING_R`` of its radius outside the boxes is the checker's sample instead, when
``BARE_LEAST`` of those pixels at least show (else the centre sample stays).  The sample
still takes the nearer of the sets the free checkers split into (the split is made of free
checkers only), and joins its set's mean colour.

Tuning (session 32, board given, base code /tmp/unseen49-52): of 6 points read in the other
colour outside hand frames and whole-set swaps, 3 were lone checkers under a die (IMG_69083,
IMG_65376: white under a dark die read black; IMG_65256: a wood checker under a light die
read white), their bare fractions with the margin 0.0-0.1; all three read right with the rule.
Not tuned on (board given, before -> after): own IMG_74601-75200 exact 510 -> 511 of 558
(91.4 -> 91.6%), per-point 99.51 -> 99.52%, believed / wrong 11114/4 -> 11109/4 (five right
empty points doubted by the shifted set colour), die states acted on / wrong 1070/30 ->
1069/30; /tmp/fresh68 exact 162 -> 163 (85.3 -> 85.8%), per-point 99.08 -> 99.12%, believed
3718/2 unchanged.  Dev exact unchanged (believed 1980/0 -> 1981/0); /tmp/unseen52 (tuned)
exact 159 -> 160, believed 3535/1 -> 3533/1; paper webcam and fm gammon predictions identical.
Board found, /tmp/fresh68: exact 162 and per-point 98.31% unchanged, believed / wrong 3473/2
-> 3471/2, die states 343/18 unchanged.
"""

from __future__ import annotations

import numpy as np

from vision.checkers.model import Found

# The disc's pixels within this share of its radius (the rim's shadow left out).
RING_R = 0.9
# At least this share of those pixels clear of the dice, else the centre sample stays.
BARE_LEAST = 0.12


def bare_samples(
    lab: np.ndarray,
    found: list[Found],
    feats: list[tuple[float, float, float]],
    free: np.ndarray,
    ignore_mask: np.ndarray,
    d: float,
    boxes: tuple[tuple[float, float, float, float], ...] | None = None,
    sy: float = 1.0,
) -> list[tuple[float, float, float]]:
    """``feats`` (each checker's sample, ``found``'s order) with each covered checker's
    (``free`` False) the median Lab of its disc's bare pixels (module doc).  ``lab``: the
    square-pixel Lab image; ``ignore_mask``: 1 on the dice (same pixels); ``d``: a checker's
    diameter.

    >>> lab = np.full((40, 40, 3), (200.0, 128.0, 128.0), np.float32)
    >>> lab[15:25, 15:25] = (30.0, 128.0, 128.0)          # a dark die on a white checker
    >>> mask = np.zeros((40, 40), np.uint8)
    >>> mask[14:26, 14:26] = 1
    >>> f = Found(20.0, 20.0, 15.0, (30.0, 128.0, 128.0))
    >>> bare_samples(lab, [f], [f.colour], np.array([False]), mask, 30.0)
    [(200.0, 128.0, 128.0)]
    """
    out = list(feats)
    covered = np.flatnonzero(~free)
    if not len(covered):
        return out
    h, w = ignore_mask.shape
    if boxes is not None:  # the dice's own boxes (input pixels, y over sy), no margin
        ignore_mask = np.zeros((h, w), np.uint8)
        for x0, y0, x1, y1 in boxes:
            ignore_mask[
                max(0, int(y0 / sy) - 1) : int(np.ceil(y1 / sy)) + 2,
                max(0, int(x0) - 1) : int(np.ceil(x1)) + 2,
            ] = 1
    r = RING_R * d / 2.0
    k = int(np.ceil(r))
    oy, ox = np.mgrid[-k : k + 1, -k : k + 1]
    inside = ox**2 + oy**2 <= r * r
    oy, ox = oy[inside], ox[inside]
    for j in covered:
        f = found[j]
        ys, xs = oy + int(round(f.y)), ox + int(round(f.x))
        ok = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
        ys, xs = ys[ok], xs[ok]
        bare = ignore_mask[ys, xs] == 0
        if bare.sum() < BARE_LEAST * len(oy):
            continue
        med = np.median(lab[ys[bare], xs[bare]], axis=0)
        out[j] = (float(med[0]), float(med[1]), float(med[2]))
    return out
