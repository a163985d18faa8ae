"""Pips beside a die that no face counted: the cocked-die test's second witness.

A cocked die raises a side face toward the camera, far enough that its pips show as pips of
the die's own size and contrast just beyond its top face; a flat die's side faces show only
as perspective leans them, a thin strip whose pips are dashes. So an uncounted pip of the
die's size, as contrasted as its pips, not the same spot as a counted pip, lying just beyond
the top face on its plane (``STRAY_RING``: 0.55 to 0.7 die sides from its centre; a face's
own corner pips lie ~0.4 out) is evidence that the die is cocked.
``vision.dice_tilt.model_call`` lets such a pip lower the model's bar
(``STRAY_THRESHOLD``).

Why so narrow a ring: real boards have pip-like spots of their own. The paper webcam's
printed marks lie 0.84-1.3 die sides from its flat dice (found boards), fm gammon's small
dice (20 px) show spots 0.50 out; with a ring to 1.3 (bar 0.6) the paper's flat dice drew 6
cocked calls and fm gammon 2, from 0.45 fm gammon 1 (a phantom), as set none. Renders, board
given (find_dice at the labelled die size, the model's six-view mean; IMG_32201-32600 and
dev, 713 cocked dice found, 1024 others): recall of the found cocked dice 77.0 -> 82.3%,
false calls 2 -> 2 (a ring to 1.3: 84.9%, 3); held out, IMG_32601-33000, 79.0 -> 83.8%, 4 -> 5.
Tried and left: two strays as near as one face's pips further out (to 1.0 die sides, bar
0.5): held out +0.6% recall, +3 false calls; strays toward perspective's lean left out (a
flat die near the picture's edge shows its side face's pips there): recall lost, no false
call saved; the pip layout's squash on the plane (4-6 pips): +1%, more false calls and real
flat dice called.

    >>> from vision.pips import Pip
    >>> from vision.pip_groups import make_group
    >>> def pip(x, y, r=3.0, contrast=80.0):
    ...     return Pip(x, y, r, True, contrast, 200.0, 120.0, 0.9)
    >>> face = make_group([pip(100, 100), pip(110, 110)], 0.0)
    >>> others = [pip(130, 100), pip(100, 400), pip(95, 125, r=0.5)]
    >>> stray_pips(face, [*face.pips, *others], set(), 40.0, 1.0)
    ((130.0, 100.0, 3.0),)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from vision.cocked_view import DieView
from vision.face_normal import OtherFace
from vision.pip_groups import Group, median
from vision.pips import Pip

# A stray pip's radius over the face's pips' median: a raised side face's pips are about as
# big (foreshortened a little); specks and checker rims are not.
_SIZE = (0.5, 1.6)
_CONTRAST = 0.4  # its contrast over the face's pips' median, at least
_REACH_PX = 2.0  # die sides: pips this far from the face (image) are not looked at
_TWICE = 2.5  # face pip radii: a spot this near a counted pip is that pip found twice
# On the top face's plane (die sides from its centre): beyond the face's own pips (a 6's
# corner pips lie ~0.35 out), within a raised side face's reach.
STRAY_RING = (0.55, 0.7)


def stray_pips(
    g: Group,
    pips: Sequence[Pip],
    counted: set[tuple[float, float]],
    die_px: float,
    f: float,
) -> tuple[tuple[float, float, float], ...]:
    """The ``pips`` (work pixels, scale ``f`` of the image) near face ``g`` that no face
    counted (``counted``: (x, y) of every read face's pips, ``g``'s own left out by
    themselves) and that are of ``g``'s pips' size and contrast, as (x, y, r) image pixels;
    ``die_px``: the die side in work pixels."""
    mine = {(p.x, p.y) for p in g.pips}
    rad = median([p.r for p in g.pips])
    con = median([p.contrast for p in g.pips])
    reach = _REACH_PX * die_px
    near = [q for q in pips if abs(q.x - g.cx) <= reach and abs(q.y - g.cy) <= reach]
    taken = np.array([xy for xy in counted | mine], np.float64).reshape(-1, 2)
    out = []
    for q in near:
        if (q.x, q.y) in mine or (q.x, q.y) in counted:
            continue
        if not _SIZE[0] < q.r / rad < _SIZE[1] or q.contrast < _CONTRAST * con:
            continue
        if len(taken) and np.hypot(*(taken - (q.x, q.y)).T).min() < _TWICE * rad:
            continue
        out.append((q.x / f, q.y / f, q.r / f))
    return tuple(out)


def strays_beside(
    strays: Iterable[tuple[float, float, float]], centre: tuple[float, float], view: DieView
) -> int:
    """How many ``strays`` (image x, y, r) lie beside the top face centred at ``centre`` on
    its plane (``STRAY_RING`` die sides from it, ``view``: a flat die there)."""
    pts = np.array([[x - centre[0], y - centre[1]] for x, y, _ in strays], np.float64)
    if not len(pts):
        return 0
    on = np.linalg.solve(view.lin, pts.T)
    d = np.hypot(on[0], on[1])
    return int(np.sum((d > STRAY_RING[0]) & (d < STRAY_RING[1])))


# On the die's plane (die sides): a face put aside on a die lying this near another die's
# reading is that die's face (two dice touching), not this die's raised side face. The side
# faces that make the side-face bar's calls lie 0.84 die sides or more from any other die's
# reading (IMG_46001-46200, board given); IMG_46029's flat 5 had two 1-pip faces put aside
# 0.27 and 0.37 from its cocked neighbour (find_dice without the board's mask).
_MATE = 0.5


def side_faces(
    others: Iterable[OtherFace],
    view: DieView,
    elsewhere: Iterable[tuple[float, float]],
) -> int:
    """How many of the faces put aside on a die (``others``, ``DieReading.others``) are its
    own: not lying on another die read nearby (``elsewhere``: the centres of the readings of
    other dice, image pixels), measured on the die's plane (``view``: a flat die there).

    >>> from vision.face_normal import OtherFace
    >>> view = DieView(np.array([[30.0, 0.0], [0.0, 30.0]]), np.array([0.0, 0.0]))
    >>> side = OtherFace(3, (120.0, 100.0), ())
    >>> side_faces([side], view, [(200.0, 100.0)]), side_faces([side], view, [(125.0, 100.0)])
    (1, 0)
    """
    mates = np.array(list(elsewhere), np.float64).reshape(-1, 2)
    n = 0
    for o in others:
        if len(mates):
            on = np.linalg.solve(view.lin, (mates - np.asarray(o.centre)).T)
            if np.hypot(on[0], on[1]).min() < _MATE:
                continue
        n += 1
    return n
