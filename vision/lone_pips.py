"""Lone pips: which single spots a die reader keeps as the 1 of a die (``vision.dice``).

A lone spot is a 1 only if it looks like the pips of the other dice in the image, has a plain
face around it and no body-sized spot of the other polarity beside it (a die body seen as a
spot). ``accept_singles`` keeps the groups of two or more pips untouched.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from vision.face_groups import ROUND
from vision.face_plain import face_plain
from vision.pip_groups import Group, median, share
from vision.pips import Pip

LONE_ROUNDER = 0.15  # no board: a lone pip this much less round than the faces' pips at most
LONE_BUSY = 0.06  # share of a lone pip's surround marked like a pip, at most


def accept_singles(
    gray: np.ndarray,
    groups: list[Group],
    multi: list[list[Pip]],
    pips: list[Pip],
    round_min: float = ROUND,
    as_the_faces: bool = False,
    body: Callable[[Pip], bool] | None = None,
) -> list[Group]:
    """Keep a lone pip only if it looks like the 1 of a die like the others in the image
    (``as_the_faces``: as round as ``round_min``, or as the photo's face pips of its kind less
    ``LONE_ROUNDER``, whichever is lower; dice-only photos). ``body``: is a lone pip whose
    face is far lighter or darker than the photo's faces on a die's body all the same?"""
    ref = [p for ps in multi for p in ps]
    out = []
    for g in groups:
        if len(g.pips) > 1:
            out.append(g)
            continue
        p = g.pips[0]
        # A photo's pips share a shape: fudw's recessed pips, a shadow on one side, measure
        # 0.5-0.65 round on faces and alone alike (its marbled 1s 0.51-0.56 against their
        # photos' faces' 0.64-0.70 on the tuning half: ``LONE_ROUNDER``).
        bar = round_min
        same_round = [q.circularity for q in ref if q.dark == p.dark]
        if as_the_faces and same_round:
            bar = min(round_min, median(same_round) - LONE_ROUNDER)
        if p.circularity < bar:  # a dash on a side face, a scratch
            continue
        # A big spot with smaller spots of the other polarity just outside it is a die body,
        # not a pip (a highlight inside a glossy pip does not count).
        if body_spot(p, pips):
            continue
        same = [q for q in ref if q.dark == p.dark]
        if ref and not same:
            continue
        if same:
            rs = median([q.r for q in same])
            faces = median([q.face for q in same])
            if not (0.75 * rs <= p.r <= 1.5 * rs):
                continue
            # A face far lighter or darker than the others' is no die's, unless ``body``
            # finds it one (dice-only photos: marbled faces, ``vision.lone_body``).
            if abs(p.face - faces) > 50 and not (body is not None and body(p)):
                continue
        if not face_plain(gray, g, 0.5) or ring_busy(gray, g) > LONE_BUSY:
            continue
        out.append(g)
    return out


def body_spot(p: Pip, pips: list[Pip]) -> bool:
    """Is ``p`` a big spot with smaller spots of the other polarity just outside it (a die
    body seen as a spot, its pips round it)? Pips contrast with a body about as much as a
    body with the table; a glossy pip's faint highlight at its rim is not one."""
    return any(
        q.dark != p.dark
        and q.r < p.r
        and q.contrast > 0.35 * p.contrast
        and p.r < math.hypot(q.x - p.x, q.y - p.y) < 2.5 * p.r
        for q in pips
    )


def ring_busy(gray: np.ndarray, g: Group) -> float:
    """Share of the annulus 1.8 r .. 0.8 half around a lone pip that is marked like a pip.
    A 1 has nothing else on its face; the centre of a logo (the winged emblem of a 6) or a
    spot on printed matter has marks around it."""
    h, w = gray.shape
    ext = int(0.8 * g.half) + 2
    x0, x1 = max(0, int(g.cx) - ext), min(w, int(g.cx) + ext + 1)
    y0, y1 = max(0, int(g.cy) - ext), min(h, int(g.cy) + ext + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    rr = np.hypot(xx - g.cx, yy - g.cy)
    sel = (rr >= 1.8 * g.r) & (rr <= 0.8 * g.half)
    if sel.sum() < 10:
        return 0.0
    vals = gray[y0:y1, x0:x1][sel].astype(np.float32)
    p = g.pips[0]
    dev = (p.face - vals) if p.dark else (vals - p.face)
    return share(dev > 0.4 * p.contrast)
