"""A cocked die's side face of 4-6 pips, seen square-on, stands too steep to be the die's top:
both normals its pips allow tilt past 45 degrees from the board's, and the die is left unread
(vision.face_normal, in dice_tilt.restate), not read with the side face's value."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from tests.vision.board_scenes import die_read_as
from vision.cocked_view import CameraView, DieView
from vision.face_normal import STEEP, OtherFace, face_above, face_tilts, loose_spots
from vision.pip_groups import make_group
from vision.pips import Pip


def _face_pips(view: DieView, normal: np.ndarray, n: int = 4) -> list[tuple[float, float, float]]:
    """The image pips of a face of ``n`` (4 or 6) whose unit normal (board frame, z up) is
    ``normal``, centred at (600, 400), pips 0.25 die sides off its centre, seen through the
    view's linear map."""
    jac = np.column_stack([view.lin, -view.down])
    u = np.cross(normal, [0.3, 1.0, 0.1])
    u /= np.linalg.norm(u)
    v = np.cross(normal, u)
    rows = (-1, 0, 1) if n == 6 else (-1, 1)
    out = []
    for x in (-1, 1):
        for y in rows:
            step = 0.25 * (x * u + y * v)
            px, py = np.array([600.0, 400.0]) + jac @ step
            out.append((float(px), float(py), 2.0))
    return out


def _tilted(view: DieView, degrees: float, turn: float) -> np.ndarray:
    """A unit normal tilted by ``degrees`` from up, toward the camera turned by ``turn``
    degrees about the vertical (0: toward the camera, 90: across the line of sight)."""
    jac = np.column_stack([view.lin, -view.down])
    ray = np.linalg.svd(jac)[2][2]
    ray = ray if ray[2] > 0 else -ray
    h = ray[:2] / np.linalg.norm(ray[:2])
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    h = np.array([c * h[0] - s * h[1], s * h[0] + c * h[1]])
    a = math.radians(degrees)
    return np.array([h[0] * math.sin(a), h[1] * math.sin(a), math.cos(a)])


def test_side_face_is_steep_top_face_is_not() -> None:
    """Off the camera's axis (the view shows a flat die's side face), a face tilted 65 degrees
    across the line of sight is steep both ways (its mirror about the ray too); a flat top
    face and faces tipped 30 degrees any way are not; one of the two tilts is the true one,
    and the pips' offset from the centre comes back as 0.25 die sides. A side face facing the
    camera mirrors to a face near up: that one is not called steep (the ambiguity)."""
    view = CameraView.straight_down((1280, 960), 25.0).at((1150.0, 800.0))
    for turn in (90, 270):
        side = face_tilts(_face_pips(view, _tilted(view, 65, turn)), view)
        assert side is not None and side.steep and side.low > STEEP
        assert abs(side.pip_offset - 0.25) < 0.01
        assert abs(side.high - 65) < 1.0 or abs(side.low - 65) < 1.0
    for degrees, turn in ((0, 0), (30, 0), (30, 90), (30, 180)):
        top = face_tilts(_face_pips(view, _tilted(view, degrees, turn), 6), view)
        assert top is not None and not top.steep
        assert abs(top.low - degrees) < 1.0 or abs(top.high - degrees) < 1.0
    facing = face_tilts(_face_pips(view, _tilted(view, 65, 0)), view)
    assert facing is not None and not facing.steep
    assert face_tilts(_face_pips(view, _tilted(view, 0, 0))[:3], view) is None


def test_a_fit_of_no_die_face_is_not_steep_but_too_wide() -> None:
    """Pips spread twice a die face's (0.5 die sides off the centre) give no tilt to trust,
    and lie past a face's corners however it is turned; 0.4 off is still a face."""
    view = CameraView.straight_down((1280, 960), 25.0).at((1150.0, 800.0))
    pips = _face_pips(view, _tilted(view, 65, 90))
    wide = [(600 + 2 * (x - 600), 400 + 2 * (y - 400), r) for x, y, r in pips]
    t = face_tilts(wide, view)
    assert t is not None and t.low > STEEP and not t.steep and t.too_wide
    near = [(600 + 1.6 * (x - 600), 400 + 1.6 * (y - 400), r) for x, y, r in pips]
    t = face_tilts(near, view)
    assert t is not None and not t.too_wide and abs(t.pip_offset - 0.4) < 0.01


def test_a_cocked_sixs_side_four_is_not_read() -> None:
    """Train render IMG_31860 (--dice 4): a cocked 6 whose side face's 4, seen square-on,
    read as the die's value (cocked, 1.00); both its normals tilt 52-86 degrees."""
    assert die_read_as(31859, 6, "cocked", 4)["value"] != 4


def _six_and_three(
    view: DieView, tilt: float, turn: float, dy: float
) -> tuple[list[tuple[float, float, float]], OtherFace]:
    """A 6 tilted by ``tilt`` degrees (``_tilted``'s ``turn``) and a 3 ``dy`` pixels from
    its centre along a flat die's ``down`` (negative: up the view)."""
    six = _face_pips(view, _tilted(view, tilt, turn), 6)
    u = view.down / np.linalg.norm(view.down)
    cx, cy = 600 + dy * u[0], 400 + dy * u[1]
    three = OtherFace(3, (cx, cy), tuple((cx + 4 * k, cy, 2.0) for k in (-1, 0, 1)))
    return six, three


def test_the_face_above_a_side_face_is_read_instead() -> None:
    """A 6 that may be a side face facing the camera (tilted 65 degrees toward it: its mirror
    is near up) gives way to a 3 lying up the view from it; not to one below it (down the
    view, where a flat die's side faces show); one of no value there leaves the die unread
    (it is returned, value None). Nearer the point below
    the camera a flat 6's mirror is near up too: it keeps its value, whatever lies beside."""
    view = CameraView.straight_down((1280, 960), 25.0).at((1150.0, 800.0))
    six, above = _six_and_three(view, 65, 0, -10.0)
    assert face_above(face_tilts(six, view), (600.0, 400.0), [above], view, 25.0) is above
    _, below = _six_and_three(view, 65, 0, 10.0)
    assert face_above(face_tilts(six, view), (600.0, 400.0), [below], view, 25.0) is None
    unread = OtherFace(None, above.centre, above.pips)
    assert face_above(face_tilts(six, view), (600.0, 400.0), [unread], view, 25.0) is unread
    near = CameraView.straight_down((1280, 960), 25.0).at((760.0, 560.0))
    flat, above = _six_and_three(near, 0, 0, -10.0)
    tilts = face_tilts(flat, near)
    assert tilts is not None and tilts.high < 50
    assert face_above(face_tilts(flat, near), (600.0, 400.0), [above], near, 25.0) is None


def test_a_cocked_threes_side_six_gives_way_to_its_three() -> None:
    """Train render IMG_32072 (--dice 4): a cocked 3 whose side face's 6, seen square-on, was
    read (cocked, 1.00); the 3 put aside on the die lies up the view from it."""
    assert die_read_as(32071, 3, "cocked", 4)["value"] == 3


def test_a_loose_spot_above_leaves_a_side_face_unread() -> None:
    """A round spot up the view from a 6 that may be a side face (its die's top, a 1 say)
    gives a face of no value: the die is left unread; a face with a value there wins."""
    view = CameraView.straight_down((1280, 960), 25.0).at((1150.0, 800.0))
    six, above = _six_and_three(view, 65, 0, -10.0)
    spot = OtherFace(None, above.centre, above.pips[:1])
    assert face_above(face_tilts(six, view), (600.0, 400.0), [spot], view, 25.0) is spot
    _, three = _six_and_three(view, 65, 0, -8.0)
    assert face_above(face_tilts(six, view), (600.0, 400.0), [spot, three], view, 25.0) is three


def test_loose_spots_are_round_spots_of_the_faces_kind() -> None:
    """Spots within a die side of a 4, of its pips' polarity, size and roundness, not its own
    (work pixels in, image pixels out at scale 2); a lone face has none looked for."""
    pip = Pip(0.0, 0.0, 3.0, True, 60.0, 200.0, 140.0, 0.8)
    four = make_group([replace(pip, x=100 + dx, y=100 + dy) for dx in (-8, 8) for dy in (-8, 8)], 0)
    spots = [
        replace(pip, x=100, y=130),  # kept
        replace(pip, x=100, y=160),  # past a die side (44)
        replace(pip, x=130, y=100, dark=False),  # the other polarity
        replace(pip, x=70, y=100, r=6.0),  # twice the size
        replace(pip, x=100, y=70, circularity=0.5),  # a dash
    ]
    got = loose_spots(four, list(four.pips) + spots, 44.0, 2.0)
    assert [(o.value, o.centre) for o in got] == [(None, (50.0, 65.0))]
    assert loose_spots(make_group([pip], 22.0), spots, 44.0, 2.0) == ()


def test_a_cocked_ones_side_four_is_not_read() -> None:
    """Train render IMG_0011: a cocked 1 whose side face's 4 was read (cocked); the 1's pip
    lies up the view from the 4."""
    assert die_read_as(10, 1, "cocked")["value"] != 4


def test_a_face_tipped_35_degrees_across_the_view_fits_tipped_a_flat_one_does_not() -> None:
    """A top face tipped 35 degrees across the line of sight fits a die's face with its lesser
    tilt past 20 degrees (flat dice's fits stay under it); a flat one and one tipped 10
    degrees stay under; a fit of no die face (the corner pips too far off) does not count."""
    view = CameraView.straight_down((1280, 960), 25.0).at((1150.0, 800.0))
    for turn in (90, 270):
        t = face_tilts(_face_pips(view, _tilted(view, 35, turn), 6), view)
        assert t is not None and t.fits_a_face and t.low > 20.0
    for degrees in (0, 10):
        t = face_tilts(_face_pips(view, _tilted(view, degrees, 90)), view)
        assert t is not None and t.fits_a_face and t.low <= 20.0
    wide = [(600 + 2 * (x - 600), 400 + 1.4 * (y - 400), r) for x, y, r in
            _face_pips(view, _tilted(view, 35, 90))]  # fmt: skip
    t = face_tilts(wide, view)
    assert t is not None and not t.fits_a_face
