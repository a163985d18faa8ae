"""One corner of the marker-free quad moved back onto the playing area's edge (``mend_corner``).

The search places most quads within a few px, but now and then one corner lies 15-40 px off
while the other three are right (session 32, found boards of IMG_68801-69200: 5 of the 13 with
a corner 0.4 point or more off were skewed so). Both sides that meet at such a corner still
start on the edge at their other ends: the edge is a line through (near) the side's good end
that leans away from the side towards the bad corner.  Each side is searched so: the strongest
edge of the side's own polarity (as most samples find it in the third nearest the good end) is
found along the normal at each sample, and the line through a point within ``PIVOT`` px of the
good end most samples lie on (within ``AGREE``), leaning up to ``REACH`` px at the corner, is
that side's edge.  A corner moves to where its two sides' edges meet when both are held by at
least ``KEEP`` of their samples and the move is over ``MOVE`` px; only when just one corner
would move (more mean a quad off as a whole, left to the search's other rules).

Session 32, the saved found quads mended offline (marker-free boards; a move nearer or farther
than the label's corner by over 3 px): tuned on IMG_68801-69200, ``MOVE`` 15 px: 9 corners
moved, 6 nearer (16 -> 0, 32 -> 0, 19 -> 8 px ...), 2 farther (6 -> 12, 9 -> 20: a frame's
outer or a paper's printed edge taken, with the sides' own edge faint); not tuned on
(IMG_65201-65600, 68601-68800, 73801-74000, dev; 335 boards): 4 moved, all nearer (21 -> 1,
26 -> 6, 15 -> 1, 14 -> 3 px; none in dev or IMG_73801-74000). ``MOVE`` 12 px moves more
(tuned 10: 7 nearer, 2 farther; not tuned 9: 7 nearer, 1 farther), and a side's edge often
leans 8-12 px spuriously. The moved
corner put 3 px outside the edge, as the search's others lie, was tried and dropped: it lifts
right corners over ``MOVE`` (not tuned on: 23 moves, 13 farther).
Reads (boards found, before -> after), not tuned on: IMG_65401-65600 exact 84.4 -> 84.9%,
believed / wrong 3491 / 1 -> 3495 / 1, die states acted on / wrong 309 / 12 both (two boards
changed: one made exact, +5 believed).
The real photos' found quads move no corner (paper webcam 25, fm gammon 4: reads unchanged).
Time (found boards only): in-process, interleaved with ``fine_sides.edge_ends`` on 49 frames
under load, 6.8 ms a frame against its 5.0 (2.8 ms when less loaded): about 4 ms, most of it
the four side profiles (each 81 px wide strips made grey and smoothed).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.sides import meet

REACH = 40.0  # px: how far the edge may lie from the side at the corner's end
PIVOT = 3.0  # px: how far from the side at its good end
AGREE = 1.5  # px: samples within this of the line hold it
KEEP = 0.5  # share of samples that must hold both of a corner's sides
MOVE = 15.0  # px: a corner moves only this far or further
_T = np.linspace(0.0, 1.0, 80)[4:-4]  # samples along a side, its ends left out
_OFFS = np.arange(-REACH, REACH + 1e-9, 0.5)
_PIVOTS = np.arange(-PIVOT, PIVOT + 1e-9, 0.5)
_ENDS = np.arange(-REACH, REACH + 1e-9, 1.0)
# Every line tried, as its offset at each sample: (pivots, ends, samples).
_LINES = _PIVOTS[:, None, None] + (_ENDS[None, :, None] - _PIVOTS[:, None, None]) * _T


def _gradients(
    image: np.ndarray, a: np.ndarray, b: np.ndarray, centre: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Along side a-b (from a): the grey level's derivative outward at each sample and offset
    (samples, offsets), the sample points and the outward normal."""
    d = (b - a) / (np.linalg.norm(b - a) + 1e-9)
    n = np.array([-d[1], d[0]])
    if np.dot(n, (a + b) / 2 - centre) < 0:
        n = -n
    p = a[None] + (b - a)[None] * _T[:, None]
    xy = p[:, None, :] + _OFFS[None, :, None] * n[None, None, :]
    h, w = image.shape[:2]
    x0, y0 = (max(int(np.floor(xy[..., i].min())) - 4, 0) for i in (0, 1))
    x1, y1 = int(np.ceil(xy[..., 0].max())) + 5, int(np.ceil(xy[..., 1].max())) + 5
    strip = image[y0 : min(y1, h), x0 : min(x1, w)]
    if strip.shape[0] < 8 or strip.shape[1] < 8:
        return None
    if strip.ndim == 3:
        strip = cv2.cvtColor(strip, cv2.COLOR_BGR2GRAY)
    g = cv2.GaussianBlur(strip, (0, 0), 1.0).astype(np.float32)
    prof = cv2.remap(
        g,
        (xy[..., 0] - x0).astype(np.float32),
        (xy[..., 1] - y0).astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return np.gradient(prof, axis=1), p, n


def _pivot_edge(
    grad: np.ndarray, p: np.ndarray, n: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """The edge line through (near) the side's first end, leaning up to ``REACH`` at its last
    (two points on it), or None when fewer than ``KEEP`` of the samples hold it."""
    near = np.abs(_OFFS) <= PIVOT
    first = grad[: len(_T) // 3][:, near]
    at = np.argmax(np.abs(first), axis=1)
    signs = np.sign(first[np.arange(len(at)), at])
    sign = 1.0 if (signs > 0).sum() >= (signs < 0).sum() else -1.0
    j = np.argmax(grad * sign, axis=1)
    o = _OFFS[j]
    support = (np.abs(_LINES - o) <= AGREE).sum(axis=2)
    best = np.unravel_index(int(np.argmax(support)), support.shape)
    held = (np.abs(_LINES[best] - o) <= AGREE) & (j > 0) & (j < len(_OFFS) - 1)
    if held.mean() < KEEP:
        return None
    pts = (p[held] + o[held, None] * n[None]).astype(np.float32)
    vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0]), np.array([x0 + vx, y0 + vy])


def corner_moves(image: np.ndarray, quad: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """Each corner (index, new place) whose two sides' edges, pivoted at their other ends,
    meet more than ``MOVE`` px (and within ``REACH``) from it."""
    q = np.asarray(quad, np.float64)
    centre = q.mean(axis=0)
    # Each side's profile once, from corner k to k + 1; read backwards from k + 1 (the
    # samples lie symmetrically along the side, the normal is the same).
    sides = [_gradients(image, q[k], q[(k + 1) % 4], centre) for k in range(4)]
    moves = []
    for k in range(4):
        before, after = sides[(k - 1) % 4], sides[k]
        if before is None or after is None:
            continue
        first = _pivot_edge(*before)  # from corner k - 1 (its good end) to k
        if first is None:
            continue
        second = _pivot_edge(after[0][::-1], after[1][::-1], after[2])  # from k + 1 to k
        if second is None:
            continue
        met = meet(*first, *second)
        if met is None:
            continue
        moved = float(np.linalg.norm(np.asarray(met) - q[k]))
        if MOVE < moved <= REACH:
            moves.append((k, np.asarray(met, np.float64)))
    return moves


def mend_corner(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """``quad`` (ordered corners, full resolution) with its one corner off moved onto the edge
    (see the module doc); unchanged where no corner or more than one would move.

    >>> q = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 60.0], [10.0, 60.0]])
    >>> bool((mend_corner(np.zeros((80, 100), np.uint8), q) == q).all())
    True
    """
    q = np.asarray(quad, np.float64)
    moves = corner_moves(image, q)
    if len(moves) != 1:
        return q
    out = q.copy()
    k, place = moves[0]
    out[k] = place
    return out
