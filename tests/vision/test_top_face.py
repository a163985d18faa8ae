"""A cocked die's value is its top face's: when the face read is no top (a side face too steep,
or a lone pip / a 2-3 with a fitting face up the view from it), a face of 4-6 pips put aside on
the die that may be up is read instead (vision.top_face, in dice_tilt.restate)."""

from __future__ import annotations

import numpy as np

from tests.vision.board_scenes import die_read_as
from tests.vision.test_dice_face_normal import _face_pips, _tilted
from vision.cocked_view import CameraView, DieView
from vision.face_normal import OtherFace
from vision.top_face import small_above, top_face


def _view() -> DieView:
    return CameraView.straight_down((1280, 960), 25.0).at((1150.0, 800.0))


def _moved(pips: list[tuple[float, float, float]], view: DieView, dy: float) -> OtherFace:
    """A face of those pips (centred at 600, 400) moved ``dy`` pixels along a flat die's
    ``down`` (negative: up the view), valued by its pip count."""
    u = view.down / np.linalg.norm(view.down)
    ps = tuple((x + dy * u[0], y + dy * u[1], r) for x, y, r in pips)
    return OtherFace(len(ps), (600.0 + dy * u[0], 400.0 + dy * u[1]), ps)


def test_a_top_face_up_the_view_from_a_lone_pip_is_read() -> None:
    """A 6 tipped 30 degrees lying 12 px (half a die) up the view from a lone pip read as a 1
    is the die's top; one down the view is not (a flat die's side faces show there), nor
    one up the view that stands 65 degrees across the line of sight (a side face)."""
    view = _view()
    one = OtherFace(1, (600.0, 400.0), ((600.0, 400.0, 2.0),))
    six = _face_pips(view, _tilted(view, 30, 0), 6)
    up = _moved(six, view, -12.0)
    assert top_face(one, [up], view, 25.0) is up
    assert top_face(OtherFace(None, one.centre, one.pips), [up], view, 25.0) is up
    assert top_face(one, [_moved(six, view, 12.0)], view, 25.0) is None
    steep = _moved(_face_pips(view, _tilted(view, 65, 90), 6), view, -12.0)
    assert top_face(one, [steep], view, 25.0) is None
    # A read face of 4-6 pips that may be up keeps its value, whatever lies above it.
    four = OtherFace(4, (600.0, 400.0), tuple(_face_pips(view, _tilted(view, 20, 0))))
    assert top_face(four, [up], view, 25.0) is None


def test_a_steep_read_face_gives_way_to_the_least_tilted_top() -> None:
    """A 4 standing 65 degrees across the line of sight is no top: of the faces put aside,
    the one tilted least that may be up is read, wherever it lies."""
    view = _view()
    side = OtherFace(4, (600.0, 400.0), tuple(_face_pips(view, _tilted(view, 65, 90))))
    six = _moved(_face_pips(view, _tilted(view, 30, 0), 6), view, 12.0)
    five = _moved(_face_pips(view, _tilted(view, 40, 90), 4), view, -12.0)
    five = OtherFace(5, five.centre, five.pips)
    assert top_face(side, [five, six], view, 25.0) is six
    assert top_face(side, [OtherFace(None, six.centre, six.pips)], view, 25.0) is None


def test_a_cocked_five_read_as_its_side_three_reads_five() -> None:
    """Train render IMG_48709 (--dice 4): a cocked 5 whose side face's 3 was read (cocked);
    the 5, put aside on the die, lies up the view from it and fits a face tipped 34 degrees."""
    assert die_read_as(48708, 5, "cocked", 4)["value"] == 5


def test_an_unread_lone_pip_beside_a_side_four_is_a_one() -> None:
    """A lone pip left unread beside a 4 that read but is no top (standing 65 degrees across
    the line of sight, or lying down the view from it) is its die's 1; beside a 6 (a 1's
    opposite face, never beside it), a 2 or a 4 farther than a 1's centre lies from a face
    beside it it stays unread, and a 4 up the view is the top."""
    view = _view()
    lone = OtherFace(None, (600.0, 400.0), ((600.0, 400.0, 2.0),))
    steep = _moved(_face_pips(view, _tilted(view, 65, 90), 4), view, -12.0)
    down = _moved(_face_pips(view, _tilted(view, 30, 0), 4), view, 12.0)
    for side in (steep, down):
        one = top_face(lone, [side], view, 25.0)
        assert one is not None and one.value == 1 and one.pips == lone.pips
    six = _moved(_face_pips(view, _tilted(view, 65, 90), 6), view, -12.0)
    two = OtherFace(2, down.centre, down.pips[:2])
    assert top_face(lone, [six], view, 25.0) is None
    assert top_face(lone, [two], view, 25.0) is None
    assert (
        top_face(lone, [_moved(_face_pips(view, _tilted(view, 30, 0), 4), view, 25.0)], view, 25.0)
        is None
    )
    up = _moved(_face_pips(view, _tilted(view, 30, 0), 4), view, -12.0)
    assert top_face(lone, [up], view, 25.0) is up


def _spot(view: DieView, dy: float) -> OtherFace:
    """A lone spot of no value ``dy`` pixels along a flat die's ``down`` from (600, 400)."""
    u = view.down / np.linalg.norm(view.down)
    x, y = 600.0 + dy * u[0], 400.0 + dy * u[1]
    return OtherFace(None, (x, y), ((x, y, 2.0),))


def test_small_above() -> None:
    """A lone pip left unread with one 2 or 3 put aside up the view from it (a raised side
    face's pip below its top) reads that face; a 2 down the view, two candidates up the view,
    or a read pip (a 1 already) are left as they are."""
    view = _view()
    lone = _spot(view, 0.0)
    two = _spot(view, -12.0)
    x, y = two.centre
    two = OtherFace(2, two.centre, ((x - 5.0, y - 5.0, 2.0), (x + 5.0, y + 5.0, 2.0)))
    assert small_above(lone, [two], view, 25.0) is two
    assert top_face(lone, [two], view, 25.0) is two
    three = OtherFace(3, two.centre, (*two.pips, (x, y, 2.0)))
    assert small_above(lone, [three, two], view, 25.0) is None
    down = _spot(view, 12.0)
    assert small_above(lone, [OtherFace(2, down.centre, two.pips)], view, 25.0) is None
    assert small_above(OtherFace(1, lone.centre, lone.pips), [two], view, 25.0) is None


def test_small_above_reads_a_cocked_two_above_a_lone_side_pip() -> None:
    """Train render IMG_75412 (--dice 4): a cocked 2 put aside up the view from a side face's
    lone pip, which was read (unread) instead."""
    assert die_read_as(75411, 2, "cocked", 4)["value"] == 2
