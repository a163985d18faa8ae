"""Where a die stands on the board: the point below its middle, seen in the image, and the bar's
edges the die's zone is judged against (``vision.dice_place.place_die``).

A die's zone is labelled at its box's centre dropped straight down onto the board
(``vision.synth.dice_layout.place_dice``), but the reader sees its top face, a die side or more
above the board. Mapped through the board's homography as if it lay on the board, the top face
lands where the camera's ray through it meets the board, away from the point below the camera
by (the face's height) / (the camera's height) of its distance from it: 11 canonical units (of
1200 across) from the labelled centre at the median for a flat die, 90% within 20 (renders
IMG_83601-83800, labelled corners). With the camera the board's corners give
(``vision.cocked_view.CameraView``), the point below is found instead:

- a flat die's bottom face lies one die side below its top face, straight down
  (``DieView.down``): 2.5 units off at the median, 90% within 7.9; a die on a checker stands a
  checker higher (``ON_CHECKER_HEIGHT``);
- a cocked die's top face tilts away from what it leans on, so its centre lies off the box's
  centre by half a die side times the tilt's sine, away from the support, and about
  ``COCKED_HEIGHT`` die sides up. Where the top face shows four to six pips their lattice gives
  the face's normal up to its mirror about the viewing ray (``face_normals``, as
  ``vision.face_normal.face_tilts``), and the die's body (its faces' colour joined to the top
  face, ``dice_tilt.body_centroid``) tells the two apart: it shows more of the die on the
  support's side, the raised side face (the right one of the two for 54 of 86 cocked dice
  with such a face, the wrong one for 8). With fewer pips the body alone gives the direction
  (within 20 degrees for 65 of 182 dice, flipped for 31), and the shift is ``BODY_SHIFT``.
  Cocked dice 11.6 -> 5.8 units off at the median (90% within 20.4 -> 16.4).

The bar is measured on the frame too (``bar_edges``): the board's pattern score takes the bar's
width in steps of 0.005 of the board's width, from the triangles' edges, and put each bar edge
4.2 canonical units off at the median (90% within 8.6, mostly too wide; renders
IMG_83601-83800, labelled corners), where dice lying by the bar are judged; the colour edge
between the field and the bar down the board's middle (no triangles there) is found within 1.5
(90% within 4.1) where it stands out (``EDGE_CONTRAST``), else the pattern's bar is kept.

Zone (matched dice), session 34: tuned on IMG_83601-83800 (given 99.03 -> 99.52%; found, on
the reads recorded, 97.58 -> 99.52%); held out IMG_87501-87800 (four dice each) given 99.57 ->
100.0% (1158 dice: five cocked dice read on the bar or outside now in their half, none moved
wrong), found 98.88 -> 99.31% (1156 dice; 13 -> 8 wrong, none moved wrong: of the 8, 3 on no
board found, 3 by a long side read outside through the found quad, 1 cocked by the bar, 1 a
half swapped), every other figure and prediction the same; the real boards' reads identical.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

import cv2
import numpy as np

from vision.board import BoardGeometry, map_point
from vision.cocked_view import CameraView, DieView, board_camera
from vision.dice_tilt import body_centroid
from vision.face_normal import facing_normals
from vision.read_outcome import die_zone

# A die on a checker: its top face this many die sides above the board. A die side and a
# checker's thickness would be 1.2-1.6; renders IMG_83601-83800, 36-39 dice read on a checker,
# off the labelled centre at the median: labelled corners 5.3 at 1.0, 3.6 at 1.3; found 3.8 at
# 1.0, 4.4 at 1.3 (the found quad lies a little outside the board); no zone changed.
ON_CHECKER_HEIGHT = 1.0
# A cocked die's top face centre stands (sin a + 2 cos a) / 2 die sides up for a tilt a: 1.08-1.12
# over the renders' 12-40 degrees.
COCKED_HEIGHT = 1.1
# A cocked die's top face centre lies half a die side times the tilt's sine off the box's centre
# (0.1-0.32 die sides; 0.28 at the renders' median 34 degrees); the shift taken where only the
# body gives its direction (errors of the direction cost twice the shift).
BODY_SHIFT = 0.2
# A flat die's body shows its side faces about this share of ``DieView.down`` off its top face;
# what a cocked die's body shows past it is the raised side face, on the support's side.
FLAT_BODY = 0.5


def _support_side(view: DieView, body: tuple[float, float] | None) -> np.ndarray | None:
    """Unit direction (die sides on the board's plane) from the top face toward what the die
    leans on: the body's offset past a flat die's (``FLAT_BODY``), None where none shows."""
    if body is None:
        return None
    u = np.linalg.solve(view.lin, np.asarray(body, np.float64) - FLAT_BODY * view.down)
    n = float(np.linalg.norm(u))
    return u / n if n > 1e-6 else None


def face_normals(pips: Sequence[tuple[float, float, float]], view: DieView) -> list[np.ndarray]:
    """The unit normals (x, y on the board's plane, z up; die sides) a face of 4-6 pips (image
    x, y, r) allows where ``view`` tells how a flat die shows, facing up: the face and its
    mirror about the viewing ray (``vision.face_normal.facing_normals``); [] for fewer pips or
    a degenerate fit."""
    fit = facing_normals(pips, view)
    return [] if fit is None else [m for m in fit[0] if m[2] > 0]


def ground_point(
    centre: tuple[float, float],
    state: str,
    view: DieView,
    pips: Sequence[tuple[float, float, float]] = (),
    body: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """The image point of the board below the middle of a die whose top face is centred at
    ``centre`` (pixels), ``state`` "flat", "on_checker" or "cocked"; a cocked die's read
    ``pips`` (x, y, r) and ``body`` (its body's centroid less ``centre``, pixels) give the way
    it leans.

    >>> v = DieView(np.array([[30.0, 0.0], [0.0, 30.0]]), np.array([4.0, 0.0]))
    >>> ground_point((100.0, 100.0), "flat", v)
    (104.0, 100.0)
    >>> x, y = ground_point((100.0, 100.0), "cocked", v, body=(2.0, 12.0))  # leans down
    >>> round(x, 1), round(y, 1)
    (104.4, 106.0)
    """
    c = np.asarray(centre, np.float64)
    if state == "cocked":
        p = c + COCKED_HEIGHT * view.down
        toward = _support_side(view, body)
        normals = face_normals(pips, view) if toward is not None else []
        if normals:
            # Of the face and its mirror, the one whose top leans away from the body's side.
            m = min(normals, key=lambda n: float(n[:2] @ toward))
            p = p + view.lin @ (-0.5 * m[:2])
        elif toward is not None:
            p = p + view.lin @ (BODY_SHIFT * toward)
    else:
        p = c + (ON_CHECKER_HEIGHT if state == "on_checker" else 1.0) * view.down
    return float(p[0]), float(p[1])


# The band of the board's middle (canonical units of 1200 x 900) where the bar's edges are
# looked for: no triangle reaches it, few stacks do. Sampled at ``_UP`` pixels a unit.
_BAND = (440, 760, 380, 520)
_UP = 2
# How far (canonical units) from the pattern's bar edge the colour edge is looked for.
EDGE_REACH = 15.0
# The edge's colour step over the band's median step: below it (a field the bar's colour, a
# grain as strong as the edge) the pattern's bar is kept. Renders IMG_83601-83800 (labelled
# corners, 380 edges): the edge found within 4.1 of the true one for 90% of those at 2.5 or more
# (303), within 11-16 below it.
EDGE_CONTRAST = 2.5
# The colour edge lies this far outside the bar's foot (the raised bar's wall or top edge
# shows past it): median over those 303 edges.
EDGE_OUTWARD = 1.4


def bar_edges(
    frame: np.ndarray, homography: np.ndarray, bar_frac: float
) -> tuple[float, float] | None:
    """The bar's two edges (canonical x) on a frame whose board ``homography`` maps to the
    canonical 1200 x 900, near those of the pattern's ``bar_frac``: the strongest colour edge
    down the board's middle each side, where both stand out (``EDGE_CONTRAST``); else None
    (and on a board the pattern sees no bar on)."""
    if bar_frac <= 0:
        return None
    x0, x1, y0, y1 = _BAND
    to_band = np.array([[_UP, 0, -x0 * _UP], [0, _UP, -y0 * _UP], [0, 0, 1.0]]) @ homography
    band = cv2.warpPerspective(frame, to_band, ((x1 - x0) * _UP, (y1 - y0) * _UP))
    lab = cv2.cvtColor(band, cv2.COLOR_BGR2LAB).astype(np.float32)
    step = sum(cv2.Sobel(lab[..., k], cv2.CV_32F, 1, 0, ksize=3) ** 2 for k in range(3))
    profile = np.median(np.sqrt(step), axis=0)
    base = float(np.median(profile)) + 1e-6
    half = 1200 * (1 - bar_frac) / 2
    edges = []
    for guess, lo, hi in ((half, x0 + 2, 598), (1200 - half, 602, x1 - 2)):
        a, b = max(lo, guess - EDGE_REACH), min(hi, guess + EDGE_REACH)
        ia, ib = int((a - x0) * _UP), int((b - x0) * _UP)
        if ib <= ia + 2:
            return None
        k = int(np.argmax(profile[ia:ib]))
        if profile[ia + k] < EDGE_CONTRAST * base:
            return None
        edges.append(x0 + (ia + k + 0.5) / _UP)
    return edges[0] + EDGE_OUTWARD, edges[1] - EDGE_OUTWARD


def die_ground(
    frame: np.ndarray, reading: Any, state: str, camera: CameraView, die_px: float
) -> tuple[float, float]:
    """``ground_point`` of a die ``reading`` (``vision.dice.DieReading``) placed in ``state``,
    with the ``camera`` the board gives and the die's side ``die_px`` (pixels)."""
    centre = (float(reading.centre[0]), float(reading.centre[1]))
    view = camera.at(centre)
    if state != "cocked":
        return ground_point(centre, state, view)
    pips = tuple(getattr(reading, "pips", ()))
    found = body_centroid(frame, centre, die_px, pips)
    body = None if found is None else (found[0] - centre[0], found[1] - centre[1])
    return ground_point(centre, state, view, pips, body)


# A die whose point below lies this far (canonical units) or farther from the pattern's bar is
# judged the same against the bar measured (its edges lie within ``EDGE_REACH`` less or
# ``EDGE_OUTWARD`` more of the pattern's): the bar is measured only for a die nearer.
NEAR_BAR = EDGE_REACH + EDGE_OUTWARD + 1.0


@dataclass(frozen=True)
class DieZones:
    """The zones of a frame's dice on its board (``homography`` to the canonical board,
    ``geometry``, ``corners``, the die's side ``die_px``): ``zone(reading, state)`` is the zone
    below the middle of a die ``reading`` (``vision.dice.DieReading``) placed in ``state``,
    against the bar as the frame shows it (measured once, for the first die near it)."""

    frame: np.ndarray
    homography: np.ndarray
    geometry: BoardGeometry
    white_home: str
    corners: tuple[tuple[float, float], ...]
    die_px: float

    @cached_property
    def camera(self) -> CameraView:
        h, w = self.frame.shape[:2]
        return board_camera(self.corners, (w, h), self.die_px)

    @cached_property
    def bar(self) -> tuple[float, float] | None:
        return bar_edges(self.frame, self.homography, self.geometry.bar_frac)

    def zone(self, reading: Any, state: str) -> str:
        at = die_ground(self.frame, reading, state, self.camera, self.die_px)
        x, y = (float(v) for v in map_point(self.homography, at))
        b0, b1 = self.geometry.bar_span
        near = b0 - NEAR_BAR <= x <= b1 + NEAR_BAR
        return die_zone(x, y, self.geometry, self.white_home, self.bar if near else None)

    def of(self, reading: Any) -> Callable[[str], str]:
        """``zone`` of ``reading`` by the state it is placed in (``place_die`` asks it)."""
        return partial(self.zone, reading)
