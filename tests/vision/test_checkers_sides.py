"""A dark stack read empty hides its triangle's sides (vision.checkers.triangle_sides): the
point is doubted, not believed empty.  Renders of ``scripts/render-synthetic --set train``
(IMG_20207 and IMG_20330, looked at when the cue was made; its thresholds were read off dev and
/tmp/train)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.triangle_sides import hidden_sides, sides_seen

SURE = 0.65


@pytest.mark.parametrize(("index", "point", "stack"), [(20206, 19, 6), (20329, 24, 7)])
def test_a_dark_stack_read_empty_is_not_believed(
    monkeypatch, index: int, point: int, stack: int
) -> None:
    # As counted, before a side far short gives it its missing checkers (short_side) or the
    # learned cue with the slot's colour and rim counts it (seen_empty).
    monkeypatch.setattr("vision.checkers.short_side.MAX_MANY", 2)
    monkeypatch.setattr("vision.checkers.seen_empty.SEEN_FROM", 2.0)
    counts, board = _count_given(index)
    assert board["black"][point - 1] == stack
    # Dark checkers on a dark triangle, no outline: the counter still reads the point empty...
    assert counts.black[point - 1] == counts.white[point - 1] == 0
    # ... but no longer believes it.
    assert counts.point_confidence[point - 1] < SURE


def test_the_cue_doubts_no_empty_point_that_shows_its_sides(monkeypatch) -> None:
    monkeypatch.setattr("vision.checkers.short_side.MAX_MANY", 2)  # the cue alone
    monkeypatch.setattr("vision.checkers.seen_empty.SEEN_FROM", 2.0)
    monkeypatch.setattr("vision.checkers.slot_model.PAIR_FROM", 2.0)  # (it doubts pt19 too)
    monkeypatch.setattr("vision.checkers.first_slot.EDGE_DOUBT", 2.0)  # (so does it)
    counts, board = _count_given(20206)
    monkeypatch.setattr("vision.checkers.triangle_sides.DOUBT_SHARE", 0.0)
    without, _ = _count_given(20206)
    assert without.white == counts.white and without.black == counts.black
    changed = [i for i in range(24) if without.point_confidence[i] != counts.point_confidence[i]]
    assert changed == [18]  # pt19, the hidden stack, and no truly empty point
    assert board["white"][18] + board["black"][18] > 0


def test_sides_hidden_only_against_the_frames_other_empty_points() -> None:
    # Three empty dark points; one shows a tenth of its sides: doubted.  If every point of
    # that colour shows few, nothing can be told.
    assert hidden_sides([1.0, 0.9, 0.1], [True] * 3, [0, 0, 0]) == [False, False, True]
    assert hidden_sides([0.3, 0.2, 0.1], [True] * 3, [0, 0, 0]) == [False] * 3
    # Other colours' points are no reference; points with checkers are not judged.
    assert hidden_sides([1.0, 0.9, 0.1], [True] * 3, [1, 1, 0]) == [False] * 3
    assert hidden_sides([1.0, 0.9, 0.1], [True, True, False], [0, 0, 0]) == [False] * 3


def test_a_triangle_like_its_field_tells_nothing() -> None:
    strip = np.full((200, 40, 3), (60.0, 128.0, 128.0), np.float32)
    care = np.ones((200, 40), bool)
    same = np.array([62, 128, 128], np.float32)
    field = np.array([60, 128, 128], np.float32)
    assert sides_seen(strip[None], care[None], 160.0, 30.0, same[None], field) == [None]
