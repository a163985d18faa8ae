"""cell_checkers' batched slot test (``_circles_near``), grid_shift's early answer and median,
its patch means and drifting outlines against the plain numpy formulas they replace."""

from __future__ import annotations

import numpy as np
import pytest

from vision.checkers.alongs import alongs_of, grid_shift
from vision.checkers.fanned import drifting_alongs
from vision.checkers.model import Cell
from vision.checkers.outlines import point_outlines
from vision.checkers.stacks import _circles_near, patch_mean


def _plain_near(alongs: np.ndarray, a: float, tol: float) -> bool:
    """cell_checkers' former ``circle_near``: one target at a time."""
    return bool(len(alongs)) and float(np.min(np.abs(alongs - a))) < tol


@pytest.mark.parametrize("seed", range(4))
def test_circles_near_is_the_target_by_target_test(seed: int) -> None:
    rng = np.random.default_rng(seed)
    d, pitch = float(rng.uniform(30, 45)), float(rng.uniform(31, 48))
    tol = 0.45 * d / 2.0
    targets = [0.5 * d + k * pitch for k in range(6)]
    hits = 0
    for _ in range(200):
        n = int(rng.integers(0, 7))
        alongs = np.sort(rng.uniform(0, 6 * pitch, n)).astype(np.float32)
        if n and rng.random() < 0.3:
            # An outline exactly tol from a target, in float32: the comparison's edge.
            k = int(rng.integers(0, 6))
            alongs[0] = np.float32(targets[k] + tol * rng.choice([-1.0, 1.0]))
        got = _circles_near(alongs, targets, tol)
        assert got == [_plain_near(alongs, a, tol) for a in targets]
        hits += sum(got)
    assert 0 < hits < 200 * 6  # both answers: the test compares something


def test_circles_near_without_outlines_or_targets() -> None:
    assert _circles_near(np.zeros(0, np.float32), [1.0, 2.0], 0.5) == [False, False]
    assert _circles_near(np.array([1.0], np.float32), [], 0.5) == []


@pytest.mark.parametrize("alongs", [[], [17.3], [60.0]])
def test_grid_shift_of_under_two_outlines_is_none(alongs: list[float]) -> None:
    a = np.array(alongs, np.float32)
    t = (a[a < 5 * 40.0] - 0.5 * 36.0) / 40.0
    res = (t - np.round(t)) * 40.0
    assert len(res[np.abs(res) < 0.3 * 36.0]) < 2  # the formula's own answer: no shift
    assert grid_shift(a, 36.0, 40.0) == 0.0


def _plain_shift(alongs: np.ndarray, d: float, pitch: float) -> float:
    """grid_shift's former formula, with np.median."""
    t = (alongs[alongs < 5 * pitch] - 0.5 * d) / pitch
    res = (t - np.round(t)) * pitch
    res = res[np.abs(res) < 0.3 * d]
    return float(np.median(res)) if len(res) >= 2 else 0.0


@pytest.mark.parametrize("seed", range(4))
def test_grid_shift_is_np_median_of_the_offsets(seed: int) -> None:
    rng = np.random.default_rng(seed)
    d, pitch = float(rng.uniform(30, 45)), float(rng.uniform(31, 48))
    shifted = 0
    for _ in range(300):
        n = int(rng.integers(2, 8))
        slots = rng.integers(0, 5, n)
        off = rng.normal(0.0, 0.12 * d, n)
        alongs = np.sort(0.5 * d + slots * pitch + off).astype(np.float32)
        got = grid_shift(alongs, d, pitch)
        assert got == _plain_shift(alongs, d, pitch)
        shifted += got != 0.0
    assert shifted > 100  # odd and even counts near the grid: the median is taken


@pytest.mark.parametrize("shape", [(5, 4), (1, 1), (9, 3), (0, 4)])
def test_patch_mean_is_np_mean(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(shape[0] * 10 + shape[1])
    # Lab values are whole numbers (cv2's 8-bit Lab as float32), as the reader's strips are.
    patch = rng.integers(0, 256, (*shape, 3)).astype(np.float32)
    flat = patch.reshape(-1, 3)
    want = flat.mean(axis=0) if len(flat) else np.zeros(3)
    assert patch_mean(patch) == (float(want[0]), float(want[1]), float(want[2]))


def test_drifting_alongs_of_an_empty_point() -> None:
    cell = Cell(0, True, 0, 40)
    far = np.array([[200.0, 30.0, 18.0]], np.float32)  # another point's outline
    assert drifting_alongs(far, cell, 480, 36.0).dtype == np.float32
    assert len(drifting_alongs(far, cell, 480, 36.0)) == 0
    near = np.array([[20.0, 30.0, 18.0]], np.float32)
    assert drifting_alongs(near, cell, 480, 36.0).tolist() == [30.0]


@pytest.mark.parametrize("seed", range(3))
def test_point_outlines_are_each_points_alongs_of(seed: int) -> None:
    rng = np.random.default_rng(seed)
    h, w = 480, 600
    cells = [Cell(k % 12, k < 12, (k % 12) * 48, (k % 12) * 48 + 44) for k in range(24)]
    circles = np.column_stack(
        [rng.uniform(0, w, 120), rng.uniform(0, h, 120), rng.uniform(15, 20, 120)]
    ).astype(np.float32)
    circles[:10, 1] = circles[10:20, 1]  # equal distances: ties keep their values
    circles[20, 1] = h / 2  # on the halves' border: the bottom half's
    sure, raw = circles[::3], circles[:0]
    got = point_outlines(circles, sure, raw, cells, h)
    assert sum(len(g[0]) for g in got) > 30  # outlines on many points: the test compares them
    for cell, (a, s, r) in zip(cells, got, strict=True):
        for mine, src in ((a, circles), (s, sure), (r, raw)):
            want = alongs_of(src, cell, h)
            assert mine.dtype == want.dtype and mine.tolist() == want.tolist()
