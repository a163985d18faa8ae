"""vision.synth: labels agree with the scene, determinism, geometry conventions, motion."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import pytest

from vision.synth import (
    STYLES,
    WHITE_HOMES,
    BoardGeometry,
    CameraSpec,
    CubeSpec,
    DieSpec,
    HandSpec,
    Position,
    SceneSpec,
    board_geometry,
    motion_sequence,
    random_position,
    random_scene,
    render,
)


def _checkers(board: dict[str, Any], colour: str) -> int:
    return int(sum(board[colour]) + board["bar"][colour] + board["off"][colour])


@pytest.mark.parametrize("seed", range(40))
def test_random_positions_are_valid(seed: int) -> None:
    pos = random_position(np.random.default_rng(seed))
    pos.validate()
    assert all(not (w and b) for w, b in zip(pos.white, pos.black, strict=True))


def test_position_validation_names_the_problem() -> None:
    start = Position.starting()
    with pytest.raises(ValueError, match="16 checkers"):
        Position(white=(1,) + start.white[1:], black=start.black).validate()
    with pytest.raises(ValueError, match="both colours"):
        w = list(start.white)
        w[0], w[5] = 2, 3  # black has 2 on index 0 already
        Position(white=tuple(w), black=start.black).validate()


def test_starting_position_in_white_numbering() -> None:
    # (DATASET.md's example lists only 10 white checkers and black's 8 point at index 13;
    # the standard start is white 6:5 8:3 13:5 24:2 and black's mirror image.)
    label = Position.starting().label()
    assert label["white"] == [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2]
    assert label["black"] == [2] + [0] * 10 + [5, 0, 0, 0, 0, 3, 0, 5] + [0] * 5


def test_point_layout_follows_white_home() -> None:
    g = board_geometry()
    # White's ace point lies in the corner named by white_home; its 24 point straight across.
    expect = {
        "bottom-right": (11, False),
        "bottom-left": (0, False),
        "top-right": (11, True),
        "top-left": (0, True),
    }
    for home, cell in expect.items():
        assert g.point_cell(0, home) == cell
        col, top = g.point_cell(23, home)
        assert (col, top) == (cell[0], not cell[1])
        # Points 1-6 are in one quadrant, 7-12 on the same edge across the bar.
        cols = [g.point_cell(i, home)[0] for i in range(12)]
        assert len(set(cols)) == 12


def test_zones_are_the_right_hand_halves() -> None:
    g = BoardGeometry()
    left, right = 50.0, g.play_width - 50.0
    mid_y = g.play_height / 2
    # White at the bottom edge: white's right hand is the image's right half.
    assert g.zone_at(right, mid_y, "bottom-left") == "white_right"
    assert g.zone_at(left, mid_y, "bottom-left") == "black_right"
    # White at the top edge (facing down): white's right is the image's left.
    assert g.zone_at(left, mid_y, "top-right") == "white_right"
    assert g.zone_at(g.half_width + g.bar_width / 2, mid_y, "top-right") == "bar"
    assert g.zone_at(-20, mid_y, "top-right") == "outside"


@pytest.mark.parametrize("seed", range(6))
def test_render_labels_agree_with_spec(seed: int) -> None:
    rng = np.random.default_rng(seed)
    spec = random_scene(rng, hand_probability=0.0, style=sorted(STYLES)[seed % len(STYLES)])
    image, labels = render(spec, rng)
    assert image.shape == (960, 1280, 3) and image.dtype == np.uint8
    board = labels["board"]
    assert _checkers(board, "white") == 15 and _checkers(board, "black") == 15
    assert board["white"] == list(spec.position.white)
    assert board["black"] == list(spec.position.black)
    assert board["white_home"] == spec.white_home
    assert "partial" not in labels
    assert [d["value"] for d in labels["dice"]] == [d.value for d in spec.dice]
    assert [d["state"] for d in labels["dice"]] == [d.state for d in spec.dice]
    assert [d["zone"] for d in labels["dice"]] == [d.zone for d in spec.dice]
    for d in labels["dice"]:
        x0, y0, x1, y1 = d["bbox"]
        assert 0 <= x0 < x1 < 1280 and 0 <= y0 < y1 < 960
        assert 8 <= x1 - x0 <= 120 and 8 <= y1 - y0 <= 120
    corners = np.array(board["corners"])
    assert corners.shape == (4, 2)
    assert (corners >= 0).all() and (corners[:, 0] < 1280).all() and (corners[:, 1] < 960).all()
    # Clockwise from top-left in image coordinates.
    tl, tr, br, bl = corners
    assert tl[0] < tr[0] and bl[0] < br[0] and tl[1] < bl[1] and tr[1] < br[1]
    if spec.cube is not None:
        assert labels["cube"] == {"value": spec.cube.value, "location": spec.cube.location}
        if spec.cube.location == "centre":
            assert spec.cube.value == 64


def test_render_is_deterministic_under_a_seed() -> None:
    spec = random_scene(np.random.default_rng(11))
    a_img, a_lab = render(spec, np.random.default_rng(5))
    b_img, b_lab = render(spec, np.random.default_rng(5))
    c_img, _ = render(spec, np.random.default_rng(6))
    assert np.array_equal(a_img, b_img) and a_lab == b_lab
    assert not np.array_equal(a_img, c_img)
    assert random_scene(np.random.default_rng(11)) == spec


def _corner_scene(white_home: str, tilt: float) -> SceneSpec:
    # Checkers away from the corner points so the playing area's corners are bare.
    white = [0] * 24
    black = [0] * 24
    for i in (7, 8, 9):
        white[i] = 5
    for i in (14, 15, 16):
        black[i] = 5
    return SceneSpec(
        style="paper",
        white_home=white_home,
        position=Position(tuple(white), tuple(black)),
        camera=CameraSpec(
            distance_mm=750, tilt_deg=tilt, tilt_azimuth_deg=40, roll_deg=2, focal_px=1050, k1=0.05
        ),
        table="white_desk",
    )


@pytest.mark.parametrize("home,tilt", [("bottom-right", 0.0), ("top-left", 12.0)])
def test_corners_sit_on_the_playing_area_edge(home: str, tilt: float) -> None:
    """Paper board: a black band surrounds the (light) playing area; the labelled corners
    must sit at the band's inner corner."""
    image, labels = render(_corner_scene(home, tilt), np.random.default_rng(0))
    gray = image.mean(axis=2)
    corners = np.array(labels["board"]["corners"])
    centre = corners.mean(axis=0)
    for c in corners:
        outward = (c - centre) / np.linalg.norm(c - centre)
        ox, oy = np.round(c + outward * 6).astype(int)
        ix, iy = np.round(c - outward * 9).astype(int)
        outside = gray[oy - 1 : oy + 2, ox - 1 : ox + 2].mean()
        inside = gray[iy - 1 : iy + 2, ix - 1 : ix + 2].mean()
        assert outside < 70, f"corner {c}: outside is not the black band"
        assert inside > outside + 30, f"corner {c}: inside is not the playing area"


def test_explicit_dice_and_hand_partial() -> None:
    g = BoardGeometry()
    spec = SceneSpec(
        style="tournament_green",
        white_home="bottom-right",
        position=Position.starting(),
        geometry=g,
        dice=(DieSpec(3, "flat", "white_right", position=(g.play_width - 120, 200.0)),),
        camera=CameraSpec(distance_mm=800, focal_px=1100),
    )
    _, labels = render(spec, np.random.default_rng(1))
    assert labels["dice"][0]["value"] == 3 and labels["dice"][0]["zone"] == "white_right"
    assert "partial" not in labels
    # A hand over white's 6 point (index 5) hides checkers: partial.
    x, y = g.checker_spot(5, "bottom-right", 1)
    hand = HandSpec(tip_mm=(x, y - 30), edge="bottom", height_mm=40)
    _, labels = render(replace(spec, hand=hand), np.random.default_rng(1))
    assert labels.get("partial") is True
    assert labels["board"]["white"] == list(Position.starting().white)


def test_bad_spec_values_raise_clear_errors() -> None:
    with pytest.raises(ValueError, match="die value"):
        DieSpec(7)
    with pytest.raises(ValueError, match="white_home"):
        SceneSpec(style="walnut", white_home="left", position=Position.starting())
    with pytest.raises(ValueError, match="unknown style"):
        random_scene(np.random.default_rng(0), style="plastic")


def test_all_white_homes_render() -> None:
    for k, home in enumerate(WHITE_HOMES):
        rng = np.random.default_rng(100 + k)
        spec = random_scene(rng, white_home=home, hand_probability=0.0, n_dice=2)
        _, labels = render(spec, rng)
        assert labels["board"]["white_home"] == home
        assert len(labels["dice"]) == 2


def test_motion_sequence_phases() -> None:
    spec = random_scene(np.random.default_rng(3), n_dice=2, hand_probability=0.0)
    g = spec.geometry
    spec = replace(spec, hand=HandSpec(tip_mm=(g.play_width / 2, g.play_height / 2)))
    frames = motion_sequence(spec, np.random.default_rng(4), enter=2, move=2, leave=2, still=3)
    assert [f.phase for f in frames] == ["enter"] * 2 + ["move"] * 2 + ["leave"] * 2 + ["still"] * 3
    still = [f for f in frames if f.phase == "still"]
    assert all(f.hand is None for f in still)
    assert all(f.labels == still[0].labels for f in still)
    a, b = (f.image.astype(np.int16) for f in still[:2])
    assert np.abs(a - b).mean() < 6  # only sensor noise differs
    moving = frames[3].image.astype(np.int16)
    assert np.abs(moving - a).mean() > np.abs(a - b).mean() + 1.0


def test_markers_are_detectable_by_opencv() -> None:
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters()
    )
    for seed in (1, 2):
        rng = np.random.default_rng(seed)
        spec = random_scene(rng, markers=True, hand_probability=0.0)
        image, labels = render(spec, rng)
        corners, ids, _ = detector.detectMarkers(image)
        assert ids is not None and len(set(ids.ravel()) & {0, 1, 2, 3}) >= 3
        # Marker 0 is nearest the top-left corner of the playing area, 2 the bottom-right.
        found = {
            int(i): c.reshape(4, 2).mean(axis=0) for i, c in zip(ids.ravel(), corners, strict=True)
        }
        board = np.array(labels["board"]["corners"])
        for mid, corner in found.items():
            if mid < 4:
                nearest = np.argmin(np.linalg.norm(board - corner, axis=1))
                assert nearest == mid


def test_no_marker_without_markers() -> None:
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters()
    )
    rng = np.random.default_rng(3)
    image, _ = render(random_scene(rng, markers=False, hand_probability=0.0), rng)
    _, ids, _ = detector.detectMarkers(image)
    assert ids is None or not set(ids.ravel()) & {0, 1, 2, 3}


def test_hand_over_cube_and_die_hides_their_labels() -> None:
    g = BoardGeometry()
    bar_x = g.half_width + g.bar_width / 2
    spec = SceneSpec(
        style="walnut",
        white_home="bottom-left",
        position=Position.starting(),
        geometry=g,
        dice=(DieSpec(4, "flat", "bar", position=(bar_x, g.play_height / 2 + 45)),),
        cube=CubeSpec(64, "centre"),
        camera=CameraSpec(distance_mm=800, focal_px=1100),
    )
    _, labels = render(spec, np.random.default_rng(2))
    assert labels["cube"] == {"value": 64, "location": "centre"} and len(labels["dice"]) == 1
    palm_over_centre = HandSpec(tip_mm=(bar_x, g.play_height / 2 - 105), edge="bottom")
    _, labels = render(replace(spec, hand=palm_over_centre), np.random.default_rng(2))
    assert labels["cube"] is None
    assert labels["dice"] == []
    assert "hidden by the hand" in labels["notes"]


def test_die_state_weights_choose_the_states() -> None:
    for seed in range(3):
        rng = np.random.default_rng(seed)
        spec = random_scene(rng, n_dice=3, die_state_weights=(0, 1, 0), hand_probability=0.0)
        assert [d.state for d in spec.dice] == ["cocked"] * 3
        _, labels = render(spec, rng)
        assert [d["state"] for d in labels["dice"]] == ["cocked"] * 3


def test_a_cube_in_a_tray_outside_the_picture_is_labelled_not_visible() -> None:
    g = BoardGeometry()
    spec = SceneSpec(
        style="walnut",
        white_home="bottom-left",
        position=Position.starting(),
        geometry=g,
        dice=(),
        cube=CubeSpec(2, "white"),
        camera=CameraSpec(distance_mm=800, focal_px=1100),
    )
    _, labels = render(spec, np.random.default_rng(2))
    assert labels["cube"] == {"value": 2, "location": "white"}
    # Zoomed in: the playing area still fills the picture, white's tray is cut off.
    _, labels = render(
        replace(spec, camera=CameraSpec(distance_mm=800, focal_px=1600)), np.random.default_rng(2)
    )
    corners = np.array(labels["board"]["corners"])
    assert (corners >= 0).all() and (corners[:, 0] < 1280).all() and (corners[:, 1] < 960).all()
    assert labels["cube"] is None
