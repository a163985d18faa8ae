"""The checker stage's shortcuts give exactly what the plain computations give."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision.checkers.empty_board import _FAR_SQ, colour_dist, far_from, unlike_board
from vision.checkers.outlines import _row_percentile, edges_of, gradients, ring_evidence


def _plain_dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    d = a - b
    dist: np.ndarray = np.sqrt(0.25 * d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)
    return dist


def _lab_strip(seed: int) -> np.ndarray:
    """A float32 Lab strip of a rendered-like point: noise, a disc, a triangle's colour."""
    rng = np.random.default_rng(seed)
    bgr = cv2.GaussianBlur(rng.integers(0, 256, (120, 40, 3)).astype(np.uint8), (0, 0), 2)
    cv2.circle(bgr, (20, 30), 15, (40, 60, 200), -1)
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_colour_dist_is_the_plain_formula(dtype: type[np.floating[Any]]) -> None:
    rng = np.random.default_rng(0)
    a = rng.normal(120, 60, (30, 17, 3)).astype(dtype)
    for b in (rng.normal(120, 60, 3).astype(dtype), rng.normal(120, 60, (17, 3)).astype(dtype)):
        got, want = colour_dist(a, b), _plain_dist(a, b)
        assert got.dtype == want.dtype and np.array_equal(got, want)
    one = colour_dist(a[0, 0], a[1, 1])
    assert one == _plain_dist(a[0, 0], a[1, 1])


def test_far_threshold_is_sqrt_over_18_in_float32() -> None:
    # Every float32 near 324 and a wide random range: x > _FAR_SQ exactly when sqrt(x) > 18.
    near = np.float32(324) + np.arange(-5000, 5000, dtype=np.float32) * np.spacing(np.float32(324))
    wide = np.random.default_rng(1).uniform(0, 2000, 200_000).astype(np.float32)
    for x in (near, wide):
        assert np.array_equal(x > _FAR_SQ, np.sqrt(x) > 18.0)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_far_from_is_colour_dist_over_18(dtype: type[np.floating[Any]]) -> None:
    strip = _lab_strip(3).reshape(-1, 3).astype(dtype)
    ref = np.median(strip, axis=0)
    want = _plain_dist(strip, ref) > 18.0
    assert np.array_equal(far_from(strip, ref), want)
    assert 0 < want.sum() < want.size


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_unlike_board_is_the_plain_rule(seed: int) -> None:
    strip = _lab_strip(seed)
    rng = np.random.default_rng(seed)
    tri_mask = rng.random(strip.shape[:2]) < 0.5
    unsure = rng.random(strip.shape[:2]) < 0.2
    # A field and triangle near the strip's own colours, so many pixels sit near the 18 line.
    field = np.median(strip.reshape(-1, 3), axis=0)
    tri = (field + rng.normal(0, 12, 3)).astype(np.float32)
    d_field, d_tri = _plain_dist(strip, field), _plain_dist(strip, tri)
    d = np.where(tri_mask, d_tri, d_field)
    want = np.where(unsure, np.minimum(d_field, d_tri), d) > 18.0
    assert np.array_equal(unlike_board(strip, tri_mask, unsure, field, tri), want)
    assert 0 < want.sum() < want.size


@pytest.mark.parametrize("n", [1, 2, 3, 7, 12, 13, 32])
@pytest.mark.parametrize("q", [0, 35, 50, 99.5, 100])
def test_row_percentile_is_numpys(n: int, q: float) -> None:
    rng = np.random.default_rng(n)
    a = rng.gamma(2.0, 3.0, (50, n))
    a[::7, : n // 2] = a[::7, -1:]  # ties
    assert np.array_equal(_row_percentile(a, q), np.percentile(a, q, axis=1))


def test_edge_scale_is_the_plain_formula() -> None:
    lab = np.concatenate([_lab_strip(s) for s in range(4)], axis=1)
    edges = edges_of(lab)
    gx, gy = gradients(lab)
    sub = (slice(None, None, 4), slice(None, None, 4))
    weight = np.array([0.5, 1.0, 1.0], np.float32)
    strength = np.hypot(gx[sub] * weight, gy[sub] * weight).max(axis=2)
    assert edges.scale == float(np.median(strength)) + 1.0


def test_gradients_of_8_bit_lab_are_the_float_sobels_as_int16() -> None:
    # int16 gradients of an 8-bit image: the float32 Sobel's whole values, and the rims (a
    # gathered sample times a float32 direction) the same floats as from the float32 Sobel.
    rng = np.random.default_rng(5)
    lab8 = cv2.GaussianBlur(rng.integers(0, 256, (60, 80, 3), dtype=np.uint8), (5, 5), 1.0)
    lab8[20:40, 30:50] = (250, 3, 252)  # steep edges: sums near the int16 extremes' scale
    gx, gy = gradients(lab8)
    assert gx.dtype == gy.dtype == np.int16
    fx, fy = (cv2.Sobel(lab8, cv2.CV_32F, dx, 1 - dx, ksize=3) for dx in (1, 0))
    assert np.array_equal(gx.astype(np.float32), fx) and np.array_equal(gy.astype(np.float32), fy)
    circles = np.stack(
        [rng.uniform(0, 80, 40), rng.uniform(0, 60, 40), rng.uniform(4, 15, 40)], axis=1
    ).astype(np.float32)
    for all_round in (False, True):
        got = ring_evidence(gx, gy, circles, 7.0, all_round)
        assert np.array_equal(got, ring_evidence(fx, fy, circles, 7.0, all_round))
    sub = (slice(None, None, 4), slice(None, None, 4))
    weight = np.array([0.5, 1.0, 1.0], np.float32)
    strength = np.hypot(fx[sub] * weight, fy[sub] * weight).max(axis=2)
    assert edges_of(lab8).scale == float(np.median(strength)) + 1.0
