"""Is the face round a group of pips plain face colour? Pips on no one die's face (a board's
print, checkers, pips of two faces) have other colours between and round them. Split from
``vision.dice`` for size.

    >>> import numpy as np, cv2
    >>> from vision.pip_groups import make_group
    >>> from vision.pips import Pip
    >>> img = np.full((80, 80), 225, np.uint8)
    >>> places = [(40 + 10 * i, 40 + 10 * j) for i in (-1, 1) for j in (-1, 0, 1)]
    >>> for x, y in places:
    ...     _ = cv2.circle(img, (x, y), 3, 40, -1)
    >>> pips = [Pip(x, y, 3.0, True, 185.0, 225.0, 40.0, 0.9) for x, y in places]
    >>> face_plain(img, make_group(pips, 0.0), 0.75, sized=True)
    True
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.pip_groups import Group, median, share

_OFF = 0.08  # share of the region off the face colour a plain face allows
_OFF_6 = 0.02  # a sized 6 past 2 pip radii (its blurred ink masked out)


def face_plain(gray: np.ndarray, g: Group, frac: float, sized: bool = False) -> bool:
    """True if the face between and around the group's pips is plain face colour
    (``sized``: the die's size is known, a board read).

    The region checked is the pips' convex hull grown by 30 % about the centre, plus a disc
    of radius max(2.5 r, frac * half): it stays on the top face even when an oblique view
    foreshortens it.
    """
    h, w = gray.shape
    rad = max(2.5 * g.r, frac * g.half)
    pts = np.array([[p.x, p.y] for p in g.pips], np.float32)
    ext = max(rad, float(np.abs(pts - [g.cx, g.cy]).max()) * 1.3 + g.r) + 2
    x0, x1 = max(0, int(g.cx - ext)), min(w, int(g.cx + ext) + 1)
    y0, y1 = max(0, int(g.cy - ext)), min(h, int(g.cy + ext) + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    sel = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.circle(sel, (int(round(g.cx - x0)), int(round(g.cy - y0))), int(rad), 1, -1)
    if len(pts) >= 3:
        grown = (pts - [g.cx, g.cy]) * 1.3 + [g.cx - x0, g.cy - y0]
        hull = cv2.convexHull(grown.astype(np.float32))
        cv2.fillConvexPoly(sel, hull.astype(np.int32), 1)
    crop = gray[y0:y1, x0:x1]
    if _plain_past(crop, (x0, y0), sel, g, sized, 1.5, _OFF):
        return True
    # A small die's blurred 6 spreads ink past 1.5 r (dice20: 10-12 % of two flat 6s' faces
    # off), all of it within 2 r (1.5 % past it; faces read off two faces' pips 12 %+).
    return sized and len(g.pips) == 6 and _plain_past(crop, (x0, y0), sel, g, sized, 2.0, _OFF_6)


def _plain_past(
    crop: np.ndarray,
    origin: tuple[int, int],
    region: np.ndarray,
    g: Group,
    sized: bool,
    rim: float,
    off: float,
) -> bool:
    """Is ``crop`` (at ``origin`` in the work image) plain over ``region`` (a mask of it),
    the pips masked out to ``rim`` radii: at most ``off`` of it off the face?"""
    x0, y0 = origin
    sel = region.copy()
    for p in g.pips:
        cv2.circle(sel, (int(round(p.x - x0)), int(round(p.y - y0))), int(rim * p.r + 1), 0, -1)
    vals = crop[sel > 0].astype(np.float32)
    if vals.size < 10:
        return True
    face = median([p.face for p in g.pips])
    if sized and len(g.pips) > 1:
        # Small blurred pips (a 6 on a render's die of 22 px) spread their ink past the
        # ring they are measured on: the face read there is nearer their ink than the face
        # between them, which is the region's own median where that lies away from the ink.
        # Not without a board: there the surroundings (a desk's cables, a keyboard) make
        # spot groups whose face is no die's, and the pips' own face is the better guard.
        own = float(np.median(vals))
        face = max(face, own) if g.dark else min(face, own)
    contrast = median([p.contrast for p in g.pips])
    return share(np.abs(vals - face) > 0.5 * contrast) <= off
