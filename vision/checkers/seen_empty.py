"""An empty point the colour and the learned cue both see a checker on, after the totals' rules:
a lone dark checker on a dark point, read empty.

A dark checker on a dark triangle shows neither a colour run nor, often, a verified outline: the
counter reads the point empty.  Two weaker cues still see it: the edge slot is coloured like
one checker set (``likes``, ``slot_colour.looks_like``) with a faint rim, and the learned slot
cue (``slot_model``) sees a checker's round shading there.  Alone, either is common on empty
points of a dark board (the rim rule only doubts them); together they are a checker.  Each such
point takes one checker (and those the learned cue sees on the next slots, as on any doubted
point), doubtfully, after ``fit_total`` and ``fill_short`` have judged the sides' totals, and
only while its side stays at or under 15: a side the totals already explain has no checker to
spare for it (a phantom on a dark point, whatever the cues say), and ``fill_short``'s one-point
fills (a tall dark stack read empty) keep their evidence.  More such points than the side
misses are only doubted (a dark checker read empty at 1.0 on dev).  A point counted so may be
the doubted tall stack a short side lacks: ``fill_short`` then judges the totals again.  Last,
``doubt_faint`` doubts a believed empty point whose slot shows fainter traces (a rim just under
the count's own doubts, with the learned cue) when the cue singles it out among the empty ones,
and ``doubt_going_on`` a believed row of one to four the cue sees a checker just past.

::

    >>> white, black, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> white[0], black[23], black[5] = 15, 13, 1
    >>> likes = [None] * 24
    >>> likes[10] = likes[11] = True   # two empty points whose edge slots look black
    >>> seen = {10: 0.7, 11: 0.3}       # the learned cue sees a checker on point 11 only
    >>> add_seen(white, black, 0, 0, conf, likes, [1.2] * 24, seen.get, lambda i, least: 0)
    True
    >>> black[10], conf[10], black[11]
    (1, 0.5, 0)
"""

from __future__ import annotations

from collections.abc import Callable

from vision.checkers.model import short_of_fifteen
from vision.observation import BELIEVED

# Edge-slot rim (``outlines.slot_rim``) from which the two cues count a checker (a floor: a
# checker shows some rim; the ones counted so had 0.95-1.5), and the learned cue's probability
# of a checker on the edge slot from which they do.  Dev and fresh renders IMG_21001-21300,
# points read empty with the edge slot in a set's colour: 9 of the 11 holding checkers pass,
# 1 of the 305 empty ones (0.70; from 0.4: 2; from 0.8: 4 of 11 and none).
RIM_SEEN = 0.8
SEEN_FROM = 0.5
# ... and from MORE_FROM on the next slots, one after another (there, the side's missing checkers
# already vouch for more; slot_model's own ADD_FROM, 0.9, spares slots past any doubted row).
# Fresh and unseen renders: the second slot of lone checkers so counted 0.01-0.13 (8), of twos
# 0.71-0.94 (4).
MORE_FROM = 0.5
# Confidence of a point counted so.
SEEN_CONF = 0.5


def add_seen(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    conf: list[float],
    likes: list[bool | None],
    rims: list[float],
    edge_p: Callable[[int], float],
    more: Callable[[int, float], int],
    off: tuple[int | None, int | None] = (None, None),
) -> bool:
    """Count, in place, a checker on each point read empty whose edge slot is coloured like a
    set (``likes``: True black) with a rim from RIM_SEEN (``rims``, per point) and the learned
    cue's ``edge_p`` from SEEN_FROM, when its side is short of 15 by at least as many;
    ``more(i, least)``: checkers the learned cue sees on the slots after the edge one (its
    probability ``least`` or more); ``off``: white's and black's checkers seen borne off (believed
    tray counts, None when not seen), not missing.  True when a point was counted."""
    seen: dict[bool, list[int]] = {False: [], True: []}
    for i in range(24):
        if white[i] or black[i] or likes[i] is None or not rims[i] >= RIM_SEEN:
            continue
        if edge_p(i) >= SEEN_FROM:
            seen[bool(likes[i])].append(i)
    added = False
    for blk, bar in ((False, bar_white), (True, bar_black)):
        counts = black if blk else white
        room = short_of_fifteen(counts, bar, off[blk])
        if len(seen[blk]) > room:
            # More such points than checkers missing: some are phantoms, and nothing tells
            # which (fresh: an empty dark point's edge slot at 0.70, a lone checker's at 0.69);
            # each stays empty, doubtfully (dev: a dark 2 read empty at 1.0, its side's two
            # missing given to a doubted stack by fill_short).
            for i in seen[blk]:
                conf[i] = min(conf[i], SEEN_CONF)
            continue
        spare = room - len(seen[blk])  # after one checker each
        for i in seen[blk]:
            extra = min(more(i, MORE_FROM), spare)
            counts[i], spare = 1 + extra, spare - extra
            conf[i] = min(conf[i], SEEN_CONF)
            added = True
    return added


# Points left empty and believed whose edge slot still shows a checker's traces: a rim just under
# ``count.RIM_DOUBT`` (1.4) from RIM_NEAR with the learned cue from NEAR_P, or, the slot coloured
# like a set, a faint rim from LIKE_RIM (just under ``count.RIM_FAINT``) with the cue from LIKE_P.
# The cue is weighed against the frame's other empty points (``doubt_faint``).  Board given, own
# IMG_34801-35200, IMG_34401-34800, /tmp/train, dev: 2 lone dark checkers read empty at 1.0
# pass, and 4 of some 9000 believed right empty points; the paper webcam's: 1 of 200.
RIM_NEAR = 1.2
NEAR_P = 0.5
LIKE_RIM = 0.9
LIKE_P = 0.25


def doubt_faint(
    white: list[int],
    black: list[int],
    conf: list[float],
    likes: list[bool | None],
    rims: list[float],
    edge_p: Callable[[int], float],
) -> None:
    """Lower, in place, to SEEN_CONF the confidence of each believed empty point whose edge
    slot shows a checker's traces (see RIM_NEAR, LIKE_RIM), the learned cue on no other empty
    point from NEAR_P: the count may be one short.

    >>> conf, likes = [1.0] * 24, [None] * 24
    >>> rims = [0.5] * 24
    >>> rims[3] = 1.3          # a rim just under the count's own doubt
    >>> cue = {3: 0.7}          # the learned cue sees a checker there, on no other point
    >>> doubt_faint([0] * 24, [0] * 24, conf, likes, rims, lambda i: cue.get(i, 0.1))
    >>> conf[3], conf[4]
    (0.5, 1.0)
    """
    empty = [i for i in range(24) if not white[i] and not black[i]]
    p: dict[int, float] = {}

    def cue(i: int) -> float:  # a model call a point: only where a rim hints, once
        if i not in p:
            p[i] = edge_p(i)
        return p[i]

    for i in empty:
        if conf[i] <= SEEN_CONF:
            continue
        near = rims[i] >= RIM_NEAR and cue(i) >= NEAR_P
        if not near and not (likes[i] is not None and rims[i] >= LIKE_RIM and cue(i) >= LIKE_P):
            continue
        # Where the cue sees checkers on other empty points too (a printed or grainy board:
        # the paper webcam's empty points 0.5-0.8), it does not single this one out.
        if not any(cue(j) >= NEAR_P for j in empty if j != i):
            conf[i] = SEEN_CONF


# The model's probability from which the slot past a believed row of one to four makes it
# doubtful (dark on dark: a two read one at 1.0).  Own IMG_31401-31800, dev and train, believed
# rows of one to four (5763): 16 pass, 2 of them one short (0.57, 0.95), none of the rest short.
GOES_ON = 0.55


def doubt_going_on(
    white: list[int], black: list[int], conf: list[float], more: Callable[[int, float, int], int]
) -> None:
    """Doubt (0.5, in place) each believed row of one to four (``conf`` from ``BELIEVED``) the
    model sees a checker just past (``more(i, least, first)``: checkers it sees from slot
    ``first``, probability ``least`` or more): its count may be short.  Counts are kept.

    ::

        doubt_going_on(white, black, conf, more)
    """
    for i in range(len(conf)):
        n = white[i] + black[i]
        if conf[i] >= BELIEVED and 1 <= n <= 4 and more(i, GOES_ON, n):
            conf[i] = min(conf[i], 0.5)
