"""A row's last checker beside a die: is it the die (its outline, its shadow) rather than a
checker?  What shows of its disc around the die says so."""

from __future__ import annotations

import numpy as np

from vision.checkers.empty_board import colour_dist
from vision.checkers.model import Found

# Margin round a die's box (of its size) left out of the disc: the die's own edge and shadow.
DIE_MARGIN = 0.15
# The disc's part seen round the die is the board's, not a checker's, when it lies further than
# UNLIKE_ROW from its row's colour and over BOARD_RATIO times nearer the empty board (train+dev,
# rows of two or more whose last checker touches a die: 7 of 14 too long so, e.g. a white die
# above three white checkers on a tan board, its outline a circle; none of 67 right rows so:
# those further than 15 from their row's colour, up to 25, are all nearer it than the board).
UNLIKE_ROW = 15.0
BOARD_RATIO = 2.0
# Too little of the disc round the die to tell (pixels).
MIN_SEEN = 10
# A lone checker whose disc comes this near (in checkers) a die is doubtful.
DIE_GAP = 0.23


def board_not_checker(
    lab: np.ndarray,
    last: Found,
    row: list[Found],
    d: float,
    ignore: tuple[tuple[float, float, float, float], ...],
    sy: float,
    board: list[np.ndarray],
) -> bool:
    """Is the disc of ``last`` (a checker beside a die), where the dice (``ignore``: boxes in
    input pixels, y over ``sy``) leave it seen, coloured like the empty board (``board``: field
    and triangle colours) and unlike the row's other checkers (``row``, their sampled colours)?"""
    if not row:
        return False
    h, w = lab.shape[:2]
    r = 0.42 * d
    x0, x1 = int(max(0, last.x - r)), int(min(w, np.ceil(last.x + r) + 1))
    y0, y1 = int(max(0, last.y - r)), int(min(h, np.ceil(last.y + r) + 1))
    if x1 <= x0 or y1 <= y0:
        return False
    yy, xx = np.mgrid[y0:y1, x0:x1]
    disc = (xx - last.x) ** 2 + (yy - last.y) ** 2 <= r * r
    for bx0, by0, bx1, by1 in ignore:
        mx, my = DIE_MARGIN * (bx1 - bx0), DIE_MARGIN * (by1 - by0)
        disc &= ~(
            (xx >= bx0 - mx) & (xx <= bx1 + mx) & (yy >= (by0 - my) / sy) & (yy <= (by1 + my) / sy)
        )
    if int(disc.sum()) < MIN_SEEN:
        return False
    seen = np.median(lab[y0:y1, x0:x1][disc], axis=0)
    own = np.median(np.array([f.colour for f in row], np.float32), axis=0)
    to_row = float(colour_dist(seen, own))
    to_board = min(float(colour_dist(seen, b)) for b in board)
    return to_row > UNLIKE_ROW and to_row > BOARD_RATIO * to_board


def by_a_die(
    f: Found,
    ignore: tuple[tuple[float, float, float, float], ...],
    sy: float,
    d: float,
    gap: float = DIE_GAP,
) -> bool:
    """Is this checker's disc within ``gap`` checkers of a die's box (input pixels; -0.1: its
    centre within 0.4 d, where ``outlines.rims_at`` leaves its rim unchecked)?"""
    for x0, y0, x1, y1 in ignore:
        gx = max(x0 - f.x, 0.0, f.x - x1)
        gy = max(y0 / sy - f.y, 0.0, f.y - y1 / sy)
        if np.hypot(gx, gy) < (0.5 + gap) * d:
            return True
    return False
