"""A die on the bar, or one checker seen twice there: the bar count is doubted.

Dice thrown near the middle land on the bar, and the bar's circle search takes a die, its
shadow or a checker half hidden by it for a checker (a paper board's bar line, a wooden bar):
the count comes out a checker over or a checker of the wrong colour, at the bar's believed
0.7. A checker really on the bar shows its whole rim beside a die, so only circles the die
reaches are in question: a bar count with a bar circle whose disc a die's box covers in part
(``DIE_SHARE``) is doubted (``DIE_ON_BAR_CONFIDENCE``); the count stays.

Checkers on the bar lie in a row and cannot overlap, but the circle search may find one
checker's rim and its bevel as two circles a third of a checker apart, both with a clear rim
(/tmp/unseen34 IMG_44347: one white checker counted two, believed). Two counted bar circles
nearer than ``TWICE`` checkers doubt the count too.

A die lying on a bar checker is read flat unless the reader knows the checker is there:
``bar_discs`` gives the bar checkers' circles for ``dice_place.place_die``.

::

    bar_w, bar_b, bar_conf = die_on_bar(bar_read, circles, dice_mask, geo, d, rims)
    discs = bar_discs(circles, rims, geo, d, sy, bar_w + bar_b)
"""

from __future__ import annotations

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.bar import BAR_RIM, on_the_bar

# A bar circle whose disc (radius 0.9 of the circle's) this share of a die's box (with its
# margin, ``by_die.dice_mask``) covers is in question.
DIE_SHARE = 0.05
# A bar count with such a circle is no surer than this: under the referee's 0.65, and above the
# 0.5 that points the counter doubts get, so that a side one over fifteen loses a doubted
# point's extra checker before the bar's (``totals.fit_total`` takes the bar first on a tie:
# /tmp/train IMG_0241's right bar checker beside a die went to a doubted stack at 0.5).
DIE_ON_BAR_CONFIDENCE = 0.6
# Two bar circles with a checker's rim all round (``bar.BAR_RIM``) whose centres are nearer
# than this (in checkers) are one checker found twice.
TWICE = 0.7
# A bar circle this wide (radius over checker diameter) is a checker's, not the cube's or a
# die's outline (a checker's on IMG_60401-60800: 0.47-0.50; the bevel's from 0.38; a flat die
# with its shadow counted as a bar checker, IMG_60574: 0.58).
DISC_R = (0.44, 0.55)


def bar_discs(
    circles: np.ndarray, rims: np.ndarray, geo: BoardGeometry, d: float, sy: float, held: int
) -> tuple[tuple[float, float, float], ...]:
    """The bar checkers' discs (x, y in the input's pixels, radius d / 2) when the bar count
    ``held`` is above 0: bar circles (``circles``, x y r in the board image, y times ``sy`` in
    the input) of a checker's size (``DISC_R``) with a clear rim all round (``rims``, per circle).

    >>> geo = BoardGeometry(width=240, height=180, bar_frac=0.08)
    >>> circles = np.array([[120.0, 60.0, 8.5], [120.0, 100.0, 5.0]])
    >>> bar_discs(circles, np.array([9.0, 9.0]), geo, 18.0, 2.0, 1)
    ((120.0, 120.0, 9.0),)
    >>> bar_discs(circles, np.array([9.0, 9.0]), geo, 18.0, 2.0, 0)
    ()
    """
    if held <= 0 or not len(circles):
        return ()
    size = (circles[:, 2] >= DISC_R[0] * d) & (circles[:, 2] <= DISC_R[1] * d)
    sel = on_the_bar(circles, geo, d) & (np.asarray(rims) > BAR_RIM) & size
    return tuple((float(x), float(y * sy), d / 2.0) for x, y, _ in circles[sel])


def die_on_bar(
    read: tuple[int, int, float],
    circles: np.ndarray,
    dice: np.ndarray,
    geo: BoardGeometry,
    d: float,
    rims: np.ndarray | None = None,
) -> tuple[int, int, float]:
    """The bar read (white, black, confidence), doubted when the bar holds checkers and a
    die's box (``dice``, a mask of the board image the circles were found on) covers part of
    a bar circle, or two bar circles with clear rims (``rims``, per circle) overlap.

    >>> geo = BoardGeometry(width=240, height=180, bar_frac=0.08)
    >>> circles = np.array([[120.0, 60.0, 8.0]])
    >>> dice = np.zeros((180, 240), np.uint8)
    >>> die_on_bar((1, 0, 0.7), circles, dice, geo, 18.0)
    (1, 0, 0.7)
    >>> dice[55:70, 122:135] = 1
    >>> die_on_bar((1, 0, 0.7), circles, dice, geo, 18.0)
    (1, 0, 0.6)
    >>> twice = np.array([[120.0, 60.0, 8.0], [118.0, 65.0, 8.5]])
    >>> die_on_bar((2, 0, 0.7), twice, dice * 0, geo, 18.0, np.array([9.0, 4.0]))
    (2, 0, 0.6)
    """
    white, black, conf = read
    if white + black == 0 or not len(circles):
        return read
    on_bar = on_the_bar(circles, geo, d)  # the circles bar_checkers counts from
    if rims is not None:
        clear = circles[on_bar & (np.asarray(rims) > BAR_RIM)]
        gaps = np.hypot(*(clear[:, None, :2] - clear[None, :, :2]).transpose(2, 0, 1))
        if np.any(gaps[np.triu_indices(len(clear), 1)] < TWICE * d):
            return white, black, min(conf, DIE_ON_BAR_CONFIDENCE)
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
            return white, black, min(conf, DIE_ON_BAR_CONFIDENCE)
    return read
