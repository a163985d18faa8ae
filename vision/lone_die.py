"""A lone pip the lone-pip rules refused, proven a die's 1 by the face round it.

``vision.lone_pips`` keeps a lone spot as a 1 only where it looks like the other dice's pips:
as round as theirs, of their polarity and size, on a face as light as theirs, with nothing
marked round it. With a board, a die's pips are compared with whatever faces read, and those
may be another die's shaded side faces (a cocked die's 3 set the face grey 108; the lit 1
beside it, 166, was refused) or dice of another colour; a cocked die's 1 is seen a little
flattened (round 0.72-0.74 against the bar of 0.75). Such dice were missed: the referee
never heard of them.

Here a refused lone pip is a die all the same where the face round it is proven a die's
top by its own extent, sampled on rings round the pip (``die_rings``, work pixels, in die
sides): the rings at 0.25 and 0.35 lie wholly on the pip's face colour (``INNER``), the ring
at 0.45 mostly (``MIDDLE``: a die's top reaches half a side from its 1), and the rings at
0.85 and 0.95, past the face's corners (0.71), mostly off it (``OUTER``: the board, a
shadow, the die's side faces). A spot on a checker (a printed centre dot, a logo) has the
checker's face on all rings out to its radius (1.1 die sides); a hole in a printed letter
("BG" on a board's field) has the ink round it only to 0.3-0.45; a gap between touching
checkers has no plain face round it. A spot whose own surround holds a body-sized spot of
the other polarity (``lone_pips.body_spot``) or that is flatter than ``ROUND`` is not asked.

The die is returned unread (``vision.dice`` puts it with ``dice_tilted.alone_dice``'s at
``ALONE_CONFIDENCE``): the referee asks about it rather than missing it, and no die read
changes.

Measured (session 35, board given). Thresholds set on the refused lone pips of IMG_84001-84200
and IMG_90001-90200 (29 000 spots; on labelled dice missed, the 1s 90099 and 90106 pass, no
spot on no die does: "BG" letters' holes, 0.56-0.66 on the 0.45 ring, came nearest) and
checked on IMG_93601-94000 (23 000 spots: one missed die passes, a cocked 1; no spot on no
die). Before -> after: tune IMG_93601-94000 +1 die (that cocked 1), no phantom, every other
prediction identical; /tmp/unseen58 (where ``BOLD_LONE``'s phantoms lay, IMG_83947)
predictions identical. Held out IMG_94001-94200: recall 96.3 -> 96.6 % (+2: a cocked 1 and a
flat 1, both unread; precision 98.7 % unchanged, no phantom), exact 90.2 -> 90.7 % (with the
new die on IMG_94004 known, three white points there read right), believed 3539/0 and acted
on / wrong 643/12 unchanged. Cost: about 0.2 ms a frame under load (2.5 refused spots a
frame are round enough to be asked).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.lone_pips import body_spot
from vision.pip_groups import Group
from vision.pips import Pip

# Measured on refused lone pips, board given (IMG_84001-84200 and IMG_90001-90200, the
# labelled dice they lie on and the spots on no die; see the module doc).
ROUND = 0.6  # a lone pip this round at least (a cocked 1: 0.72-0.74; side faces' 0.3-0.6)
INNER = 0.9  # share on the face colour on the rings at 0.25 and 0.35 die sides, at least
MIDDLE = 0.8  # on the ring at 0.45, at least (printed letters' holes 0.56-0.66)
OUTER = 0.3  # on the rings at 0.85 and 0.95, at most
APART = 1.2  # die sides from any die found: nearer, it is that die's side face
TOLERANCE = 0.3  # of the pip's contrast: a sample within this of the face is face
TOLERANCE_MIN = 12.0  # grey levels, at least
_RINGS = (0.25, 0.35, 0.45, 0.85, 0.95)
_SAMPLES = 32


@dataclass(frozen=True)
class RingShares:
    """Share of samples on the pip's face colour on each ring of ``_RINGS``."""

    inner: float  # the least of the rings at 0.25 and 0.35
    middle: float  # the ring at 0.45
    outer: float  # the most of the rings at 0.85 and 0.95

    @property
    def a_die(self) -> bool:
        return self.inner >= INNER and self.middle >= MIDDLE and self.outer <= OUTER


def die_rings(gray: np.ndarray, p: Pip, die_px: float) -> RingShares:
    """The face-colour shares round the lone pip ``p`` (work image ``gray``, die side
    ``die_px`` in its pixels)."""
    h, w = gray.shape[:2]
    tol = max(TOLERANCE_MIN, TOLERANCE * p.contrast)
    turns = np.arange(_SAMPLES) * (2 * math.pi / _SAMPLES)
    shares = []
    for k in _RINGS:
        rad = k * die_px
        xs = np.clip(np.round(p.x + rad * np.cos(turns)).astype(int), 0, w - 1)
        ys = np.clip(np.round(p.y + rad * np.sin(turns)).astype(int), 0, h - 1)
        vals = gray[ys, xs].astype(np.float32)
        shares.append(float(np.mean(np.abs(vals - p.face) <= tol)))
    return RingShares(min(shares[0], shares[1]), shares[2], max(shares[3], shares[4]))


def proven_ones(
    gray: np.ndarray,
    refused: list[Group],
    found: list[Group],
    pips: list[Pip],
    die_px: float,
) -> list[Group]:
    """Of the lone pips ``refused`` (one-pip groups), those whose face proves them a die
    (``die_rings``), none within ``APART`` die sides of a die ``found`` or of another kept."""
    out: list[Group] = []
    for g in refused:
        p = g.pips[0]
        if p.circularity < ROUND:
            continue
        if any(math.hypot(o.cx - g.cx, o.cy - g.cy) <= APART * die_px for o in found + out):
            continue
        if die_rings(gray, p, die_px).a_die and not body_spot(p, pips):
            out.append(g)
    return out
