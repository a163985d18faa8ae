"""The checker stage: 24 points, bar and borne off, with confidences (see the package doc)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.board import BoardGeometry
from vision.checkers.alongs import circle_pitch
from vision.checkers.bar import CubeSeen
from vision.checkers.by_die import dice_mask
from vision.checkers.colours import frame_colours, not_under_die, set_colours, unglinted
from vision.checkers.covered_colour import bare_samples
from vision.checkers.covered_rest import CoveredFives
from vision.checkers.empty_board import (
    extent_of,
    fit_pitch,
    point_profiles,
    to_lab8,
    triangle_parity,
    unlike_board,
)
from vision.checkers.first_slot import dark_edge_doubts
from vision.checkers.layers import RimProbe
from vision.checkers.model import (
    BoardShape,
    Cell,
    CheckerColours,
    CheckerCounts,
    Found,
    cell_strip,
    point_cells,
)
from vision.checkers.outlines import (
    edges_of,
    hough_circles,
    in_mask,
    point_outlines,
    rims_at,
    verified,
)
from vision.checkers.point_reads import FrameMeasures, PointEvidence, PointReads, read_points
from vision.checkers.settle import SideInputs, settle_sides
from vision.checkers.slot_colour import edge_looks
from vision.checkers.slot_model import PointSlots
from vision.checkers.stacks import cell_checkers, first_layer_slots
from vision.checkers.stray_set import stray_relabelled
from vision.checkers.triangle_sides import hidden_sides, sides_seen
from vision.medians import channel_medians, masked_medians, rows_median

# Slot spacing over checker diameter at least (dev: 0.95-1.15 on boards without fanned stacks).
MIN_PITCH = 0.95

# Told each frame's per-point evidence and reads as ``read_points`` made them, before the
# sides' rules change them (``jitter``'s trace of which stage a flip came from).
PointTrace = Callable[[PointEvidence, PointReads], None]


def count_checkers(
    rect_bgr: np.ndarray,
    geometry: BoardGeometry,
    white_home: str,
    *,
    shape: BoardShape | None = None,
    colours: CheckerColours | None = None,
    ignore: tuple[tuple[float, float, float, float], ...] = (),
    cube: CubeSeen | None = None,
    off: tuple[int | None, int | None] = (None, None),
    trace: PointTrace | None = None,
    edge_shift: tuple[float, ...] = (0.0, 0.0),
) -> CheckerCounts:
    """Count checkers on a canonical board image (any size with the canonical aspect).

    ``ignore``: boxes (x0, y0, x1, y1) in this image's pixels to leave out (dice); discs come
    in its pixels too.  ``cube``: where the cube was seen, for the bar (not told: the bar's
    middle).  ``off``: (white, black) seen borne off, part of each side's 15 (believed tray
    counts, ``trays``; None: not seen).  ``trace``: told the per-point evidence and reads
    (``PointTrace``).  ``edge_shift``: the quad's top and bottom sides outside the playing
    area, as shares of the board's height: one a side, or each end's
    (``vision.board.fine_sides.edge_ends``, ``shift_at``)."""
    shape = shape or BoardShape()
    h_in, w = rect_bgr.shape[:2]
    h = max(16, int(round(w / max(shape.aspect, 0.3))))  # square pixels: checkers are circles
    sy = h_in / h
    img = cv2.resize(rect_bgr, (w, h), interpolation=cv2.INTER_AREA) if h != h_in else rect_bgr
    geo = BoardGeometry(width=w, height=h, bar_frac=geometry.bar_frac)
    lab8, half = to_lab8(img), h // 2
    lab = lab8.astype(np.float32)  # to_lab's
    cells = point_cells(geo)
    width = min(c.x1 - c.x0 for c in cells)
    cells = [Cell(c.column, c.top, c.x0, c.x0 + width) for c in cells]
    d, tip = shape.checker_frac * geo.point_width, shape.tip_frac * h
    masks = point_masks(half, width, tip)
    yy, xx, cx, tri_mask, unsure = masks.yy, masks.xx, masks.cx, masks.tri_mask, masks.unsure
    care, band = masks.care, masks.band
    # Field colour: the middle band outside triangles and bar, median over the board.
    field = channel_medians(lab8[int(h * 0.46) : int(h * 0.54)])  # colour_median's, 8-bit
    # All 24 strips at once (the same values, less per-call overhead), stacked from the 8-bit
    # image (a quarter of the bytes to gather), each point's strip a view of the stack.
    stacked = np.stack([cell_strip(lab8, c, half) for c in cells]).astype(np.float32)
    strips = list(stacked)
    # Triangle colours: two groups of alternating columns, median near the tips.
    samples = list(masked_medians(stacked, band))  # np.median(stacked[:, band], axis=1)
    parity = triangle_parity(cells, samples)
    tri_colours = []
    for p in (0, 1):
        vals = np.array([samples[i] for i in range(len(cells)) if parity[i] == p])
        tri_colours.append(rows_median(vals) if len(vals) else field)  # np.median's
    ignore_mask = dice_mask(ignore, h, w, sy)
    cares = care & (np.stack([cell_strip(ignore_mask, c, half) for c in cells]) == 0)
    tri_each = np.stack([tri_colours[p] for p in parity])  # each point's triangle colour
    diffs = unlike_board(stacked, tri_mask, unsure, field, tri_each[:, None, None, :]) & cares
    # Circles: checker outlines (light-on-light included), and the checker size.
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    raw = hough_circles(grey, 0.36 * geo.point_width, 0.52 * geo.point_width)
    edges = edges_of(lab8)  # the float image's gradients (whole sums), from a third the bytes
    circles, strong, round_ = verified(raw, lab, edges, field, tri_colours)
    if len(circles) >= 3 and not shape.measured:
        r_mid = rows_median(circles[:, 2])  # np.median's float32, without its overhead
        d = float(np.clip(2 * r_mid, 0.72 * geo.point_width, geo.point_width))
    profiles = point_profiles(diffs, cares, cx, d)
    extents = np.array([extent_of(p, d) for p in profiles])
    sure = circles[strong]  # made once: each point's count is given them
    outlines = point_outlines(circles, sure, raw, cells, h)  # all points at once
    pitch = circle_pitch(circles, cells, h, d, outlines) or fit_pitch(extents, d * 1.015)
    # Checkers of one layer cannot overlap: a shorter spacing came from fanned stacks' outlines
    # (boards full of them), and would fit one slot too many below the middle.
    pitch = max(pitch, MIN_PITCH * d)
    # Beside the triangle, a checker hides the field even when it matches the triangle
    # (dark-on-dark, light-on-light): per slot, the disc's part outside the triangle.
    n_slots = first_layer_slots(half, d, pitch)
    offs = np.array([0.5 * d + k * pitch for k in range(n_slots)], np.float32)[:, None, None]
    beside = (xx - cx) ** 2 + (yy - offs) ** 2 <= (0.36 * d) ** 2
    beside &= ~(tri_mask | unsure)
    n_care, n_diff = slot_counts(cares, beside), slot_counts(diffs, beside)
    # Each point's edge slot: the rim of a checker the circle search missed.
    edge_slots = [((c.x0 + c.x1) / 2.0, 0.5 * d if c.top else h - 1 - 0.5 * d) for c in cells]
    edge_rims = rims_at(edges, edge_slots, d, ignore, sy)
    rims: list[float] = np.nan_to_num(edge_rims, nan=0.0).tolist()
    under_die = in_mask(circles, ignore_mask)
    found_cells: list[list[Found]] = []
    # Per point and slot: enough pixels beside the triangle, most unlike the board.
    besides = (n_care >= 0.1 * np.pi * (0.36 * d) ** 2) & (n_diff / np.maximum(n_care, 1) > 0.8)
    for i, c in enumerate(cells):
        found_cells.append(
            cell_checkers(
                c,
                strips[i],
                diffs[i],
                circles,
                extents[i],
                pitch,
                d,
                h,
                half,
                besides[i].tolist(),
                sure,
                raw,
                rim0=rims[i],
                on_die=under_die,
                given=outlines[i],
                probe=RimProbe(edges, ignore, sy),  # rims along it: a pyramid's third layer
            )
        )
    # Rows (two to five) lie on the slot grid: the rims of their checkers past the edge one.
    rest = [(i, f) for i, fs in enumerate(found_cells) if 2 <= len(fs) <= 5 for f in fs[1:]]
    rest_rims = rims_at(edges, [(f.x, f.y) for _, f in rest], d, ignore, sy)
    row_rims = [[float(edge_rims[i])] for i in range(len(cells))]
    for (i, _), r in zip(rest, rest_rims, strict=True):
        row_rims[i].append(float(r))
    # Colour: one per point (points never hold both), by majority of its checkers.
    feats = unglinted(lab, found_cells, d)  # each one's sample, a glint's disc median instead
    feats_a = np.array(feats, np.float32).reshape(-1, 3)
    flat_found = [f for fs in found_cells for f in fs]
    free = not_under_die(flat_found, ignore_mask)
    if not free.all():  # a covered checker's sample from its disc round the die
        feats = bare_samples(lab, flat_found, feats, free, ignore_mask, d, ignore, sy)
        feats_a = np.array(feats, np.float32).reshape(-1, 3)
    # One colour's checkers only, split by shading, or a stray colour beside both sets.
    labels, single = frame_colours(feats_a, colours, free)
    if colours is None and len(feats_a):
        # A stray colour (a hand, a sleeve) took a cluster: the other holds both sets.
        cell = np.repeat(np.arange(len(found_cells)), [len(fs) for fs in found_cells])
        stray = stray_relabelled(feats_a, labels, free, cell)
        if stray is not None:
            labels, single = stray, True
    sets = set_colours(feats_a, labels, colours)
    disc0 = (xx - cx) ** 2 + (yy - 0.5 * d) ** 2 <= (0.35 * d) ** 2
    edge_likes = edge_looks(stacked, [len(fs) for fs in found_cells], disc0, sets)
    max_first = first_layer_slots(half, d, pitch)
    size = (d, pitch, h, max_first)
    where = {geo.point_cell(i, white_home): i for i in range(24)}  # point_index, 24 calls
    indices = [where[(c.column, "top" if c.top else "bottom")] for c in cells]
    row = {idx: i for i, idx in enumerate(indices)}
    tris = [tri_colours[p] for p in parity]
    cue = PointSlots(strips, cares, field, tris, size, row, found_cells)
    m = FrameMeasures(
        lab,
        d,
        pitch,
        h,
        max_first,
        sy,
        ignore,
        field,
        tri_colours,
        tri_mask,
        circles,
        under_die,
        sets,
        single,
        edge_shift,
    )
    ev = PointEvidence(
        cells,
        indices,
        found_cells,
        outlines,
        extents,
        strips,
        cares,
        parity,
        rims,
        edge_rims,
        row_rims,
        edge_likes,
        edge_slots,
        labels,
        free,
    )
    reads = read_points(m, ev, cue)
    if trace is not None:
        trace(ev, reads)
    white, black, conf = reads.white, reads.black, reads.conf
    # An empty point whose triangle hides its sides, unlike the frame's other empty points of its
    # colour (a dark stack), or a dark one the cue sees a checker on (first_slot: a lone one).
    empty = [white[idx] == black[idx] == 0 for idx in indices]
    seen: list[float | None] = (
        sides_seen(stacked, cares, tip, d, tri_each, field) if any(empty) else [None] * 24
    )
    dark = dark_edge_doubts(cue.edge_p, indices, empty, parity, tri_each)
    for idx, hidden, odd in zip(indices, hidden_sides(seen, empty, parity), dark, strict=True):
        conf[idx] = min(conf[idx], 0.5) if hidden or odd else conf[idx]
    # A row of five under a pyramid's second layer (``covered_rest``): its slots' rims, read
    # only where a short side's missing checkers may go.
    covered = CoveredFives(RimProbe(edges, ignore, sy), cells, found_cells, row, (h, d, pitch))
    sides_in = SideInputs(
        geo,
        round_,
        colours,
        feats,
        cube,
        ignore_mask,
        off,
        stacked,
        unsure,
        tri_each,
        row,
        covered,
    )
    return settle_sides(m, ev, reads, cue, sides_in)


def slot_counts(masks: np.ndarray, slots: np.ndarray) -> np.ndarray:
    """Per point and slot: the point's mask pixels (``masks``: (points, rows, columns) bool)
    inside the slot's (``slots``: (slots, rows, columns) bool), as int.  Each slot's few hundred
    pixels gathered from every point's mask: the float32 matrix product's counts, without a
    float copy of the whole masks.

    >>> slot_counts(np.ones((2, 3, 3), bool), np.eye(3, dtype=bool)[None]).tolist()
    [[3], [3]]
    """
    flat = masks.reshape(len(masks), -1)
    per = [np.count_nonzero(flat[:, np.flatnonzero(s)], axis=1) for s in slots]
    return np.stack(per, axis=1) if per else np.zeros((len(masks), 0), int)


@dataclass(frozen=True)
class PointMasks:
    """A point strip's pixel grid and masks (rows from the point's edge, columns across), the
    same for every frame of a board: ``point_masks`` makes them once.  Read-only arrays."""

    yy: np.ndarray
    xx: np.ndarray
    cx: float
    tri_mask: np.ndarray  # inside the triangle
    unsure: np.ndarray  # where the triangle's edge or tip may be
    care: np.ndarray  # the strip's side columns left out
    band: np.ndarray  # near the tip, inside: the triangle's colour sample


@lru_cache(maxsize=8)  # a device reads one board; the bench cycles through six
def point_masks(half: int, width: int, tip: float) -> PointMasks:
    """The masks of a ``half`` x ``width`` point strip whose triangle is ``tip`` long.

    >>> m = point_masks(40, 20, 30.0)
    >>> m.tri_mask.shape, bool(m.tri_mask[0, 10]), bool(m.tri_mask[35, 10])
    ((40, 20), True, False)
    """
    yy, xx = np.mgrid[0:half, 0:width].astype(np.float32)
    cx = (width - 1) / 2.0
    # Triangle: half-width shrinks linearly from width/2 at the edge to 0 at the tip.
    tri_half = np.clip((1.0 - yy / tip) * width / 2.0, 0, None)
    tri_mask = np.abs(xx - cx) < tri_half
    edge_band = np.abs(np.abs(xx - cx) - tri_half) < 2.5
    # Where the triangle's edge or tip may be (its length varies between boards), a pixel is
    # "unlike the board" only if it is unlike both the field and the triangle.
    unsure = edge_band | ((yy > tip * 0.8) & (yy < tip * 1.2))
    care = (xx >= 1) & (xx <= width - 2)
    band = (yy > tip * 0.55) & (yy < tip * 0.8) & tri_mask & ~unsure
    for a in (yy, xx, tri_mask, unsure, care, band):
        a.setflags(write=False)  # shared by every read: a caller writing one would be a bug
    return PointMasks(yy, xx, cx, tri_mask, unsure, care, band)
