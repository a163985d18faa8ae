"""Which way a read face of 4-6 pips points, with the camera the board gives: a cocked die's
side face seen square-on reads as well as a top face, but it stands too steep to be up.

A face's four corner pips (a 4, a 5's or a 6's corners) sit at (+-a, +-a) on the face, in die
sides. Seen at a spot where a step (x, y, z) in die sides on the board's frame (z up) moves the
image by ``J`` (2x3: the die view's ``lin`` beside ``-down``), their image covariance is
``a^2 J (I - m m^T) J^T`` for the face's unit normal ``m``. That fixes ``a`` (the least root of
``det(J J^T - C / a^2) = 0``), ``J m`` up to its sign and, through the unit length and the face
looking at the camera, two normals: a face tilted one way or its mirror about the viewing ray
(the classic ambiguity of a plane seen nearly orthographically). The die's value is the face
most upward; a cocked die tips under 45 degrees (the renders: 12-40), so a face whose both
normals tilt past ``STEEP`` degrees from the board's is a side face, whatever the mirror;
and a fit whose corner pips lie past a face's corners (``too_wide``) is no one face.

    >>> import numpy as np
    >>> from vision.cocked_view import DieView
    >>> lin, down = np.array([[25.0, 0.0], [0.0, 25.0]]), np.array([0.0, 6.0])
    >>> flat = [(100 + 25 * x, 100 + 25 * y, 2.0) for x in (-0.25, 0.25) for y in (-0.25, 0.25)]
    >>> t = face_tilts(flat, DieView(lin, down))
    >>> round(t.pip_offset, 2), round(t.low), t.steep
    (0.25, 0, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.cocked_view import DieView
from vision.pip_groups import Group
from vision.pips import Pip

STEEP = 44.5  # degrees: both normals tilted past this, the face is a side face
MAYBE_SIDE = 50.0  # degrees: one normal tilted past this, the face may be a side face
# Die sides: another face of the die whose centre lies this far up the view from the read one
# (against a flat die's ``down``) is its top, when the read face may be a side face; measured
# only where a flat die's side shows at least ``DOWN_SEEN`` die sides (else 'up' is a point).
_UPWARD = 0.3
DOWN_SEEN = 0.1
# A loose spot beside a face of 4-6 pips that may show its die's top: as round as a top
# face's pips, of the face's pips' size (|log| of the radius ratio), within a die side.
_SPOT_ROUND = 0.7
_SPOT_SIZE = 0.36
_SPOT_REACH = 1.0
# The corner pips' offset from the face centre, in die sides, that a face's fit must give for
# its tilts to count (renders 0.25, read 0.20-0.29; a fit far off is a bad read of the pips).
_OFFSET = (0.19, 0.33)
# A corner pip's centre lies within a pip's radius (0.06-0.1 die sides) of the face's corner
# (0.5): a fit past this is pips of more than one face (read right: 0.18-0.39, 1143 faces).
_WIDE = 0.44


@dataclass(frozen=True)
class OtherFace:
    """A face ``vision.dice`` put aside on a die it read (``face_groups.faces_and_others``):
    its value (None: it would be left unread), centre and pips (x, y, r), image pixels."""

    value: int | None
    centre: tuple[float, float]
    pips: tuple[tuple[float, float, float], ...]


@dataclass(frozen=True)
class FaceTilts:
    """The two tilts (degrees from the board's normal) a face's pips allow, ``low`` <= ``high``,
    and the corner pips' offset from its centre (die sides) the fit gives."""

    low: float
    high: float
    pip_offset: float

    @property
    def fits_a_face(self) -> bool:
        """The fit puts the corner pips where a die's face has them (``_OFFSET``): only then
        do the tilts mean anything."""
        return _OFFSET[0] <= self.pip_offset <= _OFFSET[1]

    @property
    def steep(self) -> bool:
        """Both tilts past ``STEEP`` with a fit of a die's face: a side face, not the top."""
        return self.low > STEEP and self.fits_a_face

    @property
    def too_wide(self) -> bool:
        """The corner pips lie farther from the centre than a die's face holds them, however
        the face is turned: pips of two faces (a side face's with the top's)."""
        return self.pip_offset > _WIDE


def facing_normals(
    pips: Sequence[tuple[float, float, float]], view: DieView
) -> tuple[list[np.ndarray], float] | None:
    """The unit normals (x, y on the board's plane, z up; die sides) a face of 4-6 pips (image
    x, y, r) allows where ``view`` tells how a flat die shows, those looking at the camera (the
    face and its mirror about the viewing ray), with the fit's scale (``lam``: 1 / its square
    root is the face's size against a flat die's); None for fewer pips or a degenerate fit."""
    if not 4 <= len(pips) <= 6:
        return None
    pts = np.array([[p[0], p[1]] for p in pips], np.float64)
    d = np.hypot(*(pts - pts.mean(axis=0)).T)
    corners = pts[np.argsort(-d, kind="stable")[:4]]  # a 5's or a 6's outer four
    cc = corners - corners.mean(axis=0)
    cov = cc.T @ cc / 4.0
    jac = np.column_stack([view.lin, -view.down])
    mm = jac @ jac.T
    if abs(np.linalg.det(cov)) < 1e-9:
        return None
    lam = float(np.linalg.eigvals(np.linalg.solve(cov, mm)).real.min())
    if lam <= 0:
        return None
    vals, vecs = np.linalg.eigh(mm - lam * cov)
    b = vecs[:, 1] * math.sqrt(max(float(vals[1]), 0.0))  # J m, up to its sign
    ray = np.linalg.svd(jac)[2][2]  # the step that does not move the image: the viewing ray
    if ray[2] < 0:
        ray = -ray  # toward the camera, above the board
    pinv = np.linalg.pinv(jac)
    normals = []
    for sign in (1.0, -1.0):
        m0 = pinv @ (sign * b)
        t = math.sqrt(max(1.0 - float(m0 @ m0), 0.0))
        for m in (m0 + t * ray, m0 - t * ray):
            if m @ ray > 0:  # the face looks at the camera
                normals.append(m)
    return normals, lam


def face_tilts(pips: Sequence[tuple[float, float, float]], view: DieView) -> FaceTilts | None:
    """The tilts of a face of 4-6 pips (image x, y, r) seen where ``view`` tells how a flat
    die shows; None for fewer pips or a degenerate fit."""
    fit = facing_normals(pips, view)
    if fit is None:
        return None
    normals, lam = fit
    tilts = [math.degrees(math.acos(min(1.0, max(-1.0, float(m[2]))))) for m in normals]
    if not tilts:
        return None
    return FaceTilts(min(tilts), max(tilts), 1.0 / math.sqrt(lam))


def face_above(
    tilts: FaceTilts | None,
    centre: tuple[float, float],
    others: Sequence[OtherFace],
    view: DieView,
    die_px: float,
) -> OtherFace | None:
    """The die's other face to read instead of the face read (its ``face_tilts``, None when
    it has not 4-6 pips; ``centre``), if any: the read face has 4-6 pips with a die face's
    fit, one of its normals tilts past ``MAYBE_SIDE`` (it may be a side face seen square-on),
    and another face with a value lies up the view from it, ``_UPWARD`` die sides at least: a
    side face facing the camera shows below its top face (toward where a flat die's ``down``
    points). The farthest up with a value wins; else the farthest up (a face or a loose spot
    of no value: the die's top shows there, unread, and so is the die).

    >>> import numpy as np
    >>> lin, down = np.array([[25.0, 0.0], [0.0, 9.0]]), np.array([0.0, 20.0])
    >>> side = [(100 + 6 * x, 100 + 6 * y, 2.0) for x in (-1, 1) for y in (-1, 0, 1)]
    >>> top = OtherFace(3, (100.0, 85.0), tuple((100.0 + 5 * k, 85.0, 2.0) for k in (-1, 0, 1)))
    >>> view = DieView(lin, down)
    >>> face_above(face_tilts(side, view), (100.0, 100.0), [top], view, 25.0) is top
    True
    """
    if not others:
        return None
    if tilts is None or tilts.high <= MAYBE_SIDE:
        return None
    if not tilts.fits_a_face:
        return None
    reach = float(np.hypot(*view.down))
    if reach < DOWN_SEEN * die_px:
        return None
    ux, uy = view.down / reach
    above = []
    for o in others:
        up = -((o.centre[0] - centre[0]) * ux + (o.centre[1] - centre[1]) * uy)
        if up >= _UPWARD * die_px:
            above.append((o.value is not None, up, o))
    return max(above, key=lambda a: a[:2])[2] if above else None


def loose_spots(g: Group, pips: Sequence[Pip], die_px: float, f: float) -> tuple[OtherFace, ...]:
    """Round spots of the kind of a face of 4-6 pips (polarity, size) within a die side of
    it, not its own, as faces of no value (``face_above``: a die's top may show there); work
    pixels in (``f``: the work scale), image pixels out."""
    if len(g.pips) < 4:
        return ()
    own = {(p.x, p.y) for p in g.pips}
    return tuple(
        OtherFace(None, (q.x / f, q.y / f), ((q.x / f, q.y / f, q.r / f),))
        for q in pips
        if (q.x, q.y) not in own
        and q.dark == g.dark
        and q.circularity >= _SPOT_ROUND
        and abs(math.log(q.r / g.r)) <= _SPOT_SIZE
        and math.hypot(q.x - g.cx, q.y - g.cy) <= _SPOT_REACH * die_px
    )
