"""BoardReader: statuses on bad frames, and a full read of a rendered scene."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from vision.board import find_board_markers
from vision.calibration import calibration_from_fix
from vision.checkers import CheckerCounts
from vision.observation import Observation
from vision.reader import BoardReader
from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render


@lru_cache(maxsize=2)
def _start_scene():
    spec = SceneSpec(
        style="tournament_green",
        white_home="bottom-left",
        position=Position.starting(),
        markers=True,
        camera=CameraSpec(distance_mm=750, tilt_deg=5.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.0),
    )
    return render(spec, np.random.default_rng(11))


@pytest.mark.parametrize(
    "frame,status",
    [
        (np.zeros((0, 0, 3), np.uint8), "bad_frame"),
        (np.zeros((480, 640, 3), np.float32), "bad_frame"),
        (np.zeros((480, 640, 4), np.uint8), "bad_frame"),
        (None, "bad_frame"),
        ("not an image", "bad_frame"),
        (np.zeros((480, 640, 3), np.uint8), "too_dark"),
        (np.full((480, 640, 3), 8, np.uint8), "too_dark"),
        (
            np.random.default_rng(0).integers(0, 256, (480, 640, 3), dtype=np.uint8),
            "board_not_found",
        ),
        (np.full((480, 640), 128, np.uint8), "board_not_found"),
    ],
)
def test_bad_frames_give_a_status_not_an_exception(frame, status: str) -> None:
    obs = BoardReader(dice_finder=False).read(frame)
    assert isinstance(obs, Observation)
    assert obs.status == status
    assert obs.white is None and obs.black is None
    assert obs.to_json()["status"] == status
    assert "board" not in obs.to_json() or "white" not in obs.to_json()["board"]


def test_wrong_size_for_the_calibration_is_a_bad_frame() -> None:
    image, _ = _start_scene()
    fix = find_board_markers(image)
    assert fix is not None
    reader = BoardReader(calibration_from_fix(image, fix, "bottom-left"), dice_finder=False)
    obs = reader.read(np.ascontiguousarray(image[:480, :640]))
    assert obs.status == "bad_frame" and "calibration" in obs.message


def test_reads_the_starting_position_with_and_without_calibration() -> None:
    image, labels = _start_scene()
    fix = find_board_markers(image)
    assert fix is not None
    cal = calibration_from_fix(image, fix, "bottom-left")
    for reader in (BoardReader(cal), BoardReader(None, white_home="bottom-left")):
        obs = reader.read(image)
        assert obs.status == "ok", obs.message
        assert list(obs.white or ()) == labels["board"]["white"]
        assert list(obs.black or ()) == labels["board"]["black"]
        assert (obs.bar_white, obs.bar_black) == (0, 0)
        assert (obs.off_white, obs.off_black) == (0, 0) and not obs.off_from_trays
        out = obs.to_json()
        assert out["board"]["white"] == labels["board"]["white"]
        assert len(out["confidence"]["points"]) == 24


def test_a_moved_board_is_reported() -> None:
    image, _ = _start_scene()
    fix = find_board_markers(image)
    assert fix is not None
    reader = BoardReader(calibration_from_fix(image, fix, "bottom-left"), dice_finder=False)
    assert reader.read(image).status == "ok"
    obs = reader.read(np.roll(image, (25, 30), axis=(0, 1)))
    assert obs.status == "board_not_found" and "moved" in obs.message


def test_a_reader_error_becomes_a_status() -> None:
    def broken_finder(*args, **kwargs):
        raise RuntimeError("boom")

    image, _ = _start_scene()
    obs = BoardReader(None, dice_finder=broken_finder).read(image)
    assert obs.status == "ok"  # a failing dice stage loses the dice, not the board
    assert obs.dice == ()


_CORNERS = ((0.0, 0.0), (10.0, 0.0), (10.0, 8.0), (0.0, 8.0))


def _sure_counts(white: tuple[int, ...], black: tuple[int, ...]) -> CheckerCounts:
    """Counts read at confidence 1, nothing on the bar, the rest of each side borne off."""
    return CheckerCounts(
        white=white,
        black=black,
        bar_white=0,
        bar_black=0,
        off_white=max(0, 15 - sum(white)),
        off_black=max(0, 15 - sum(black)),
        off_from_trays=False,
        point_confidence=(1.0,) * 24,
        bar_confidence=1.0,
        off_confidence=1.0,
    )


def test_impossible_counts_are_reported_as_uncertain() -> None:
    from vision.read_outcome import observation_of

    counts = _sure_counts((8,) * 2 + (0,) * 22, (0,) * 24)
    obs = observation_of(counts, (), None, _CORNERS, "", "bottom-right")
    assert obs.status == "uncertain" and obs.confidence <= 0.2


def test_on_a_doubtful_board_no_count_is_believed_and_no_die_voids_a_roll() -> None:
    from vision.observation import ObservedDie
    from vision.read_outcome import observation_of

    counts = _sure_counts((2,) + (0,) * 23, (0,) * 23 + (2,))
    dice = (
        ObservedDie(5, (0, 0, 4, 4), (2.0, 2.0), "cocked", "white_right", 0.95),
        ObservedDie(3, (6, 0, 10, 4), (8.0, 2.0), "flat", "black_right", 0.3),
    )
    sure = observation_of(counts, dice, None, _CORNERS, "", "bottom-right")
    assert [d.confidence for d in sure.dice] == [0.95, 0.3]
    doubted = observation_of(counts, dice, None, _CORNERS, "another placement", "bottom-right")
    # Below the referee's beliefs: 0.65 for counts, 0.6 for a die's fault or place.
    assert doubted.point_confidence is not None
    assert max(doubted.point_confidence) < 0.65 and doubted.bar_confidence < 0.65
    assert [d.confidence for d in doubted.dice] == [0.5, 0.3]
    assert [(d.value, d.state, d.zone) for d in doubted.dice] == [
        (5, "cocked", "white_right"),
        (3, "flat", "black_right"),
    ]


def test_dice_are_sought_near_the_board_only() -> None:
    """Score cards and clocks beside a tournament board are not dice: the dice search covers
    the playing area, its frame and trays, and no farther."""
    from vision.board import BoardGeometry, homography_for
    from vision.dice_place import near_board

    corners = ((300.0, 200.0), (1000.0, 200.0), (1000.0, 725.0), (300.0, 725.0))
    mask = near_board((960, 1280), homography_for(np.array(corners)), BoardGeometry())
    assert mask[460, 650] and mask[460, 320]  # the playing area
    assert mask[460, 280] and mask[190, 650]  # a tray, the frame: a die rolled out lands there
    assert not mask[460, 100] and not mask[40, 650]  # a score card, the scenery
