"""Faint pips round a face found in part: a second, finer look for spots the search missed.

The pip search (``vision.pips.find_pips``) takes a spot only where its difference-of-Gaussian
response passes a fifth of the contrast a pip needs (5 grey levels for 25). A blurred light
pip on a saturated die (a green or red die out of focus, its pips mixed with the body's
colour) measures 34-40 of contrast, a pip's plainly, yet its response stays under that seed
bar, and the die shows one pip or none: it was never found (session 31, rendered
IMG_71401-71800, board given: 37 dice on the board missed, 11 of them green ones, 9 red).

Round each group of one to three pips the link left (a face found in part) the work image is
searched again with a lower seed bar (``SEED``); a spot found there that passes the usual
contrast, lies on the group's die (within ``REACH`` die sides of its centre) and is no pip
found already is added. Faces are then linked again from all the pips, so every later check
(layout, plain face, roundness, a lone pip's bars) judges the completed face as any other.
Only groups with no other pip within ``_ALONE`` die sides get the look (a cocked die's other
faces, a die beside: looked at round them too, side faces' faint pips changed 30 reads of
dice already found on the tuned range, two right dice acted on among them), and a new spot
is kept only where it links with a pip found before (spots round a lone 1 on a checker are
its rim and logo; without this a cocked 1 was read 4 at 0.7). Only groups whose pips are as
round as a top face's (``_ROUND``) are looked round, in a box of ``_BOX`` die sides each
way: every group of 1-3 was 20 looks a frame (median, held-out range) and cost as much as
the read's pip search; now 2-5 (about 1 ms each unloaded), for one die of unseen47 lost.

Measured, board given (missed dice / false dice; values and die states acted on / wrong):
tuned IMG_71401-71800 missed 58 -> 56 (a flat 3 read right at 0.6, a flat 4 and a 2 on a
checker right but asked; one cocked 2 beside a die lost), false 17 -> 17; two right flat 4s
asked became unread, one right flat 1 asked became a 2 asked, a wrong 2 asked became
unread; acted on / wrong 1311/31 -> 1312/31. Held out IMG_71801-72000: given missed 21 -> 19
(a cocked 6 read 4 asked, a cocked 2 unread), false dice 1 -> 1, no die already found read
otherwise, acted on / wrong 676/14 both; board found missed 26 -> 26 (a cocked 3 found
without the roundness bar is lost with it), predictions identical. unseen47
(its dice not looked at in this work; against main's code): missed 16 -> 13 (a flat 3 read
right at 0.6, a cocked 3 right asked, a 3 on a checker unread), false 5 -> 5, acted on /
wrong 346/8 -> 347/8. Dev given and found, real boards (paper webcam, fm gammon): predictions
identical (checked before the roundness bar, which only takes looks away). The seed bar
everywhere (a whole-frame search at 2.5) found 11 more dice on the tuned range but 8 more
false ones (lone 1s on checkers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from vision.pips import Pip, find_pips

SEED = 2.5  # grey levels of DoG response a spot needs to be looked at (the usual: 5)
REACH = 0.8  # die sides from the group's centre that a new pip may lie at
_ALONE = 1.2  # die sides round the group that hold no other pip
_ROUND = 0.6  # mean roundness of the group's pips looked round (face_groups.ROUND)
_BOX = 1.0  # die sides each way round the group's centre that are searched


def seeded_near(
    gray: np.ndarray,
    pips: Sequence[Pip],
    groups: Sequence[Sequence[int]],
    die_px: float,
    r_range: tuple[float, float],
) -> list[Pip]:
    """Pips the search missed round the groups of 1-3 pips (indices into ``pips``) of the work
    image ``gray``; ``die_px`` the die side in work pixels.

    >>> import cv2
    >>> img = np.full((96, 96), 90, np.uint8)
    >>> _ = cv2.circle(img, (36, 36), 4, 140, -1)
    >>> faint = np.full((96, 96), 90, np.uint8)
    >>> _ = cv2.circle(faint, (60, 60), 4, 150, -1)
    >>> faint = cv2.GaussianBlur(faint, (0, 0), 2.5)
    >>> img = np.where(faint != 90, faint, img).astype(np.uint8)
    >>> found = find_pips(img, r_range=(2.5, 5.5))
    >>> [(round(p.x), round(p.y)) for p in found]
    [(36, 36)]
    >>> more = seeded_near(img, found, [[0]], 44.0, (2.5, 5.5))
    >>> [(round(q.x), round(q.y), round(q.contrast)) for q in more]
    [(60, 60, 34)]
    """
    h, w = gray.shape
    out: list[Pip] = []
    for gi in groups:
        if not 1 <= len(gi) <= 3 or sum(pips[i].circularity for i in gi) < _ROUND * len(gi):
            continue
        cx = sum(pips[i].x for i in gi) / len(gi)
        cy = sum(pips[i].y for i in gi) / len(gi)
        mine = set(gi)
        if any(
            (p.x - cx) ** 2 + (p.y - cy) ** 2 < (_ALONE * die_px) ** 2
            for i, p in enumerate(pips)
            if i not in mine
        ):
            continue  # a die's other faces (a cocked die) or a die beside: read as found
        # Crops start on the pyramid's grid (multiples of 8 work pixels), as ``pips_in``.
        a0 = max(0, int(cx - _BOX * die_px) // 8 * 8)
        b0 = max(0, int(cy - _BOX * die_px) // 8 * 8)
        a1, b1 = min(w, int(cx + _BOX * die_px) + 1), min(h, int(cy + _BOX * die_px) + 1)
        if a1 - a0 < 16 or b1 - b0 < 16:
            continue
        for q in find_pips(gray[b0:b1, a0:a1], r_range=r_range, seed=SEED):
            x, y = q.x + a0, q.y + b0
            if (x - cx) ** 2 + (y - cy) ** 2 > (REACH * die_px) ** 2:
                continue
            known = list(pips) + out
            if any((x - k.x) ** 2 + (y - k.y) ** 2 < max(k.r, q.r) ** 2 for k in known):
                continue
            out.append(Pip(x, y, q.r, q.dark, q.contrast, q.face, q.inside, q.circularity))
    return out


def with_seeded(
    gray: np.ndarray,
    pips: list[Pip],
    groups: list[list[int]],
    die_px: float,
    r_range: tuple[float, float],
    regroup: Callable[[list[Pip]], list[list[int]]],
) -> tuple[list[Pip], list[list[int]]]:
    """``pips`` and their ``groups`` with the pips ``seeded_near`` finds that join a group
    holding a pip found before (``regroup`` links pips into groups): a new spot alone, or
    linked only with new ones, is texture round a lone pip (a checker's rim beside a 1)."""
    more = seeded_near(gray, pips, groups, die_px, r_range)
    if not more:
        return pips, groups
    n = len(pips)
    both = pips + more
    joined = sorted(i for g in regroup(both) if len(g) > 1 and min(g) < n for i in g if i >= n)
    if not joined:
        return pips, groups
    pips = pips + [both[i] for i in joined]
    return pips, regroup(pips)
