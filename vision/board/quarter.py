"""A quarter of the board taken for the whole: the whole board grown back from it.

One row of six triangles, framed from its base to the field's middle, lines up with the point
columns and explains much of its own view, and where the contours never outline the playing
area (a dark field on a dark frame, a board seen askew) nothing better is among the search's
finalists. Such a quad holds triangles across its middle (``frame._middle_ratio``, about 0.3
for a playing area's labelled quad, 0.7-1.2 for quarters), so the search halves its fit, and
still picks it where no whole board is on offer (the board found 9-10 points off, the read
useless). Session 30's fresh set IMG_65001-65200: three boards of 181 (IMG_65028, 65061,
65191), the labelled quads fitting 0.55-0.86, the quarters 0.25-0.35 after the halving.

``whole_board`` takes the quarter as each of the board's four quarters in turn, with its far
side at the field's middle or at its triangles' tips and the bar's width unknown, extends it
along its mean side vectors to the whole playing area (its own perspective, extrapolated, bent
a slightly skewed quarter of IMG_65191 into a board two thirds the height), rates those with
the cheap layout fit, and hands the best few to the search's polish. A grown quad is taken
only when it holds no triangles across its middle and its full layout fit beats the quarter's
halved fit by ``GROWN_GAIN``.

Measured (boards found without markers, before -> after, max corner error in point columns):
IMG_65061 9.1 -> 0.15, read exact (status ok, 14 counts believed, none wrong); IMG_65028
9.8 -> 3.0 and own range IMG_67822 11.3 -> 5.1, both still doubted (a long side on the
points) and inexact; IMG_65191 unchanged (what grows from its skewed quarter fits worse).
Held out: of own IMG_68001-68200, dev and /tmp/unseen47 (500 boards) it takes one grown
quad, IMG_68056 8.6 -> 2.5, doubted and inexact before and after; every other search there
returns what it did. The integrator's clean set IMG_65201-65400 (read once): one grown quad,
IMG_65380 9.3 -> 0.34, its read from 6 of 24 points right (doubted) to 20 (11 believed, none
wrong), still inexact. It costs one middle-band ratio a search (not on the calibrated read).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.board.geometry import order_corners
from vision.board.layout import BAR_FRACS, FastFit, layout_fit
from vision.board.sides import bars_near, reasonable

# A quad whose middle band's vertical edges are this share of its base bands' or more may be a
# quarter (the search halves fits from 0.75; a quarter of IMG_65191 scored 0.74, labelled quads
# of playing areas 0.27-0.38).
QUARTER_MIDDLE = 0.6
# The grown quad must fit this much better than the quarter's halved fit.
GROWN_GAIN = 0.05
# How far the quarter's far side is from its base, in the whole field's heights (the middle,
# or the triangles' tips at 0.37-0.45), and the bar's width in half-board widths.
_HEIGHTS = (0.5, 0.42)
_BARS = (0.0, 0.12, 0.24)
_POLISHED = 2


def grown_quads(quad: np.ndarray) -> list[np.ndarray]:
    """The whole playing areas a quarter quad could be a quarter of: each quarter position,
    far side height and bar width, laid out along the quarter's mean side vectors.

    >>> [g.round().tolist() for g in grown_quads(np.array([[0, 0], [10, 0], [10, 5], [0, 5]]))][0]
    [[0.0, 0.0], [20.0, 0.0], [20.0, 10.0], [0.0, 10.0]]
    """
    q = order_corners(quad)
    # Affine, along the quarter's mean side vectors: its own perspective, extrapolated, bends
    # a slightly skewed quarter into a far too small board.
    across = ((q[1] - q[0]) + (q[2] - q[3])) / 2
    down = ((q[3] - q[0]) + (q[2] - q[1])) / 2
    origin = q.mean(axis=0) - (across + down) / 2
    out = []
    for share in _HEIGHTS:
        tall = 1.0 / share
        for bar in _BARS:
            wide = 2.0 + bar
            for u0 in (0.0, 1.0 - wide):
                for v0 in (0.0, 1.0 - tall):
                    u1, v1 = u0 + wide, v0 + tall
                    uv = np.array([[u0, v0], [u1, v0], [u1, v1], [u0, v1]])
                    out.append(origin + uv[:, :1] * across + uv[:, 1:] * down)
    return out


def whole_board(
    grey: np.ndarray,
    small: np.ndarray,
    fast: FastFit,
    quad: np.ndarray,
    fit: float,
    middle: Callable[[np.ndarray, np.ndarray], float],
    polish: Callable[[np.ndarray, float, float], tuple[np.ndarray, float, float]],
) -> tuple[np.ndarray, float, float] | None:
    """The whole board grown from a quarter of it (``quad``, its fit after the search's
    halving ``fit``; ``middle`` the search's middle-band ratio, ``polish`` its refinement of a
    moved quad): (quad, layout fit, bar_frac), or None when the quad is no quarter or nothing
    grown from it fits clearly better."""
    if middle(grey, quad) < QUARTER_MIDDLE:
        return None
    h, w = grey.shape[:2]
    margin = 0.02 * max(h, w)
    bars = BAR_FRACS[::3]
    rated = []
    for c in grown_quads(quad):
        if not reasonable(c) or (c < -margin).any() or (c > np.array([w, h]) + margin).any():
            continue
        f, b = fast(c, bars)
        rated.append((f, b, c))
    rated.sort(key=lambda t: -t[0])
    best: tuple[np.ndarray, float, float] | None = None
    for f, b, c in rated[:_POLISHED]:
        q, f, b = polish(c, f, b)  # refits the quad it refines: no layout fit needed before
        if not reasonable(q) or middle(grey, q) >= QUARTER_MIDDLE:
            continue
        f, b = layout_fit(small, q, bars_near(b))
        if f > fit + GROWN_GAIN and (best is None or f > best[1]):
            best = (q, f, b)
    return best
