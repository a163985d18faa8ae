"""What the checker stage works with and returns: board shape, colours, counts, cells."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.board import BoardGeometry

WORK_W = 600


WORK_H = 450


CHECKERS_PER_SIDE = 15


def short_of_fifteen(counts: Sequence[int], bar: int, off: int | None = None) -> int:
    """How many checkers a side counted ``counts`` on the points and ``bar`` on the bar lacks
    of fifteen, ``off`` (seen borne off; None: not seen) taken as there; negative when over.

    >>> short_of_fifteen([2, 0, 5] + [0] * 21, 1), short_of_fifteen([5] * 3 + [0] * 21, 0, 2)
    (7, -2)
    """
    return CHECKERS_PER_SIDE - sum(counts) - bar - (off or 0)


# Each side's home board (False: white, True: black), as indices of the counts (0 = white's
# point 1).
HOME = {False: range(0, 6), True: range(18, 24)}


@dataclass(frozen=True)
class CheckerColours:
    """Mean Lab colours (OpenCV 8-bit Lab) of the two checker sets, learned at calibration."""

    white: tuple[float, float, float]
    black: tuple[float, float, float]


@dataclass(frozen=True)
class CheckerCounts:
    white: tuple[int, ...]
    black: tuple[int, ...]
    bar_white: int
    bar_black: int
    off_white: int
    off_black: int
    off_from_trays: bool
    point_confidence: tuple[float, ...]
    bar_confidence: float
    off_confidence: float
    # Checker discs found, in working-size canonical pixels: (x, y, radius, colour 0=w/1=b).
    discs: tuple[tuple[float, float, float, int], ...] = ()
    # Per disc of ``discs``, the point index (0-23) whose cell it was counted on.
    disc_points: tuple[int, ...] = ()
    # Bar checkers' circles (x, y, radius) in the same pixels, when the bar holds checkers: a
    # die on one lies on a checker (``dice_place.place_die``).
    bar_discs: tuple[tuple[float, float, float], ...] = ()
    # Per disc of ``discs``, the share of what shows round a die on it nearer the board than
    # either set; per disc of ``bar_discs``, the share nearer a set than the board; -1
    # where no die lies on it or too little shows (``die_rest``).
    disc_board: tuple[float, ...] = ()
    bar_disc_set: tuple[float, ...] = ()
    # Per die centred on the bar: its centre (x, y, the discs' pixels), a checker's radius and
    # the share of what shows round it nearer a checker set than the bar (-1: not told;
    # ``die_rest``).
    bar_dice_set: tuple[tuple[float, float, float, float], ...] = ()
    # Share of the playing area unlike the empty board and not explained by the checkers found
    # (nor dice): a hand or other object in view.
    unexplained: float = 0.0
    # Checker diameter over point width used for this count (measured from the outlines
    # unless the shape's size was measured at calibration).
    checker_frac: float = 0.0


@dataclass(frozen=True)
class BoardShape:
    """Proportions that fix the checker size on the canonical board.

    ``aspect``: playing-area width over height (from the image quad); ``checker_frac``: checker
    diameter over point width; ``tip_frac``: triangle length over the playing-area height.
    ``measured``: ``checker_frac`` was measured on this board at calibration and is used as
    it is (a size re-estimated from each frame's outlines wobbles with noise and dice).
    """

    aspect: float = 1.22
    checker_frac: float = 0.92
    tip_frac: float = 0.41
    measured: bool = False


def quad_aspect(corners: tuple[tuple[float, float], ...]) -> float:
    """Width over height of a TL, TR, BR, BL quad (mean of opposite sides)."""
    c = np.asarray(corners, dtype=np.float64)
    w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    h = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    return float(w / h) if h > 0 else 1.0


@dataclass(frozen=True)
class Cell:
    column: int
    top: bool
    x0: int
    x1: int

    def checker_at(self, along: float, h: int, colour: tuple[float, float, float]) -> Found:
        """A checker inferred (not seen) on the point's middle line, ``along`` from its edge
        in a rectified board ``h`` rows high."""
        return Found(along, (self.x0 + self.x1) / 2.0, along if self.top else h - 1 - along, colour)


def point_cells(geo: BoardGeometry) -> list[Cell]:
    out = []
    for col in range(12):
        a, b = geo.column_span(col)
        for top in (True, False):
            out.append(Cell(col, top, int(round(a)), int(round(b))))
    return out


def cell_strip(lab: np.ndarray, cell: Cell, half: int) -> np.ndarray:
    """The cell's half-height strip, flipped so index 0 is the point's outer edge."""
    s = lab[:half, cell.x0 : cell.x1] if cell.top else lab[-half:, cell.x0 : cell.x1][::-1]
    return s


@dataclass(frozen=True)
class Found:
    """One checker seen in a cell: distance from the point's edge, centre, colour sample."""

    along: float
    x: float
    y: float
    colour: tuple[float, float, float]
