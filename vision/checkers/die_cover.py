"""An empty point whose edge slot a die partly covers: "empty" is believed only where what the
die leaves seen is the bare triangle's, not a checker set's, or where the set that could hide
there has all its checkers already.

A die lying on (or leaning against) a lone checker at a point's edge hides the checker's rim
and, with the margin the counter leaves round dice, much of its colour: the point reads empty at
full confidence (a black checker under a die on a dark triangle; a red one on a black triangle
whose seen part ``by_die.checker_under_die`` finds too near the board to count).  The learned
slot cue cannot read a slot the die covers much of, and the edge slot lies inside its
triangle's base, so the field beside it never shows.  What is left is colour: a checker set
may hide a checker there unless most of the seen part's pixels (``TRI_SHARE``) are nearer the
triangle's colour than that set's, the frame's colour for the triangle or, plainly, the
triangle's own just past the slot (lit and shaded as the slot is): a checker of that set would
show its colour round the die; the bare triangle shows its own.  A point read empty and
believed whose edge slot a die covers ``COVERED`` or more of is doubted (the count stays empty)
when a set may hide a checker there and that side's believed counts (bar and seen borne off
included) leave room for one.

Board given, /tmp/train, dev, /tmp/unseen26, 28, 31, 32, 33, 34, /tmp/lone23 and
IMG_49001-49400 (2 316 frames): points read empty and believed whose edge slot a die covers
and a set may hide a checker on by the frame's colour alone: 3 hold a checker, 85 are empty
(mostly dark on dark, or the die's shadow darkening the triangle toward a dark set's colour);
by both colours the 3 and 57 (by the colour past the slot alone, 87: a second checker past
the slot, or a triangle as dark as a set, stops it seeing the bare one).

>>> tri = np.float32([20, 128, 128])
>>> strip = np.full((60, 40, 3), tri, np.float32)  # a bare dark triangle
>>> care, inside = np.ones((60, 40), bool), np.ones((60, 40), bool)
>>> care[:10, 10:30] = False  # a die over the edge slot's outer part
>>> sets = [(True, np.float32([20, 128, 128])), (False, np.float32([200, 128, 128]))]
>>> covered, hide = hiders(strip, care, inside, tri, sets, 30.0)
>>> round(covered, 2), hide  # as dark as the black set: a black checker may hide there
(0.23, [True])
>>> hiders(strip, care, inside, tri, sets[1:], 30.0)[1]  # white checkers only: none
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from vision.checkers.empty_board import colour_dist
from vision.checkers.model import CHECKERS_PER_SIDE
from vision.observation import BELIEVED

# Share of the edge slot's disc (radius SLOT_R checkers; its triangle's part) under a die's box
# and the counter's margin round it from which the die may hide a checker there.
COVERED = 0.05
SLOT_R = 0.5
# A set may hide a checker there unless TRI_SHARE of the seen pixels are nearer the triangle's
# colour than its colour: the frame's colour for the triangle, or by TRI_MARGIN its colour just
# past the slot (rows 1 to PAST checkers from the edge, MIN_PAST pixels or more clear of dice).
# The three cases above: 0.33, 0 and 0.05 by the frame's colour; 0.33, 0 and 0 past the slot.
TRI_SHARE = 0.5
TRI_MARGIN = 2.0
PAST = 1.7
MIN_PAST = 30
# A set whose colour lies under SAME_AS_TRI (``colour_dist``) from the triangle's may hide a
# checker there whatever the seen part's pixels are nearer: the two colours cannot be told
# apart (session 30: IMG_61551, a black checker under a die on a black triangle 0.7 from the
# set's colour, read empty at 1.0; the seen pixels fell nearer the triangle). Board given, own
# IMG_67001-67200 and IMG_61202-61600, IMG_65001-65200 (779 boards): believed empty points so
# covered with a set that close and room for it, 7, one holding a checker (that one); from 3
# up to 5 the right empties doubted grow to 12, up to 8 to 31. Measured after: held-out
# IMG_67201-67400 believed / wrong 3690 / 2 -> 3686 / 1; own sets 11 right points doubted, the
# one wrong gone; dev, exact and die states unchanged everywhere.
SAME_AS_TRI = 3.0
# Confidence of a point doubted so (under BELIEVED).
COVER_CONF = 0.5


@dataclass(frozen=True)
class SlotView:
    """The points' strips as the counter sees them, for :func:`doubt_covered`."""

    strips: np.ndarray  # (cells, rows, columns, 3) Lab, row 0 at each point's edge
    cares: np.ndarray  # (cells, rows, columns): False under dice and their margin
    inside: np.ndarray  # (rows, columns): the triangle's pixels, its edges left out
    tris: np.ndarray  # (cells, 3): each cell's triangle colour
    sets: list[tuple[bool, np.ndarray]]  # the checker sets' colours (True black)
    d: float  # checker diameter, pixels
    indices: list[int]  # each cell's point


def hiders(
    strip: np.ndarray,
    care: np.ndarray,
    inside: np.ndarray,
    tri: np.ndarray,
    sets: list[tuple[bool, np.ndarray]],
    d: float,
) -> tuple[float, list[bool]]:
    """The share of a point's edge-slot disc (its triangle's part) a die covers, and the checker
    sets (True black) that may hide a checker under it: those as near most of the seen part as
    the triangle is (``strip``: the point's Lab strip, row 0 at its edge; ``care``: False under
    dice; ``inside``: the triangle's pixels, edges left out; ``tri``: its colour; ``sets``: the
    checker sets' colours; ``d``: checker diameter in pixels)."""
    rows = min(strip.shape[0], int(np.ceil(2 * SLOT_R * d)) + 1)
    disc = _slot_disc(rows, strip.shape[1], d) & inside[:rows]
    seen = disc & care[:rows]
    covered = 1.0 - float(np.count_nonzero(seen)) / max(int(np.count_nonzero(disc)), 1)
    px = strip[:rows][seen].astype(np.float32)
    if not len(px):
        return covered, [blk for blk, _ in sets]  # all covered: any set may hide there
    # The triangle just past the slot, lit and shaded as the slot is (a second checker there
    # gives its own colour: then nothing round the die is plainly nearer the triangle).
    r0, r1 = int(d), int(PAST * d)
    past = strip[r0:r1][inside[r0:r1] & care[r0:r1]]
    near: list[np.ndarray] = [colour_dist(px, np.asarray(tri, np.float32))]
    if len(past) >= MIN_PAST:
        near.append(colour_dist(px, np.median(past, axis=0).astype(np.float32)) + TRI_MARGIN)
    hide = []
    for blk, colour in sets:
        if float(colour_dist(np.asarray(tri, np.float32)[None], colour)[0]) < SAME_AS_TRI:
            hide.append(blk)  # the set is the triangle's colour: colour cannot show it bare
            continue
        to_set = colour_dist(px, colour)
        if all(np.count_nonzero(t < to_set) < TRI_SHARE * len(px) for t in near):
            hide.append(blk)
    return covered, hide


@lru_cache(maxsize=4)
def _slot_disc(rows: int, width: int, d: float) -> np.ndarray:
    """The edge slot's disc on a strip's first ``rows`` rows (made once a frame size)."""
    yy, xx = np.mgrid[0:rows, 0:width]
    disc: np.ndarray = (xx - (width - 1) / 2.0) ** 2 + (yy - 0.5 * d) ** 2 <= (SLOT_R * d) ** 2
    return disc


def room_for_one(counts: list[int], conf: list[float], bar: int, bar_conf: float, off: int) -> bool:
    """Does a side's believed count (points of ``conf`` from BELIEVED, the bar ``bar`` when
    ``bar_conf`` is, ``off`` seen borne off) leave room for one more checker?

    >>> counts = [0] * 24
    >>> counts[0] = 14
    >>> room_for_one(counts, [1.0] * 24, 1, 1.0, 0), room_for_one(counts, [1.0] * 24, 1, 0.5, 0)
    (False, True)
    """
    held = sum(n for n, c in zip(counts, conf, strict=True) if n and c >= BELIEVED)
    return held + (bar if bar_conf >= BELIEVED else 0) + off < CHECKERS_PER_SIDE


def doubt_covered(
    white: list[int],
    black: list[int],
    conf: list[float],
    view: SlotView,
    bar: tuple[int, int, float],
    off: tuple[int | None, int | None] = (None, None),
) -> None:
    """Lower, in place, to COVER_CONF the confidence of each believed empty point whose edge
    slot a die covers COVERED or more of when a set may hide a checker there (:func:`hiders`)
    and that side has room for one (:func:`room_for_one`; ``bar``: white's, black's and their
    confidence; ``off``: seen borne off, None when not seen).

    >>> tri = np.float32([20, 128, 128])
    >>> strips = np.full((2, 60, 40, 3), tri, np.float32)
    >>> cares = np.ones((2, 60, 40), bool)
    >>> cares[1, :12, 8:32] = False  # a die over the second cell's edge slot
    >>> sets = [(True, np.float32([20, 128, 128])), (False, np.float32([200, 128, 128]))]
    >>> inside, tris = np.ones((60, 40), bool), np.stack([tri, tri])
    >>> view = SlotView(strips, cares, inside, tris, sets, 30.0, [0, 5])
    >>> white, black, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> white[12], black[23] = 15, 13
    >>> doubt_covered(white, black, conf, view, (0, 0, 1.0))
    >>> conf[0], conf[5]
    (1.0, 0.5)
    """
    rows = int(np.ceil(2 * SLOT_R * view.d)) + 1
    # No die near a point's edge slot: all cared for (the strips' side columns never are).
    clear: list[bool] = np.asarray(view.cares[:, :rows, 1:-1].all(axis=(1, 2))).tolist()
    room: dict[bool, bool] = {}
    for i, idx in enumerate(view.indices):
        if clear[i] or white[idx] or black[idx] or conf[idx] < BELIEVED:
            continue
        strip, care, tri = view.strips[i], view.cares[i], view.tris[i]
        covered, hide = hiders(strip, care, view.inside, tri, view.sets, view.d)
        if covered < COVERED:
            continue
        for blk in hide:
            if blk not in room:
                counts, on_bar = (black, bar[1]) if blk else (white, bar[0])
                room[blk] = room_for_one(counts, conf, on_bar, bar[2], off[blk] or 0)
        if any(room[blk] for blk in hide):
            conf[idx] = COVER_CONF
