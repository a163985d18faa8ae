"""A side counted three or more short of 15, with a believed checker outside its home (so none
borne off), gives all its missing checkers to one point: a tall dark stack read far short or
empty (vision.checkers.short_side._fill_many).  Renders of ``scripts/render-synthetic --set
train --start 21000`` (IMG_21001-21300, looked at when the rule was made)."""

from __future__ import annotations

import pytest

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.short_side import fill_short

SURE = 0.65


@pytest.mark.parametrize(
    ("index", "point", "stack", "read"),
    [
        (21063, 19, 11, 6),  # a dark pyramid's second layer lost: its side's one doubted stack
        (21229, 23, 10, 0),  # a dark 10 leaning into its column, read empty: the learned cue
        (21002, 17, 9, 5),  # a dark 9 read 5 (1 before the fifth slot's colour): its only doubt
        (21075, 24, 10, 5),  # a dark 10 read 5 and believed: the side's one full first layer
    ],
)
def test_a_tall_dark_stack_takes_its_sides_missing_checkers(
    monkeypatch, index: int, point: int, stack: int, read: int
) -> None:
    counts, board = _count_given(index)
    assert board["black"][point - 1] == stack
    assert counts.black[point - 1] == stack
    assert counts.point_confidence[point - 1] < SURE  # still for the players to confirm
    monkeypatch.setattr("vision.checkers.short_side.MAX_MANY", 2)
    monkeypatch.setattr("vision.checkers.seen_empty.SEEN_FROM", 2.0)  # nor seen_empty after it
    without, _ = _count_given(index)
    assert without.black[point - 1] == read
    others = [i for i in range(24) if i != point - 1]
    assert [counts.white[i] for i in others] == [without.white[i] for i in others]
    assert [counts.black[i] for i in others] == [without.black[i] for i in others]


def _board() -> tuple[list[int], list[int], list[float]]:
    """White 15; black 10 with a believed 2 on point 13 (outside its home) and a doubted 5."""
    white, black = [0] * 24, [0] * 24
    white[0], white[5], white[12] = 5, 5, 5
    black[12], black[18], black[23] = 2, 5, 3
    conf = [1.0] * 24
    conf[18] = 0.5
    return white, black, conf


def test_the_one_doubted_tall_stack_takes_all() -> None:
    white, black, conf = _board()
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert black[18] == 10 and conf[18] == 0.5 and sum(black) == 15


def test_only_a_believed_checker_outside_home_proves_none_off() -> None:
    # The checker outside home is doubted (a phantom on a side bearing off?): left short.
    white, black, conf = _board()
    conf[12] = 0.5
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert black[18] == 5 and black[12] == 2 and sum(black) == 10


def test_a_set_of_fewer_than_fifteen_a_side_is_left_alone() -> None:
    # The other side twelve too (the paper webcam's board): not a fifteen-a-side set.
    white, black, conf = _board()
    white[0] = 2
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert black[18] == 5 and sum(black) == 10
    # The other side fifteen with one on the bar: a set of fifteen.
    white, black, conf = _board()
    white[0] = 4
    conf[7] = 0.5  # a doubted empty point white's missing one may be on (short_unseen)
    fill_short(white, black, 0, 1, conf, [None] * 24)
    assert black[18] == 5
    fill_short(white, black, 1, 0, conf, [None] * 24)
    assert black[18] == 10


def test_two_doubted_tall_stacks_or_two_seen_points_are_left_alone() -> None:
    white, black, conf = _board()
    black[20], black[23], conf[20] = 5, 0, 0.5  # which of two doubted 5s is short?
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert sum(black) == 12
    white, black, conf = _board()
    black[18], conf[18] = 0, 1.0  # black 5 short, the doubted stack gone
    likes: list[bool | None] = [None] * 24
    for i in (16, 20):
        likes[i], conf[i] = True, 0.5
    seen = {16: 0.7, 20: 0.6}
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert sum(black) == 5  # two empty points alike: which?
    seen[20] = 0.05
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert black[16] == 10 and conf[16] == 0.5


def test_nothing_doubted_the_one_full_stack_takes_all_in_doubt() -> None:
    white, black, conf = _board()
    conf[18] = 1.0
    black[20] = 2  # a stack under a full first layer stays as read
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert black[18] == 8 and conf[18] == 0.5 and black[20] == 2
    white, black, conf = _board()
    conf[18], black[20], black[23] = 1.0, 5, 0  # two full stacks: which lost its top?
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert sum(black) == 12 and black[18] == black[20] == 5 and conf[18] == 1.0


def test_a_dark_stack_read_empty_beside_a_doubted_pair_takes_the_missing() -> None:
    # Own IMG_34569's shape: black's dark 10 on point 24 read empty (coloured like neither set,
    # the cue sees a checker there), its doubted pair on point 12 the side's one candidate.
    def board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
        white, black = [0] * 24, [0] * 24
        white[0], white[5], white[12] = 5, 5, 5
        black[11], black[12], black[18] = 2, 1, 2
        conf = [1.0] * 24
        conf[11] = conf[23] = 0.5
        return white, black, conf, [None] * 24

    seen = dict.fromkeys(range(24), 0.02)
    seen[23] = 0.93
    white, black, conf, likes = board()
    fill_short(white, black, 0, 0, conf, likes)
    assert black[11] == 12  # without the cue: the side's one doubted point takes them
    white, black, conf, likes = board()
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[11], black[23], conf[23]) == (2, 10, 0.5)
    white, black, conf, likes = board()
    black[11] = 5  # a doubted full first layer keeps them (its top lost)
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[11], black[23]) == (12, 0)
    white, black, conf, likes = board()
    conf[23] = 1.0  # the point seen is believed empty: not the lost stack's
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[11], black[23]) == (12, 0)


def _dark_board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """White 15; black a believed 2 on point 13 (outside its home) and a doubted 2 on point 23,
    eleven missing; point 17 (and 7) doubted empty, coloured like neither set."""
    white, black = [0] * 24, [0] * 24
    white[0], white[5], white[7] = 5, 5, 5
    black[12], black[22] = 2, 2
    conf = [1.0] * 24
    conf[22] = conf[16] = conf[6] = 0.5
    return white, black, conf, [None] * 24


def test_seen_stack_a_lost_stack_the_cue_sees_not_the_ended_row() -> None:
    # IMG_73237's shape: the cue sees point 17's edge (0.69) and next slot, point 7's edge
    # half (0.38), and nothing past the doubted pair on point 23: the eleven are on 17.
    edge = dict.fromkeys(range(24), 0.02) | {16: 0.69, 6: 0.38}

    def more(i: int, least: float) -> int:
        return 4 if i == 16 else 0

    def past(i: int, least: float, first: int) -> int:
        return 4 if least == 0.0 or i == 16 else 0

    white, black, conf, likes = _dark_board()
    fill_short(white, black, 0, 0, conf, likes, edge.__getitem__, (None, None), more, past)
    assert (black[16], black[22], conf[16]) == (11, 2, 0.5)
    # The pair's next slot seen (or unread under a die): the pair keeps them, as before.
    for seen_past in (lambda i, least, first: 4, lambda i, least, first: 0):
        white, black, conf, likes = _dark_board()
        fill_short(white, black, 0, 0, conf, likes, edge.__getitem__, (None, None), more, seen_past)
        assert (black[16], black[22]) == (0, 13)


def test_seen_unlike_nothing_of_the_sides_doubted_a_seen_dark_point_takes_all() -> None:
    # Own IMG_77419's shape: black's nine on point 12 read empty (like neither set, the cue
    # 0.73 against 0.04 elsewhere) and none of black's points doubted.
    white, black, conf, likes = _dark_board()
    conf[22], conf[6], conf[16] = 1.0, 1.0, 1.0
    conf[11] = 0.5
    edge = dict.fromkeys(range(24), 0.02) | {11: 0.73}
    fill_short(white, black, 0, 0, conf, likes, edge.__getitem__)
    assert (black[11], conf[11]) == (11, 0.5)
    white, black, conf, likes = _dark_board()
    conf[22], conf[6], conf[16] = 1.0, 1.0, 1.0
    fill_short(white, black, 0, 0, conf, likes, edge.__getitem__)  # point 12 believed empty
    assert sum(black) == 4


def test_lone_only_a_seen_point_whose_next_slot_is_plainly_empty_takes_one() -> None:
    # IMG_73159's shape: black's row of one on point 1 doubted (a 3 read 1), point 23 coloured
    # like black and seen (0.90) with nothing past its edge slot: a lone checker, not twelve.
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[12] = 5, 5, 5
    black[0], black[12] = 1, 2
    conf = [1.0] * 24
    conf[0] = conf[22] = 0.5
    likes: list[bool | None] = [None] * 24
    likes[22] = True
    edge = dict.fromkeys(range(24), 0.02) | {22: 0.90}

    def none_past(i: int, least: float, first: int) -> int:
        return 4 if least == 0.0 else 0

    def more(i: int, least: float) -> int:
        return 0

    fill_short(white, black, 0, 0, conf, likes, edge.__getitem__, (None, None), more, none_past)
    assert (black[22], black[0], conf[22], conf[0]) == (1, 1, 0.5, 0.5)
    black[22] = 0
    fill_short(white, black, 0, 0, conf, likes, edge.__getitem__, (None, None), more, None)
    assert black[22] == 12  # the next slot unread: all to the seen point, as before
