"""The found quad's sides are moved onto the playing area's edge at full resolution
(board.fine_sides)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import BoardGeometry, homography_for, order_corners, rectify
from vision.board.fine_sides import edge_ends, fine_sides, quad_shift, shift_at
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


def _side_means(ends: tuple[float, float, float, float]) -> tuple[float, float]:
    """One shift a side (top, bottom): each side's two ends' mean, as session 31 stored it."""
    tl, tr, bl, br = ends
    return (tl + tr) / 2, (bl + br) / 2


@pytest.mark.parametrize("style,seed", [("paper", 5), ("black_red", 2)])
def test_edge_shift_tells_the_counts_the_quad_lies_outside(style: str, seed: int) -> None:
    """A quad 3 px outside: its long sides' shift is measured, and the counts read on it are
    the same with the shift told, only their confidences nearer the labelled quad's."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    found = _grown(true, 3.0)
    height = float(np.linalg.norm(true[3] - true[0]) + np.linalg.norm(true[2] - true[1])) / 2
    top, bottom = _side_means(edge_ends(image, found))
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


def _slanted(quad: np.ndarray, left: float, right: float) -> np.ndarray:
    """``quad`` with its long sides moved outward (along y) by ``left`` px at the left end and
    ``right`` px at the right: a found side a little slanted against the edge."""
    out = np.array(quad, np.float64)
    out[0, 1] -= left
    out[1, 1] -= right
    out[3, 1] += left
    out[2, 1] += right
    return out


@pytest.mark.parametrize("style,seed", [("paper", 5), ("black_red", 2)])
def test_edge_ends_tell_each_end_of_a_slanted_side(style: str, seed: int) -> None:
    """A quad 6 px outside at its left end and on the edge at its right: each end's shift is
    measured, and the counts read on it are the same told the ends, their confidences no
    farther from the labelled quad's than told one mean shift a side."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    found = _slanted(true, 6.0, 0.0)
    height = float(np.linalg.norm(true[3] - true[0]) + np.linalg.norm(true[2] - true[1])) / 2
    tl, tr, bl, br = edge_ends(image, found)
    assert min(tl, bl) > 4.0 / height
    assert max(abs(tr), abs(br)) < 2.0 / height
    assert shift_at((tl, tr, bl, br), True, 0.5) == pytest.approx((tl + tr) / 2)
    home = labels["board"]["white_home"]

    def counts(quad: np.ndarray, shift: tuple[float, ...]) -> CheckerCounts:
        rect = rectify(image, homography_for(quad))
        return count_checkers(rect, BoardGeometry(), home, edge_shift=shift)

    given = counts(true, (0.0, 0.0))
    means = counts(found, _side_means(edge_ends(image, found)))
    ends = counts(found, (tl, tr, bl, br))
    assert (ends.white, ends.black) == (means.white, means.black)

    def gap(c: CheckerCounts) -> float:
        pairs = zip(c.point_confidence, given.point_confidence, strict=True)
        return sum(abs(a - b) for a, b in pairs)

    assert gap(ends) <= gap(means)


def test_quad_shift_measures_marker_quads_not_labelled_ones() -> None:
    """A quad from the printed markers lies outside the playing area as the search's does
    (renders: 3-4 px a side), so its shift is measured; a labelled quad is on the edge."""
    image, labels = starting_scene("paper", 5)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    found = _grown(true, 3.0)
    assert quad_shift(image, found, "markers") == quad_shift(image, found, "frame")
    assert min(quad_shift(image, found, "markers") or (0.0,)) > 0.0
    assert quad_shift(image, found, "labels") is None
