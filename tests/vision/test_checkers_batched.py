"""The checker stage's batched steps (all 24 strips at once) and its float32 rims."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision.checkers.empty_board import point_profiles, unlike_board
from vision.checkers.outlines import _ANGLES, _RHOS, gradients, ring_evidence


def _strips(seed: int, n: int = 6) -> np.ndarray:
    """Float32 Lab strips (n, 120, 40, 3) like a board's points: smooth noise and a disc."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        bgr = cv2.GaussianBlur(rng.integers(0, 256, (120, 40, 3)).astype(np.uint8), (0, 0), 2)
        cv2.circle(bgr, (20, int(rng.integers(15, 100))), 15, (40, 60, 200), -1)
        out.append(cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32))
    return np.stack(out)


@pytest.mark.parametrize("seed", [0, 1])
def test_unlike_board_of_stacked_strips_is_strip_by_strip(seed: int) -> None:
    strips = _strips(seed)
    rng = np.random.default_rng(seed + 10)
    tri_mask, unsure = rng.random((120, 40)) < 0.5, rng.random((120, 40)) < 0.2
    field = np.median(strips.reshape(-1, 3), axis=0)
    tris = (field + rng.normal(0, 12, (len(strips), 3))).astype(np.float32)
    # Bottom points' strips are reversed views of the board: one of those too.
    views = [s if i % 2 else s[::-1][::-1] for i, s in enumerate(strips)]
    want = [unlike_board(s, tri_mask, unsure, field, t) for s, t in zip(views, tris, strict=True)]
    got = unlike_board(strips, tri_mask, unsure, field, tris[:, None, None, :])
    assert got.shape == strips.shape[:3] and np.array_equal(got, np.stack(want))
    assert 0 < got.sum() < got.size  # both kinds of pixel: the test compares something
    # The per-strip medians of a band as one median over the stack.
    band = rng.random((120, 40)) < 0.1
    medians = np.median(strips[:, band], axis=1)
    assert np.array_equal(medians, np.stack([np.median(s[band], axis=0) for s in strips]))
    # Profiles of the stacked masks are those of the list of masks.
    cares = rng.random(got.shape) < 0.9
    for a, b in zip(
        point_profiles(got & cares, cares, 19.5, 30.0),
        point_profiles(list(got & cares), list(cares), 19.5, 30.0),
        strict=True,
    ):
        assert np.array_equal(a, b, equal_nan=True)


def _plain_rims(gx: np.ndarray, gy: np.ndarray, circles: np.ndarray) -> np.ndarray:
    """ring_evidence before the scale, in float64, circle by circle and sample by sample."""
    h, w = gx.shape[:2]
    out = []
    for x, y, r in circles.astype(np.float64):
        sign = 1.0 if y < h / 2 else -1.0
        best = []
        for a in _ANGLES:
            c, s = np.cos(a), np.sin(a)
            if s * sign <= 0.3:
                continue  # only the directions facing the board's middle
            strongest = 0.0
            for rho in _RHOS.astype(np.float64):
                xi = min(max(int(round(x + r * rho * c)), 0), w - 1)
                yi = min(max(int(round(y + r * rho * s)), 0), h - 1)
                radial = np.abs(gx[yi, xi].astype(np.float64) * c + gy[yi, xi] * s)
                strongest = max(strongest, 0.5 * radial[0], radial[1], radial[2])
            best.append(strongest)
        out.append(np.percentile(best, 35))
    return np.array(out)


def test_float32_rims_are_the_plain_float64_rims() -> None:
    """The rims are taken in float32: within float32 rounding of the float64 formula (a
    sample a rounding puts one pixel over may differ; the strongest of many hardly moves)."""
    lab = _strips(3, 1)[0]
    lab = np.concatenate([lab, lab[::-1]], axis=0)  # a top half and a bottom half
    gx, gy = gradients(lab)
    rng = np.random.default_rng(4)
    n = 60
    circles = np.stack(
        [rng.uniform(0, 40, n), rng.uniform(0, 240, n), rng.uniform(8, 16, n)], axis=1
    ).astype(np.float32)
    got = ring_evidence(gx, gy, circles, 1.0)
    want = _plain_rims(gx, gy, circles)
    assert got.dtype == np.float32
    close = np.isclose(got, want, rtol=1e-5, atol=1e-3)
    assert close.mean() >= 0.95 and np.median(np.abs(got - want)) < 1e-3
    assert (want > 1.0).mean() > 0.8  # real edges: the test compares something


@pytest.mark.parametrize("ref_type", [np.float32, np.float64])
def test_unlike_board_by_planes_is_by_pixels(ref_type: type[np.floating[Any]]) -> None:
    """The stacked strips' distances channel by channel (planes) are the interleaved ones,
    float32 or float64 reference colours (the latter compute in float64 either way)."""
    from vision.checkers.empty_board import _sq_dist, _sq_planes

    strips = _strips(3)
    planes = np.ascontiguousarray(np.moveaxis(strips, -1, 0))
    rng = np.random.default_rng(3)
    field = rng.uniform(0, 255, 3).astype(ref_type)
    tris = rng.uniform(0, 255, (len(strips), 1, 1, 3)).astype(ref_type)
    for ref in (field, tris):
        want = _sq_dist(strips, ref)
        got = _sq_planes(planes, ref)
        assert got.dtype == want.dtype and np.array_equal(got, want)
