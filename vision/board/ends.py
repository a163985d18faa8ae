"""Where the board ends: the found quad against itself moved a point column at either end.

The triangles repeat, so a quad a column off at one end or both still lines up with them, and
the layout fit hardly tells it from the right one (a shift loses only an end column and the
bar: right boards' own shifts fit up to 1.12 times as well). What does tell is the frame: past
a playing area's short sides lies the frame, quiet, and just inside them the end points. A
quad a column short has the end point outside its side, and one a column long, or shifted,
has frame inside its side: either way that side's outside band is about as busy as its inside
(``side_quiet`` near 1, against 0.1-0.6 for the right sides). So the search's quad is moved
(``move_ends``) to the column-moved quad whose short sides are clearly quieter outside, as
long as the layout still fits it about as well.

A quad a column off is seldom off by exactly a column at both ends (a dark board's faint frame
edge gives the side search little to hold), and moved whole it fits worse than the found one.
Where a short side is busy, ``reach_out`` refines the quad moved a column at either end as the
search refines its finalists and takes the result when it lies elsewhere with both short sides
on the frame, lines up better and fits nearly as well. A quad two or three columns off has
columns between on the points too, so no single step is quieter: ``shift_over`` polishes the
quad shifted whole where both its short sides lie on the frame, and takes it when it fits better.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.board.geometry import order_corners
from vision.board.layout import layout_fit
from vision.board.sides import alignment, reasonable, side_quiet

# A moved quad must fit at least this share of the found quad's layout fit ...
END_FIT = 0.9
# ... and its busier short side be this much quieter (side_quiet) than the found quad's.
# Cached finds (222 boards found without markers: dev 45, train 177): of the right boards'
# moved quads that fit 0.84 as well or better, none is quieter by more than 0.25; the quads a
# column off that a move helps gain 0.47-2.8.
END_QUIET = 0.4
# A move that loses fit must end on the frame at both short sides (busy at most this): on a
# paper board the margin's printed border makes the right sides busier outside than inside
# (paper webcam: 1.1-2.5), and a quad shifted a column loses that (0.86-1.15 at 0.9 the fit).
END_QUIET_OK = 0.8
# A band off the image tells nothing (side_quiet: inf); counted as busy as a band on points.
_UNSEEN = 3.0
# How many columns the search may move the quad in all (a quad two columns off moves twice).
END_STEPS = 3
# (left, right) side moves in point columns: shifted, one side out, one side in.
_MOVES = ((-1, -1), (1, 1), (-1, 0), (0, 1), (1, 0), (0, -1))


def column_moved(quad: np.ndarray, bar_frac: float, left: float, right: float) -> np.ndarray:
    """The quad (ordered TL, TR, BR, BL) with its left and right sides moved ``left`` and
    ``right`` point columns along the board (negative: leftwards), in the quad's perspective."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    column = (1.0 - bar_frac) / 12.0
    a, b = left * column, 1.0 + right * column
    moved = np.array([[[a, 0], [b, 0], [b, 1], [a, 1]]], np.float32)
    out: np.ndarray = cv2.perspectiveTransform(moved, to_image)[0].astype(np.float64)
    return out


def short_side_busy(grey: np.ndarray, quad: np.ndarray, unseen: float = _UNSEEN) -> float:
    """The busier short side's outside-over-inside edge energy (``side_quiet``), a side whose
    outside band is off the image counted as ``unseen``."""
    return _busiest(side_quiet(grey, quad), unseen)


def _busiest(quiet: np.ndarray, unseen: float = _UNSEEN) -> float:
    """``short_side_busy`` from a quad's ``side_quiet``."""
    short = quiet[[1, 3]]
    return float(np.max(np.where(np.isfinite(short), short, unseen)))


def ruled_out(grey: np.ndarray, quad: np.ndarray, rival: np.ndarray) -> bool:
    """Whether a rival placement cannot be the board: a short side seen END_QUIET busier
    outside than any of the quad's (the frame says the board does not end there; sides off
    the image tell nothing), or three sides or more with nothing seen outside them (the
    picture's own edges, not a placement: the board would fill the picture)."""
    quiet = side_quiet(grey, rival)
    seen = np.isfinite(quiet)
    if int((~seen).sum()) >= 3:
        return True
    busy = float(np.max(np.where(seen, quiet, 0.0)[[1, 3]]))
    return busy >= short_side_busy(grey, quad, 0.0) + END_QUIET


def move_ends(
    grey: np.ndarray, small: np.ndarray, quad: np.ndarray, bar: float
) -> tuple[np.ndarray, float, float] | None:
    """The quad moved a column at a time while a column-moved quad has clearly quieter short
    sides and fits nearly as well (END_FIT, END_QUIET, END_QUIET_OK; the best fitting such quad
    each time): (quad, layout fit, bar_frac), or None when no move is made. ``grey`` and
    ``small`` are the search's working views."""
    h, w = grey.shape[:2]
    margin = 0.02 * max(h, w)
    fit = -1.0  # the quad's own fit, when a move first needs it
    moves = 0
    for _ in range(END_STEPS):
        busy = short_side_busy(grey, quad)
        best: tuple[float, float, np.ndarray] | None = None
        for left, right in _MOVES:
            moved = _moved_in_view(quad, bar, left, right, (w, h), margin)
            if moved is None:
                continue
            # The quiet test first: it rules out most moves, and costs less than a fit.
            moved_busy = short_side_busy(grey, moved)
            if moved_busy > busy - END_QUIET:
                continue
            if fit < 0:
                fit = layout_fit(small, quad)[0]
            f, b = layout_fit(small, moved)
            if f < END_FIT * fit or (f < fit and moved_busy > END_QUIET_OK):
                continue
            if best is None or f > best[0]:
                best = (f, b, moved)
        if best is None:
            break
        fit, bar, quad = best
        moves += 1
    return (quad, fit, bar) if moves else None


# The search's refinement of a moved quad: (quad, layout fit, bar_frac) to the same.
Polish = Callable[[np.ndarray, float, float], tuple[np.ndarray, float, float]]

# Reaching past a busy short side (reach_out): a short side this busy outside (side_quiet) may
# lie on the points ...
REACH_BUSY = 0.8
# ... and the refined placement a column over that lines up best is taken when it lies half a
# point or more away, its busier short side is REACH_QUIET quieter and at most REACH_QUIET_OK
# (both on the frame), it lines up at least as well and fits at least REACH_FIT as well.
REACH_QUIET = 0.25
REACH_QUIET_OK = 0.7
REACH_FIT = 0.8


def reach_out(
    grey: np.ndarray,
    small: np.ndarray,
    quad: np.ndarray,
    fit: float,
    bar: float,
    polish: Polish,
) -> tuple[np.ndarray, float, float] | None:
    """A quad a column off with a short side on the points and the other inside the frame
    (a dark board, where the frame's edge is faint and the triangles run on past the side),
    moved to where the board is: (quad, layout fit, bar_frac), or None to keep it.

    ``move_ends`` moves the quad whole columns as it is; here the quad seldom is a whole column
    off at both ends (one end's corners a column out, the other's a quarter to one and a half),
    so a column-moved quad fits worse than the found one until ``polish`` (the search's
    refinement) has put its sides on the board's edges. The busier short side moved a column
    out, and the other a column in, are each refined; the one lining up best decides (a right
    board's moves refine back onto it). ``polish`` maps (quad, fit, bar) to the same."""
    quiet = side_quiet(grey, quad)
    busy = _busiest(quiet)
    if busy < REACH_BUSY:
        return None
    right_busier = _right_busier(quiet)
    moves = ((0, 1), (1, 0)) if right_busier else ((-1, 0), (0, -1))
    size, margin = _view_and_margin(grey)
    align = alignment(grey, quad)
    refined = []
    for left, right in moves:
        moved = _moved_in_view(quad, bar, left, right, size, margin)
        if moved is None:
            continue
        q, f, b2 = polish(moved, *layout_fit(small, moved))
        refined.append((alignment(grey, q), q, f, b2))
    if not refined:
        return None
    # The refinement climbs the column alignment: the placement lining up best is the board's,
    # and when that is the found quad's own (a right board's moves refine back onto it, or
    # near), the found quad stays (train IMG_0337: its side moved out refines back 0.3 point
    # off and lines up best, 4.74; its other side moved in refines to a quad a column over that
    # lines up 4.31 to the found 4.03, with both short sides quiet).
    a, q, f, b2 = max(refined, key=lambda r: r[0])
    if _near(q, quad):
        return None
    if short_side_busy(grey, q) > min(busy - REACH_QUIET, REACH_QUIET_OK) or f < REACH_FIT * fit:
        return None
    return (q, f, b2) if a >= align else None


def _right_busier(quiet: np.ndarray) -> bool:
    """Whether the right short side is the one on the points (``side_quiet``'s values). A side
    off the image (inf) counts as busier, unless the other side is seen at REACH_BUSY or more:
    then the seen side is known to lie on the points and the unseen one tells nothing (a board
    filling the picture, train render IMG_33370: a dark board's quad a column and
    a half left, its left side's band off the picture, its right side on the points at 0.99)."""
    right, left = float(quiet[1]), float(quiet[3])
    if np.isinf(left) and np.isfinite(right) and right >= REACH_BUSY:
        return True
    if np.isinf(right) and np.isfinite(left) and left >= REACH_BUSY:
        return False
    return not left > right


# Shifting the quad whole columns (shift_over): by this many columns either way (a column is
# move_ends' and reach_out's), each shift polished only when both its short sides already lie
# on the frame (REACH_QUIET_OK).
SHIFTS = (-3, -2, 2, 3)


def shift_over(
    grey: np.ndarray,
    small: np.ndarray,
    quad: np.ndarray,
    fit: float,
    bar: float,
    polish: Polish,
) -> tuple[np.ndarray, float, float] | None:
    """A quad two or three columns off, a short side on the points (and the other on the
    board's outer edge, or both on the points), moved whole to where both short sides lie on
    the frame: (quad, layout fit, bar_frac), or None to keep it.

    ``move_ends`` moves a column at a time and needs each step clearly quieter: the steps
    between lie on the points too (a dark board 3 columns off, unseen22 IMG_27505: the shifts
    by 1 and 2 columns are as busy as the found quad, 1.07 and 1.39 against 1.0; one 3 columns
    over is quiet at both short sides, 0.35). Each shift whose short sides both lie on the
    frame is polished (``polish``, the search's refinement); the best fitting polished quad
    that still has both short sides on the frame, lies half a point or more away and fits at
    least as well as the found quad is taken. Its alignment is not asked: a side on the
    board's outer edge against the table is the picture's strongest edge, and the border
    score flatters the found quad (IMG_27505: alignment 6.85 found, 4.57 in place)."""
    busy = short_side_busy(grey, quad)
    if busy < REACH_BUSY:
        return None
    size, margin = _view_and_margin(grey)
    best: tuple[np.ndarray, float, float] | None = None
    for k in SHIFTS:
        moved = _moved_in_view(quad, bar, k, k, size, margin)
        # The quiet test first: it rules out nearly every shift, and costs far less than a polish.
        if moved is None or short_side_busy(grey, moved) > REACH_QUIET_OK:
            continue
        q, f, b2 = polish(moved, *layout_fit(small, moved))
        if _near(q, quad):
            continue
        if short_side_busy(grey, q) > min(busy - REACH_QUIET, REACH_QUIET_OK) or f < fit:
            continue
        if best is None or f > best[1]:
            best = (q, f, b2)
    return best


def _view_and_margin(grey: np.ndarray) -> tuple[tuple[int, int], float]:
    """The picture's (w, h) and how far a moved quad may leave it (``_moved_in_view``)."""
    h, w = grey.shape[:2]
    return (w, h), 0.02 * max(h, w)


def _near(q: np.ndarray, quad: np.ndarray) -> bool:
    """Whether every corner of ``q`` lies within half a point column of ``quad``'s: a move
    that refines back onto the found quad is no move."""
    b = order_corners(quad)
    point = (np.linalg.norm(b[1] - b[0]) + np.linalg.norm(b[2] - b[3])) / 2 / 13
    return bool(float(np.max(np.linalg.norm(order_corners(q) - b, axis=1))) < 0.5 * point)


def _moved_in_view(
    quad: np.ndarray, bar: float, left: int, right: int, size: tuple[int, int], margin: float
) -> np.ndarray | None:
    """The quad moved ``left`` / ``right`` columns at its two ends (``column_moved``), or None
    when that is no reasonable board or leaves the picture (``size`` = (w, h)) by more than
    ``margin`` pixels."""
    moved = column_moved(quad, bar, left, right)
    if not reasonable(moved):
        return None
    if (moved < -margin).any() or (moved > np.array(size) + margin).any():
        return None
    return moved
