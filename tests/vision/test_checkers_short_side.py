"""A side counted short of 15 that cannot have borne off takes its missing checkers on its
doubted points (vision.checkers.short_side).  Renders of ``scripts/render-synthetic --set
train --start 21000`` (IMG_21001-21300, looked at when the rule was made)."""

from __future__ import annotations

import functools

import pytest

from tests.vision.test_checkers_learned import _count_given
from vision.checkers.short_side import fill_short

SURE = 0.65


@pytest.mark.parametrize(
    ("index", "point", "colour", "stack"),
    [
        (21176, 2, "black", 1),  # a dark checker read empty: its side's one doubted point
        (21096, 16, "black", 1),  # one of three doubted empty points: the learned cue's pick
    ],
)
def test_the_missing_checker_goes_to_the_doubted_point(
    monkeypatch, index: int, point: int, colour: str, stack: int
) -> None:
    counts, board = _count_given(index)
    assert board[colour][point - 1] == stack
    assert getattr(counts, colour)[point - 1] == stack
    assert counts.point_confidence[point - 1] < SURE  # still for the players to confirm
    monkeypatch.setattr("vision.checkers.short_side.MAX_FILL", 0)
    monkeypatch.setattr("vision.checkers.seen_many.SEEN", 2.0)  # it places some of these too
    without, _ = _count_given(index)
    assert getattr(without, colour)[point - 1] == stack - 1
    # Nothing else moves.
    others = [i for i in range(24) if i != point - 1]
    assert [counts.white[i] for i in others] == [without.white[i] for i in others]
    assert [counts.black[i] for i in others] == [without.black[i] for i in others]


def test_a_pyramids_third_layer_seen_by_its_rims_needs_no_fill(monkeypatch) -> None:
    # IMG_21274: white's pyramid of 12 on point 3 was read 11 and took its side's missing
    # checker from fill_short; its third layer's rims now count it whole (layers.third_by_rims).
    monkeypatch.setattr("vision.checkers.short_side.MAX_FILL", 0)
    counts, board = _count_given(21273)
    assert board["white"][2] == 12
    assert counts.white[2] == 12


def _board() -> tuple[list[int], list[int], list[float]]:
    """White 14 with a doubted 5 on point 13 (outside its home), black 15."""
    white, black = [0] * 24, [0] * 24
    white[0], white[5], white[12] = 4, 5, 5
    black[23], black[18] = 10, 5
    conf = [1.0] * 24
    conf[12] = 0.5
    return white, black, conf


def test_a_side_that_may_have_borne_off_is_left_short() -> None:
    white, black, conf = _board()
    white[3], white[12] = 5, 0  # all fourteen home: one may be off
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert sum(white) == 14


def test_a_checker_on_the_bar_proves_nothing() -> None:
    # Hit while bearing off: one on the bar, the others home, some off.
    white, black, conf = _board()
    white[3], white[12] = 4, 0  # 13 home, 1 on the bar
    conf[3] = 0.5
    fill_short(white, black, 1, 0, conf, [None] * 24)
    assert white[3] == 4
    white[20] = 1  # re-entered in black's home: outside white's own
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert white[3] == 5 and conf[3] == 0.5


def test_believed_points_never_take_a_checker() -> None:
    white, black, conf = _board()
    conf[12] = 0.9
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert sum(white) == 14


def test_an_empty_point_takes_one_only_in_its_sets_colour() -> None:
    white, black, conf = _board()
    white[12], white[8] = 4, 1  # the doubted stack is whole; pt9's checker is lost
    conf[12], conf[10] = 1.0, 0.5
    likes: list[bool | None] = [None] * 24
    likes[10] = True  # pt11 read empty, doubted, its edge slot like black's
    fill_short(white, black, 0, 0, conf, likes)
    assert white[10] == 0 and sum(white) == 14
    likes[10] = False
    fill_short(white, black, 0, 0, conf, likes)
    assert white[10] == 1 and sum(white) == 15


def test_ambiguous_or_far_short_sides_are_left_alone() -> None:
    white, black, conf = _board()
    white[12], white[1] = 4, 1  # two doubted points of white's, neither tall: which is short?
    conf[1] = 0.5
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert sum(white) == 14 and white[12] == 4 and white[1] == 1
    # Three short with no believed checker outside its home: maybe borne off.
    white, black, conf = _board()
    white[0] = 2
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert sum(white) == 12


def test_the_learned_cue_picks_the_empty_point_among_several() -> None:
    white, black, conf = _board()
    white[0], white[12] = 5, 4  # the doubted stack is whole: a lone one is missing
    conf[12] = 1.0
    likes: list[bool | None] = [None] * 24
    for i in (8, 9, 10):
        likes[i], conf[i] = False, 0.5  # three doubted empty points like white's colour
    seen = dict.fromkeys(range(24), 0.0) | {8: 0.05, 9: 0.41, 10: 0.12}
    fill_short(white, black, 0, 0, conf, likes)
    assert sum(white) == 14  # without the cue: which of three?
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert white[9] == 1 and sum(white) == 15
    # Two alike (under twice the next): still which one?
    white[9] = 0
    seen[10] = 0.3
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert sum(white) == 14


def test_one_missing_goes_to_the_empty_point_the_cue_sees_not_the_tall_stack() -> None:
    white, black, conf = _board()
    white[12] = 6  # a doubted six (tall) read whole; a lone checker on pt10 read empty
    white[0] = 3
    likes: list[bool | None] = [None] * 24
    for i in (8, 9, 10):
        likes[i], conf[i] = False, 0.5
    seen = dict.fromkeys(range(24), 0.0)  # the cue answers for every point
    seen.update({8: 0.04, 9: 0.81, 10: 0.05})
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (white[9], white[12], sum(white)) == (1, 6, 15)
    # Without a clear pick among the empty points, the tall stack still takes it.
    white[9], seen[9] = 0, 0.06
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (white[9], white[12], sum(white)) == (0, 7, 15)


def _pair_missed() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """Black 13 (a checker outside its home: none off), white 15, all believed but point 1,
    read empty and coloured like neither set (a dark pair on a dark point)."""
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[12], white[18] = 5, 3, 5, 2
    black[23], black[16], black[11] = 5, 3, 5
    conf = [1.0] * 24
    conf[0] = 0.5
    return white, black, conf, [None] * 24


def test_a_sides_two_missing_go_to_the_boards_one_doubted_empty_point() -> None:
    white, black, conf, likes = _pair_missed()
    fill_short(white, black, 0, 0, conf, likes)
    assert (white[0], black[0], conf[0]) == (0, 2, 0.5)
    assert sum(black) == 15 and sum(white) == 15


def test_with_another_doubted_point_the_missing_pair_stays_unplaced() -> None:
    white, black, conf, likes = _pair_missed()
    conf[9] = 0.5  # a second doubted empty point: which holds them is not known
    fill_short(white, black, 0, 0, conf, likes)
    assert (black[0], black[9]) == (0, 0)
    white, black, conf, likes = _pair_missed()
    likes[0] = False  # coloured like white: not black's
    fill_short(white, black, 0, 0, conf, likes)
    assert black[0] == 0


def test_a_dark_pair_read_empty_on_the_boards_one_doubted_point_is_filled(monkeypatch) -> None:
    # IMG_31452: black's two checkers on dark point 1 read empty (doubted), the board's only
    # doubted point, black counted 13 with checkers outside its home.
    from tests.vision.test_checkers_under_die import _read_given

    read = _read_given(31451)
    assert read["labels"]["board"]["black"][0] == 2
    assert read["board"]["black"][0] == 2 and read["conf"][0] < SURE
    monkeypatch.setattr("vision.checkers.short_side._lone_unlike", lambda *a: [])
    # The learned cue sees the pair too (the next rule): both left out, it stays empty.
    monkeypatch.setattr("vision.checkers.short_side._seen_unlike", lambda *a: [])
    assert _read_given(31451)["board"]["black"][0] == 0


def _lone_missed() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """Black 14 (a checker outside its home: none off), white 15; point 3 read empty, doubted
    and coloured like neither set (a dark checker on a dark point), point 21 doubted empty and
    coloured like white, white's 5 on point 6 doubted."""
    white, black, conf, likes = _pair_missed()
    black[23] = 6
    conf[0] = 1.0
    conf[2] = conf[20] = conf[5] = 0.5
    likes[20] = False
    return white, black, conf, likes


def test_the_learned_cue_fills_a_doubted_point_coloured_like_neither_set() -> None:
    # Own IMG_31709: black's lone checker on point 3 read empty; the cue sees it (0.54), every
    # other empty point 0.02 or less.
    seen = dict.fromkeys(range(24), 0.02)
    seen[2] = 0.54
    white, black, conf, likes = _lone_missed()
    fill_short(white, black, 0, 0, conf, likes)
    assert black[2] == 0  # without the cue: nothing says where
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[2], conf[2], sum(black)) == (1, 0.5, 15)


def test_a_believed_empty_point_the_cue_sees_as_well_keeps_it_unplaced() -> None:
    seen = dict.fromkeys(range(24), 0.02)
    seen[2] = 0.54
    seen[9] = 0.4  # believed empty, the cue not clearly less sure there: which is it?
    white, black, conf, likes = _lone_missed()
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[2], black[9]) == (0, 0)
    seen[9], seen[20] = 0.02, 0.9  # a point coloured like white does not compete
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert black[2] == 1 and black[20] == 0
    white, black, conf, likes = _lone_missed()
    seen[2], seen[9] = 0.02, 0.54  # the strongest is believed empty: nothing is placed
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert sum(black) == 14


def test_a_dark_lone_checker_read_empty_is_filled_from_the_learned_cue(monkeypatch) -> None:
    # Own IMG_31709: black's lone checker on dark point 3 read empty, coloured like neither set.
    from tests.vision.test_checkers_under_die import _read_given

    read = _read_given(31708)
    assert read["labels"]["board"]["black"][2] == 1
    assert read["board"]["black"][2] == 1 and read["conf"][2] < SURE
    monkeypatch.setattr("vision.checkers.short_side._seen_unlike", lambda *a: [])
    assert _read_given(31708)["board"]["black"][2] == 0


def _bearing_off() -> tuple[list[int], list[int], list[float]]:
    """White bore off twelve (three left on its point 1); black 10 with a believed checker on
    its point 18 (outside its home) and its doubted 10-stack on point 23 read 5."""
    white, black = [0] * 24, [0] * 24
    white[0] = 3
    black[17], black[21], black[22] = 1, 4, 5
    conf = [1.0] * 24
    conf[22] = 0.5
    return white, black, conf


def test_a_far_short_side_is_filled_when_the_other_has_borne_off() -> None:
    white, black, conf = _bearing_off()
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert black[22] == 10 and conf[22] < SURE  # exact, still doubted
    assert sum(white) == 3  # the side all home is left as it is


def test_an_other_side_short_outside_its_home_or_on_the_bar_stops_the_fill() -> None:
    # Not verifiably borne off: the frame is misread elsewhere (or has fewer a side).
    white, black, conf = _bearing_off()
    white[0], white[12] = 2, 1
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert black[22] == 5
    white, black, conf = _bearing_off()
    fill_short(white, black, 1, 0, conf, [None] * 24)
    assert black[22] == 5


def test_a_tall_dark_stack_read_short_beside_a_bearing_off_side_is_filled(monkeypatch) -> None:
    # IMG_31454 (fresh render, the many-missing rule's other-side test made here): white bore
    # off twelve; black's 10 on point 23 read 5, doubted.
    counts, board = _count_given(31453)
    assert board["black"][22] == 10 and sum(board["white"]) == 3
    assert counts.black[22] == 10 and counts.point_confidence[22] < SURE
    monkeypatch.setattr(
        "vision.checkers.short_side._other_full",
        lambda other, bar, blk: sum(other) + bar == 15,
    )
    without, _ = _count_given(31453)
    assert without.black[22] == 5


def test_two_missing_go_one_each_to_the_sides_two_doubted_tall_stacks() -> None:
    from vision.checkers.short_side import fill_short

    white, black = [0] * 24, [0] * 24
    white[0], white[12] = 5, 5  # white: its 15 elsewhere (points 1, 13, 18)
    white[17] = 5
    black[16], black[18], black[11], black[5] = 5, 5, 1, 1  # two sixes read five, two lone
    conf = [1.0] * 24
    conf[16] = conf[18] = conf[11] = conf[5] = 0.5
    fill_short(white, black, 0, 1, conf, [None] * 24)  # 12 and one on the bar: 2 short
    assert (black[16], black[18], black[11], black[5]) == (6, 6, 1, 1)
    assert conf[16] == conf[18] == 0.5


def test_a_clearly_seen_empty_point_whose_second_slot_shows_too_takes_both_missing() -> None:
    # White 13: a doubted 5 on point 13 (tall) and a doubted empty point 10 coloured like white
    # that the learned cue clearly sees a checker on.  One each, unless the cue sees its second
    # slot too: a dark pair read empty, and the five is whole.
    for second, want in ((0, (1, 6)), (1, (2, 5))):
        white, black, conf = _board()
        white[0] = 3
        likes: list[bool | None] = [None] * 24
        likes[9], conf[9] = False, 0.5
        seen = {i: 0.02 for i in range(24)}
        seen[9] = 0.7
        pair = {9: second}

        def more(i: int, _least: float, pair: dict[int, int] = pair) -> int:
            return pair.get(i, 0)

        fill_short(white, black, 0, 0, conf, likes, seen.__getitem__, more=more)
        assert (white[9], white[12], sum(white)) == (*want, 15)
        assert conf[9] == 0.5


def test_one_missing_goes_to_a_seen_empty_point_unlike_either_set_not_the_tall_stack() -> None:
    # Own IMG_55589: black's lone checker on a dark point read empty, coloured like neither set
    # (the cue 0.91, every other empty point 0.09 or less), while black's five on point 22,
    # its one doubted point, took the missing checker (six).
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[13], white[18] = 5, 3, 5, 2
    black[23], black[16], black[11], black[21] = 4, 3, 2, 5  # 14, checkers outside its home
    conf = [1.0] * 24
    conf[21], conf[12] = 0.2, 0.5  # the doubted five; point 13 empty, doubted
    likes: list[bool | None] = [None] * 24
    seen = dict.fromkeys(range(24), 0.05)
    seen[12] = 0.91
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[12], black[21], conf[12], sum(black)) == (1, 5, 0.5, 15)
    # Without a clear pick the doubted five still takes it.
    black[12], seen[12] = 0, 0.08
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[12], black[21], sum(black)) == (0, 6, 15)
    # Nor does a believed empty point the cue sees: the five takes it.
    black[21], seen[12], conf[12] = 5, 0.91, 1.0
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[12], black[21]) == (0, 6)


def _pair_seen(second: int, point: int, _least: float) -> int:
    """The cue's extra slots seen: point 1's second slot when ``second``, none elsewhere."""
    return second if point == 0 else 0


def test_two_missing_go_to_a_seen_empty_point_unlike_either_set_not_the_tall_stack() -> None:
    # Own IMG_58032: black's pair on a dark point at the board's side read empty, coloured like
    # neither set (the cue 0.66, every other empty point 0.29 or less), while black's five,
    # its one doubted point, took both missing (seven).  Both to the pair when the cue sees its
    # second slot too, else one each.
    for second, want in ((1, (2, 5)), (0, (1, 6))):
        white, black = [0] * 24, [0] * 24
        white[5], white[7], white[12], white[23] = 5, 3, 5, 2
        black[0], black[11], black[16], black[18] = 0, 5, 3, 5  # 13, checkers outside its home
        conf = [1.0] * 24
        conf[18], conf[0] = 0.5, 0.5  # the doubted five; point 1 empty, doubted
        likes: list[bool | None] = [None] * 24
        seen = dict.fromkeys(range(24), 0.05)
        seen[0], seen[6] = 0.66, 0.29
        pair_seen = functools.partial(_pair_seen, second)
        fill_short(white, black, 0, 0, conf, likes, seen.__getitem__, more=pair_seen)
        assert (black[0], black[18], conf[0], sum(black)) == (*want, 0.5, 15)
