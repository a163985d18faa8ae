"""Stray pips beside a die (``vision.cocked_strays``) lower the cocked-die model's bar."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import cocked
from vision.cocked import N_FEATURES, CockedModel
from vision.cocked_strays import stray_pips, strays_beside
from vision.cocked_view import CameraView
from vision.dice import find_dice
from vision.dice_tilt import (
    FEW_PIP_THRESHOLD,
    FULL_FACE_THRESHOLD,
    SIDE_FACE_THRESHOLD,
    STRAY_THRESHOLD,
    TiltCues,
    model_call,
)
from vision.pip_groups import make_group
from vision.pips import Pip


def _pip(x: float, y: float, r: float = 3.0, contrast: float = 80.0) -> Pip:
    return Pip(x, y, r, True, contrast, 200.0, 120.0, 0.9)


def test_stray_pips_keep_uncounted_pips_of_the_faces_size_and_contrast_nearby() -> None:
    face = make_group([_pip(100, 100), _pip(110, 110)], 0.0)
    near = _pip(130, 100)
    others = [
        near,
        _pip(100, 400),  # too far
        _pip(95, 125, r=1.0),  # too small (a speck)
        _pip(125, 95, r=6.0),  # too big (a checker's rim)
        _pip(80, 100, contrast=20.0),  # too faint
        _pip(90, 120),  # counted by another face
    ]
    got = stray_pips(face, [*face.pips, *others], {(90.0, 120.0)}, 40.0, 2.0)
    assert got == ((65.0, 50.0, 1.5),)  # image pixels: work pixels over the scale


def test_strays_beside_counts_a_ring_on_the_top_faces_plane() -> None:
    view = CameraView.straight_down((1280, 960), 40.0).at((640.0, 480.0))
    centre = (640.0, 480.0)
    # A die side is ~40 px: 10 px is on the face, 20 px by its corner pips, 24 and 26 px
    # beside it, 40 px beyond.
    strays = [(650.0, 480.0, 3.0), (660.0, 480.0, 3.0), (640.0, 504.0, 3.0), (614.0, 480.0, 3.0),
              (680.0, 480.0, 3.0)]  # fmt: skip
    assert strays_beside(strays, centre, view) == 2
    assert strays_beside([], centre, view) == 0


def _constant(p: float, threshold: float) -> CockedModel:
    logit = float(np.log(p / (1 - p)))
    z = np.zeros((N_FEATURES, 1), np.float32)
    one, zero = np.ones(N_FEATURES, np.float32), np.zeros(N_FEATURES, np.float32)
    return CockedModel(zero, one, z, np.zeros(1, np.float32), np.zeros(1, np.float32), logit,
                       threshold)  # fmt: skip


def _state(monkeypatch: pytest.MonkeyPatch, p: float, board: bool, *witnesses: object) -> str:
    """The state a die gets from a model scoring every view ``p`` (with a board's camera or
    none), given the witnesses ``model_call`` takes after the view (strays, pips, side)."""
    model = _constant(p, 0.9)
    monkeypatch.setattr(cocked.CockedModel, "load", staticmethod(lambda *a, **k: model))
    img = np.full((200, 200, 3), 90, np.uint8)
    view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0)) if board else None
    cues = TiltCues(1.0, 1.0, 1.0, 1.0)
    return model_call(img, (100.0, 100.0), 30.0, cues, view, *witnesses).state  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("p", "strays", "board", "state"),
    [
        (0.8, 0, True, "flat"),  # under the model's bar, no second witness
        (0.8, 1, True, "cocked"),  # a stray pip beside it: the lower bar
        (STRAY_THRESHOLD - 0.05, 2, True, "flat"),  # under the lower bar too
        (0.95, 0, True, "cocked"),
        (0.8, 1, False, "flat"),  # no board: the camera is unknown, no call
    ],
)
def test_a_stray_pip_lowers_the_bar_only_with_a_board(
    monkeypatch: pytest.MonkeyPatch, p: float, strays: int, board: bool, state: str
) -> None:
    assert _state(monkeypatch, p, board, strays) == state


@pytest.mark.parametrize(
    ("p", "pips", "board", "state"),
    [
        (0.8, 3, True, "flat"),  # a 1-3 has a bar of its own, over the real flat faces'
        (0.8, 0, True, "flat"),  # so does an unread face
        (0.8, 4, True, "cocked"),  # a face of 4-6 pips: the lower bar
        (0.8, 6, True, "cocked"),
        (FULL_FACE_THRESHOLD - 0.03, 5, True, "flat"),  # under the lower bar too
        (0.8, 5, False, "flat"),  # no board: no call
    ],
)
def test_a_read_face_of_four_to_six_pips_lowers_the_bar(
    monkeypatch: pytest.MonkeyPatch, p: float, pips: int, board: bool, state: str
) -> None:
    assert _state(monkeypatch, p, board, 0, pips) == state


@pytest.mark.parametrize(
    ("p", "pips", "state"),
    [
        (0.87, 1, "cocked"),  # a read 1-3: the bar over the real flat 1-3 faces (0.821)
        (0.87, 3, "cocked"),
        (0.87, 0, "flat"),  # an unread face keeps the model's bar (0.9 here)
        (FEW_PIP_THRESHOLD - 0.02, 2, "flat"),
    ],
)
def test_a_read_face_of_one_to_three_pips_takes_its_own_bar(
    monkeypatch: pytest.MonkeyPatch, p: float, pips: int, state: str
) -> None:
    assert _state(monkeypatch, p, True, 0, pips) == state


def test_find_dice_reports_a_side_faces_pips_as_strays() -> None:
    """A drawn die whose raised side face shows two pips beside its top face's 2: the side
    face's pips are found, counted by no face, and reported as the die's strays."""
    img = np.full((240, 240, 3), 40, np.uint8)
    cv2.rectangle(img, (90, 90), (130, 130), (235, 235, 235), -1)  # top face, a 2
    for x, y in ((99, 99), (121, 121)):
        cv2.circle(img, (x, y), 4, (20, 20, 20), -1)
    cv2.rectangle(img, (90, 131), (130, 152), (200, 200, 200), -1)  # a side face below it
    for x in (100, 120):
        cv2.ellipse(img, (x, 141), (4, 2), 0, 0, 360, (20, 20, 20), -1)
    dice = find_dice(img, die_size_px=40.0, learned_state=False)
    top = [d for d in dice if abs(d.centre[1] - 110) < 6]
    assert len(top) == 1 and top[0].value == 2
    view = CameraView.straight_down((240, 240), 40.0).at(top[0].centre)
    assert strays_beside(top[0].strays, top[0].centre, view) >= 1
    assert all(not d.strays for d in find_dice(img, learned_state=False))  # no die size


@pytest.mark.parametrize(
    ("degrees", "p", "state"),
    [(0, 0.72, "flat"), (35, 0.72, "flat"), (0, 0.8, "cocked"), (35, 0.8, "cocked")],
)
def test_restate_gives_a_read_face_tipped_off_the_board_the_four_to_six_bar(
    monkeypatch: pytest.MonkeyPatch, degrees: float, p: float, state: str
) -> None:
    """restate hands the read face's pips to the model's bar: a 4, flat or with pips that fit
    a face tipped 35 degrees, is judged at the 4-6 bar (0.75; the model's 0.9): flat at p 0.72,
    cocked at 0.8 (a tipped face no longer lowers it: a real flat 6 fits tipped)."""
    from tests.vision.test_dice_face_normal import _face_pips, _tilted
    from vision.cocked_view import board_camera as _camera
    from vision.dice import DieReading
    from vision.dice_tilt import restate

    model = _constant(p, 0.9)
    monkeypatch.setattr(cocked.CockedModel, "load", staticmethod(lambda *a, **k: model))
    corners = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))
    view = _camera(corners, (1280, 960), 25.0).at((600.0, 400.0))
    pips = tuple(_face_pips(view, _tilted(view, degrees, 90)))
    r = DieReading(4, (585, 385, 615, 415), (600.0, 400.0), "flat", 0.9, 25.0, pips,
                   TiltCues(1.0, 1.0, 1.0, 1.0))  # fmt: skip
    img = np.full((960, 1280, 3), 90, np.uint8)
    assert restate(img, [r], corners, 25.0)[0].state == state


@pytest.mark.parametrize(
    ("p", "side", "board", "state"),
    [
        (0.6, False, True, "flat"),  # a read 2 and the model's bar
        (0.6, True, True, "cocked"),  # another face on the die: the side-face bar
        (SIDE_FACE_THRESHOLD - 0.05, True, True, "flat"),  # under that bar too
        (0.6, True, False, "flat"),  # no board: no call
    ],
)
def test_a_second_face_on_the_die_lowers_the_bar(
    monkeypatch: pytest.MonkeyPatch, p: float, side: bool, board: bool, state: str
) -> None:
    assert _state(monkeypatch, p, board, 0, 2, side) == state


@pytest.mark.parametrize(
    ("others", "mate_y", "state"),
    [(False, None, "flat"), (True, None, "cocked"), (True, 427.0, "flat"), (True, 418.0, "cocked")],
)
def test_restate_hands_the_faces_put_aside_on_a_die_to_its_bar(
    monkeypatch: pytest.MonkeyPatch, others: bool, mate_y: float | None, state: str
) -> None:
    """A 2 scoring 0.6 (bar 0.9) is called cocked only when the finder put another face aside
    on its die (a raised side face's 3), and not when that face lies on another die read a die
    side or more away (two dice touching: the face is that die's); a reading nearer than that
    (0.72 die sides) is this die's side face read on its own, and the face stays its witness."""
    from vision.dice import DieReading
    from vision.dice_tilt import restate
    from vision.face_normal import OtherFace

    model = _constant(0.6, 0.9)
    monkeypatch.setattr(cocked.CockedModel, "load", staticmethod(lambda *a, **k: model))
    corners = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))
    pips = ((593.0, 422.0, 2.0), (600.0, 424.0, 2.0), (607.0, 426.0, 2.0))
    side = OtherFace(3, (600.0, 424.0), pips)
    r = DieReading(2, (585, 385, 615, 415), (600.0, 400.0), "flat", 0.9, 25.0,
                   ((594.0, 394.0, 2.0), (606.0, 406.0, 2.0)), TiltCues(1.0, 1.0, 1.0, 1.0),
                   others=(side,) if others else ())  # fmt: skip
    found = [r]
    if mate_y is not None:  # another reading (no tilt cues: restate leaves it as it is)
        found.append(DieReading(3, (588, 412, 612, 436), (600.0, mate_y), "flat", 0.9, 25.0, pips))
    img = np.full((960, 1280, 3), 90, np.uint8)
    assert restate(img, found, corners, 25.0)[0].state == state
