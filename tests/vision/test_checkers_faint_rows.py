"""A row of one or two with no sharp rim anywhere, on a point not dark, is doubtful
(vision.checkers.row_rims): a die's soft shadow or a smudge is read as checkers, a checker's
rim is sharp there (on a dark point a dark checker's is faint anyway)."""

from __future__ import annotations

import math

from tests.vision.test_checkers_under_die import SURE, _read_given
from vision.checkers.model import Cell, Found
from vision.checkers.row_rims import DARK_POINT, RIM_FAINT_ROW, checked_row

_CELL = Cell(column=3, top=True, x0=100, x1=140)
_LIGHT = DARK_POINT + 60.0  # a light triangle's Lab L


def _row(n: int) -> list[Found]:
    return [_CELL.checker_at(20.0 + 40.0 * j, 450, (30.0, 128.0, 128.0)) for j in range(n)]


def test_one_or_two_without_a_sharp_rim_are_doubtful() -> None:
    faint = 0.8 * RIM_FAINT_ROW
    for n in (1, 2):
        fs, doubtful = checked_row(_row(n), [faint] * n, _CELL, 450, 40.0, _LIGHT)
        assert len(fs) == n and doubtful
        # One sharp rim is enough (a lone checker's, or the last of two: the edge one's lies
        # against its neighbour).
        fs, doubtful = checked_row(_row(n), [faint] * (n - 1) + [4.0], _CELL, 450, 40.0, _LIGHT)
        assert len(fs) == n and not doubtful
        # On a dark point a dark checker's rim is faint too: no doubt from it.
        fs, doubtful = checked_row(_row(n), [faint] * n, _CELL, 450, 40.0, DARK_POINT - 30.0)
        assert len(fs) == n and not doubtful


def test_a_rim_under_a_die_is_no_evidence_either_way() -> None:
    fs, doubtful = checked_row(_row(2), [1.0, math.nan], _CELL, 450, 40.0, _LIGHT)
    assert len(fs) == 2 and not doubtful
    fs, doubtful = checked_row(_row(3), [1.0, 1.2, 1.1], _CELL, 450, 40.0, _LIGHT)
    assert len(fs) == 3 and not doubtful  # rows of three on: the tail checks' (faint, no say)


def test_a_dies_shadow_read_as_two_checkers_is_doubted(monkeypatch) -> None:
    # IMG_31645: a die at point 19's edge on a light triangle, its soft shadow read as two
    # black checkers at 1.0 before; the point is empty.
    read = _read_given(31644)
    labelled = read["labels"]["board"]
    assert (labelled["white"][18], labelled["black"][18]) == (0, 0)
    assert read["board"]["black"][18] == 0 or read["conf"][18] < SURE
    monkeypatch.setattr("vision.checkers.row_rims.RIM_FAINT_ROW", 0.0)
    before = _read_given(31644)
    assert before["board"]["black"][18] == 2 and before["conf"][18] >= SURE
