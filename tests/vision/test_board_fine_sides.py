"""The found quad's sides are moved onto the playing area's edge at full resolution
(board.fine_sides)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import BoardGeometry, homography_for, order_corners, rectify
from vision.board.fine_sides import edge_shift, fine_sides
from vision.checkers import CheckerCounts, count_checkers


def _grown(quad: np.ndarray, px: float) -> np.ndarray:
    """``quad`` with every side moved ``px`` outward (corners along their diagonals)."""
    centre = quad.mean(axis=0)
    out = []
    for k in range(4):
        a, b, c = quad[k - 1], quad[k], quad[(k + 1) % 4]
        n1 = np.array([-(b - a)[1], (b - a)[0]]) / np.linalg.norm(b - a)
        n2 = np.array([-(c - b)[1], (c - b)[0]]) / np.linalg.norm(c - b)
        n1 = n1 if np.dot(n1, (a + b) / 2 - centre) > 0 else -n1
        n2 = n2 if np.dot(n2, (b + c) / 2 - centre) > 0 else -n2
        out.append(b + px * (n1 + n2))
    return np.array(out)


@pytest.mark.parametrize(
    "style,seed,within",
    [("paper", 5, 1.0), ("black_red", 2, 1.0), ("tournament_green", 3, 2.0), ("dark", 6, 2.0)],
)
def test_fine_sides_move_a_quad_found_outside_onto_the_edge(
    style: str, seed: int, within: float
) -> None:
    """As the search leaves it: 3 px outside the playing area on every side. Each corner
    coordinate ends nearer the label on the mean (a side whose samples do not agree stays)."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    found = _grown(true, 3.0)
    after = float(np.abs(fine_sides(image, found) - true).mean())
    assert after < within < float(np.abs(found - true).mean())


def test_fine_sides_leave_a_quad_with_no_edge_near_it() -> None:
    """A plain grey picture: no side's samples agree, the quad stays as it was."""
    grey = np.full((480, 640), 128, np.uint8)
    quad = np.array([[100.0, 80.0], [540.0, 90.0], [530.0, 400.0], [110.0, 390.0]])
    assert np.array_equal(fine_sides(grey, quad), quad)


@pytest.mark.parametrize("style,seed", [("paper", 5), ("black_red", 2)])
def test_edge_shift_tells_the_counts_the_quad_lies_outside(style: str, seed: int) -> None:
    """A quad 3 px outside: its long sides' shift is measured, and the counts read on it are
    the same with the shift told, only their confidences nearer the labelled quad's."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    found = _grown(true, 3.0)
    height = float(np.linalg.norm(true[3] - true[0]) + np.linalg.norm(true[2] - true[1])) / 2
    top, bottom = edge_shift(image, found)
    assert 2.0 / height < top < 4.5 / height
    assert 2.0 / height < bottom < 4.5 / height
    home = labels["board"]["white_home"]

    def counts(quad: np.ndarray, shift: tuple[float, float]) -> CheckerCounts:
        rect = rectify(image, homography_for(quad))
        return count_checkers(rect, BoardGeometry(), home, edge_shift=shift)

    plain, told, given = (
        counts(found, (0.0, 0.0)),
        counts(found, (top, bottom)),
        counts(true, (0.0, 0.0)),
    )
    assert (told.white, told.black) == (plain.white, plain.black)

    def gap(c: CheckerCounts) -> float:
        pairs = zip(c.point_confidence, given.point_confidence, strict=True)
        return sum(abs(a - b) for a, b in pairs)

    assert gap(told) <= gap(plain)
