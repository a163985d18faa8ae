"""The per-point reads of the checker stage: each point's count, colour and doubt (see
``count_checkers``, which measures the frame and settles the sides' totals after these)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np

from vision.board.fine_sides import shift_at
from vision.checkers.bare_tail import slot_p, supported
from vision.checkers.by_die import board_not_checker, by_a_die, checker_under_die
from vision.checkers.colours import colour_votes, majority
from vision.checkers.fanned import fanned_run, fanned_start, outline_past_row
from vision.checkers.model import Cell, Found
from vision.checkers.outlines import backed, colour_only, outlined_any
from vision.checkers.row_rims import checked_row
from vision.checkers.short_side import DOUBTED
from vision.checkers.slot_colour import PointStrip, set_slot_room
from vision.checkers.slot_model import PointSlots, model_row
from vision.checkers.stacks import slot_outlined

# Edge-slot rim (``slot_rim``) from which an empty count is doubtful (train+dev, points read
# empty: dark-on-dark checkers missed score 1.2-2.9, 99% of empty points under 1.4).
RIM_DOUBT = 1.4
# An empty point's edge slot coloured like one checker set (colour distance under LOOKS_LIKE)
# with a faint rim (from RIM_FAINT) is doubtful too (train: 10 of 41 missed checkers, 8 of them
# dark checkers read empty at 1.0; 87 of 5297 empty points).
RIM_FAINT = 1.0
# ... and from RIM_COUNTS it holds a checker, doubtfully (train+dev: 25 such empty points held
# checkers, 20 of them one; 1 was empty; 1.4-1.55 held as many empty points as single ones).
RIM_COUNTS = 1.55
# A fanned run of outlines this long counts a checker per outline at least (a pyramid's run,
# slots and gaps alternating, is at most 7 long before its fifth slot and holds more checkers;
# train: 2 tight fans read 5 and 5 of 10 and 8, none harmed).
RUN_COUNTS = 7


@dataclass(frozen=True)
class FrameMeasures:
    """One frame's measures the per-point reads share (``count_checkers`` makes them).

    ``lab``: the float Lab image (square pixels, ``h`` high); ``d``: checker diameter;
    ``pitch``: slot spacing; ``max_first``: first-layer slots; ``sy``: the input's height over
    ``h`` (discs come in the input's pixels); ``ignore``: dice boxes in the input's pixels;
    ``field``, ``tri_colours`` (the two triangle colours) and ``tri_mask`` (a cell strip's
    triangle); ``circles``: verified outlines, ``under_die`` each one's centre on a die;
    ``sets``: (is black, colour) per set seen; ``single``: the frame's colours doubtful;
    ``edge_shift``: the quad's top and bottom sides outside the playing area (shares of ``h``),
    taken off the colour runs' lengths for the confidence only.

    ::

        m = FrameMeasures(lab, d, pitch, h, max_first, sy, ignore, field, tri_colours,
                          tri_mask, circles, under_die, sets, single)
    """

    lab: np.ndarray
    d: float
    pitch: float
    h: int
    max_first: int
    sy: float
    ignore: tuple[tuple[float, float, float, float], ...]
    field: np.ndarray
    tri_colours: list[np.ndarray]
    tri_mask: np.ndarray
    circles: np.ndarray
    under_die: np.ndarray
    sets: list[tuple[bool, np.ndarray]]
    single: bool
    edge_shift: tuple[float, ...] = (0.0, 0.0)

    @property
    def size(self) -> tuple[float, float, int, int]:
        """(d, pitch, h, max_first), as :func:`model_row` and :class:`PointSlots` take it."""
        return (self.d, self.pitch, self.h, self.max_first)


@dataclass(frozen=True)
class PointEvidence:
    """What was found on each cell (the cells' order; ``indices``: each cell's point index).

    ``found``: its checkers; ``outlines``: its (verified, sure, raw) outlines along it;
    ``extents``: its colour run's length; ``strips``/``cares``: its Lab strip and clear pixels;
    ``parity``: its triangle colour; ``rims``/``edge_rims``: its edge slot's rim (0 / NaN
    where unmeasured), ``row_rims`` its row's; ``edge_likes``: its edge slot like a set
    (empty points); ``edge_slots``: its edge slot's centre; ``labels``/``free``: each checker's
    colour label and clear of dice, in the cells' order.

    ::

        ev = PointEvidence(cells, indices, found_cells, outlines, extents, strips, cares,
                           parity, rims, edge_rims, row_rims, edge_likes, edge_slots,
                           labels, free)
    """

    cells: list[Cell]
    indices: list[int]
    found: list[list[Found]]
    outlines: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
    extents: np.ndarray
    strips: list[np.ndarray]
    cares: np.ndarray
    parity: list[int]
    rims: list[float]
    edge_rims: np.ndarray
    row_rims: list[list[float]]
    edge_likes: list[bool | None]
    edge_slots: list[tuple[float, float]]
    labels: np.ndarray
    free: np.ndarray


@dataclass
class PointReads:
    """Per point index (0-23): the counts, confidences and discs (x, y in the input's pixels,
    radius, is black) read; ``loose``: one or two checkers, one unoutlined (first to go at
    16); ``likes``: an empty point's edge slot like a set; ``held``: a lone checker under a die
    (kept last at 16).  The totals' rules change the lists in place."""

    white: list[int]
    black: list[int]
    conf: list[float]
    discs: list[list[tuple[float, float, float, int]]]
    loose: list[bool]
    likes: list[bool | None]
    held: list[bool]


def read_points(m: FrameMeasures, ev: PointEvidence, cue: PointSlots) -> PointReads:
    """Each point's count, colour and confidence from what was found on its cell, then the
    colour-only stacks dropped and lone checkers under dice kept.

    ::

        reads = read_points(FrameMeasures(...), PointEvidence(...), cue)
        reads.white[idx], reads.conf[idx]
    """
    lab, d, pitch, h, max_first, sy, ignore = m.lab, m.d, m.pitch, m.h, m.max_first, m.sy, m.ignore
    field, tri_colours, tri_mask = m.field, m.tri_colours, m.tri_mask
    sets, single, circles, under_die, size = m.sets, m.single, m.circles, m.under_die, m.size
    cells, indices, found_cells, outlines = ev.cells, ev.indices, ev.found, ev.outlines
    extents, strips, cares, parity, rims = ev.extents, ev.strips, ev.cares, ev.parity, ev.rims
    edge_rims, row_rims, edge_likes = ev.edge_rims, ev.row_rims, ev.edge_likes
    edge_slots, labels, free = ev.edge_slots, ev.labels, ev.free
    tris = [tri_colours[p] for p in parity]
    white, black = [0] * 24, [0] * 24
    conf = [1.0] * 24
    point_discs: list[list[tuple[float, float, float, int]]] = [[] for _ in range(24)]
    unoutlined: list[int] = []
    colour_alone: list[int] = []
    loose = [False] * 24
    likes: list[bool | None] = [None] * 24  # an empty point's edge slot: like a set
    k = 0
    for i, c in enumerate(cells):
        idx = indices[i]
        fs = found_cells[i]
        n = len(fs)
        votes = colour_votes(labels[k : k + n], free[k : k + n])  # free: made once above
        blk = majority(votes)
        seen_fs, seen_labels, seen_free = fs, labels[k : k + n], free[k : k + n]
        k += n
        # The colour run's length from the board's edge, not the quad's side (``edge_shift``):
        # only the confidence's fit to the slot grid is told, the count is not.
        ext = extents[i]
        if ext > 0:
            at = (c.x0 + c.x1) / (2.0 * m.lab.shape[1])
            ext = max(ext - shift_at(m.edge_shift, c.top, at) * m.h, 0.0)
        frac = abs(ext / pitch - round(ext / pitch)) if n <= 5 else 0.25
        # min(max()) is np.clip's numbers, without its overhead.
        agree = int(np.count_nonzero(votes == blk)) / len(votes) if n else 1.0
        conf[idx] = float(min(max(1.0 - 2.0 * frac, 0.0), 1.0) * agree)
        if single and n:
            conf[idx] = min(conf[idx], 0.5)
        raw_alongs = outlines[i][2]
        if 0 < n < max_first and slot_outlined(raw_alongs, d, pitch, n):
            # An unverified outline where the next checker of the row would lie: the count
            # may be one short (a rim lost in noise), so let the rules decide.
            conf[idx] = min(conf[idx], 0.5)
        run = fanned_run(raw_alongs, d, pitch)
        if n and run >= RUN_COUNTS and n < run:
            # A long run of outlines from the edge: a stack fanned tighter than a chain
            # counts holds at least a checker per outline.
            fs = [c.checker_at(float(a), h, fs[0].colour) for a in raw_alongs[:run]]
            conf[idx] = min(conf[idx], 0.5)
        # Steps down to 0.3 pitch for the doubt (not the count): a tighter fan, or a pyramid's
        # slot and gap outlines closer than half a pitch (train: a 10 read 4 at 0.92).
        run = fanned_run(raw_alongs, d, pitch, 0.3)
        if run and n < max(run, 6):
            # Outlines from the edge at a fanned stack's step, yet fewer checkers counted than a
            # fanned stack holds: its top lost its outlines, or it is fanned tighter than a
            # chain counts.
            conf[idx] = min(conf[idx], 0.5)
        if n < 6 and fanned_start(raw_alongs, d, pitch):
            # Its outlines start a fanned stack (at a step no row nor pyramid keeps): six or
            # more, the top ones lost (drifting off the point, dark on dark).
            conf[idx] = min(conf[idx], 0.5)
        if (
            2 <= n <= max_first
            and extents[i] < 0.5 * pitch
            and outline_past_row(outlines[i][1], fs[-1].along, pitch)
        ):
            # A row whose colour shows no run (light on light: its outlines alone count it)
            # with a sure outline off its grid past its last checker: a stack fanned tighter
            # than a chain counts, each outline a few overlapping checkers (fresh: a white 10
            # read 4 at 1.0), so let the rules decide.
            conf[idx] = min(conf[idx], 0.5)
        if 3 <= n <= max_first and outline_past_row(outlines[i][0], fs[-1].along, pitch):
            # Three or more in a row with a verified outline off their grid past the last: a
            # row of touching checkers at a shorter pitch than the board's, its last one off
            # the slot grid (own IMG_60126: a black 5 at the board's side read 4 at 1.0).
            # (From two, and any outline verified: own IMG_57801-58200 doubts 3 right rows of
            # two more, and no wrong one.)
            conf[idx] = min(conf[idx], 0.5)
        if 0 < n <= 2 and not backed(fs, circles[~under_die], d):
            # One or two checkers without a verified outline clear of dice: a shadow, a die
            # nobody found; the first to go when a side has too many.
            conf[idx] *= 0.5
        if n == 1 and by_a_die(fs[0], ignore, sy, d):
            # A lone checker touching a die: the die's edges and shadow make an outline of
            # their own (dev: 2 such phantoms at 0.9-0.95; 2 of 22 real ones that sure).
            conf[idx] *= 0.5
        like = edge_likes[i]  # looks_like(strips[i][disc0], sets) if n == 0
        likes[idx] = like
        if like is not None and rims[i] >= RIM_COUNTS:
            # A clear rim round an edge slot of a checker set's own colour: a checker nothing
            # else saw (dark on dark), one at least.
            fs = [c.checker_at(0.5 * d, h, (0.0, 0.0, 0.0))]
            blk, conf[idx] = like, 0.5
        elif n == 0 and rims[i] >= RIM_DOUBT:
            # An empty point with a rim at its edge: a dark checker on a dark triangle that
            # nothing else saw, or a phantom; the count may be one short.  (An unverified
            # outline there also caught some, but real boards' grain has many: 39 of 82 fm
            # gammon counts lost their belief.)
            conf[idx] = min(conf[idx], 0.5)
        elif like is not None and (rims[i] >= RIM_FAINT or np.isnan(edge_rims[i])):
            # Fainter or under a die, the edge slot in a set's colour: a black checker on a
            # point as dark (its rim alone shows), one under the die (2 read empty, 5 empty).
            conf[idx] = min(conf[idx], 0.5)
        fs, doubtful = checked_row(fs, row_rims[i], c, h, pitch, tri_colours[parity[i]][0])
        if 0 < len(fs) < n and fs == seen_fs[: len(fs)]:
            # The row's tail went (no rim: a triangle or shadow past it): the checkers kept
            # name the colour, not the ones dropped (own IMG_55501-55900: a lone white checker
            # with two of the wood triangle past it read as one wood checker).
            blk = majority(colour_votes(seen_labels[: len(fs)], seen_free[: len(fs)]))
        n = len(fs)
        if doubtful:
            conf[idx] = min(conf[idx], 0.5)
        if n >= 2 and by_a_die(fs[-1], ignore, sy, d, -0.1) and not backed(fs[-1:], circles, d):
            # A row's last checker under a die, with no outline of its own: its rim cannot be
            # checked, and the die's colour lengthens the row (train+dev: 5 of 9 such one too
            # long, none of the right ones sure).
            conf[idx] = min(conf[idx], 0.5)
        while n >= 2 and by_a_die(fs[-1], ignore, sy, d, -0.1):
            # Its disc round the die coloured like the board, not like its row: the die's own
            # outline or shadow (a white die past three white checkers on a tan board).
            if not board_not_checker(lab, fs[-1], fs[:-1], d, ignore, sy, [field, *tri_colours]):
                break
            fs, n = fs[:-1], n - 1
            conf[idx] = min(conf[idx], 0.5)
        own = [col for b, col in sets if b == blk]
        refs = (field, tri_colours[parity[i]])
        strip = PointStrip(c, strips[i], cares[i], tri_mask, refs, d, pitch, h)
        more = (
            strip.past(fs, own[0], min(5, max_first) - n)
            if 0 < n < min(5, max_first) and own
            else []
        )
        if more:
            # Slots past the row coloured like its set, not like the board: checkers whose
            # outline was lost (dark on dark), doubtfully.
            fs, n, conf[idx] = fs + more, len(fs) + len(more), min(conf[idx], 0.5)
        looked = n  # the slots past it were looked at above (or it was empty)
        if conf[idx] < DOUBTED and n < min(5, max_first):
            # Already doubted: the learned cue may see the next checkers' shape (dark on dark).
            fs, blk = model_row(fs, c, strips[i], cares[i], refs, size, sets, blk)
            n = len(fs)
        elif n == 0 and cue.edge_seen(i):
            # Believed empty, yet the learned cue sees a checker on the edge slot, or two on the
            # first two (dark on dark at the board's side, its rim cut by the frame): doubtful,
            # still empty.
            conf[idx] = 0.5
        room = set_slot_room(max_first, h // 2, d, pitch)
        past = (
            [col for b, col in sets if b == blk]
            if 0 < n < room and (n > looked or room > max_first)
            else []
        )
        more = strip.past(fs, past[0], room - n) if past else []
        if more:
            # A row the learned cue lengthened, or of four on a half that barely holds five:
            # its slots past coloured like its set too, doubtfully (a dark fifth checker on
            # the dark field past the triangle's tip).
            fs, n, conf[idx] = fs + more, len(fs) + len(more), min(conf[idx], 0.5)
        outlined = n >= 2 and outlined_any(fs, raw_alongs, d)  # colour-only rows: below
        keep = supported(n, raw_alongs, d, pitch, partial(slot_p, cue, idx)) if outlined else n
        if keep < n:
            # The row's tail shows neither an outline nor the learned cue's checker: the colour
            # run went on over the bare point (``bare_tail``); the kept checkers name the set.
            if fs[:keep] == seen_fs[:keep]:
                blk = majority(colour_votes(seen_labels[:keep], seen_free[:keep]))
            fs, n, conf[idx] = fs[:keep], keep, min(conf[idx], 0.5)
        # One or two checkers, one without an outline (verified or not): first to go at 16.
        loose[idx] = 0 < n <= 2 and not all(outlined_any([f], raw_alongs, d) for f in fs)
        if n and not outlined_any(fs, raw_alongs, d):
            unoutlined.append(idx)
            if n >= 3:
                # Three or more checkers and not one outline (verified or not) on any of
                # them: colour alone (a triangle unlike its set's model, a shadow, a hand).
                conf[idx] = min(conf[idx], 0.5)
            if colour_only(fs, raw_alongs, d):
                colour_alone.append(idx)
        (black if blk else white)[idx] = n
        point_discs[idx] = [(f.x, f.y * sy, d / 2.0, int(blk)) for f in fs]
    if colour_alone and len(unoutlined) == len(colour_alone):
        # Where every other point's checkers show an outline, a colour-only stack is none
        # (train+dev: 12 such, all on empty points: a hand, a shadow); in a soft frame whose
        # outlines are lost elsewhere too, it may be real (paper webcam, fm gammon: 6 real
        # stacks so, each frame with other points of one or two unoutlined).
        for idx in colour_alone:
            white[idx] = black[idx] = 0
            point_discs[idx] = []
    held = [False] * 24  # a lone checker under a die: kept last at 16
    for i, idx in enumerate(indices):
        if ignore and white[idx] + black[idx] <= 1:
            # A die on a lone checker: what shows round it is a set's colour, not the board's.
            under = checker_under_die(lab, *edge_slots[i], d, ignore, sy, [field, tris[i]], sets)
            if under is not None:  # its colour too: the die's own is left out
                white[idx], black[idx], conf[idx] = 1 - under[0], under[0], min(conf[idx], 0.5)
                point_discs[idx] = [(edge_slots[i][0], edge_slots[i][1] * sy, d / 2, under[0])]
            held[idx] = under is not None
    return PointReads(white, black, conf, point_discs, loose, likes, held)
