"""A doubted row of one to four that the learned cue sees going on past its last checker: the
row was read short (a dark checker on a dark point past the row's end shows no outline).

``going_on`` gives, per such row of a side, the checkers the cue sees just past it (slots
PAST_FROM or more, one after another up to the fifth).  A side short of fifteen counts them
with its seen empty points (``seen_many``).  A side counted at exactly fifteen with such a row
(``swap_going_on``) misread something else by as many the other way; with one such row:

- its doubted bar holding exactly as many (a row's edge or a shadow on the bar read as
  checkers), where the row's own read is weak too (confidence under ROW_WEAK: the slot
  reading unsure of it, not only a later doubt): the bar's checkers are the row's, the bar
  reads empty;
- else its one doubted stack of STACK_FROM or more that keeps a full first layer (TALL) after
  giving them (an extra checker on a stack's second layer is where an over-read lives): the
  stack gives them to the row.

Both stay doubted.  Replays of the fills' inputs, board given (own IMG_74001-74400,
IMG_68801-69200 and session 31's recordings of IMG_61401-61600, IMG_65001-65600,
IMG_68601-68800, IMG_69801-70200: 2 199 boards, all looked at while choosing the rule): the
bar: 6 sides made right, none wrong, 3 changed and still wrong (a bar checker really there: one
point lost); a stack: 8 made right, none wrong, 6 changed and still wrong (points: +7, -1).
Read whole with ``seen_many``'s use of ``going_on``, board given: own IMG_74001-74400 90.6 ->
91.7% exact, IMG_61401-61600 87.8 -> 88.9% (both looked at); held out: own IMG_74401-74600
89.6 -> 90.1% (found 82.4% unchanged; IMG_74476 found: a row made right with the bar's
checker, really there, so the bar made wrong), IMG_61201-61400 and dev (given and found)
unchanged, the real boards' reads identical; believed-wrong counts and die states acted on
unchanged.

The bar's checkers moved only from a weak row (ROW_WEAK): every bar swap in those replays,
and IMG_74476 found, looked at: the 6 that emptied a wrong bar had rows at confidence
0.045-0.333 (three bars read from a colour run, three from doubtful circles); the one that
emptied a real bar (IMG_74476 found, colour run: the real error an over-read stack of 5)
had its row at 0.5, and IMG_65501's real bar (not swapped: bar believed) had its row at 0.4.

::

    >>> counts, other, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> counts[11], counts[20], conf[11], conf[20] = 1, 2, 0.5, 0.5
    >>> going_on(counts, other, conf, lambda i, least, first: 4 if i == 11 else 0)
    {11: 4}
"""

from __future__ import annotations

from collections.abc import Callable

from vision.checkers.model import CHECKERS_PER_SIDE
from vision.observation import BELIEVED

# The learned cue's probability from which a slot past a row holds a checker
# (``short_side.PAIR_FROM``'s).
PAST_FROM = 0.5
# A doubted row of at most this many may go on (the cue's slots stop at the fifth).
ROW_MOST = 4
# A doubted stack this tall or taller gives a going-on row its checkers, keeping TALL.
STACK_FROM = 6
TALL = 5
# A going-on row takes its checkers from the bar only when read under this confidence.
ROW_WEAK = 0.4
# Confidence of a row or stack the swap changed, and of the bar it emptied.
SWAP_CONF = 0.5


def going_on(
    counts: list[int],
    other: list[int],
    conf: list[float],
    past: Callable[[int, float, int], int] | None,
) -> dict[int, int]:
    """Per doubted row of one to ROW_MOST of this side (``counts``; ``other`` the other
    side's) whose slots just past its last checker the cue sees checkers on (``past(i, least,
    first)``: one after another from slot ``first``), the checkers it lacks."""
    if past is None:
        return {}
    rows = {}
    for i in range(24):
        if 1 <= counts[i] <= ROW_MOST and other[i] == 0 and conf[i] < BELIEVED:
            if (n := past(i, PAST_FROM, counts[i])) > 0:
                rows[i] = n
    return rows


def swap_going_on(
    white: list[int],
    black: list[int],
    bars: tuple[int, int],
    bar_conf: float,
    conf: list[float],
    past: Callable[[int, float, int], int] | None,
    off: tuple[int | None, int | None] = (None, None),
) -> tuple[int, int, float]:
    """Each side at exactly fifteen (board, bar and ``off`` seen borne off) with one doubted
    row going on gets the row's checkers from its doubted bar or over-read stack (module
    doc), in place.  Returns the bars (white, black) and the bar's confidence.

    >>> white, black, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> black[0], black[5], black[23], conf[0], conf[5] = 1, 6, 8, 0.5, 0.5
    >>> swap_going_on(white, black, (0, 0), 1.0, conf, lambda i, least, first: int(i == 0))
    (0, 0, 1.0)
    >>> black[0], black[5]
    (2, 5)
    """
    new_bars = list(bars)
    for blk, counts, other in ((False, white, black), (True, black, white)):
        on = sum(counts) + new_bars[blk] + (off[blk] or 0)
        rows = going_on(counts, other, conf, past) if on == CHECKERS_PER_SIDE else {}
        if len(rows) != 1:
            continue
        ((row, n),) = rows.items()
        if new_bars[blk] == n and bar_conf < BELIEVED and conf[row] < ROW_WEAK:
            new_bars[blk] = 0
            bar_conf = min(bar_conf, SWAP_CONF)
        else:
            stacks = [
                i
                for i in range(24)
                if counts[i] >= STACK_FROM
                and counts[i] - n >= TALL
                and other[i] == 0
                and conf[i] < BELIEVED
            ]
            if len(stacks) != 1:
                continue
            counts[stacks[0]] -= n
            conf[stacks[0]] = min(conf[stacks[0]], SWAP_CONF)
        counts[row] += n
        conf[row] = min(conf[row], SWAP_CONF)
    return new_bars[0], new_bars[1], bar_conf
