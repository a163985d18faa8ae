"""Where the triangles' bases say the long sides lie (``base_lines``): a marker-free quad's top or
bottom side moved onto the line the 12 point columns' bases agree on, where that line lies
clearly elsewhere.

The long sides are found on edges (``vision.board.sides``), and where the frame and the field meet
without a clear edge (a dark board, a field the colour of its frame, a shadow), a side may end up a
third of a point or more off at one end: session 32's audit (/tmp/unseen51 and 52, boards exact
given but not found) counted 13 of 35 placements off by 0.4 point or more, and on the saved found
quads of IMG_77401-77800 the corners off by 0.3 point or more are nearly all off across the long
side (a side's end too high or too low), not along it.
The board's own pattern says where the side is: every point's triangle (or the checker sitting on
it) starts at the long side, so down each column's middle (``MIDDLE`` of the point's width, clear of
the triangles' slanted flanks) the colour changes from the frame's to that of the point just at the
side.

In the quad's top-down view (``VIEW_W`` x ``VIEW_H``) each column's middle strip is read from
``REACH`` px outside the side to ``REACH + DEEP`` inside; the point's own colour is the median of
the ``REF`` rows deepest in (65-80 px: a triangle, or a checker on it); the base is the row where
the distance to it falls most sharply (``STEP`` rows either side, the rows inside weighted
``INSIDE`` times: the colour past the base must be the point's). A line through the 12 bases, fitted
on the pair of columns with the most bases within ``AGREE`` px of it (then least squares on those),
is the side; it is taken where ``AGREE_MIN`` columns or more agree within ``RMS_MAX`` px rms, it
lies ``MOVE`` px or more from the side at an end, and at most ``MAX_MOVE`` (nearer the search's end
the strongest step may be the frame's own edge).

Only a side on no edge moves: where ``fine_sides`` finds the field's edge along the side
(``fine_sides.side_on_edge``: ``KEEP`` of its samples agree on one, leaning as it searches, within
``NEAR`` px), the edge places it and bases read 11-27 px elsewhere are a shadow's or a checker's
(session 33, Round 2). On the tuning data (saved found quads of IMG_77401-77800 and session 32's
/tmp/unseen53 and 54: 30 boards moved, 35 sides; error = the side's farther corner from the
label) all 28 sides on no edge moved nearer; of the 7 on an edge 5 moved farther (8 -> 21,
8 -> 25, 7 -> 17, 9 -> 18, 17 -> 21 px) and 2 nearer (20 -> 5, 24 -> 4 px), which now stay.
The integrator's confirm set (IMG_78401-78600, now spent on this) had 3 boards moved farther:
2 lay on an edge and stay (IMG_78488, IMG_78542), one found its edge 5.3 px off (IMG_78422: still
moved, 14 -> 27 px).
Held out (IMG_81201-81800's 34 moved boards, against the search's quads): placement nearer 25 /
farther 4 without the gate, 24 / 0 with it; exact 19 -> 25 without, 19 -> 28 with; believed /
wrong 476 / 1 -> 551 / 1 without, 530 / 1 with; acted 50 / 2 -> 50 / 1 without, 51 / 1 with.
(The held-out sides' edges were listed before that eval; the gate, ``NEAR`` and the edge search
are those named beforehand.) Dev (6 moved): exact 5 of 6 throughout, believed 100 / 0 -> 110 / 0
without, 103 / 0 with.
Paper webcam: minta_01 (27 -> 10 px without the gate) lies on an edge and stays: 20 of 22 exact,
478 / 0 believed, as before ``base_lines``. The gate is one more edge search on a side that
would move (under 1 ms, few frames).
The figures below are those of the rule without the gate (session 33, Round 1).

Only marker-free quads: a markers' quad is placed by the markers, and on rendered boards with
markers a shadow under the near frame makes the bottom bases read 12-22 px inside (6 of 8 moves on
IMG_77401-77800's marker boards that put a corner farther from the label).

Tuned on the saved found quads of IMG_77401-77800 (session 32's final code, the 196 boards without
markers; error = the largest corner distance from the label in points, 13 to the width): 20 boards
moved, 14 nearer by over 0.02 point, 3 farther (0.09 -> 0.23, 0.13 -> 0.25, 0.22 -> 0.28); boards
off by over 0.3 point 25 -> 16, over 0.2 point 43 -> 35. A move of 6 px moved 60 (26 nearer, 14
farther), with 7 agreeing columns 42 (23 / 16).

Held out (IMG_81201-81800, boards found; 34 of the 600 frames have a side moved, the others read
identically, so both reads were made on those 34 alone): placement nearer the label on 25 boards
(by over 1 px), farther on 4; corners within a quarter point 8 -> 24 of 34, median largest corner
error 24 -> 15 px; exact 19 -> 25 of 31 scored, believed counts / wrong 476 / 1 -> 551 / 1, die
states acted on / wrong 50 / 2 -> 50 / 1. The move comes after the search's margin
(``frame._margin``) is taken: taken on the moved quad, the finalists about the quad as searched
(half a point or so from the moved one) became rivals and doubted 4 of those boards (believed
492 instead of 551, acted on 42 instead of 50; seen on the held-out frames). Dev (6 of 100
moved): exact 5 of 6 both, believed 100 / 0 -> 110 / 0, acted 14 / 1 both. Real photos: paper
webcam (minta_01 moved, 27 -> 10 px) exact 20 -> 21 of 22, believed 478 / 0 -> 491 / 0, die states
32 / 0 both; fm gammon none moved.

Time: sampled every ``ACROSS`` px along the side and summed per strip with one ``reduceat``, about
as long as ``fine_sides.edge_ends`` (in-process, interleaved, 20 found quads of IMG_77401-77420,
under load: 7.5-12.7 ms against 7.1-10.0 ms), so about 2.5 ms a searched frame unloaded; every
sample (``ACROSS`` 1) took about twice that. The tuned boards move as they did with every sample
(one corner 0.01 point apart).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.fine_sides import side_on_edge
from vision.board.geometry import homography_for, order_corners

VIEW_W, VIEW_H = 720, 540  # the top-down view the bases are read in (a point ~55 px wide)
REACH = 36  # px searched either side of the quad's side
DEEP = 45  # px read past the search ...
REF = 15  # ... the point's own colour the median of its last REF rows (STEP short of the end)
STEP = 5  # rows either side of a base
INSIDE = 1.5  # weight of the distance to the point's colour just inside a base
MIDDLE = 0.3  # share of the point's width read, about its middle
ACROSS = 2  # px of the view between samples along the side
AGREE = 2.0  # px: a column's base on the line
AGREE_MIN = 8  # columns of 12 on the line
RMS_MAX = 1.5  # px: their spread about it
MOVE = 10.0  # px: the line must lie this far from the side at an end (~0.25 point)
MAX_MOVE = 30.0  # px: farther is taken for the frame's edge, not the bases


def column_bases(image: np.ndarray, quad: np.ndarray, bar_frac: float, top: bool) -> np.ndarray:
    """Each point column's base on the top or bottom side, in the top-down view: (the 12
    column middles' x, the 12 bases' offsets from the side along y, positive downwards)."""
    q = order_corners(np.asarray(quad, np.float64))
    h = homography_for(q, VIEW_W, VIEW_H)
    rows = 2 * (REACH + STEP) + DEEP
    y0 = -REACH - STEP if top else VIEW_H - REACH - DEEP - STEP
    # Sampled every ACROSS px along the side (the strips are averaged across anyway).
    shift = np.array([[1 / ACROSS, 0, 0], [0, 1, -y0], [0, 0, 1]], np.float64)
    width = VIEW_W // ACROSS
    band = cv2.warpPerspective(
        image, shift @ h, (width, rows), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    if band.ndim == 2:
        band = cv2.cvtColor(band, cv2.COLOR_GRAY2BGR)
    lab = cv2.cvtColor(band, cv2.COLOR_BGR2LAB).astype(np.float32)
    pw = VIEW_W * (1 - bar_frac) / 12
    cols = np.arange(12)
    cx = np.where(cols < 6, cols * pw, VIEW_W - (12 - cols) * pw) + pw / 2
    lo = np.round((cx - MIDDLE / 2 * pw) / ACROSS).astype(int)
    hi = np.maximum(np.round((cx + MIDDLE / 2 * pw) / ACROSS).astype(int), lo + 1)
    # Every column's middle strip averaged across, all columns at once: (rows, 12, 3).
    edges = np.stack([lo, hi], axis=1).ravel()
    prof = np.add.reduceat(lab, edges, axis=1)[:, ::2] / (hi - lo)[None, :, None]
    if not top:
        prof = prof[::-1]  # outside first
    ref = np.median(prof[-(REF + STEP) : -STEP], axis=0)
    dist = np.linalg.norm(prof - ref[None], axis=2)
    cs = np.concatenate([np.zeros((1, 12)), np.cumsum(dist, axis=0)])
    span = 2 * (REACH + STEP)
    ys = np.arange(STEP, span - STEP)
    above = (cs[ys] - cs[ys - STEP]) / STEP
    below = (cs[ys + STEP] - cs[ys]) / STEP
    off = (ys[np.argmax(above - INSIDE * below, axis=0)] - STEP - REACH).astype(np.float64)
    return np.array([cx, off if top else -off], np.float64)


def base_line(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float] | None:
    """The line most bases agree on, at the view's left and right edges (px off the side), or
    None where fewer than ``AGREE_MIN`` agree within ``AGREE`` or they spread over ``RMS_MAX``.

    >>> xs = np.arange(12) * 60.0 + 30
    >>> ys = 10 + xs / 72
    >>> ys[3] = -20
    >>> [round(v, 3) for v in base_line(xs, ys)]
    [10.0, 20.0]
    """
    i, j = np.triu_indices(len(xs), 1)
    slope = (ys[j] - ys[i]) / (xs[j] - xs[i])
    on = np.abs(ys[None] - (ys[i, None] + slope[:, None] * (xs[None] - xs[i, None]))) < AGREE
    best = on[int(np.argmax(on.sum(axis=1)))] if len(i) else None
    if best is None or best.sum() < AGREE_MIN:
        return None
    a = np.stack([np.ones(int(best.sum())), xs[best]], axis=1)
    sol = np.linalg.lstsq(a, ys[best], rcond=None)[0]
    if float(np.sqrt(np.mean((ys[best] - a @ sol) ** 2))) > RMS_MAX:
        return None
    return float(sol[0]), float(sol[0] + sol[1] * VIEW_W)


def base_lines(image: np.ndarray, quad: np.ndarray, bar_frac: float) -> np.ndarray | None:
    """The quad (TL, TR, BR, BL) with each long side whose bases' line lies ``MOVE`` to
    ``MAX_MOVE`` px from it (at either end), and that lies on no edge (``side_on_edge``), moved
    onto that line along the short sides; None where no side moves."""
    q = order_corners(np.asarray(quad, np.float64))
    inv = np.linalg.inv(homography_for(q, VIEW_W, VIEW_H))
    out = q.copy()
    moved = False
    for top in (True, False):
        xs, ys = column_bases(image, q, bar_frac, top)
        line = base_line(xs, ys)
        if line is None or not MOVE <= max(abs(line[0]), abs(line[1])) <= MAX_MOVE:
            continue
        if side_on_edge(image, q, 0 if top else 2):
            continue  # the side lies on the field's edge: the edge, not the bases, places it
        y = 0.0 if top else float(VIEW_H)
        ends = np.array([[[0.0, y + line[0]], [float(VIEW_W), y + line[1]]]], np.float64)
        left, right = cv2.perspectiveTransform(ends, inv)[0]
        if top:
            out[0], out[1] = left, right
        else:
            out[3], out[2] = left, right
        moved = True
    return out if moved else None
