"""vision.cocked: the committed model loads and tells freshly rendered cocked dice from flat."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cocked import N_FEATURES, CockedModel, crop_features
from vision.cocked_view import CameraView
from vision.train_cocked import cue_columns, examples


def _render_set(tmp_path: Path, seed: int, n: int) -> list[Path]:
    from vision.synth import random_scene, render

    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        spec = random_scene(rng, die_state_weights=(0.5, 0.5, 0.0), hand_probability=0.0)
        img, labels = render(spec, rng)
        p = tmp_path / f"IMG_{i:03d}.jpg"
        cv2.imwrite(str(p), img)
        p.with_suffix(".json").write_text(json.dumps(labels))
        out.append(p)
    return out


def test_model_loads_with_matching_shape() -> None:
    m = CockedModel.load()
    assert m.w1.shape[0] == N_FEATURES and 0.0 < m.threshold < 1.0


def test_bad_die_size_is_rejected() -> None:
    with pytest.raises(ValueError, match="die_px"):
        crop_features(np.zeros((50, 50, 3), np.uint8), (25.0, 25.0), 0.0)


def test_separates_fresh_cocked_and_flat_dice(tmp_path: Path) -> None:
    xs, ys = [], []
    for p in _render_set(tmp_path, seed=20261122, n=14):
        x, y = examples(p)
        xs += x
        ys += y
    kind = np.array(ys)
    assert kind.sum() >= 5 and (1 - kind).sum() >= 5, "renders gave too few dice of one kind"
    prob = CockedModel.load().probabilities(np.array(xs))
    # Rank measure (AUC): chance is 0.5.
    pos, neg = prob[kind == 1], prob[kind == 0]
    auc = float(np.mean(pos[:, None] > neg[None, :]))
    assert auc > 0.75, f"AUC {auc:.2f}"


@pytest.mark.parametrize("centre", [(100.0, 200.0), (300.0, 200.0), (200.0, 100.0), (330.0, 310.0)])
def test_crop_turns_the_image_centre_up(centre: tuple[float, float]) -> None:
    """With a camera straight down, a mark between the die and the image centre lands above
    the crop's middle, whichever side of the centre the die is on (dice left or right of it
    were once turned upside down)."""
    from vision.cocked import _crop, crop_matrix, die_patch

    img = np.zeros((400, 400, 3), np.uint8)
    cx, cy = centre
    d = np.array([200.0 - cx, 200.0 - cy]) / np.hypot(200.0 - cx, 200.0 - cy)
    cv2.circle(img, (int(round(cx + 18 * d[0])), int(round(cy + 18 * d[1]))), 4, (255,) * 3, -1)
    view = CameraView.straight_down((400, 400), 20.0).at(centre)
    crop = _crop(die_patch(img, centre, 20.0), crop_matrix(view, 20.0))
    ys, xs = np.nonzero(crop[:, :, 0] > 100)
    assert ys.mean() < 0.3 * crop.shape[0] and abs(xs.mean() - crop.shape[1] / 2) < 3
    flipped = _crop(die_patch(img, centre, 20.0), crop_matrix(view, 20.0), flip=True)
    assert np.array_equal(flipped, crop[:, ::-1])


def test_ensemble_is_one_network_with_the_mean_logit() -> None:
    from vision.train_cocked import _average, _predict

    rng = np.random.default_rng(0)
    nets: list[tuple[np.ndarray, ...]] = [
        (rng.normal(size=(5, 3)), rng.normal(size=3), rng.normal(size=3), np.asarray(0.3 * k))
        for k in range(3)
    ]
    x = rng.normal(size=(7, 5))
    logit = np.mean([np.log(p / (1 - p)) for p in (_predict(x, n) for n in nets)], axis=0)
    assert np.allclose(_predict(x, _average(nets)), 1 / (1 + np.exp(-logit)))


def test_precision_weighs_false_calls() -> None:
    from vision.train_cocked import pr_at

    p, y = np.array([0.9, 0.8, 0.7, 0.1]), np.array([1, 1, 0, 0])
    assert pr_at(p, y, 0.5) == pytest.approx((2 / 3, 1.0))
    assert pr_at(p, y, 0.5, w_neg=2.0) == pytest.approx((0.5, 1.0))
    assert pr_at(p, y, 0.95) == (0.0, 0.0)


def test_die_samples_round_trip(tmp_path: Path) -> None:
    from vision.cocked_samples import DieSamples, die_patch_shape

    n = 3
    corners = np.array([[100, 80], [1180, 90], [1170, 880], [110, 870]], float)
    s = DieSamples(
        np.zeros((n, *die_patch_shape()), np.uint8),
        np.array([[300.0, 200.0], [640.0, 480.0], [900.0, 700.0]]),
        np.full(n, 30.0),
        np.repeat(corners[None], n, axis=0),
        np.tile([1280, 960], (n, 1)).astype(np.int32),
        np.ones((n, 8), np.float32),
        np.array([0, 1, 3], np.int8),
        np.array([0, 0, 1], np.int32),
    )
    s.save(tmp_path / "s.npz")
    t = DieSamples.load(tmp_path / "s.npz")
    assert t.cocked.tolist() == [0, 1, 0]
    assert t.take(t.image == 1).centre.tolist() == [[900.0, 700.0]]
    both = DieSamples.concat([t, t])
    assert both.image.tolist() == [0, 0, 1, 2, 2, 3] and len(both.patches) == 2 * n
    # A die right of the image centre shows its body toward the left (toward below the camera).
    assert t.view(2).down[0] < 0 < np.linalg.det(t.view(2).lin)


def test_no_board_calls_need_their_own_threshold() -> None:
    """Without a board the camera is unknown: the call uses ``threshold_no_board``."""
    k = N_FEATURES
    m = CockedModel(
        np.zeros(k, np.float32),
        np.ones(k, np.float32),
        np.zeros((k, 1), np.float32),
        np.zeros(1, np.float32),
        np.zeros(1, np.float32),
        2.0,  # p = sigmoid(2) = 0.88 for any input
        0.5,
        0.95,
    )
    x = np.zeros(k, np.float32)
    assert m.cocked(x, board=True) and not m.cocked(x, board=False)


def test_restate_leaves_other_finders_readings_alone() -> None:
    from dataclasses import dataclass

    from vision.dice_tilt import restate

    @dataclass(frozen=True)
    class Other:
        centre: tuple[float, float]
        state: str

    corners = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))
    r = Other((300.0, 300.0), "cocked")
    assert restate(np.zeros((960, 1280, 3), np.uint8), [r], corners, 30.0) == [r]


def test_training_features_are_seeded_and_six_per_die() -> None:
    """Augmentation (size jitter x mirror, some blurred) gives the same rows on every run."""
    from vision.cocked_samples import DieSamples, die_patch_shape
    from vision.train_cocked import features

    rng = np.random.default_rng(5)
    n = 4
    corners = np.array([[100, 80], [1180, 90], [1170, 880], [110, 870]], float)
    s = DieSamples(
        rng.integers(0, 255, (n, *die_patch_shape()), dtype=np.uint8),
        rng.uniform(200, 900, (n, 2)),
        np.full(n, 30.0),
        np.repeat(corners[None], n, axis=0),
        np.tile([1280, 960], (n, 1)).astype(np.int32),
        np.ones((n, 8), np.float32),
        np.array([0, 1, 1, 3], np.int8),
        np.arange(n, dtype=np.int32),
    )
    x1, y1 = features(s, augment=True)
    x2, _ = features(s, augment=True)
    assert x1.shape == (6 * n, N_FEATURES) and np.array_equal(x1, x2)
    assert y1.tolist() == [0] * 6 + [1] * 12 + [0] * 6
    plain, _ = features(s, augment=False)
    assert plain.shape == (n, N_FEATURES)


def _hog_by_add_at(gray: np.ndarray) -> np.ndarray:
    """The cells' histograms as first written (np.add.at), to check the bincount version."""
    from vision.cocked import _BINS, _CELL, _CROP

    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    mag = np.hypot(gx, gy)
    ang = np.mod(np.arctan2(gy, gx), np.pi) / np.pi * _BINS
    b0 = np.floor(ang).astype(int) % _BINS
    frac = ang - np.floor(ang)
    n = _CROP // _CELL
    hist = np.zeros((n, n, _BINS), np.float32)
    cy, cx = np.mgrid[0:_CROP, 0:_CROP] // _CELL
    np.add.at(hist, (cy, cx, b0), mag * (1 - frac))
    np.add.at(hist, (cy, cx, (b0 + 1) % _BINS), mag * frac)
    hist /= np.linalg.norm(hist, axis=2, keepdims=True) + 1e-3 * (mag.mean() + 1.0)
    return hist.ravel()


def test_gradient_histograms_match_the_per_pixel_sum() -> None:
    from vision.cocked import _CROP, _hog

    rng = np.random.default_rng(7)
    gray = cv2.GaussianBlur(rng.uniform(0, 255, (_CROP, _CROP)).astype(np.float32), (0, 0), 1.5)
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    assert np.allclose(_hog(gx, gy), _hog_by_add_at(gray), rtol=1e-5, atol=1e-6)


def test_pick_threshold_weighs_false_calls_by_the_prior() -> None:
    from vision.train_cocked import pick_threshold

    p = np.array([0.99, 0.97, 0.95, 0.9, 0.8, 0.5, 0.2])
    y = np.array([1, 1, 0, 1, 0, 0, 0])
    # Unweighted (3 cocked of 7, prior 3/7): the lowest threshold with precision >= 0.75.
    assert pick_threshold(p, y, 0.75, 3 / 7) == pytest.approx(0.8)
    # A rarer cocked die makes each false call weigh more: only above the flat 0.95.
    assert pick_threshold(p, y, 0.75, 0.1) == pytest.approx(0.95)


def test_joined_models_run_as_one_with_the_weighted_logit() -> None:
    """Two models with their own feature scaling join into one network whose logit is the
    weighted mean of theirs (an ensemble of models trained on different renders)."""
    rng = np.random.default_rng(5)
    k = 7

    def model(h: int) -> CockedModel:
        return CockedModel(
            rng.normal(0, 2, k).astype(np.float32),
            rng.uniform(0.5, 3, k).astype(np.float32),
            rng.normal(0, 1, (k, h)).astype(np.float32),
            rng.normal(0, 1, h).astype(np.float32),
            rng.normal(0, 1, h).astype(np.float32),
            float(rng.normal()),
            0.9,
        )

    a, b = model(3), model(5)
    x = rng.normal(0, 2, (20, k)).astype(np.float32)

    def logit(m: CockedModel) -> np.ndarray:
        p = m.probabilities(x).astype(np.float64)
        return np.log(p / (1 - p))

    j = a.joined(b, 0.7)
    assert j.w1.shape == (k, 8) and j.threshold == a.threshold
    assert np.allclose(logit(j), 0.3 * logit(a) + 0.7 * logit(b), atol=1e-3)


@pytest.mark.parametrize("cues", ["shape", "profiles"])
def test_a_network_trained_without_cues_ignores_them_once_widened(cues: str) -> None:
    """``train_cocked --without``: the cue columns are left out of training and the network
    is widened back at their place, so it takes every feature and those change nothing."""
    lo, hi = cue_columns(cues)
    assert 0 < lo < hi <= N_FEATURES
    rng = np.random.default_rng(11)
    k, h = N_FEATURES - (hi - lo), 4
    narrow = CockedModel(
        rng.normal(0, 1, k).astype(np.float32),
        rng.uniform(0.5, 2, k).astype(np.float32),
        rng.normal(0, 0.1, (k, h)).astype(np.float32),
        rng.normal(0, 1, h).astype(np.float32),
        rng.normal(0, 1, h).astype(np.float32),
        0.0,
        0.9,
    )
    wide = narrow.widened(N_FEATURES, at=lo)
    x = rng.normal(0, 1, (6, N_FEATURES)).astype(np.float32)
    moved = x.copy()
    moved[:, lo:hi] += 50.0
    assert np.allclose(wide.probabilities(x), wide.probabilities(moved))
    kept = np.delete(x, np.s_[lo:hi], axis=1)
    assert np.allclose(wide.probabilities(x), narrow.probabilities(kept), atol=1e-6)
    others = x.copy()
    others[:, :lo] += 5.0
    assert not np.allclose(wide.probabilities(x), wide.probabilities(others))


def test_cue_columns_names_only_the_two_cue_kinds() -> None:
    with pytest.raises(ValueError, match="unknown cues"):
        cue_columns("pips")


def test_view_jitter_moves_the_camera_seeded() -> None:
    """``--view-jitter``: a die seen through slightly wrong corners gets another view (and
    other rows), the same on every run; without it the rows are the plain augmentation's."""
    from vision.cocked_samples import DieSamples, die_patch_shape
    from vision.train_cocked import features

    rng = np.random.default_rng(7)
    n = 2
    corners = np.array([[100, 80], [1180, 90], [1170, 880], [110, 870]], float)
    s = DieSamples(
        rng.integers(0, 255, (n, *die_patch_shape()), dtype=np.uint8),
        np.array([[300.0, 250.0], [1000.0, 700.0]]),
        np.full(n, 30.0),
        np.repeat(corners[None], n, axis=0),
        np.tile([1280, 960], (n, 1)).astype(np.int32),
        np.ones((n, 8), np.float32),
        np.array([0, 1], np.int8),
        np.arange(n, dtype=np.int32),
    )
    a, b = s.view(1, 0.01, np.random.default_rng(0)), s.view(1, 0.01, np.random.default_rng(0))
    assert np.array_equal(a.down, b.down) and not np.allclose(a.down, s.view(1).down)
    assert np.array_equal(s.view(1, 0.0, np.random.default_rng(0)).lin, s.view(1).lin)
    plain, _ = features(s, augment=True)
    j1, _ = features(s, augment=True, view_jitter=0.01)
    j2, _ = features(s, augment=True, view_jitter=0.01)
    assert np.array_equal(j1, j2) and not np.array_equal(j1, plain)
