"""Board finding on rendered scenes (markers and marker-free), geometry and orientation."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene, train_render
from vision.board import (
    BoardGeometry,
    detect_markers,
    find_board,
    find_board_frame,
    find_board_markers,
    layout_fit,
    order_corners,
)


def _scene(style: str, markers: bool, seed: int, tilt: float = 0.0):
    return starting_scene(style, seed, tilt_deg=tilt, markers=markers)


def _corner_error(found, labels) -> float:
    return float(np.abs(np.asarray(found) - np.asarray(labels["board"]["corners"])).max())


def _board_width(labels) -> float:
    c = np.asarray(labels["board"]["corners"])
    return float(np.linalg.norm(c[1] - c[0]))


@pytest.mark.parametrize("style,seed", [("tournament_green", 1), ("walnut", 2)])
def test_markers_give_exact_corners(style: str, seed: int) -> None:
    image, labels = _scene(style, True, seed, tilt=8.0)
    fix = find_board_markers(image)
    assert fix is not None and fix.method == "markers"
    assert _corner_error(fix.corners, labels) < 0.01 * _board_width(labels)


def test_a_guessed_corner_that_does_not_line_up_is_doubted() -> None:
    """A hidden marker's corner is guessed from the other three; where the columns then line
    up worse than the search takes a board from (here: the playing area painted over), the fix has
    margin 0 and trust doubts it. With all four markers the corners are exact and trusted."""
    from vision.board.trust import board_doubt

    image, labels = _scene("walnut", True, 7, tilt=12.0)
    flat = image.copy()  # the playing area painted over: nothing for the columns to meet
    cv2.fillConvexPoly(flat, np.asarray(labels["board"]["corners"], np.int32), (90, 110, 130))
    four = find_board_markers(flat)
    assert four is not None and four.margin == 1.0 and board_doubt(flat, four) == ""
    c = detect_markers(flat)[2]
    hidden = (c.mean(axis=0) + 1.6 * (c - c.mean(axis=0))).astype(np.int32)
    cv2.fillConvexPoly(flat, hidden, (60, 60, 60))
    assert len(detect_markers(flat)) == 3
    three = find_board_markers(flat)
    assert three is not None and three.margin == 0.0
    assert "corner marker is hidden" in board_doubt(flat, three)
    # The same hidden marker on the board as it is: the guess lines up, nothing doubted.
    image = image.copy()
    cv2.fillConvexPoly(image, hidden, (60, 60, 60))
    seen = find_board_markers(image)
    assert seen is not None and seen.margin == 1.0 and board_doubt(image, seen) == ""


def test_a_guessed_corner_whose_half_row_is_off_is_doubted() -> None:
    """/tmp/unseen16 IMG_20247 (train seed, image 20247): a dark board's top-left marker is not
    seen, and its corner is guessed nearly a point off; the whole board's columns still line up
    past MIN_PATTERN_SCORE (the guess's half row alone is off), so only the half-row test
    (columns_off) tells: margin 0, doubted."""
    from vision.board.layout import MIN_PATTERN_SCORE
    from vision.board.trust import board_doubt

    image, labels = train_render(20246)
    assert len(detect_markers(image)) == 3
    fix = find_board_markers(image)
    assert fix is not None and fix.score >= MIN_PATTERN_SCORE
    assert _corner_error(fix.corners, labels) > 0.5 * _board_width(labels) / 13
    assert fix.margin == 0.0
    assert "corner marker is hidden" in board_doubt(image, fix)


@pytest.mark.parametrize("index", [33584, 33297])
def test_a_guessed_corner_pulling_a_long_side_onto_the_points_is_doubted(index: int) -> None:
    """Train renders IMG_33585 and IMG_33298 (a helper's range): a light board's hidden
    marker's corner guessed 1.56 and 1.15 points off lines up past both the pattern and the
    half-row tests, but pulls a long side (or half of one) across the points (trusted before,
    a count believed wrong): margin 0, doubted."""
    from vision.board.trust import board_doubt

    image, labels = train_render(index)
    assert len(detect_markers(image)) == 3
    fix = find_board_markers(image)
    assert fix is not None
    assert _corner_error(fix.corners, labels) > _board_width(labels) / 13
    assert fix.margin == 0.0
    assert "corner marker is hidden" in board_doubt(image, fix)


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("black_red", 4)])
def test_marker_free_finds_the_playing_area(style: str, seed: int) -> None:
    image, labels = _scene(style, False, seed)
    assert find_board_markers(image) is None
    fix = find_board_frame(image)
    assert fix is not None and fix.method == "frame"
    assert _corner_error(fix.corners, labels) < 0.025 * _board_width(labels)
    # The bar was measured, not assumed: the synthetic board has one of 7-11 % of the width.
    assert 0.05 < fix.bar_frac < 0.13


def test_random_noise_and_blank_images_are_not_boards() -> None:
    rng = np.random.default_rng(5)
    noise = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    assert find_board(noise) is None
    assert find_board(np.full((480, 640, 3), 128, np.uint8)) is None


def test_layout_fit_prefers_the_true_quad_to_a_shifted_one() -> None:
    image, labels = _scene("tournament_green", False, 3)
    true = np.asarray(labels["board"]["corners"], float)
    pw = (true[1] - true[0]) / 12.5  # one point's width, as a vector along the long edge
    shifted = true + pw
    assert layout_fit(image, true)[0] > layout_fit(image, shifted)[0] + 0.05


def test_order_corners_from_any_order() -> None:
    pts = np.array([[100, 90], [10, 10], [12, 95], [105, 8]], float)
    out = order_corners(pts)
    assert out.tolist() == [[10, 10], [105, 8], [100, 90], [12, 95]]


@pytest.mark.parametrize("home", ["bottom-right", "bottom-left", "top-right", "top-left"])
def test_point_layout_matches_the_renderer(home: str) -> None:
    from vision.synth import board_geometry

    ours = BoardGeometry()
    theirs = board_geometry()
    for i in range(24):
        col, row = ours.point_cell(i, home)
        tcol, ttop = theirs.point_cell(i, home)
        assert (col, row == "top") == (tcol, ttop)
        assert ours.point_index(col, row, home) == i


def test_white_point_one_is_in_the_white_home_corner() -> None:
    g = BoardGeometry()
    assert g.point_cell(0, "bottom-right") == (11, "bottom")
    assert g.point_cell(0, "top-left") == (0, "top")
    assert g.point_cell(23, "bottom-right") == (11, "top")


def test_a_hidden_marker_is_completed_under_perspective() -> None:
    # A hand over one corner marker: the corner comes from its neighbours' edge lines.
    image, labels = _scene("walnut", True, 7, tilt=12.0)
    image = image.copy()
    found = detect_markers(image)
    assert len(found) == 4
    c = found[2]
    centre = c.mean(axis=0)
    hidden = (centre + 1.6 * (c - centre)).astype(np.int32)
    cv2.fillConvexPoly(image, hidden, (60, 60, 60))
    assert len(detect_markers(image)) == 3
    fix = find_board_markers(image)
    assert fix is not None
    assert _corner_error(fix.corners, labels) < 0.015 * _board_width(labels)


@pytest.mark.parametrize("side", ["left", "right"])
def test_side_search_moves_a_side_one_point_off_back_onto_the_board_edge(side: str) -> None:
    from vision.board import FastFit, side_searches

    image, labels = _scene("tournament_green", False, 3)
    true = np.asarray(labels["board"]["corners"], float)
    pw = (true[1] - true[0]) / 12.5  # one point's width along the long edge
    off = true.copy()
    ks = (0, 3) if side == "left" else (1, 2)
    off[list(ks)] += pw if side == "left" else -pw  # one column inside: a shifted layout
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    fit, bar = layout_fit(image, off)
    q, fit2, _ = side_searches(grey, image, FastFit(image), off, fit, bar)
    quarter = 0.25 * float(np.linalg.norm(pw))
    assert _corner_error(off, labels) > 3 * quarter
    assert _corner_error(order_corners(q), labels) < quarter
    assert fit2 > fit


def test_marker_free_on_a_tilted_dark_board() -> None:
    image, labels = _scene("dark", False, 6, tilt=12.0)
    fix = find_board_frame(image)
    assert fix is not None
    assert _corner_error(fix.corners, labels) < _board_width(labels) / 52  # a quarter point


@pytest.mark.parametrize("seed", [3, 5])
def test_all_sides_search_drops_a_frame_strip_above_and_below(seed: int) -> None:
    from vision.board import FastFit
    from vision.board.sides import all_sides_search

    image, labels = _scene("tournament_green", False, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], float))
    # Top and bottom pushed out onto the frame (a quad round the frame strips, as a contour of
    # the whole board gives), the sides left on the playing area.
    grown = true.copy()
    grown[:2] += 0.07 * (true[:2] - true[[3, 2]])
    grown[2:] += 0.07 * (true[2:] - true[[1, 0]])
    quarter = _board_width(labels) / 52
    assert _corner_error(grown, labels) > 2 * quarter
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    fit, bar = layout_fit(image, grown)
    moved = all_sides_search(grey, image, FastFit(image), grown, fit, bar)
    assert moved is not None
    q, fit2, _ = moved
    assert fit2 > fit
    assert _corner_error(order_corners(q), labels) < quarter


def test_all_sides_search_leaves_the_true_quad_alone() -> None:
    from vision.board import FastFit
    from vision.board.sides import all_sides_search

    image, labels = _scene("walnut", False, 2)
    true = order_corners(np.asarray(labels["board"]["corners"], float))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    fit, bar = layout_fit(image, true)
    moved = all_sides_search(grey, image, FastFit(image), true, fit, bar)
    # Either nothing beats it, or what does is the same board within a quarter point.
    if moved is not None:
        assert _corner_error(order_corners(moved[0]), labels) < _board_width(labels) / 52


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_long_sides_pulled_in_onto_the_checkers_are_not_quiet(style: str, seed: int) -> None:
    from vision.board.sides import ALL_SIDES_QUIET, side_quiet

    image, labels = _scene(style, False, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], float))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    pulled = true.copy()  # both long sides moved in by 8 % of the height: through the checkers
    pulled[:2] -= 0.08 * (true[:2] - true[[3, 2]])
    pulled[2:] -= 0.08 * (true[2:] - true[[1, 0]])
    quiet, busy = side_quiet(grey, true), side_quiet(grey, pulled)
    assert (quiet[[0, 2]] < 0.5 * ALL_SIDES_QUIET).all()
    assert (busy[[0, 2]] > ALL_SIDES_QUIET).all()
