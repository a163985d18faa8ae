"""Whether a board found without markers can be trusted.

A board found a point or more off still gives a full reading, and most of its counts come out
confident: they are read on the wrong points. Before the reader hands out counts the referee
would believe, it asks the found quad three questions (``board_doubt``):

- could the search tell it apart from another placement?  ``BoardFix.margin``, the layout fit's
  lead over the best rival quad half a point or more away that the column alignment likes at
  least as well, is below ``AMBIGUOUS_MARGIN`` (the fit and the alignment disagree, and the fit
  only narrowly: a dark board whose sides were found two ways, each missing the perspective);
  unless both long sides lie on the playing area's edge (``fine_sides.long_sides_on_edge``:
  at least ``fine_sides.KEEP``, 0.4, of each side's samples find the edge at one offset, the
  share that lets ``fine_sides`` move a side, within ``fine_sides.NEAR``, 4 px, of the side).
  Session 31, every board found with this doubt in saved found reads of dev, IMG_72401-72600,
  /tmp/fresh68, /tmp/unseen46-50 and session 30's IMG_67401-67800 (31 boards, all looked at:
  the rule is not held out): the 7 placed wrong (12-640 px off, 1-19 points wrong) that no
  other question doubts have a long side agreeing at 0.14-0.30; of the 17 placed right, 4 are
  lifted (IMG_61593, 67450, 67459, 67582), and IMG_61306 (placed right, 3 counts misread)
  too, its read uncertain by the totals. Read with the rule, those 31 boards: believed /
  wrong 0 / 0 -> 79 / 0 (unseen47 22, IMG_67401-67600 57); exact unchanged. ``NEAR`` keeps
  train IMG_33370 doubted (test_board_reach: its right side 2 points short, margin 0.015, the
  long sides agreeing 0.61 and 0.50 but 5 and 7 px inside; without it 101 / 0 above). The
  wrong placements the other questions catch (bar lean, a long side on the points) are still
  caught. Confirm set /tmp/unseen52 (boards found; its 5 boards with this doubt, run twice,
  once before ``NEAR``): believed / wrong 0 / 0 -> 49 / 0 both times, the 2 placed right
  lifted, the 3 placed wrong (6-9 points wrong) still doubted.
- do its point columns line up with the triangles well enough?  the pattern score is below
  ``TRUSTED_PATTERN`` (a quarter board, a quad across the points, or a dark board's quad a
  column short whose bar came out narrow);
- is either long side on the frame?  the band outside a long side is as busy as the band
  inside (``side_quiet`` over ``BUSY_LONG_SIDE``): the side lies across the points or on a row
  of checkers. Each half of a long side is asked too: a side missing the perspective leaves
  the frame at one end only. A band off the image tells nothing and is not held against the
  quad.
- does the board end where the quad does?  the quad with one short side moved a point column
  further out explains nearly as much of the view (the layout fit at ``WIDER_FIT`` of the
  found quad's or more): the side stopped a column short, on the points. The search's rivals
  need not include that quad (a quad a column off at both ends, its other side on the frame,
  was found with no rival near it). The quad moved a whole column either way must not fit
  clearly better either (``SHIFTED_FIT``): a shift keeps the triangles' repetition, so only
  a clear gain tells. Nor may the quad a column wider at both ends fit about as well
  (``BOTH_WIDER_FIT``): both short sides stopped a column in. A quad fitted with no bar
  (``bar_frac`` below ``BARLESS``) is also asked with a short side moved two columns out
  (``two_wider``, at ``WIDER_FIT``): with no bar to hold its columns, the fit can take the bar
  for a point column and stop two or more columns short of an end (/tmp/unseen63 IMG_96498,
  a walnut board fitted bar-less 2.5-3.4 columns short on the right: one column wider fits
  0.21 as well, two 0.87; trusted, 4 counts believed wrong). Only bar-less fits are asked,
  for speed (two more layout fits, the own fit shared with ``moved_fits_own``: +18-24 ms a
  doubt under load, paired, on the paper webcam and IMG_96498): no right render board found
  without markers fits bar-less (dev, /tmp/unseen60: none at all; IMG_96401-96600: IMG_96498
  alone; IMG_96601-96800 found: saved reads identical), so renders' reads are unchanged; the
  bar-less paper webcam board's right quads give 0.42-0.57 (all 97 right boards of
  /tmp/unseen63, bar or not, at most 0.55; fm gammon's, fitted with a bar, 0.17-0.35).
- is the whole board in the picture?  a corner outside it was placed where nothing is seen
  (``inside_picture``): the search took the picture's own edge for a side.
- does the field end inside the quad? a straight edge runs across the whole board near a
  short side with a quiet strip (frame, tray) between it and the side (``field_end`` at
  ``FIELD_END`` or more): the quad took the frame, a tray or the table past the field's end
  for point columns.
- is the bar in the middle? a plain strip between two full-height edges, a column or so to
  one side of a busy middle (``bar_shift``): the quad is a column over, though the layout fit
  prefers it (the triangles repeat, the bar does not).
- does the bar stand upright? its edges lean across the quad's view, clearly better seen
  slanted than upright (``bar_lean``): a corner is a column or so off along a long side, the
  columns still lining up well enough.
- does every half row of points line up where the quad puts it?  a corner misplaced by half
  a point slides the columns near it off their triangles while the rest of the board lines
  up, which the whole board's pattern score averages away: along each half of each base band
  the edges at the quad's column boundaries are compared with the same boundaries slid up to
  half a column (``columns_off``, ``OFF_COLUMNS``).

Markers give exact corners and are not questioned, unless a corner's marker was hidden and the
corner guessed from the other three leaves the point columns lining up worse than the search
would take a board from (``find_board_markers`` gives it margin 0).
"""

from __future__ import annotations

import numpy as np

from vision.board.bar_place import bar_shift
from vision.board.bar_tilt import bar_lean
from vision.board.columns import OFF_COLUMNS, columns_off
from vision.board.ends import column_moved
from vision.board.field_end import field_end
from vision.board.fine_sides import long_sides_on_edge
from vision.board.geometry import BoardFix, order_corners, search_view
from vision.board.layout import BAR_FRACS, layout_fit, layout_scores
from vision.board.sides import SIDE_GAIN, side_quiet

# Below this margin the search's choice is a guess: a side a column off fits at least SIDE_GAIN
# worse (see sides.side_searches). Renders (dev and 140 train; 118 boards found without
# markers): those found 0.57-1.7 points off whose search saw a rival had margins 0.011-0.064;
# of the right ones, one 0.017, the rest 0.16 or more.
AMBIGUOUS_MARGIN = SIDE_GAIN
# Below this pattern score the point columns line up too poorly to trust (the search takes
# a board from MIN_PATTERN_SCORE, 1.8). Boards found without markers (251: dev 45, train 177,
# paper webcam 25, fm gammon 4): those 0.8-5 points off 1.59-1.99 (train IMG_0357, a dark
# board a column short at 1.91, was trusted), right ones 2.03 or more (real photos 2.39).
TRUSTED_PATTERN = 1.97
# A long side whose outside band is busier than this share of its inside band lies on the
# points (labelled boards: at most 0.7; the finder's own guard, ALL_SIDES_QUIET, is the same).
BUSY_LONG_SIDE = 0.8
# A quad one point column wider on one side that explains this share of the found quad's layout
# fit or more: the board goes on past the side. Renders and photos (dev, 150 train, paper
# webcam, fm gammon; 152 boards found without markers): right ones at most 0.67, those
# found 1.7-5 points off 0.85-1.13 (two of them, a side a column short, by nothing else). On
# the rest of train (99 more such boards) it doubts none of the right ones.
WIDER_FIT = 0.8
# A quad moved one point column along the board that fits this many times as well as the found
# one: the board is a column over. Shifts keep the triangles' repetition and lose only the bar
# and an end column, so right boards come close: at most 1.12 (251 boards found without
# markers: dev 45, all of train's 177, paper webcam 25, fm gammon 4); those found 1-4 points
# off 1.10-1.55.
SHIFTED_FIT = 1.25
# A quad one point column wider at both ends that explains this share of the found quad's fit or
# more: both short sides stopped a column short, on the points (widening one end alone moves the
# bar off the middle and fits poorly). Boards found without markers, trusted (/tmp/unseen26 of
# this session, unseen34/36, train and own renders of session 24, paper webcam, fm gammon; 640):
# right ones at most 0.67; /tmp/unseen26 IMG_31115 (a column short at both ends, 5 counts
# believed wrong) 1.21.
BOTH_WIDER_FIT = 0.8
# A quad holding a straight edge across the board near a short side, with frame or tray
# between it and the side (field_end), this clearly: the field ends inside it. Train renders
# IMG_33201-33600 (192 boards found by the search): right ones (within 1/4 point) at most
# 0.35; those 0.87-4.3 points off with such an edge 0.63-0.96 (IMG_33370 0.96 and IMG_33425
# 0.81 were trusted, the first with 9 counts believed wrong). Labelled quads (dev 100,
# /tmp/train 400, IMG_33201-33600, paper webcam 25, fm gammon 4): at most 0.44. Found quads
# of 107 /tmp/train boards without markers: right ones at most 0.25 (IMG_0076, 5 points off,
# 0.65); the real photos' found boards all trusted as before.
FIELD_END = 0.6
# A layout fit this narrow has found no bar (BAR_FRACS step 0.005): its quad is also asked with a
# short side two columns out (two_wider). Right render boards fit a bar of 0.02 or more.
BARLESS = 0.01


def board_doubt(image: np.ndarray, fix: BoardFix) -> str:
    """Why a found board should not be believed, or "" when nothing is wrong with it."""
    if fix.method != "frame":
        # Markers give exact corners, unless one was hidden and its guess does not line up.
        if fix.margin < AMBIGUOUS_MARGIN:
            return "a corner marker is hidden and the corner guessed does not line up"
        return ""
    if fix.margin < AMBIGUOUS_MARGIN and not long_sides_on_edge(image, np.asarray(fix.corners)):
        return f"another placement of the board fits almost as well (margin {fix.margin:.3f})"
    if not inside_picture(image, fix.corners):
        return "a corner of the board lies outside the picture"
    # The same working size as the search (a quad's views depend little on it).
    small, grey, scale = search_view(image)
    quad = order_corners(np.asarray(fix.corners, np.float64)) * scale
    # A long side on the points is said first: it tells where the quad went wrong, and it
    # also spoils the columns' alignment.
    busy = busy_long_side(grey, quad)
    if busy:
        return busy
    pattern, _, _ = layout_scores(grey, quad, BAR_FRACS)
    if pattern < TRUSTED_PATTERN:
        return f"the point columns do not line up with the triangles (pattern {pattern:.2f})"
    off, where = columns_off(grey, quad, fix.bar_frac)
    if off >= OFF_COLUMNS:
        return f"the point columns at the {where} are off the triangles ({off:.1f} better slid)"
    wider, shifted, both, own = moved_fits_own(small, quad, fix.bar_frac)
    if wider >= WIDER_FIT:
        return f"the board goes on past a short side (a column wider fits {wider:.2f} as well)"
    if both >= BOTH_WIDER_FIT:
        return f"the board goes on past both short sides (a column wider fits {both:.2f} as well)"
    if fix.bar_frac < BARLESS:
        wider2 = two_wider(small, quad, fix.bar_frac, own)
        if wider2 >= WIDER_FIT:
            return (
                f"the board goes on past a short side (two columns wider fits {wider2:.2f} as well)"
            )
    if shifted >= SHIFTED_FIT:
        return f"the board is a column over (the quad moved one fits {shifted:.2f} as well)"
    end = field_end(grey, quad, fix.bar_frac)
    if end >= FIELD_END:
        return f"the field ends inside the board's quad near a short side ({end:.2f})"
    shift = bar_shift(grey, quad, fix.bar_frac)
    if shift:
        return f"the bar is seen {abs(shift):.1f} point columns off the board's middle"
    lean = bar_lean(grey, quad)
    if lean:
        return f"the bar leans {abs(lean):.1f} point columns across the board (a corner is off)"
    return ""


def inside_picture(image: np.ndarray, corners: object) -> bool:
    """Whether every corner of the quad lies inside the picture. A corner outside was placed
    where nothing is seen, and the points at it cannot be counted: a side the search took on
    the picture's own edge (/tmp/unseen19 IMG_20895: a dark board's top side 2.7 points up, on
    the picture's top edge, a corner 4 px outside; trusted, 5 counts believed wrong). Right
    boards found without markers keep 8 px or more inside (dev, /tmp/train, /tmp/unseen15-19,
    paper webcam, fm gammon: 1 200 boards; the renders' labelled corners 11 px or more)."""
    h, w = image.shape[:2]
    c = np.asarray(corners, np.float64).reshape(-1, 2)
    return bool((c >= 0).all() and (c[:, 0] <= w - 1).all() and (c[:, 1] <= h - 1).all())


def busy_long_side(grey: np.ndarray, quad: np.ndarray) -> str:
    """Which long side, or which half of one, lies on the points ("" when none does)."""
    top_mid, bottom_mid = (quad[0] + quad[1]) / 2, (quad[3] + quad[2]) / 2
    parts = (
        ("", quad),
        (" at its left end", np.array([quad[0], top_mid, bottom_mid, quad[3]])),
        (" at its right end", np.array([top_mid, quad[1], quad[2], bottom_mid])),
    )
    for where, part in parts:
        quiet = side_quiet(grey, part)
        for i, side in ((0, "top"), (2, "bottom")):
            if BUSY_LONG_SIDE < quiet[i] < np.inf:
                busy = f"busy {quiet[i]:.2f}"
                return f"the {side} side lies on the points{where}, not the frame ({busy})"
    return ""


def moved_fits(image: np.ndarray, quad: np.ndarray, bar_frac: float) -> tuple[float, float, float]:
    """See ``moved_fits_own``, without the quad's own fit."""
    return moved_fits_own(image, quad, bar_frac)[:3]


def moved_fits_own(
    image: np.ndarray, quad: np.ndarray, bar_frac: float
) -> tuple[float, float, float, float]:
    """The best layout fit of the quad with its left or its right side moved one point column
    outwards, of the quad moved one column either way, and of the quad with both sides moved
    a column outwards, each over the quad's own fit (0 when the quad's own fit is nil), and
    that own fit.

    >>> flat = np.full((90, 120, 3), 128, np.uint8)
    >>> moved_fits_own(flat, np.array([[10, 10], [110, 10], [110, 80], [10, 80]], float), 0.08)
    (0.0, 0.0, 0.0, 0.0)
    """
    # layout_fit, not the search's cheaper FastFit: its coarser view tells the two apart less
    # well (right boards up to 0.73, IMG_0076-like up to 0.82), for ~0.1 s more a search.
    own, _ = layout_fit(image, quad)
    if own <= 0:
        return 0.0, 0.0, 0.0, 0.0
    fits = [
        layout_fit(image, column_moved(quad, bar_frac, left, right))[0]
        for left, right in ((-1, 0), (0, 1), (-1, -1), (1, 1), (-1, 1))
    ]
    return max(fits[:2]) / own, max(fits[2:4]) / own, fits[4] / own, own


def two_wider(
    image: np.ndarray, quad: np.ndarray, bar_frac: float, own: float | None = None
) -> float:
    """The better layout fit of the quad with its left or its right side moved two point
    columns outwards, over the quad's own fit (``own``, measured when not given; 0 when nil).

    >>> flat = np.full((90, 120, 3), 128, np.uint8)
    >>> two_wider(flat, np.array([[10, 10], [110, 10], [110, 80], [10, 80]], float), 0.0)
    0.0
    """
    if own is None:
        own = layout_fit(image, quad)[0]
    if own <= 0:
        return 0.0
    fits = [layout_fit(image, column_moved(quad, bar_frac, l, r))[0] for l, r in ((-2, 0), (0, 2))]
    return max(fits) / own
