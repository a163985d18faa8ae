"""A hand over the board in a still frame doubts the points it covers (vision.hand)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from vision.board import BoardGeometry, homography_for, order_corners
from vision.board.geometry import CANON_H, CANON_W
from vision.checkers import CheckerCounts
from vision.hand import (
    HAND_CONFIDENCE,
    MARGIN,
    VIEW_H,
    VIEW_W,
    HandSeen,
    _margins,
    _ring,
    find_hand,
    skin_mask,
    under_hand,
)
from vision.observation import BELIEVED
from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render
from vision.synth.spec import HandSpec


def _scene(
    hand: HandSpec | None, style: str = "tournament_green"
) -> tuple[np.ndarray, dict[str, Any]]:
    spec = SceneSpec(
        style=style,
        white_home="bottom-right",
        position=Position.starting(),
        camera=CameraSpec(distance_mm=750, tilt_deg=4.0, tilt_azimuth_deg=30.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.0),
    )
    return render(replace(spec, hand=hand), np.random.default_rng(4))


def _homography(labels: dict[str, Any]) -> np.ndarray:
    return homography_for(order_corners(np.asarray(labels["board"]["corners"], np.float64)))


def test_a_hand_reaching_over_the_board_doubts_the_points_it_covers() -> None:
    """Fingers from the bottom edge over the left half's bottom row: found, and the points
    under them are doubted while the far side's stay as sure as they were."""
    hand = HandSpec(tip_mm=(150.0, 250.0), edge="bottom", height_mm=50.0, spread=0.8)
    image, labels = _scene(hand)
    seen = find_hand(image, _homography(labels))
    assert seen.found
    counts = CheckerCounts((0,) * 24, (0,) * 24, 0, 0, 15, 15, False, (1.0,) * 24, 1.0, 1.0)
    out = under_hand(counts, seen, BoardGeometry(), "bottom-right")
    doubted = [i for i, c in enumerate(out.point_confidence) if c < BELIEVED]
    assert doubted and all(c == HAND_CONFIDENCE for c in np.take(out.point_confidence, doubted))
    # The bottom row's left half is white's points 7-12 (indices 6-11) with white at the
    # bottom right; the top row's right half (points 19-24) lies far from the hand.
    assert set(doubted) & set(range(6, 12))
    assert not set(doubted) & set(range(18, 24))


def test_no_hand_no_doubt() -> None:
    for style in ("tournament_green", "walnut"):
        image, labels = _scene(None, style)
        assert not find_hand(image, _homography(labels)).found


def test_a_region_along_the_whole_border_is_no_hand() -> None:
    """A skin-coloured frame all round the board (a light wood), joined to a skin-coloured
    patch inside, crosses the border everywhere: not an arm."""
    frame = np.zeros((260, 340, 3), np.uint8)
    frame[:] = (120, 150, 205)
    frame[40:220, 50:290] = (60, 120, 40)
    frame[100:160, 50:110] = (120, 150, 205)
    h = homography_for(np.array([[50, 40], [290, 40], [290, 220], [50, 220]], np.float64))
    assert not find_hand(frame, h).found
    nothing = HandSeen(False, np.zeros((180, 240), bool))
    counts = CheckerCounts((0,) * 24, (0,) * 24, 0, 0, 15, 15, False, (1.0,) * 24, 1.0, 1.0)
    assert under_hand(counts, nothing, BoardGeometry(), "bottom-right") == counts


def test_a_skin_coloured_bar_meeting_the_frame_is_no_hand() -> None:
    """A brown bar runs the board's height and meets a brown patch of frame at one end: it
    crosses the border in one run like an arm, but lies in the middle strip: the bar."""
    frame = np.zeros((260, 340, 3), np.uint8)
    frame[:] = (40, 40, 40)
    frame[40:220, 50:290] = (60, 120, 40)
    frame[40:220, 160:180] = (120, 150, 205)
    frame[0:40, 150:190] = (120, 150, 205)
    h = homography_for(np.array([[50, 40], [290, 40], [290, 220], [50, 220]], np.float64))
    assert not find_hand(frame, h).found
    # The same region off the middle, as wide as a hand, is one.
    frame[40:220, 160:180] = (60, 120, 40)
    frame[0:40, 150:190] = (40, 40, 40)
    frame[0:100, 80:120] = (120, 150, 205)
    assert find_hand(frame, h).found


def test_the_first_look_on_the_margins_keeps_every_skin_pixel_of_the_rings() -> None:
    """The cheap first look warps only the view's margins: on both rings (the border's and the
    view's edge) its 5x5-blurred colours are within a level of the whole view's, and its wider
    skin test holds every ring pixel the whole view calls skin (on skin-toned board colours too),
    so the first look never drops a hand the whole view would find."""
    image, labels = _scene(None)
    mx, my = round(MARGIN * VIEW_W), round(MARGIN * VIEW_H)
    to_view = np.array(
        [[VIEW_W / CANON_W, 0, mx], [0, VIEW_H / CANON_H, my], [0, 0, 1]], np.float64
    ) @ _homography(labels)
    size = (VIEW_W + 2 * mx, VIEW_H + 2 * my)
    whole = cv2.blur(cv2.warpPerspective(image, to_view, size, flags=cv2.INTER_LINEAR), (5, 5))
    part = cv2.blur(_margins(image, to_view, size, mx, my), (5, 5))
    for ring in (_ring(whole.shape, mx, my, 2), _ring(whole.shape, 0, 0, 0)):
        assert np.abs(whole[ring].astype(int) - part[ring]).max() <= 1
    # The inside was never warped (the saving).
    assert not part[my + 5 : -my - 5, mx + 5 : -mx - 5].any()
    # Every colour a level off a skin colour is near skin.
    skin = np.array([[120, 150, 205], [60, 80, 110], [100, 140, 190]], np.uint8)
    assert skin_mask(skin).all()
    for step in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, -1, 1), (1, 1, -1)):
        assert skin_mask(np.clip(skin.astype(int) + step, 0, 255).astype(np.uint8), off=1).all()
