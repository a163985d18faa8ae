"""Scoring: board figures, set quirks, partial images, and the dataset loader's errors."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.dataset import DatasetError, load_image, load_set
from vision.eval_scoring import corner_error
from vision.evaluate import evaluate_set, format_report

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


def test_believed_counts_are_sure_ok_reads(tmp_path) -> None:
    """Believed: status ok and confidence >= 0.65; a sure count on an uncertain frame is not."""
    wrong_w = list(START_W)
    wrong_w[5], wrong_w[7] = 4, 2
    labels = [_label(START_W, START_B), _label(START_W, START_B)]
    conf = [1.0] * 24
    conf[7] = 0.6  # point 8 read wrong, but not believed
    preds = [
        {"status": "ok", **_label(wrong_w, START_B), "confidence": {"points": conf, "bar": 0.9}},
        {"status": "uncertain", **_label(wrong_w, START_B), "confidence": {"points": [1.0] * 24}},
    ]
    report = evaluate_set(tmp_path, pred_dir=_write_set(tmp_path, labels, preds))
    assert (report.believed_counts, report.believed_wrong) == (24, 1)
    assert "believed counts (status ok, confidence >= 0.65): 24, wrong 1" in format_report(report)


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


def test_corner_error_matches_corner_order_and_measures_the_worst_corner() -> None:
    lab = [[100, 100], [620, 110], [630, 500], [90, 490]]
    worst, width = corner_error(lab, lab)
    assert worst == 0.0 and width == pytest.approx(530.0, abs=1.0)
    moved = [list(p) for p in lab]
    moved[2] = [636, 508]  # 10 px off at the bottom-right corner
    err, width = corner_error(moved, lab)
    assert err == pytest.approx(10.0)
    # Listed from another corner or anticlockwise: the same quad, the same error.
    assert corner_error(moved[::-1], lab)[0] == pytest.approx(10.0)
    assert corner_error(moved[2:] + moved[:2], lab)[0] == pytest.approx(10.0)
    # One point width (width / 13) to the right: the whole quad misregistered.
    shifted = [[x + width / 13, y] for x, y in lab]
    assert corner_error(shifted, lab)[0] == pytest.approx(width / 13)


def test_corner_figures_in_the_report(tmp_path) -> None:
    def with_corners(corners, status="ok"):
        lab = _label(START_W, START_B)
        lab["board"]["corners"] = corners
        return {"status": status, **lab}

    quad = [[0, 0], [520, 0], [520, 400], [0, 400]]  # 520 px wide: 1/4 point = 10 px
    labels = [with_corners(quad) for _ in range(4)]
    labels[3]["partial"] = True  # corners still scored on a partial frame
    for lab in labels:
        lab.pop("status")
    preds = [
        with_corners(quad),
        with_corners([[4, 3], [520, 0], [520, 400], [0, 400]]),  # 5 px: within
        with_corners([[0, 0], [560, 0], [560, 400], [0, 400]]),  # 40 px = 1 point: off
        {"status": "board_not_found", "dice": []},
    ]
    report = evaluate_set(tmp_path, pred_dir=_write_set(tmp_path, labels, preds))
    c = report.corners
    assert c["labelled"] == 4 and c["measured"] == 3
    assert c["median_px"] == pytest.approx(5.0)
    assert c["p95_px"] == pytest.approx(36.5)
    assert c["within_quarter_point"] == pytest.approx(2 / 4)
    assert c["off_images"] == ["i2 1.00pt", "i3 none"]
    assert report.to_json()["corners"]["within_quarter_point"] == pytest.approx(0.5)
    assert "within 1/4 point 50.0%" in format_report(report)


def test_board_given_reads_each_image_through_its_labelled_corners(tmp_path) -> None:
    from vision.synth import random_scene, render

    rng = np.random.default_rng(11)
    image, labels = render(random_scene(rng, markers=False, hand_probability=0.0), rng)
    cv2.imwrite(str(tmp_path / "IMG_0001.jpg"), image)
    (tmp_path / "IMG_0001.json").write_text(json.dumps(labels))
    out = tmp_path / "pred"
    report = evaluate_set(tmp_path, board_given=True, predictions_out=out)
    assert report.board_given and report.scored_boards == 1
    assert report.corners == {}  # the corners were given, not found: nothing to score
    assert "board given" in format_report(report)
    pred = json.loads((out / "IMG_0001.json").read_text())
    got = np.array(pred["board"]["corners"], dtype=float)
    want = np.array(labels["board"]["corners"], dtype=float)
    assert corner_error(got, want)[0] < 0.5


def test_board_given_cannot_rescore_saved_predictions(tmp_path) -> None:
    labels = {"IMG_0001": _label([0] * 24, [0] * 24)}
    preds = {"IMG_0001": _label([0] * 24, [0] * 24)}
    with pytest.raises(DatasetError, match="board_given"):
        evaluate_set(tmp_path, pred_dir=_write_set(tmp_path, labels, preds), board_given=True)


def test_cube_figures_count_wrong_answers_apart_from_missing_ones(tmp_path) -> None:
    def cube(value, location):
        return {"value": value, "location": location}

    labels = [
        _label(START_W, START_B, cube=cube(64, "centre")),
        _label(START_W, START_B, cube=cube(8, "white")),
        _label(START_W, START_B, cube=cube(2, "black")),
        _label(START_W, START_B, cube=cube(4, "white")),
        _label(START_W, START_B, cube=None),
    ]
    preds = [
        {"status": "ok", **_label(START_W, START_B, cube=cube(64, "centre"))},
        {"status": "ok", **_label(START_W, START_B, cube=cube(None, "white"))},  # unread
        {"status": "ok", **_label(START_W, START_B, cube=cube(4, "centre"))},  # all wrong
        {"status": "ok", **_label(START_W, START_B, cube=None)},  # missed
        {"status": "ok", **_label(START_W, START_B, cube=cube(64, "centre"))},  # false
    ]
    report = evaluate_set(tmp_path, pred_dir=_write_set(tmp_path, labels, preds))
    assert report.cube_location_accuracy == 0.5 and report.cube_elsewhere == 1
    assert report.cube_value_accuracy == pytest.approx(1 / 3) and report.cube_value_wrong == 1
    assert report.cube_false_positives == 1
    assert "(1 elsewhere)" in format_report(report) and "(1 wrong)" in format_report(report)


def test_dice_values_count_wrong_reads_apart_from_unread_ones(tmp_path) -> None:
    def with_die(value):
        lab = _label(START_W, START_B)
        lab["dice"][0]["value"] = value
        return {"status": "ok", **lab}

    labels = [_label(START_W, START_B) for _ in range(3)]  # each a 3
    preds = [with_die(3), with_die(5), with_die(None)]
    report = evaluate_set(tmp_path, pred_dir=_write_set(tmp_path, labels, preds))
    assert report.dice["value_accuracy"] == pytest.approx(1 / 3)
    assert (report.dice["value_wrong"], report.dice["value_unread"]) == (1, 1)
    assert "(1 wrong, 1 unread;" in format_report(report)
