"""An empty point whose edge slot a die partly covers: "empty" is believed only where what the
die leaves seen is the bare triangle's, not a checker set's, or where the set that could hide
there has all its checkers already.

A die lying on (or leaning against) a lone checker at a point's edge hides the checker's rim
and, with the margin the counter leaves round dice, much of its colour: the point reads empty at
full confidence (a black checker under a die on a dark triangle; a red one on a black triangle
whose seen part ``by_die.checker_under_die`` finds too near the board to count).  The learned
slot cue cannot read a slot the die covers much of, and the edge slot lies inside its
triangle's base, so the field beside it never shows.  What is left is colour: a checker set may
hide a checker there when most of the seen part's pixels (``HIDE_SHARE``) are at least as near
its colour as the triangle's (a checker of that set would show so round the die; the bare
triangle shows its own colour).  A point read empty and believed whose edge slot a die covers
``COVERED`` or more of is doubted (the count stays empty) when a set may hide a checker there and
that side's believed counts (bar and seen borne off included) leave room for one.

Points read empty and believed whose edge slot a die covers, board given on /tmp/unseen31,
/tmp/lone23 and /tmp/unseen33 (74 when all are doubted): all 3 holding a checker are doubted
(a set's share 0.67-1.0), and 22 of the 71 empty ones (the die's shadow darkens the triangle
toward a dark set's colour).

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
# A set may hide a checker there when at least HIDE_SHARE of the seen pixels are as near its
# colour as the triangle's (the three cases above: 0.67, 0.95 and 1.0).
HIDE_SHARE = 0.5
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
    to_tri = colour_dist(px, np.asarray(tri, np.float32))
    return covered, [
        blk
        for blk, colour in sets
        if np.count_nonzero(colour_dist(px, colour) <= to_tri) >= HIDE_SHARE * len(px)
    ]


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
