"""The skewed-six doubt (``vision.cocked_six``): a read 6 whose pips lay back on the board as a
sheared parallelogram is no flat die's top; a rectangle of any columns' spacing is."""

from __future__ import annotations

import math

import numpy as np

from vision.cocked_six import SKEWED, six_angle, skewed_six
from vision.cocked_tipped import tipped_face
from vision.cocked_view import DieView

SIDE = 25.0  # pixels a die side
VIEW = DieView(np.array([[SIDE, 0.0], [0.0, SIDE]]), np.array([0.0, 6.0]))


def _six(
    columns: float = 0.25, rows: float = 0.25, shear: float = 0.0, turn: float = 0.0
) -> list[tuple[float, float, float]]:
    """A 6's pips (image x, y, r): columns ``columns`` die sides either side of the centre, rows
    ``rows`` apart, each row slid ``shear`` die sides along the columns' line per die side down
    them (a face tipped about a slanted axis), the whole turned ``turn`` degrees."""
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    out = []
    for x in (-columns, columns):
        for y in (-rows, 0.0, rows):
            u, v = x + shear * y, y
            out.append((100 + SIDE * (c * u - s * v), 100 + SIDE * (s * u + c * v), 2.0))
    return out


def test_a_flat_six_of_any_columns_spacing_is_not_asked() -> None:
    # Renders' 6s are square; real dice set the columns closer (paper webcam 0.71-0.78).
    for columns in (0.25, 0.18):
        for turn in (0.0, 30.0, 75.0):
            angle = six_angle(_six(columns, turn=turn), VIEW)
            assert angle is not None and abs(angle - 90.0) < 1e-6
            assert not skewed_six(6, _six(columns, turn=turn), VIEW)
            assert not tipped_face(6, _six(columns, turn=turn), VIEW)


def test_a_sheared_six_is_asked() -> None:
    pips = _six(shear=0.3, turn=20.0)
    angle = six_angle(pips, VIEW)
    assert angle is not None and angle < SKEWED
    assert skewed_six(6, pips, VIEW)
    assert tipped_face(6, pips, VIEW)


def test_a_slight_shear_is_within_a_read_s_error() -> None:
    # Flat 6s on the renders read down to 84 degrees.
    assert not skewed_six(6, _six(shear=0.06), VIEW)


def test_only_a_six_of_six_pips_is_asked() -> None:
    assert not skewed_six(5, _six(shear=0.3)[:5], VIEW)
    assert not skewed_six(None, _six(shear=0.3), VIEW)
    assert six_angle(_six(shear=0.3)[:5], VIEW) is None
