"""A checker under a die takes its colour from its disc round the die, not from the die
(vision.checkers.covered_colour).  Render of ``scripts/render-synthetic --set train --start
69000`` (IMG_69083 of /tmp/unseen52, looked at when the rule was made)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.covered_colour import bare_samples
from vision.checkers.model import Found


def test_bare_samples_a_lone_checker_under_a_dark_die_keeps_its_colour(monkeypatch) -> None:
    # Dark board: white's (brown) lone checker on its point 8 under a near-black die, which
    # had named it black, the set nearer the die's colour.
    counts, board = _count_given(69082)
    assert board["white"][7] == 1
    assert (counts.white[7], counts.black[7]) == (1, 0)
    monkeypatch.setattr("vision.checkers.count.bare_samples", lambda lab, f, feats, *a: feats)
    without = _count_given(69082)[0]
    assert (without.white[7], without.black[7]) == (0, 1)


def test_bare_samples_free_checkers_and_hidden_discs_keep_their_samples() -> None:
    lab = np.full((40, 40, 3), (200.0, 128.0, 128.0), np.float32)
    f = Found(20.0, 20.0, 15.0, (30.0, 128.0, 128.0))
    mask = np.zeros((40, 40), np.uint8)
    # A free checker keeps its centre sample.
    assert bare_samples(lab, [f], [f.colour], np.array([True]), mask, 30.0) == [f.colour]
    # A die box over the whole disc: nothing bare, the centre sample stays.
    box = ((0.0, 0.0, 39.0, 39.0),)
    out = bare_samples(lab, [f], [f.colour], np.array([False]), mask, 30.0, box)
    assert out == [f.colour]
    # The die's own box, no margin: the disc round it is read.
    box = ((14.0, 14.0, 26.0, 26.0),)
    out = bare_samples(lab, [f], [f.colour], np.array([False]), mask, 30.0, box)
    assert out == [(200.0, 128.0, 128.0)]
