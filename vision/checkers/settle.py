"""Settling the sides after the per-point reads: the bar, each side's total of 15 (fills and
drops), the doubts that need the whole board, and the frame's ``CheckerCounts``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.bar import BAR_RIM, CubeSeen, bar_checkers, bar_reach, faint_set, on_the_bar
from vision.checkers.bar_dice import bar_discs, die_on_bar
from vision.checkers.colours import colour_votes
from vision.checkers.die_board import doubt_die_on_board
from vision.checkers.die_cover import SlotView, doubt_covered
from vision.checkers.die_rest import bar_colour, bar_dice_round, board_round, set_round
from vision.checkers.going_on import swap_going_on
from vision.checkers.home_sides import (
    doubt_away,
    doubt_every_point,
    drop_away,
    names_in_doubt,
    rename_sides,
)
from vision.checkers.last_checker import (
    board_round_die,
    doubt_like_triangle,
    doubt_odd_last,
    doubt_past_row,
    row_set_round_die,
    seen_round_die,
)
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
    colour; ``row``: point index to cell; ``covered``: per point, is it a five under a second layer
    (``covered_rest.CoveredFives``).

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
    covered: Callable[[int], bool] | None = None


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
    drop_away(white, black, bar_w, bar_b, conf, off)  # a side that bore off: phantoms away
    doubt_away(white, black, bar_w, bar_b, conf, off)
    if named_doubt:  # after the fills, which would take the doubt as room for the missing
        doubt_every_point(white, black, conf)
    doubt_going_on(white, black, conf, seen_from)
    view = SlotView(stacked, cares, tri_mask & ~unsure, tri_each, sets, d, indices)
    doubt_covered(white, black, conf, view, (bar_w, bar_b, bar_conf), off)  # a die on an edge slot
    # The last-checker doubts, by point index: each row's checkers found, triangle, outlines.
    found = [ev.found[row[idx]] for idx in range(24)]
    tris = [tri_each[row[idx]] for idx in range(24)]
    doubt_odd_last(white, black, conf, found, sets, partial(row_set_round_die, m, tris))
    outlined = [ev.outlines[row[idx]][0] for idx in range(24)]
    doubt_like_triangle(white, black, conf, found, outlined, (tris, sets, d))
    sure_alongs = [ev.outlines[row[idx]][1] for idx in range(24)]
    doubt_past_row(white, black, conf, found, sure_alongs, m.pitch)
    doubt_die_on_board(white, black, conf, found, partial(board_round_die, m, tris))
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
