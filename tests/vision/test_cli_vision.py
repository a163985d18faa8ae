"""``bgref vision read`` and ``bgref vision eval`` on a tiny rendered set in a tmp dir."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from firmware.cli import main
from vision.synth import CameraSpec, LightingSpec, SceneSpec, random_position, render


@pytest.fixture(scope="module")
def tiny_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny_set")
    rng = np.random.default_rng(61)
    for k, (style, home) in enumerate(
        [("tournament_green", "bottom-right"), ("walnut", "top-left")]
    ):
        spec = SceneSpec(
            style=style,
            white_home=home,
            position=random_position(rng, "opening"),
            markers=True,
            camera=CameraSpec(distance_mm=760, tilt_deg=5.0, focal_px=1100),
            lighting=LightingSpec(noise_sigma=2.0),
        )
        image, labels = render(spec, rng)
        cv2.imwrite(str(root / f"IMG_{k:04d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (root / f"IMG_{k:04d}.json").write_text(json.dumps(labels))
    (root / "calibration.json").write_text("{}")
    return root


def test_read_writes_one_prediction_per_image(tiny_set, tmp_path, capsys) -> None:
    out = tmp_path / "pred"
    assert main(["vision", "read", str(tiny_set), "--out", str(out), "--quiet"]) == 0
    files = sorted(p.name for p in out.glob("*.json"))
    assert files == ["IMG_0000.json", "IMG_0001.json"]
    pred = json.loads((out / "IMG_0000.json").read_text())
    assert pred["status"] == "ok"
    assert len(pred["board"]["white"]) == 24 and "confidence" in pred
    # Scoring the saved predictions gives the same board figures as running the reader.
    capsys.readouterr()
    assert main(["vision", "eval", str(tiny_set), "--pred", str(out), "--json"]) == 0
    saved = json.loads(capsys.readouterr().out)
    assert main(["vision", "eval", str(tiny_set), "--json", "--quiet"]) == 0
    live = json.loads(capsys.readouterr().out)
    for key in ("point_accuracy", "board_exact", "board_found_rate"):
        assert saved[key] == live[key]
    assert live["board_found_rate"] == 1.0
    assert live["images"] == 2 and live["latency_median_ms"] > 0
    assert saved["latency_median_ms"] is None


def test_eval_prints_every_stage(tiny_set, capsys) -> None:
    assert main(["vision", "eval", str(tiny_set), "--quiet"]) == 0
    text = capsys.readouterr().out
    for word in (
        "per-point",
        "whole-board exact",
        "bar",
        "off",
        "dice",
        "cocked",
        "zone",
        "cube",
        "found",
        "latency",
    ):
        assert word in text


def test_a_malformed_label_is_named(tmp_path, capsys) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((64, 64, 3), np.uint8))
    (tmp_path / "a.json").write_text('{"board": ')
    assert main(["vision", "eval", str(tmp_path)]) == 2
    assert "a.json" in capsys.readouterr().err
