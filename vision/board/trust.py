"""Whether a board found without markers can be trusted.

A board found a point or more off still gives a full reading, and most of its counts come out
confident: they are read on the wrong points. Before the reader hands out counts the referee
would believe, it asks the found quad three questions (``board_doubt``):

- could the search tell it apart from another placement?  ``BoardFix.margin``, the layout fit's
  lead over the best rival quad half a point or more away that the column alignment likes at
  least as well, is below ``AMBIGUOUS_MARGIN`` (the fit and the alignment disagree, and the fit
  only narrowly: a dark board whose sides were found two ways, each missing the perspective);
- do its point columns line up with the triangles at all?  the pattern score is below
  ``MIN_PATTERN_SCORE`` (a quarter board, or a quad across the points);
- is either long side on the frame?  the band outside a long side is as busy as the band
  inside (``side_quiet`` over ``BUSY_LONG_SIDE``): the side lies across the points or on a row
  of checkers. A band off the image tells nothing and is not held against the quad.

Markers give exact corners and are not questioned.
"""

from __future__ import annotations

import numpy as np

from vision.board.geometry import BoardFix, order_corners, search_view
from vision.board.layout import BAR_FRACS, MIN_PATTERN_SCORE, layout_scores
from vision.board.sides import SIDE_GAIN, side_quiet

# Below this margin the search's choice is a guess: a side a column off fits at least SIDE_GAIN
# worse (see sides.side_searches). Renders (dev and 140 train; 118 boards found without
# markers): those found 0.57-1.7 points off whose search saw a rival had margins 0.011-0.064;
# of the right ones, one 0.017, the rest 0.16 or more.
AMBIGUOUS_MARGIN = SIDE_GAIN
# A long side whose outside band is busier than this share of its inside band lies on the
# points (labelled boards: at most 0.7; the finder's own guard, ALL_SIDES_QUIET, is the same).
BUSY_LONG_SIDE = 0.8


def board_doubt(image: np.ndarray, fix: BoardFix) -> str:
    """Why a found board should not be believed, or "" when nothing is wrong with it."""
    if fix.method != "frame":
        return ""
    if fix.margin < AMBIGUOUS_MARGIN:
        return f"another placement of the board fits almost as well (margin {fix.margin:.3f})"
    # The same working size as the search (a quad's views depend little on it).
    _, grey, scale = search_view(image)
    quad = order_corners(np.asarray(fix.corners, np.float64)) * scale
    pattern, _, _ = layout_scores(grey, quad, BAR_FRACS)
    if pattern < MIN_PATTERN_SCORE:
        return f"the point columns do not line up with the triangles (pattern {pattern:.2f})"
    quiet = side_quiet(grey, quad)
    busy = [i for i in (0, 2) if BUSY_LONG_SIDE < quiet[i] < np.inf]
    if busy:
        side = "top" if busy[0] == 0 else "bottom"
        return f"the {side} side lies on the points, not the frame (busy {quiet[busy[0]]:.2f})"
    return ""
