"""find_cube's table look-up of each strip's steps off its median gives the subtraction's
float32 numbers exactly."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cube import _off_median
from vision.medians import channel_medians


def test_off_median_equals_the_subtraction() -> None:
    rng = np.random.default_rng(17)
    for seed in range(40):
        h, w = rng.integers(2, 90, 2)
        # Even pixel counts give half medians; a narrow range gives many ties at the median.
        top = int(rng.integers(2, 257))
        lab = rng.integers(0, top, (h, w, 3)).astype(np.uint8)
        if seed % 2:
            lab = cv2.GaussianBlur(lab, (3, 3), 0)
        median = channel_medians(lab)
        dl, da, db = cv2.split(cv2.subtract(lab.astype(np.float32), (*median.tolist(), 0)))
        got_dl, got_c2 = _off_median(lab, median)
        assert got_dl.dtype == np.float32 and np.array_equal(got_dl, dl)
        assert got_c2.dtype == np.float32 and np.array_equal(got_c2, da * da + db * db)


def test_blobs_mask_is_the_closing_then_opening() -> None:
    """_blobs' three passes give morphologyEx's close (5 x 5) then open (3 x 3) exactly: the
    blobs of the fused mask are those labelled on the two-step one (noise, edges, tiny masks)."""
    from vision.cube import _blobs

    rng = np.random.default_rng(3)
    for seed in range(300):
        h, w = rng.integers(1, 90, 2)
        mask = rng.random((h, w)) < rng.random()
        if seed % 2:
            mask = cv2.GaussianBlur(mask.astype(np.uint8) * 255, (5, 5), 0) > 100
        m = cv2.morphologyEx(mask.view(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        n, stats, cents = _blobs(mask)
        if not m.any():
            assert n == 1
            continue
        want = cv2.connectedComponentsWithStats(m, 8, cv2.CV_32S)
        assert n == want[0]
        assert np.array_equal(stats[1:], want[2][1:]) and np.array_equal(cents[1:], want[3][1:])


def test_blobs_16_bit_labels_give_the_32_bit_stats() -> None:
    """Strip-sized masks (16-bit labels) and larger ones (32-bit) full of blobs: _blobs' stats
    and centroids are the default labelling's of its closed and opened mask."""
    from vision.cube import _blobs

    rng = np.random.default_rng(5)
    for h, w in ((432, 41), (400, 163), (300, 300)):  # 17712, 65200, 90000 pixels
        mask = np.zeros((h, w), bool)
        for _ in range(h * w // 200):
            y, x = rng.integers(0, h), rng.integers(0, w)
            s = int(rng.integers(3, 9))
            mask[y : y + s, x : x + s] = True
        m = cv2.morphologyEx(mask.view(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        want = cv2.connectedComponentsWithStats(m, 8, cv2.CV_32S)
        n, stats, cents = _blobs(mask)
        assert want[0] > 20 and n == want[0]
        assert np.array_equal(stats, want[2]) and np.array_equal(cents, want[3])
