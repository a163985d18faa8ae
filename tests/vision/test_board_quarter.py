"""A quarter of the board taken for the whole is grown back to the whole (board.quarter)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import order_corners
from vision.board.frame import _middle_ratio, _polish
from vision.board.geometry import search_view
from vision.board.layout import FastFit, layout_fit
from vision.board.quarter import QUARTER_MIDDLE, whole_board


def _quarter(quad: np.ndarray, bar: float) -> np.ndarray:
    """The top-left quarter of a playing area: its left half's six points, base to middle."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    half = (1 - bar) / 2
    part = np.array([[[0, 0], [half, 0], [half, 0.5], [0, 0.5]]], np.float32)
    out: np.ndarray = cv2.perspectiveTransform(part, to_image)[0].astype(np.float64)
    return out


def _grown(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, float, float] | None:
    small, grey, scale = search_view(image)
    fast = FastFit(small)
    fit, _ = layout_fit(small, quad * scale)
    fit *= 0.5 if _middle_ratio(grey, quad * scale) > 0.75 else 1.0  # as the search halves it

    def polish(q: np.ndarray, f: float, b: float) -> tuple[np.ndarray, float, float]:
        return _polish(grey, small, fast, q, f, b)

    grown = whole_board(grey, small, fast, quad * scale, fit, _middle_ratio, polish)
    return None if grown is None else (grown[0] / scale, grown[1], grown[2])


@pytest.mark.parametrize("style,seed", [("black_red", 2), ("tournament_green", 3)])
def test_a_quarter_of_the_board_is_grown_to_the_whole(style: str, seed: int) -> None:
    """As IMG_65061: the search's quad held one row of six triangles, base to middle."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    quarter = _quarter(true, bar)
    _, grey, scale = search_view(image)
    assert _middle_ratio(grey, quarter * scale) >= QUARTER_MIDDLE
    grown = _grown(image, quarter)
    assert grown is not None
    column = float(np.linalg.norm(true[1] - true[0])) / 13
    assert float(np.max(np.linalg.norm(order_corners(grown[0]) - true, axis=1))) < 0.25 * column


@pytest.mark.parametrize("style,seed", [("black_red", 2), ("dark", 6)])
def test_a_whole_board_is_no_quarter(style: str, seed: int) -> None:
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    assert _grown(image, true) is None
