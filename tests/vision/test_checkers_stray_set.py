"""A stray colour (a hand's skin, a sleeve) on a point or two takes a colour cluster to itself
and both real sets share the other: the larger cluster's halves are the sets, the frame doubted
(vision.checkers.stray_set.stray_relabelled, session 31)."""

from __future__ import annotations

import numpy as np

from vision.checkers.colours import colour_labels
from vision.checkers.stray_set import stray_relabelled


def _lab(rows: list[tuple[int, int, int]]) -> np.ndarray:
    return np.array(rows, np.float32)


def test_a_stray_colour_on_two_points_gives_the_sets_back() -> None:
    # A near-black set and a brown one (a dark board's), and a skin-coloured sleeve read as
    # six checkers on two points: the 2-means split puts both sets in one cluster.
    black = [(40, 130, 132)] * 12
    brown = [(105, 140, 150)] * 12
    skin = [(180, 150, 160)] * 6
    feats = _lab([*black, *brown, *skin])
    cell = np.array([p for p in range(6) for _ in range(4)] + [6, 6, 6, 7, 7, 7])
    free = np.ones(len(feats), bool)
    before = colour_labels(feats, None, free)
    assert len(set(before[:24].tolist())) == 1  # both sets in one cluster
    after = stray_relabelled(feats, before, free, cell)
    assert after is not None
    assert after[:12].tolist() == [1] * 12 and after[12:24].tolist() == [0] * 12


def test_one_set_beside_a_real_set_on_few_points_is_left_alone() -> None:
    # Late in a game: fifteen whites (lit and shaded) and black's last three checkers on two
    # points.  White's halves are too few to be two sets.
    white = [(225, 128, 130)] * 8 + [(190, 128, 130)] * 7
    feats = _lab([*white, (45, 128, 128), (45, 128, 128), (48, 128, 128)])
    cell = np.array([p for p in range(5) for _ in range(3)] + [5, 5, 6])
    free = np.ones(len(feats), bool)
    labels = colour_labels(feats, None, free)
    assert stray_relabelled(feats, labels, free, cell) is None


def test_a_minority_over_many_points_is_a_set_not_a_stray() -> None:
    black = [(40, 130, 132)] * 10
    brown = [(105, 140, 150)] * 10
    skin = [(180, 150, 160)] * 3
    feats = _lab([*black, *brown, *skin])
    cell = np.array([p for p in range(5) for _ in range(4)] + [5, 6, 7])
    free = np.ones(len(feats), bool)
    labels = colour_labels(feats, None, free)
    assert stray_relabelled(feats, labels, free, cell) is None
