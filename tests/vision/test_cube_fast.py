"""find_cube's table look-up of each strip's steps off its median gives the subtraction's
float32 numbers exactly."""

from __future__ import annotations

import cv2
import numpy as np

from vision.medians import channel_medians, off_median


def test_off_median_equals_the_subtraction() -> None:
    rng = np.random.default_rng(17)
    for seed in range(40):
        h, w = rng.integers(2, 90, 2)
        # Even pixel counts give half medians; a narrow range gives many ties at the median.
        top = int(rng.integers(2, 257))
        lab: np.ndarray = rng.integers(0, top, (h, w, 3)).astype(np.uint8)
        if seed % 2:
            lab = cv2.GaussianBlur(lab, (3, 3), 0)
        median = channel_medians(lab)
        # A per-channel Scalar as src2: opencv's stubs list only arrays there.
        diff = cv2.subtract(lab.astype(np.float32), (*median.tolist(), 0))  # type: ignore[call-overload]
        dl, da, db = cv2.split(diff)
        got_dl, got_c2 = off_median(lab, median)
        assert got_dl.dtype == np.float32 and np.array_equal(got_dl, dl)
        assert got_c2.dtype == np.float32 and np.array_equal(got_c2, da * da + db * db)


def test_blobs_mask_is_the_closing_then_opening() -> None:
    """mask_blobs' three passes give morphologyEx's close (5 x 5) then open (3 x 3) exactly: the
    blobs of the fused mask are those labelled on the two-step one (noise, edges, tiny masks)."""
    from vision.cube_blobs import mask_blobs

    rng = np.random.default_rng(3)
    for seed in range(300):
        h, w = rng.integers(1, 90, 2)
        mask = rng.random((h, w)) < rng.random()
        if seed % 2:
            mask = cv2.GaussianBlur(mask.astype(np.uint8) * 255, (5, 5), 0) > 100
        m = cv2.morphologyEx(mask.view(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        n, stats, cents = mask_blobs(mask)
        if not m.any():
            assert n == 1
            continue
        want = cv2.connectedComponentsWithStats(m, connectivity=8, ltype=cv2.CV_32S)
        assert n == want[0]
        assert np.array_equal(stats[1:], want[2][1:]) and np.array_equal(cents[1:], want[3][1:])


def test_blobs_16_bit_labels_give_the_32_bit_stats() -> None:
    """Strip-sized masks (16-bit labels) and larger ones (32-bit) full of blobs: mask_blobs' stats
    and centroids are the default labelling's of its closed and opened mask."""
    from vision.cube_blobs import mask_blobs

    rng = np.random.default_rng(5)
    for h, w in ((432, 41), (400, 163), (300, 300)):  # 17712, 65200, 90000 pixels
        mask = np.zeros((h, w), bool)
        for _ in range(h * w // 200):
            y, x = rng.integers(0, h), rng.integers(0, w)
            s = int(rng.integers(3, 9))
            mask[y : y + s, x : x + s] = True
        m = cv2.morphologyEx(mask.view(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        want = cv2.connectedComponentsWithStats(m, connectivity=8, ltype=cv2.CV_32S)
        n, stats, cents = mask_blobs(mask)
        assert want[0] > 20 and n == want[0]
        assert np.array_equal(stats, want[2]) and np.array_equal(cents, want[3])


def test_strip_lab_converts_only_its_columns_contiguous() -> None:
    """_strip_lab converts only its strip's blurred columns: the same Lab bytes as converting
    the blurred warp with its margin and cutting the columns after, in a contiguous array (the
    per-plane tables and splits that follow are several times slower on a column slice)."""
    from vision.board import BoardGeometry
    from vision.cube import _SCALE, _extended_size, _strip_lab

    rng = np.random.default_rng(11)
    frame = cv2.GaussianBlur(rng.integers(0, 256, (300, 400, 3)).astype(np.uint8), (5, 5), 0)
    geo = BoardGeometry()
    homography = np.array([[2.6, 0.1, -150.0], [0.05, 2.7, -120.0], [0.0, 0.0002, 1.0]])
    out_w, out_h, mx, my = _extended_size(geo)
    for x0, x1 in ((0, 100), (300, 341), (591, out_w), (5, 6)):
        a, b = max(0, x0 - 2), min(out_w, x1 + 2)
        shift = np.array([[_SCALE, 0, mx * _SCALE - a], [0, _SCALE, my * _SCALE], [0, 0, 1.0]])
        view = cv2.warpPerspective(frame, shift @ homography, (b - a, out_h), flags=cv2.INTER_AREA)
        lab = cv2.cvtColor(cv2.GaussianBlur(view, (3, 3), 0), cv2.COLOR_BGR2LAB)
        want = lab[:, x0 - a : x1 - a]
        got = _strip_lab(frame, homography, geo, x0, x1)
        assert got.flags.c_contiguous and np.array_equal(got, want)


def test_a_larger_steps_mask_opens_to_nothing_when_a_smaller_ones_does() -> None:
    """What _loose_candidates' skip rests on: a mask inside another (a larger step's) keeps no
    blob after mask_blobs' closing and opening when the larger mask keeps none."""
    from vision.cube_blobs import NO_BLOBS, mask_blobs

    rng = np.random.default_rng(23)
    empties = 0
    for _ in range(300):
        h, w = rng.integers(8, 80, 2)
        dl = cv2.GaussianBlur(rng.normal(0, 12, (h, w)).astype(np.float32), (5, 5), 0)
        step = float(rng.uniform(2, 12))
        small, large = mask_blobs(dl > 2 * step), mask_blobs(dl > 3 * step)
        if small is NO_BLOBS:
            empties += 1
            assert large is NO_BLOBS
    assert empties > 20  # the case was met


def test_blobs_label_as_grana_does() -> None:
    """mask_blobs labels with Spaghetti: the labels, stats and centroids of Grana's labelling
    (which it replaced) bit for bit, on noise, blurred noise and scattered squares."""
    from vision.cube_blobs import CLOSE, ERODE, OPEN, mask_blobs

    rng = np.random.default_rng(23)
    for seed in range(200):
        h, w = rng.integers(1, 200, 2)
        mask = rng.random((h, w)) < rng.choice([0.05, 0.3, 0.6])
        if seed % 3 == 1:
            mask = cv2.GaussianBlur(mask.astype(np.uint8) * 255, (5, 5), 0) > 100
        n, stats, cents = mask_blobs(mask)
        m = cv2.dilate(cv2.erode(cv2.dilate(mask.view(np.uint8), CLOSE), ERODE), OPEN)
        if not m.any():
            assert n == 1
            continue
        want = cv2.connectedComponentsWithStatsWithAlgorithm(m, 8, cv2.CV_32S, cv2.CCL_GRANA)
        assert n == want[0] and np.array_equal(stats, want[2])
        assert cents.tobytes() == want[3].tobytes()
