"""Die readings that are the doubling cube's face: left to the cube, not believed as dice.

The cube's numeral (the 2 of a 2, the 1 and 6 of a 16) is two or three bold blobs that the
pip finder takes for a die's pips: board given, renders, such a phantom was read at 1.0 and,
its box avoided by :func:`vision.cube.find_cube`, hid the cube as well (IMG_0058, IMG_43317).
Two things tell it from a die: its "pips" are large for the calibrated die (median radius
0.112-0.119 of the die side, against 0.076 median and 0.117 at most for dice read: only ~1% of
dice reach ``_BIG_PIP``), and the cube's own face reader names a number on it clearly
(0.81-0.93, where dice with large pips read 0.71 at most and all dice read 0.73 at most:
IMG_43201-43600, IMG_37201-37600, IMG_31801-32200, /tmp/train, dev, IMG_31001-31200).
Both must hold; only the few readings with large pips are read as a cube (~2-6 ms each).
A cube seen from its side (in a tray, its top face oblique) can show bold strokes of two faces
(the "1" of its 16 and its side face's 8) that link into a 2 the face reader cannot check
(unseen31 IMG_40182, 0.39): once :func:`vision.cube.find_cube` has found the cube and read its
number, a large-pip reading centred within ``_ON_CUBE`` cube sides of it is the cube's
(:func:`on_found_cube`). A real die touching the cube lies a cube side and a half away or more.
Such a reading's box, avoided by the cube finder, can hide the cube (board found, the same frame
read a 4): when no cube is found, it is sought once more past the large-pip readings' boxes, and
taken only if it is read and lies under one of them (:func:`cube_past_numerals`, a second
``find_cube`` in those few frames).
A faint die found on its hue (``vision.hued_dice``: unread, at ``ALONE_CONFIDENCE``) can be a
cube's coloured numeral (held out IMG_79134: a dark cube's yellow 16; its box hid the cube,
read right before). Where no cube is found past every die, it is sought past the faint
unread dice as well and taken only if its number is read and such a die lies within
``_ON_CUBE`` cube sides of it; that die is then the cube's (:func:`on_found_cube`). Renders
IMG_78601-79200 (board given): that frame's cube read again, nothing else changed.

::

    dice = left_to_cube(dice, frame, homography, BoardGeometry(), die_px=30.0)
    cube = cube_past_numerals(frame, homography, BoardGeometry(), "bottom-right", 30.0, dice)
    dice = on_found_cube(dice, cube, homography, BoardGeometry(), die_px=30.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.board.geometry import BoardGeometry, map_point
from vision.cube import find_cube
from vision.cube_face import read_cube_face
from vision.dice import DieReading
from vision.dice_tilted import ALONE_CONFIDENCE
from vision.observation import CubeReading
from vision.pip_groups import median

_BIG_PIP = 0.1  # a reading's median pip radius, in die sides, from which it may be the cube's
_CUBE_SIDE = 0.55 / 0.92  # the cube's side in point widths (~22 mm on a ~40 mm point)
_CUBE_READ = 0.78  # the cube face reader's score on it from which it is the cube's numeral
# Centre to the found cube's centre, in cube sides, under which a large-pip reading is the
# cube's (IMG_40182's 2 lay 0.39 off; a die beside the cube lies ~0.87 or more).
_ON_CUBE = 0.5


def left_to_cube(
    readings: Sequence[DieReading],
    frame: np.ndarray,
    homography: np.ndarray,
    geometry: BoardGeometry,
    die_px: float,
) -> list[DieReading]:
    """``readings`` (frame pixels) without those that are the cube's face: a value read from
    pips of median radius ``_BIG_PIP`` die sides (``die_px``, frame pixels) or more, where
    :func:`vision.cube_face.read_cube_face` (``homography`` frame -> canonical pixels of
    ``geometry``) names a number at ``_CUBE_READ`` or better.  Unread faces
    stay (they are not believed, and their pips keep the cube finder off them).

    >>> left_to_cube([], np.zeros((90, 120, 3), np.uint8), np.eye(3), BoardGeometry(), 30.0)
    []
    """
    cube_px = _CUBE_SIDE * geometry.point_width  # as vision.cube.find_cube sizes it
    out = []
    for r in readings:
        if r.value is not None and r.pips and _big_pips(r.pips, die_px):
            at = map_point(homography, r.centre)
            face = read_cube_face(frame, homography, (float(at[0]), float(at[1])), cube_px)
            if face.value is not None and face.score >= _CUBE_READ:
                continue
        out.append(r)
    return out


def cube_past_numerals(
    frame: np.ndarray,
    homography: np.ndarray,
    geometry: BoardGeometry,
    white_home: str,
    die_px: float,
    readings: Sequence[DieReading],
) -> CubeReading | None:
    """:func:`vision.cube.find_cube` avoiding the boxes of ``readings`` with pips (a die is no
    cube); when that finds none, once more past the valued large-pip readings' boxes, taking
    the cube found only if its number is read and a large-pip reading lies on it (``_ON_CUBE``).

    >>> cube_past_numerals(np.zeros((90, 120, 3), np.uint8), np.eye(3), BoardGeometry(),
    ...                    "bottom-right", 30.0, []) is None
    True
    """
    boxes = [r.bbox for r in readings if r.pips]
    cube = find_cube(frame, homography, geometry, white_home, die_px, boxes)
    if cube is None and any(_faint(r) for r in readings):
        # A faint die found on its hue can be the cube's coloured numeral: the cube is taken
        # past such readings only if it is read and one of them lies on it.
        past = [r.bbox for r in readings if r.pips and not _faint(r)]
        again = find_cube(frame, homography, geometry, white_home, die_px, past)
        if again is not None and again.value is not None and again.centre is not None:
            if any(
                _faint(r) and near_cube(r.centre, again.centre, homography, geometry, _ON_CUBE)
                for r in readings
            ):
                return again
    big = [r for r in readings if r.value is not None and r.pips and _big_pips(r.pips, die_px)]
    if cube is not None or not big:
        return cube
    rest = [r.bbox for r in readings if r.pips and not any(r is b for b in big)]
    again = find_cube(frame, homography, geometry, white_home, die_px, rest)
    if again is None or len(on_found_cube(big, again, homography, geometry, die_px)) == len(big):
        return None
    return again


def on_found_cube(
    readings: Sequence[DieReading],
    cube: CubeReading | None,
    homography: np.ndarray,
    geometry: BoardGeometry,
    die_px: float,
) -> list[DieReading]:
    """``readings`` (frame pixels) without the valued large-pip ones (``_BIG_PIP``, ``die_px``
    frame pixels) and the faint unread ones centred within ``_ON_CUBE`` cube sides of
    ``cube``, a cube found and read
    (its centre in canonical pixels of ``geometry``; ``homography``: frame -> canonical).

    >>> on_found_cube([], None, np.eye(3), BoardGeometry(), 30.0)
    []
    """
    if cube is None or cube.centre is None or cube.value is None:
        return list(readings)
    return [
        r
        for r in readings
        if not (
            (_faint(r) or (r.value is not None and r.pips and _big_pips(r.pips, die_px)))
            and near_cube(r.centre, cube.centre, homography, geometry, _ON_CUBE)
        )
    ]


def near_cube(
    centre: tuple[float, float],
    cube_centre: tuple[float, float],
    homography: np.ndarray,
    geometry: BoardGeometry,
    sides: float,
) -> bool:
    """Does ``centre`` (frame pixels; ``homography``: frame -> canonical pixels of
    ``geometry``) lie within ``sides`` cube sides of a found cube's centre ``cube_centre``
    (canonical pixels), on the board's plane?

    >>> near_cube((100.0, 100.0), (120.0, 100.0), np.eye(3), BoardGeometry(), 0.5)
    True
    """
    at = map_point(homography, centre)
    reach = sides * _CUBE_SIDE * geometry.point_width
    return bool(np.hypot(at[0] - cube_centre[0], at[1] - cube_centre[1]) < reach)


def _faint(r: DieReading) -> bool:
    """Whether ``r`` is a die found but unread and only asked about (``ALONE_CONFIDENCE``)."""
    return r.value is None and bool(r.pips) and r.confidence <= ALONE_CONFIDENCE


def _big_pips(pips: Sequence[tuple[float, float, float]], die_px: float) -> bool:
    """Whether the pips' median radius is ``_BIG_PIP`` die sides or more."""
    return median([p[2] for p in pips]) >= _BIG_PIP * die_px
