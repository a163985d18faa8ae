"""A found quad a column over shows the bar off its middle (vision.board.bar_place)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from tests.vision.test_board_trust import _moved_sides
from vision.board import order_corners
from vision.board.bar_place import bar_shift
from vision.board.geometry import make_fix, search_view
from vision.board.layout import layout_fit
from vision.board.trust import board_doubt


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_the_true_quad_has_its_bar_in_the_middle(style: str, seed: int) -> None:
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    _, grey, scale = search_view(image)
    assert bar_shift(grey, true * scale, bar) == 0.0


@pytest.mark.parametrize("seed", [2, 5])
def test_a_quad_a_column_right_with_the_bar_off_its_middle_is_doubted(seed: int) -> None:
    """A brown board with a brown bar (as /tmp/unseen34 IMG_44288), its labelled quad moved a
    point column right: the columns line up, no side is a column short and moving it back
    does not fit clearly better, but the bar is seen a column left of the quad's middle."""
    image, labels = starting_scene("walnut", seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    column = (1 - bar) / 12
    moved = _moved_sides(true, -column, column)
    fit, bar_moved = layout_fit(image, moved)
    _, grey, scale = search_view(image)
    assert bar_shift(grey, moved * scale, bar_moved) == pytest.approx(-1.0, abs=0.2)
    doubt = board_doubt(image, make_fix(moved, "frame", fit, bar_moved, 1.0))
    assert "the bar is seen 1.0 point columns off" in doubt


def test_a_plain_middle_says_nothing_of_the_bar() -> None:
    """A bar a column right of a plain middle (no triangles there) is no sign of a shift."""
    board = np.full((360, 480), 120, np.uint8)
    board[:, 300:340] = 60
    quad = np.array([[0, 0], [479, 0], [479, 359], [0, 359]], np.float64)
    assert bar_shift(board, quad, 0.08) == 0.0


PAPER = Path(__file__).resolve().parents[2] / ".." / "shared" / "photos" / "board_paper_webcam"


@pytest.mark.parametrize("name", ["minta_01", "minta_15"])
def test_a_real_paper_board_without_a_bar_keeps_its_true_quad(name: str) -> None:
    """The paper webcam board has no bar; a strong pair of edges half a column off its
    middle is no bar a column over."""
    path = PAPER / f"{name}.jpg"
    if not path.exists():
        pytest.skip("real photos not present")
    image = cv2.imread(str(path))
    assert image is not None
    labels = json.loads(path.with_suffix(".json").read_text())
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    _, grey, scale = search_view(image)
    assert bar_shift(grey, true * scale, bar) == 0.0
