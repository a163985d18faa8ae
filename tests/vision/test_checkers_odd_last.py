"""Doubts that keep a die, a row read short or a missed bar checker from a believed count: a
row's outermost checker coloured like the other set (vision.checkers.last_checker's
doubt_odd_last; a real checker with a die on it spared), verified outlines past a row's end
(doubt_past_row), a row's outermost checker with no outline coloured like its triangle
(doubt_like_triangle), and a bar whose middle shows a set-coloured run beside the checkers
counted (vision.checkers.bar).  Renders of ``scripts/render-synthetic --set train`` (ck25's
range, where the believed-wrong reads were found)."""

from __future__ import annotations

from functools import partial

import numpy as np

from tests.vision.test_checkers_learned import _count_given
from vision.board import BoardGeometry
from vision.checkers.last_checker import (
    doubt_like_triangle,
    doubt_odd_last,
    doubt_past_row,
    row_set_round_die,
)
from vision.checkers.model import Found
from vision.checkers.point_reads import FrameMeasures
from vision.checkers.settle import bar_shared

SURE = 0.65
SETS = [(False, np.array([200.0, 128.0, 128.0])), (True, np.array([40.0, 128.0, 128.0]))]


def _row(*colours: tuple[float, float, float]) -> list[Found]:
    return [Found(20.0 + 43 * k, 10.0, 20.0 + 43 * k, c) for k, c in enumerate(colours)]


def test_a_last_checker_like_the_other_set_is_doubted() -> None:
    found: list[list[Found]] = [[] for _ in range(24)]
    black = [0] * 24
    black[0], black[1], black[2] = 3, 3, 2
    found[0] = _row((40.0, 128, 128), (42.0, 128, 128), (190.0, 128, 130))  # a die as the 3rd
    found[1] = _row((40.0, 128, 128), (42.0, 128, 128), (60.0, 128, 128))  # shaded, still black
    found[2] = _row((40.0, 128, 128), (112.0, 128, 128))  # as near white as black: kept
    conf = [1.0] * 24
    doubt_odd_last([0] * 24, black, conf, found, SETS)
    assert conf[:3] == [0.5, 1.0, 1.0]
    conf = [1.0] * 24
    doubt_odd_last([0] * 24, black, conf, found, SETS[1:])  # one set seen: nothing to ask
    assert conf[0] == 1.0


def test_a_cocked_die_read_as_a_rows_fourth_is_not_believed(monkeypatch) -> None:
    # IMG_52573: black's three on point 19 and a cocked die past them, its corners a circle;
    # read as four, believed, before.
    counts, board = _count_given(52572)
    assert board["black"][18] == 3 and counts.black[18] == 4
    assert counts.point_confidence[18] < SURE
    monkeypatch.setattr("vision.checkers.last_checker.ODD_LAST", 1e9)
    monkeypatch.setattr("vision.checkers.trimmed_odd.ODD_TRIM", 1e9)  # black trimmed too
    assert _count_given(52572)[0].point_confidence[18] >= SURE


def test_a_dark_bar_checker_by_the_cube_leaves_the_bar_in_doubt(monkeypatch) -> None:
    # IMG_52208: white's two on the bar are counted, black's one beside the cube (dark on a
    # dark bar) is not; the bar was believed before.
    counts, board = _count_given(52207)
    assert (board["bar"]["white"], board["bar"]["black"]) == (2, 1)
    assert (counts.bar_white, counts.bar_black) == (2, 0)
    assert counts.bar_confidence < SURE
    monkeypatch.setattr("vision.checkers.bar._uncounted_run", lambda *a: False)
    # Without the run, black one short is left so (its doubted 2 on point 1 plainly ends:
    # ``row_ends``), and the short side doubts its bar too; the fill gave point 1 a third
    # before, and the bar was believed.
    assert _count_given(52207)[0].bar_confidence < SURE
    monkeypatch.setattr("vision.checkers.row_ends.ENDS_BELOW", 0.0)
    assert _count_given(52207)[0].bar_confidence >= SURE


def test_outlines_past_a_rows_end_doubt_it() -> None:
    # ck25 IMG_52306 (found board): four black checkers, the slot grid's pitch (38 px) short
    # of the outlines' (44): two counted, the outlines at 110 and 155 past them.
    found: list[list[Found]] = [[] for _ in range(24)]
    black = [0] * 24
    sure = [np.zeros(0, np.float32) for _ in range(24)]
    black[22], black[5], black[8] = 2, 2, 4
    found[22] = found[5] = _row((40.0, 128, 128), (40.0, 128, 128))  # at 20 and 63
    found[8] = _row(*[(40.0, 128, 128)] * 4)
    sure[22] = np.array([22.5, 65.5, 110.5, 155.5], np.float32)
    sure[5] = np.array([22.5, 65.5, 110.5], np.float32)  # one past: a die, a stray circle
    sure[8] = np.array([22.5, 65.5, 108.0, 151.0], np.float32)  # all in the row
    conf = [1.0] * 24
    doubt_past_row([0] * 24, black, conf, found, sure, 38.0)
    assert (conf[22], conf[5], conf[8]) == (0.5, 1.0, 1.0)


def test_an_unoutlined_last_checker_like_its_triangle_is_doubted() -> None:
    # ck25 IMG_52564 (found board): black's two on a dark point read three, the third the
    # triangle's own colour with no outline on it.
    found: list[list[Found]] = [[] for _ in range(24)]
    black = [0] * 24
    black[0] = black[1] = black[2] = 3
    red, dark = (52.0, 159.0, 143.0), (52.0, 129.0, 127.0)
    found[0] = found[1] = found[2] = _row(red, red, dark)  # at 20, 63, 106
    outlined = [np.zeros(0) for _ in range(24)]
    outlined[0] = np.array([21.5, 63.5])
    outlined[1] = np.array([21.5, 63.5, 104.0])  # the third outlined: a dark checker, kept
    outlined[2] = np.array([21.5, 63.5])
    tris = [np.array([50.0, 129.0, 128.0])] * 24
    tris[2] = np.array([200.0, 128.0, 128.0])  # a light point: the third is no triangle
    sets = [(False, np.array([188.0, 128.0, 130.0])), (True, np.array([57.0, 159.0, 143.0]))]
    conf = [1.0] * 24
    doubt_like_triangle([0] * 24, black, conf, found, outlined, (tris, sets, 43.0))
    assert conf[:3] == [0.5, 1.0, 1.0]


def _measures(lab: np.ndarray, ignore: tuple[tuple[float, float, float, float], ...], d: float):
    """A frame's measures with what settle's die check reads (the rest left empty)."""
    h, w = lab.shape[:2]
    field = np.array([150.0, 128.0, 140.0])
    return FrameMeasures(
        lab, d, d, h, 5, 1.0, ignore, field, [field, field], np.zeros((1, 1), bool),
        np.zeros((0, 3)), np.zeros(0, bool), SETS, False,
    )  # fmt: skip


def test_a_checker_a_die_lies_on_is_spared() -> None:
    """A white die on black's last checker: the checker's sample is the die's colour, but its
    disc round the die shows black: a real checker, not a die read as one. The same die on
    the bare board beside a row (its disc round it the field's) is still doubted."""
    d = 42.0
    lab = np.zeros((200, 300, 3), np.float32)
    lab[:] = (150.0, 128.0, 140.0)  # the field
    yy, xx = np.mgrid[0:200, 0:300]
    lab[(xx - 100) ** 2 + (yy - 100) ** 2 <= (d / 2) ** 2] = (40.0, 128.0, 128.0)  # black
    lab[91:109, 91:109] = (225.0, 128.0, 128.0)  # a white die on it
    lab[91:109, 191:209] = (225.0, 128.0, 128.0)  # a white die on the field
    ignore = ((91.0, 91.0, 109.0, 109.0), (191.0, 91.0, 209.0, 109.0))
    m = _measures(lab, ignore, d)
    tris = [np.array([100.0, 150.0, 150.0])] * 24
    black = [0] * 24
    black[0] = black[1] = 2
    found: list[list[Found]] = [[] for _ in range(24)]
    die = (225.0, 128.0, 128.0)
    found[0] = [Found(20.0, 100.0, 58.0, (40.0, 128, 128)), Found(63.0, 100.0, 100.0, die)]
    found[1] = [Found(20.0, 200.0, 58.0, (40.0, 128, 128)), Found(63.0, 200.0, 100.0, die)]
    under = partial(row_set_round_die, m, tris)
    assert under(0, found[0][-1], True) and not under(0, found[0][-1], False)
    assert not under(1, found[1][-1], True)  # the board shows round the die
    conf = [1.0] * 24
    doubt_odd_last([0] * 24, black, conf, found, SETS, under)
    assert conf[:2] == [1.0, 0.5]
    conf = [1.0] * 24
    doubt_odd_last([0] * 24, black, conf, found, SETS)  # no dice known: both doubted
    assert conf[:2] == [0.5, 0.5]


def test_a_bar_circle_on_a_points_row_leaves_the_bar_in_doubt() -> None:
    """IMG_58431 (a paper board, board given): a circle made of the bar's printed line and the
    rims of a row beside it, smaller than a checker and overlapping the row's checkers, read
    as a bar checker at 0.7. A whole checker on the narrow bar overlaps the row too."""
    geo = BoardGeometry(bar_frac=0.025)
    d, mid = 44.0, geo.width / 2
    found: list[list[Found]] = [[] for _ in range(24)]
    found[6] = [
        Found(20.0 + 46 * k, mid + 27.5, 336.0 + 46 * k, (40.0, 128, 128)) for k in range(4)
    ]
    on_line = np.array([[mid - 0.5, 402.0, 18.0]])
    assert bar_shared(0.7, 1, on_line, found, (geo, d)) == 0.5
    clear = np.array([[mid, 150.0, 20.0]])  # a real bar checker, clear of the row
    assert bar_shared(0.7, 1, clear, found, (geo, d)) == 0.7
    whole = np.array([[mid - 0.5, 402.0, 23.0]])  # a whole checker overlapping the row
    assert bar_shared(0.7, 1, whole, found, (geo, d)) == 0.7
    assert bar_shared(0.7, 0, on_line, found, (geo, d)) == 0.7  # nothing counted there
