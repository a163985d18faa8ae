"""Whether the field ends inside a found quad: a straight edge across the whole board near one
of its short sides.

Inside a playing area no straight edge runs from one long side to the other, except the bar's
(at the quad's middle): the triangles' flanks slant, and checkers' rims are arcs. The edge
where the field meets the frame does, and a quad that took the frame, a bear-off tray or the
table beyond them for point columns holds it, one to three columns in from its short side
(a dark board's quad a column and a half over, a tray taken for two columns). Where the
middle of the board (between the rows of triangles) carries the edge too, and the strip
between it and the side is quiet (frame or tray), it is no row of checkers along a point:
long rows of both colours may nearly meet in the middle, but their checkers fill that strip.

::

    share = field_end(grey, quad, fix.bar_frac)   # 0..1; a quad holding the field's end ~0.8+
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.geometry import BoardGeometry, homography_for, order_corners

_END_W, _END_H = 480, 360  # the top-down view measured (a point column ~37 px)
_REACH = 3.5  # how far in from each short side a line is looked for, in point columns ...
_GAP = 0.3  # ... not within this of the short side itself or of the bar
_SLANT = 0.3  # how much a line may turn across the board, in point columns
_STRONG = 85.0  # a pixel on an edge: its horizontal gradient in the view's top 15 %
_MIDDLE = (0.43, 0.57)  # the board's middle, between the rows of triangles (height shares)
_SAMPLES = np.linspace(0.03, 0.97, 60)
# The strip between a line and its short side is frame or tray when its edge energy is under
# this share of the view's mean (renders: quads holding the field's end 0.28-0.55; rows of
# checkers along the end point, their rims lining up, 1.04 or more).
_QUIET_STRIP = 0.8


def field_end(grey: np.ndarray, quad: np.ndarray, bar_frac: float) -> float:
    """The largest share, over near-vertical straight lines within ``_REACH`` point columns of
    either short side of ``quad`` (on ``grey``) with a quiet strip between them and that side
    (``_QUIET_STRIP``), of the line lying on a strong vertical edge: the smaller of that share
    in the board's middle and in the rest (the rows of triangles). A right board's lines give
    at most ~0.5; a quad holding the field's end 0.6-1.0."""
    h = homography_for(order_corners(quad), _END_W, _END_H)
    view = cv2.warpPerspective(grey, h, (_END_W, _END_H), flags=cv2.INTER_LINEAR)
    view = cv2.GaussianBlur(view.astype(np.float32), (3, 3), 0)
    gx = np.abs(cv2.Sobel(view, cv2.CV_32F, 1, 0, ksize=3))
    # A line may be a pixel off the edge's crest.
    gx = np.maximum(np.maximum(gx, np.roll(gx, 1, axis=1)), np.roll(gx, -1, axis=1))
    on = gx > np.percentile(gx, _STRONG)
    geo = BoardGeometry(width=_END_W, height=_END_H, bar_frac=bar_frac)
    column = geo.point_width
    xs = np.arange(_GAP * column, _REACH * column, 2.0)
    xs = np.concatenate([xs, _END_W - 1 - xs])
    bar0, bar1 = geo.bar_span
    xs = xs[(xs < bar0 - _GAP * column) | (xs > bar1 + _GAP * column)]
    if len(xs) == 0:
        return 0.0
    turns = np.arange(-_SLANT * column, _SLANT * column + 1, 2.0)
    ys = np.round(_SAMPLES * (_END_H - 1)).astype(int)
    x = xs[:, None, None] + turns[None, :, None] * (_SAMPLES[None, None, :] - 0.5)
    hits = on[ys[None, None, :], np.clip(np.round(x).astype(int), 0, _END_W - 1)]
    middle = (_SAMPLES > _MIDDLE[0]) & (_SAMPLES < _MIDDLE[1])
    share = np.minimum(hits[:, :, middle].mean(axis=2), hits[:, :, ~middle].mean(axis=2))
    # Between the field's end and the quad's side lies the frame or a tray: quiet. Between a
    # row of checkers' rims and the side lie the checkers.
    energy = gx + np.abs(cv2.Sobel(view, cv2.CV_32F, 0, 1, ksize=3))
    profile = np.concatenate([[0.0], np.cumsum(energy[5:-5].mean(axis=0))])
    mean = profile[-1] / _END_W + 1e-6
    left = xs < _END_W / 2
    a = np.where(left, 3, np.round(xs) + 3).astype(int)
    b = np.where(left, np.round(xs) - 3, _END_W - 3).astype(int)
    strip = (profile[b] - profile[a]) / np.maximum(b - a, 1) / mean
    seen = np.where(strip < _QUIET_STRIP, share.max(axis=1), 0.0)
    return float(seen.max())
