"""Speed shortcuts of the pip, checker and cube stages give exactly what the plain computations
(the code they replaced) give, on seeded random inputs."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.checkers.alongs import alongs_of, circle_pitch
from vision.checkers.empty_board import _row_counts, extent_of, far_from, point_profiles
from vision.checkers.model import Cell
from vision.checkers.outlines import _RHOS, Edges, _radial_best, gradients, verified
from vision.cube_blobs import mask_blobs
from vision.pip_dedupe import dedupe
from vision.pip_scale import _bands, _pyr_down
from vision.pips import Pip


def _lab(seed: int, h: int = 90, w: int = 120) -> np.ndarray:
    """A float32 Lab image of whole values (as ``to_lab`` makes): noise and a few discs."""
    rng = np.random.default_rng(seed)
    bgr = cv2.GaussianBlur(rng.integers(0, 256, (h, w, 3)).astype(np.uint8), (0, 0), 1.5)
    for _ in range(4):
        c = (int(rng.integers(10, w - 10)), int(rng.integers(10, h - 10)))
        cv2.circle(bgr, c, int(rng.integers(5, 12)), rng.integers(0, 256, 3).tolist(), -1)
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32)


def _plain_radial_best(gx, gy, circles, cos, sin):
    h, w = gx.shape[:2]
    rr = circles[:, 2, None, None] * _RHOS[None, :, None]
    xi = np.clip(np.round(circles[:, 0, None, None] + rr * cos).astype(int), 0, w - 1)
    yi = np.clip(np.round(circles[:, 1, None, None] + rr * sin).astype(int), 0, h - 1)
    at = (yi * w + xi).ravel()
    radial = np.take(gx.reshape(-1, 3), at, axis=0).T.astype(np.float64)
    along_y = np.take(gy.reshape(-1, 3), at, axis=0).T.astype(np.float64)
    radial *= np.broadcast_to(cos, xi.shape).ravel()
    along_y *= np.broadcast_to(sin, xi.shape).ravel()
    radial += along_y
    np.abs(radial, out=radial)
    radial[0] *= 0.5
    best = np.maximum(np.maximum(radial[0], radial[1]), radial[2])
    return best.reshape(xi.shape).max(axis=1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_radial_best_is_the_plain_gather(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lab = _lab(seed)
    lab[..., 1:] += rng.normal(0, 0.3, lab[..., 1:].shape).astype(np.float32)  # not whole
    gx, gy = gradients(lab)
    n = 60
    circles = np.stack(
        [rng.uniform(-5, 125, n), rng.uniform(-5, 95, n), rng.uniform(3, 14, n)], axis=1
    ).astype(np.float32)
    ang = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    for sel in (slice(None), np.sin(ang) > 0.3):
        cos, sin = np.cos(ang)[sel], np.sin(ang)[sel]
        got = _radial_best(gx, gy, circles, cos, sin)
        assert np.array_equal(got, _plain_radial_best(gx, gy, circles, cos, sin))


def _plain_verified_shares(circles, lab, refs):
    h, w = lab.shape[:2]
    out: list[float | None] = []
    for x, y, r in circles:
        rr = 0.55 * r
        px = lab[
            int(max(0, y - rr)) : int(min(h, y + rr + 1)),
            int(max(0, x - rr)) : int(min(w, x + rr + 1)),
        ].reshape(-1, 3)
        if not len(px):
            out.append(None)
            continue
        unlike = np.ones(len(px), bool)
        for ref in refs:
            unlike &= far_from(px, ref)
        out.append(float(unlike.mean()))
    return out


@pytest.mark.parametrize("seed", [3, 4])
def test_verified_keeps_what_the_circle_by_circle_shares_keep(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lab = _lab(seed)
    gx, gy = gradients(lab)
    edges = Edges(gx, gy, 3.0)
    n = 40
    circles = np.stack(
        [rng.uniform(-20, 140, n), rng.uniform(-20, 110, n), rng.uniform(4, 12, n)], axis=1
    ).astype(np.float32)
    field = np.median(lab.reshape(-1, 3), axis=0)
    tris = [field + np.float32(10), field - np.float32(15)]
    kept, strong, _ = verified(circles, lab, edges, field, tris)
    shares = _plain_verified_shares(circles, lab, (field, *tris))
    from vision.checkers.outlines import ring_evidence

    rim = ring_evidence(gx, gy, circles, edges.scale)
    keep = [s is not None and (s > 0.4 or e > 1.5) for s, e in zip(shares, rim, strict=True)]
    sure = [s is not None and (s > 0.4 or e > 2.0) for s, e in zip(shares, rim, strict=True)]
    assert np.array_equal(kept, circles[np.array(keep)])
    assert strong.tolist() == [b for b, k in zip(sure, keep, strict=True) if k]
    assert 0 < sum(keep) < n  # both kinds: the test compares something


def test_row_counts_are_numpys_sums_on_strip_views() -> None:
    rng = np.random.default_rng(5)
    big = rng.random((80, 200)) < 0.3
    for view in (big[:40, 17:61], big[-40:, 100:131][::-1], big[:, 3:4], big[5:9]):
        got = _row_counts(view)
        assert got.dtype == np.int64 and np.array_equal(got, view.sum(axis=1))
    both = big[:40, 20:50]
    assert np.array_equal(_row_counts(both[:, ::2]), both[:, ::2].sum(axis=1))  # strided


def test_point_profiles_are_the_masked_column_means() -> None:
    rng = np.random.default_rng(6)
    diffs = [rng.random((50, 23)) < 0.4 for _ in range(3)]
    cares = [rng.random((50, 23)) < 0.9 for _ in range(3)]
    cares[1][7] = False  # a row with no usable pixel: NaN
    central = np.abs(np.arange(23) - 11.0) < 0.3 * 20.0
    got = point_profiles(diffs, cares, 11.0, 20.0)
    for g, diff, care in zip(got, diffs, cares, strict=True):
        c = care[:, central].sum(axis=1)
        want = np.where(c > 0, diff[:, central].sum(axis=1) / np.maximum(c, 1), np.nan)
        assert np.array_equal(g, want, equal_nan=True)


def _plain_extent(profile: np.ndarray, dy: float) -> float:
    occupied = np.nan_to_num(profile, nan=-1.0)
    gap_max = max(2, int(0.3 * dy))
    last, gap = -1, 0
    for t, v in enumerate(occupied):
        if v < 0:
            continue
        if v > 0.5:
            last, gap = t, 0
        else:
            gap += 1
            if gap > gap_max or (last < 0 and t > 0.5 * dy):
                break
    return float(last + 1) if last >= 0 else 0.0


def test_extent_is_the_plain_walk() -> None:
    rng = np.random.default_rng(7)
    for _ in range(300):
        p = np.repeat(rng.random(12), rng.integers(1, 8, 12))
        p[rng.random(len(p)) < 0.15] = np.nan
        dy = float(rng.uniform(5, 30))
        assert extent_of(p, dy) == _plain_extent(p, dy)


def test_alongs_are_the_plain_selection() -> None:
    rng = np.random.default_rng(8)
    circles = np.stack(
        [rng.uniform(0, 300, 80), rng.uniform(0, 200, 80), rng.uniform(8, 12, 80)], axis=1
    ).astype(np.float32)
    for cell in (Cell(3, True, 60, 85), Cell(3, False, 60, 85), Cell(9, False, 250, 275)):
        inside = np.abs(circles[:, 0] - (cell.x0 + cell.x1) / 2.0) < 0.35 * (cell.x1 - cell.x0)
        inside &= (circles[:, 1] < 100) == cell.top
        ys = circles[inside, 1]
        want = np.sort(ys if cell.top else (200 - 1 - ys))
        got = alongs_of(circles, cell, 200)
        assert got.dtype == want.dtype and np.array_equal(got, want) and len(want)


def _plain_dedupe(pips: list[Pip]) -> list[Pip]:
    kept: list[Pip] = []
    for p in sorted(pips, key=lambda p: -p.contrast):
        if any(
            k.dark == p.dark and (k.x - p.x) ** 2 + (k.y - p.y) ** 2 < max(k.r, p.r) ** 2
            for k in kept
        ):
            continue
        kept.append(p)
    return kept


@pytest.mark.parametrize("pairs", [1 << 18, 50])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_dedupe_is_the_one_by_one_rule(seed: int, pairs: int, monkeypatch) -> None:
    monkeypatch.setattr("vision.pip_dedupe._PAIRS", pairs)  # 50: the pairs walked in many blocks
    rng = np.random.default_rng(seed)
    n = 400
    # Clusters (a spot found at several scales), a few equal contrasts, both polarities.
    centres = rng.uniform(0, 500, (60, 2))
    at = centres[rng.integers(0, 60, n)] + rng.normal(0, 4, (n, 2))
    contrast = np.round(rng.uniform(25, 90, n), 0)
    pips = [
        Pip(float(x), float(y), float(r), bool(d), float(c), 200.0, 50.0, 1.0)
        for (x, y), r, d, c in zip(
            at, rng.uniform(1, 9, n), rng.random(n) < 0.7, contrast, strict=True
        )
    ]
    want = _plain_dedupe(pips)
    assert dedupe(pips) == want
    assert 60 < len(want) < n


def test_bands_rows_are_the_unique_rows() -> None:
    rng = np.random.default_rng(9)
    shape = (300, 50)
    flat = rng.integers(0, 300 * 50, 500)
    flat[:100] = flat[0]  # repeats
    reach = int(np.ceil(4 * 1.3)) + 2
    rows = np.unique(flat // 50)
    cuts = np.flatnonzero(np.diff(rows) > 2 * reach + 1) + 1
    want = [
        (max(0, int(r[0]) - reach), min(300, int(r[-1]) + reach + 1)) for r in np.split(rows, cuts)
    ]
    assert _bands(flat, shape, 1.3) == want


@pytest.mark.parametrize("seed", [0, 1])
def test_blobs_are_the_default_labelling(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for shape, p in (((432, 41), 0.2), ((432, 101), 0.35), ((60, 60), 0.5)):
        mask = cv2.GaussianBlur(rng.random(shape).astype(np.float32), (0, 0), 2) > 0.5 + p / 8
        n, stats, cents = mask_blobs(mask)
        closed = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
        opened = cv2.morphologyEx(closed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        want_n, _, want_stats, want_cents = cv2.connectedComponentsWithStats(opened)
        assert n == want_n > 2
        assert np.array_equal(stats, want_stats) and np.array_equal(cents, want_cents)


@pytest.mark.parametrize("shape", [(61, 80), (96, 127), (1, 40)])
def test_pyr_down_is_the_float_pyramid(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(shape[0])
    grey = rng.integers(0, 256, shape).astype(np.uint8)
    for level in (grey, grey[:, ::-1]):  # contiguous and not
        got = _pyr_down(level)
        want = cv2.pyrDown(level.astype(np.float32))
        assert got.dtype == np.float32 and np.array_equal(got, want)


def _plain_circle_pitch(circles, cells, h, d):
    gaps: list[float] = []
    for c in cells:
        cxs = (c.x0 + c.x1) / 2.0
        ys = circles[np.abs(circles[:, 0] - cxs) < 0.35 * (c.x1 - c.x0), 1] if len(circles) else []
        alongs = np.sort(
            np.asarray([y if c.top else h - 1 - y for y in ys if (y < h / 2) == c.top])
        )
        gaps += [float(g) for g in np.diff(alongs) if 0.85 * d < g < 1.6 * d]
    return None if len(gaps) < 3 else float(np.median(gaps))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_circle_pitch_is_the_plain_loop(seed: int) -> None:
    rng = np.random.default_rng(seed)
    cells = [Cell(k, top, 25 * k, 25 * k + 25) for k in range(8) for top in (True, False)]
    # Rows of checkers from each edge with a jittered spacing around 1.0-1.3 d.
    rows = []
    for k in range(8):
        for top in (True, False):
            a = 11.0 + np.cumsum(rng.uniform(18, 30, int(rng.integers(0, 5))))
            y = a if top else 299 - a
            rows.append(np.stack([25 * k + 12.5 + rng.normal(0, 2, len(a)), y, 11 + 0 * a], 1))
    circles = np.concatenate(rows).astype(np.float32)
    got = circle_pitch(circles, cells, 300, 22.0)
    assert got is not None and got == _plain_circle_pitch(circles, cells, 300, 22.0)
    assert circle_pitch(circles[:0], cells, 300, 22.0) is None


@pytest.mark.parametrize("seed", [0, 1])
def test_gradients_and_field_of_the_8bit_lab_are_the_float_ones(seed: int) -> None:
    from vision.medians import channel_medians, colour_median

    lab8 = _lab(seed).astype(np.uint8)  # whole values: to_lab8's image
    lab = lab8.astype(np.float32)  # to_lab's
    for a, b in zip(gradients(lab8), gradients(lab), strict=True):
        # The 8-bit image's are int16: the same whole values.
        assert a.dtype == np.int16 and b.dtype == np.float32
        assert np.array_equal(a.astype(np.float32), b)
    rows = slice(40, 50)
    assert np.array_equal(channel_medians(lab8[rows]), colour_median(lab[rows].reshape(-1, 3)))
