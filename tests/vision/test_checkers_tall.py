"""Tall stacks read short: a full row's faint edge rim, a die over its rims, a dark stack fanned
to the middle with no outlines (counted by its profile's period)."""

from __future__ import annotations

import numpy as np

from vision.checkers.fanned import fanned_count
from vision.checkers.model import Cell, Found
from vision.checkers.row_rims import faint_edge, hidden_by_second_layer
from vision.checkers.stacks import cell_checkers

NAN = float("nan")


def test_a_full_rows_faint_edge_rim_is_doubtful() -> None:
    # A six whose top checker (on gap 0) no outline showed: its edge rim 1.8 beside 3.9s.
    assert faint_edge([1.8, 3.9, 3.8, 3.9, 5.1])
    # Under 1.5 it was doubtful already; a clear edge rim, or a faint one beside rims as faint
    # (dark on dark: all of them low), is not.
    assert faint_edge([1.2, 1.3, 1.2, 1.4, 2.0])
    assert not faint_edge([4.7, 9.1, 9.3, 9.0, 9.9])
    assert not faint_edge([1.6, 2.8, 2.9, 2.8, 3.5])
    # Slots under a die (NaN) are left out of the reference.
    assert faint_edge([1.7, NAN, 4.0, NAN, 5.0])


def test_an_edge_rim_of_two_to_three_beside_very_clear_ones_is_covered_too() -> None:
    from vision.checkers.row_rims import checked_row

    # Dark sixes read five and believed (own IMG_48201-48600): edge rims 2.0 beside 10-20.
    assert faint_edge([2.01, 19.54, 20.49, 20.02, 21.65])
    assert faint_edge([2.04, 10.4, 10.48, 10.65, 12.25])
    # Past 0.3 of the next ones', or from 3 on, or beside rims as faint: not.
    assert not faint_edge([2.5, 7.9, 8.0, 8.2, 9.0])
    assert not faint_edge([3.1, 20.0, 21.0, 20.5, 22.0])
    assert not faint_edge([2.0, 1.6, 1.7, 1.5, 2.9])
    cell = Cell(0, True, 0, 45)
    fs = [Found(21.0 + 43.0 * k, 22.0, 21.0 + 43.0 * k, (20.0, 128.0, 128.0)) for k in range(5)]
    kept, doubtful = checked_row(fs, [2.01, 19.54, 20.49, 20.02, 21.65], cell, 480, 43.0)
    assert len(kept) == 5 and doubtful


def test_a_die_on_the_row_leaves_the_other_rims_to_judge_by() -> None:
    # The edge slot's rim hidden under a checker on gap 0, two slots under a die.
    assert hidden_by_second_layer([0.97, 6.9, NAN, NAN, 7.1]) == 1
    # The edge slot itself under a die: nothing to say.
    assert hidden_by_second_layer([NAN, 6.9, 7.0, 7.2, 7.1]) == 0
    assert hidden_by_second_layer([6.5, 6.9, NAN, NAN, 7.1]) == 0


def _strip(half: int, width: int, d: float, step: float, n: int) -> np.ndarray:
    """A point's strip (edge at row 0) with ``n`` dark discs every ``step`` from the edge,
    each disc's rim lighter than its face (shading), on a field as dark as the discs."""
    yy, xx = np.mgrid[0:half, 0:width].astype(np.float32)
    strip = np.full((half, width, 3), (30.0, 128.0, 128.0), np.float32)
    for k in range(n):
        cy = 0.5 * d + k * step
        r = np.hypot(xx - width / 2.0, yy - cy)
        strip[(r < 0.5 * d), 0] = 24.0
        strip[(np.abs(r - 0.45 * d) < 2.0), 0] = 46.0  # the rim's highlight
    return strip


def test_fanned_count_leaves_a_period_near_a_pitch_to_a_row() -> None:
    d, pitch, half, width = 40.0, 45.0, 224, 45
    fanned = _strip(half, width, d, (half - d) / 5, 6)
    row = _strip(half, width, d, pitch, 5)
    assert fanned_count(fanned, half, pitch, d, shorter=0.85 * pitch) == 6
    assert fanned_count(row, half, pitch, d, shorter=0.85 * pitch) is None


def test_a_dark_stack_fanned_to_the_middle_without_outlines_counts_by_its_period() -> None:
    # The half holds five at most (five rows run to the middle too): a six fanned to the middle
    # (dark on dark: no outline found) read four before, by its slots.
    cell, h, half, d, pitch = Cell(11, False, 555, 600), 448, 224, 40.0, 45.0
    none = np.zeros((0, 3), np.float32)

    def count(strip: np.ndarray) -> int:
        diff = np.zeros((half, 45), bool)
        found = cell_checkers(
            cell, strip, diff, none, float(half), pitch, d, h, half, sure=none, raw=none
        )
        return len(found)

    assert count(_strip(half, 45, d, (half - d) / 5, 6)) == 6
    assert count(_strip(half, 45, d, pitch, 5)) <= 5


def test_a_believed_row_the_learned_cue_sees_go_on_is_doubted() -> None:
    from vision.checkers.seen_empty import GOES_ON, doubt_going_on

    white, black = [0] * 24, [0] * 24
    white[0], black[16], black[20], white[5] = 1, 2, 5, 3
    conf = [1.0] * 24
    conf[5] = 0.5
    asked: list[tuple[int, int]] = []

    def seen_from(i: int, least: float, first: int) -> int:
        # The cue sees a checker past point 17's pair (its slot 2) and past the others too.
        assert least == GOES_ON
        asked.append((i, first))
        return 1 if i in (16, 20, 5) else 0

    doubt_going_on(white, black, conf, seen_from)
    assert conf[16] == 0.5  # a two read one at 1.0 before
    assert conf[0] == 1.0  # the cue sees nothing past it
    assert conf[20] == 1.0  # five: a full row, not asked
    assert conf[5] == 0.5  # doubted already, not asked
    assert sorted(asked) == [(0, 1), (16, 2)]


def test_a_fanned_chain_whose_edge_checker_shows_no_outline_counts_from_the_edge() -> None:
    from vision.checkers.fanned import chain_count

    d, pitch, half = 42.0, 41.0, 217
    # Six fanned at 0.88 pitch against the frame: the edge one's rim cut, the chain starts at
    # the second, 1.3 d from the edge (a step from the edge slot).
    chain = 0.5 * d + 36.0 * np.arange(1, 6)
    assert chain_count(chain, d, pitch, half, even_only=True) == 6
    # A chain whose first outline is off that step is not a stack from the edge.
    assert chain_count(chain + 12.0, d, pitch, half, even_only=True) is None
    # A row's slots 1-4 (its edge checker unseen) step a whole pitch: no fanned chain.
    assert chain_count(0.5 * d + pitch * np.arange(1, 5), d, pitch, half, even_only=True) is None


def test_a_full_rows_faint_edge_slots_beside_a_clear_far_one_are_covered() -> None:
    from vision.checkers.row_rims import checked_row, covered_edges

    # A dark pyramid of 8 read as its row of 5: gaps 0-2's checkers hide slots 0-2's rims.
    rims = [1.63, 1.29, 1.23, 2.7, 5.19]
    assert covered_edges(rims)
    # A row of five whose rims are alike (all faint on a dark point, or all clear) is not.
    assert not covered_edges([1.2, 1.3, 1.1, 1.4, 2.0])
    assert not covered_edges([3.9, 3.2, 3.4, 4.9, 8.0])
    # A die on one leaves the two that show to judge by (own IMG_62866: a nine read five at
    # 1.0, its edge slot under a die); edge rims of 2-3 beside a far one of 16 are covered too
    # (a nine read five believed under a 0.3 px corner shift); one edge slot alone says nothing.
    assert covered_edges([1.6, NAN, 1.2, 2.7, 5.2])
    assert covered_edges([NAN, 1.13, 1.25, 1.28, 4.94])
    assert covered_edges([2.48, 1.74, 1.17, 1.43, 16.17])
    assert not covered_edges([NAN, NAN, 1.2, 2.7, 5.2])
    assert not covered_edges([NAN, 4.67, 5.25, 5.71, 7.74])
    cell = Cell(0, True, 0, 45)
    fs = [Found(21.0 + 43.0 * k, 22.0, 21.0 + 43.0 * k, (20.0, 128.0, 128.0)) for k in range(5)]
    kept, doubtful = checked_row(fs, rims, cell, 480, 43.0)
    assert len(kept) == 5 and doubtful


def test_a_tight_fanned_stack_counts_by_its_step_when_twice_it_peaks_as_high() -> None:
    # Twelve fanned at under half a pitch whose every other rim is lighter: the profile repeats
    # at twice the step a little more than at it (own IMG_63068: a light 12 read 7).
    d, pitch, half, width, step = 38.0, 41.0, 250, 41, 18.8
    yy, xx = np.mgrid[0:half, 0:width].astype(np.float32)
    strip = np.full((half, width, 3), (30.0, 128.0, 128.0), np.float32)
    for k in range(12):
        r = np.hypot(xx - width / 2.0, yy - (0.5 * d + k * step))
        strip[(r < 0.5 * d), 0] = 24.0
        strip[(np.abs(r - 0.45 * d) < 2.0), 0] = 56.0 if k % 2 else 46.0
    assert fanned_count(strip, d + 11 * step, pitch, d) == 12
