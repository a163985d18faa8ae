"""A die on the bar: a bar count whose bar circle a die's box reaches is doubted
(vision.checkers.bar_dice).  Renders of ``scripts/render-synthetic --set train`` (/tmp/unseen32,
/tmp/unseen34: looked at when the rule was made)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_learned import _count_given
from vision.board import BoardGeometry
from vision.checkers.bar_dice import DIE_ON_BAR_CONFIDENCE, die_on_bar

SURE = 0.65


def test_a_die_on_the_bar_doubts_the_bar_count(monkeypatch) -> None:
    # IMG_40325: a die lying across a wooden bar read as black's checker there, believed.
    counts, board = _count_given(40324)
    assert (board["bar"]["white"], board["bar"]["black"]) == (0, 0)
    assert counts.bar_white + counts.bar_black > 0
    assert counts.bar_confidence < SURE
    monkeypatch.setattr("vision.checkers.bar_dice.DIE_SHARE", 2.0)  # the rule off
    assert _count_given(40324)[0].bar_confidence >= SURE


def test_only_a_bar_circle_the_die_reaches_is_in_question() -> None:
    geo = BoardGeometry(width=240, height=180, bar_frac=0.08)
    circles = np.array([[120.0, 60.0, 8.0], [60.0, 20.0, 8.0]])
    dice = np.zeros((180, 240), np.uint8)
    dice[10:30, 52:70] = 1  # a die over a point's circle, not the bar's
    assert die_on_bar((1, 0, 0.7), circles, dice, geo, 18.0) == (1, 0, 0.7)
    dice[64:80, 118:130] = 1  # and one over the bar circle's lower part
    assert die_on_bar((1, 0, 0.7), circles, dice, geo, 18.0)[2] == DIE_ON_BAR_CONFIDENCE
    assert die_on_bar((0, 0, 0.8), circles, dice, geo, 18.0) == (0, 0, 0.8)  # an empty bar


def test_one_bar_checker_found_twice_doubts_the_bar_count(monkeypatch) -> None:
    # IMG_44347: white's one bar checker found as two circles 0.3 checkers apart, both with
    # clear rims, counted two and believed.
    counts, board = _count_given(44346)
    assert (board["bar"]["white"], board["bar"]["black"]) == (1, 0)
    assert counts.bar_white == 2
    assert counts.bar_confidence < SURE
    monkeypatch.setattr("vision.checkers.bar_dice.TWICE", 0.0)  # the rule off
    assert _count_given(44346)[0].bar_confidence >= SURE
