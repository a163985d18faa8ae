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


def _read_ink_map_by_map(inks: list[np.ndarray]) -> tuple[int, float, float]:
    """read_ink as it was, one map at a time (the reference for the batched one)."""
    from vision.cube_face import _PAD, CUBE_FACES, _correlate

    full, half = _templates()
    hs = _FACE // 2
    best = np.full(len(CUBE_FACES), -1.0)
    for ink in inks:
        small = _half(ink)
        coarse = _correlate(_windows(small, hs), half)
        pos = int(np.argmax(coarse.max(axis=1)))
        turn = coarse.max(axis=0).reshape(len(CUBE_FACES), 4).argmax(axis=1)
        rows = np.arange(len(CUBE_FACES)) * 4 + turn
        span = small.shape[1] - hs + 1
        x = int(np.clip(2 * (pos % span) - _PAD, 0, ink.shape[1] - _FACE - 2 * _PAD))
        y = int(np.clip(2 * (pos // span) - _PAD, 0, ink.shape[0] - _FACE - 2 * _PAD))
        near = ink[y : y + _FACE + 2 * _PAD, x : x + _FACE + 2 * _PAD]
        best = np.maximum(best, _correlate(_windows(near, _FACE), full[rows]).max(axis=0))
    order = np.argsort(-best)
    top, second = float(best[order[0]]), float(best[order[1]])
    return CUBE_FACES[int(order[0])], top, top - second


def test_read_ink_batched_is_map_by_map() -> None:
    """read_ink's maps made unit rows together give the map-by-map numbers exactly, on ink
    maps with a number drawn in them and on noise."""
    from vision.cube_face import _SLACK, read_ink

    side = _FACE + 2 * _SLACK
    for seed in range(12):
        inks = []
        for k in range(3):
            ink = _ink(seed * 3 + k, side)
            if seed % 2:
                canvas = np.zeros((side, side), np.uint8)
                text = str((2, 4, 8, 16, 32, 64)[seed % 6])
                cv2.putText(canvas, text, (8 + k, 32), cv2.FONT_HERSHEY_DUPLEX, 0.7, 255, 2)
                ink = ink * 0.2 + canvas.astype(np.float32) / 255.0
            inks.append(np.ascontiguousarray(ink, np.float32))
        got = read_ink(inks)
        assert (got.value, got.score, got.margin) == _read_ink_map_by_map(inks)


def test_windows_of_is_the_maps_windows_concatenated() -> None:
    """_windows_of writes each map's windows into one array: np.concatenate of _windows."""
    from vision.cube_face import _windows_of

    for seed, (side, win) in enumerate(((24, _FACE // 2), (34, _FACE), (9, 3))):
        maps = [_ink(seed * 3 + k, side) for k in range(3)]  # slices, not contiguous
        want = np.concatenate([_windows(m, win) for m in maps])
        got = _windows_of(maps, win)
        assert got.dtype == want.dtype and np.array_equal(got, want)


def test_unit_rows_in_place_is_unit_rows() -> None:
    from vision.cube_face import _unit_rows_in_place

    rows = _windows(_half(_ink(9, 48)), _FACE // 2)
    for m in (rows, np.zeros((2, rows.shape[1]), np.float32)):
        want = _unit_rows(m.copy())
        got = _unit_rows_in_place(m.copy())
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
