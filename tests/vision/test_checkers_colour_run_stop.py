"""A row whose colour run saw its set and stops before a slot nothing sees: an outline further
out proves no checkers between (vision.checkers.stacks.cell_checkers).  Renders of
``scripts/render-synthetic --set train`` (/tmp/unseen14 and /tmp/unseen20, looked at when the rule
was made)."""

from __future__ import annotations

from tests.vision.test_checkers_learned import _count_given


def test_an_outline_past_a_bare_slot_adds_none() -> None:
    # IMG_14199: white's 2 on point 24, its colour run two slots long; a circle two bare slots
    # further out made the row 5, believed (0.91).
    counts, board = _count_given(14198)
    assert (board["white"][23], board["black"][23]) == (2, 0)
    assert (counts.white[23], counts.black[23]) == (2, 0)


def test_a_row_of_two_beside_a_tall_stack_stays_two() -> None:
    # IMG_25142: black's 2 on point 24 read 4 (doubtfully) from an outline past a bare slot,
    # so black's side looked whole and its doubted 9 on point 23, read short, took none back.
    counts, board = _count_given(25141)
    assert (board["black"][22], board["black"][23]) == (9, 2)
    assert (counts.black[22], counts.black[23]) == (9, 2)
