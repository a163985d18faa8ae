"""Synthetic overhead photos of a backgammon board with exact DATASET.md labels.

Usage::

    >>> import numpy as np
    >>> from vision.synth import random_scene, render
    >>> rng = np.random.default_rng(0)
    >>> spec = random_scene(rng, style="tournament_green", white_home="bottom-right")
    >>> image, labels = render(spec, rng)          # BGR uint8 (960, 1280, 3), dict
    >>> labels["board"]["white_home"]
    'bottom-right'

``board_geometry(spec)`` returns the BoardGeometry (mm layout, point/zone mapping) a spec uses;
``marker_layout(geometry)`` where the ArUco stickers (DICT_4X4_50, ids 0-3 clockwise from
top-left) sit on the frame relative to the playing area (they are on the raised frame,
``frame_height`` mm above the playing surface); ``motion_sequence`` renders a hand entering,
moving, leaving, then still frames.
"""

from __future__ import annotations

from .geometry import WHITE_HOMES, ZONES, BoardGeometry
from .motion import MotionFrame, motion_sequence
from .positions import Position, random_position
from .renderer import render
from .spec import (
    CameraSpec,
    CubeSpec,
    DieSpec,
    HandSpec,
    LightingSpec,
    SceneSpec,
    random_scene,
)
from .styles import STYLES, TABLES
from .textures import marker_layout


def board_geometry(spec: SceneSpec | None = None) -> BoardGeometry:
    """The canonical board layout (mm) of ``spec``, or the default board when None.

    >>> board_geometry().point_cell(23, "bottom-right")   # white's 24 point: top-right
    (11, True)
    """
    return spec.geometry if spec is not None else BoardGeometry()


__all__ = [
    "STYLES",
    "TABLES",
    "WHITE_HOMES",
    "ZONES",
    "BoardGeometry",
    "CameraSpec",
    "CubeSpec",
    "DieSpec",
    "HandSpec",
    "LightingSpec",
    "MotionFrame",
    "Position",
    "SceneSpec",
    "board_geometry",
    "marker_layout",
    "motion_sequence",
    "random_position",
    "random_scene",
    "render",
]
