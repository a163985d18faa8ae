"""The die-cover doubt (vision.checkers.die_cover): an empty point whose edge slot a die partly
covers is believed empty only where what shows round the die is no checker set's colour, or
where that set already has all its checkers on believed counts."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.die_cover import SlotView, doubt_covered, hiders, room_for_one

DARK = np.array([20, 128, 128], np.float32)
CHECKER = np.array([17, 128, 128], np.float32)  # a black checker, a little darker than the triangle
SETS = [
    (True, np.array([14, 128, 128], np.float32)),
    (False, np.array([200, 128, 128], np.float32)),
]


def _view(tri: np.ndarray, die: bool, seen: np.ndarray | None = None) -> SlotView:
    """Two cells (points 1 and 6) on triangles of ``tri``'s colour, showing ``seen``'s (the
    triangle's when not told), a die over the second's edge slot."""
    strips = np.full((2, 60, 40, 3), tri, np.float32)
    if seen is not None:
        strips[:, :30] = seen  # the edge slot (d = 30), the bare triangle past it
    cares = np.ones((2, 60, 40), bool)
    cares[:, :, [0, -1]] = False  # the counter never cares for a strip's side columns
    if die:
        cares[1, :12, 8:32] = False
    return SlotView(
        strips, cares, np.ones((60, 40), bool), np.stack([tri, tri]), SETS, 30.0, [0, 5]
    )


def _short_sides() -> tuple[list[int], list[int]]:
    white, black = [0] * 24, [0] * 24
    white[12], black[23] = 15, 13  # black two short: they may hide anywhere
    return white, black


def test_an_empty_point_a_die_covers_on_a_dark_triangle_is_doubted() -> None:
    white, black = _short_sides()
    conf = [1.0] * 24
    doubt_covered(white, black, conf, _view(DARK, die=True, seen=CHECKER), (0, 0, 1.0))
    assert conf[5] < 0.65  # round the die, nearer black than the triangle: a black checker
    assert conf[0] == 1.0  # no die there


def test_no_doubt_without_a_die_a_set_to_hide_or_room_for_it() -> None:
    white, black = _short_sides()
    conf = [1.0] * 24
    doubt_covered(white, black, conf, _view(DARK, die=False), (0, 0, 1.0))
    assert conf == [1.0] * 24
    # A red triangle, unlike both sets: what the die leaves seen is plainly the bare triangle.
    doubt_covered(
        white, black, conf, _view(np.array([90, 170, 150], np.float32), die=True), (0, 0, 1.0)
    )
    assert conf == [1.0] * 24
    # The bare dark triangle round the die: nearer its own colour than black's.
    doubt_covered(white, black, conf, _view(DARK, die=True), (0, 0, 1.0))
    assert conf == [1.0] * 24
    # Black's two on the bar, believed: black has no checker to hide there (white may not).
    doubt_covered(white, black, conf, _view(DARK, die=True, seen=CHECKER), (0, 2, 1.0))
    assert conf == [1.0] * 24
    assert room_for_one(black, conf, 2, 0.5, 0)  # a doubted bar leaves room
    assert not room_for_one(black, conf, 0, 1.0, 2)  # two seen borne off


def test_a_set_may_hide_only_where_the_seen_part_is_as_near_its_colour() -> None:
    strip = np.full((60, 40, 3), DARK, np.float32)
    care, inside = np.ones((60, 40), bool), np.ones((60, 40), bool)
    care[:12, 8:32] = False
    covered, hide = hiders(strip, care, inside, DARK, SETS, 30.0)
    assert 0.2 < covered < 0.5 and hide == []  # the bare triangle
    strip[:30] = CHECKER
    assert hiders(strip, care, inside, DARK, SETS, 30.0)[1] == [True]
    strip[:30] = SETS[1][1]  # a white checker's colour round the die on a dark triangle
    assert hiders(strip, care, inside, DARK, SETS, 30.0)[1] == [False]
    # The slot all under the die: any set may hide there.
    assert hiders(strip, np.zeros((60, 40), bool), inside, DARK, SETS, 30.0) == (1.0, [True, False])


def test_the_slot_is_weighed_against_its_own_triangle_past_it() -> None:
    # A triangle in shade, darker than the frame's colour for it, beside a darker black set:
    # against the frame's colour the shaded slot looks nearer black; against the same
    # triangle's shade just past the slot it is plainly the triangle.
    frame, shade = np.array([24, 128, 128], np.float32), np.array([16, 128, 128], np.float32)
    sets = [(True, np.array([11, 128, 128], np.float32))]
    strip = np.full((60, 40, 3), shade, np.float32)
    care, inside = np.ones((60, 40), bool), np.ones((60, 40), bool)
    care[:12, 8:32] = False
    assert hiders(strip, care, inside, frame, sets, 30.0)[1] == []
    care[30:] = False  # nothing clear past the slot: the frame's colour is all there is
    assert hiders(strip, care, inside, frame, sets, 30.0)[1] == [True]


def test_a_set_the_triangles_colour_may_hide_whatever_the_seen_part_is_nearer() -> None:
    # IMG_61551: a black checker under a die on a black triangle 0.7 from the set's colour;
    # the seen pixels fell nearer the triangle. Colour cannot show that triangle bare.
    tri = np.array([22, 128, 127], np.float32)
    sets = [
        (True, np.array([24, 128, 127], np.float32)),
        (False, np.array([196, 122, 127], np.float32)),
    ]
    strip = np.full((60, 40, 3), tri, np.float32)
    care, inside = np.ones((60, 40), bool), np.ones((60, 40), bool)
    care[:24, 4:36] = False
    assert hiders(strip, care, inside, tri, sets, 30.0)[1] == [True]
    far = [(True, np.array([30, 128, 127], np.float32))]  # 8 apart: the seen part decides
    assert hiders(strip, care, inside, tri, far, 30.0)[1] == []


def test_a_black_checker_under_a_die_on_a_dark_point_is_doubted() -> None:
    # IMG_40040 (seed train) point 1: black's lone checker on a dark triangle under a cocked
    # die, no outline or colour of its own seen, read empty at 1.0 before.
    counts, board = _count_given(40039)
    assert board["black"][0] == 1
    assert counts.white[0] + counts.black[0] <= 1
    assert counts.point_confidence[0] < 0.65
