"""A corner half a point off: its half row of points found off, and the corner slid back."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import order_corners
from vision.board.columns import OFF_COLUMNS, columns_off, slide_corner
from vision.board.geometry import search_view
from vision.board.layout import layout_fit


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
@pytest.mark.parametrize("corner,toward,where", [(3, 2, "bottom left"), (1, 0, "top right")])
def test_a_corner_half_a_column_off_is_slid_back(
    style: str, seed: int, corner: int, toward: int, where: str
) -> None:
    """The labelled quad with one corner moved 0.55 of a point column along its long side,
    inwards: that half row is found off, and the slide puts the corner back within a
    fifth of a column. The labelled quad is left alone."""
    image, labels = starting_scene(style, seed)
    small, grey, scale = search_view(image)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64)) * scale
    fit, bar = layout_fit(small, true)
    assert slide_corner(small, grey, true, fit, bar) is None
    column = (1 - bar) / 12
    off = true.copy()
    off[corner] += 0.55 * column * (true[toward] - true[corner])
    fit_off, bar_off = layout_fit(small, off)
    assert columns_off(grey, off, bar_off) >= (OFF_COLUMNS, where)
    slid = slide_corner(small, grey, off, fit_off, bar_off)
    assert slid is not None
    quad, fit_slid, _ = slid
    assert fit_slid > fit_off
    width = np.linalg.norm(true[1] - true[0])
    assert np.linalg.norm(quad[corner] - true[corner]) < 0.2 * column * width
    assert np.allclose(np.delete(quad, corner, axis=0), np.delete(true, corner, axis=0))
