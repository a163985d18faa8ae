"""Whether each half row of points lines up where the quad puts it, and a corner slid back
where one does not.

A corner misplaced by half a point slides the point columns near it off their triangles
while the rest of the board lines up, and the whole board's pattern score averages that
away (train IMG_0367: 0.57 point off at its bottom-left corner, pattern 2.09, trusted, a
count believed wrong). Along each half of each base band (the pattern score's bands: the
triangles' bases and the checkers on them) the vertical edges at the quad's six column
boundaries are compared with the same boundaries slid up to half a column either way
(``columns_off``). Where a half row lines up clearly better slid, its outer corner is slid
along its long side to where the layout fits best with every half row on its triangles
(``slide_corner``).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.geometry import BoardGeometry, homography_for, order_corners
from vision.board.layout import layout_fit

# A half row of points whose column boundaries' edges peak this many times higher with the
# boundaries slid up to half a column than within a tenth of a column of where the quad puts
# them: that end of the quad is off. Boards found without markers (251: dev 45, train 177,
# paper webcam 25, fm gammon 4): right ones (within a quarter point) at most 1.44, the rendered
# labels' own quads 1.52, real photos 1.2; train IMG_0367 (0.57 point off at a corner, a
# believed count wrong) 5.6 and IMG_0280 (0.51) 2.3. Boards further off are doubted by the
# other signs or score low here too: a shifted quad's columns still meet triangle edges.
OFF_COLUMNS = 1.8
_SLIDE = 0.45  # the slides tried, in columns, either way ...
_ON = 0.1  # ... and how far from the quad's boundaries counts as on them
_PHASE_W, _PHASE_H = 960, 720  # the top-down view measured (a column ~75 px)
# The corner at the outer end of each half row, and the corner along its long side.
_CORNERS = {"top left": (0, 1), "top right": (1, 0), "bottom right": (2, 3), "bottom left": (3, 2)}
# How far a corner is slid along its long side (point columns either way) and in what steps.
_SLIDE_REACH, _SLIDE_STEP = 0.8, 0.1


def columns_off(grey: np.ndarray, quad: np.ndarray, bar_frac: float) -> tuple[float, str]:
    """The worst half row of points: how many times higher its column boundaries' vertical
    edges peak slid up to ``_SLIDE`` column either way than within ``_ON`` of the quad's own
    boundaries, and where it is ("top left", ...)."""
    h = homography_for(order_corners(quad), _PHASE_W, _PHASE_H)
    view = cv2.warpPerspective(grey, h, (_PHASE_W, _PHASE_H), flags=cv2.INTER_LINEAR)
    gx = np.abs(cv2.Sobel(view.astype(np.float32), cv2.CV_32F, 1, 0, ksize=3))
    geo = BoardGeometry(width=_PHASE_W, height=_PHASE_H, bar_frac=bar_frac)
    column = geo.point_width
    slides = np.linspace(-_SLIDE, _SLIDE, 37)
    on = np.abs(slides) <= _ON
    # The base bands, as the pattern score's: the triangles' bases and the checkers on them.
    bands = (("top", slice(8, int(0.12 * _PHASE_H))), ("bottom", slice(int(0.88 * _PHASE_H), -8)))
    worst, where = 1.0, ""
    for row, rows in bands:
        profile = np.convolve(gx[rows].mean(axis=0), np.ones(5) / 5.0, mode="same")
        for half, columns in (("left", range(6)), ("right", range(6, 12))):
            edges = np.array(
                [geo.column_span(c)[0] for c in columns] + [geo.column_span(columns[-1])[1]]
            )
            at = np.clip(np.round(edges[None, :] + slides[:, None] * column), 0, _PHASE_W - 1)
            peaks = profile[at.astype(int)].mean(axis=1)
            own = float(peaks[on].max())
            ratio = float(peaks.max()) / own if own > 1e-6 else 1.0
            if ratio > worst:
                worst, where = ratio, f"{row} {half}"
    return worst, where


def slide_corner(
    image: np.ndarray, grey: np.ndarray, quad: np.ndarray, fit: float, bar_frac: float
) -> tuple[np.ndarray, float, float] | None:
    """The quad with the corner of its worst half row (``columns_off`` at ``OFF_COLUMNS`` or
    more) slid along its long side to where the layout fits best (``layout_fit`` on
    ``image``, better than ``fit``) with no half row off: (quad, fit, bar_frac); None when no
    half row is off or no slide fits better."""
    off, where = columns_off(grey, quad, bar_frac)
    if off < OFF_COLUMNS:
        return None
    q = order_corners(quad)
    corner, toward = _CORNERS[where]
    along = q[toward] - q[corner]
    column = along / np.linalg.norm(along) * np.linalg.norm(q[1] - q[0]) * (1 - bar_frac) / 12
    best = None
    for slide in np.arange(-_SLIDE_REACH, _SLIDE_REACH + 1e-9, _SLIDE_STEP):
        slid = q.copy()
        slid[corner] += slide * column
        f, bar = layout_fit(image, slid)
        if f > (best[1] if best else fit) and columns_off(grey, slid, bar)[0] < OFF_COLUMNS:
            best = (slid, f, bar)
    return best
