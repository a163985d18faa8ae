"""A found quad with a corner a column off along a long side leans the bar (board.bar_tilt)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import order_corners
from vision.board.bar_tilt import bar_lean
from vision.board.geometry import make_fix, search_view
from vision.board.layout import layout_fit
from vision.board.trust import board_doubt


def _corners_moved(quad: np.ndarray, top_right: float, bottom_right: float) -> np.ndarray:
    """The quad with its top-right and bottom-right corners moved outwards along their long
    sides by these shares of its width (in board coordinates, so along the perspective)."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    wide = np.array([[[0, 0], [1 + top_right, 0], [1 + bottom_right, 1], [0, 1]]], np.float32)
    moved: np.ndarray = cv2.perspectiveTransform(wide, to_image)[0].astype(np.float64)
    return moved


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_the_true_quad_has_an_upright_bar(style: str, seed: int) -> None:
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, grey, scale = search_view(image)
    assert bar_lean(grey, true * scale) == 0.0


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2)])
def test_a_corner_a_column_in_leans_the_bar_and_is_doubted(style: str, seed: int) -> None:
    """As ck25 IMG_52534: the bottom-right corner a point column in along the bottom side, the
    top-right a third of one out; the bar, upright through the true quad, leans."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    column = (1 - bar) / 12
    bent = _corners_moved(true, column / 3, -column)
    _, grey, scale = search_view(image)
    lean = bar_lean(grey, bent * scale)
    assert abs(lean) > 0.3
    fit, bar_bent = layout_fit(image, bent)
    assert board_doubt(image, make_fix(bent, "frame", fit, bar_bent, 1.0))


def test_a_board_with_no_bar_edges_says_nothing() -> None:
    """A plain board: no pair of edges, upright or leaning, is no sign of a bent quad."""
    board = np.full((360, 480), 120, np.uint8)
    quad = np.array([[0, 0], [479, 0], [479, 359], [0, 359]], np.float64)
    assert bar_lean(board, quad) == 0.0


def test_a_leaning_bar_is_measured() -> None:
    """A drawn bar whose edges run 24 px right from top to bottom of the canonical view."""
    board = np.full((360, 480), 150, np.uint8)
    for y in range(360):
        x = 228 + int(round(24 * (y / 360 - 0.5)))
        board[y, x - 18 : x + 18] = 60
    quad = np.array([[0, 0], [479, 0], [479, 359], [0, 359]], np.float64)
    assert bar_lean(board, quad) == pytest.approx(24 / 40, abs=0.11)
