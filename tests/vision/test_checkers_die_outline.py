"""A die lying past a row: the outline round it (its corners and shadow) proves no checkers
between the row and the die (vision.checkers.stacks.cell_checkers: outlines further out prove
the checkers between only when clear of the dice).  Renders of ``scripts/render-synthetic --set
train`` (/tmp/unseen19 and /tmp/unseen22, looked at when the rule was made)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given


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
