"""A row of five whose middle slots show no rim above their gaps' is a pyramid's first layer
under a second (vision.checkers.covered_rest): a side short three or more, that five its one
doubted tall stack, holds the missing there rather than calling them borne off."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.checkers.covered_rest import MOST, covered_five, covered_rest
from vision.checkers.short_side import fill_short


def _board() -> tuple[list[int], list[int], list[float], Callable[[int], bool]]:
    """White 15; black 12, all on its home points (IMG_77623's picture: a dark
    pyramid of 8 on point 24 read as a row of 5, doubted; three missing)."""
    white, black = [0] * 24, [0] * 24
    white[0], white[1], white[2], white[12] = 5, 3, 2, 5
    black[20], black[22], black[23] = 3, 4, 5
    conf = [1.0] * 24
    conf[23] = 0.5
    return white, black, conf, lambda i: i == 23


def test_covered_five_tells_a_second_layer_from_a_row_by_its_rims() -> None:
    # Rims at gap 0, slot 1, gap 1, slot 2, gap 2, slot 3, gap 3 (own IMG_77698, IMG_77709:
    # dark tens read five; IMG_77639: a dark row of five).
    assert covered_five(np.array([1.1, 1.3, 1.4, 1.1, 1.2, 1.2, 1.1]))
    assert covered_five(np.array([0.9, 1.2, 1.3, 1.2, 1.3, 1.0, 1.2]))
    assert not covered_five(np.array([1.1, 1.7, 1.0, 1.8, 1.1, 2.1, 1.2]))
    assert not covered_five(np.array([1.1, 4.0, 1.0, 5.0, 1.1, 4.5, 1.2]))  # clear rims
    assert not covered_five(np.array([1.1, np.nan, 1.0, 1.2, 1.1, 1.1, 1.2]))  # a die on it


def test_covered_rest_puts_the_missing_on_the_covered_five() -> None:
    white, black, conf, covered = _board()
    fill_short(white, black, 0, 0, conf, [None] * 24, covered=covered)
    assert black[23] == 8
    assert conf[23] == 0.5  # still for the players to confirm


def test_covered_rest_not_without_the_rims_proof() -> None:
    # A doubted five whose rims show a row: the three may be borne off (all black's at home).
    white, black, conf, covered = _board()
    fill_short(white, black, 0, 0, conf, [None] * 24, covered=lambda i: False)
    assert black[23] == 5


def test_covered_rest_not_past_a_pyramid_of_most() -> None:
    white, black, conf, covered = _board()
    black[22] = 0  # seven missing: a 12 at most
    assert covered_rest(black, 7, covered, [23]) == 23
    black[20] = 0  # ten missing: 15, past MOST
    assert 5 + 10 > MOST
    assert covered_rest(black, 10, covered, [23]) is None


def test_covered_rest_not_with_another_doubted_tall_stack() -> None:
    white, black, conf, covered = _board()
    black[20], black[22], conf[22] = 0, 5, 0.5  # a second doubted five: which?
    assert covered_rest(black, 5, covered, [22, 23]) is None
    fill_short(white, black, 0, 0, conf, [None] * 24, covered=covered)
    assert black[23] == 5


def test_covered_rest_not_when_the_trays_are_read() -> None:
    # Black's borne off seen (believed tray count): the short count is already less those.
    white, black, conf, covered = _board()
    fill_short(white, black, 0, 0, conf, [None] * 24, off=(None, 3), covered=covered)
    assert black[23] == 5


def test_covered_rest_only_the_dark_set() -> None:
    # White's five flat-rimmed on a light board is as often a phantom (dev IMG_0007 found).
    white, black, conf, covered = _board()
    black, white = white, [0] * 24
    white[0], white[2], white[3] = 5, 4, 3  # white 12, all at home; point 1's 5 doubted
    conf = [1.0] * 24
    conf[0] = 0.5
    fill_short(white, black, 0, 0, conf, [None] * 24, covered=lambda i: i == 0)
    assert white[0] == 5
