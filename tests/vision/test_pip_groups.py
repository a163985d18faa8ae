"""vision.pip_groups: splitting a pip cluster at its longest spanning-tree hop."""

from __future__ import annotations

import numpy as np

from vision.pip_groups import mst_cut


def test_two_faces_side_by_side_split_apart() -> None:
    six = [(0, 0), (0, 10), (0, 20), (12, 0), (12, 10), (12, 20)]
    four = [(40, 0), (40, 12), (52, 0), (52, 12)]
    a, b = mst_cut(np.array(six + four, float))
    assert {frozenset(a), frozenset(b)} == {frozenset(range(6)), frozenset(range(6, 10))}


def test_tiny_inputs() -> None:
    assert mst_cut(np.zeros((1, 2))) == ([0], [])
    a, b = mst_cut(np.array([[0, 0], [5, 0]], float))
    assert sorted(a + b) == [0, 1] and len(a) == len(b) == 1
