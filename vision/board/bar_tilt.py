"""Whether the bar stands upright in a found quad: a corner misplaced along a long side leans it.

Through the true quad the bar's two edges run straight down the middle of the canonical view,
square to the long sides. A quad with one corner a column or so off along its long side (ck25
IMG_52534, a dark board: its bottom-right corner a column in, its top-right a little out; the
columns still line up well enough, and the layout fit found a bar too narrow, 0.04) keeps the
bar near the middle but leans it: its edges cross the view from top to bottom at a slant. No
upright pair of edges is found there, while a slanted one is, clearly stronger.

``bar_lean`` searches the view's middle for the strongest pair of full-height edges of a bar's
width, upright and sheared by up to ``MAX_LEAN`` pixels from top to bottom, and answers the
lean (in point columns over the board's height) when a leaning pair clearly beats the upright
one (0.0 otherwise, and on boards with no bar edges to see: paper boards, a plain dark bar).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.board.geometry import homography_for, order_corners

_W, _H = 480, 360
# Bar widths looked for (share of the board's width; paper boards' printed bar 0.02-0.03).
_BAR_WIDTHS = tuple(float(b) for b in np.arange(0.02, 0.135, 0.005))
# Leans tried: the shift of the edge from the view's top to its bottom (px of _W). Larger ones
# line up a top triangle's edge with a bottom one's and find a "bar" in the points; a best lean
# at the end of the range is such a line-up, or an arm's edges, not a bar (the paper webcam's
# printed lines, /tmp/unseen28 IMG_34142's arm across the middle: both at 32).
MAX_LEAN = 32
_LEANS = tuple(t for t in range(-MAX_LEAN, MAX_LEAN + 1, 4) if t != 0)
# Thresholds. Labelled quads (dev, /tmp/train, /tmp/sa26, ck25, unseen26/28/31-34/36/38,
# IMG_58201-58600, the paper webcam and fm gammon photos; 3 329): none passes all four. Found
# quads (saved reads of ck25, unseen33/38/40, sp25, spc22, dev and the real photos; 1 424): four,
# each 70-200 px off; three already occluded or doubted, and ck25 IMG_52534 (trusted, 16
# counts believed, 3 wrong) leaning 24 px at 4 times its best upright pair:
# - the leaning pair's centre within this share of the width of the middle;
NEAR_MIDDLE = 0.06
# - it leans at least this many px (a small lean is a camera's slight distortion);
MIN_LEAN = 12
# - its edges are this strong against the board's typical column (a clear bar),
MIN_PAIR = 4.0
# - and this many times the best upright pair near the middle (a right quad's bar whose
#   edges a checker or a die breaks leans a little better: /tmp/unseen40 IMG_53307 2.1).
LEAN_OVER_UPRIGHT = 3.0


def bar_lean(grey: np.ndarray, quad: np.ndarray) -> float:
    """How far the bar's edges lean across the quad's view from top to bottom, in point
    columns (signed, + leaning right going down), or 0.0 when an upright bar is seen, or a
    leaning one not clearly.

    >>> board = np.full((360, 480), 120, np.uint8)
    >>> board[:, 220:260] = 60  # an upright dark bar in the middle
    >>> quad = np.array([[0, 0], [479, 0], [479, 359], [0, 359]], np.float64)
    >>> bar_lean(board, quad)
    0.0
    """
    h = homography_for(order_corners(np.asarray(quad, np.float64)), _W, _H)
    g = cv2.warpPerspective(grey, h, (_W, _H), flags=cv2.INTER_LINEAR).astype(np.float32)
    gx = np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3))
    # Every third row: the percentile needs no more, and the shears cost a third.
    band = gx[int(0.05 * _H) : int(0.95 * _H) : 3]
    upright = _tall(band)
    typical = float(np.median(upright[int(0.05 * _W) : int(0.95 * _W)])) + 1e-6
    # Only the middle is sheared: the bar's pair and the widest bar's edges round it.
    x0, x1 = int((0.5 - NEAR_MIDDLE - 0.08) * _W), int((0.5 + NEAR_MIDDLE + 0.08) * _W)
    ys = np.arange(band.shape[0], dtype=np.float32)[:, None]
    xs = np.arange(x0 - MAX_LEAN, x1 + MAX_LEAN, dtype=np.float32)[None, :]
    talls = [upright[x0 - MAX_LEAN : x1 + MAX_LEAN]]
    for t in _LEANS:
        # Row y's edge at x + t * (y / height - 1/2) comes to column x.
        map_x = np.broadcast_to(xs + t * (ys / band.shape[0] - 0.5), (band.shape[0], xs.size))
        map_y = np.broadcast_to(ys, map_x.shape)
        sheared = cv2.remap(
            band, map_x.astype(np.float32), map_y.astype(np.float32), cv2.INTER_LINEAR
        )
        talls.append(_tall(sheared))
    a, b = _pair_columns(x0 - MAX_LEAN, xs.size)
    stacked = np.stack(talls)
    pairs = np.minimum(stacked[:, a], stacked[:, b]).max(axis=1)  # per lean, the best pair
    k = int(np.argmax(pairs[1:])) + 1
    best, lean = float(pairs[k]), _LEANS[k - 1]
    if (
        MIN_LEAN <= abs(lean) < MAX_LEAN
        and best >= MIN_PAIR * typical
        and best >= LEAN_OVER_UPRIGHT * float(pairs[0])
    ):
        return lean / (_W / 12.0)
    return 0.0


def _tall(gx: np.ndarray) -> np.ndarray:
    """Each column's edge strength at its 40th percentile over the rows (a triangle's slanted
    edge crosses a column at one height only), the best within a pixel either side."""
    k = int(0.4 * gx.shape[0])
    tall = np.partition(gx, k, axis=0)[k]
    best: np.ndarray = np.max(np.stack([np.roll(tall, s) for s in (-1, 0, 1)]), axis=0)
    return best


@lru_cache(maxsize=4)
def _pair_columns(start: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The columns (from ``start``, ``size`` of them) of every pair of edges a bar's width
    apart centred within NEAR_MIDDLE of the view's middle: left edges, right edges."""
    centres = np.arange(int((0.5 - NEAR_MIDDLE) * _W), int((0.5 + NEAR_MIDDLE) * _W) + 1)
    a = np.concatenate([np.round(centres - f * _W / 2).astype(int) for f in _BAR_WIDTHS])
    b = np.concatenate([np.round(centres + f * _W / 2).astype(int) for f in _BAR_WIDTHS])
    ok = (a >= start) & (b < start + size)
    return a[ok] - start, b[ok] - start
