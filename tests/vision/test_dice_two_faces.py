"""Faces read from the pips of two faces of a die (a cocked 3 and its side face's 3 read as
a 6) span more than a flat die's face can: such a die is left unread, not called flat with a
wrong value (vision.dice_tilt.plane_span)."""

from __future__ import annotations

from tests.vision.board_scenes import die_read_as
from vision.cocked_view import CameraView
from vision.dice_tilt import _WIDE_SPAN, plane_span


def test_a_six_from_two_faces_threes_is_not_read() -> None:
    """/tmp/unseen22 IMG_27455: a cocked 3 and its side face's 3 read as one 6 (flat, 0.69)
    whose pips span 1.47 die sides on the flat die's plane."""
    die = die_read_as(27454, 3, "cocked")
    assert die["value"] != 6


def test_plane_span_of_a_face_and_of_two_faces() -> None:
    """Straight down, a 6's pips (0.3 die sides from the centre on each axis) span about
    0.85 die sides; two 3s side by side span more than a face can."""
    view = CameraView.straight_down((1280, 960), 40.0).at((640.0, 480.0))
    six = tuple((640 + 12.0 * x, 480 + 12.0 * y, 3.0) for x in (-1, 1) for y in (-1, 0, 1))
    assert 0.8 < plane_span(six, view) < _WIDE_SPAN
    threes = tuple((600 + 12.0 * k + dx, 480 + 12.0 * k, 3.0) for dx in (0, 45) for k in (-1, 0, 1))
    assert plane_span(threes, view) > _WIDE_SPAN
    assert plane_span(six[:1], view) == 0.0


def test_a_six_spanning_its_whole_face_is_read() -> None:
    """/tmp/unseen18 IMG_20628: a cocked 6 whose pips span 1.00 die sides on the flat die's
    plane (the most of the right reads) keeps its 6."""
    assert die_read_as(20627, 6, "cocked")["value"] == 6
