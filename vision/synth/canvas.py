"""The renderer's canvas: fixed-point drawing (``_i`` with ``_SHIFT`` fractional bits), the
padding around the picture, the scene's light and a scene drawn up to its hand
(``Prepared``); shared by ``vision.synth.renderer`` and ``vision.synth.hand``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .camera import Camera
from .layout import Layout
from .spec import SceneSpec

PAD = 64
_SHIFT = 4
_ONE = 1 << _SHIFT


@dataclass
class _Light:
    direction: np.ndarray  # unit vector toward the light
    ambient: float
    lamp: np.ndarray  # a point lamp position for glare
    glare: float

    def shade(self, normal: np.ndarray) -> float:
        return self.ambient + (1 - self.ambient) * max(0.0, float(normal @ self.direction))


@dataclass
class Prepared:
    """A scene drawn up to (not including) the hand and the camera defects."""

    spec: SceneSpec
    layout: Layout
    canvas: np.ndarray  # padded pinhole canvas, uint8 BGR
    board_mask: np.ndarray  # padded canvas mask of the board top
    cam: Camera
    light: _Light
    labels: dict[str, Any]


def _i(pts: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(pts) * _ONE).astype(np.int32)
