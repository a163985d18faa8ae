"""vision.warp: the same pixels as cv2.warpPerspective, by whichever path."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.warp import shared_bgra, warp_perspective


def _scene(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = rng.integers(0, 256, (240, 320, 3), np.uint8)
    return cv2.GaussianBlur(img, (0, 0), 1.5)


@pytest.mark.parametrize("size", [(150, 112), (300, 225), (26, 108)])  # big: BGRA; strip: whole
@pytest.mark.parametrize("flags", [cv2.INTER_LINEAR, cv2.INTER_AREA])
def test_same_pixels_as_opencv(size: tuple[int, int], flags: int) -> None:
    rng = np.random.default_rng(3)
    img = _scene(1)
    w, h = size
    for _ in range(5):
        corners = np.array([[0, 0], [320, 0], [320, 240], [0, 240]], np.float32)
        corners += rng.uniform(-40, 40, (4, 2)).astype(np.float32)
        dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        m = cv2.getPerspectiveTransform(corners, dst).astype(np.float64)
        want = cv2.warpPerspective(img, m, size, flags=flags)
        got = warp_perspective(img, m, size, flags)
        assert got.shape == want.shape and got.dtype == want.dtype
        assert np.array_equal(got, want)


def test_grey_and_float_images_pass_through() -> None:
    img = _scene(2)
    m = np.array([[0.5, 0.0, 4.0], [0.0, 0.5, 3.0], [0.0, 0.0, 1.0]])
    for src in (img[:, :, 0].copy(), img.astype(np.float32)):
        want = cv2.warpPerspective(src, m, (150, 112), flags=cv2.INTER_LINEAR)
        assert np.array_equal(warp_perspective(src, m, (150, 112)), want)


def test_shared_copy_serves_only_its_frame() -> None:
    frame, other = _scene(4), _scene(5)
    m = np.array([[0.3, 0.01, 20.0], [0.0, 0.3, 10.0], [1e-5, 0.0, 1.0]])
    with shared_bgra(frame):
        for img in (frame, other, frame):  # small views: the shared copy for the frame only
            want = cv2.warpPerspective(img, m, (40, 30), flags=cv2.INTER_LINEAR)
            assert np.array_equal(warp_perspective(img, m, (40, 30)), want)
    # Out of the block the copy is gone: a changed frame warps as it is now.
    frame[:] = 0
    assert not warp_perspective(frame, m, (40, 30)).any()
