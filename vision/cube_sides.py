"""Unread dice that are the doubling cube's side faces: a cube seen from its side shows the
numerals of its side faces beside its top, and the pip finder takes a numeral's strokes for a
die's pips that make no face (real fm gammon stream, test10: the "16" on the side of a cube
lying in a tray, two strokes 0.4 die sides apart, left unread, 1.32 cube sides from the cube
found there, board found and given alike). Such a reading is no die: the referee would ask
about a third die, and the cocked-die model scores it like a tilted one (0.86-0.92).

A valued reading is kept (a die leaning on the cube reads its top: renders IMG_49401-49600,
board given, three cocked dice read at 1.14-1.26 cube sides); only an unread one within
``_SIDE_REACH`` cube sides of a found cube is dropped.

::

    dice = off_cube_sides(dice, cube, homography, BoardGeometry())
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.board.geometry import BoardGeometry
from vision.dice import DieReading
from vision.dice_cube import near_cube
from vision.observation import CubeReading

# Centre to the found cube's centre (canonical pixels, on the board's plane), in cube sides,
# under which an unread reading is the cube's side face: a raised side face's numeral maps
# ~1.3 cube sides off (its height above the board pushes it outward), a die touching the cube
# on the board lies 0.8-1.2 (a valued one is kept anyway).
_SIDE_REACH = 1.5


def off_cube_sides(
    readings: Sequence[DieReading],
    cube: CubeReading | None,
    homography: np.ndarray,
    geometry: BoardGeometry,
) -> list[DieReading]:
    """``readings`` (frame pixels) without the unread ones centred within ``_SIDE_REACH``
    cube sides of ``cube``, a cube found (its centre in canonical pixels of ``geometry``,
    its value read or not; ``homography``: frame -> canonical).

    >>> from vision.dice import DieReading
    >>> die = DieReading(None, (95, 95, 105, 105), (100.0, 100.0), "flat", 1.0, 10.0)
    >>> cube = CubeReading("centre", None, 0.9, (120.0, 100.0))
    >>> off_cube_sides([die], cube, np.eye(3), BoardGeometry())
    []
    """
    if cube is None or cube.centre is None:
        return list(readings)
    at = cube.centre
    return [
        r
        for r in readings
        if r.value is not None or not near_cube(r.centre, at, homography, geometry, _SIDE_REACH)
    ]
