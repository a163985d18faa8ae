"""A closer look round an unread fragment of a face (dice-only photos, no board).

Dice-only photos are read at most 1000 px on a side (``vision.dice``), where fudw's pips are
2-3 px in radius: the pip search misses some of them (a 4 read from 3 pips, a 6 from 5), and
a fragment left alone cannot be fitted whole (``vision.face_refit``). Here the fragment's
neighbourhood alone is searched again from the photo itself, enlarged to ``_SCALE`` times the
read size, and its pips handed back in read pixels for the fit: the fragment's own pips as
found there, the other pips round it, and which of them a read face counted already.

    >>> import numpy as np, cv2
    >>> from vision.pip_groups import make_group
    >>> from vision.pips import Pip
    >>> big = np.full((400, 400), 60, np.uint8)
    >>> _ = cv2.rectangle(big, (160, 160), (240, 240), 90, -1)
    >>> for x, y in [(180, 180), (220, 220), (200, 200)]:
    ...     _ = cv2.circle(big, (x, y), 5, 240, -1)
    >>> frag = make_group([Pip(90.0, 90.0, 2.5, False, 150.0, 90.0, 240.0, 0.9)], 10.0)
    >>> look = closer_look(big, 0.5, frag, [], 12.0)
    >>> sorted((round(p.x), round(p.y)) for p in look.pips)
    [(90, 90), (100, 100), (110, 110)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.pip_groups import Group, make_group
from vision.pips import Pip, find_pips

_SCALE = 2.5  # the closer look's pixels per read pixel
_REACH = 3.2  # corner distances round the fragment searched again
_R_MAX = 0.45  # the largest pip radius sought, in corner distances
_SAME = 1.0  # a pip found again lies within this many radii (the larger) of the first


@dataclass(frozen=True)
class Closer:
    """The closer look's pips in read pixels: the fragment as found there, all pips round it,
    and the (x, y) of those a read face counted."""

    fragment: Group
    pips: list[Pip]
    taken: set[tuple[float, float]]


def closer_look(
    gray: np.ndarray, f: float, g: Group, taken: list[Pip], ref_half: float
) -> Closer | None:
    """Search the pips again round the fragment ``g`` (read pixels, the read scale ``f`` of
    the photo's grey ``gray``), ``_SCALE`` times finer. ``taken``: the pips read faces
    counted; ``ref_half``: the photo's faces' half side (read pixels). None where a pip of
    the fragment is not found again."""
    corner = ref_half / 1.23
    if corner <= 0:
        return None
    reach = _REACH * corner / f  # photo pixels
    h, w = gray.shape
    x0, x1 = max(0, int(g.cx / f - reach)), min(w, int(g.cx / f + reach) + 1)
    y0, y1 = max(0, int(g.cy / f - reach)), min(h, int(g.cy / f + reach) + 1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    k = _SCALE * f  # crop pixels per photo pixel
    crop = cv2.resize(gray[y0:y1, x0:x1], None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
    s = _SCALE  # crop pixels per read pixel
    found = find_pips(crop, r_range=(1.2, max(3.0, _R_MAX * corner * s)))
    ox, oy = x0 * f, y0 * f  # the crop's origin in read pixels
    pips = [
        Pip(
            ox + p.x / s, oy + p.y / s, p.r / s, p.dark, p.contrast, p.face, p.inside, p.circularity
        )
        for p in found
        if p.dark == g.dark
    ]
    mine = [_again(p, pips) for p in g.pips]
    if any(q is None for q in mine):
        return None
    frag = [q for q in mine if q is not None]
    if len({(q.x, q.y) for q in frag}) != len(frag):
        return None  # two pips of the fragment are one spot here
    # Only a taken pip at the crop can be one of its pips found again (a pip's radius is
    # under a corner distance).
    by = [t for t in taken if x0 * f - corner < t.x < x1 * f + corner]
    by = [t for t in by if y0 * f - corner < t.y < y1 * f + corner]
    gone = {(q.x, q.y) for q in pips if any(_again(t, [q]) for t in by)}
    half = g.half if len(frag) == 1 else 0.0
    return Closer(make_group(frag, half), pips, gone)


def _again(p: Pip, pips: list[Pip]) -> Pip | None:
    """The pip of ``pips`` that is ``p`` found again (nearest, within ``_SAME`` radii)."""
    best = min(pips, key=lambda q: math.hypot(q.x - p.x, q.y - p.y), default=None)
    if best is None or math.hypot(best.x - p.x, best.y - p.y) > _SAME * max(p.r, best.r):
        return None
    return best
