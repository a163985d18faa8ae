"""What a read comes to: a frame's problem, a die's zone, and the :class:`Observation` with its
status (ok / occluded / uncertain) and the confidences a doubtful board may carry. Split from
``vision.reader``, which does the reading."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from vision.board import BoardGeometry
from vision.checkers import CHECKERS_PER_SIDE, CheckerCounts
from vision.observation import Observation, ObservedDie

# Share of the playing area unlike the board and unexplained by checkers and dice above which
# the frame is "occluded" (rendered scenes: <= 0.3% without a hand, 3.5-7% with one).
OCCLUSION_SHARE = 0.01
# Counts read on a board whose placement is in doubt (vision.board.trust) are no surer than
# this: below what the referee believes (0.65), so it asks the players, and not below what it
# lets the rules overrule (0.6): a misplaced board's counts must not be corrected silently.
DOUBTFUL_BOARD_CONFIDENCE = 0.6
# Where a die lies (its zone) and whether it is cocked or on a checker are judged on the board's
# placement too: on a doubtful board a die is no surer than this, below the referee's dice
# threshold (0.6), so a fault seen there is asked about instead of voiding the roll.
DOUBTFUL_BOARD_DIE_CONFIDENCE = 0.5


def die_zone(
    x: float,
    y: float,
    geo: BoardGeometry,
    white_home: str,
    bar: tuple[float, float] | None = None,
) -> str:
    """Zone of a die centre at canonical (x, y); white sits at the long edge of its home.
    ``bar``: the bar's edges (canonical x) as measured (``vision.die_ground.bar_edges``), else
    the geometry's bar, where it is wider than 0.01 of the board."""
    if not (0.0 <= x <= geo.width and 0.0 <= y <= geo.height):
        return "outside"
    b0, b1 = geo.bar_span if bar is None else bar
    if (bar is not None or geo.bar_frac > 0.01) and b0 <= x <= b1:
        return "bar"
    right_half = x > geo.width / 2
    white_at_bottom = white_home.startswith("bottom")
    # The white player at the bottom edge has the image's right half on their right hand.
    return "white_right" if right_half == white_at_bottom else "black_right"


def point_confidence_at(
    x: float, y: float, counts: CheckerCounts, geo: BoardGeometry, white_home: str
) -> float:
    """How sure the count is of the point (or, off the points, the bar) at canonical (x, y).

    A die read as lying on a checker voids the roll, so that call is no surer than the count
    of the checker under it: a die flat on a light triangle, read as a doubtful checker there
    (fm gammon test6's 5 on a point read 0.19), must be asked about, not void a legal roll.

    >>> from vision.checkers import CheckerCounts
    >>> conf = tuple(0.2 if i == 0 else 1.0 for i in range(24))
    >>> c = CheckerCounts((0,) * 24, (0,) * 24, 0, 0, 15, 15, False, conf, 0.9, 0.5)
    >>> g = BoardGeometry()
    >>> point_confidence_at(g.width - 1, g.height - 1, c, g, "bottom-right")  # white's 1 point
    0.2
    >>> point_confidence_at(g.width / 2, g.height / 2, c, g, "bottom-right")  # the bar
    0.9
    """
    idx = point_index_at(x, y, geo, white_home)
    return counts.bar_confidence if idx is None else counts.point_confidence[idx]


def point_index_at(x: float, y: float, geo: BoardGeometry, white_home: str) -> int | None:
    """The point (index) at canonical (x, y); None off the points (the bar, the frame).

    >>> g = BoardGeometry()
    >>> point_index_at(g.width - 1, g.height - 1, g, "bottom-right")  # white's 1 point
    0
    >>> point_index_at(g.width / 2, g.height / 2, g, "bottom-right") is None  # the bar
    True
    """
    row = "top" if y < geo.height / 2 else "bottom"
    for column in range(12):
        x0, x1 = geo.column_span(column)
        if x0 <= x < x1:
            return geo.point_index(column, row, white_home)
    return None


def frame_problem(frame: Any) -> str:
    if not isinstance(frame, np.ndarray):
        return f"frame is {type(frame).__name__}, not a numpy array"
    if frame.size == 0:
        return "frame is empty"
    if frame.dtype != np.uint8:
        return f"frame dtype is {frame.dtype}, expected uint8"
    if frame.ndim == 3 and frame.shape[2] not in (3,):
        return f"frame has {frame.shape[2]} channels, expected 3 (BGR)"
    if frame.ndim not in (2, 3):
        return f"frame has {frame.ndim} dimensions, expected HxWx3"
    if min(frame.shape[:2]) < 64:
        return f"frame {frame.shape[1]}x{frame.shape[0]} is too small"
    return ""


def observation_of(
    counts: CheckerCounts,
    dice: tuple[ObservedDie, ...],
    cube: Any,
    corners: tuple[tuple[float, float], ...],
    doubt: str,
    white_home: str,
) -> Observation:
    """The frame's :class:`Observation` from its counts, dice and cube on a board at
    ``corners``; ``doubt`` says why the board's placement is not trusted ("" when it is)."""
    on_w = sum(counts.white) + counts.bar_white
    on_b = sum(counts.black) + counts.bar_black
    status = "ok"
    notes: list[str] = []
    if counts.unexplained > OCCLUSION_SHARE:
        # Something (a hand, a sleeve) covers part of the board: counts may be short.
        status = "occluded"
        notes.append(f"{100 * counts.unexplained:.1f}% of the board is covered by something else")
    elif on_w > CHECKERS_PER_SIDE or on_b > CHECKERS_PER_SIDE:
        # Cannot be right: say so rather than pass on a confident wrong count.
        status = "uncertain"
        notes.append(f"counted {on_w} white and {on_b} black checkers")
    if doubt:
        # Read on a board that may be misplaced: every count is asked about, none believed.
        cap = DOUBTFUL_BOARD_CONFIDENCE
        counts = replace(
            counts,
            point_confidence=tuple(min(c, cap) for c in counts.point_confidence),
            bar_confidence=min(counts.bar_confidence, cap),
            off_confidence=min(counts.off_confidence, cap),
        )
        dice = tuple(
            replace(d, confidence=min(d.confidence, DOUBTFUL_BOARD_DIE_CONFIDENCE)) for d in dice
        )
        notes.append(f"board placement doubtful: {doubt}")
    confidence = float(min(counts.point_confidence)) if counts.point_confidence else 0.0
    if status == "occluded":
        confidence = min(confidence, 0.3)
    elif status == "uncertain":
        confidence = min(confidence, 0.2)
    message = "; ".join(notes)
    return Observation(
        status=status,
        white=counts.white,
        black=counts.black,
        bar_white=counts.bar_white,
        bar_black=counts.bar_black,
        off_white=counts.off_white,
        off_black=counts.off_black,
        off_from_trays=counts.off_from_trays,
        point_confidence=counts.point_confidence,
        bar_confidence=counts.bar_confidence,
        off_confidence=counts.off_confidence,
        dice=dice,
        cube=cube,
        corners=corners,
        white_home=white_home,
        confidence=confidence,
        message=message,
    )
