"""Where the bar lies in a found quad: a board found a column over shows its bar off the middle.

A quad shifted about a point column along the board keeps the triangles' repetition, so the
layout fit can prefer it to the true one (/tmp/unseen34 IMG_44288, a brown board with a brown
bar: 0.478 against 0.425). The bar does not repeat: it is one strip, uniform from end to end,
with a straight edge each side running the board's whole height. Through the true quad it sits
in the middle; through a shifted quad the middle holds a point column instead (triangles in its
base bands) and the bar is seen a column to one side.

``bar_shift`` finds the strongest pair of full-height vertical edges near the middle (a strip
of bar width, 0.03-0.13 of the board), and answers the pair's offset from the middle in point
columns when the quad's own middle has no such pair, the pair's inside is as plain as a bar's
and the middle is busier than it (and 0.0 otherwise).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.geometry import homography_for, order_corners

_W, _H = 480, 360
# Bar widths looked for (share of the board's width).
_BAR_WIDTHS = tuple(float(b) for b in np.arange(0.03, 0.135, 0.005))
# Thresholds on the measures below (boards found without markers and labelled quads: dev,
# /tmp/train, /tmp/unseen26/28/31/32/33/34, about 3 300 quads within a quarter point: none
# passes all five; of those found 0.45-1.1 columns over, IMG_44288 does, and IMG_31149 at
# 0.45 columns would but for the first).
# - the pair lies this many point columns off the middle (a column over, not a hand's edge or
#   the frame at the ends; the paper webcam board, with no bar, shows a strong pair 0.50-0.58
#   columns off the middle of its true quad);
SHIFT_RANGE = (0.7, 1.8)
# - its edges are this strong against the board's typical column (a clear bar);
MIN_PAIR = 2.5
# - and this many times the strongest pair at the quad's own middle (right quads with a plain
#   dark bar have no pair anywhere, and those with a bar pair have it in the middle);
MIN_PAIR_OVER_MIDDLE = 1.6
# - the strip between them is plain: its base bands' edge energy at most this share of the
#   board's typical column (a bar; a checker stack between two stacks is busier: 0.65 and up);
MAX_PAIR_INSIDE = 0.6
# - and the quad's middle is busy: at least this share, and MIDDLE_OVER_INSIDE times the
#   strip's (triangles there; right quads' middles 0.13-0.45 where a pair is seen off it).
MIN_MIDDLE = 0.55
MIDDLE_OVER_INSIDE = 1.4


def bar_shift(grey: np.ndarray, quad: np.ndarray, bar_frac: float) -> float:
    """How many point columns off the quad's middle the bar is seen (signed, + to the quad's
    right), or 0.0 when it is seen in the middle or not clearly anywhere.

    >>> board = np.full((360, 480), 120, np.uint8)
    >>> board[:, 300:340] = 60  # a dark bar, a column right of the middle
    >>> quad = np.array([[0, 0], [479, 0], [479, 359], [0, 359]], np.float64)
    >>> bar_shift(board, quad, 0.08)  # plain middle: nothing says the bar is misplaced
    0.0
    """
    h = homography_for(order_corners(np.asarray(quad, np.float64)), _W, _H)
    g = cv2.warpPerspective(grey, h, (_W, _H), flags=cv2.INTER_LINEAR).astype(np.float32)
    gx = np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3))
    # Full-height edges: a column's edge strength at its 40th percentile over the height (a
    # triangle's slanted edges cross a column at one height only).
    tall = np.partition(gx[int(0.05 * _H) : int(0.95 * _H)], int(0.4 * 0.9 * _H), axis=0)
    tall = tall[int(0.4 * 0.9 * _H)]
    tall = np.max(np.stack([np.roll(tall, s) for s in range(-2, 3)]), axis=0)
    rows = np.r_[4 : int(0.33 * _H), int(0.67 * _H) : _H - 4]
    busy = (gx[rows] + gy[rows]).mean(axis=0)
    span = slice(int(0.05 * _W), int(0.95 * _W))
    tall_typ = float(np.median(tall[span])) + 1e-6
    busy_typ = float(np.median(busy[span])) + 1e-6
    pitch = _W * (1.0 - bar_frac) / 12.0
    centres = np.arange(int(0.3 * _W), int(0.7 * _W))
    pair = np.zeros(len(centres))
    width = np.zeros(len(centres))
    for frac in _BAR_WIDTHS:
        bw = frac * _W
        a = np.clip(np.round(centres - bw / 2).astype(int), 0, _W - 1)
        b = np.clip(np.round(centres + bw / 2).astype(int), 0, _W - 1)
        both = np.minimum(tall[a], tall[b])
        better = both > pair
        pair = np.where(better, both, pair)
        width = np.where(better, bw, width)
    i = int(np.argmax(pair))
    shift = float(centres[i] - _W / 2) / pitch
    best = float(pair[i]) / tall_typ
    middle_pair = float(pair[np.abs(centres - _W / 2) <= 0.2 * pitch].max()) / tall_typ
    inside = _plain(busy, float(centres[i]), float(width[i])) / busy_typ
    middle = _plain(busy, _W / 2, max(bar_frac * _W, 0.6 * pitch)) / busy_typ
    if (
        SHIFT_RANGE[0] <= abs(shift) <= SHIFT_RANGE[1]
        and best >= MIN_PAIR
        and best >= MIN_PAIR_OVER_MIDDLE * middle_pair
        and inside <= MAX_PAIR_INSIDE
        and middle >= max(MIN_MIDDLE, MIDDLE_OVER_INSIDE * inside)
    ):
        return shift
    return 0.0


def _plain(busy: np.ndarray, centre: float, width: float) -> float:
    """Mean base-band edge energy of the strip ``width`` wide at ``centre``, its edges left
    out (4 px each side)."""
    a, b = int(round(centre - width / 2 + 4)), int(round(centre + width / 2 - 4))
    return float(busy[a : max(b, a + 1)].mean())
