"""The cocked model's feature shortcuts give numpy's own numbers exactly: the crop centre's
median from a partition, the 90th percentile from a partition, a view's lean solved once."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cocked import _CROP, _centre_median
from vision.cocked_shape import percentile_90
from vision.cocked_view import CameraView


@pytest.mark.parametrize("top", [3, 40, 256])  # few levels: many ties at the median
def test_centre_median_is_numpy_median(top: int) -> None:
    rng = np.random.default_rng(top)
    c0, c1 = int(_CROP * 0.4), int(_CROP * 0.6)
    for _ in range(50):
        f = rng.integers(0, top, (_CROP, _CROP, 3)).astype(np.float32) + 1.0
        want = np.median(f[c0:c1, c0:c1].reshape(-1, 3), axis=0)
        got = _centre_median(f)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


def test_percentile_90_is_numpy_percentile() -> None:
    """Sizes 1-400 (every interpolation weight side of 0.5), values as distanceTransform gives
    them (square roots of integers, multiples of its 0.955 step) and plain random ones."""
    rng = np.random.default_rng(90)
    for k in range(4000):
        n = int(rng.integers(1, 400))
        kind = k % 4
        if kind == 0:
            a = (rng.random(n) * 30).astype(np.float32)
        elif kind == 1:
            a = rng.integers(0, 10, n).astype(np.float32)
        elif kind == 2:
            a = (rng.integers(0, 40, n) * np.float32(0.955)).astype(np.float32)
        else:
            a = np.sqrt(rng.integers(0, 900, n)).astype(np.float32)
        want = np.percentile(a, 90)
        got = percentile_90(a.copy())
        assert np.asarray(got).dtype == want.dtype
        assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


def test_lean_is_solved_once_and_unchanged() -> None:
    cam = CameraView.straight_down((1280, 960), 30.0)
    for x, y in [(100.0, 100.0), (640.0, 480.0), (1200.0, 900.0)]:
        view = cam.at((x, y))
        want = np.linalg.solve(view.lin, view.down)
        assert np.array_equal(view.lean, want)
        assert view.lean is view.lean  # cached: the six crops of a die share it


def test_restate_camera_is_kept_per_board_and_views_are_unchanged() -> None:
    from vision.cocked_view import board_camera as _camera

    corners = ((181.7, 118.1), (1073.1, 151.5), (1076.9, 851.1), (153.1, 848.4))
    cam = _camera(corners, (1280, 960), 28.0)
    assert _camera(tuple(corners), (1280, 960), 28.0) is cam  # a calibrated board: made once
    fresh = CameraView.from_corners(corners, (1280, 960), 28.0)
    assert cam.focal == fresh.focal and np.array_equal(cam.axes, fresh.axes)
    n = np.cross(fresh.axes[:, 0], fresh.axes[:, 1])
    n /= np.linalg.norm(n)
    n = -n if n @ fresh.axes[:, 2] > 0 else n
    assert np.array_equal(cam.normal(), n)
    for centre in [(200.0, 150.0), (640.0, 480.0), (1000.0, 800.0)]:
        a, b = cam.at(centre), fresh.at(centre)  # the cached normal gives the same views
        assert np.array_equal(a.lin, b.lin) and np.array_equal(a.down, b.down)
