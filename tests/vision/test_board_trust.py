"""Trusting a found board: doubtful placements lose the referee's belief in their counts."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from vision.board import order_corners
from vision.board.columns import OFF_COLUMNS, columns_off
from vision.board.ends import column_moved
from vision.board.field_end import field_end
from vision.board.fine_sides import long_sides_on_edge
from vision.board.geometry import BoardFix, make_fix, search_view
from vision.board.layout import BAR_FRACS, MIN_PATTERN_SCORE, layout_fit, layout_scores
from vision.board.trust import (
    AMBIGUOUS_MARGIN,
    BOTH_WIDER_FIT,
    FIELD_END,
    TRUSTED_PATTERN,
    WIDER_FIT,
    board_doubt,
    moved_fits,
    two_wider,
)
from vision.read_outcome import DOUBTFUL_BOARD_CONFIDENCE
from vision.reader import BoardReader


def _true_fix(image: np.ndarray, labels: dict[str, Any], margin: float = 1.0) -> BoardFix:
    quad = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    fit, bar = layout_fit(image, quad)
    return make_fix(quad, "frame", fit, bar, margin)


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_the_true_quad_is_trusted(style: str, seed: int) -> None:
    image, labels = starting_scene(style, seed)
    assert board_doubt(image, _true_fix(image, labels)) == ""


def _off_edge(fix: BoardFix, px: float) -> BoardFix:
    """The fix with its top and bottom sides moved ``px`` image pixels inwards (along y)."""
    q = np.asarray(fix.corners, np.float64).copy()
    q[:2, 1] += px
    q[2:, 1] -= px
    return make_fix(q, fix.method, fix.score, fix.bar_frac, fix.margin)


def test_an_ambiguous_search_is_doubted_and_markers_are_not() -> None:
    """Marker fixes carry margin 1 (0 only for a hidden marker's corner guessed badly:
    tests/vision/test_board.py), and nothing else about them is questioned."""
    image, labels = starting_scene("tournament_green", 3)
    fix = _off_edge(_true_fix(image, labels, margin=0.5 * AMBIGUOUS_MARGIN), 12.0)
    assert "another placement" in board_doubt(image, fix)
    assert board_doubt(image, replace(fix, method="markers", margin=1.0)) == ""
    assert "corner marker is hidden" in board_doubt(image, replace(fix, method="markers"))


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2)])
def test_a_quarter_board_and_a_side_on_the_points_are_doubted(style: str, seed: int) -> None:
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    # One row of one half: six points, half the width and height (the bar's share aside).
    top, bottom = true[0] + 0.5 * (true[3] - true[0]), true[1] + 0.5 * (true[2] - true[1])
    quarter = np.array([top, top + 0.47 * (bottom - top), true[3] + 0.47 * (true[2] - true[3])])
    quarter = np.vstack([quarter, true[3]])
    assert board_doubt(image, make_fix(quarter, "frame", 0.3, 0.06)) != ""
    pulled = true.copy()  # the top side moved down by 10 % of the height: across the points
    pulled[:2] += 0.1 * (true[[3, 2]] - true[:2])
    doubt = board_doubt(image, make_fix(pulled, "frame", 0.3, 0.06))
    assert "top side" in doubt or "line up" in doubt


def test_placement_doubt_lifted_where_both_long_sides_lie_on_the_edge() -> None:
    """A search that could not tell its placement from a rival's (margin under
    AMBIGUOUS_MARGIN) is not doubted for it when both long sides lie on the playing area's
    edge (``fine_sides.long_sides_on_edge``); with them 12 px inside, off it, it is."""
    image, labels = starting_scene("tournament_green", 3)
    fix = _true_fix(image, labels, margin=0.5 * AMBIGUOUS_MARGIN)
    assert long_sides_on_edge(image, np.asarray(fix.corners))
    assert board_doubt(image, fix) == ""
    assert not long_sides_on_edge(image, np.asarray(_off_edge(fix, 12.0).corners))
    assert "another placement" in board_doubt(image, _off_edge(fix, 12.0))


def test_a_doubtful_board_gives_no_believed_count(monkeypatch: pytest.MonkeyPatch) -> None:
    # A placement the search could not tell apart, its long sides off the edge.
    monkeypatch.setattr("vision.board.trust.long_sides_on_edge", lambda *_: False)
    image, labels = starting_scene("tournament_green", 3)
    sure = _true_fix(image, labels)
    unsure = replace(sure, margin=0.0)
    trusted = BoardReader(None, board_finder=lambda _: sure, dice_finder=False).read(image)
    doubted = BoardReader(None, board_finder=lambda _: unsure, dice_finder=False).read(image)
    assert trusted.status == doubted.status == "ok"
    assert trusted.point_confidence is not None and doubted.point_confidence is not None
    assert max(trusted.point_confidence) >= 0.65 and "doubtful" not in trusted.message
    assert (doubted.white, doubted.black) == (trusted.white, trusted.black)
    assert max(doubted.point_confidence) <= DOUBTFUL_BOARD_CONFIDENCE < 0.65
    assert doubted.bar_confidence <= DOUBTFUL_BOARD_CONFIDENCE
    assert "board placement doubtful" in doubted.message


def test_the_referee_asks_about_a_doubtful_board_rather_than_call_a_fault(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counts at the doubtful board's cap are neither believed against the rules nor silently
    replaced by them: a reading no allowed position explains is put to the players."""
    monkeypatch.setattr("vision.board.trust.long_sides_on_edge", lambda *_: False)
    from firmware.matching import Match, read_board
    from rules.position import Position as RulesPosition
    from rules.side import Side

    image, labels = starting_scene("tournament_green", 3)
    sure = _true_fix(image, labels)
    white = list(labels["board"]["white"])
    black = list(labels["board"]["black"])
    white[5], white[4] = white[5] - 1, white[4] + 1  # allowed: one checker 6/5, not what is seen
    allowed = [RulesPosition.from_white_numbered(white, black, None, None, Side.WHITE)]
    reads = {}
    for name, fix in (("trusted", sure), ("doubted", replace(sure, margin=0.0))):

        def given(_: np.ndarray, fix: BoardFix = fix) -> BoardFix:
            return fix

        obs = BoardReader(None, board_finder=given, dice_finder=False).read(image)
        reads[name] = read_board(obs, Side.WHITE, allowed).match
    assert reads == {"trusted": Match.OFF_SCRIPT, "doubted": Match.UNCERTAIN}


def _moved_sides(quad: np.ndarray, left: float, right: float) -> np.ndarray:
    """The quad with its left and right sides moved outwards by these shares of its width (in
    board coordinates, so along the perspective)."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    wide = np.array([[[-left, 0], [1 + right, 0], [1 + right, 1], [-left, 1]]], np.float32)
    moved: np.ndarray = cv2.perspectiveTransform(wide, to_image)[0].astype(np.float64)
    return moved


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_a_quad_a_column_short_of_the_board_is_doubted(style: str, seed: int) -> None:
    """A short side stopped a point column in, on the points, the other on the playing area's
    edge: the wider quad explains the view better, though the search saw no rival, the columns
    line up and the long sides lie on the frame."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    column = (1 - bar) / 12
    short = _moved_sides(true, 0.0, -column)
    fit, bar_short = layout_fit(image, short)
    doubt = board_doubt(image, make_fix(short, "frame", fit, bar_short, 1.0))
    assert "goes on past a short side" in doubt
    # Mirrored: the left side a column in.
    short = _moved_sides(true, -column, 0.0)
    fit, bar_short = layout_fit(image, short)
    assert "goes on past" in board_doubt(image, make_fix(short, "frame", fit, bar_short, 1.0))


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_a_quad_a_column_short_at_both_ends_is_doubted(style: str, seed: int) -> None:
    """Both short sides a point column in, on the points (/tmp/unseen26 IMG_31115, found so):
    widening one end moves the bar off the quad's middle and fits poorly, but the quad a column
    wider at both ends fits as well as the found one or better."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    column = (1 - bar) / 12
    short = _moved_sides(true, -column, -column)
    small, _, scale = search_view(image)
    assert moved_fits(small, true * scale, bar)[2] < BOTH_WIDER_FIT
    assert moved_fits(small, short * scale, bar)[2] >= BOTH_WIDER_FIT


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_a_barless_quad_two_columns_short_is_doubted(style: str, seed: int) -> None:
    """A quad fitted with no bar can take the bar for a point column and stop two or more
    columns short of one end (/tmp/unseen63 IMG_96498): the quad two columns wider explains
    the view about as well or better; the true quad two columns wider does not (it takes in
    the frame)."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    column = (1 - bar) / 12
    small, _, scale = search_view(image)
    for left, right in ((0.0, -2.0), (-2.0, 0.0)):
        short = _moved_sides(true, left * column, right * column)
        assert two_wider(small, short * scale, bar) >= WIDER_FIT
    assert two_wider(small, true * scale, 0.0) < WIDER_FIT


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_a_long_side_on_the_points_at_one_end_is_doubted(style: str, seed: int) -> None:
    """One corner pulled in along the short side (the long side misses the perspective): the
    side leaves the frame and crosses the points at that end only."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    slanted = true.copy()
    slanted[2] += 0.08 * (true[1] - true[2])  # bottom right, up its short side
    fit, bar = layout_fit(image, slanted)
    doubt = board_doubt(image, make_fix(slanted, "frame", fit, bar, 1.0))
    assert "bottom side lies on the points at its right end" in doubt


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_a_quad_a_whole_column_over_is_doubted(style: str, seed: int) -> None:
    """The labelled quad moved a point column to the left (its left side on the frame, its
    right side on the points, as the train boards found a column over): the columns still
    line up and no side is a column short of a wider board that fits, but moving it back fits
    clearly better (1.59-1.68 times). Moved right instead, two of these styles gain only
    1.09-1.13 times, under SHIFTED_FIT: not caught here (the search moves such quads
    back itself: vision.board.ends, tests/vision/test_board_ends.py)."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    _, bar = layout_fit(image, true)
    column = (1 - bar) / 12
    moved = _moved_sides(true, column, -column)
    fit, bar_moved = layout_fit(image, moved)
    assert "a column over" in board_doubt(image, make_fix(moved, "frame", fit, bar_moved, 1.0))


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_columns_lining_up_only_loosely_are_doubted(style: str, seed: int) -> None:
    """A quad whose point columns line up well enough for the search (MIN_PATTERN_SCORE) but
    not for trust (TRUSTED_PATTERN): the right side pulled in by the least share of a column
    that brings the pattern score between the two."""
    image, labels = starting_scene(style, seed)
    small, grey, scale = search_view(image)  # where board_doubt measures the pattern
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64)) * scale
    _, bar = layout_fit(small, true)
    for pull in np.arange(0.2, 0.6, 0.01):
        loose = column_moved(true, bar, 0.0, -pull)
        pattern, bar_loose, _ = layout_scores(grey, loose, BAR_FRACS)
        if MIN_PATTERN_SCORE <= pattern < TRUSTED_PATTERN:
            break
    else:
        pytest.fail("no pull-in gives a pattern score between the two")
    fit, _ = layout_fit(small, loose)
    fix = make_fix(loose / scale, "frame", fit, bar_loose, 1.0)
    assert "line up" in board_doubt(image, fix)


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("walnut", 2), ("dark", 6)])
def test_a_corner_half_a_column_off_is_doubted(style: str, seed: int) -> None:
    """The bottom-left corner moved half a point column along the bottom side (train IMG_0367
    was found so, 0.57 point off): the rest of the board lines up, the columns of that half
    row slide off their triangles. The labelled quad's half rows all line up. (The dark
    style's whole pattern score falls just under TRUSTED_PATTERN too, and is said first.)"""
    image, labels = starting_scene(style, seed)
    small, grey, scale = search_view(image)  # where board_doubt measures
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64)) * scale
    _, bar = layout_fit(small, true)
    assert columns_off(grey, true, bar)[0] < OFF_COLUMNS
    off = true.copy()
    off[3] += 0.5 * (1 - bar) / 12 * (true[2] - true[3])
    assert columns_off(grey, off, bar) >= (OFF_COLUMNS, "bottom left")
    fit, bar_off = layout_fit(small, off)
    assert "the point columns" in board_doubt(image, make_fix(off / scale, "frame", fit, bar_off))


@pytest.mark.parametrize("style,seed", [("tournament_green", 3), ("dark", 6)])
def test_a_corner_outside_the_picture_is_doubted(style: str, seed: int) -> None:
    """The picture cropped through the board's top corners: the labelled quad's corners lie
    3 px outside it, where nothing is seen (doubted); cropped 5 px above them, the same board
    is trusted."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    top = int(np.floor(min(true[0, 1], true[1, 1])))
    for rows, outside in ((top + 3, True), (top - 5, False)):
        cropped = np.ascontiguousarray(image[rows:])
        quad = true - np.array([0.0, rows])
        fit, bar = layout_fit(cropped, quad)
        doubt = board_doubt(cropped, make_fix(quad, "frame", fit, bar, 1.0))
        assert ("outside the picture" in doubt) == outside
        if not outside:
            assert doubt == ""


@pytest.mark.parametrize(
    "style,seed,columns",
    [("dark", 6, 2), ("tournament_green", 3, -2), ("tournament_green", 3, 2), ("paper", 1, 2)],
)
def test_a_quad_holding_the_fields_end_is_doubted(style: str, seed: int, columns: int) -> None:
    """The labelled quad shifted along the board: one short side past the field's end (on the
    frame or the tray), and the field's edge runs across the quad near it with frame between
    (the dark one was trusted before; the others are doubted for more than this too)."""
    image, labels = starting_scene(style, seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    quad = column_moved(true, 0.084, columns, columns)
    small, grey, scale = search_view(image)
    fit, bar = layout_fit(image, quad)
    assert field_end(grey, quad * scale, bar) >= FIELD_END
    doubt = board_doubt(image, make_fix(quad, "frame", fit, bar, 1.0))
    assert doubt != ""
    if style == "dark":
        assert "field ends inside" in doubt


@pytest.mark.parametrize("seed", [1, 2])
def test_a_paper_board_with_busy_short_sides_is_trusted(seed: int) -> None:
    """A paper board's printed border makes both its short sides busy outside, but no straight
    edge crosses its field near them: its labelled quad is trusted."""
    image, labels = starting_scene("paper", seed)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    small, grey, scale = search_view(image)
    fit, bar = layout_fit(image, true)
    assert field_end(grey, true * scale, bar) < FIELD_END
    assert board_doubt(image, make_fix(true, "frame", fit, bar, 1.0)) == ""
