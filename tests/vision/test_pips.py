"""The pip finder: its shortcuts give exactly what the plain computations give, and its
measures keep the pips of tight faces."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.pip_scale import (
    _SIGMAS,
    _STEP_SIGMAS,
    _bands,
    _blur_rows,
    _extrema,
    _gauss,
    _pyr_down,
    _ScaleSpace,
    _skip_down,
)
from vision.pip_windows import window, windows_at
from vision.pips import _measure_all, _measure_parts, _morph_near, find_pips


def _image(h: int, w: int, seed: int = 0) -> np.ndarray:
    """Grey noise with blobs of both polarities, 8-bit."""
    rng = np.random.default_rng(seed)
    img = cv2.GaussianBlur(rng.integers(0, 256, (h, w)).astype(np.uint8), (0, 0), 1.5)
    for _ in range(40):
        x, y, r = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(2, 9))
        cv2.circle(img, (x, y), r, int(rng.choice([10, 245])), -1)
    return img


@pytest.mark.parametrize("shape", [(101, 157), (64, 64), (33, 250)])
def test_pyr_down_from_8_bits_is_the_float_pyr_down(shape: tuple[int, int]) -> None:
    img = _image(*shape)
    assert np.array_equal(_pyr_down(img), cv2.pyrDown(img.astype(np.float32)))
    f = img.astype(np.float32) * np.float32(0.7)
    assert np.array_equal(_pyr_down(f), cv2.pyrDown(f))
    # A skipped level: 8 bits, rounded; a float one as _pyr_down.
    skipped = _skip_down(img)
    assert skipped.dtype == np.uint8
    assert np.abs(skipped - _pyr_down(img)).max() <= 0.5
    assert np.array_equal(_skip_down(f), _pyr_down(f))


def test_pips_beyond_the_first_level_are_found_in_the_8_bit_one() -> None:
    """A board read seeks its pips one level up: found there as on the image itself."""
    img = np.full((200, 300), 225, np.uint8)
    spots = [(60, 50, 4), (150, 100, 4), (240, 150, 5)]
    for x, y, r in spots:
        cv2.circle(img, (x, y), r, 25, -1)
    got = sorted((round(p.x), round(p.y)) for p in find_pips(img, r_range=(3.0, 5.3)))
    assert len(got) == 3
    for (x, y, _), (gx, gy) in zip(spots, got, strict=True):
        assert abs(gx - x) <= 2 and abs(gy - y) <= 2
    f = img.astype(np.float32) * np.float32(0.7)
    assert np.array_equal(_pyr_down(f), cv2.pyrDown(f))


@pytest.mark.parametrize("sigma", _SIGMAS)
def test_8_bit_blurs_are_the_float_ones(sigma: float) -> None:
    """An 8-bit level is blurred into float directly: as its float copy, to float rounding."""
    level = _image(97, 131, seed=8)
    got = _gauss(level, sigma)
    assert got.dtype == np.float32
    assert np.abs(got - cv2.GaussianBlur(level.astype(np.float32), (0, 0), sigma)).max() < 1e-3


@pytest.mark.parametrize("dtype", [np.float32, np.uint8])
@pytest.mark.parametrize("sigma", _SIGMAS)
def test_blur_of_bands_of_rows_is_the_whole_blur(sigma: float, dtype: type[np.generic]) -> None:
    level = _image(181, 243, seed=1).astype(dtype)
    whole = _gauss(level, sigma).ravel()
    rng = np.random.default_rng(2)
    for n in (1, 5, 40):
        # Rows at the top and bottom edges too.
        ys = np.concatenate([[0, 180], rng.integers(0, 181, n)])
        flat = ys * 243 + rng.integers(0, 243, len(ys))
        got = _blur_rows(level, sigma, flat, _bands(flat, level.shape, sigma))
        assert np.array_equal(got, whole[flat])


def _cascade(level: np.ndarray, first: int) -> list[np.ndarray]:
    """The level's own blurs up to ``first``, each one above from the one below it."""
    blurs: list[np.ndarray] = []
    for i, s in enumerate(_SIGMAS):
        if i <= first:
            blurs.append(_gauss(level, s))
        else:
            blurs.append(cv2.GaussianBlur(blurs[-1], (0, 0), _STEP_SIGMAS[i]))
    return blurs


def test_cascaded_blurs_are_the_direct_ones_within_a_grey_level() -> None:
    """Gaussians compose: blurring by the steps' sigmas in turn is blurring by the sum of their
    squares, up to the kernels' truncation and rounding: within a tenth of a grey level on
    hard-edged spots (a DoG threshold is 5 grey levels)."""
    level = _image(150, 211, seed=6).astype(np.float32)
    for first in (1, 2, 3):  # the first wanted DoG layer: 1 or above
        got = _cascade(level, first)
        for i, s in enumerate(_SIGMAS):
            want = cv2.GaussianBlur(level, (0, 0), s)
            assert np.abs(got[i] - want)[8:-8, 8:-8].max() < 0.1
    # Not the identity: each step blurs.
    assert all(s > 0.5 for s in _STEP_SIGMAS[1:])


def test_scale_space_blurs_do_not_depend_on_the_order_asked() -> None:
    level = _image(90, 120, seed=7).astype(np.float32)
    want = _cascade(level, 2)
    for order in ([5, 0, 3], [0, 1, 2, 3, 4, 5], [4, 2]):
        space = _ScaleSpace(level, 2)
        for i in order:
            assert np.array_equal(space.blur(i), want[i])


@pytest.mark.parametrize("dtype", [np.float32, np.uint8])
@pytest.mark.parametrize("thr", [2.0, 0.0])  # 0: most pixels pass the threshold first
@pytest.mark.parametrize("wanted", [(1, 2, 3), (1,), (2, 3), (3,)])
def test_extrema_are_those_of_the_3x3x3_max_filter(
    wanted: tuple[int, ...], thr: float, dtype: type[np.generic]
) -> None:
    level = _image(150, 211, seed=3).astype(dtype)
    blurs = _cascade(level, wanted[0])
    dogs = [cv2.subtract(blurs[k + 1], blurs[k]) for k in range(len(_SIGMAS) - 1)]
    kern = np.ones((3, 3), np.uint8)
    space = _ScaleSpace(level, wanted[0])
    for k in wanted:
        space.dog(k)
    for k in wanted:
        for dark in (True, False):
            three = [dogs[k - 1], dogs[k], dogs[k + 1]]
            if dark:
                peak = cv2.dilate(np.maximum(np.maximum(three[0], three[1]), three[2]), kern)
                want = (dogs[k] >= peak) & (dogs[k] > thr)
            else:
                low = cv2.erode(np.minimum(np.minimum(three[0], three[1]), three[2]), kern)
                want = (dogs[k] <= low) & (dogs[k] < -thr)
            ys, xs, v = _extrema(space, k, thr)[dark]
            wy, wx = np.nonzero(want)
            assert len(wy) > 0
            assert np.array_equal(ys, wy) and np.array_equal(xs, wx)
            assert np.array_equal(v, dogs[k][wy, wx])


@pytest.mark.parametrize("shape", [(7, 9), (64, 64), (33, 250)])
def test_windows_at_flat_offsets_are_the_clipped_windows(shape: tuple[int, int]) -> None:
    """Every pixel, the four corners and edges included."""
    h, w = shape
    idx = np.arange(h * w)
    ys, xs = np.divmod(idx, w)
    assert np.array_equal(windows_at(idx, h, w), window(ys, xs, h, w))


@pytest.mark.parametrize("shape", [(160, 200), (760, 760)])  # filtered whole; by grid cells
@pytest.mark.parametrize("op", [cv2.MORPH_OPEN, cv2.MORPH_CLOSE])
def test_morph_near_is_the_whole_filter_where_pips_are_measured(
    shape: tuple[int, int], op: int
) -> None:
    img = _image(*shape, seed=4)
    rng = np.random.default_rng(5)
    n = 30
    cands = np.stack(
        [rng.uniform(0, shape[1], n), rng.uniform(0, shape[0], n), rng.uniform(1.5, 6, n)], 1
    )
    kern = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    got, want = _morph_near(img, op, kern, cands), cv2.morphologyEx(img, op, kern)
    yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]]
    for x, y, r in cands:  # where _measure_all samples: within 2.6 radii
        near = (xx - x) ** 2 + (yy - y) ** 2 <= (2.6 * r + 1) ** 2
        assert np.array_equal(got[near], want[near])


def test_measure_parts_is_each_part_measured_alone() -> None:
    """One pass over several parts (each its own image and polarity, light spots under 3 px
    sampled between pixels) gives each part's spots as measured alone, in the parts' order."""
    img = _image(200, 240, seed=7)
    other = cv2.morphologyEx(img, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    rng = np.random.default_rng(8)

    def cands(n: int, r0: float, r1: float) -> np.ndarray:
        return np.stack([rng.uniform(0, 240, n), rng.uniform(0, 200, n), rng.uniform(r0, r1, n)], 1)

    parts = [
        (img, cands(40, 1.5, 8.0), True),
        (other, cands(30, 1.5, 2.9), False),  # all fine: sampled between pixels
        (img, cands(0, 2.0, 3.0), True),  # an empty part is skipped
        (img, cands(40, 1.5, 8.0), False),
    ]
    alone = [p for g, c, dark in parts for p in _measure_all(g, c, dark, 5.0)]
    assert alone == _measure_parts(parts, 5.0)
    assert {p.dark for p in alone} == {True, False}


def _tight_light_five(seed: int) -> np.ndarray:
    """A light 5 on a dark face as fudw's phone photos show it at the dice-only work size:
    pips 2.6 px in radius, 2.5 px apart, a little blur and noise."""
    rng = np.random.default_rng(seed)
    img: np.ndarray = np.full((120, 120), 110, np.uint8)
    cv2.rectangle(img, (43, 43), (79, 79), 75, -1)
    step = (2 * 2.6 + 2.5) / np.sqrt(2)
    for u, v in [(0, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)]:
        centre = (round((61 + u * step) * 8), round((61 + v * step) * 8))
        cv2.circle(img, centre, round(2.6 * 8), 235, -1, cv2.LINE_AA, 3)
    img = cv2.GaussianBlur(img, (0, 0), 0.7)
    return np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_middle_pip_of_a_tight_light_five_is_found(seed: int) -> None:
    # A 5 px closing (the light pips' speck filter) fills the 2.5 px of face between the
    # middle pip and its neighbours: the middle pip had no face round it and was lost.
    pips = find_pips(_tight_light_five(seed), r_range=(1.2, 8.0))
    on_face = [p for p in pips if not p.dark and 43 < p.x < 79 and 43 < p.y < 79]
    assert len(on_face) == 5
    assert any(abs(p.x - 61) < 1.5 and abs(p.y - 61) < 1.5 for p in on_face)


def _small_light_pips(seed: int) -> np.ndarray:
    """25 light pips 1.9 px in radius at random sub-pixel centres on a dark face, each with a
    grey crescent (a recessed pip's shadow, as on fudw's dice), a little blur and noise."""
    rng = np.random.default_rng(seed)
    img: np.ndarray = np.full((200, 200), 80, np.uint8)
    for i in range(5):
        for j in range(5):
            x, y = 30 + 35 * i + rng.uniform(0, 1), 30 + 35 * j + rng.uniform(0, 1)
            cv2.circle(img, (round(x * 8), round(y * 8)), round(1.9 * 8), 235, -1, cv2.LINE_AA, 3)
            shadow = (round((x + 0.95) * 8), round(y * 8))
            cv2.ellipse(img, shadow, (8, 14), 0, 0, 360, 150, -1, cv2.LINE_AA, 3)
    img = cv2.GaussianBlur(img, (0, 0), 0.6)
    return np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_small_light_pips_measure_round(seed: int) -> None:
    # Sampled at the nearest pixel, a 2 px pip's edge moves by up to half a pixel in some
    # directions: round pips measured 0.62-0.70 at worst, and a face of such pips could be
    # taken for a side face seen edge-on (mean under 0.45). Sampled between pixels, >= 0.8.
    pips = [p for p in find_pips(_small_light_pips(seed), r_range=(1.2, 8.0)) if not p.dark]
    assert len(pips) == 25
    assert min(p.circularity for p in pips) >= 0.75
