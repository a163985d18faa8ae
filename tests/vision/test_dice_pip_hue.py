"""With a board, a face whose pips are of another hue than the face (a cube's yellow figure
on its black body) is left unread (vision.face_colour.pip_hue_off): a die's pips are neutral
or its face's colour washed toward neutral."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.test_dice import draw_die
from vision.dice import find_dice


def _values(body: tuple[int, int, int], pip: tuple[int, int, int]) -> list[int | None]:
    """A 2, a 3 and a 5 drawn at 44 px on a brown table, read with the die's size."""
    img = np.full((200, 400, 3), (60, 90, 120), np.uint8)
    for k, v in enumerate((2, 3, 5)):
        draw_die(img, v, (70 + 130 * k, 100), 44, 20, face=body, pip=pip)
    rng = np.random.default_rng(2)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    dice = sorted(find_dice(img, die_size_px=44), key=lambda d: d.centre[0])
    return [d.value for d in dice]


def test_yellow_figures_on_a_black_body_are_found_but_not_read() -> None:
    assert _values((30, 30, 30), (60, 170, 220)) == [None, None, None]


def test_white_pips_on_a_black_or_red_body_are_read() -> None:
    assert _values((30, 30, 30), (235, 235, 235)) == [2, 3, 5]
    assert _values((40, 40, 190), (235, 235, 235)) == [2, 3, 5]


def _two(seam: bool) -> list[int | None]:
    """A red 2 of 44 px on a brown table, a dark seam (a gap between two checkers) drawn
    from pip to pip through its middle or not."""
    img = np.full((160, 160, 3), (60, 90, 120), np.uint8)
    draw_die(img, 2, (80, 80), 44, 0, face=(40, 40, 190), pip=(235, 235, 235))
    if seam:
        a, b = (int(round(80 + s * 0.55 * 22)) for s in (-1, 1))
        cv2.line(img, (a + 4, a + 4), (b - 4, b - 4), (20, 20, 70), 2)
    rng = np.random.default_rng(3)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    return [d.value for d in find_dice(img, die_size_px=44)]


def test_a_two_with_a_seam_through_its_middle_is_not_read() -> None:
    assert _two(False) == [2]
    assert _two(True) == [None]
