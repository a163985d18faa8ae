"""Doubts on a row's outermost checker, asked once the sides are settled: coloured like the
other set (a die read as the row's last checker, spared where the die lies on a real checker of
the row), verified outlines past it (a row read short), coloured like its triangle with no
outline (the triangle read as a checker).  Split from ``settle``, which calls them.

::

    doubt_odd_last(white, black, conf, found, sets, partial(row_set_round_die, m, tris))
    doubt_past_row(white, black, conf, found, sure_alongs, pitch)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.checkers.by_die import near_box, round_die
from vision.checkers.die_board import board_share, nearer_share
from vision.checkers.empty_board import plain_colour_dist
from vision.checkers.model import Found
from vision.checkers.point_reads import FrameMeasures

# A row's outermost checker whose colour lies at least this far (``colour_dist``) from its
# row's set, and nearer the other set, is no checker of the row: a die (found unread, or
# missed) read as one (ck25 IMG_52573: a cocked die as a 3's fourth; fm gammon test11: a
# missed die on an empty point read as a lone checker, both believed).  ck25, board given:
# 1 of 2 believed-wrong points, 3 of 7136 believed-right ones (a die on the last checker).
ODD_LAST = 25.0
# Verified outlines this many or more centred past a row's outermost checker found (by
# PAST_ROW pitch or more) are checkers the slot grid left out: a row read short (ck25
# IMG_52306, found board: four read two, the grid's pitch 38 px against the outlines' 44,
# believed).  ck25 and the paper webcam, given and found: 1 of 8 believed-wrong points, 2
# of 13923 believed-right ones.
PAST_ROW_OUTLINES = 2
# A row's outermost checker found with no verified outline within LIKE_TRIANGLE_ON of its
# centre (in checkers), coloured nearer its point's triangle than its set, is the triangle
# (ck25 IMG_52564, found board: a black two read three on a dark point at 0.91; ck25 and the
# paper webcam, given and found: 1 of 8 believed-wrong points, none of 13923 right ones).
LIKE_TRIANGLE_ON = 0.3
PAST_ROW = 0.6
# A row's last checker coloured like the other set is spared ODD_LAST's doubt when a die lies
# on it: its disc (radius DIE_DISC checkers) partly under a die's box, at least DIE_SEEN of it
# seen round the die, and SET_SEEN of that nearer the row's set than the board and the other
# set (the die's colour on a real checker, not a die on the board read as one).  Board given,
# IMG_58201-58600, dev and ck25: ODD_LAST doubted 13 right counts, each under a die lying on
# the checker (share 0.72-0.93 but for one, 0.17), and 1 wrong (ck25 IMG_52573, a cocked die
# read as a row's fourth: 0.07); 10 of the 13 are spared, the wrong one kept.
DIE_DISC = 0.45
DIE_SEEN = 0.3
SET_SEEN = 0.6


def doubt_odd_last(
    white: list[int],
    black: list[int],
    conf: list[float],
    found: list[list[Found]],
    sets: list[tuple[bool, np.ndarray]],
    under_die: Callable[[int, Found, bool], bool] | None = None,
) -> None:
    """Doubt (counts kept) each point whose outermost checker found (``found``, by point
    index) is coloured unlike its row's set (``ODD_LAST`` or more from it) and nearer the
    other set (``sets``: (is black, colour)): a die read as the row's last checker.  A
    checker a die lies on is spared when what shows of it round the die is its row's set
    (``under_die(point index, checker, row is black)``).

    >>> conf = [1.0] * 24
    >>> f = [[Found(20.0, 10.0, 20.0, (200.0, 128.0, 128.0))]] + [[] for _ in range(23)]
    >>> sets = [(False, np.array([60.0, 128, 128])), (True, np.array([190.0, 128, 128]))]
    >>> doubt_odd_last([1] + [0] * 23, [0] * 24, conf, f, sets)
    >>> conf[0]
    0.5
    """
    by_set = {blk: tuple(float(v) for v in c) for blk, c in sets}
    if len(by_set) < 2:
        return
    for idx in _believed_rows(white, black, conf, found):
        blk = black[idx] > 0
        c = found[idx][-1].colour
        own = plain_colour_dist(c, by_set[blk])
        if own < ODD_LAST or own <= plain_colour_dist(c, by_set[not blk]):
            continue
        if under_die is not None and under_die(idx, found[idx][-1], blk):
            continue  # the die's colour on a real checker of the row's set
        conf[idx] = min(conf[idx], 0.5)


def row_set_round_die(
    m: FrameMeasures, tris: list[np.ndarray], idx: int, last: Found, blk: bool
) -> bool:
    """Does a die lie on checker ``last`` of point ``idx`` (its disc, radius DIE_DISC
    checkers, partly under a die's box and at least DIE_SEEN of it not), with what shows of
    the disc round the die mostly (SET_SEEN) nearer the row's set (``blk``: black) than the
    board (the field, the point's triangle in ``tris``) and the other set?"""
    px = seen_round_die(m.lab, (last.x, last.y), m.d, m.ignore, m.sy)
    if px is None:
        return False
    by_set = {b: c for b, c in m.sets}
    if blk not in by_set or (not blk) not in by_set:
        return False
    rivals = [by_set[not blk], m.field, tris[idx]]
    return nearer_share(px, [by_set[blk]], rivals) >= SET_SEEN


def board_round_die(
    m: FrameMeasures, tris: list[np.ndarray], idx: int, last: Found, blk: bool
) -> float | None:
    """Share of what shows round a die on checker ``last`` of point ``idx`` nearer the board
    (the field, the point's triangle) than the row's set; None with no die on it."""
    px = seen_round_die(m.lab, (last.x, last.y), m.d, m.ignore, m.sy)
    by_set = {b: c for b, c in m.sets}
    if px is None or blk not in by_set:
        return None
    return board_share(px, by_set[blk], [m.field, tris[idx]])


def seen_round_die(
    lab: np.ndarray,
    centre: tuple[float, float],
    d: float,
    ignore: tuple[tuple[float, float, float, float], ...],
    sy: float,
) -> np.ndarray | None:
    """The Lab pixels of the disc (radius DIE_DISC ``d``) at ``centre`` that the dice's boxes
    (input pixels, y over ``sy``; ``by_die.DIE_MARGIN`` round them) leave seen, when a box
    covers part of it and at least DIE_SEEN of it shows; None otherwise.

    >>> lab = np.zeros((60, 60, 3), np.float32)
    >>> seen_round_die(lab, (30.0, 30.0), 40.0, ((25.0, 25.0, 35.0, 35.0),), 1.0).shape
    (840, 3)
    >>> seen_round_die(lab, (30.0, 30.0), 40.0, (), 1.0) is None  # no die on it
    True
    """
    if not any(near_box(centre[0], centre[1], DIE_DISC * d, box, sy) for box in ignore):
        return None  # no die reaches the disc (most rows: the disc is not sampled)
    px, full = round_die(lab, centre[0], centre[1], DIE_DISC * d, ignore, sy)
    if not full or len(px) == full or len(px) < DIE_SEEN * full:
        return None
    return np.asarray(px, np.float32)


def _believed_rows(
    white: list[int], black: list[int], conf: list[float], found: list[list[Found]]
) -> list[int]:
    """The points the last-checker doubts ask: checkers counted and found, not yet doubted."""
    return [
        idx for idx in range(24) if found[idx] and white[idx] + black[idx] > 0 and conf[idx] > 0.5
    ]


def doubt_past_row(
    white: list[int],
    black: list[int],
    conf: list[float],
    found: list[list[Found]],
    sure: list[np.ndarray],
    pitch: float,
) -> None:
    """Doubt (counts kept) each point with checkers whose verified outlines (``sure``: their
    distances from the point's edge, by point index) include PAST_ROW_OUTLINES or more centred
    PAST_ROW ``pitch`` or further past its outermost checker found (``found``): a row the slot
    grid read short.

    >>> conf = [1.0] * 24
    >>> row = [Found(20.0 + 38 * k, 10.0, 20.0 + 38 * k, (60.0, 128.0, 128.0)) for k in range(2)]
    >>> f = [row] + [[] for _ in range(23)]
    >>> sure = [np.array([22.0, 66.0, 110.0, 155.0])] + [np.zeros(0)] * 23
    >>> doubt_past_row([2] + [0] * 23, [0] * 24, conf, f, sure, 38.0)
    >>> conf[0]
    0.5
    """
    for idx in _believed_rows(white, black, conf, found):
        last = found[idx][-1].along
        past = np.asarray(sure[idx]) > last + PAST_ROW * pitch
        if int(np.count_nonzero(past)) >= PAST_ROW_OUTLINES:
            conf[idx] = min(conf[idx], 0.5)


def doubt_like_triangle(
    white: list[int],
    black: list[int],
    conf: list[float],
    found: list[list[Found]],
    outlined: list[np.ndarray],
    looks: tuple[list[np.ndarray], list[tuple[bool, np.ndarray]], float],
) -> None:
    """Doubt (counts kept) each point whose outermost checker found (``found``, by point
    index) has no verified outline (``outlined``: their distances from the point's edge)
    within LIKE_TRIANGLE_ON checkers and is coloured nearer the point's triangle than its
    set.  ``looks``: each point's triangle colour, the sets (is black, colour) and the
    checker diameter.

    >>> conf = [1.0] * 24
    >>> row = [Found(20.0 + 44 * k, 10.0, 0.0, (52.0, 159.0, 143.0)) for k in range(2)]
    >>> f = [[*row, Found(108.0, 10.0, 0.0, (52.0, 129.0, 127.0))]] + [[] for _ in range(23)]
    >>> outlined = [np.array([21.5, 67.5])] + [np.zeros(0)] * 23
    >>> tris = [np.array([50.0, 129, 128])] * 24
    >>> sets = [(False, np.array([188.0, 128, 130])), (True, np.array([57.0, 159, 143]))]
    >>> doubt_like_triangle([0] * 24, [3] + [0] * 23, conf, f, outlined, (tris, sets, 44.0))
    >>> conf[0]
    0.5
    """
    tris, sets, d = looks
    by_set = {blk: tuple(float(v) for v in c) for blk, c in sets}
    if len(by_set) < 2:  # measured on frames with both sets
        return
    for idx in _believed_rows(white, black, conf, found):
        blk = black[idx] > 0
        last = found[idx][-1]
        if np.any(np.abs(np.asarray(outlined[idx]) - last.along) < LIKE_TRIANGLE_ON * d):
            continue
        tri = tuple(float(v) for v in tris[idx])
        if plain_colour_dist(last.colour, tri) < plain_colour_dist(last.colour, by_set[blk]):
            conf[idx] = min(conf[idx], 0.5)
