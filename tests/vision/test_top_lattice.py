"""A cocked die read 1-3 or unread whose pips fit a 5's or a 6's top on the pip lattice is read
from that lattice (vision.top_lattice, after one_reading_a_die in the reader)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_dice_face_normal import _tilted
from vision.cocked_view import CameraView, DieView
from vision.dice import DieReading
from vision.top_lattice import lattice_tops, lattice_value

_SIX = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]
_FIVE = [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)]
_CORNERS = ((200.0, 150.0), (1080.0, 150.0), (1040.0, 760.0), (240.0, 760.0))
_SIZE = (1280, 960)
_DIE = 25.0


def _view(at: tuple[float, float] = (600.0, 400.0)) -> DieView:
    return CameraView.from_corners(_CORNERS, _SIZE, _DIE).at(at)


def _pips(
    view: DieView, normal: np.ndarray, layout: list[tuple[int, int]], at: tuple[float, float]
) -> list[tuple[float, float, float]]:
    """A face's pips on the lattice (0.25 die sides apart) of a face with unit ``normal``
    (board frame, z up), centred at ``at``, through the view."""
    jac = np.column_stack([view.lin, -view.down])
    u = np.cross(normal, [0.3, 1.0, 0.1])
    u /= np.linalg.norm(u)
    v = np.cross(normal, u)
    return [
        (float(p[0]), float(p[1]), 2.0)
        for p in (np.array(at) + jac @ (0.25 * (i * u + j * v)) for i, j in layout)
    ]


def _up(view: DieView) -> np.ndarray:
    up: np.ndarray = -view.down / np.linalg.norm(view.down)
    return up


def test_lattice_reads_a_top_six_and_five_tilted_under_45_degrees() -> None:
    """A 6 or a 5 tipped 0-35 degrees any way fits a top's lattice: read as such."""
    view = _view()
    for tilt in (0, 20, 35):
        for turn in (0, 90, 200):
            n = _tilted(view, tilt, turn)
            assert lattice_value(_pips(view, n, _SIX, (600.0, 400.0)), view, _DIE) == 6
            assert lattice_value(_pips(view, n, _FIVE, (600.0, 400.0)), view, _DIE) == 5


def test_lattice_reads_no_side_face_and_no_small_face() -> None:
    """A 6 standing 70 degrees (a side face) fits no top's lattice; a 3 or a 4 is never read
    (their lattice does not tell a top from a side face's pips joined to it); a 6 with a pip
    of the die's kind up the view beyond its upper edge is no top (side faces show below)."""
    view = _view()
    assert (
        lattice_value(_pips(view, _tilted(view, 70, 90), _SIX, (600.0, 400.0)), view, _DIE) is None
    )
    flat = _tilted(view, 0, 0)
    three = _pips(view, flat, [(-1, -1), (0, 0), (1, 1)], (600.0, 400.0))
    assert lattice_value(three, view, _DIE) is None
    four = _pips(view, flat, [(-1, -1), (-1, 1), (1, -1), (1, 1)], (600.0, 400.0))
    assert lattice_value(four, view, _DIE) is None
    six = _pips(view, flat, _SIX, (600.0, 400.0))
    x, y = np.array([600.0, 400.0]) + 0.75 * _DIE * _up(view)
    assert lattice_value([*six, (float(x), float(y), 2.0)], view, _DIE) is None


def test_lattice_tops_reads_only_cocked_dice_read_small_or_unread() -> None:
    """lattice_tops: a die called cocked read 3 (a 6 split into a column) or unread, with a 6's
    pips near, reads 6; the same die called flat, or read 4-6, stays as read; so does one with
    fewer than five pips near."""
    view = _view()
    six = tuple(_pips(view, _tilted(view, 30, 0), _SIX, (600.0, 400.0)))

    def die(
        value: int | None, state: str, near: tuple[tuple[float, float, float], ...]
    ) -> DieReading:
        return DieReading(value, (580, 380, 620, 420), (600.0, 400.0), state, 0.9, _DIE, near=near)

    out = lattice_tops(
        [
            die(3, "cocked", six),
            die(None, "cocked", six),
            die(3, "flat", six),
            die(4, "cocked", six),
        ],
        _CORNERS,
        _SIZE,
        _DIE,
    )
    assert [d.value for d in out] == [6, 6, 3, 4]
    assert lattice_tops([die(None, "cocked", six[:4])], _CORNERS, _SIZE, _DIE)[0].value is None
