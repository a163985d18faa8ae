"""A die face whose faint pips were not found alone is completed from the 3x3 pip grid."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.face_completion import complete_face as _complete_face
from vision.pip_groups import make_group as _make_group
from vision.pips import Pip

SIDE = 44  # die side in pixels
STEP = round(0.24 * SIDE)
C = 100
NODES = {
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (-1, 1), (1, -1), (1, 1)],
    5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}


def _gray(value: int, angle: float) -> np.ndarray:
    """A light face with dark pips, the pip grid turned by ``angle`` degrees."""
    img = np.full((200, 200), 60, np.uint8)
    box = cv2.boxPoints(((C, C), (SIDE, SIDE), angle)).astype(np.int32)
    cv2.fillPoly(img, [box], 225)
    for x, y in _places(value, angle):
        cv2.circle(img, (round(x), round(y)), 4, 30, -1)
    return img


def _places(value: int, angle: float) -> list[tuple[float, float]]:
    a = np.radians(angle)
    e1 = np.array([np.cos(a), np.sin(a)]) * STEP
    e2 = np.array([-np.sin(a), np.cos(a)]) * STEP
    return [tuple(C + i * e1 + j * e2) for i, j in NODES[value]]


def _found(value: int, angle: float, keep: list[int]) -> list[Pip]:
    """The pips the spot finder returned: only those at indexes ``keep``."""
    places = _places(value, angle)
    return [Pip(*places[k], 4.0, True, 195.0, 225.0, 30.0, 1.0) for k in keep]


@pytest.mark.parametrize(
    "value, keep, angle",
    [(4, [0, 3], 0.0), (4, [0, 3], 20.0), (6, [0, 2, 3, 5], 10.0), (5, [0, 1, 3, 4], 35.0)],
)
def test_faint_pips_complete_the_face(value: int, keep: list[int], angle: float) -> None:
    group = _make_group(_found(value, angle, keep), 0.0)
    full = _complete_face(_gray(value, angle), group, float(SIDE))
    assert len(full.pips) == value


@pytest.mark.parametrize("value, angle", [(2, 0.0), (3, 15.0), (4, 30.0)])
def test_a_plain_face_gains_no_pips(value: int, angle: float) -> None:
    group = _make_group(_found(value, angle, list(range(value))), 0.0)
    assert _complete_face(_gray(value, angle), group, float(SIDE)) is group


def test_a_grid_that_leaves_the_face_is_not_completed() -> None:
    # Two dark spots on a dark table, no die around them: nothing to complete.
    img = np.full((200, 200), 60, np.uint8)
    spots = _found(4, 0.0, [0, 3])
    for p in spots:
        cv2.circle(img, (round(p.x), round(p.y)), 4, 10, -1)
    group = _make_group(spots, 0.0)
    assert _complete_face(img, group, float(SIDE)) is group


@pytest.mark.parametrize("angle", [0.0, 25.0])
def test_a_face_no_bigger_than_its_pip_grid_is_not_completed(angle: float) -> None:
    # Light spots in a dark letter of a board's print (the gaps of a "g"): the letter holds
    # the 3x3 grid and the spots, but past the grid's corner pips it ends, where a die's
    # face goes on. Two spots one diagonal step apart are not completed to a 3 there; on a
    # die face they are.
    for radius, value in ((1.8 * STEP, 2), (SIDE, 3)):
        img = np.full((200, 200), 225, np.uint8)
        cv2.circle(img, (C, C), round(radius), 60, -1)
        for x, y in _places(3, angle):
            cv2.circle(img, (round(x), round(y)), 4, 215, -1)
        spots = [Pip(x, y, 4.0, False, 155.0, 60.0, 215.0, 1.0) for x, y in _places(3, angle)[:2]]
        group = _make_group(spots, 0.0)
        assert len(_complete_face(img, group, float(SIDE)).pips) == value, (radius, angle)


@pytest.mark.parametrize("angle", [0.0, 20.0])
def test_a_face_read_lighter_round_its_pips_is_completed(angle: float) -> None:
    # Light pips on a dark die, blurred: the ring each pip is measured on takes in its rim,
    # so the pips' face reads lighter than the face between them (dev IMG_0013's green 4,
    # its two faint pips missed, read 2: the face between the pips 0.32 contrast darker).
    img = np.full((200, 200), 150, np.uint8)
    box = cv2.boxPoints(((C, C), (SIDE, SIDE), angle)).astype(np.int32)
    cv2.fillPoly(img, [box], 70)
    for x, y in _places(4, angle):
        cv2.circle(img, (round(x), round(y)), 4, 130, -1)
    places = _places(4, angle)
    spots = [Pip(*places[k], 4.0, False, 44.0, 86.0, 130.0, 1.0) for k in (0, 3)]
    assert len(_complete_face(img, _make_group(spots, 0.0), float(SIDE)).pips) == 4


def test_a_completed_face_takes_the_lone_pips_found_at_its_inferred_places() -> None:
    from vision.face_completion import adopt_found

    # A 5 whose two corner pips were found but linked to nothing: completed from the other
    # three, it holds those pips themselves (not strays beside it); a light spot there, or
    # a dark one a pip's width off, is not adopted.
    img = _gray(5, 15.0)
    found = _found(5, 15.0, [0, 1, 2, 3, 4])
    for k in (1, 3):  # found a little off the grid's nodes, as measured spots are
        found[k] = Pip(found[k].x + 0.6, found[k].y - 0.4, 4.0, True, 195.0, 225.0, 30.0, 1.0)
    full = _complete_face(img, _make_group([found[k] for k in (0, 2, 4)], 0.0), float(SIDE))
    assert len(full.pips) == 5 and found[1] not in full.pips
    whole = adopt_found(full, [found[1], found[3]])
    assert sorted(whole.pips, key=lambda p: (p.x, p.y)) == sorted(found, key=lambda p: (p.x, p.y))
    light = Pip(found[1].x, found[1].y, 4.0, False, 195.0, 30.0, 225.0, 1.0)
    off = Pip(found[3].x + 9.0, found[3].y, 4.0, True, 195.0, 225.0, 30.0, 1.0)
    assert adopt_found(full, [light, off]) is full
