"""A die lying flat on the board read as a point's checkers: what shows round the die is the
board, not the row's set, so the point's count is doubted.

A die on an empty point coloured like neither set can still be read as one or two checkers
(its outline and shadow a circle, the die's own colour taken for a set's): counted so, its
side's total may fit fifteen with a checker missing elsewhere (fm gammon test6; rendered
IMG_60494 with ``SceneSpec.dice_on_points``: a white die on a white point read as two yellow
checkers, believed at 0.91).  A die lying on a real checker shows that checker's rim round it.

::

    doubt_die_on_board(white, black, conf, found, lambda idx, f, blk: share(idx, f, blk))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from vision.checkers.empty_board import colour_dist
from vision.checkers.model import Found
from vision.observation import BELIEVED

# Share of what shows round the die (the outermost checker's disc, past the die's box) nearer
# the board (the field, the point's triangle) than the row's set at which the count is doubted.
# Renders IMG_60401-60800 and the same scenes with dice on points, board given, believed rows
# whose last checker a die covers (120): the die read as two checkers 1.00, right rows up to
# 0.62 (a pale set on a pale point), one 0.93 where a die cocked against the row was found
# past its counted checkers (left out: more found than counted).
BOARD_SEEN = 0.8
# A set coloured this near (``colour_dist``) the point's triangle cannot be told from the board
# round the die (dev IMG_0095: white checkers on a white point, 0.85 of the ring "board").
SET_LIKE_TRIANGLE = 20.0
# What a doubted count is lowered to: under the referee's 0.65.
DIE_BOARD_DOUBT = 0.5


def board_share(px: np.ndarray, own: np.ndarray, board: list[np.ndarray]) -> float:
    """Share of the pixels ``px`` (Lab) nearer one of the ``board`` colours than ``own``; 0
    when ``own`` lies within ``SET_LIKE_TRIANGLE`` of a board colour.

    >>> px = np.array([[200.0, 128, 128]] * 3 + [[60.0, 128, 128]], np.float32)
    >>> board_share(px, np.array([60.0, 128, 128]), [np.array([190.0, 128, 128])])
    0.75
    """
    if like_board([own], board):
        return 0.0  # the set is the board's colour: nothing to tell
    return nearer_share(px, board, [own])


def like_board(sets: Sequence[np.ndarray], board: Sequence[np.ndarray]) -> bool:
    """Is a set's colour (``sets``) within ``SET_LIKE_TRIANGLE`` of a ``board`` colour: what
    shows round a die cannot tell that set from the board."""
    return any(float(colour_dist(c, b)) < SET_LIKE_TRIANGLE for c in sets for b in board)


def nearer_share(px: np.ndarray, these: Sequence[np.ndarray], those: Sequence[np.ndarray]) -> float:
    """The share of the pixels ``px`` (Lab) nearer one of the colours ``these`` than any of
    ``those``.

    >>> px = np.array([[200.0, 128, 128]] * 3 + [[60.0, 128, 128]], np.float32)
    >>> nearer_share(px, [np.array([60.0, 128, 128])], [np.array([190.0, 128, 128])])
    0.25
    """
    to_these = np.min(np.stack([colour_dist(px, c) for c in these]), axis=0)
    to_those = np.min(np.stack([colour_dist(px, c) for c in those]), axis=0)
    return float(np.mean(to_these < to_those))


def doubt_die_on_board(
    white: list[int],
    black: list[int],
    conf: list[float],
    found: list[list[Found]],
    share: Callable[[int, Found, bool], float | None],
) -> None:
    """Doubt (counts kept) each believed point whose outermost checker found (``found``, by
    point index; no more found than counted) a die covers part of, with ``BOARD_SEEN`` or
    more of what shows round the die nearer the board than the row's set (``share(point
    index, checker, row is black)``, None with no die on it).

    >>> conf = [1.0] * 24
    >>> f = [[Found(20.0, 10.0, 20.0, (200.0, 128.0, 128.0))]] + [[] for _ in range(23)]
    >>> doubt_die_on_board([1] + [0] * 23, [0] * 24, conf, f, lambda i, c, b: 0.9)
    >>> conf[0]
    0.5
    """
    for idx in range(24):
        n = white[idx] + black[idx]
        # More found than counted: the row's last found (the die, perhaps) is already left out.
        if not found[idx] or n == 0 or len(found[idx]) > n or conf[idx] < BELIEVED:
            continue
        s = share(idx, found[idx][-1], black[idx] > 0)
        if s is not None and s >= BOARD_SEEN:
            conf[idx] = min(conf[idx], DIE_BOARD_DOUBT)
