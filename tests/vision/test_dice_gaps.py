"""A 2 read where two checkers touch is the board between them, not a die (vision.dice_gaps)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.dice import DieReading
from vision.dice_gaps import out_of_checker_gaps

_R = 20.0  # checker radius, working pixels (frame = working here)
_COLUMN = [(100.0, 100.0 + 2 * _R * k, _R, 0) for k in range(4)]  # touching, down a point


def _die(value: int | None, x: float, y: float) -> DieReading:
    return DieReading(
        value, (int(x) - 10, int(y) - 10, int(x) + 10, int(y) + 10), (x, y), "flat", 0.8, 20.0
    )


def test_a_2_where_two_checkers_touch_is_dropped() -> None:
    rng = np.random.default_rng(7)
    for k in range(3):
        y = 100.0 + 2 * _R * k + _R + rng.normal(0, 2.0)
        assert (
            out_of_checker_gaps([_die(2, 100.0 + rng.normal(0, 2.0), y)], _COLUMN, np.eye(3)) == []
        )


def test_dice_off_the_gaps_and_other_values_stay() -> None:
    on_checker = _die(2, 100.0, 140.0)  # a 2 lying on a checker's middle
    beside = _die(2, 100.0 + 2.2 * _R, 120.0)  # beside the column
    three = _die(3, 100.0, 120.0)  # a gap shows two spots, not three
    apart = [(100.0, 100.0, _R, 0), (100.0, 100.0 + 3 * _R, _R, 0)]  # not touching
    dice = [on_checker, beside, three]
    assert out_of_checker_gaps(dice, _COLUMN, np.eye(3)) == dice
    assert out_of_checker_gaps([_die(2, 100.0, 130.0)], apart, np.eye(3)) != []


def test_an_unread_pair_where_two_checkers_touch_is_dropped_too() -> None:
    """A doubt that voids the gap's 2 (restate, the learned value doubt) leaves its two pips:
    the reading is still the gap, not an unread die (test split IMG_0092 had one kept)."""
    y = 100.0 + _R  # where the first two checkers touch
    pair = ((95.0, y, 2.0), (105.0, y, 2.0))
    unread = replace(_die(None, 100.0, y), pips=pair)
    assert out_of_checker_gaps([unread], _COLUMN, np.eye(3)) == []
    # An unread die of another pip count (or none) is no gap's pair: it stays.
    three = replace(unread, pips=(*pair, (100.0, y, 2.0)))
    bare = _die(None, 100.0, y)
    assert out_of_checker_gaps([three, bare], _COLUMN, np.eye(3)) == [three, bare]
