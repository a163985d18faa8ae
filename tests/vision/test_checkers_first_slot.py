"""The dark edge-slot doubt (vision.checkers.first_slot): a lone dark checker at a dark
triangle's base, read empty, is no longer believed."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.first_slot import dark_edge_doubts, unlike_empty


def test_a_lone_dark_checker_on_a_dark_point_is_doubted() -> None:
    # IMG_0138 (seed train) point 15: black's lone checker at the base of a dark triangle, no
    # outline or rim found, read empty at 1.0 before.
    counts, board = _count_given(137)
    assert board["black"][14] == 1
    assert counts.white[14] + counts.black[14] <= 1
    assert counts.point_confidence[14] < 0.65


def test_the_doubt_needs_the_frames_other_empty_points_plainly_empty() -> None:
    empty, parity, dark = [True] * 5, [0, 0, 0, 1, 1], [True] * 5
    # The same probability on a frame whose other empty points score alike: no doubt.
    assert unlike_empty([0.3, 0.2, 0.25, 0.02, 0.02], empty, parity, dark) == [False] * 5
    # Theirs plainly empty: doubted; an occupied point or a light triangle never.
    assert unlike_empty([0.3, 0.02, 0.05, 0.02, 0.02], empty, parity, dark)[0]
    assert not unlike_empty([0.3, 0.02, 0.05, 0.02, 0.02], [False] * 5, parity, dark)[0]
    assert not unlike_empty([0.3, 0.02, 0.05, 0.02, 0.02], empty, parity, [False] * 5)[0]


def test_light_triangles_never_ask_the_learned_cue() -> None:
    asked: list[int] = []

    def edge_p(idx: int) -> float:
        asked.append(idx)
        return 0.9

    tris = np.array([[180, 128, 128]] * 4, np.float32)
    assert dark_edge_doubts(edge_p, [0, 1, 2, 3], [True] * 4, [0, 1, 0, 1], tris) == [False] * 4
    assert asked == []
