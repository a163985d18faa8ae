"""A row's tail that shows neither an outline nor the learned cue's checker is no checkers
(vision.checkers.bare_tail): the colour run went on over the bare point."""

from __future__ import annotations

import numpy as np

from vision.checkers.bare_tail import BARE_P, MAX_ROW, supported

D, PITCH = 40.0, 42.0


def _slot(k: int) -> float:
    return 0.5 * D + k * PITCH


def test_a_lone_checker_read_four_by_its_colour_run_keeps_one() -> None:
    # Own IMG_93127's picture: a white 1 read 4, one outline, the cue [0.97, 0.01, 0, 0].
    p = [0.97, 0.01, 0.0, 0.0]
    assert supported(4, np.array([_slot(0)]), D, PITCH, lambda k: p[k]) == 1


def test_a_slot_with_an_outline_or_a_seen_shape_ends_the_tail() -> None:
    p = [0.9, 0.02, 0.02, 0.02, 0.02]
    outlines = np.array([_slot(0), _slot(1) + 0.2 * D])  # an unverified outline on slot 1
    assert supported(5, outlines, D, PITCH, lambda k: p[k]) == 5  # two kept: left as read
    q = [0.9, BARE_P, 0.02, 0.02]  # the cue half sees slot 1
    assert supported(4, np.array([_slot(0)]), D, PITCH, lambda k: q[k]) == 4


def test_a_longer_row_or_one_bare_slot_is_left_as_read() -> None:
    # The paper webcam's white 4: three outlined, the fourth slot's cue 0.01.
    p = [0.78, 0.25, 0.04, 0.01]
    three = np.array([_slot(0), _slot(1), _slot(2)])
    assert supported(4, three, D, PITCH, lambda k: p[k]) == 4
    assert supported(2, np.array([_slot(0)]), D, PITCH, lambda k: [0.9, 0.0][k]) == 2


def test_a_slot_under_a_die_is_not_taken_for_bare() -> None:
    p: list[float | None] = [0.9, None, 0.0, 0.0]  # None: a die covers slot 1
    assert supported(4, np.array([_slot(0)]), D, PITCH, lambda k: p[k]) == 4


def test_lone_checkers_and_stacks_past_a_first_layer_are_left_alone() -> None:
    bare = lambda k: 0.0  # noqa: E731
    assert supported(1, np.array([]), D, PITCH, bare) == 1
    assert supported(MAX_ROW + 1, np.array([]), D, PITCH, bare) == MAX_ROW + 1
    assert supported(3, np.array([]), D, PITCH, bare) == 0  # a phantom row on a bare point
