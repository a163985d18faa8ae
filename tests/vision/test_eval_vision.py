"""Scoring: board figures, set quirks, partial images, and the dataset loader's errors."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.dataset import DatasetError, load_image, load_set
from vision.evaluate import evaluate_set

START_W = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
START_B = list(reversed(START_W))


def _label(white, black, bar=(0, 0), off=(0, 0), **extra):
    return {
        "board": {
            "corners": [[0, 0], [10, 0], [10, 8], [0, 8]],
            "white": white,
            "black": black,
            "bar": {"white": bar[0], "black": bar[1]},
            "off": {"white": off[0], "black": off[1]},
        },
        "dice": [{"value": 3, "bbox": [10, 10, 20, 20], "state": "flat", "zone": "white_right"}],
        **extra,
    }


def _write_set(root, labels, preds):
    pred_dir = root / "pred"
    pred_dir.mkdir()
    for k, (lab, pred) in enumerate(zip(labels, preds, strict=True)):
        cv2.imwrite(str(root / f"i{k}.png"), np.zeros((8, 8, 3), np.uint8))
        (root / f"i{k}.json").write_text(json.dumps(lab))
        (pred_dir / f"i{k}.json").write_text(json.dumps(pred))
    return pred_dir


def test_board_figures_and_partial_frames(tmp_path) -> None:
    wrong_w = list(START_W)
    wrong_w[5] = 4
    labels = [
        _label(START_W, START_B),
        _label(START_W, START_B),
        _label(START_W, START_B, partial=True),
    ]
    preds = [
        {"status": "ok", **_label(START_W, START_B)},
        {"status": "ok", **_label(wrong_w, START_B, off=(1, 0))},
        {"status": "board_not_found", "dice": []},
    ]
    report = evaluate_set(tmp_path, pred_dir=_write_set(tmp_path, labels, preds))
    assert report.scored_boards == 2  # the partial frame is not scored for the board
    assert report.board_exact == 0.5
    assert report.point_accuracy == pytest.approx(47 / 48)
    assert report.off_accuracy == 0.5 and report.bar_accuracy == 1.0
    assert report.board_found_rate == 1.0
    assert report.dice["labelled"] == 3  # dice are scored on partial frames too
    assert report.dice["recall"] == pytest.approx(2 / 3)
    assert any("i1" in f and "pt6" in f for f in report.failures)


def test_paper_set_quirk_off_not_scored(tmp_path) -> None:
    root = tmp_path / "board_paper_webcam"
    root.mkdir()
    labels = [_label(START_W, START_B, off=(3, 3))]
    preds = [{"status": "ok", **_label(START_W, START_B, off=(0, 0))}]
    report = evaluate_set(root, pred_dir=_write_set(root, labels, preds))
    assert report.off_accuracy is None and report.board_exact == 1.0


def test_dataset_errors_name_the_file(tmp_path) -> None:
    (tmp_path / "x.jpg").write_bytes(b"not a jpeg")
    with pytest.raises(DatasetError, match="x.jpg"):
        load_image(tmp_path / "x.jpg")
    with pytest.raises(DatasetError, match="missing.png"):
        load_image(tmp_path / "missing.png")
    (tmp_path / "x.json").write_text("[1, 2")
    with pytest.raises(DatasetError, match="x.json"):
        load_set(tmp_path)
    (tmp_path / "x.json").write_text('{"board": {"white": [1, 2]}}')
    with pytest.raises(DatasetError, match="x.json"):
        load_set(tmp_path)


def test_calibration_json_of_a_set(tmp_path) -> None:
    (tmp_path / "calibration.json").write_text('{"white_home": "middle"}')
    with pytest.raises(DatasetError, match="white_home"):
        load_set(tmp_path)
    (tmp_path / "calibration.json").write_text('{"white_home": "top-left"}')
    assert load_set(tmp_path).white_home == "top-left"
