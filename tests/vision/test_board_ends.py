"""Where the board ends: a quad a point column off at an end is moved back (vision.board.ends)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import order_corners
from vision.board.ends import column_moved, move_ends, ruled_out
from vision.board.geometry import search_view
from vision.board.layout import layout_fit

STYLES = [("tournament_green", 3), ("walnut", 2), ("dark", 6)]


def _views(style: str, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """(working view, its grey, the labelled quad in it, the labelled quad's bar fraction)."""
    image, labels = starting_scene(style, seed)
    small, grey, scale = search_view(image)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64)) * scale
    return small, grey, true, layout_fit(small, true)[1]


def _point_error(quad: np.ndarray, true: np.ndarray) -> float:
    """The largest corner distance in point widths (13 to the playing area's width)."""
    width = (np.linalg.norm(true[1] - true[0]) + np.linalg.norm(true[2] - true[3])) / 2
    return float(np.max(np.linalg.norm(quad - true, axis=1)) / (width / 13))


@pytest.mark.parametrize("style,seed", STYLES)
def test_the_labelled_quad_is_not_moved(style: str, seed: int) -> None:
    small, grey, true, bar = _views(style, seed)
    assert move_ends(grey, small, true, bar) is None


@pytest.mark.parametrize("style,seed", STYLES)
@pytest.mark.parametrize("left,right", [(1, 1), (-1, -1), (0, -1), (1, 0)])
def test_a_quad_a_column_off_at_an_end_is_moved_back(
    style: str, seed: int, left: int, right: int
) -> None:
    """Shifted a column either way, or a side a column in: the layout fits the moved quad
    about as well as the labelled one, but a short side lies on the points or inside the frame;
    the search moves it back onto the board."""
    small, grey, true, bar = _views(style, seed)
    off = column_moved(true, bar, left, right)
    assert _point_error(off, true) > 0.9
    moved = move_ends(grey, small, off, bar)
    assert moved is not None
    assert _point_error(moved[0], true) < 0.25


@pytest.mark.parametrize("style,seed", STYLES)
def test_a_rival_a_column_over_is_ruled_out_by_the_frame(style: str, seed: int) -> None:
    """The search's margin does not count a rival placement a column over: its short sides
    lie on the points and inside the frame. The board itself is no such rival to them."""
    small, grey, true, bar = _views(style, seed)
    for shift in (-1, 1):
        over = column_moved(true, bar, shift, shift)
        assert ruled_out(grey, true, over)
        assert not ruled_out(grey, over, true)


@pytest.mark.parametrize("style,seed", STYLES)
def test_the_picture_itself_is_no_rival(style: str, seed: int) -> None:
    """The picture's edges (a search candidate) have nothing seen outside them: no placement
    the board could have beside one found inside the picture."""
    _, grey, true, _ = _views(style, seed)
    h, w = grey.shape[:2]
    picture = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float64)
    assert ruled_out(grey, true, picture)
