"""The DATASET.md labels of a rendered scene, from its spec, its layout and its camera; split
from ``vision.synth.renderer`` for size (``vision.synth.hand.hand_occlusion`` then edits them
for what a hand hides).

Usage::

    >>> import numpy as np
    >>> from vision.synth import random_scene
    >>> from vision.synth.layout import layout_scene
    >>> spec = random_scene(np.random.default_rng(3))
    >>> lay = layout_scene(spec, np.random.default_rng(4))
    >>> sorted(make_labels(spec, lay, spec.camera_model()))
    ['board', 'cube', 'dice', 'notes']
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .camera import Camera
from .layout import Layout
from .spec import SceneSpec


def make_labels(spec: SceneSpec, lay: Layout, cam: Camera) -> dict[str, Any]:
    """DATASET.md labels for the final (distorted, unpadded) image."""
    g = spec.geometry
    corners = cam.project([[x, y, 0.0] for x, y in g.play_corners()])
    board: dict[str, object] = {
        "corners": [[round(float(u), 1), round(float(v), 1)] for u, v in corners]
    }
    board.update(spec.position.label())
    board["white_home"] = spec.white_home
    w, h = spec.size
    dice = []
    for b in lay.dice:
        uv = cam.project(b.vertices())
        x0, y0 = np.floor(uv.min(axis=0))
        x1, y1 = np.ceil(uv.max(axis=0))
        box = [int(max(x0, 0)), int(max(y0, 0)), int(min(x1, w - 1)), int(min(y1, h - 1))]
        dice.append({"value": int(b.faces[0]), "bbox": box, "state": b.state, "zone": b.zone})
    labels: dict[str, Any] = {"board": board, "dice": dice}
    # A cube in a tray can lie outside the picture: DATASET.md labels what is not visible null.
    cube = spec.cube
    if cube is not None and lay.cube is not None and cam.in_view(lay.cube.vertices()):
        labels["cube"] = {"value": cube.value, "location": cube.location}
    else:
        labels["cube"] = None
    cam_s = spec.camera
    labels["notes"] = (
        f"synthetic: style={spec.style} markers={'yes' if spec.markers else 'no'} "
        f"stack={spec.stack_mode} table={spec.table} distance={cam_s.distance_mm:.0f}mm "
        f"tilt={cam_s.tilt_deg:.1f}deg focal={cam_s.focal_px:.0f}px"
    )
    return labels
