"""Dice-only photos: a 1 on a marbled face far lighter than the photo's other faces is still
read where its face is of their hue (vision.lone_body via vision.lone_pips)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import find_dice
from vision.lone_body import hued
from vision.lone_pips import accept_singles
from vision.pip_groups import make_group
from vision.pips import Pip
from vision.synth.piece_faces import PIP_LAYOUT

BLUE, PALE_BLUE, PALE_GREY = (190, 110, 30), (255, 169, 110), (180, 180, 180)


def _die(img: np.ndarray, value: int, x: float, body: tuple[int, int, int]) -> None:
    """A face 44 px wide at (x, 100) of the colour ``body`` with white pips of radius 3."""
    h = 22.0
    cv2.rectangle(img, (round(x - h), round(100 - h)), (round(x + h), round(100 + h)), body, -1)
    for u, v in PIP_LAYOUT[value]:
        c = (round(x + u * 0.55 * h), round(100 + v * 0.55 * h))
        cv2.circle(img, c, 3, (245, 245, 245), -1)


@pytest.mark.parametrize(("body", "read"), [(PALE_BLUE, True), (PALE_GREY, False)])
def test_a_lone_pip_on_a_lighter_face_of_the_dice_hue_is_a_one(
    body: tuple[int, int, int], read: bool
) -> None:
    # The 1's face is 60+ grey levels lighter than the read faces (marbling): kept where it
    # is of their blue, refused on a pale grey patch (a tray, not a die).
    rng = np.random.default_rng(0)
    img = np.full((200, 700, 3), (40, 80, 120), np.uint8)
    img += rng.integers(0, 10, img.shape, dtype=np.uint8)
    for value, x in ((5, 80), (4, 200), (6, 320), (3, 440)):
        _die(img, value, x, BLUE)
    _die(img, 1, 580, body)
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    got = [(d.value, round(d.centre[0])) for d in found]
    assert got[:4] == [(5, 80), (4, 200), (6, 320), (3, 440)]
    assert ((1, 580) in got) is read


@pytest.mark.parametrize(("roundness", "kept"), [(0.57, True), (0.5, False)])
def test_a_lone_pip_may_be_a_little_less_round_than_the_faces_pips(
    roundness: float, kept: bool
) -> None:
    # No board: fudw's marbled 1s measure 0.51-0.56 round where their photo's faces' pips
    # measure 0.64-0.70 (a recessed pip's shadow): 0.13 less is a 1, 0.2 less a dash.
    gray = np.full((100, 100), 95, np.uint8)
    cv2.circle(gray, (50, 50), 3, 245, -1)
    faces = [[Pip(0.0, 0.0, 3.0, False, 150.0, 95.0, 245.0, 0.7)] * 3]
    lone = Pip(50.0, 50.0, 3.0, False, 150.0, 95.0, 245.0, roundness)
    got = accept_singles(gray, [make_group([lone], 22.0)], faces, [lone], 0.6, True)
    assert (len(got) == 1) is kept


def test_dice_have_a_hue_where_their_faces_are_coloured() -> None:
    # The fit of a few pips put aside is trusted only where the body check can tell the
    # dice's face from a white label or a pale desk: on hued dice.
    read = [Pip(50.0, 50.0, 3.0, False, 150.0, 95.0, 245.0, 0.8)]
    for body, want in ((BLUE, True), (PALE_GREY, False)):
        img = np.full((100, 100, 3), body, np.uint8)
        cv2.circle(img, (50, 50), 3, (245, 245, 245), -1)
        assert hued(img, 1.0, read) is want
    assert not hued(img, 1.0, [])
