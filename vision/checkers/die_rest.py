"""What a die lies on, told by what shows round it: the board (a flat die) or a checker set's
colour (a die on a checker).

A flat die on an empty point or on the bare bar is often taken for a checker there: its
outline and shadow make a circle of a checker's size.  The point's count may drop that
checker again (a side over fifteen, a circle centred on a die), but the circle stays among the
checkers' discs, and ``dice_place.place_die`` then reads the die as lying on a checker, capped
at the point's (doubted) confidence: a flat die asked about.  On the bar the die's own circle
counted as a bar checker cannot be told from a real one by its place alone, so every die on a
bar disc was asked about.

What shows of the disc round the die (``last_checker.seen_round_die``: the disc, radius 0.45
checkers, less the dice's boxes and their margin) tells them apart: a checker under a die
shows a set's colour all round it, a die's own circle shows the board (field, triangle, bar).

- ``board_round``: per point disc, the share of what shows nearer the board than either
  checker set (0 where a set is coloured like the board), or ``UNTOLD`` where no die reaches
  the disc or too little of it shows;
- ``set_round``: per bar disc, the share nearer a checker set than the board round the bar
  (the field, the bar's own colour); ``UNTOLD`` likewise, and where a set is coloured like
  that board;
- ``bar_dice_round``: the same share round each die centred on the bar, on a disc or not: a
  die on a bar checker the counter missed (or placed elsewhere) shows that checker round it.

``dice_place.place_die`` then reads a flat die on a disc showing the board as flat, a die on a
bar disc showing a set as on a checker as sure as the bar's count, and doubts a flat die on
the bar showing a set with no bar disc under it.  Measured (board given; thresholds in
``dice_place``): renders IMG_64001-64200 (four dice, half the flat ones on empty light points),
flat dice on a point disc read on a checker: 13 of 39 show the board (0.81-1.0), dice really on
a checker at most 0.29 (67).  Against the disc's named set alone they reached 0.43, and on
unseen46 IMG_61307 (a red die on a white checker, the disc named the red set) 0.85: either set
counts since.  Bar-focused renders (seeds IMG_64001-64150: one checker moved to the bar in two
of three, a die on the bar, on a bar checker in a third of them), dice on a bar disc: on a
checker 0.84-1.0 where told (17 of 39), the one flat die told 0.1; a white checker on the bar
named black (IMG_64117: 0.0 against the named set) is why either set counts there too, and a
set like the field leaves it untold.

::

    seen = lambda centre: seen_round_die(m.lab, centre, m.d, m.ignore, m.sy)
    board = board_round(m, seen, discs, tris)           # per point disc
    bar = bar_colour(m, geo.bar_span, mask)
    sets = set_round(m, seen, bar_discs, (bar_w, bar_b), bar)
    dice = bar_dice_round(m, seen, bar_reach(geo, d), bar)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from vision.checkers.die_board import like_board, nearer_share
from vision.checkers.point_reads import FrameMeasures

# No die reaches the disc, or too little of it shows round the die to tell.
UNTOLD = -1.0

# What shows of a disc (centre in the board image's pixels) round a die, as Lab pixels; None
# where no die reaches it or too little shows (``last_checker.seen_round_die``).
Seen = Callable[[tuple[float, float]], np.ndarray | None]


def board_round(
    m: FrameMeasures,
    seen: Seen,
    discs: Sequence[tuple[float, float, float, int]],
    tris: Sequence[np.ndarray],
) -> tuple[float, ...]:
    """Per point disc (x, y in the input's pixels, radius, set; ``tris``: its point's triangle
    colour), the share of what shows round a die on it nearer the board (the field, the
    triangle) than either checker set: the disc may be named after the die's colour, not its
    checker's (unseen46 IMG_61307: a red die on a white checker, the disc named the red set);
    0 where a set is coloured like the board, ``UNTOLD`` without a die on it."""
    sets = [c for _, c in m.sets]
    out: list[float] = []
    for (x, y, _, _), tri in zip(discs, tris, strict=True):
        px = seen((x, y / m.sy))
        if px is None or not sets:
            out.append(UNTOLD)
            continue
        board = [m.field, tri]
        if like_board(sets, board):
            out.append(0.0)  # a set like the board: nothing to tell
            continue
        out.append(nearer_share(px, board, sets))
    return tuple(out)


def set_round(
    m: FrameMeasures,
    seen: Seen,
    discs: Sequence[tuple[float, float, float]],
    held: tuple[int, int],
    bar: np.ndarray,
) -> tuple[float, ...]:
    """Per bar disc (x, y in the input's pixels, radius) of a bar holding checkers (``held``:
    white, black counts), the share of what shows round a die on it nearer a checker set than
    the board round the bar (the field, the bar's colour ``bar``): either set, for the bar's
    checker may be named the other's colour; ``UNTOLD`` without a die on it, or where a set is
    coloured like the board (``die_board.SET_LIKE_TRIANGLE``)."""
    board = [m.field, bar]
    sets = [c for _, c in m.sets] if sum(held) else []
    if not sets or like_board(sets, board):
        return (UNTOLD,) * len(discs)
    out: list[float] = []
    for x, y, _ in discs:
        px = seen((x, y / m.sy))
        if px is None:
            out.append(UNTOLD)
            continue
        out.append(nearer_share(px, sets, board))
    return tuple(out)


def bar_dice_round(
    m: FrameMeasures, seen: Seen, reach: tuple[float, float], bar: np.ndarray
) -> tuple[tuple[float, float, float, float], ...]:
    """Per die whose box (``m.ignore``, the input's pixels) is centred on the bar (``reach``:
    its middle's x and how far from it, in the board image): its centre (x, y in the input's
    pixels), a checker's radius, and the share of what shows of the disc round its centre
    nearer a checker set than the board round the bar (the field, ``bar``): a die on a bar
    checker the counter missed shows that checker round it.  ``UNTOLD`` where too little shows
    or a set is coloured like the board."""
    board = [m.field, bar]
    like = like_board([c for _, c in m.sets], board)
    out: list[tuple[float, float, float, float]] = []
    for x0, y0, x1, y1 in m.ignore:
        x, y = (x0 + x1) / 2.0, (y0 + y1) / 2.0
        if abs(x - reach[0]) > reach[1]:
            continue
        px = None if like or not m.sets else seen((x, y / m.sy))
        if px is None:
            out.append((x, y, m.d / 2.0, UNTOLD))
            continue
        out.append((x, y, m.d / 2.0, nearer_share(px, [c for _, c in m.sets], board)))
    return tuple(out)


def bar_colour(m: FrameMeasures, span: tuple[float, float], ignore_mask: np.ndarray) -> np.ndarray:
    """The bar's colour: the median Lab of its strip (``span``, x in the board image) clear of
    the dice (``ignore_mask``, 1 there); the field's where none of it is in the picture."""
    x0, x1 = max(0, int(span[0])), min(m.lab.shape[1], int(np.ceil(span[1])))
    strip = m.lab[:, x0:x1]
    clear = ignore_mask[:, x0:x1] == 0
    px = strip[clear] if clear.any() else strip.reshape(-1, 3)
    if not len(px):  # the bar outside the picture
        return np.asarray(m.field, np.float32)
    return np.asarray(np.median(px, axis=0), np.float32)
