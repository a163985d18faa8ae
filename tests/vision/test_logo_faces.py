"""Dice-only photos: a face printed with a logo instead of pips is read as the one of 1 and 6
that no pip face in the photo shows (vision.logo_faces via vision.dice.find_dice)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.dice import find_dice
from vision.logo_faces import LogoMark, _one_logo, _pip_parts
from vision.synth.piece_faces import PIP_LAYOUT

BLUE = (190, 110, 30)


def _face(img: np.ndarray, x: float, y: float) -> None:
    h = 22.0
    cv2.rectangle(img, (round(x - h), round(y - h)), (round(x + h), round(y + h)), BLUE, -1)


def _die(img: np.ndarray, value: int, x: float, y: float) -> None:
    """A blue face 44 px wide at (x, y) with white pips of radius 3."""
    _face(img, x, y)
    for u, v in PIP_LAYOUT[value]:
        cv2.circle(img, (round(x + u * 12), round(y + v * 12)), 3, (245, 245, 245), -1)


def _logo(img: np.ndarray, x: float, y: float) -> None:
    """A blue face with a white emblem: a bar with a ring on it and two wings."""
    _face(img, x, y)
    cx, cy = round(x), round(y)
    cv2.line(img, (cx, cy - 12), (cx, cy + 6), (245, 245, 245), 3)
    cv2.line(img, (cx - 13, cy - 4), (cx - 3, cy + 2), (245, 245, 245), 2)
    cv2.line(img, (cx + 13, cy - 4), (cx + 3, cy + 2), (245, 245, 245), 2)
    cv2.circle(img, (cx, cy + 9), 5, (245, 245, 245), 2)


def _photo(values: list[int], logos: int) -> np.ndarray:
    rng = np.random.default_rng(0)
    img = np.full((420, 980, 3), (40, 80, 120), np.uint8)  # a brown table
    img += rng.integers(0, 10, img.shape, dtype=np.uint8)
    for k, v in enumerate(values):
        _die(img, v, 70 + 120 * (k % 8), 70 + 120 * (k // 8))
    for k in range(logos):
        _logo(img, 190 + 240 * k, 330)
    return img


def _logo_reads(img: np.ndarray) -> list[int | None]:
    return [d.value for d in find_dice(img) if d.centre[1] > 300]


def test_a_logo_face_is_the_one_of_1_and_6_no_pip_face_shows() -> None:
    # Twelve faces read, 1s among them and no 6: the two emblems are the set's 6.
    values = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3]
    assert _logo_reads(_photo(values, 2)) == [6, 6]


def test_a_logo_is_not_read_where_the_pip_faces_show_both_1_and_6() -> None:
    # A 6 read as pips: the logo may stand for any face (or be none): nothing is read there.
    values = [1, 2, 3, 4, 5, 6, 2, 3, 4, 5, 2, 3]
    assert 6 not in _logo_reads(_photo(values, 2))


def test_a_logo_is_not_read_beside_too_few_faces() -> None:
    # Six dice read (a board's dice, a Pi camera tray): a missing 6 tells nothing.
    assert _logo_reads(_photo([1, 2, 3, 4, 5, 2], 2)) == []


def test_logo_marks_must_be_alike_in_solidity_and_size() -> None:
    # One set prints one logo: a mark half the others' size (a light streak by a pip) or far
    # more solid (a marbled streak merged with a 1's pip) is no logo; a lone mark is none.
    emblem = LogoMark(0.0, 0.0, 30.0, 280.0, 0.62)
    marks = [emblem, replace(emblem, area=250.0), replace(emblem, solidity=0.58)]
    small, solid = replace(emblem, area=92.0), replace(emblem, solidity=0.85)
    assert _one_logo([*marks, small, solid]) == marks
    assert _one_logo([emblem]) == []


def test_a_faces_pips_that_closing_joined_are_no_logo() -> None:
    # A 6 whose pips lie a pixel apart closes into one mark: its ink before the closing holds
    # six round parts of a pip's size; a logo's strokes hold none.
    six = np.zeros((40, 30), np.uint8)
    for u, v in PIP_LAYOUT[6]:
        cv2.circle(six, (15 + 8 * u, 20 + 8 * v), 3, 1, -1)
    stroke = np.zeros((40, 30), np.uint8)
    cv2.line(stroke, (15, 5), (15, 35), 1, 2)
    cv2.line(stroke, (3, 12), (27, 12), 1, 2)
    assert _pip_parts(six, 3.0) == 6
    assert _pip_parts(stroke, 3.0) == 0
