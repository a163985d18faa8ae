"""One corner of the found quad off, the other three right: it is moved back onto the
playing area's edge (board.corner_mend)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from tests.vision.test_board_fine_sides import _grown
from vision.board import order_corners
from vision.board.corner_mend import mend_corner


def _found(style: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The scene and its labelled quad as the search leaves it: 3 px outside on every side."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    return image, _grown(true, 3.0)


@pytest.mark.parametrize(
    "style,seed,corner,off",
    [
        ("tournament_green", 3, 1, (0.0, 20.0)),
        ("dark", 6, 1, (0.0, 20.0)),
        ("light", 4, 3, (-18.0, 0.0)),
        ("tournament_green", 3, 3, (-18.0, 0.0)),
    ],
)
def test_mend_corner_moves_the_one_corner_off_back_onto_the_edge(
    style: str, seed: int, corner: int, off: tuple[float, float]
) -> None:
    """A corner 18-20 px off (across its long side or along it) ends within 5 px of where
    the search puts a right one; the other corners stay."""
    image, found = _found(style, seed)
    skewed = found.copy()
    skewed[corner] += off
    mended = mend_corner(image, skewed)
    assert float(np.linalg.norm(mended[corner] - found[corner])) < 5.0
    others = [k for k in range(4) if k != corner]
    assert np.array_equal(mended[others], skewed[others])


@pytest.mark.parametrize("style,seed", [("paper", 5), ("black_red", 2), ("dark", 6)])
def test_mend_corner_leaves_a_right_quad_and_one_shifted_whole(style: str, seed: int) -> None:
    """No corner off: nothing moves; the whole quad 20 px off: no corner's two sides pivot
    onto the edge, nothing moves either."""
    image, found = _found(style, seed)
    assert np.array_equal(mend_corner(image, found), found)
    shifted = found + np.array([20.0, 0.0])
    assert np.array_equal(mend_corner(image, shifted), shifted)
