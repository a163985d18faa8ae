"""A doubted row that plainly ends: no missing checker of a short side goes on it.

A side counted one or two short of fifteen gives its missing checkers to its doubted points
(``short_side.fill_short``): with exactly as many doubted points as missing, one each.  A
doubted row of one to four whose slot just past its last checker lies clear of dice, and on
which the learned slot cue (``slot_model.PointSlots.seen_from``) sees no checker (under
ENDS_BELOW), ends there (``ends``).  Among such as many doubted points (``ended_share``), when
the others are one stack of five or more, that stack takes them all (it lost its top); when
every one ends, none takes them: the side is left short and its points doubted (the referee
asks, and ``short_bar.bar_doubt`` doubts its bar); else one each, as before.  The side's one
doubted point that ends takes none either.

Session 33's audit (int32's own IMG_77401-77800, board given) found the fill the second
error of most small points off by one, two errors cancelling in a side's fifteen (a black 7
read 5 beside a doubted 2: one each, the 2 made 3 and the 7 made 6).  Session 34's audit of
every fill that gave a row of one to four a checker, board given (own, unseen55, unseen56,
unseen57: 1 356 boards, looked at while choosing the rule): 6 right (the next slot seen at
0.05 or more, or a die on it), 8 wrong; 7 of the 8 had the next slot clear of dice and seen
under 0.05 (the eighth's under a die), none of the 6 did.  Dropping every such row from the
fill's candidates (a first form) made 4 boards right and 2 wrong there (the fill's later
choices count its candidates); in this form, on the same boards: +4 boards (IMG_77486,
IMG_77705, IMG_78222, IMG_83694), none made wrong, two still wrong changed (IMG_83601 as far,
IMG_83767 a point nearer), believed counts unchanged.  Held out, board given: IMG_85001-85400
exact 90.0% unchanged (IMG_85236: a 2 read 3 now 2, its side left short), believed-wrong 1,
die states acted on 661/14, both unchanged; found 86.7% unchanged (IMG_85244: a white 2 read 4
now 3, its side left short), believed 6768/4, acted on 641/14 unchanged.  Confirm set
unseen59, board given: 88.9 -> 89.4% (IMG_84014: a black 1 read 2 and an 8 read 7, both
right now), believed 3509/2 and acted on 319/5 unchanged; unseen53 +1 board (IMG_73088),
unseen54 unchanged; dev given exact 93.8% unchanged (IMG_0022: a white 2 read 3 now 2, its
side left short, so a right bar doubted); the real boards' reads identical.  The rendered
IMG_52208 (``test_checkers_odd_last``): black's checker on the bar missed, the fill gave it to
a doubted 2 on point 1 that plainly ends, and the bar was believed empty; now the side is left
short and the bar doubted.
"""

from __future__ import annotations

from collections.abc import Callable

# Under this the cue sees nothing on the slot past a row's last checker (wrong fills: all
# under 0.05; right ones 0.05-0.25 once, 0.5 and more four times, a die over it once).
ENDS_BELOW = 0.05
# Rows this long at most: a fifth checker lies past a half's first layer on most boards.
MOST = 4


def ends(counts: list[int], i: int, past: Callable[[int, float, int], int] | None) -> bool:
    """Does point ``i``'s row of one to ``MOST`` end plainly: the slot past its last checker
    clear of dice and the cue seeing no checker on it?  ``past(i, least, first)``: checkers
    the cue sees from slot ``first`` (``PointSlots.seen_from``; a die's slot stops it, so
    ``least`` 0 tells whether the slot can be read at all).

    >>> seen = {0: 0.9, 1: 0.01}   # per point: the cue on slot 1
    >>> past = lambda i, least, first: int(seen[i] >= least)
    >>> ends([1, 1], 0, past), ends([1, 1], 1, past), ends([0, 1], 0, past)
    (False, True, False)
    """
    n = counts[i]
    if past is None or not 1 <= n <= MOST:
        return False
    return past(i, 0.0, n) >= 1 and past(i, ENDS_BELOW, n) == 0


def ended_share(
    cands: list[int],
    counts: list[int],
    past: Callable[[int, float, int], int] | None,
    short: int,
    tall: int,
) -> dict[int, int] | None:
    """Where a short side's ``short`` missing checkers go when its doubted points (``cands``)
    are as many as they, some of them rows that plainly end (``ends``): all to the one other
    point, a stack of ``tall`` or more (its top lost); none ({}) when every one ends (the
    side left short); else None (one each, as before).

    >>> never = lambda i, least, first: int(least <= 0.0)   # the cue sees nothing past
    >>> ended_share([2, 5], [0, 0, 2, 0, 0, 6], never, 2, 5)
    {5: 2}
    >>> ended_share([2, 5], [0, 0, 2, 0, 0, 0], never, 2, 5) is None   # no tall stack
    True
    >>> ended_share([2, 5], [0, 0, 2, 0, 0, 4], never, 2, 5)   # both end
    {}
    """
    ended = [i for i in cands if ends(counts, i, past)]
    rest = [i for i in cands if i not in ended]
    if not ended:
        return None
    if not rest:
        return {}  # every one ends: left short, doubted (the players are asked)
    if len(rest) == 1 and counts[rest[0]] >= tall:
        return {rest[0]: short}
    return None
