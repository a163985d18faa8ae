"""A learned cue: is a checker on this slot of a point?  (dark on dark, light on light)

The colour cues cannot tell a dark checker from a dark triangle (five were measured); a person
sees its round rim and shading, and the triangle's straight edges broken where it lies.  A
logistic model reads that from the slot's window on the point's strip: the window's colours
against the empty board's (field and triangle), resampled small, and its gradients'
orientations in a 3 x 3 grid of cells (HOG-like), with the slot's number.  Weights in
``vision/models/checker_slot_lr.npz``, fitted (standardised features, L2 0.01, Newton steps)
on renders of our own, none of dev, train or the unseen check: ``scripts/render-synthetic
--set train --start 16005 --count 120`` (IMG_16006-16125), read with the labelled boards, the
first five slots of every point (13488, 21% holding a checker, the label saying how many).
ADD_FROM was chosen on IMG_16126-16185, held out: of the slots just past a doubted count,
3 of 4 holding a missed checker pass 0.9 and 1 of 145 empty ones (with IMG_16186-16285, rendered
afterwards: 8 of 17 and 1 of 448; at 0.8, 10 and 2; at 0.7, 11 and 3).  The model says nothing of a
second layer, so it only lengthens a first layer, only where the counter is unsure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.checkers.model import Cell, Found

# The window: the strip's width, SPAN checker diameters along the point round the slot.
SPAN = 1.3
# Resampled window (rows along the point, columns across) for colours and gradients.
ROWS, COLS = 12, 9
CELLS = 3
BINS = 6
SLOTS = 5
# Each window pixel's HOG cell, times BINS (its bin added gives the histogram's index).
_CELL_OF = (
    np.minimum(np.arange(ROWS) * CELLS // ROWS, CELLS - 1)[:, None] * CELLS
    + np.minimum(np.arange(COLS) * CELLS // COLS, CELLS - 1)[None, :]
) * BINS
WEIGHTS = Path(__file__).parent.parent / "models" / "checker_slot_lr.npz"


def slot_features(
    strip: np.ndarray, along: float, d: float, field: np.ndarray, tri: np.ndarray, k: int
) -> np.ndarray | None:
    """Features of the window round the slot ``along`` from the point's edge on its Lab strip
    (``model.cell_strip``: index 0 the edge); None when the window leaves the strip.
    (:func:`_features` works out the same numbers for a batch of windows; one alone is
    quicker so.)"""
    win = _window(strip, along, d)
    if win is None:
        return None
    # Colours against the triangle's and the field's (the board's own, so lighting cancels).
    scale = max(float(np.abs(field[0] - tri[0])), 8.0)
    rel_t = ((win - tri) / 20.0).reshape(-1)
    rel_l = ((win[..., 0] - tri[0]) / scale).reshape(-1)
    grey = win[..., 0]
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) % np.pi) / np.pi * BINS
    b = np.minimum(ang.astype(int), BINS - 1)
    hist = np.bincount((_CELL_OF + b).ravel(), mag.ravel(), CELLS * CELLS * BINS)
    hog = hist / (math.sqrt(float(hist @ hist)) + scale)  # np.linalg.norm's number
    slot = np.zeros(SLOTS, np.float32)
    slot[min(k, SLOTS - 1)] = 1.0
    return np.concatenate([rel_t, rel_l, hog, slot]).astype(np.float32)


def _window(strip: np.ndarray, along: float, d: float) -> np.ndarray | None:
    """The slot's window resampled to ROWS x COLS (None when it leaves the strip)."""
    h = strip.shape[0]
    y0 = int(round(along - SPAN * d / 2))
    y1 = int(round(along + SPAN * d / 2))
    if y0 < 0:
        y0, y1 = 0, y1 - y0
    if y1 > h or y1 - y0 < 6:
        return None
    return cv2.resize(strip[y0:y1], (COLS, ROWS), interpolation=cv2.INTER_AREA)


def _features(
    wins: np.ndarray, field: np.ndarray, tris: list[np.ndarray], ks: list[int]
) -> np.ndarray:
    """Each window's features (rows), in a batch: numpy's overhead once, each row's numbers
    :func:`slot_features`' of the window alone (element by element; each norm its own dot)."""
    n = len(wins)
    tri = np.stack(tris)
    # Colours against the triangle's and the field's (the board's own, so lighting cancels).
    scales = [max(float(np.abs(field[0] - t[0])), 8.0) for t in tris]
    rel_t = ((wins - tri[:, None, None, :]) / 20.0).reshape(n, -1)
    rel_l = ((wins[..., 0] - tri[:, None, None, 0]) / _column(scales, wins.dtype)).reshape(n, -1)
    # One Sobel over the windows stacked, each between its own mirrored rows (cv2's border,
    # BORDER_REFLECT_101), so no window's gradients see its neighbour's pixels.
    grey = wins[..., 0]
    tall = np.concatenate([grey[:, 1:2], grey, grey[:, -2:-1]], axis=1).reshape(-1, COLS)
    gx = cv2.Sobel(tall, cv2.CV_32F, 1, 0, ksize=3).reshape(n, ROWS + 2, COLS)[:, 1:-1]
    gy = cv2.Sobel(tall, cv2.CV_32F, 0, 1, ksize=3).reshape(n, ROWS + 2, COLS)[:, 1:-1]
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) % np.pi) / np.pi * BINS
    b = np.minimum(ang.astype(int), BINS - 1)
    size = CELLS * CELLS * BINS
    at = _CELL_OF + b + (np.arange(n) * size)[:, None, None]
    hist = np.bincount(at.ravel(), mag.ravel(), n * size).reshape(n, size)
    norms = [math.sqrt(float(r @ r)) + s for r, s in zip(hist, scales, strict=True)]
    hog = hist / np.array(norms)[:, None]  # np.linalg.norm's number, each
    slot = np.zeros((n, SLOTS), np.float32)
    slot[np.arange(n), np.minimum(ks, SLOTS - 1)] = 1.0
    return np.concatenate([rel_t, rel_l, hog, slot], axis=1).astype(np.float32)


def _column(values: list[float], dtype: np.dtype) -> np.ndarray:
    """Python floats as a column of ``dtype`` (a float32 array over a Python float divides in
    float32, the float rounded to it first)."""
    return np.array(values, dtype)[:, None, None]


def _share(mask: np.ndarray) -> float:
    """``float(mask.mean())`` of a non-empty bool mask: its count over its size, the same
    float (numpy sums the bools exactly and divides once), without np.mean's overhead."""
    if mask.dtype != bool:
        return float(mask.mean())
    return int(np.count_nonzero(mask)) / mask.size


@lru_cache(maxsize=1)
def _weights() -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    z = np.load(WEIGHTS)
    return z["mean"], z["std"], z["w"], float(z["b"])


def slot_probability(features: np.ndarray) -> float:
    """The fitted model's probability that a checker lies on the slot."""
    mean, std, w, b = _weights()
    z = float(((features - mean) / std) @ w + b)
    return float(1.0 / (1.0 + np.exp(-np.clip(z, -30, 30))))


# The model's probability from which a slot past a row (or an empty point's edge slot) holds
# a checker, doubtfully.
ADD_FROM = 0.9
# Share of the slot's window clear of dice (a die's pips and edges are no checker's).
CLEAR = 0.9
# From this share of the edge slot clear of dice up to ``CLEAR``, the die's pixels take the
# triangle's colour and the model reads the rest (a lone dark checker by a die read empty at 1.0,
# own IMG_31712).  Points read empty and believed with the edge slot 0.2-0.9 clear, own
# IMG_31401-31800, dev and train (371): from 0.75 and DOUBT_FROM, 1 of 2 holding a checker
# passes and none of the empty ones (from 0.5 at 0.9: 1 and 1; from 0.2 at 0.8: 1 and 12).
PART = 0.75
# The model's probability from which an empty point's edge slot makes a believed empty count
# doubtful (not a checker): dark checkers on a dark point at the board's side column, whose rim
# the frame cuts, were read empty at 1.0.  Fresh renders IMG_16301-16500, dev and train, points
# read empty and believed: 3 of 4 holding checkers from 0.8, 8 of 7407 empty ones (0.7: 3 and
# 20; 0.9: 1 and 2).
DOUBT_FROM = 0.8
# ... or from PAIR_FROM with PAIR_NEXT on the next slot: two dark checkers on a dark point, the
# edge one's window cut by the frame or the triangle's base.  Points read empty and believed on
# dev, /tmp/train, unseen14-17 and fresh IMG_21001-21300 (14 994): 14 pass, 6 of them holding
# two checkers (dev IMG_0086's pair among them, 5 at 1.0 before) and 8 empty; the 5 other
# believed ones holding checkers are lone ones (a second slot is empty) or a 3 the cue misses.
PAIR_FROM = 0.4
PAIR_NEXT = 0.75


def slots_by_model(
    strip: np.ndarray,
    care: np.ndarray,
    start: float,
    first: int,
    count: int,
    d: float,
    pitch: float,
    field: np.ndarray,
    tri: np.ndarray,
    least: float | None = None,
) -> int:
    """How many of ``count`` slots from ``start`` along the point (slot numbers from
    ``first``), one after another, the model sees a checker on (probability ``least`` or
    more; by default ``ADD_FROM``)."""
    least = ADD_FROM if least is None else least
    n = 0
    for j in range(count):
        a = start + j * pitch
        y0, y1 = int(max(0, a - 0.5 * d)), int(min(len(care), a + 0.5 * d))
        if y1 <= y0 or _share(care[y0:y1]) < CLEAR:
            break
        f = slot_features(strip, a, d, field, tri, first + j)
        if f is None or slot_probability(f) < least:
            break
        n += 1
    return n


def edge_slot_seen(
    strip: np.ndarray,
    care: np.ndarray,
    refs: tuple[np.ndarray, np.ndarray],
    size: tuple[float, float, int, int],
    p: float | None = None,
) -> bool:
    """Does the model see a checker (``DOUBT_FROM`` or more) on a point's edge slot, or two
    (``PAIR_FROM`` and ``PAIR_NEXT``) on its first two?  ``refs`` and ``size`` as for
    :func:`model_row`; ``p``: the edge slot's probability, when known."""
    p = edge_slot_probability(strip, care, refs, size) if p is None else p
    if p >= DOUBT_FROM:
        return True
    d, pitch = size[0], size[1]
    return p >= PAIR_FROM and bool(
        slots_by_model(strip, care, 0.5 * d + pitch, 1, 1, d, pitch, *refs, PAIR_NEXT)
    )


def edge_slot_probability(
    strip: np.ndarray,
    care: np.ndarray,
    refs: tuple[np.ndarray, np.ndarray],
    size: tuple[float, float, int, int],
) -> float:
    """The model's probability of a checker on a point's edge slot (0 when dice cover its
    window).  ``refs`` and ``size`` as for :func:`model_row`."""
    d = size[0]
    window = care[: int(d)]
    share = _share(window) if window.size else 0.0
    if share < PART:
        return 0.0
    if share < CLEAR:
        strip = die_as_triangle(strip, care, refs[1], d)
    f = slot_features(strip, 0.5 * d, d, *refs, 0)
    return 0.0 if f is None else slot_probability(f)


def edge_probabilities(
    strips: list[np.ndarray],
    cares: np.ndarray | Sequence[np.ndarray],
    field: np.ndarray,
    tris: list[np.ndarray],
    d: float,
    cells: list[int],
) -> dict[int, float]:
    """:func:`edge_slot_probability` of the points ``cells`` (``tris``: each point's triangle
    colour; ``cares``: each point's clear pixels, stacked or one array each), in one batch: the
    same numbers, less per-call overhead.

    ::

        p = edge_probabilities(strips, cares, field, tris, d, [i])[i]
    """
    out = dict.fromkeys(cells, 0.0)
    wins, which = [], []
    for i in cells:
        strip, care = strips[i], cares[i]
        window = care[: int(d)]
        share = _share(window) if window.size else 0.0
        if share < PART:
            continue
        if share < CLEAR:
            strip = die_as_triangle(strip, care, tris[i], d)
        win = _window(strip, 0.5 * d, d)
        if win is not None:
            wins.append(win)
            which.append(i)
    if not wins:
        return out
    feats = _features(np.stack(wins), field, [tris[i] for i in which], [0] * len(wins))
    mean, std, w, b = _weights()
    rel = (feats - mean) / std
    z = np.array([float(r @ w + b) for r in rel])  # slot_probability's, each its own dot
    out.update(zip(which, (1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))).tolist(), strict=True))
    return out


def die_as_triangle(strip: np.ndarray, care: np.ndarray, tri: np.ndarray, d: float) -> np.ndarray:
    """A copy of the strip whose edge-slot window's die pixels (``care`` False, the strip's
    side columns left alone: they are never cared for) take the triangle's colour, so the
    model reads the uncovered part of the slot as if the die were not there.

    ::

        p = slot_probability(slot_features(die_as_triangle(strip, care, tri, d), ...))
    """
    out = strip.copy()
    rows = min(strip.shape[0], int(np.ceil(SPAN * d)) + 1)
    die = ~care[:rows, 1:-1].astype(bool)
    out[:rows, 1:-1][die] = tri
    return out


def model_row(
    fs: list[Found],
    cell: Cell,
    strip: np.ndarray,
    care: np.ndarray,
    refs: tuple[np.ndarray, np.ndarray],
    size: tuple[float, float, int, int],
    sets: list[tuple[bool, np.ndarray]],
    blk: bool,
) -> tuple[list[Found], bool]:
    """A doubted point's row (``fs``, of colour ``blk``: True black) with the checkers the
    model sees past it, up to the fifth slot; an empty point's take the set its edge slot's
    colour is nearer.  ``refs``: field and triangle colours; ``size``: checker diameter, slot
    pitch, the board's height and the slots a point's first layer has room for."""
    d, pitch, h, max_first = size
    n = len(fs)
    start = fs[-1].along + pitch if n else 0.5 * d
    more = slots_by_model(strip, care, start, n, min(5, max_first) - n, d, pitch, *refs)
    if not more:
        return fs, blk
    if not n:
        yy, xx = np.mgrid[0 : strip.shape[0], 0 : strip.shape[1]]
        disc = (xx - (strip.shape[1] - 1) / 2.0) ** 2 + (yy - 0.5 * d) ** 2 <= (0.35 * d) ** 2
        px = strip[disc]
        if not len(px) or not sets:
            return fs, blk
        mean = px.mean(axis=0)
        blk = min(sets, key=lambda s: float(np.sum((mean - s[1]) ** 2)))[0]
    colour = fs[-1].colour if n else (0.0, 0.0, 0.0)
    return fs + [cell.checker_at(start + j * pitch, h, colour) for j in range(more)], blk


class PointSlots:
    """The learned cue on one frame's points: each point's Lab strip and clear pixels (by
    cell), the field's and each cell's triangle colour, ``size`` as for :func:`model_row`,
    ``row`` (point index to cell) and the checkers found on each.  An edge slot's probability
    is worked out once (the counter and the totals' fills ask for the same points' several
    times), the empty points' in one batch when the first is asked.

    ::

        slots = PointSlots(strips, cares, field, tris, size, row, found_cells)
        if slots.edge_seen(i): ...
        p = slots.edge_p(idx)
    """

    def __init__(
        self,
        strips: list[np.ndarray],
        cares: np.ndarray | Sequence[np.ndarray],
        field: np.ndarray,
        tris: list[np.ndarray],
        size: tuple[float, float, int, int],
        row: dict[int, int],
        found: list[list[Found]],
    ) -> None:
        self.strips, self.cares, self.field, self.tris = strips, cares, field, tris
        self.size, self.row = size, row
        self._edge: dict[int, float] = {}  # by cell
        # Asked first, in one batch: the empty points (the counter doubts believed ones); at a
        # second ask, all the others.
        self._first = [i for i, fs in enumerate(found) if not fs]

    def _p(self, i: int) -> float:
        if i not in self._edge:
            if self._edge:
                # A second ask: the rest of the points in one batch too (reads ask for about
                # six more one by one; each batch's rows are the same numbers).
                rest = (j for j in range(len(self.strips)) if j != i and j not in self._edge)
            else:
                rest = (j for j in self._first if j != i)
            cells = [i, *rest]
            d = self.size[0]
            new = edge_probabilities(self.strips, self.cares, self.field, self.tris, d, cells)
            self._edge.update(new)
        return self._edge[i]

    def edge_p(self, idx: int) -> float:
        """The edge slot's probability of point ``idx`` (:func:`edge_slot_probability`)."""
        return self._p(self.row[idx])

    def edge_seen(self, i: int) -> bool:
        """:func:`edge_slot_seen` on cell ``i``."""
        refs = (self.field, self.tris[i])
        return edge_slot_seen(self.strips[i], self.cares[i], refs, self.size, self._p(i))

    def covered(self, idx: int, slot: int) -> bool:
        """Does a die cover slot ``slot`` (0: the edge slot) of point ``idx``: the slot's
        window less than ``CLEAR`` clear, within the five slots the cue reads?"""
        d, pitch, _, max_first = self.size
        if slot >= min(5, max_first):
            return False
        care, a = self.cares[self.row[idx]], 0.5 * d + slot * pitch
        y0, y1 = int(max(0, a - 0.5 * d)), int(min(len(care), a + 0.5 * d))
        return y1 > y0 and _share(care[y0:y1]) < CLEAR

    def seen_from(self, idx: int, least: float, first: int = 1) -> int:
        """Checkers the cue sees on point ``idx`` from slot ``first`` on, one after another
        (probability ``least`` or more), up to the fifth slot (:func:`slots_by_model`)."""
        d, pitch, _, max_first = self.size
        i, a, k = self.row[idx], 0.5 * d + first * pitch, min(5, max_first) - first
        care, tri = self.cares[i], self.tris[i]
        return slots_by_model(self.strips[i], care, a, first, k, d, pitch, self.field, tri, least)
