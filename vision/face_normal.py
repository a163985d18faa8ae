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

STEEP = 44.5  # degrees: both normals tilted past this, the face is a side face
# The corner pips' offset from the face centre, in die sides, that a face's fit must give for
# its tilts to count (renders 0.25, read 0.20-0.29; a fit far off is a bad read of the pips).
_OFFSET = (0.19, 0.33)
# A corner pip's centre lies within a pip's radius (0.06-0.1 die sides) of the face's corner
# (0.5): a fit past this is pips of more than one face (read right: 0.18-0.39, 1143 faces).
_WIDE = 0.44


@dataclass(frozen=True)
class FaceTilts:
    """The two tilts (degrees from the board's normal) a face's pips allow, ``low`` <= ``high``,
    and the corner pips' offset from its centre (die sides) the fit gives."""

    low: float
    high: float
    pip_offset: float

    @property
    def steep(self) -> bool:
        """Both tilts past ``STEEP`` with a fit of a die's face: a side face, not the top."""
        return self.low > STEEP and _OFFSET[0] <= self.pip_offset <= _OFFSET[1]

    @property
    def too_wide(self) -> bool:
        """The corner pips lie farther from the centre than a die's face holds them, however
        the face is turned: pips of two faces (a side face's with the top's)."""
        return self.pip_offset > _WIDE


def face_tilts(pips: Sequence[tuple[float, float, float]], view: DieView) -> FaceTilts | None:
    """The tilts of a face of 4-6 pips (image x, y, r) seen where ``view`` tells how a flat
    die shows; None for fewer pips or a degenerate fit."""
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
    tilts = []
    for sign in (1.0, -1.0):
        m0 = pinv @ (sign * b)
        t = math.sqrt(max(1.0 - float(m0 @ m0), 0.0))
        for m in (m0 + t * ray, m0 - t * ray):
            if m @ ray > 0:  # the face looks at the camera
                tilts.append(math.degrees(math.acos(min(1.0, max(-1.0, float(m[2]))))))
    if not tilts:
        return None
    return FaceTilts(min(tilts), max(tilts), 1.0 / math.sqrt(lam))
