"""A side the one-or-two trim cut doubts its believed rows whose last checker is coloured far
from its set: the phantom the trim took from a doubted stack may stand there
(vision.checkers.trimmed_odd)."""

from __future__ import annotations

import numpy as np

from vision.checkers.model import Found
from vision.checkers.trimmed_odd import ODD_TRIM, doubt_trimmed_odd, trimmed_sides

RED, WHITE = (65.0, 166.0, 151.0), (192.0, 124.0, 133.0)
SETS = [(False, np.array(WHITE)), (True, np.array(RED))]


def _row(
    n: int, last: tuple[float, float, float], colour: tuple[float, float, float]
) -> list[Found]:
    """A row of ``n`` checkers coloured ``colour`` but its last, coloured ``last``."""
    return [Found(21.0 + 42.0 * k, 22.0, 433.0 - 42.0 * k, colour) for k in range(n - 1)] + [
        Found(21.0 + 42.0 * (n - 1), 22.0, 433.0 - 42.0 * (n - 1), last)
    ]


def _board() -> tuple[list[int], list[int], list[list[Found]]]:
    """/tmp/int32/own IMG_77496, board given: black's lone checker on point 1 read 2 (a die on
    it, coloured like white), its 4 on point 23 read 4 and trimmed to 3."""
    white, black = [0] * 24, [0] * 24
    found: list[list[Found]] = [[] for _ in range(24)]
    black[0], found[0] = 2, _row(2, (177.0, 125.0, 131.0), RED)
    black[6], found[6] = 2, _row(2, (63.0, 165.0, 150.0), RED)  # a plain red pair
    black[22], found[22] = 3, _row(3, RED, RED)
    white[1], found[1] = 6, _row(6, WHITE, WHITE)
    return white, black, found


def test_a_trimmed_side_doubts_a_believed_row_whose_last_checker_is_off_its_set() -> None:
    white, black, found = _board()
    conf = [1.0] * 24
    conf[22] = 0.4  # the trimmed stack
    doubt_trimmed_odd(white, black, conf, (False, True), found, SETS)
    assert conf[0] == 0.5  # the die read as point 1's second checker
    assert conf[6] == 1.0  # a row coloured like its set stays believed
    assert conf[1] == 1.0  # the other side was not cut
    assert black[0] == 2  # counts kept


def test_a_side_the_trim_did_not_cut_doubts_nothing() -> None:
    white, black, found = _board()
    conf = [1.0] * 24
    doubt_trimmed_odd(white, black, conf, (False, False), found, SETS)
    assert conf == [1.0] * 24


def test_odd_trim_lies_between_right_rows_and_phantoms() -> None:
    # Right rows on trimmed sides lay 0.5-13 from their set; the phantoms 23-72.
    assert 13.0 < ODD_TRIM < 23.0


def test_trimmed_sides_are_those_the_one_or_two_fix_cut() -> None:
    before = ([0] * 23 + [2], [4] + [0] * 23)
    assert trimmed_sides(before, [0] * 23 + [1], [4] + [0] * 23) == (True, False)
    assert trimmed_sides(before, [0] * 23 + [2], [1] + [0] * 23) == (False, False)  # 3: not the fix
