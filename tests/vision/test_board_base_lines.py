"""A long side off the field's edge is moved onto the line the points' bases agree on
(vision.board.bases.base_lines); a side already on them stays."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene, train_render
from vision.board import bases, find_board_frame, order_corners
from vision.board.bases import MOVE, base_line, base_lines, column_bases
from vision.board.fine_sides import side_on_edge
from vision.board.layout import layout_fit


def _point_error(quad: np.ndarray, true: np.ndarray) -> float:
    """The largest corner distance in point widths (13 to the playing area's width)."""
    q, t = order_corners(quad), order_corners(true)
    width = (np.linalg.norm(t[1] - t[0]) + np.linalg.norm(t[2] - t[3])) / 2
    return float(np.max(np.linalg.norm(q - t, axis=1)) / (width / 13))


@pytest.mark.parametrize("style", ["walnut", "black_red", "tournament_green", "dark", "fm_beige"])
def test_a_labelled_quad_stays(style: str) -> None:
    """On a starting scene's labelled quad no bases' line lies MOVE from a side (or the bases
    do not agree): nothing moves."""
    image, labels = starting_scene(style, 3)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    bar = layout_fit(image, true)[1]
    for top in (True, False):
        xs, ys = column_bases(image, true, bar, top)
        line = base_line(xs, ys)
        assert line is None or max(abs(line[0]), abs(line[1])) < MOVE
    assert base_lines(image, true, bar) is None


@pytest.mark.parametrize("corner", [0, 1, 2, 3])
@pytest.mark.parametrize("out", [1.0, -1.0])
def test_a_long_side_off_at_one_end_is_moved_onto_the_bases(corner: int, out: float) -> None:
    """The labelled quad with one corner moved 20 px off the long side (outward or inward):
    the side is moved back onto its bases, the corner within 4 px of the label."""
    image, labels = starting_scene("black_red", 3)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    bar = layout_fit(image, true)[1]
    quad = true.copy()
    down = (true[3] - true[0]) / np.linalg.norm(true[3] - true[0])
    quad[corner] += out * (-20.0 if corner in (0, 1) else 20.0) * down
    moved = base_lines(image, quad, bar)
    assert moved is not None
    assert np.linalg.norm(moved[corner] - true[corner]) < 4.0


def test_a_dark_board_found_a_long_side_off_is_found_on_its_bases() -> None:
    """Train render IMG_77786 (session 32's own set, found 0.46 point off): the search put
    the top side about 30 px below the field's edge; its bases put it back within 0.15 point."""
    image, labels = train_render(77785)
    fix = find_board_frame(image)
    assert fix is not None
    true = np.asarray(labels["board"]["corners"], np.float64)
    assert _point_error(np.asarray(fix.corners), true) < 0.15


@pytest.mark.parametrize("style", ["walnut", "dark"])
def test_a_side_on_the_field_edge_stays_though_its_bases_lie_elsewhere(
    style: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where ``fine_sides`` finds the field's edge along a side (the labelled quad's), the edge
    places it: bases read 15 px in (a shadow, a checker's rim) move no side; the same bases
    move a side that lies on no edge."""
    image, labels = starting_scene(style, 3)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    bar = layout_fit(image, true)[1]
    monkeypatch.setattr(bases, "base_line", lambda xs, ys: (15.0, 15.0))
    assert side_on_edge(image, true, 0) and side_on_edge(image, true, 2)
    assert base_lines(image, true, bar) is None
    monkeypatch.setattr(bases, "side_on_edge", lambda image, quad, k: False)
    assert base_lines(image, true, bar) is not None
