"""vision.cocked_compare: feature groups, the group swap and the probes."""

from __future__ import annotations

import numpy as np

from vision.cocked import N_FEATURES, VIEWS, CockedModel
from vision.cocked_compare import FEATURE_GROUPS, group_swap, mean_scores, probe
from vision.cocked_view import CameraView


def test_feature_groups_tile_the_feature_vector() -> None:
    spans = sorted((s.start, s.stop) for s in FEATURE_GROUPS.values())
    assert spans[0][0] == 0 and spans[-1][1] == N_FEATURES
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False))


def _one_group_model(group: str) -> CockedModel:
    """A network reading only ``group``'s first feature: p = sigmoid(4 x it - 2)."""
    w1 = np.zeros((N_FEATURES, 1), np.float32)
    w1[FEATURE_GROUPS[group].start, 0] = 1.0
    return CockedModel(
        np.zeros(N_FEATURES, np.float32),
        np.ones(N_FEATURES, np.float32),
        w1,
        np.zeros(1, np.float32),
        np.array([4.0], np.float32),
        -2.0,
        0.9,
    )


def test_group_swap_moves_the_score_only_through_the_group_the_model_reads() -> None:
    model = _one_group_model("body mask")
    rng = np.random.default_rng(2)
    sus = rng.uniform(0, 0.1, (5, len(VIEWS), N_FEATURES)).astype(np.float32)
    ref = sus.copy()
    sus[:, :, FEATURE_GROUPS["body mask"].start] = 1.0  # the suspects' body reads cocked
    out = group_swap(model, sus, ref, draws=4)
    assert out["none"] > 0.85
    assert out["body mask"] < 0.5
    others = [v for k, v in out.items() if k not in ("none", "body mask")]
    assert max(abs(v - out["none"]) for v in others) < 1e-6


def test_probes_score_every_die_under_each_change() -> None:
    """A light die on light paper: raising its local contrast or dropping the lean changes
    the features, so the committed model's scores move; each probe scores every die."""
    rng = np.random.default_rng(4)
    cam = CameraView.from_corners(
        np.array([[100, 80], [1180, 90], [1170, 880], [110, 870]], float), (1280, 960), 30.0
    )
    dice = []
    for x in (300.0, 640.0, 1000.0):
        patch = np.full((80, 80, 3), 185, np.uint8)
        patch[29:52, 29:52] = (200, 220, 228)
        patch[35:38, 35:38] = 40
        patch = np.clip(patch + rng.normal(0, 2, patch.shape), 0, 255).astype(np.uint8)
        dice.append((patch, cam.at((x, 300.0)), 30.0, np.ones(8, np.float32)))
    res = probe(CockedModel.load(), dice)
    assert set(res) >= {"none", "contrast x2", "no lean", "lean x2"}
    assert all(len(v) == 3 for v in res.values())
    assert not np.allclose(res["none"], res["contrast x2"])
    assert not np.allclose(res["none"], res["no lean"])
    rows = np.zeros((2, len(VIEWS), N_FEATURES), np.float32)
    assert mean_scores(_one_group_model("lean"), rows).shape == (2,)
