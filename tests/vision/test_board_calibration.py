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


def test_calibration_refuses_a_frame_without_a_board() -> None:
    noise = np.random.default_rng(3).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    with pytest.raises(CalibrationError, match="no board"):
        calibrate(noise)
