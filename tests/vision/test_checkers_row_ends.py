"""A short side's missing checkers do not go on a doubted row the learned cue sees plainly
ending (vision.checkers.row_ends): the side's other doubted point takes them, or the side stays
short."""

from __future__ import annotations

from collections.abc import Callable

from vision.checkers.row_ends import ENDS_BELOW, ended_share, ends
from vision.checkers.short_side import fill_short


def _board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """White 15; black 13 (two missing): believed 2, 2 and 2 outside its home, a doubted 2 on
    point 4 and a doubted 5 on point 19 (/tmp/int32/own IMG_77705's picture: black's 7 on
    point 19 read 5, its 2 on point 4 read right)."""
    white, black = [0] * 24, [0] * 24
    white[5], white[7], white[12] = 5, 5, 5
    black[3], black[18] = 2, 5
    black[10], black[14], black[16] = 2, 2, 2
    conf = [1.0] * 24
    conf[3] = conf[18] = 0.5
    return white, black, conf, [None] * 24


def _past(next_p: dict[int, float]) -> Callable[[int, float, int], int]:
    """The cue on the slot past each point's last checker (``PointSlots.seen_from``'s reply
    for one slot: 1 when it is seen at ``least`` or more)."""
    return lambda i, least, first: int(next_p.get(i, 0.9) >= least)


def test_row_ends_leaves_a_plainly_ending_row_out_of_the_fill() -> None:
    white, black, conf, likes = _board()
    fill_short(white, black, 0, 0, conf, likes, past=_past({3: 0.01}))
    assert (black[3], black[18]) == (2, 7)  # both to the stack, not one each
    assert conf[3] == conf[18] == 0.5  # still doubted


def test_a_row_the_cue_sees_going_on_still_takes_one() -> None:
    white, black, conf, likes = _board()
    fill_short(white, black, 0, 0, conf, likes, past=_past({3: 0.6}))
    assert (black[3], black[18]) == (3, 6)  # one each, as before


def test_a_row_whose_next_slot_a_die_covers_is_not_taken_as_ending() -> None:
    def covered(i: int, least: float, first: int) -> int:
        return 0 if i == 3 else 1  # a die stops the cue at once, whatever ``least``

    assert not ends([0, 0, 0, 2], 3, covered)
    assert ends([0, 0, 0, 2], 3, _past({3: ENDS_BELOW / 2}))


def test_ended_share_gives_the_tall_stack_all_or_leaves_the_side_short() -> None:
    never = lambda i, least, first: int(least <= 0.0)  # noqa: E731
    assert ended_share([2, 5], [0, 0, 2, 0, 0, 6], never, 2, 5) == {5: 2}
    assert ended_share([1, 5], [0, 5, 0, 0, 0, 6], never, 2, 5) is None  # only rows of 1-4 end
    assert ended_share([2, 5], [0, 0, 2, 0, 0, 0], never, 2, 5) is None  # an empty point: as before
    assert ended_share([2, 5], [0, 0, 2, 0, 0, 3], never, 2, 5) == {}  # both end: left short


def test_a_side_whose_one_doubted_point_is_an_ending_row_stays_short() -> None:
    white, black, conf, likes = _board()
    black[18], conf[18] = 6, 1.0  # one missing; the 2 on point 4 its only doubted point
    fill_short(white, black, 0, 0, conf, likes, past=_past({3: 0.01}))
    assert black[3] == 2 and conf[3] == 0.5  # left short: the players are asked
    fill_short(white, black, 0, 0, conf, likes, past=_past({3: 0.3}))
    assert black[3] == 3  # seen going on: as before
