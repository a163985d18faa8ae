"""Tilted dice whose pips make no face are found, unread (vision.dice_tilted)."""

from __future__ import annotations

import pytest

from vision.dice_tilted import loose_dice, tilted_dice
from vision.pip_groups import Group, make_group
from vision.pips import Pip

DIE = 44.0  # die side, work pixels (what find_dice reads a board's dice at)


def _pip(x: float, y: float, r: float = 3.0, round_: float = 0.8, dark: bool = True) -> Pip:
    return Pip(x, y, r, dark, 60.0, 200.0, 140.0, round_)


def _read() -> list[Group]:
    """A 2 read elsewhere in the photo: the pips' size the dice of this photo have."""
    return [make_group([_pip(300, 300), _pip(318, 318)], 0.0)]


# Pips a cocked die shows: two of its top face, one of a side face below them.
TILTED = [(100.0, 100.0), (112.0, 96.0), (106.0, 114.0)]


def test_pips_of_a_tilted_die_are_a_die() -> None:
    found = tilted_dice([_pip(x, y) for x, y in TILTED], _read(), DIE)
    assert len(found) == 1
    assert found[0].half == pytest.approx(DIE / 2)
    assert (found[0].cx, found[0].cy) == pytest.approx((106.0, 103.33), abs=0.01)


def test_no_face_read_gives_no_size_and_no_die() -> None:
    assert tilted_dice([_pip(x, y) for x, y in TILTED], [], DIE) == []


@pytest.mark.parametrize(
    "why, pips",
    [
        ("two pips", [_pip(x, y) for x, y in TILTED[:2]]),
        ("spots far larger than the dice's pips", [_pip(x, y, r=5.0) for x, y in TILTED]),
        ("flat spots (a marker's cells)", [_pip(x, y, round_=0.55) for x, y in TILTED]),
        ("two polarities", [_pip(x, y, dark=k != 1) for k, (x, y) in enumerate(TILTED)]),
        ("beside a die read", [_pip(x + 180, y + 180) for x, y in TILTED]),
        ("a row longer than a die", [_pip(100 + 20 * k, 100) for k in range(4)]),
    ],
)
def test_spots_that_are_no_die(why: str, pips: list[Pip]) -> None:
    assert tilted_dice(pips, _read(), DIE) == [], why


def test_two_faces_of_one_die_are_one_die() -> None:
    top = [_pip(x, y) for x, y in TILTED]
    side = [_pip(x + 35, y) for x, y in TILTED]  # past the reach of a pip (22 px)
    found = tilted_dice(top + side, _read(), DIE)
    assert [len(g.pips) for g in found] == [3]


def _faint(x: float, y: float) -> Pip:
    return Pip(x, y, 3.0, True, 25.0, 200.0, 140.0, 0.55)  # contrast 25 against the 2's 60


# Pips of a cocked die showing two faces square enough to the camera: a 2 and a 3 side by
# side, flattened a little (rounder than a board's print, less than a flat face's).
LOOSE = [(100.0, 100.0), (114.0, 112.0), (130.0, 98.0), (140.0, 106.0), (150.0, 114.0)]


def test_loose_pips_of_a_die_are_a_candidate_without_a_face_read() -> None:
    found = loose_dice([_pip(x, y, round_=0.55) for x, y in LOOSE], _read(), DIE)
    assert [len(g.pips) for g in found] == [5]
    assert found[0].half == pytest.approx(DIE / 2)


@pytest.mark.parametrize(
    "why, pips",
    [
        ("two pips", [_pip(x, y, round_=0.55) for x, y in LOOSE[:2]]),
        ("print's ragged spots", [_pip(x, y, round_=0.25) for x, y in LOOSE]),
        ("spots bigger than a die's pips", [_pip(x, y, r=5.0, round_=0.55) for x, y in LOOSE]),
        ("beside a die read", [_pip(x + 180, y + 190, round_=0.55) for x, y in LOOSE]),
        ("a row longer than a cocked die", [_pip(100 + 20 * k, 100) for k in range(5)]),
        ("other polarity than the faces read", [_pip(x, y, 3.0, 0.55, False) for x, y in LOOSE]),
        ("smaller than the faces' pips", [_pip(x, y, r=1.6, round_=0.55) for x, y in LOOSE]),
        ("fainter than the faces' pips", [_faint(x, y) for x, y in LOOSE]),
    ],
)
def test_loose_spots_that_are_no_candidate(why: str, pips: list[Pip]) -> None:
    assert loose_dice(pips, _read(), DIE) == [], why


def test_no_face_read_gives_no_loose_candidate() -> None:
    assert loose_dice([_pip(x, y, round_=0.55) for x, y in LOOSE], [], DIE) == []


def test_a_dies_dark_and_light_clusters_are_one_candidate() -> None:
    dark = [_pip(x, y, round_=0.55) for x, y in LOOSE]
    light = [_pip(x + 4, y + 4, round_=0.55, dark=False) for x, y in LOOSE[:3]]
    read = _read() + [make_group([_pip(600, 300, dark=False), _pip(618, 318, dark=False)], 0.0)]
    assert [len(g.pips) for g in loose_dice(dark + light, read, DIE)] == [5]


@pytest.mark.parametrize("called", ["cocked", "flat"])
def test_restate_keeps_a_loose_candidate_only_when_called_cocked(
    called: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A loose candidate is judged at ``LOOSE_THRESHOLD`` and kept, unread, only if cocked;
    a die read beside it is kept either way."""
    import numpy as np

    import vision.dice_tilt as dt
    from vision.dice import DieReading

    bars: list[bool] = []

    def judged(*args: object, **kw: object) -> dt.ModelCall:
        loose = bool(args[8]) if len(args) > 8 else bool(kw.get("loose", False))
        bars.append(loose)
        return dt.ModelCall(called if loose else "flat")

    monkeypatch.setattr(dt, "model_call", judged)
    cues = dt.TiltCues(1.0, 1.0, 1.0, 1.0)
    box = (280, 280, 320, 320)
    loose = DieReading(None, box, (300.0, 300.0), "flat", 0.5, 30.0, (), cues, loose=True)
    read = DieReading(3, box, (700.0, 500.0), "flat", 0.9, 30.0, ((700.0, 500.0, 3.0),), cues)
    corners = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))
    out = dt.restate(np.zeros((960, 1280, 3), np.uint8), [loose, read], corners, 30.0)
    assert bars == [True, False]
    want = [(None, "cocked"), (3, "flat")] if called == "cocked" else [(3, "flat")]
    assert [(r.value, r.state) for r in out] == want


@pytest.mark.parametrize(("p", "state"), [(0.92, "cocked"), (0.88, "flat")])
def test_a_loose_candidate_takes_the_bar_of_the_models_calls(
    p: float, state: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A loose candidate scoring 0.92 is a cocked die (rendered cocked dice score 0.90-0.93
    there, no die candidate but a marker over 0.89); under the model's own bar it is not.
    Strays beside it do not lower its bar."""
    import numpy as np

    from vision import cocked
    from vision.cocked import N_FEATURES, CockedModel
    from vision.cocked_view import CameraView
    from vision.dice_tilt import TiltCues, model_call

    z, one = np.zeros((N_FEATURES, 1), np.float32), np.ones(N_FEATURES, np.float32)
    logit = float(np.log(p / (1 - p)))  # every view scores p
    zero1 = np.zeros(1, np.float32)
    model = CockedModel(0 * one, one, z, zero1, zero1, logit, 0.905)
    monkeypatch.setattr(cocked.CockedModel, "load", staticmethod(lambda *a, **k: model))
    img = np.full((200, 200, 3), 90, np.uint8)
    view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0))
    cues = TiltCues(1.0, 1.0, 1.0, 1.0)
    got = model_call(img, (100.0, 100.0), 30.0, cues, view, 2, 0, False, True).state
    assert got == state


@pytest.mark.parametrize(("grey", "confidence"), [(True, 0.5), (False, 0.9)])
def test_restate_doubts_a_flat_die_the_model_calls_grey(
    grey: bool, confidence: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A die the model calls flat but grey (``ModelCall.grey``) keeps its state and value;
    its confidence falls to ``GREY_CONFIDENCE``, under the referee's 0.6 (it asks)."""
    import numpy as np

    import vision.dice_tilt as dt
    from vision.dice import DieReading

    monkeypatch.setattr(dt, "model_call", lambda *a, **k: dt.ModelCall("flat", grey=grey))
    cues = dt.TiltCues(1.0, 1.0, 1.0, 1.0)
    read = DieReading(3, (680, 480, 720, 520), (700.0, 500.0), "flat", 0.9, 30.0, (), cues)
    corners = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))
    (out,) = dt.restate(np.zeros((960, 1280, 3), np.uint8), [read], corners, 30.0)
    assert (out.value, out.state, out.confidence) == (3, "flat", confidence)


def _scoring(p: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cocked model stubbed to score every view ``p`` (bar 0.905)."""
    import numpy as np

    from vision import cocked
    from vision.cocked import N_FEATURES, CockedModel

    z, one = np.zeros((N_FEATURES, 1), np.float32), np.ones(N_FEATURES, np.float32)
    zero1 = np.zeros(1, np.float32)
    model = CockedModel(0 * one, one, z, zero1, zero1, float(np.log(p / (1 - p))), 0.905)
    monkeypatch.setattr(cocked.CockedModel, "load", staticmethod(lambda *a, **k: model))


@pytest.mark.parametrize(
    ("p", "ground", "board", "face_area", "grey"),
    [
        (0.6, 30, True, 3.0, True),  # a die apart from a dark board, scored in the grey band
        (0.4, 30, True, 3.0, False),  # under GREY_BAR: plainly flat
        (0.6, 215, True, 3.0, False),  # the board as light as the die: its body runs on
        (0.6, 215, True, 0.0, False),  # ... and its top face unmeasured
        (0.6, 30, False, 3.0, False),  # no board: no grey call
    ],
)
def test_model_call_is_grey_between_the_bars_where_the_die_stands_apart(
    p: float,
    ground: int,
    board: bool,
    face_area: float,
    grey: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A die called flat whose views score between ``GREY_BAR`` and its bar (a read 1: 0.85)
    is grey only with a board and where its body does not run on into the board around it
    (a light die on a board of its colour, its top face's brightness spread into the board
    too: the real paper webcam's flat dice)."""
    import cv2
    import numpy as np

    from vision.cocked_view import CameraView
    from vision.dice_tilt import TiltCues, model_call

    _scoring(p, monkeypatch)
    img = np.full((200, 200, 3), ground, np.uint8)
    cv2.rectangle(img, (85, 85), (115, 115), (220, 220, 220), -1)
    cv2.circle(img, (100, 100), 3, (20, 20, 20), -1)
    view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0)) if board else None
    cues = TiltCues(1.0, 1.0, 1.0, face_area)
    call = model_call(img, (100.0, 100.0), 30.0, cues, view, face_pips=1)
    assert (call.state, call.grey) == ("flat", grey)


@pytest.mark.parametrize(("face_area", "grey"), [(1.2, True), (1.9, False)])
def test_model_call_is_grey_on_a_light_board_where_the_top_face_is_small(
    face_area: float, grey: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a board as light as the die (its body runs on: no grey by the body), a die scored in
    the grey band is grey when its plain top face is small (``TiltCues.face_area`` under
    ``vision.cocked_grey.GREY_FACE_AREA``: a cocked die's foreshortened top), not when it
    spreads as a flat die's does on the real paper webcam's light board."""
    import cv2
    import numpy as np

    from vision.cocked_view import CameraView
    from vision.dice_tilt import TiltCues, model_call

    _scoring(0.6, monkeypatch)
    img = np.full((200, 200, 3), 215, np.uint8)
    cv2.rectangle(img, (85, 85), (115, 115), (220, 220, 220), -1)
    cv2.circle(img, (100, 100), 3, (20, 20, 20), -1)
    view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0))
    cues = TiltCues(1.0, 1.0, 1.0, face_area)
    call = model_call(img, (100.0, 100.0), 30.0, cues, view, face_pips=1)
    assert (call.state, call.grey) == ("flat", grey)


@pytest.mark.parametrize(
    ("p", "strays", "side", "board", "grey"),
    [
        (0.35, 2, False, True, True),  # two stray pips beside the top face, scored over 0.3
        (0.35, 3, True, True, True),  # ... a side face put aside too (its bar 0.5: no other grey)
        (0.6, 2, False, True, True),  # on a board as light as the die: no body condition
        (0.25, 2, False, True, False),  # under STRAYS_GREY_BAR: plainly flat
        (0.35, 1, False, True, False),  # one stray pip: the plain grey bar (0.5)
        (0.35, 2, False, False, False),  # no board: no grey call
    ],
)
def test_model_call_is_grey_from_a_lower_bar_with_two_stray_pips(
    p: float, strays: int, side: bool, board: bool, grey: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A die called flat with ``vision.cocked_grey.STRAYS_GREY`` or more stray pips beside its
    top face (a raised side face's) is grey once its views pass ``STRAYS_GREY_BAR``, wherever
    its body lies (here a light die on a board as light: the plain grey call's body condition
    would hold it flat)."""
    import cv2
    import numpy as np

    from vision.cocked_view import CameraView
    from vision.dice_tilt import TiltCues, model_call

    _scoring(p, monkeypatch)
    img = np.full((200, 200, 3), 215, np.uint8)
    cv2.rectangle(img, (85, 85), (115, 115), (220, 220, 220), -1)
    cv2.circle(img, (100, 100), 3, (20, 20, 20), -1)
    view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0)) if board else None
    cues = TiltCues(1.0, 1.0, 1.0, 3.0)
    call = model_call(img, (100.0, 100.0), 30.0, cues, view, strays, 1, side)
    assert (call.state, call.grey) == ("flat", grey)
