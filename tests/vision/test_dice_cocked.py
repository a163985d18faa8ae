"""vision.cocked: the committed model loads and tells freshly rendered cocked dice from flat."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cocked import N_FEATURES, CockedModel, crop_features
from vision.train_cocked import examples


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
    y = np.array(ys)
    assert y.sum() >= 5 and (1 - y).sum() >= 5, "renders gave too few dice of one kind"
    p = CockedModel.load().probabilities(np.array(xs))
    # Rank measure (AUC): chance is 0.5.
    pos, neg = p[y == 1], p[y == 0]
    auc = float(np.mean(pos[:, None] > neg[None, :]))
    assert auc > 0.75, f"AUC {auc:.2f}"
