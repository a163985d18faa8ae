"""Settling the sides after the per-point reads: the bar, each side's total of 15 (fills and
drops), the doubts that need the whole board, and the frame's ``CheckerCounts``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.bar import CubeSeen, bar_checkers, faint_set
from vision.checkers.bar_dice import die_on_bar
from vision.checkers.colours import colour_votes
from vision.checkers.die_cover import SlotView, doubt_covered
from vision.checkers.home_sides import doubt_away, doubt_every_point, names_in_doubt, rename_sides
from vision.checkers.model import CHECKERS_PER_SIDE, CheckerColours, CheckerCounts
from vision.checkers.point_reads import FrameMeasures, PointEvidence, PointReads
from vision.checkers.seen_empty import add_seen, doubt_faint, doubt_going_on
from vision.checkers.short_side import bar_doubt, fill_short, short_on_bar
from vision.checkers.slot_model import PointSlots
from vision.checkers.totals import fit_total, sure_lone, unexplained_share


@dataclass(frozen=True)
class SideInputs:
    """What settling the sides needs beyond the frame's measures and the per-point reads.

    ``geo``: the square-pixel board; ``round_``: per circle, a rim all round; ``colours``:
    calibrated sets (None: named by this frame); ``feats``: each checker's colour sample (the
    cells' order); ``cube``: where the cube was seen; ``ignore_mask``: the dice (1 there);
    ``off``: (white, black) seen borne off; ``stacked``: the 24 cells' Lab strips; ``unsure``:
    a strip's pixels near the triangle's edge or tip; ``tri_each``: each cell's triangle
    colour; ``row``: point index to cell.

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
    unexplained = unexplained_share(lab, geo, field, tri_colours, discs, sy, d, ignore_mask)
    edge_p, seen_from = cue.edge_p, cue.seen_from
    point_rims = [rims[row[idx]] for idx in range(24)]
    keep = [s or u for s, u in zip(sure_lone(white, black, point_rims, edge_p), held, strict=True)]
    bar_w, conf_w = fit_total(white, bar_w, conf, bar_conf, 2, loose, keep, off[0] or 0)
    bar_b, conf_b = fit_total(black, bar_b, conf, bar_conf, 2, loose, keep, off[1] or 0)
    faint = partial(faint_set, lab, geo, d, colours, labels, feats)  # a bar's half-seen set
    bar_w, bar_b, bar_conf = short_on_bar(
        white, black, bar_w, bar_b, min(conf_w, conf_b), (conf, likes, edge_p), off, faint
    )
    fill_short(white, black, bar_w, bar_b, conf, likes, edge_p, off, seen_from)
    if add_seen(white, black, bar_w, bar_b, conf, likes, point_rims, edge_p, seen_from, off):
        # Points the cues counted may be the doubted tall stack a short side lacks.
        fill_short(white, black, bar_w, bar_b, conf, likes, edge_p, off, seen_from)
    doubt_faint(white, black, conf, likes, point_rims, edge_p)  # after the totals' fills
    doubt_away(white, black, bar_w, bar_b, conf, off)
    if named_doubt:  # after the fills, which would take the doubt as room for the missing
        doubt_every_point(white, black, conf)
    doubt_going_on(white, black, conf, seen_from)
    view = SlotView(stacked, cares, tri_mask & ~unsure, tri_each, sets, d, indices)
    doubt_covered(white, black, conf, view, (bar_w, bar_b, bar_conf), off)  # a die on an edge slot
    return CheckerCounts(
        white=tuple(white),
        black=tuple(black),
        bar_white=bar_w,
        bar_black=bar_b,
        off_white=max(0, CHECKERS_PER_SIDE - sum(white) - bar_w),
        off_black=max(0, CHECKERS_PER_SIDE - sum(black) - bar_b),
        off_from_trays=False,
        point_confidence=tuple(conf),
        bar_confidence=bar_doubt(white, black, bar_w, bar_b, bar_conf, off=off),
        off_confidence=0.5,
        discs=tuple(discs),
        unexplained=unexplained,
        checker_frac=d / geo.point_width,
    )
