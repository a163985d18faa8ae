"""The short cuts of vision.medians give numpy's own numbers exactly: a few pixels' median per
channel, each pixel's colour length, a face's median pip value."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from vision.medians import colour_length, colour_median, masked_medians, median_of, rows_median


@pytest.mark.parametrize("top", [3, 40, 256])  # few levels: many ties at the median
def test_rows_median_is_numpy_median(top: int) -> None:
    rng = np.random.default_rng(top)
    for n in range(1, 120):  # odd and even counts
        rows = rng.integers(0, top, (n, 3)).astype(np.float32) + 1.0
        if n % 3 == 0:
            rows = rows * np.float32(0.37)  # not whole: the middle pair's mean rounds
        want = np.median(rows, axis=0)
        got = rows_median(rows)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


@pytest.mark.parametrize("top", [4, 256])
def test_colour_median_is_numpy_median(top: int) -> None:
    rng = np.random.default_rng(top + 7)
    for n in range(0, 90, 7):  # odd, even and no pixels
        px = rng.integers(0, top, (n, 3)).astype(np.float32)
        # whole 8-bit values, not whole, not 8-bit
        kinds = [px, px + np.float32(0.5), px - np.float32(300)]
        for p in kinds:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # numpy warns on no pixels (its median is NaN)
                want = np.median(p, axis=0)
                got = colour_median(p)
            assert got.dtype == want.dtype and np.array_equal(got, want, equal_nan=True)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_masked_medians_are_numpy_median_over_the_stack(seed: int) -> None:
    """The 24 points' band medians: numpy's, strip by strip, for odd and even counts, whole
    and fractional values (the middle pair's mean rounding in float32), NaNs to numpy."""
    rng = np.random.default_rng(seed)
    stacked = rng.integers(0, 40, (24, 30, 12, 3)).astype(np.float32)
    if seed == 1:
        stacked *= np.float32(0.37)
    for share in (0.02, 0.1, 0.5):
        for _ in range(4):
            mask = rng.random((30, 12)) < share
            want = np.median(stacked[:, mask], axis=1)
            got = masked_medians(stacked, mask)
            assert got.dtype == want.dtype and np.array_equal(got, want, equal_nan=True)
    stacked[3, 0, 0, 1] = np.nan
    mask = np.ones((30, 12), bool)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.median(stacked[:, mask], axis=1)
    assert np.array_equal(masked_medians(stacked, mask), want, equal_nan=True)


def test_colour_length_is_numpy_norm() -> None:
    rng = np.random.default_rng(3)
    for k in range(30):
        shape = (int(rng.integers(1, 80)), int(rng.integers(1, 80)), 3)
        f = rng.integers(0, 256, shape).astype(np.float32) + 1.0
        if k % 2:
            f = (rng.random(shape) * 300).astype(np.float32)  # not whole: numpy's order counts
        want = np.linalg.norm(f, axis=2)
        got = colour_length(f)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


def test_median_of_a_few_values_is_numpy_median() -> None:
    rng = np.random.default_rng(4)
    for n in range(1, 9):
        for _ in range(200):
            values = (rng.random(n) * 255).tolist()
            assert median_of(values) == float(np.median(values))
