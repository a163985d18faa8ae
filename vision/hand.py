"""A hand over the board in a still frame: the points it covers are doubted.

A hand reaching over the board shows skin-coloured fingers that the checker counter can take
for light checkers (/tmp/unseen34 IMG_44214: four fingers read as four white checkers on each of
two points, believed), or that hide checkers under them. A checker never leaves the playing
area, but an arm does: it crosses the frame from outside. So a hand is a skin-coloured region
(``skin_mask``) that lies partly inside the playing area and partly in a band just outside it,
and that crosses that band along a short stretch of the border only (a skin-coloured frame or
a row of tan checkers runs all along it). Every point whose cell the region reaches, and the
bar, is then doubted (``under_hand``).

Cost: most frames have no arm-wide skin run on the border's rings; that is seen on a warp of
the view's margins alone (a quarter of the pixels), and only the others warp the whole view.

::

    hand = find_hand(frame, fix.homography)          # HandSeen; hand.found False if none
    counts = under_hand(counts, hand, geo, white_home)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.board.geometry import CANON_H, CANON_W, BoardGeometry
from vision.checkers import CheckerCounts
from vision.warp import warp_perspective

# The view the hand is looked for in: the playing area at this size, with a margin of
# MARGIN of each dimension all round (the frame, where the arm crosses).
VIEW_W, VIEW_H = 240, 180
MARGIN = 0.08
# Skin: a warm colour whose red share of the brightness (r = R / (R + G + B)) is high but not
# as high as brown wood's, with a green share under tan's and orange's (the renders' six skin
# tones: r 0.41-0.47, g 0.311-0.324; dark wood r 0.51, tan checkers and a maple frame g 0.34,
# orange triangles g 0.36). Wood grain and noise are smoothed away first.
R_RANGE = (0.395, 0.49)
G_RANGE = (0.298, 0.332)
Y_MIN = 45
# A hand's share of the playing area at least (the renders' hands: 1.3-23%; under it, specks
# of a skin-like frame's grain).
MIN_INSIDE = 0.012
# At most this share of the playing area: a larger region is the board's own colour.
MAX_INSIDE = 0.2
# An arm crosses the border in one run of this many view pixels or more (a wrist is 60-70 mm,
# some 30 px) and no longer than this share of the border (longer: the frame, or a row of
# checkers along it).
MIN_CROSSING = 10
MAX_BORDER_SHARE = 0.2
# The board's middle strip, where the bar lies (bars are 0-13% of the width), and the share of
# a region inside it that makes the region the bar.
_BAR_BAND = slice(round(0.42 * VIEW_W), round(0.58 * VIEW_W))
BAR_SHARE = 0.8
# The first look's widening of the skin shares' bounds, in levels, for each level a channel
# may be off: r >= a * total becomes r' + 1 + 3a >= a * total' (a < 0.5), so 3 levels cover it.
NEAR = 3.0
# A point is doubted when the hand covers this share of its cell.
MIN_COVER = 0.02
# The cap on a covered point's confidence: well under what the referee believes.
HAND_CONFIDENCE = 0.5


@dataclass(frozen=True)
class HandSeen:
    """Where a hand lies over the playing area: ``mask`` (VIEW_H x VIEW_W, the playing area
    only, True on the hand) and whether one was found at all."""

    found: bool
    mask: np.ndarray


def skin_mask(bgr: np.ndarray, off: int = 0) -> np.ndarray:
    """Pixels coloured like skin (bool, the image's shape). ``off``: levels each channel may
    be off what the whole view's warp gives (the first look's margins), the bounds widened so
    that every pixel the whole view finds skin is still found (``NEAR`` a level).

    >>> m = skin_mask(np.full((2, 2, 3), (120, 150, 205), np.uint8))
    >>> bool(m.all())
    True
    """
    px = bgr.astype(np.float32)
    b, g, r = px[..., 0], px[..., 1], px[..., 2]
    total = b + g + r
    near = NEAR * off  # the shares' bounds; a difference of two channels moves 2, the total 3
    # The shares' bounds as products (no division: this runs on every frame).
    mask: np.ndarray = (
        (r + near >= R_RANGE[0] * total)
        & (r - near <= R_RANGE[1] * total)
        & (g + near >= G_RANGE[0] * total)
        & (g - near <= G_RANGE[1] * total)
        & (r + 2 * off > g)
        & (g + 2 * off > b)
        & (total + 3 * off >= 3 * Y_MIN)
    )
    return mask


def find_hand(frame: np.ndarray, homography: np.ndarray) -> HandSeen:
    """The hand over the playing area that ``homography`` (image -> canonical board) maps, if
    any: a skin-coloured region crossing the board's border from outside.

    >>> frame = np.zeros((200, 260, 3), np.uint8)
    >>> h = np.diag([CANON_W / 240.0, CANON_H / 180.0, 1.0])  # the board fills 240x180
    >>> find_hand(frame, h).found
    False
    """
    mx, my = round(MARGIN * VIEW_W), round(MARGIN * VIEW_H)
    to_view = np.array(
        [[VIEW_W / CANON_W, 0, mx], [0, VIEW_H / CANON_H, my], [0, 0, 1]], np.float64
    ) @ np.asarray(homography, np.float64).reshape(3, 3)
    size = (VIEW_W + 2 * mx, VIEW_H + 2 * my)
    shape = (size[1], size[0])
    rings = (_ring(shape, mx, my, 2), _ring(shape, 0, 0, 0))
    # Cheap first: a hand's pixels on each ring are skin, so without a skin run of an arm's
    # width on both rings there is no hand. The rings' smoothed colours need only the view's
    # margins (most frames stop here, for a quarter of the warp and ~1000 skin tests).
    smooth = cv2.blur(_margins(frame, to_view, size, mx, my), (5, 5))
    if not all(_longest_run(skin_mask(smooth[r], off=1)) >= MIN_CROSSING for r in rings):
        return HandSeen(False, np.zeros((VIEW_H, VIEW_W), bool))
    # Off the picture the view is black, which is no skin.
    view = cv2.blur(warp_perspective(frame, to_view, size), (5, 5))
    # The same test on the whole view's rings, unwidened, before the whole view's skin.
    if not all(_longest_run(skin_mask(view[r])) >= MIN_CROSSING for r in rings):
        return HandSeen(False, np.zeros((VIEW_H, VIEW_W), bool))
    raw = skin_mask(view).astype(np.uint8)
    # Opened: specks of a skin-like wood's grain do not join a triangle to the frame.
    skin = cv2.morphologyEx(raw, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(skin, connectivity=8)
    hand = np.zeros(skin.shape, bool)
    area = float(VIEW_W * VIEW_H)
    # Only regions large enough to hold a hand's inside part and lying on both rings are
    # looked at (specks are many, and triangles or checkers off the border many more).
    large = np.flatnonzero(stats[1:n, cv2.CC_STAT_AREA] >= MIN_INSIDE * area) + 1
    on_rings = np.intersect1d(labels[rings[0]], labels[rings[1]])
    for k in np.intersect1d(large, on_rings):
        region = labels == k
        part = region[my : my + VIEW_H, mx : mx + VIEW_W]
        share = float(part.sum()) / area
        if not MIN_INSIDE <= share <= MAX_INSIDE:
            continue
        # A skin-coloured bar meets the frame at its ends: a region mostly in the middle strip
        # is the bar, not a hand (a hand is wider than the bar).
        if part[:, _BAR_BAND].sum() >= BAR_SHARE * part.sum():
            continue
        # An arm crosses the frame: one run of the region along the border just outside the
        # playing area and one along the view's own edge, each neither a sliver nor a side.
        if all(_one_crossing(region[r]) for r in rings):
            hand |= region
    return HandSeen(bool(hand.any()), hand[my : my + VIEW_H, mx : mx + VIEW_W])


def _margins(
    frame: np.ndarray, to_view: np.ndarray, size: tuple[int, int], mx: int, my: int
) -> np.ndarray:
    """The view (``size``, warped by ``to_view``) with only its margins filled, each band
    wide enough (the margin less one pixel) for the 5x5 blur of both rings to equal the whole
    view's but for a level of rounding (the shifted warps round a few pixels the other way); the
    inside stays black."""
    w, h = size
    view = np.zeros((h, w, 3), np.uint8)
    inner = h - 2 * my - 2
    for x0, y0, bw, bh in (
        (0, 0, w, my + 1),
        (0, h - my - 1, w, my + 1),
        (0, my + 1, mx + 1, inner),
        (w - mx - 1, my + 1, mx + 1, inner),
    ):
        _warp_into(view, frame, to_view, x0, y0, bw, bh)
    return view


def _warp_into(
    view: np.ndarray, frame: np.ndarray, to_view: np.ndarray, x0: int, y0: int, bw: int, bh: int
) -> None:
    """Warps the ``bw`` x ``bh`` part of the view at ``x0``, ``y0`` into ``view``: the view's
    warp shifted so that the part's corner is its origin (each pixel as the whole warp's)."""
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ to_view
    view[y0 : y0 + bh, x0 : x0 + bw] = warp_perspective(frame, shift, (bw, bh))


def _ring(shape: tuple[int, ...], mx: int, my: int, out: int) -> tuple[np.ndarray, np.ndarray]:
    """The pixels (rows, columns) of the rectangle ``out`` pixels outside the playing area
    (view margins ``mx``, ``my``; 0, 0, 0 is the view's own edge), in order round it."""
    h, w = shape[:2]
    y0, x0 = max(my - out, 0), max(mx - out, 0)
    y1, x1 = min(h - my + out, h) - 1, min(w - mx + out, w) - 1
    xs = np.arange(x0, x1)
    ys = np.arange(y0, y1)
    rows = np.concatenate([np.full(len(xs), y0), ys, np.full(len(xs), y1), ys[::-1]])
    cols = np.concatenate([xs, np.full(len(ys), x1), xs[::-1] + 1, np.full(len(ys), x0)])
    return rows, cols


def _longest_run(on: np.ndarray) -> int:
    """The longest run of True round a closed ring (the whole ring if all True).

    >>> _longest_run(np.array([True, False, False, True, True]))
    3
    """
    if on.all():
        return len(on)
    seq = np.roll(on, -int(np.flatnonzero(~on)[0])).astype(np.int8)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], seq, [0]])))
    return int((edges[1::2] - edges[::2]).max(initial=0))


def _one_crossing(on: np.ndarray) -> bool:
    """Whether the region's pixels along a ring form runs of an arm's width: the longest run
    between MIN_CROSSING pixels and MAX_BORDER_SHARE of the ring, holding most of them."""
    if not on.any() or on.all():
        return False
    longest = _longest_run(on)
    return MIN_CROSSING <= longest <= MAX_BORDER_SHARE * len(on) and longest >= 0.6 * int(on.sum())


def under_hand(
    counts: CheckerCounts, hand: HandSeen, geo: BoardGeometry, white_home: str
) -> CheckerCounts:
    """``counts`` with every point (and the bar) the hand covers doubted: no surer than
    HAND_CONFIDENCE. The counts themselves stay.

    >>> from vision.checkers import CheckerCounts
    >>> c = CheckerCounts((0,) * 24, (0,) * 24, 0, 0, 15, 15, False, (1.0,) * 24, 1.0, 1.0)
    >>> mask = np.zeros((VIEW_H, VIEW_W), bool)
    >>> mask[150:, :20] = True  # the bottom-left corner
    >>> out = under_hand(c, HandSeen(True, mask), BoardGeometry(), "bottom-right")
    >>> out.point_confidence[11], out.point_confidence[0]
    (0.5, 1.0)
    """
    if not hand.found:
        return counts
    small = BoardGeometry(width=VIEW_W, height=VIEW_H, bar_frac=geo.bar_frac)
    conf = list(counts.point_confidence)
    half = VIEW_H // 2
    for column in range(12):
        x0, x1 = (round(v) for v in small.column_span(column))
        for row, rows in (("top", slice(0, half)), ("bottom", slice(half, VIEW_H))):
            cell = hand.mask[rows, x0:x1]
            if cell.size and cell.mean() >= MIN_COVER:
                idx = small.point_index(column, row, white_home)
                conf[idx] = min(conf[idx], HAND_CONFIDENCE)
    bar_conf = counts.bar_confidence
    b0, b1 = (round(v) for v in small.bar_span)
    if b1 > b0 and hand.mask[:, b0:b1].mean() >= MIN_COVER:
        bar_conf = min(bar_conf, HAND_CONFIDENCE)
    return replace(counts, point_confidence=tuple(conf), bar_confidence=bar_conf)
