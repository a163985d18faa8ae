"""cell_checkers' batched slot test (``_circles_near``) and grid_shift's early answer against
the one-at-a-time formulas they replace."""

from __future__ import annotations

import numpy as np
import pytest

from vision.checkers.outlines import grid_shift
from vision.checkers.stacks import _circles_near


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
