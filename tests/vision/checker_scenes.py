"""Rendered boards the checker tests share (not a test module: pytest collects none)."""

from __future__ import annotations

import numpy as np

from vision.board import find_board_markers, rectify
from vision.checkers import WORK_H, WORK_W, BoardShape, count_checkers, quad_aspect
from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render


def render_scene(
    style: str, position: Position, home: str, seed: int, pair: int = 0, stack: str = "pyramid"
):
    """``position`` rendered seeded in ``style`` with printed markers, white's home ``home``,
    checker pair ``pair``, stacks ``stack``, the camera 75 cm up tilted 6 degrees."""
    spec = SceneSpec(
        style=style,
        stack_mode=stack,
        white_home=home,
        position=position,
        markers=True,
        checker_pair=pair,
        camera=CameraSpec(distance_mm=750, tilt_deg=6.0, tilt_azimuth_deg=200.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.5),
    )
    return render(spec, np.random.default_rng(seed))


def rectified(image):
    """The board found by its markers, rectified: (image, fix, shape, the image's geometry)."""
    from vision.board import BoardGeometry

    fix = find_board_markers(image)
    assert fix is not None
    rect = rectify(image, fix.matrix, WORK_W, WORK_H)
    shape = BoardShape(aspect=quad_aspect(fix.corners))
    h, w = rect.shape[:2]
    geo = BoardGeometry(width=w, height=h, bar_frac=fix.geometry.bar_frac)
    return rect, fix, shape, geo


def count_rendered(image, home: str):
    """``count_checkers`` on the board found by its markers."""
    rect, fix, shape, _ = rectified(image)
    return count_checkers(rect, fix.geometry, home, shape=shape)


def die_lab(board, checker, die, checker_under: bool) -> np.ndarray:
    """A 100 x 100 Lab image of ``board``'s colour, a ``checker``-coloured checker (radius 20)
    at (50, 50) when ``checker_under``, and a ``die``-coloured die's box (44-56) on it."""
    lab = np.empty((100, 100, 3), np.float32)
    lab[:] = board
    if checker_under:
        yy, xx = np.mgrid[:100, :100]
        lab[(xx - 50) ** 2 + (yy - 50) ** 2 <= 20**2] = checker
    lab[44:56, 44:56] = die
    return lab


def dark_bar_geometry():
    """The dark-bar scenes' board and checker diameter."""
    from vision.board import BoardGeometry

    geo = BoardGeometry(width=600, height=490, bar_frac=0.08)
    return geo, 0.9 * geo.point_width
