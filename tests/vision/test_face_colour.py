"""vision.face_colour: a lone pip is a 1 only on a face of one colour (die size known)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.test_dice import draw_die
from vision.dice import DieReading, find_dice
from vision.face_colour import (
    CORNER_OFF,
    DOUBTED_TWO,
    FACE_CHROMA_SPREAD,
    RING_AT,
    corners_off,
    doubt_bare_corners,
    ring_spreads,
)

_RED = (40, 40, 200)  # BGR, grey 88
_GREEN = (40, 122, 40)  # BGR, the same grey as _RED: only the hue tells them apart


def _noisy(img: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    noisy: np.ndarray = np.clip(img.astype(np.int16) + rng.integers(-4, 5, img.shape), 0, 255)
    return noisy.astype(np.uint8)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_light_spot_where_two_hues_meet_is_no_one(seed: int) -> None:
    # The spot between two stacked checkers: a light pip-sized spot with, round it, checker
    # on two sides and the board on the others, alike in grey (the grey checks pass).
    img = np.full((160, 160, 3), _RED, np.uint8)
    img[:, 80:] = _GREEN
    cv2.circle(img, (80, 80), 4, (235, 235, 235), -1, cv2.LINE_AA)
    img = _noisy(img, seed)
    assert find_dice(img, die_size_px=44) == []
    # The same spot on a face of one colour is a 1.
    img[:, 80:] = img[:, :80][:, ::-1]
    assert [d.value for d in find_dice(img, die_size_px=44)] == [1]


@pytest.mark.parametrize("side", [36, 50])
def test_a_one_on_a_coloured_die_on_another_colour_stays_a_one(side: int) -> None:
    # The ring stays on the die's own face: the board's colour beyond it does not count.
    img = np.full((200, 300, 3), _GREEN, np.uint8)
    draw_die(img, 1, (80, 100), side, 0)
    draw_die(img, 1, (200, 100), side, 20, face=_RED, pip=(235, 235, 235))
    img = _noisy(img, side)
    found = sorted(find_dice(img, die_size_px=side), key=lambda d: d.centre[0])
    assert [d.value for d in found] == [1, 1]


def test_the_spread_is_not_judged_off_the_image() -> None:
    img = np.full((40, 40, 3), _RED, np.uint8)
    img[:, 20:] = _GREEN
    # Centred on the corner, most of the ring is off the image: no call (0.0).
    assert ring_spreads(img, 0.0, 0.0, RING_AT * 44)[0] == 0.0
    assert ring_spreads(img, 20.0, 20.0, RING_AT * 44)[0] > FACE_CHROMA_SPREAD


@pytest.mark.parametrize("seed", [0, 1])
def test_a_lone_pip_near_its_face_edge_is_unread(seed: int) -> None:
    # A white die on a light board (a paper board): a lone pip a fifth of the die side from
    # the face's edge is a corner pip of a face whose other pips were missed (a 2 read as a
    # 1), not a 1, whose face runs on round it. The board is too like the face in grey for
    # the plain-face check, not for the ring's lightness.
    rng = np.random.default_rng(seed)
    img = np.full((200, 200, 3), 190, np.uint8)
    img += rng.integers(0, 8, img.shape, dtype=np.uint8)
    cv2.rectangle(img, (60, 60), (140, 140), (235, 235, 230), -1)
    plain = img.copy()
    for im, x in ((img, 140 - 0.2 * 44), (plain, 100.0)):
        centre = (round(x * 8), 100 * 8)
        cv2.circle(im, centre, round(0.085 * 44 * 8), (25, 25, 25), -1, cv2.LINE_AA, 3)
    assert [d.value for d in find_dice(img, die_size_px=44)] == [None]
    assert [d.value for d in find_dice(plain, die_size_px=44)] == [1]


def _two(img: np.ndarray, pips: tuple[tuple[float, float, float], ...]) -> DieReading:
    x = [p[0] for p in pips]
    y = [p[1] for p in pips]
    box = (int(min(x)) - 8, int(min(y)) - 8, int(max(x)) + 8, int(max(y)) + 8)
    centre = (sum(x) / len(x), sum(y) / len(y))
    return DieReading(2, box, centre, "flat", 0.9, 30.0, pips=pips)


@pytest.mark.parametrize(("value", "angle", "seed"), [(2, 0.0, 0), (2, 20.0, 1), (3, -35.0, 2)])
def test_a_flat_two_or_three_keeps_its_confidence(value: int, angle: float, seed: int) -> None:
    img = np.full((160, 160, 3), (60, 110, 60), np.uint8)
    draw_die(img, value, (80.0, 80.0), 44, angle)
    grey = cv2.cvtColor(_noisy(img, seed), cv2.COLOR_BGR2GRAY)
    (read,) = find_dice(_noisy(img, seed), die_size_px=44)
    assert read.value == value
    two = replace(_two(img, read.pips), value=value)
    assert corners_off(grey, two.centre, two.pips, 44.0) < CORNER_OFF
    assert doubt_bare_corners(grey, [two], 44.0)[0].confidence == 0.9


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_cocked_ones_pip_with_a_side_faces_pip_is_a_doubted_two(seed: int) -> None:
    # A cocked 1's top face foreshortened (its pip at the centre) above its raised side face,
    # darker, one of that face's pips showing: a bare corner of the pair falls on the side face.
    img = np.full((160, 160, 3), (60, 110, 60), np.uint8)
    cv2.rectangle(img, (58, 70), (102, 90), (235, 235, 230), -1)
    cv2.rectangle(img, (58, 91), (102, 125), (150, 150, 145), -1)
    cv2.ellipse(img, (80, 80), (4, 2), 0, 0, 360, (25, 25, 25), -1, cv2.LINE_AA)
    cv2.circle(img, (88, 100), 4, (25, 25, 25), -1, cv2.LINE_AA)
    grey = cv2.cvtColor(_noisy(img, seed), cv2.COLOR_BGR2GRAY)
    two = _two(img, ((80.0, 80.0, 3.0), (88.0, 100.0, 4.0)))
    assert corners_off(grey, two.centre, two.pips, 44.0) > CORNER_OFF
    assert doubt_bare_corners(grey, [two], 44.0)[0].confidence == DOUBTED_TWO
    # Called cocked, its roll is void whatever it shows: left as it is.
    cocked = replace(two, state="cocked")
    assert doubt_bare_corners(grey, [cocked], 44.0)[0].confidence == 0.9
