"""A black cube at the end of a light side tray on a dark frame (vision.cube_notch): no darker
than the frame the side strip's median is, it shows only as a notch bitten out of the tray's
blob, and is found by the number read there."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import train_render
from vision.board import BoardGeometry
from vision.cube import find_cube
from vision.cube_notch import notch_blobs
from vision.evaluate import labelled_board


@pytest.mark.parametrize(
    "index",
    [
        27426,  # /tmp/unseen22 IMG_27427: fm_beige, a 16 at the top of the right tray
        27462,  # IMG_27463: a 16 at the bottom of the left tray, by the tray's shadowed edge
    ],
)
def test_a_black_cube_at_a_light_trays_end_is_found(index: int) -> None:
    """Train renders (seed 3000), board given: the cube was not found at all before."""
    image, labels = train_render(index)
    fix = labelled_board(labels["board"]["corners"])(image)
    assert fix is not None
    home = labels["board"]["white_home"]
    cube = find_cube(image, fix.matrix, fix.geometry, home)
    truth = labels["cube"]
    assert cube is not None
    assert (cube.location, cube.value) == (truth["location"], truth["value"])
    geo: BoardGeometry = fix.geometry
    assert cube.centre is not None and not 0 <= cube.centre[0] <= geo.width  # in a tray


def test_notches_are_the_gaps_a_large_blob_leaves_in_its_box() -> None:
    """A tray-like bar with a square bitten out of its end and a hole in its middle: both gaps
    are notches; a small blob's gaps are not looked at."""
    mask = np.zeros((200, 60), bool)
    mask[10:190, 10:50] = True
    mask[12:32, 25:45] = False  # the notch: a cube at the tray's top end, inside its box
    mask[100:110, 20:30] = False  # a hole
    mask[192:199, 0:7] = True  # a small blob: the gap in its box is not looked at
    mask[192:196, 3:7] = False
    n, stats, cents = notch_blobs(mask, min_area=400)
    assert n == 3  # the background row and the two gaps
    boxes = sorted(tuple(int(v) for v in s[:4]) for s in stats[1:])
    assert boxes == [(20, 100, 10, 10), (25, 12, 20, 20)]
    assert np.allclose(sorted(map(tuple, cents[1:].round(1))), [(24.5, 104.5), (34.5, 21.5)])


def test_notch_blobs_label_as_the_default_labelling() -> None:
    """notch_blobs' Grana labelling (16-bit labels on strip-sized masks) gives the default
    labelling's notches: the same stats and centroids on masks full of ragged blobs."""
    import cv2

    rng = np.random.default_rng(29)
    for h, w in ((432, 100), (432, 41), (300, 300)):
        mask = np.zeros((h, w), bool)
        for _ in range(h * w // 400):
            y0, x0 = rng.integers(0, h), rng.integers(0, w)
            mask[y0 : y0 + int(rng.integers(4, 40)), x0 : x0 + int(rng.integers(4, 40))] = True
        mask &= rng.random((h, w)) > 0.05  # ragged: holes and bites for notches
        n, labels, stats, _ = cv2.connectedComponentsWithStats(
            mask.view(np.uint8), connectivity=8, ltype=cv2.CV_32S
        )
        want_st: list[np.ndarray] = [np.zeros((1, 5), np.int32)]
        want_ce: list[np.ndarray] = [np.zeros((1, 2))]
        for i in range(1, n):
            x, y, bw, bh, area = (int(v) for v in stats[i])
            if area < 200:
                continue
            gaps = (labels[y : y + bh, x : x + bw] != i).view(np.uint8)
            gaps = cv2.morphologyEx(gaps, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
            m, _, st, ce = cv2.connectedComponentsWithStats(gaps, connectivity=8, ltype=cv2.CV_32S)
            if m >= 2:
                want_st.append(st[1:] + [x, y, 0, 0, 0])
                want_ce.append(ce[1:] + (x, y))
        got_n, got_st, got_ce = notch_blobs(mask, 200)
        assert got_n == sum(len(s) for s in want_st) > 5
        assert np.array_equal(got_st, np.concatenate(want_st))
        assert np.array_equal(got_ce, np.concatenate(want_ce))
