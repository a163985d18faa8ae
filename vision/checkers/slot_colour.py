"""An empty-read slot coloured like a checker set (dark on dark, light on light)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.checkers.colours import LIGHT_SET
from vision.checkers.empty_board import colour_dist
from vision.checkers.model import Cell, Found

# Colour distance within which an edge slot's mean colour is a checker set's.
LOOKS_LIKE = 2.5


def looks_like(px: np.ndarray, sets: list[tuple[bool, np.ndarray]]) -> bool | None:
    """Which checker set (True: black) these pixels' mean colour is, within ``LOOKS_LIKE``;
    None when neither."""
    if not len(px):
        return None
    return _mean_like(px.mean(axis=0), sets)


def edge_looks(
    stacked: np.ndarray, counts: list[int], disc: np.ndarray, sets: list[tuple[bool, np.ndarray]]
) -> list[bool | None]:
    """Per point strip (stacked Lab strips): ``looks_like`` of its pixels under ``disc`` (the
    edge slot's) where the point holds no checker (``counts`` 0), None elsewhere.  The empty
    points' means in one gather (the same values as strip by strip).

        >>> strips = np.zeros((2, 4, 4, 3), np.float32)
        >>> edge_looks(strips, [0, 1], np.ones((4, 4), bool), [(True, np.zeros(3))])
        [True, None]
    """
    out: list[bool | None] = [None] * len(counts)
    empty = [i for i, n in enumerate(counts) if n == 0]
    if not empty or not disc.any():
        return out
    # The disc's pixels of every strip by flat index (a few hundred a strip), then the empty
    # points' rows: the same (points, pixels, 3) array as stacked[empty][:, disc], without
    # copying the empty points' whole strips first.
    px = np.take(stacked.reshape(len(stacked), -1, stacked.shape[-1]), np.flatnonzero(disc), 1)
    means = px[empty].mean(axis=1)
    for i, mean in zip(empty, means, strict=True):
        out[i] = _mean_like(mean, sets)
    return out


def _mean_like(mean: np.ndarray, sets: list[tuple[bool, np.ndarray]]) -> bool | None:
    dist = [(float(colour_dist(mean, c)), blk) for blk, c in sets]
    best = min(dist, default=(np.inf, False))
    return best[1] if best[0] < LOOKS_LIKE else None


# A slot past a row is its set's next checker when its mean colour is within SET_RATIO of its
# distance to the empty board there, and nearly all (ROW_SHARE) its pixels are nearer the set
# than the board (train+dev, points read as one: 10 of 11 so were two or more, dark checkers
# on dark points whose outline was lost).
SET_RATIO = 0.15
ROW_SHARE = 0.95
# A light set must also differ from the empty board there by LIGHT_SEP: a light triangle's
# base shades (the checker's shadow, light falling off toward the frame) to a white set's
# colour (dev, board found: a white triangle 9.6 from the set read as a second checker; the
# light sets' true second checkers 14-63 apart).  Dark sets have little room to shade.
LIGHT_SEP = 12.0


# The fifth slot a half only "barely" holds (``stacks.first_layer_slots`` gives four: the fifth
# checker's far rim overhangs the half's last 0.2 d) is still looked at for its set's colour
# when its disc as ``like_set_slots`` samples it (FIFTH_DISC d round the slot) lies inside the
# half: a dark fifth checker past a dark row, on the dark field past the triangle's tip, shows
# no outline (own IMG_63001-63200: two black fives at the board's end read four, each then
# doubted and its missing checker given to another point by the short side's fill).
FIFTH_DISC = 0.35


def set_slot_room(max_first: int, half: int, d: float, pitch: float) -> int:
    """The slots (up to five) ``like_set_slots`` may look at past a row: the first layer's
    ``max_first``, and a fifth that the half barely holds when its sampled disc fits.

    >>> set_slot_room(4, 225, 42.0, 44.0), set_slot_room(4, 210, 42.0, 44.0)
    (5, 4)
    >>> set_slot_room(5, 260, 42.0, 44.0), set_slot_room(3, 180, 42.0, 44.0)
    (5, 3)
    """
    if max_first == 4 and 0.5 * d + 4 * pitch + FIFTH_DISC * d <= half:
        return 5
    return min(5, max_first)


def like_set_slots(
    strip: np.ndarray,
    care: np.ndarray,
    tri_mask: np.ndarray,
    refs: tuple[np.ndarray, np.ndarray],
    colour: np.ndarray,
    alongs: list[float],
    d: float,
) -> int:
    """How many of these slots (along the strip, in order) are, one after another, coloured
    like the set ``colour`` rather than the empty board (``refs``: field, triangle colour)."""
    h, w = strip.shape[:2]
    cx = (w - 1) / 2.0
    field, tri = refs
    xs = (np.arange(w) - cx) ** 2
    n = 0
    for a in alongs:
        y0, y1 = int(max(0, a - 0.35 * d)), int(min(h, np.ceil(a + 0.35 * d) + 1))
        if y1 - y0 < 2:
            break
        disc = (xs[None, :] + ((np.arange(y0, y1) - a) ** 2)[:, None] <= (0.35 * d) ** 2) & care[
            y0:y1
        ]
        px = strip[y0:y1][disc]
        if len(px) < 8:
            break
        on_tri = tri_mask[y0:y1][disc]
        # np.mean's numbers for these bool masks (count over size), without its overhead.
        share_tri = int(np.count_nonzero(on_tri)) / on_tri.size
        ref = share_tri * tri + (1.0 - share_tri) * field
        mean = px.mean(axis=0)
        d_set = float(colour_dist(mean, colour))
        d_ref = float(colour_dist(mean, ref))
        if d_set > SET_RATIO * d_ref:
            break
        if colour[0] > LIGHT_SET and float(colour_dist(colour, ref)) < LIGHT_SEP:
            break
        # The mean alone could be a mix (half checker, half board): nearly every pixel must be.
        d_px = np.where(on_tri, colour_dist(px, tri), colour_dist(px, field))
        nearer = colour_dist(px, colour) < d_px
        if int(np.count_nonzero(nearer)) / nearer.size < ROW_SHARE:
            break
        n += 1
    return n


@dataclass(slots=True)  # made per point: a frozen one's __init__ took ~4x as long (30 us a frame)
class PointStrip:
    """One point's strip as :func:`like_set_slots` reads it: the cell, its Lab ``strip`` and
    clear pixels (``care``), the strips' triangle mask, the empty board's colours there
    (``refs``: field, triangle) and the frame's checker diameter, slot pitch and height.

    ::

        more = PointStrip(cell, strip, care, tri_mask, refs, d, pitch, h).past(fs, colour, 2)
    """

    cell: Cell
    strip: np.ndarray
    care: np.ndarray
    tri_mask: np.ndarray
    refs: tuple[np.ndarray, np.ndarray]
    d: float
    pitch: float
    h: int

    def past(self, fs: list[Found], colour: np.ndarray, slots: int) -> list[Found]:
        """The checkers on the first of the ``slots`` slots past the row ``fs`` (one pitch
        apart from its last) that are, one after another, coloured like the set ``colour``
        (:func:`like_set_slots`): checkers inferred, coloured as the row's last."""
        alongs = [fs[-1].along + j * self.pitch for j in range(1, slots + 1)]
        more = like_set_slots(
            self.strip, self.care, self.tri_mask, self.refs, colour, alongs, self.d
        )
        return [self.cell.checker_at(a, self.h, fs[-1].colour) for a in alongs[:more]]
