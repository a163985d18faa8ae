"""vision.cocked_view: the camera recovered from the board's corners predicts how a flat die
shows anywhere in the image (checked against the renderer's own pinhole camera)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cocked_view import FOCAL_PRIOR, CameraView
from vision.synth.camera import Camera

W_MM, H_MM, DIE_MM = 530.0, 440.0, 15.0
SPOTS = [(40.0, 40.0), (490.0, 60.0), (265.0, 220.0), (90.0, 410.0), (505.0, 400.0)]


def _scene(tilt: float, seed: int, focal: float = FOCAL_PRIOR * 1280) -> tuple[Camera, CameraView]:
    rng = np.random.default_rng(seed)
    cam = Camera.from_pose(
        distance=float(rng.uniform(500, 900)),
        tilt_deg=tilt,
        tilt_azimuth_deg=float(rng.uniform(0, 360)),
        roll_deg=float(rng.uniform(-3, 3)),
        focal_px=focal,
        target=(W_MM / 2, H_MM / 2),
        size=(1280, 960),
    )
    box = [[0, 0, 0], [W_MM, 0, 0], [W_MM, H_MM, 0], [0, H_MM, 0]]
    c = cam.project_pinhole(np.array(box, float))
    board_w = float(np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    return cam, CameraView.from_corners(c, (1280, 960), board_w * DIE_MM / W_MM)


@pytest.mark.parametrize("tilt, seed", [(0.0, 6), (4.0, 1), (8.0, 2), (12.0, 3), (15.0, 4)])
def test_tilted_camera_is_recovered(tilt: float, seed: int) -> None:
    """With the lens as assumed, the pose of a tilted camera is recovered exactly."""
    cam, view = _scene(tilt, seed)
    assert view.focal == pytest.approx(cam.focal, rel=0.02)
    for x, y in SPOTS:
        top = cam.project_pinhole([[x, y, -DIE_MM]])[0]
        bottom = cam.project_pinhole([[x, y, 0.0]])[0]
        side = cam.project_pinhole([[x + DIE_MM, y, -DIE_MM]])[0] - top
        d = view.at((float(top[0]), float(top[1])))
        assert np.linalg.norm(d.down - (bottom - top)) < 0.1 + 0.02 * np.linalg.norm(bottom - top)
        assert np.linalg.norm(d.lin[:, 0] - side) < 0.03 * np.linalg.norm(side)


def test_straight_camera_falls_back_on_the_prior() -> None:
    """Looking straight down, a plane says nothing of the focal length: the prior is kept and
    the side faces still point toward the image centre."""
    cam, view = _scene(0.0, 5, focal=1500.0)
    assert view.focal == pytest.approx(FOCAL_PRIOR * 1280, rel=0.05)
    for x, y in SPOTS:
        top = cam.project_pinhole([[x, y, -DIE_MM]])[0]
        d = view.at((float(top[0]), float(top[1])))
        to_centre = np.array([640.0, 480.0]) - top
        if np.linalg.norm(to_centre) > 50:
            cos = d.down @ to_centre / (np.linalg.norm(d.down) * np.linalg.norm(to_centre))
            assert cos > 0.99


def test_lean_grows_away_from_below_the_camera() -> None:
    view = CameraView.straight_down((1280, 960), 30.0)
    leans = [np.linalg.norm(view.at((640.0 + dx, 480.0)).lean) for dx in (0, 100, 300, 600)]
    assert leans[0] == pytest.approx(0.0, abs=1e-9) and np.all(np.diff(leans) > 0)
