"""A lone pip refused in the pip grey gets a second look in luma (vision.lone_luma)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice import find_dice
from vision.lone_luma import lone_tries, luma_window, remeasure, second_look
from vision.pip_groups import Group, make_group
from vision.pips import Pip


def _scene() -> np.ndarray:
    """A white die's 1 beside a yellow die's 3 with dark pips on green felt: in the pip grey
    the yellow face is ~100 darker than the white, in luma ~40 (within the 50 a 1's face may
    differ from the photo's face pips of its kind)."""
    img = np.full((200, 200, 3), (60, 130, 60), np.uint8)
    cv2.rectangle(img, (80, 80), (120, 120), (235, 235, 235), -1)
    cv2.circle(img, (100, 100), 3, (30, 30, 30), -1)
    cv2.rectangle(img, (20, 140), (60, 180), (60, 215, 235), -1)
    for k in (-1, 0, 1):
        cv2.circle(img, (40 + 11 * k, 160 + 11 * k), 4, (30, 30, 30), -1)
    return cv2.GaussianBlur(img, (3, 3), 0.8)


def test_white_one_beside_yellow_dice_is_found() -> None:
    dice = sorted((d.value, round(d.centre[0])) for d in find_dice(_scene(), die_size_px=40.0))
    assert dice == [(1, 100), (3, 40)]


def test_remeasure_drops_a_spot_that_is_no_pip_in_luma() -> None:
    flat = np.full((60, 60), 200, np.uint8)
    p = Pip(30.0, 30.0, 4.0, True, 100.0, 200.0, 100.0, 0.9)
    assert remeasure(flat, [p]) == []


def test_luma_window_is_the_enlarged_luma_round_each_try() -> None:
    rng = np.random.default_rng(7)
    luma = cv2.GaussianBlur(rng.integers(0, 255, (120, 160), dtype=np.uint8), (5, 5), 1.5)
    f = 1.7
    full = cv2.resize(luma, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    lone = make_group([Pip(150.0, 90.0, 3.0, True, 0.0, 0.0, 0.0, 0.9)], 20.0)
    win = luma_window(luma, f, full.shape, [lone], [])
    box = (slice(60, 120), slice(120, 180))
    assert np.abs(win[box].astype(int) - full[box].astype(int)).max() <= 1
    assert not win[:20, :20].any()  # away from the try: not computed


def test_a_spot_too_big_for_the_second_look_is_not_tried() -> None:
    # A dark spot a fifth of the half side across or less is tried; one bigger is refused by
    # the second look's size bar whatever luma measures, so it is not measured again.
    luma = np.full((120, 120), 220, np.uint8)
    cv2.circle(luma, (40, 60), 4, 30, -1)
    cv2.circle(luma, (85, 60), 6, 30, -1)
    small = make_group([Pip(40.0, 60.0, 4.0, True, 190.0, 220.0, 30.0, 0.9)], 22.0)
    big = make_group([Pip(85.0, 60.0, 6.0, True, 190.0, 220.0, 30.0, 0.9)], 22.0)
    assert lone_tries([small, big], []) == [small]

    def take_all(
        gray: np.ndarray, groups: list[Group], multi: list[list[Pip]], pips: list[Pip]
    ) -> list[Group]:
        return groups

    # Offered anyway, the big one is refused by the look itself: leaving it out changes nothing.
    assert second_look(luma, [big], [], [big.pips[0]], take_all) == []
    assert second_look(luma, [small], [], [small.pips[0]], take_all) == [small]
