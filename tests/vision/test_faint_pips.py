"""A flat die doubted only for its faint pips, plainly flat to the cocked model, is believed at
the referee's bar (``vision.faint_pips``); ``dice_place`` gives its faint confidence back on a
doubted point (a checker the count missed may lie under it)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

import vision.faint_pips as faint_pips
from vision.board import BoardGeometry
from vision.checkers.model import CheckerCounts
from vision.dice import DieReading
from vision.dice_place import place_die
from vision.dice_tilt import TiltCues
from vision.faint_pips import BELIEVED_AT, FAINT_FLOOR, lift_faint

CORNERS = ((100.0, 80.0), (1180.0, 80.0), (1180.0, 880.0), (100.0, 880.0))


def _die(confidence: float, state: str = "flat", value: int | None = 4) -> DieReading:
    return DieReading(
        value=value,
        bbox=(600, 450, 640, 490),
        centre=(620.0, 470.0),
        state=state,
        confidence=confidence,
        top_face_size=36.0,
        tilt=TiltCues(1.0, 1.0, 1.0, 1.0),
    )


@pytest.mark.parametrize("plain", [True, False])
def test_faint_flat_die_plainly_flat_is_believed(
    monkeypatch: pytest.MonkeyPatch, plain: bool
) -> None:
    monkeypatch.setattr(faint_pips, "plainly_flat", lambda *a: plain)
    image = np.zeros((960, 1280, 3), np.uint8)
    (r,) = lift_faint(image, [_die(0.45)], CORNERS, 40.0)
    if plain:
        assert (r.confidence, r.faint) == (BELIEVED_AT, 0.45)
    else:
        assert (r.confidence, r.faint) == (0.45, None)


@pytest.mark.parametrize(
    "die",
    [
        _die(FAINT_FLOOR - 0.05),  # fainter than the floor: pips may be noise
        _die(0.45, state="cocked"),  # a cocked die's roll is void whatever it shows
        _die(0.45, value=None),  # nothing read to believe
        _die(0.9),  # already believed
    ],
)
def test_faint_pips_lift_only_faint_read_flat_dice(
    monkeypatch: pytest.MonkeyPatch, die: DieReading
) -> None:
    monkeypatch.setattr(faint_pips, "plainly_flat", lambda *a: True)
    image = np.zeros((960, 1280, 3), np.uint8)
    assert lift_faint(image, [die], CORNERS, 40.0) == [die]


@pytest.mark.parametrize("point_conf, want", [(0.9, BELIEVED_AT), (0.5, 0.45)])
def test_faint_die_on_a_doubted_point_is_asked_again(point_conf: float, want: float) -> None:
    g = BoardGeometry()
    x, y = g.width * 0.8, g.height * 0.9  # a bottom point of the right half, read empty
    counts = CheckerCounts((0,) * 24, (0,) * 24, 0, 0, 15, 15, False, (point_conf,) * 24, 1.0, 1.0)
    reading = SimpleNamespace(
        value=4,
        bbox=(0, 0, 1, 1),
        centre=(x, y),
        state="flat",
        confidence=BELIEVED_AT,
        faint=0.45,
    )
    eye = np.eye(3)
    die = place_die(reading, eye, g, "bottom-right", counts, eye)
    assert (die.state, die.confidence) == ("flat", want)


def test_faint_pips_continue_from_the_views_restate_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    """``restate`` keeps the views its model call scored on a die (``DieReading.views``) and
    ``plainly_flat`` scores only the others: the same call, each view scored once."""
    import cv2

    import vision.dice_tilt as dt
    from vision.cocked import CockedModel
    from vision.cocked_view import CameraView

    image = np.full((960, 1280, 3), 60, np.uint8)
    cv2.rectangle(image, (600, 450), (640, 490), (225, 225, 225), -1)
    for x, y in ((609, 459), (631, 459), (609, 481), (631, 481)):  # a flat 4
        cv2.circle(image, (x, y), 4, (90, 90, 90), -1)
    scored: list[int] = []
    probability = CockedModel.probability

    def counted(self: CockedModel, features: np.ndarray) -> float:
        scored.append(1)
        return probability(self, features)

    monkeypatch.setattr(CockedModel, "probability", counted)
    (judged,) = dt.restate(image, [_die(0.45)], CORNERS, 40.0)
    assert judged.state == "flat" and len(judged.views) == len(scored) > 0
    view = CameraView.from_corners(CORNERS, (1280, 960), 40.0).at(judged.centre)
    scored.clear()
    again = faint_pips.plainly_flat(image, judged, view, 40.0)
    n_again = len(scored)
    scored.clear()
    fresh = faint_pips.plainly_flat(image, replace(judged, views=()), view, 40.0)
    assert again == fresh and n_again == max(0, len(scored) - len(judged.views))
