"""A die lying past a row: the outline round it (its corners and shadow) proves no checkers
between the row and the die (vision.checkers.stacks.cell_checkers: outlines further out prove
the checkers between only when clear of the dice).  Renders of ``scripts/render-synthetic --set
train`` (/tmp/unseen19 and /tmp/unseen22, looked at when the rule was made)."""

from __future__ import annotations

import numpy as np

from tests.vision.test_checkers_even_step import _circles
from tests.vision.test_checkers_learned import _count_given
from vision.checkers.model import Cell
from vision.checkers.stacks import cell_checkers


def test_a_die_past_a_lone_checker_adds_none() -> None:
    # IMG_27581: white's one checker on its point 1 of a light board, a die two slots out on
    # the cream triangle; a circle round the die made the row 3.
    counts, board = _count_given(27580)
    assert (board["white"][0], board["black"][0]) == (1, 0)
    assert (counts.white[0], counts.black[0]) == (1, 0)


def test_a_die_past_a_row_of_two_adds_none() -> None:
    # IMG_20999: black's two wooden checkers on point 15 of a cream board, a die by the
    # triangle's tip; a sure circle round the die made the row 5, believed (0.95).
    counts, board = _count_given(20998)
    assert (board["white"][14], board["black"][14]) == (0, 2)
    assert (counts.white[14], counts.black[14]) == (0, 2)


def test_a_die_on_a_bare_point_is_no_row() -> None:
    # IMG_58048: a die alone on a bare cream point of a paper board, a slot out from the edge;
    # the sure circle round it stood for a second checker, so the unseen first was inferred
    # and the point read two white.
    counts, board = _count_given(58047)
    assert (board["white"][2], board["black"][2]) == (0, 0)
    assert (counts.white[2], counts.black[2]) == (0, 0)


def test_a_circle_on_a_die_alone_infers_no_first_checker() -> None:
    cell, h, half, d, pitch = Cell(0, True, 0, 45), 448, 224, 40.0, 41.0
    circles = _circles(cell, h, d, pitch, np.array([1.0]))
    strip = np.zeros((half, 45, 3), np.float32)
    diff = np.zeros((half, 45), bool)

    def counted(on_die: bool) -> int:
        found = cell_checkers(
            cell,
            strip,
            diff,
            circles,
            0.0,
            pitch,
            d,
            h,
            half,
            sure=circles,
            raw=circles,
            on_die=np.array([on_die]),
        )
        return len(found)

    assert counted(False) == 2  # a checker's outline a slot out: the first is under it
    assert counted(True) == 0
