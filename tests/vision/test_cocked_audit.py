"""vision.cocked_audit: the renderer's layout recovered without drawing, and the audit's rows."""

from __future__ import annotations

import numpy as np

from tests.vision.board_scenes import train_render
from vision.cocked_audit import AuditRow, RenderedDie, audit, recall_line, rendered_dice


def test_rendered_dice_are_the_rendered_labels() -> None:
    # Train IMG_0001 and IMG_0010 (seed 3000): flat, cocked and on-checker dice.
    for index in (0, 9):
        _, labels = train_render(index)
        dice = rendered_dice(index)
        assert [(list(d.bbox), d.value, d.state) for d in dice] == [
            (lab["bbox"], lab["value"], lab["state"]) for lab in labels["dice"]
        ]
        for d in dice:
            if d.state == "cocked":  # the renderer's range: 12-40 degrees, on a support
                assert 11.0 < d.tilt_deg < 41.0 and d.support is not None
            else:
                assert d.tilt_deg < 0.5 and d.support is None


def _die(bbox: tuple[int, int, int, int], state: str = "cocked") -> RenderedDie:
    return RenderedDie("IMG_0001", bbox, 3, state, 30.0, "checker")


def test_audit_takes_the_best_found_die_in_each_box() -> None:
    dice = [[_die((0, 0, 10, 10)), _die((20, 20, 30, 30))], [_die((0, 0, 10, 10), "flat")]]
    image = np.array([0, 0, 1, 0])
    centre = np.array([[5.0, 5.0], [6.0, 4.0], [5.0, 5.0], [50.0, 50.0]])
    scores = np.array([0.3, 0.95, 0.2, 0.99])
    rows = audit(image, centre, scores, dice)
    assert [r.score for r in rows] == [0.95, None, 0.2]
    line = recall_line([r for r in rows if r.die.state == "cocked"], 0.9)
    assert "found    1 ( 50%)" in line and "called    1" in line and "R of found 100%" in line


def test_audit_row_measures_its_box() -> None:
    r = AuditRow(_die((620, 440, 660, 500)), None)
    assert r.box_side == 60 and r.from_centre == 10.0
