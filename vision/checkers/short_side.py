"""A side counted one or two short of 15 that cannot have borne off: where its missing are.

A checker is borne off only once all fifteen of its side are in its home board (points 1-6 of
that side), so a side with a checker on a point outside its home has none off (but for one hit
while bearing off, on its way home again): it holds 15 on the board and bar. A checker on the
bar proves nothing (a side hit while bearing off has one there: 1 side in 1600 renders).
Counted one or two short so, the missing checkers are where the count was already in doubt: a
stack of that colour read doubtfully (a tall stack one short, a row whose last checker's
outline was lost), or a doubted empty point whose edge slot is coloured like that set (a dark
checker on a dark point). When exactly as many such points as checkers are missing, each takes
one, doubtfully; among more, the empty points the learned slot cue clearly sees a checker on
(``slot_model``), or else the side's one doubted tall stack, take them (one missing: the one
such empty point before any tall stack, or, the tall stack its side's one doubted point, an
empty one coloured like neither set that the cue clearly sees against every other:
``_seen_unlike``; two missing so, both go there when the cue sees its second slot too, else one
each); the side's one doubted point takes all; two missing and two doubted tall stacks take one
each. With none of the side's, the board's one doubted point, empty and coloured like neither
set (a dark pair on a dark point: own IMG_31452, black's two read empty), takes them (own
IMG_31401-31800, dev and train: that one board changed); among several, the doubted one
coloured like neither set that the learned cue clearly sees a checker on, against every empty
point not coloured like the other set, believed ones too (``_seen_unlike``: own IMG_31709, a
dark lone checker). Where the side's doubted points are short stacks and empty points the cue
does not see, or no point it could be on is doubted, ``short_unseen`` places them. Otherwise
the counts are left as read. A side read right is not short (but for that rare bear-off), and
no point taking a checker is believed. A side still one or two short after all this leaves the
bar in doubt (``short_bar.bar_doubt``): its missing checker may be there (a dark checker on a
dark bar).

Before all of this (any number short: ``seen_many``), doubted empty points of the side's
colour that the learned cue plainly sees a checker on take theirs.

Three or more short (``_fill_many``: a tall dark stack read far short or empty, its upper
checkers or second layer lost on a dark triangle), the other side must count exactly 15 on the
board and bar (a set of fifteen a side: the paper webcam's board has twelve), or fewer with
none on the bar and all in its home board (``_other_full``: it bore the rest off, own
IMG_31454, IMG_31473, IMG_31547: a dark 10 or 11 read 3-8 beside it), the proof must be
a believed checker outside its home (a doubted one there may be a phantom on a side that did
bear off), and all the missing go to one point: the side's one doubted tall stack, or else
the one empty point the learned cue clearly sees a checker on, or else its only doubted point
(but for a short stack, when a doubted empty point coloured like neither set clearly shows a
checker: ``_seen_unlike``);
with no doubted point at all, one doubted empty point coloured like neither set that the cue
clearly sees a checker on (``_seen_unlike``), else its one stack with a full first layer,
believed till now (its top lost with no doubt raised). The side's one doubted point a row the
cue sees plainly ending (``row_ends.ends``) yields to one doubted empty point whose edge and
next slots the cue sees (``seen_stack``); a seen empty point whose next slot the cue plainly
sees empty takes one only, the side left short (``seen_stack.lone_only``).
Unproven so (all the side's checkers at home, its trays unseen), black's missing go to its one
doubted tall stack only when that is a row of five whose rims show a second layer on it
(``covered_rest``).

::

    >>> white, black = [0] * 24, [0] * 24
    >>> white[5], white[12], black[23] = 5, 9, 15   # white's 9-stack on point 13 read doubtfully
    >>> conf = [1.0] * 24
    >>> conf[12] = 0.5
    >>> fill_short(white, black, 0, 0, conf, [None] * 24)
    >>> white[12], conf[12]
    (10, 0.5)
"""

from __future__ import annotations

from collections.abc import Callable

from vision.checkers.covered_rest import covered_rest
from vision.checkers.model import CHECKERS_PER_SIDE, HOME, short_of_fifteen
from vision.checkers.row_ends import ended_share, ends
from vision.checkers.seen_many import seen_many
from vision.checkers.seen_stack import lone_only, seen_stack
from vision.checkers.short_unseen import seen_instead, sole_row, sole_stack
from vision.observation import BELIEVED

# Points whose count is believed (the referee's threshold) are never candidates.
DOUBTED = BELIEVED
# At most this many missing (more: the frame is misread elsewhere, or a board with fewer
# checkers a side).
MAX_FILL = 2
# A doubted stack this tall (a full first layer) takes the missing checkers when it is the
# side's only one among several doubted points.
TALL = 5
# Among several doubted empty points, those the learned cue sees a checker on (edge slot,
# probability from STRONG and RATIO times the next one's) are the missing ones (train+fresh
# renders, sides short with several candidates: the lone dark checkers missed score 0.28-0.74,
# the frame's other candidates 0.01-0.16 but for one at 0.70).
STRONG = 0.25
RATIO = 2.0
# From MANY_FROM (past MAX_FILL) up to MAX_MANY missing go to one point (``_fill_many``).
MANY_FROM = 3
MAX_MANY = 12
# Confidence of a point that took a missing checker.
FILLED_CONF = 0.5


def fill_short(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    conf: list[float],
    likes: list[bool | None],
    edge_p: Callable[[int], float] | None = None,
    off: tuple[int | None, int | None] = (None, None),
    more: Callable[[int, float], int] | None = None,
    past: Callable[[int, float, int], int] | None = None,
    hidden: Callable[[int, int], bool] | None = None,
    covered: Callable[[int], bool] | None = None,
) -> None:
    """Give each side short of 15 that cannot have borne off its missing checkers, in place,
    when its doubted points explain them one each.  ``likes``: per point read empty, the
    checker set its edge slot is coloured like (True black, None neither); ``edge_p``: the
    learned cue's probability of a checker on a point's edge slot; ``off``: white's and
    black's checkers seen borne off (believed tray counts), None when not seen: a side seen
    to have borne off some is short of 15 less those (bearing off or not); ``more(i, least)``:
    checkers the learned cue sees on point ``i`` past its edge slot (``PointSlots.seen_from``),
    so a clearly seen empty point may take two (``_seen_pair``); ``past(i, least, first)``: the
    same from slot ``first`` (a doubted row going on: ``seen_many.going_on``)."""
    for blk, counts, other, bar, other_bar in (
        (False, white, black, bar_white, bar_black),
        (True, black, white, bar_black, bar_white),
    ):
        seen = off[blk]
        short = short_of_fifteen(counts, bar, seen)
        full = seen is None and _other_full(other, other_bar, not blk)
        proven = full and none_off(counts, blk, conf)
        if seen_adds := seen_many(
            counts, other, short, conf, likes, (edge_p, more), blk, proven, past, hidden
        ):
            for i, n in seen_adds.items():  # the doubted empty points the cue sees
                counts[i] += n
                conf[i] = min(conf[i], FILLED_CONF)
            continue
        if MANY_FROM <= short <= MAX_MANY:
            if full:
                _fill_many(counts, other, short, conf, likes, (edge_p, more, past), blk)
            if blk and seen is None and sum(counts) + bar + short == CHECKERS_PER_SIDE:
                # Not filled: a covered dark five, the side's one doubted tall stack, holds them.
                own = _candidates(counts, other, conf, likes, blk)
                if (at := covered_rest(counts, short, covered, own)) is not None:
                    counts[at] += short
                    conf[at] = min(conf[at], FILLED_CONF)
            continue
        if not 0 < short <= MAX_FILL or (seen is None and not none_off(counts, blk)):
            continue
        own = _candidates(counts, other, conf, likes, blk)
        cands = (
            own
            or _lone_unlike(counts, other, conf, likes)
            or _seen_unlike(counts, other, conf, likes, edge_p, short, blk)
        )
        tall = [i for i in cands if counts[i] >= TALL]
        strong = _strong([i for i in cands if counts[i] == 0], edge_p, short)
        unlike = [] if strong else _seen_unlike(counts, other, conf, likes, edge_p, 1, blk)
        if short == 1 and unlike and len(cands) == len(tall) == 1:
            # One missing, the side's one doubted point a tall stack, and no empty point of its
            # colour seen, but one coloured like neither set that the cue clearly sees a checker
            # on against every other empty point (a dark checker on a dark point shows the
            # triangle's colour): it, not the stack read whole (own IMG_55501-55900: a lone
            # dark checker so, its side's five took it).
            adds = {unlike[0]: 1}
        elif short == 2 and unlike and len(cands) == len(tall) == 1:
            # Two missing, the same picture: the seen point holds both when the cue sees its
            # second slot too (a dark pair), else one each (own IMG_57801-58200: a black pair
            # read empty on a dark point at the board's side, its side's five made seven).
            adds = _seen_pair({unlike[0]: 1, tall[0]: 1}, unlike, more)
        elif len(cands) == short:
            # A doubted row the cue sees plainly ending beside the one tall stack: the stack
            # holds them all (``row_ends``), else one each.
            ended = ended_share(cands, counts, past, short, TALL)
            adds = _seen_pair({i: 1 for i in cands}, strong, more) if ended is None else ended
        elif short == 1 and len(strong) == 1:
            # One missing, and one empty point the learned cue clearly sees a checker on (a lone
            # dark checker): it holds it, not a doubted tall stack read whole (own
            # IMG_34401-34800: 2 sixes read seven so, IMG_31401-31600: 1).
            adds = {i: 1 for i in strong}
        elif strong and len(strong) + min(len(tall), 1) == short and len(tall) <= 1:
            # Empty points the learned cue sees a checker on (dark on dark), and the one
            # doubted tall stack when one more is missing.
            adds = _seen_pair({i: 1 for i in strong + tall}, strong, more)
        elif short == 2 and len(tall) == 2 and not strong:
            # Two missing and two doubted tall stacks: each lost its top one (own
            # IMG_40801-41200: two dark sixes read five).
            adds = {i: 1 for i in tall}
        elif own and not tall and unlike:
            # Short stacks and empty points the cue does not see: a seen pair (``short_unseen``).
            adds = seen_instead(unlike, more, short, PAIR_FROM)
        elif short == 1 and not tall and (row := sole_row(own, counts, edge_p, STRONG)) is not None:
            adds = {row: 1}  # its one doubted row, among empty points the cue does not see
        elif len(cands) == 1 or (len(tall) == 1 and short == 1):
            # The side's one doubted point (two dark checkers on a dark point read empty), or
            # one doubted stack with a full first layer: tall stacks lose their top checkers
            # (a second layer's unseen in a dark pyramid, a tight fan's last steps).
            at = (tall or cands)[0]
            if ends(counts, at, past):
                continue  # a row the cue sees plainly ending: left short, doubted
            adds = {at: short}
        elif (one := sole_stack(counts, other, conf, TALL)) is not None and none_off(
            counts, blk, conf
        ):
            adds = {one: short}  # no point it could be on doubted: the stack lost its top
        else:
            continue
        for i, n in adds.items():
            counts[i] += n
            conf[i] = min(conf[i], FILLED_CONF)


# The learned cue's probability from which the slot after a clearly seen empty point's edge
# slot holds a checker too (``seen_empty.MORE_FROM``'s: lone checkers' second slots 0.01-0.13,
# twos' 0.71-0.94).
PAIR_FROM = 0.5


def _seen_pair(
    adds: dict[int, int], strong: list[int], more: Callable[[int, float], int] | None
) -> dict[int, int]:
    """Two missing shared one each by a clearly seen empty point (``strong``) and another
    doubted point: when the cue also sees a checker on the empty point's second slot, both
    are there (a dark pair read empty), and the other point keeps its count (own
    IMG_52201-52600, IMG_48201-48600: three such pairs given one, a doubted five made six).

    >>> _seen_pair({3: 1, 18: 1}, [3], lambda i, least: 1)
    {3: 2}
    >>> _seen_pair({3: 1, 18: 1}, [3], lambda i, least: 0)
    {3: 1, 18: 1}
    """
    if more is None or len(adds) != 2 or sum(adds.values()) != 2:
        return adds
    pair = [i for i in strong if i in adds and more(i, PAIR_FROM) >= 1]
    return {pair[0]: 2} if len(pair) == 1 else adds


def _fill_many(
    counts: list[int],
    other: list[int],
    short: int,
    conf: list[float],
    likes: list[bool | None],
    cue: tuple[
        Callable[[int], float] | None,
        Callable[[int, float], int] | None,
        Callable[[int, float, int], int] | None,
    ],
    blk: bool,
) -> None:
    """All of a side's ``short`` (3+) missing checkers to one point, in place, when a believed
    checker outside its home proves none are off and one point explains them (module doc).
    ``cue``: the learned cue's ``edge_p``, ``more(i, least)`` and ``past(i, least, first)``
    (``fill_short``)."""
    if not none_off(counts, blk, conf):
        return
    edge_p, more, past = cue
    cands = _candidates(counts, other, conf, likes, blk)
    tall = [i for i in cands if counts[i] >= TALL]
    strong = _strong([i for i in cands if counts[i] == 0], edge_p, 1)
    if len(tall) == 1 and not strong:
        at = tall[0]
    elif strong and not tall:
        # An empty point the learned cue clearly sees a checker on: a dark stack read empty,
        # but for a lone checker: its next slot clear of dice and plainly empty (``lone_only``).
        at = strong[0]
        if lone_only(at, past):
            counts[at] += 1
            conf[at] = min(conf[at], FILLED_CONF)
            return
    elif (
        len(cands) == 1
        and counts[cands[0]] < TALL
        and (seen := _seen_unlike(counts, other, conf, likes, edge_p, 1, blk))
    ):
        # The side's one doubted point is a short stack, and a doubted empty point coloured
        # like neither set shows a checker clearly: the lost dark stack is there, not under a
        # short stack's top (own IMG_34401-34800: a dark ten read empty, put on a pair).
        at = seen[0]
    elif (
        len(cands) == 1
        and ends(counts, cands[0], past)
        and (stack := seen_stack(counts, other, conf, likes, (edge_p, more), blk)) is not None
    ):
        # The side's one doubted point is a row the cue sees plainly ending, and one doubted
        # empty point not coloured like the other set shows the cue a checker on its edge and
        # next slots: the lost stack is there (``seen_stack``).
        at = stack
    elif len(cands) == 1:
        at = cands[0]
    elif not cands and (seen := _seen_unlike(counts, other, conf, likes, edge_p, 1, blk)):
        # Nothing of the side's doubted, but one doubted empty point coloured like neither set
        # that the cue clearly sees a checker on against every other: a dark stack read empty.
        at = seen[0]
    elif not cands:
        # Nothing doubted: the side's one stack with a full first layer lost its top unseen
        # (fresh renders: a dark 10 read 5 at 1.0).
        full = [i for i in range(24) if counts[i] >= TALL and other[i] == 0]
        if len(full) != 1:
            return
        at = full[0]
    else:
        return
    counts[at] += short
    conf[at] = min(conf[at], FILLED_CONF)


def _other_full(other: list[int], other_bar: int, other_blk: bool) -> bool:
    """Are the other side's checkers all accounted for: fifteen on the board and bar, or fewer
    with none on the bar and every one in its home board, so it may have borne the rest off.

    >>> other = [0] * 24
    >>> other[0], other[1] = 3, 1   # white: four left on its points 1-2, eleven borne off
    >>> _other_full(other, 0, False), _other_full(other, 1, False)
    (True, False)
    """
    on = sum(other) + other_bar
    if on == CHECKERS_PER_SIDE:
        return True
    return on < CHECKERS_PER_SIDE and other_bar == 0 and not none_off(other, other_blk)


def _candidates(
    counts: list[int], other: list[int], conf: list[float], likes: list[bool | None], blk: bool
) -> list[int]:
    """A side's doubted points: its own stacks, and empty points whose edge slot is like it."""
    return [
        i
        for i in range(24)
        if conf[i] < DOUBTED and other[i] == 0 and (counts[i] > 0 or likes[i] is blk)
    ]


def _lone_unlike(
    counts: list[int], other: list[int], conf: list[float], likes: list[bool | None]
) -> list[int]:
    """The board's doubted empty point coloured like neither set, when it has just one (a dark
    pair on a dark point shows the triangle's colour) and no other doubted point; else none."""
    doubted = [i for i in range(24) if conf[i] < DOUBTED]
    if len(doubted) != 1 or counts[doubted[0]] or other[doubted[0]]:
        return []
    return doubted if likes[doubted[0]] is None else []


def _seen_unlike(
    counts: list[int],
    other: list[int],
    conf: list[float],
    likes: list[bool | None],
    edge_p: Callable[[int], float] | None,
    short: int,
    blk: bool,
) -> list[int]:
    """The doubted empty points coloured like neither set that the learned cue clearly sees a
    checker on (``_strong``, up to ``short``) against every empty point not coloured like the
    other set, believed ones too (a dark checker on a dark point shows the triangle's colour:
    own IMG_31709); none when the strongest is believed empty."""
    empties = [i for i in range(24) if counts[i] == other[i] == 0 and likes[i] is not (not blk)]
    strong = _strong(empties, edge_p, short)
    if any(conf[i] >= DOUBTED or likes[i] is not None for i in strong):
        return []
    return strong


def _strong(empties: list[int], edge_p: Callable[[int], float] | None, most: int) -> list[int]:
    """The most (up to ``most``) of these empty points the learned cue clearly sees a checker
    on, against the rest: each from STRONG, and RATIO times the next best."""
    if edge_p is None or not empties:
        return []
    ranked = sorted(((edge_p(i), i) for i in empties), reverse=True)
    for k in range(min(most, len(ranked)), 0, -1):
        rest = ranked[k][0] if k < len(ranked) else 0.0
        if ranked[k - 1][0] >= max(STRONG, RATIO * rest):
            return [i for _, i in ranked[:k]]
    return []


def none_off(counts: list[int], blk: bool, conf: list[float] | None = None) -> bool:
    """Has this side none borne off: a checker on a point outside its home board (with
    ``conf``: a believed one)."""
    home = HOME[blk]
    return any(
        counts[i] and (conf is None or conf[i] >= DOUBTED) for i in range(24) if i not in home
    )
