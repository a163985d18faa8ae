"""Settling the sides after the per-point reads: the bar, each side's total of 15 (fills and
drops), the doubts that need the whole board, and the frame's ``CheckerCounts``."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.bar import BAR_RIM, CubeSeen, bar_checkers, bar_reach, faint_set, on_the_bar
from vision.checkers.bar_dice import bar_discs, die_on_bar
from vision.checkers.by_die import near_box, round_die
from vision.checkers.colours import colour_votes
from vision.checkers.die_board import board_share, doubt_die_on_board, nearer_share
from vision.checkers.die_cover import SlotView, doubt_covered
from vision.checkers.die_rest import bar_colour, bar_dice_round, board_round, set_round
from vision.checkers.going_on import swap_going_on
from vision.checkers.home_sides import doubt_away, doubt_every_point, names_in_doubt, rename_sides
from vision.checkers.model import CHECKERS_PER_SIDE, CheckerColours, CheckerCounts, Found
from vision.checkers.other_set import trimmed_to_other
from vision.checkers.point_reads import FrameMeasures, PointEvidence, PointReads
from vision.checkers.seen_empty import add_seen, doubt_faint, doubt_going_on
from vision.checkers.short_bar import bar_doubt, short_on_bar
from vision.checkers.short_corner import doubt_short_corner
from vision.checkers.short_side import fill_short
from vision.checkers.slot_model import PointSlots
from vision.checkers.totals import fit_total, second_seen, sure_lone, unexplained_share
from vision.checkers.trimmed_odd import doubt_trimmed_odd, trimmed_sides

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
# A circle on the bar smaller than a checker (radius under BAR_SMALL_R checkers) whose centre
# lies closer than BAR_OVERLAP checkers to a point's checker is no checker: one made of a row's
# rims and the bar's printed line (IMG_58431: 0.41, 0.77 from the row's checker).  A paper
# board's real bar checkers overlap the rows beside its narrow bar too (0.70-0.84 from their
# checkers), but are whole checkers: radius 0.50-0.55 (IMG_58201-58600, dev, ck25, /tmp/train
# IMG_0001-0200, board given: 6 bars believed right).
BAR_OVERLAP = 0.85
BAR_SMALL_R = 0.46


@dataclass(frozen=True)
class SideInputs:
    """What settling the sides needs beyond the frame's measures and the per-point reads.

    ``geo``: the square-pixel board; ``round_``: per circle, a rim all round; ``colours``:
    calibrated sets (None: named by this frame); ``feats``: each checker's colour sample (the
    cells' order); ``cube``: where the cube was seen; ``ignore_mask``: the dice (1 there);
    ``off``: (white, black) seen borne off; ``stacked``: the 24 cells' Lab strips; ``unsure``:
    a strip's pixels near the triangle's edge or tip; ``tri_each``: each cell's triangle
    colour; ``row``: point index to cell; ``covered``: per point, a five under a second layer
    (``covered_rest``).

    ::

        rest = SideInputs(geo, round_, colours, feats, cube, ignore_mask, off, stacked,
                          unsure, tri_each, row)
    """

    geo: BoardGeometry
    round_: np.ndarray
    colours: CheckerColours | None
    feats: list[tuple[float, float, float]]
    cube: CubeSeen | None
    ignore_mask: np.ndarray
    off: tuple[int | None, int | None]
    stacked: np.ndarray
    unsure: np.ndarray
    tri_each: np.ndarray
    row: dict[int, int]
    covered: list[bool] | None = None


def settle_sides(
    m: FrameMeasures, ev: PointEvidence, reads: PointReads, cue: PointSlots, rest: SideInputs
) -> CheckerCounts:
    """The bar read, each side fitted to its 15 (less ``off``), the whole-board doubts, and
    the counts (``reads``' lists are changed in place).

    ::

        counts = settle_sides(m, ev, read_points(m, ev, cue), cue, SideInputs(...))
    """
    lab, d, sy, field, tri_colours = m.lab, m.d, m.sy, m.field, m.tri_colours
    circles, tri_mask, sets = m.circles, m.tri_mask, m.sets
    labels, free, indices, rims, cares = ev.labels, ev.free, ev.indices, ev.rims, ev.cares
    white, black, conf, point_discs = reads.white, reads.black, reads.conf, reads.discs
    loose, likes, held = reads.loose, reads.likes, reads.held
    geo, round_, colours, feats, cube = rest.geo, rest.round_, rest.colours, rest.feats, rest.cube
    ignore_mask, off, stacked, unsure = rest.ignore_mask, rest.off, rest.stacked, rest.unsure
    tri_each, row = rest.tri_each, rest.row
    bar_read = bar_checkers(lab, geo, circles, round_, d, colours, labels, feats, cube)
    bar_w, bar_b, bar_conf = die_on_bar(bar_read, circles, ignore_mask, geo, d, round_)
    if colours is None:
        # This frame's sets named the wrong way round (late in a game): the rules rename them.
        bar_w, bar_b = rename_sides(white, black, bar_w, bar_b, conf, point_discs)
    named = colour_votes(labels, free).tolist()  # the split's names, clear of dice
    named_doubt = colours is None and names_in_doubt(white, black, bar_w, bar_b, named)
    discs = [disc for idx in indices for disc in point_discs[idx]]  # the cells' order, as found
    disc_points = [idx for idx in indices for _ in point_discs[idx]]  # each one's point
    unexplained = unexplained_share(lab, geo, field, tri_colours, discs, sy, d, ignore_mask)
    edge_p, seen_from, hid = cue.edge_p, cue.seen_from, cue.covered
    point_rims = [rims[row[idx]] for idx in range(24)]
    lone = sure_lone(white, black, point_rims, edge_p, partial(second_seen, seen_from))
    keep = [s or u for s, u in zip(lone, held, strict=True)]
    before = (list(white), list(black))
    bar_w, conf_w = fit_total(white, bar_w, conf, bar_conf, 2, loose, keep, off[0] or 0)
    bar_b, conf_b = fit_total(black, bar_b, conf, bar_conf, 2, loose, keep, off[1] or 0)
    cut = trimmed_sides(before, white, black)  # a phantom may stand elsewhere
    trimmed_to_other(white, black, before, (bar_w, bar_b), conf, off)  # a lone one misnamed
    faint = partial(faint_set, lab, geo, d, colours, labels, feats)  # a bar's half-seen set
    bar_w, bar_b, bar_conf = short_on_bar(
        white, black, bar_w, bar_b, min(conf_w, conf_b), (conf, likes, edge_p), off, faint
    )
    fill_short(
        white,
        black,
        bar_w,
        bar_b,
        conf,
        likes,
        edge_p,
        off,
        seen_from,
        seen_from,
        hid,
        rest.covered,
    )
    if add_seen(white, black, bar_w, bar_b, conf, likes, point_rims, edge_p, seen_from, off):
        # Points the cues counted may be the doubted tall stack a short side lacks.
        fill_short(white, black, bar_w, bar_b, conf, likes, edge_p, off, seen_from, seen_from, hid)
    bar_w, bar_b, bar_conf = swap_going_on(
        white, black, (bar_w, bar_b), bar_conf, conf, seen_from, off
    )  # a side at fifteen whose doubted row goes on
    doubt_faint(white, black, conf, likes, point_rims, edge_p)  # after the totals' fills
    doubt_away(white, black, bar_w, bar_b, conf, off)
    if named_doubt:  # after the fills, which would take the doubt as room for the missing
        doubt_every_point(white, black, conf)
    doubt_going_on(white, black, conf, seen_from)
    view = SlotView(stacked, cares, tri_mask & ~unsure, tri_each, sets, d, indices)
    doubt_covered(white, black, conf, view, (bar_w, bar_b, bar_conf), off)  # a die on an edge slot
    # The last-checker doubts, by point index: each row's checkers found, triangle, outlines.
    found = [ev.found[row[idx]] for idx in range(24)]
    tris = [tri_each[row[idx]] for idx in range(24)]
    doubt_odd_last(white, black, conf, found, sets, partial(_row_set_round_die, m, tris))
    outlined = [ev.outlines[row[idx]][0] for idx in range(24)]
    doubt_like_triangle(white, black, conf, found, outlined, (tris, sets, d))
    sure_alongs = [ev.outlines[row[idx]][1] for idx in range(24)]
    doubt_past_row(white, black, conf, found, sure_alongs, m.pitch)
    doubt_die_on_board(white, black, conf, found, partial(_board_round_die, m, tris))
    doubt_trimmed_odd(white, black, conf, cut, found, m.sets)
    doubt_short_corner(white, black, bar_w, bar_b, conf, off)  # after every other doubt
    seen = partial(seen_round_die, m.lab, d=m.d, ignore=m.ignore, sy=m.sy)
    disc_tris = [tri_each[row[idx]] for idx in disc_points]
    on_bar = bar_discs(circles, round_, geo, d, sy, bar_w + bar_b)
    reach = bar_reach(geo, d)
    # The bar's colour only where a die may lie on it (~0.7 ms a frame).
    on_it = [abs((b[0] + b[2]) / 2.0 - reach[0]) <= reach[1] for b in m.ignore]
    bar = bar_colour(m, geo.bar_span, ignore_mask) if on_bar or any(on_it) else field
    return CheckerCounts(
        white=tuple(white),
        black=tuple(black),
        bar_white=bar_w,
        bar_black=bar_b,
        off_white=max(0, CHECKERS_PER_SIDE - sum(white) - bar_w),
        off_black=max(0, CHECKERS_PER_SIDE - sum(black) - bar_b),
        off_from_trays=False,
        point_confidence=tuple(conf),
        bar_confidence=bar_shared(
            bar_doubt(white, black, bar_w, bar_b, bar_conf, off=off),
            bar_w + bar_b,
            circles[on_the_bar(circles, geo, d) & (round_ > BAR_RIM)] if len(circles) else circles,
            ev.found,
            (geo, d),
        ),
        off_confidence=0.5,
        discs=tuple(discs),
        disc_points=tuple(disc_points),
        bar_discs=on_bar,
        disc_board=board_round(m, seen, discs, disc_tris),
        bar_disc_set=set_round(m, seen, on_bar, (bar_w, bar_b), bar),
        bar_dice_set=bar_dice_round(m, seen, reach, bar),
        unexplained=unexplained,
        checker_frac=d / geo.point_width,
    )


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
        own = _colour_dist(c, by_set[blk])
        if own < ODD_LAST or own <= _colour_dist(c, by_set[not blk]):
            continue
        if under_die is not None and under_die(idx, found[idx][-1], blk):
            continue  # the die's colour on a real checker of the row's set
        conf[idx] = min(conf[idx], 0.5)


def _row_set_round_die(
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


def _board_round_die(
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


def bar_shared(
    bar_conf: float,
    on_bar: int,
    bar_circles: np.ndarray,
    found: list[list[Found]],
    size: tuple[BoardGeometry, float],
) -> float:
    """The bar's confidence, at most 0.5 when it holds checkers (``on_bar``) and a point's
    checker (``found``, any cell) is centred where a bar checker may be (``bar.bar_reach``),
    or closer than BAR_OVERLAP checkers to a circle smaller than a checker taken for one
    (``bar_circles``: x, y, r): one checker counted twice, or a circle made of a row's rims
    and the bar's edge.  A paper board's bar is a printed line narrower than a checker, and a
    row beside it reaches it (IMG_58431, board given, and ck25 IMG_52292, found: a point's
    checker, or the rims of a row beside the bar, read on the bar too, believed at 0.7).
    ``size``: the square-pixel board and the checker diameter.

    >>> geo = BoardGeometry(bar_frac=0.02)
    >>> beside = [[Found(20.0, geo.width / 2 + 12.0, 20.0, (40.0, 128.0, 128.0))]]
    >>> none = np.zeros((0, 3))
    >>> bar_shared(0.7, 1, none, beside, (geo, 80.0)), bar_shared(0.7, 0, none, beside, (geo, 80.0))
    (0.5, 0.7)
    >>> row = [[Found(20.0, geo.width / 2 + 50.0, 300.0, (40.0, 128.0, 128.0))]]
    >>> bar_shared(0.7, 1, np.array([[geo.width / 2, 340.0, 33.0]]), row, (geo, 80.0))
    0.5
    >>> bar_shared(0.7, 1, np.array([[geo.width / 2, 340.0, 41.0]]), row, (geo, 80.0))
    0.7
    """
    if on_bar == 0:
        return bar_conf
    geo, d = size
    mid, reach = bar_reach(geo, d)
    points = np.array([(f.x, f.y) for cell in found for f in cell], np.float64).reshape(-1, 2)
    if np.any(np.abs(points[:, 0] - mid) < reach):
        return min(bar_conf, 0.5)
    for x, y, r in np.asarray(bar_circles, np.float64).reshape(-1, 3):
        if r >= BAR_SMALL_R * d:
            continue  # a whole checker, though it overlaps a row beside a narrow bar
        if np.any(np.hypot(points[:, 0] - x, points[:, 1] - y) < BAR_OVERLAP * d):
            return min(bar_conf, 0.5)
    return bar_conf


def _believed_rows(
    white: list[int], black: list[int], conf: list[float], found: list[list[Found]]
) -> list[int]:
    """The points the last-checker doubts ask: checkers counted and found, not yet doubted."""
    return [
        idx for idx in range(24) if found[idx] and white[idx] + black[idx] > 0 and conf[idx] > 0.5
    ]


def _colour_dist(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """``empty_board.colour_dist`` of two colours, in plain floats (24 pairs a frame)."""
    return math.sqrt(0.25 * (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2)


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
        if _colour_dist(last.colour, tri) < _colour_dist(last.colour, by_set[blk]):
            conf[idx] = min(conf[idx], 0.5)
