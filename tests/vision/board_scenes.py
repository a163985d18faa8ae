"""Rendered boards the board-finding tests share (not a test module: pytest collects none)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render
from vision.synth.sets import SETS, numbered


@lru_cache(maxsize=16)
def starting_scene(
    style: str, seed: int, tilt_deg: float = 6.0, markers: bool = False
) -> tuple[np.ndarray, dict]:
    """The starting position, the camera 75 cm up and tilted ``tilt_deg``; printed corner
    markers when ``markers``."""
    spec = SceneSpec(
        style=style,
        white_home="bottom-right",
        position=Position.starting(),
        markers=markers,
        camera=CameraSpec(distance_mm=750, tilt_deg=tilt_deg, tilt_azimuth_deg=30.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.0),
    )
    return render(spec, np.random.default_rng(seed))


def train_render(index: int, n_dice: int | None = None) -> tuple[np.ndarray, dict]:
    """``scripts/render-synthetic --set train``'s image ``index + 1`` (seed 3000), through the
    JPEG the set is saved as (``n_dice``: its ``--dice``)."""
    seed, _, weights = SETS["train"]
    image, labels = numbered(seed, index, render, weights, n_dice)
    _, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), labels
