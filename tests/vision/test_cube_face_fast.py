"""The cube face reader's faster window and unit-row helpers give numpy's plain answers."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cube_face import _FACE, _half, _templates, _unit_rows, _windows


def _ink(seed: int, side: int) -> np.ndarray:
    """A smooth float32 map like an ink window (not contiguous after a slice, like `near`)."""
    rng = np.random.default_rng(seed)
    big = cv2.GaussianBlur(rng.random((side + 7, side + 5), np.float32), (5, 5), 0)
    return big[3 : 3 + side, 2 : 2 + side]


def test_windows_are_sliding_window_views() -> None:
    for seed, (side, win) in enumerate(((24, _FACE // 2), (34, _FACE), (9, 3))):
        img = _ink(seed, side)
        want = np.lib.stride_tricks.sliding_window_view(img, (win, win)).reshape(-1, win * win)
        got = _windows(img, win)
        assert got.shape == want.shape and got.dtype == want.dtype
        assert np.array_equal(got, want)
        got[:] = 0  # a copy: the map itself is untouched
        assert img.any()


def test_unit_rows_bit_identical_to_the_plain_formula() -> None:
    full, _ = _templates()
    rows = _windows(_half(_ink(5, 48)), _FACE // 2)
    flat = np.zeros((2, rows.shape[1]), np.float32)  # flat rows stay zero
    for m in (rows, flat, full):
        c = m - m.mean(axis=1, keepdims=True)
        want = c / np.maximum(np.sqrt((c * c).sum(axis=1, keepdims=True)), 1e-6)
        got = _unit_rows(m.copy())
        assert got.dtype == want.dtype and np.array_equal(got, want)
