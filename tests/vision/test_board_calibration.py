"""Calibration: JSON round trip, orientation from the starting position, moved-board check."""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np
import pytest

from vision.board import find_board_markers
from vision.calibration import Calibration, CalibrationError, calibrate, calibration_from_fix
from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render


@lru_cache(maxsize=1)
def _start():
    spec = SceneSpec(
        style="walnut",
        white_home="bottom-left",
        position=Position.starting(),
        markers=True,
        camera=CameraSpec(distance_mm=760, tilt_deg=4.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.0),
    )
    return render(spec, np.random.default_rng(51))


def test_json_round_trip(tmp_path) -> None:
    image, _ = _start()
    cal = calibrate(image)
    assert cal.white_home == "bottom-left"
    path = tmp_path / "cal.json"
    cal.save(path)
    again = Calibration.load(path)
    assert again == cal
    assert json.loads(path.read_text())["version"] == 1


def test_malformed_calibration_names_the_file(tmp_path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    with pytest.raises(CalibrationError, match="broken.json"):
        Calibration.load(bad)
    bad.write_text('{"corners": [[0, 0]]}')
    with pytest.raises(CalibrationError, match="broken.json"):
        Calibration.load(bad)


def test_moved_board_is_noticed() -> None:
    image, _ = _start()
    fix = find_board_markers(image)
    assert fix is not None
    cal = calibration_from_fix(image, fix, "bottom-left")
    assert not cal.check_moved(image).moved
    shifted = np.roll(image, (12, 18), axis=(0, 1))
    check = cal.check_moved(shifted)
    assert check.moved and check.shift_px > 10
    assert cal.check_moved(image[:480, :640]).moved  # another camera mode


@pytest.mark.parametrize("turn_deg,zoom", [(1.5, 1.0), (0.0, 1.025), (-1.0, 1.01)])
def test_a_turned_or_zoomed_camera_is_noticed(turn_deg: float, zoom: float) -> None:
    """The whole view barely shifts, but the corners move by 6 px or more."""
    import cv2

    image, _ = _start()
    fix = find_board_markers(image)
    assert fix is not None
    cal = calibration_from_fix(image, fix, "bottom-left")
    h, w = image.shape[:2]
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), turn_deg, zoom)
    moved = cv2.warpAffine(image, turn, (w, h), borderMode=cv2.BORDER_REPLICATE)
    assert cal.check_moved(moved).moved


def test_play_on_the_calibrated_board_is_not_a_move() -> None:
    """Other checkers, dice and a hand on the same board, same camera: not moved."""
    image, _ = _start()
    fix = find_board_markers(image)
    assert fix is not None
    cal = calibration_from_fix(image, fix, "bottom-left")
    white = list(Position.starting().white)
    black = list(Position.starting().black)
    white[5], white[3], white[1] = 3, 1, 1
    black[18], black[15] = 2, 3
    spec = SceneSpec(
        style="walnut",
        white_home="bottom-left",
        position=Position(white=tuple(white), black=tuple(black)),
        markers=True,
        camera=CameraSpec(distance_mm=760, tilt_deg=4.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.0),
    )
    other, labels = render(spec, np.random.default_rng(51))
    assert labels["board"]["corners"] == _start()[1]["board"]["corners"]
    check = cal.check_moved(other)
    assert not check.moved and check.shift_px < 3.0
    hand = other.copy()
    hand[250:560, 380:700] = (60, 90, 170)  # a sleeve over the middle of the board
    assert not cal.check_moved(hand).moved


def test_calibration_refuses_a_frame_without_a_board() -> None:
    noise = np.random.default_rng(3).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    with pytest.raises(CalibrationError, match="no board"):
        calibrate(noise)
