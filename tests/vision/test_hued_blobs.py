"""The faint coloured dice search runs only about saturated patches of a die's size, one hue,
unlike what lies round them (vision.hued_blobs)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.hued_blobs import body_boxes

SIDE = 28.0  # die side, image pixels
BEIGE = (150, 195, 215)
GREEN = (60, 140, 40)
RED = (40, 40, 190)


def _board(colour: tuple[int, int, int] = BEIGE) -> np.ndarray:
    return np.full((480, 640, 3), colour, np.uint8)


def _die(img: np.ndarray, x: int, y: int, colour: tuple[int, int, int] = GREEN) -> np.ndarray:
    h = int(SIDE / 2)
    cv2.rectangle(img, (x - h, y - h), (x + h, y + h), colour, -1)
    for dx, dy in ((-8, -8), (0, 0), (8, 8)):
        cv2.circle(img, (x + dx, y + dy), 3, (130, 190, 125), -1)
    return cv2.GaussianBlur(img, (5, 5), 1.2)


def _whole(img: np.ndarray) -> list[tuple[int, int, int, int]]:
    return [(0, 0, img.shape[1], img.shape[0])]


def _holds(box: tuple[int, int, int, int], x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def test_body_boxes_finds_a_die_sized_patch_of_one_hue() -> None:
    img = _die(_board(), 300, 200)
    boxes = body_boxes(img, SIDE, _whole(img), [], 1.2)
    assert len(boxes) == 1 and _holds(boxes[0], 300, 200)
    assert boxes[0][2] - boxes[0][0] <= 4 * SIDE  # the patch padded a side each way


def test_body_boxes_none_on_a_plain_or_grey_board() -> None:
    assert body_boxes(_board(), SIDE, _whole(_board()), [], 1.2) == []
    grey = _die(_board(), 300, 200, (110, 110, 110))
    assert body_boxes(grey, SIDE, _whole(grey), [], 1.2) == []


def test_body_boxes_none_for_a_patch_far_bigger_than_a_die() -> None:
    img = _board()
    cv2.rectangle(img, (200, 100), (200 + int(3 * SIDE), 100 + int(3 * SIDE)), GREEN, -1)
    assert body_boxes(img, SIDE, _whole(img), [], 1.2) == []


def test_body_boxes_none_on_a_board_of_the_die_s_hue() -> None:
    img = _die(_board((70, 150, 50)), 300, 200)  # green die on green felt
    assert body_boxes(img, SIDE, _whole(img), [], 1.2) == []


def test_body_boxes_cut_a_die_from_a_touching_patch_of_another_hue() -> None:
    img = _board()
    cv2.rectangle(img, (314, 120), (420, 300), RED, -1)  # a red triangle's edge at the die
    img = _die(img, 300, 200)
    assert any(_holds(b, 300, 200) for b in body_boxes(img, SIDE, _whole(img), [], 1.2))


def test_body_boxes_skip_a_patch_beside_a_die_read() -> None:
    img = _die(_board(), 300, 200)
    assert body_boxes(img, SIDE, _whole(img), [(300.0 + 0.3 * SIDE, 200.0)], 1.2) == []
    far = [(300.0 + 3 * SIDE, 200.0)]
    assert len(body_boxes(img, SIDE, _whole(img), far, 1.2)) == 1
