"""A short side whose doubted points cannot hold its missing checkers: its one tall stack read
short and believed, or a dark pair the learned cue sees on a point coloured like neither set
(vision.checkers.short_unseen via short_side.fill_short)."""

from __future__ import annotations

from vision.checkers.short_side import fill_short
from vision.checkers.short_unseen import seen_instead, sole_row, sole_stack


def _sides() -> tuple[list[int], list[int]]:
    """White 15; black 13 with a 5 on point 12 (outside its home) and checkers home."""
    white, black = [0] * 24, [0] * 24
    white[5], white[6], white[7], white[8], white[22], white[23] = 4, 2, 4, 2, 1, 2
    black[1], black[11], black[18], black[21] = 2, 5, 4, 2
    return white, black


def test_a_side_short_with_nothing_doubted_gives_its_one_tall_stack_the_missing() -> None:
    # Own IMG_60377: black's 7 on point 12 read 5 at 0.96, every point believed.
    white, black = _sides()
    conf = [0.9] * 24
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert (black[11], conf[11], sum(black)) == (7, 0.5, 15)


def test_a_doubted_empty_point_or_two_tall_stacks_leave_the_short_side_alone() -> None:
    white, black = _sides()
    conf = [0.9] * 24
    conf[15] = 0.2  # a doubted empty point: a lone checker may be there
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert (black[11], conf[11]) == (5, 0.9)
    white, black = _sides()
    black[18] = 5  # two tall stacks: which lost its top is unknown
    black[1] = 1
    conf = [0.9] * 24
    fill_short(white, black, 0, 0, conf, [None] * 24)
    assert (black[11], black[18]) == (5, 5)


def test_a_seen_pair_unlike_either_set_beats_an_empty_point_the_cue_does_not_see() -> None:
    # Own IMG_60223: black two short, its one doubted point an empty point coloured like it
    # that the cue does not see (0.05), and black's pair on point 1 read empty (0.8).
    for second, want in ((1, (2, 0)), (0, (1, 0))):

        def more(_i: int, _least: float, second: int = second) -> int:
            return second

        white, black = _sides()
        black[11] = 7
        black[1] = 0
        conf = [1.0] * 24
        conf[0] = conf[9] = 0.5
        likes: list[bool | None] = [None] * 24
        likes[9] = True
        seen = dict.fromkeys(range(24), 0.05)
        seen[0] = 0.8
        fill_short(white, black, 0, 0, conf, likes, seen.__getitem__, more=more)
        assert (black[0], black[9]) == want
        assert conf[0] == 0.5
    # Unseen by the cue, the lone candidate takes both as before.
    white, black = _sides()
    black[11], black[1] = 7, 0
    conf = [1.0] * 24
    conf[0] = conf[9] = 0.5
    likes = [None] * 24
    likes[9] = True
    fill_short(white, black, 0, 0, conf, likes, dict.fromkeys(range(24), 0.05).__getitem__)
    assert (black[0], black[9]) == (0, 2)


def test_the_helpers() -> None:
    counts, other, conf = [0] * 24, [0] * 24, [1.0] * 24
    counts[3], counts[9] = 6, 5
    assert sole_stack(counts, other, conf, 5) is None
    counts[9] = 4
    assert sole_stack(counts, other, conf, 5) == 3
    assert sole_stack(counts, other, conf, 7) is None
    conf[20] = 0.5  # a doubted point: the missing may be there
    assert sole_stack(counts, other, conf, 5) is None
    assert sole_row([3, 9, 10], counts, lambda i: 0.0, 0.25) is None  # two rows
    assert sole_row([3, 10], counts, None, 0.25) is None
    assert seen_instead([], None, 2) == {}
    assert seen_instead([4], None, 2) == {4: 1}
    assert seen_instead([4], lambda i, least: 0, 2) == {4: 1}


def test_one_missing_goes_to_the_one_doubted_row_among_empty_points_the_cue_does_not_see() -> None:
    # Own IMG_58192: black's pair on point 1 read one (doubted), two doubted empty points
    # coloured like black that the learned cue sees nothing on.
    white, black = _sides()
    black[1], black[0] = 1, 1  # black 13 + the row of one on point 1: 14
    black[11] = 6
    conf = [1.0] * 24
    conf[0] = conf[2] = conf[14] = 0.5
    likes: list[bool | None] = [None] * 24
    likes[2] = likes[14] = True
    seen = dict.fromkeys(range(24), 0.05)
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[0], black[2], black[14], conf[0], sum(black)) == (2, 0, 0, 0.5, 15)
    # The cue sees a checker on one of the empty points: it holds it, not the row.
    black[0] = 1
    seen[14] = 0.3
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert (black[0], black[14]) == (1, 1)
    # The cue faintly on both empty points (neither clearly): which holds it is open.
    black[14] = 0
    seen[2] = seen[14] = 0.3
    fill_short(white, black, 0, 0, conf, likes, seen.__getitem__)
    assert sum(black) == 14
