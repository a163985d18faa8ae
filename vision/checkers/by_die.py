"""Checkers and dice: what shows of a checker's disc around a die says whether a row's last
checker beside a die is the die (its outline, its shadow), and whether a die lies on a lone
checker the counter missed; the dice's mask the counter leaves out."""

from __future__ import annotations

import cv2
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


# Margin (of a die's box) the counter leaves out round each die: the die casts a shadow, its box
# is a little off; a checker under it still shows outside the margin (dev: 0.25-0.5 best).
IGNORE_MARGIN = 0.4


def dice_mask(
    ignore: tuple[tuple[float, float, float, float], ...], h: int, w: int, sy: float
) -> np.ndarray:
    """1 where the dice (boxes in input pixels, y over ``sy``) and their margin lie, on an
    image ``h`` x ``w``."""
    mask = np.zeros((h, w), np.uint8)
    for x0, y0, x1, y1 in ignore:
        mx, my = IGNORE_MARGIN * (x1 - x0), IGNORE_MARGIN * (y1 - y0)
        cv2.rectangle(
            mask,
            (int(x0 - mx), int((y0 - my) / sy)),
            (int(np.ceil(x1 + mx)), int(np.ceil((y1 + my) / sy))),
            1,
            -1,
        )
    return mask


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
    px, _ = round_die(lab, last.x, last.y, 0.42 * d, ignore, sy)
    if len(px) < MIN_SEEN:
        return False
    seen = np.median(px, axis=0)
    own = np.median(np.array([f.colour for f in row], np.float32), axis=0)
    to_row = float(colour_dist(seen, own))
    to_board = min(float(colour_dist(seen, b)) for b in board)
    return to_row > UNLIKE_ROW and to_row > BOARD_RATIO * to_board


def round_die(
    lab: np.ndarray,
    x: float,
    y: float,
    r: float,
    ignore: tuple[tuple[float, float, float, float], ...],
    sy: float,
) -> tuple[np.ndarray, int]:
    """The Lab pixels of the disc of radius ``r`` at (x, y) that the dice's boxes (input
    pixels, y over ``sy``; DIE_MARGIN round them) leave seen, and the whole disc's pixel count
    (in the image).

    >>> lab = np.zeros((60, 60, 3), np.float32)
    >>> px, full = round_die(lab, 30.0, 30.0, 10.0, ((25.0, 25.0, 35.0, 35.0),), 1.0)
    >>> px.shape[1], full > len(px) > 0
    (3, True)
    """
    h, w = lab.shape[:2]
    x0, x1 = int(max(0, x - r)), int(min(w, np.ceil(x + r) + 1))
    y0, y1 = int(max(0, y - r)), int(min(h, np.ceil(y + r) + 1))
    if x1 <= x0 or y1 <= y0:
        return np.zeros((0, 3), lab.dtype), 0
    yy, xx = np.mgrid[y0:y1, x0:x1]
    disc = (xx - x) ** 2 + (yy - y) ** 2 <= r * r
    full = int(disc.sum())
    for bx0, by0, bx1, by1 in ignore:
        mx, my = DIE_MARGIN * (bx1 - bx0), DIE_MARGIN * (by1 - by0)
        disc &= ~(
            (xx >= bx0 - mx) & (xx <= bx1 + mx) & (yy >= (by0 - my) / sy) & (yy <= (by1 + my) / sy)
        )
    return lab[y0:y1, x0:x1][disc], full


def near_box(
    x: float, y: float, r: float, box: tuple[float, float, float, float], sy: float
) -> bool:
    """Does a die's box (input pixels, DIE_MARGIN round it) reach the disc of radius ``r`` at
    (x, y)?"""
    x0, y0, x1, y1 = box
    mx, my = DIE_MARGIN * (x1 - x0), DIE_MARGIN * (y1 - y0)
    gx = max(x0 - mx - x, 0.0, x - x1 - mx)
    gy = max((y0 - my) / sy - y, 0.0, y - (y1 + my) / sy)
    return bool(np.hypot(gx, gy) <= r)


# A die lying on a lone checker hides its outline and, with the margin the counter leaves round
# dice, most of its colour: the point reads empty, or its checker the die's colour, the first
# to go when its side has 16.  What shows of the edge slot's disc round the die (past
# DIE_MARGIN) is a checker's when its mean colour lies FAR_FROM_BOARD or more from the
# triangle's and the field's and nearly all of it (SET_SHARE) is nearer a checker set than the
# board.  Dev, /tmp/train, unseen14-20 and fresh IMG_21001-21300, points read empty whose edge
# slot a die covers (1052): 10 of the 26 holding a checker pass (46-92; the others dark on dark
# or pale, 2-36), none of the 1026 empty ones (a die's shadow, a neighbour's red: at most 38
# with that share).
FAR_FROM_BOARD = 42.0
SET_SHARE = 0.8
# The slot's disc (radius SLOT_R checkers), some of it under a die and at least SEEN of it not.
SLOT_R = 0.45
SEEN = 0.3


def checker_under_die(
    lab: np.ndarray,
    x: float,
    y: float,
    d: float,
    ignore: tuple[tuple[float, float, float, float], ...],
    sy: float,
    board: list[np.ndarray],
    sets: list[tuple[bool, np.ndarray]],
) -> tuple[int, tuple[float, float, float]] | None:
    """The checker set (1 black) and colour of a checker whose edge slot at (x, y) a die
    covers part of, from what shows round the die; None when no die covers it or the board
    shows there (``board``: the triangle's and the field's colours)."""
    r = SLOT_R * d
    if not any(near_box(x, y, r, box, sy) for box in ignore):
        return None
    seen, full = round_die(lab, x, y, r, ignore, sy)
    px = seen.astype(np.float32)
    if not sets or not SEEN * full <= len(px) < full:
        return None
    mean = px.mean(axis=0)
    if min(float(colour_dist(mean, b)) for b in board) < FAR_FROM_BOARD:
        return None
    to_board = np.min(np.stack([colour_dist(px, b) for b in board]), axis=0)
    to_set = np.min(np.stack([colour_dist(px, c) for _, c in sets]), axis=0)
    if float(np.mean(to_set < to_board)) < SET_SHARE:
        return None
    blk = min(sets, key=lambda s: float(colour_dist(mean, s[1])))[0]
    return int(blk), (float(mean[0]), float(mean[1]), float(mean[2]))


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
