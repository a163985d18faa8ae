"""The tipped-face doubt (``vision.cocked_tipped``): a read 4 or 5 whose corner pips fit only a
face tipped well off the board is no flat die's top; a square one is, and a 6 is not asked."""

from __future__ import annotations

import numpy as np

from vision.cocked_tipped import TIPPED, tipped_face
from vision.cocked_view import DieView
from vision.face_normal import face_tilts

SIDE = 25.0  # pixels a die side
# A camera a little off straight down: a flat die's side faces show 0.24 die sides below it.
VIEW = DieView(np.array([[SIDE, 0.0], [0.0, SIDE]]), np.array([0.0, 6.0]))


def _face(
    value: int, squash: float = 1.0, spread: float = 0.25
) -> list[tuple[float, float, float]]:
    """A face's pips (image x, y, r), its rows pressed together by ``squash`` (a face tipped
    about the image's x axis), corner pips ``spread`` die sides from its centre."""
    at = {
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    return [(100 + SIDE * spread * x, 100 + SIDE * spread * squash * y, 2.0) for x, y in at]


def test_a_square_face_is_a_flat_die_s_top() -> None:
    for value in (4, 5):
        assert not tipped_face(value, _face(value), VIEW)


def test_a_face_pressed_to_a_tipped_one_is_doubted() -> None:
    for value in (4, 5):
        tilts = face_tilts(_face(value, 0.72), VIEW)
        assert tilts is not None and tilts.low > TIPPED
        assert tipped_face(value, _face(value, 0.72), VIEW)


def test_a_slight_tilt_is_within_a_read_s_error() -> None:
    # Pressed to 0.88 the face fits a tilt of ~18 degrees: flat dice read so (renders to ~27).
    assert not tipped_face(4, _face(4, 0.88), VIEW)


def test_a_six_is_not_asked() -> None:
    # Real dice set a 6's columns closer than its rows: the paper webcam's flat 6s fit tipped.
    assert not tipped_face(6, _face(6, 0.72), VIEW)


def test_a_fit_off_a_face_s_corners_says_nothing() -> None:
    # Corner pips 0.4 die sides out: no one face's (pips of two faces, or a bad read).
    assert not tipped_face(4, _face(4, 0.72, spread=0.4), VIEW)


def test_an_unread_or_few_pip_face_is_not_asked() -> None:
    assert not tipped_face(None, _face(4, 0.72), VIEW)
    assert not tipped_face(3, _face(4, 0.72)[:3], VIEW)
