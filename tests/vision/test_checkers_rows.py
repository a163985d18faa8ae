"""A point's row and the layers on it: pyramid layers from the gaps (vision.checkers.layers),
rims of a row (vision.checkers.row_rims), the checkers of a cell (vision.checkers.stacks)."""

from __future__ import annotations

import numpy as np


def test_pyramid_layers_from_the_gaps_seen() -> None:
    from vision.checkers.layers import pyramid_layers

    assert pyramid_layers([0, 1]) == ([0, 1], 0)  # 7: a second layer seen whole
    assert pyramid_layers([2, 3]) == ([0, 1, 2, 3], 2)  # 11: gaps 0, 1 hidden
    assert pyramid_layers([3]) == ([0, 1, 2, 3], 3)  # 12: gaps 0-2 hidden


def test_second_layer_checkers_from_the_full_rows_rims() -> None:
    from vision.checkers.row_rims import hidden_by_second_layer

    # The edge slot's rim hidden under a checker on gap 0, the others clear: one on top.
    assert hidden_by_second_layer([1.4, 14.8, 23.5, 22.0, 29.3]) == 1
    # Two from the edge hidden (gaps 0 and 1 filled).
    assert hidden_by_second_layer([1.4, 1.2, 4.4, 5.2, 7.7]) == 2
    # Dark checkers on a dark point: all rims faint, nothing to say there is a layer on top.
    assert hidden_by_second_layer([1.1, 1.8, 4.9, 4.7, 7.0]) == 0
    assert hidden_by_second_layer([12.0, 11.0, 13.0, 12.5, 14.0]) == 0


def test_a_rows_last_checker_must_show_its_rim() -> None:
    from vision.checkers.row_rims import row_tail

    assert row_tail([17.9, 17.4, 2.6]) == (2, False)  # a shadow read as a third checker
    assert row_tail([10.2, 11.2, 0.6, 0.5]) == (2, False)
    assert row_tail([12.0, 11.0, 13.0, 14.0]) == (4, False)  # the last the clearest: kept
    assert row_tail([12.0, 10.0, 11.0, 4.0]) == (4, True)  # fading: kept, doubtful
    assert row_tail([1.9, 2.5, 0.5]) == (3, False)  # faint rims say nothing


def test_a_row_of_four_with_a_straddling_circle_is_not_a_pyramid() -> None:
    from vision.checkers.model import Cell
    from vision.checkers.stacks import cell_checkers

    cell, h, half, d, pitch = Cell(1, False, 45, 90), 440, 220, 39.8, 41.0

    def count(alongs: list[float]) -> int:
        circles = np.array([[67.5, h - 1 - a, 0.48 * d] for a in alongs], np.float32)
        strip = np.zeros((half, 45, 3), np.float32)
        diff = np.zeros((half, 45), bool)
        found = cell_checkers(
            cell, strip, diff, circles, 134.0, pitch, d, h, half, sure=circles, raw=circles
        )
        return len(found)

    # Four in a row and a sure circle where the third and fourth touch (a gap): still four.
    assert count([19.5, 58.5, 102.5, 119.5, 143.5]) == 4
    # With the fifth checker's outline too, the circle in the gap is one on top: a pyramid.
    assert count([19.5, 58.5, 102.5, 119.5, 143.5, 183.5]) > 5


def test_a_pyramid_on_a_half_that_barely_holds_five_counts() -> None:
    # Checkers large for their points: five slots need 5.2 d, the half is 5.14 d.  A sure
    # outline on the fifth slot puts a full row there, and the four in its gaps count.
    from vision.checkers.model import Cell
    from vision.checkers.stacks import cell_checkers, first_layer_slots

    d, pitch, half = 44.0, 44.0, 226
    cell = Cell(column=1, top=True, x0=78, x1=122)
    strip = np.full((half, 44, 3), 128.0, np.float32)
    diff = np.zeros((half, 44), bool)

    def count(alongs: list[float]) -> int:
        c = np.array([[100.0, a, d / 2] for a in alongs], np.float32).reshape(-1, 3)
        return len(cell_checkers(cell, strip, diff, c, 0.0, pitch, d, 2 * half, half, [], c, c))

    slots = [0.5 * d + k * pitch for k in range(5)]
    gaps = [0.5 * d + (k + 0.5) * pitch for k in range(4)]
    assert first_layer_slots(half, d, pitch) == 4
    assert count(slots + gaps) == 9
    assert count(slots) == 5
