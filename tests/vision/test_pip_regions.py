"""The board read's pip search cropped to the dice mask's box (vision.pip_regions)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import vision.pip_regions as regions
from tests.vision.test_dice import draw_die
from vision import pips
from vision.dice import find_dice


def test_mask_box_grows_by_a_die_and_a_half_and_skips_near_whole_masks() -> None:
    mask = np.zeros((300, 600), np.uint8)
    mask[100:200, 350:450] = 1
    assert regions.mask_box(mask, 20.0) == [(319, 69, 481, 231)]
    mask[:, 10:] = 1  # nearly the whole image: no crop
    assert regions.mask_box(mask, 20.0) is None


def test_a_die_on_the_mask_edge_reads_as_in_the_whole_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    img = np.full((300, 600, 3), 60, np.uint8)
    draw_die(img, 5, (120, 150), 40, 10)  # far from the mask: never searched
    draw_die(img, 6, (452, 150), 40, 25)  # its centre just inside the mask's right edge
    mask = np.zeros(img.shape[:2], np.uint8)
    mask[100:200, 350:455] = 1
    whole = find_dice(img, die_size_px=40)
    assert sorted(d.value or 0 for d in whole) == [5, 6]  # 0: unread
    searched: list[tuple[int, ...]] = []
    real = pips.find_pips

    def counted(g: np.ndarray, **kw: Any) -> list[pips.Pip]:
        searched.append(g.shape)
        return real(g, **kw)

    monkeypatch.setattr(regions, "find_pips", counted)
    cropped = find_dice(img, die_size_px=40, mask=mask)
    assert [(d.value, d.centre, d.pips) for d in cropped] == [
        (d.value, d.centre, d.pips) for d in whole if d.value == 6
    ]
    # One crop, well under the (work) image: the first die's side was left out.
    assert len(searched) == 1 and searched[0][1] < 0.6 * 600 * 44 / 40


def test_a_die_reaching_into_the_mask_is_kept_one_wholly_outside_is_not() -> None:
    img = np.full((300, 600, 3), 60, np.uint8)
    draw_die(img, 3, (465, 150), 40, 0)  # centre 10 px outside the mask, its left side in it
    draw_die(img, 4, (540, 150), 40, 0)  # wholly outside: over a half side beyond the edge
    mask = np.zeros(img.shape[:2], np.uint8)
    mask[100:200, 350:455] = 1
    assert not mask[150, 465]
    assert [d.value for d in find_dice(img, die_size_px=40, mask=mask)] == [3]
