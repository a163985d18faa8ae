"""Confidence of a point's count when an outline continues the row unverified."""

from __future__ import annotations

import numpy as np

from vision.checkers.model import Cell
from vision.checkers.stacks import next_slot_outlined

D, PITCH, H = 44.0, 45.0, 600


def _circles(alongs: list[float], top: bool = True, x: float = 100.0) -> np.ndarray:
    ys = [a if top else H - 1 - a for a in alongs]
    return np.array([[x, y, D / 2] for y in ys], np.float32).reshape(-1, 3)


def test_an_outline_at_the_next_slot_makes_the_count_doubtful() -> None:
    cell = Cell(column=1, top=True, x0=78, x1=122)
    raw = _circles([22, 67, 112, 157, 201])  # five outlines in a row from the edge
    assert next_slot_outlined(raw, cell, H, D, PITCH, 4)  # four counted, a fifth outlined


def test_no_outline_beyond_the_row_leaves_the_count_alone() -> None:
    cell = Cell(column=1, top=True, x0=78, x1=122)
    raw = _circles([22, 67, 112, 157])
    assert not next_slot_outlined(raw, cell, H, D, PITCH, 4)
    # Outlines on another point's column or on the other half do not count.
    assert not next_slot_outlined(_circles([201], x=300.0), cell, H, D, PITCH, 4)
    assert not next_slot_outlined(_circles([201], top=False), cell, H, D, PITCH, 4)


def test_a_faint_dark_checker_on_a_dark_point_shows_a_rim_at_the_edge_slot() -> None:
    import cv2

    from vision.checkers.empty_board import to_lab
    from vision.checkers.outlines import edges_of, slot_rim

    rng = np.random.default_rng(7)
    board: np.ndarray = np.full((240, 200, 3), 40, np.uint8)
    board = cv2.add(board, rng.integers(0, 6, board.shape, dtype=np.uint8))
    with_checker = board.copy()
    # A checker barely darker than its point, its edge a little lighter (a bevel).
    cv2.circle(with_checker, (100, 24), 21, (52, 52, 52), 2)
    cv2.circle(with_checker, (100, 24), 19, (30, 30, 30), -1)
    empty = slot_rim(edges_of(to_lab(board)), 100.0, 22.0, D)
    seen = slot_rim(edges_of(to_lab(with_checker)), 100.0, 22.0, D)
    assert empty < 1.4 <= seen


def test_a_run_of_faint_outlines_from_near_the_edge_is_a_row() -> None:
    from vision.checkers.alongs import alongs_of
    from vision.checkers.weak_slots import weak_rows

    cell = Cell(column=1, top=True, x0=78, x1=122)
    nothing = [False] * 5
    # Slots 2-4 outlined (the first two match their triangle): five from the edge.
    run = _circles([0.5 * D + k * PITCH for k in (2, 3, 4)])
    assert weak_rows(nothing, alongs_of(run, cell, H), D, PITCH) == [True] * 5
    # A lone outline, or one off the slot grid (grain), is not a row.
    lone = alongs_of(_circles([0.5 * D + 2 * PITCH]), cell, H)
    assert weak_rows(nothing, lone, D, PITCH) == nothing
    grain = _circles([0.5 * D + 2 * PITCH, 0.5 * D + 3 * PITCH, 0.5 * D + 3.5 * PITCH])
    assert weak_rows(nothing, alongs_of(grain, cell, H), D, PITCH) == nothing


def test_checkers_without_any_outline_on_them_are_colour_alone() -> None:
    from vision.checkers.model import Found
    from vision.checkers.outlines import outlined_any as _outlined_any

    row = [
        Found(0.5 * D + k * PITCH, 100.0, 0.5 * D + k * PITCH, (0.0, 0.0, 0.0)) for k in range(4)
    ]
    # One outline on the third checker (verified or not) is enough ...
    assert _outlined_any(row, np.array([0.5 * D + 2 * PITCH + 0.2 * D]), D)
    # ... but none, or ones only between slots or beyond the row, are not.
    assert not _outlined_any(row, np.zeros(0, np.float32), D)
    assert not _outlined_any(row, np.array([0.5 * D + 1.5 * PITCH, 0.5 * D + 6 * PITCH]), D)


def test_a_stack_is_colour_only_without_outlines_on_or_between_its_checkers() -> None:
    from vision.checkers.model import Found
    from vision.checkers.outlines import colour_only as _colour_only

    def row(n: int) -> list[Found]:
        return [
            Found(0.5 * D + k * PITCH, 100.0, 0.5 * D + k * PITCH, (0.0, 0.0, 0.0))
            for k in range(n)
        ]

    assert _colour_only(row(4), np.zeros(0, np.float32), D)
    # One stray outline between the slots (a finger's edge) leaves it colour only ...
    assert _colour_only(row(4), np.array([0.5 * D + 1.5 * PITCH]), D)
    # ... a row of them off the slots (the board found a third of a checker off) does not,
    assert not _colour_only(row(4), np.array([0.5 * D + k * PITCH + 0.4 * D for k in range(4)]), D)
    # nor does one on a checker; and one or two checkers are never a colour-only stack.
    assert not _colour_only(row(4), np.array([0.5 * D + 2 * PITCH]), D)
    assert not _colour_only(row(2), np.zeros(0, np.float32), D)


def test_a_side_over_fifteen_gives_up_a_loose_checker_first() -> None:
    from vision.checkers.totals import fit_total

    # Sixteen: a row of three read less surely (its colour run's rounding) and a lone checker
    # with no outline on it, more surely (no rule doubted it).
    counts = [5, 5, 3, 1, 2] + [0] * 19
    conf = [1.0, 1.0, 0.3, 0.5, 1.0] + [1.0] * 19
    loose = [False, False, False, True, False] + [False] * 19
    assert fit_total(list(counts), 0, list(conf)) == (0, 1.0)
    plain = list(counts)
    fit_total(plain, 0, list(conf))
    assert plain[2:4] == [2, 1]  # the least certain point gives one up
    first = list(counts)
    fitted_conf = list(conf)
    fit_total(first, 0, fitted_conf, first=loose)
    assert first[2:4] == [3, 0] and fitted_conf[3] <= 0.4  # the loose checker goes first
    # A bar checker no surer than the loose one still goes before it.
    with_bar = [5, 5, 3, 1] + [0] * 20
    assert fit_total(with_bar, 2, list(conf), 0.5, first=loose) == (1, 0.4)
    assert with_bar[3] == 1
