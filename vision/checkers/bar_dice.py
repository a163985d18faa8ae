"""A bar count put in doubt: a die on the bar, one checker found twice, or a point's checker.

Dice thrown near the middle land on the bar, and the bar's circle search takes a die, its
shadow or a checker half hidden by it for a checker (a paper board's bar line, a wooden bar):
the count comes out a checker over or a checker of the wrong colour, at the bar's believed
0.7. A checker really on the bar shows its whole rim beside a die, so only circles the die
reaches are in question: a bar count with a bar circle whose disc a die's box covers in part
(``DIE_SHARE``) is doubted (``DOUBTED_BAR``); the count stays.

Checkers lie side by side and cannot overlap, but the circle search may find one checker's rim
and its bevel as two circles a third of a checker apart, both with a clear rim (/tmp/unseen34
IMG_44347: one white checker counted two, believed), or take a checker of the point column
beside a paper board's thin bar line, fanned over it, or the line between it and a triangle,
for a bar checker (/tmp/unseen26 IMG_31016, /tmp/unseen31 IMG_40080: a black checker on the
bar, believed, 0.81-0.88 checkers from a point's counted checker). A counted bar circle
nearer than ``TWICE`` checkers to another, or ``OVERLAP`` to a point's checker, doubts the
count too.

::

    bar_w, bar_b, bar_conf = bar_doubts(read, circles, rims, dice_mask, geo, d, discs, sy)
"""

from __future__ import annotations

import numpy as np

from vision.board import BoardGeometry

# A bar circle whose disc (radius 0.9 of the circle's) this share of a die's box (with its
# margin, ``by_die.dice_mask``) covers is in question.
DIE_SHARE = 0.05
# A bar count put in doubt is no surer than this: under the referee's 0.65.
DOUBTED_BAR = 0.5
# The bar's circles as ``bar.bar_checkers`` selects them: centred within half the bar's width
# or this much of a checker of its middle, of at least BAR_MIN_R checkers' radius.
_REACH = 0.35
_BAR_MIN_R = 0.38
# A bar circle with a checker's rim all round (``bar.BAR_RIM``) whose centre is nearer than
# TWICE checkers to another such bar circle (bar checkers in a row touch, a checker apart), or
# OVERLAP to a point's counted checker (a bar as wide as a checker keeps them a checker or
# more apart), overlaps it.
TWICE = 0.7
OVERLAP = 0.9
_BAR_RIM = 2.5

Disc = tuple[float, float, float, int]


def bar_doubts(
    read: tuple[int, int, float],
    circles: np.ndarray,
    rims: np.ndarray,
    dice: np.ndarray,
    geo: BoardGeometry,
    d: float,
    point_discs: list[list[Disc]] | None = None,
    sy: float = 1.0,
) -> tuple[int, int, float]:
    """The bar read (white, black, confidence), doubted when the bar holds checkers and a
    die's box (``dice``, a mask of the board image the circles were found on) covers part of
    a bar circle, or a bar circle with a clear rim (``rims``, per circle) overlaps another or
    a point's counted checker (``point_discs``: per point, (x, y * sy, r, side)).

    >>> geo = BoardGeometry(width=240, height=180, bar_frac=0.08)
    >>> circles = np.array([[120.0, 60.0, 8.0]])
    >>> dice = np.zeros((180, 240), np.uint8)
    >>> bar_doubts((1, 0, 0.7), circles, np.array([9.0]), dice, geo, 18.0)
    (1, 0, 0.7)
    >>> dice[55:70, 122:135] = 1
    >>> bar_doubts((1, 0, 0.7), circles, np.array([9.0]), dice, geo, 18.0)
    (1, 0, 0.5)
    >>> twice = np.array([[120.0, 60.0, 8.0], [118.0, 65.0, 8.5]])
    >>> bar_doubts((2, 0, 0.7), twice, np.array([9.0, 4.0]), dice * 0, geo, 18.0)
    (2, 0, 0.5)
    """
    white, black, conf = read
    if white + black == 0 or not len(circles):
        return read
    b0, b1 = geo.bar_span
    mid = (b0 + b1) / 2.0
    reach = max(0.5 * (b1 - b0), _REACH * d)
    on_bar = (np.abs(circles[:, 0] - mid) < reach) & (circles[:, 2] > _BAR_MIN_R * d)
    clear = circles[on_bar & (np.asarray(rims) > _BAR_RIM), :2]
    taken = [(x, y / sy) for discs in point_discs or [] for x, y, _r, _side in discs]
    points = np.asarray(taken, np.float64).reshape(-1, 2)
    for i, (x, y) in enumerate(clear):
        bars = np.hypot(clear[:, 0] - x, clear[:, 1] - y)
        bars[i] = np.inf  # itself
        near = np.hypot(points[:, 0] - x, points[:, 1] - y)
        if np.any(bars < TWICE * d) or np.any(near < OVERLAP * d):
            return white, black, min(conf, DOUBTED_BAR)
    if not dice.any():
        return read
    h, w = dice.shape
    for x, y, r in circles[on_bar]:
        rr = 0.9 * r
        y0, y1 = max(0, int(y - rr)), min(h, int(np.ceil(y + rr)) + 1)
        x0, x1 = max(0, int(x - rr)), min(w, int(np.ceil(x + rr)) + 1)
        if y1 <= y0 or x1 <= x0:
            continue
        yy, xx = np.mgrid[y0:y1, x0:x1]
        disc = (xx - x) ** 2 + (yy - y) ** 2 <= rr * rr
        if disc.any() and float(dice[y0:y1, x0:x1][disc].mean()) >= DIE_SHARE:
            return white, black, min(conf, DOUBTED_BAR)
    return read
