"""A pyramid's layers: the second from the gaps seen on top (``pyramid_layers``), or from thin
arcs alone on a dark point (``dark_pyramid_gaps``); the third told by rims: a checker on top
shows its whole rim, a first-layer checker under two second-layer ones only arcs at its sides."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.checkers.model import Cell
from vision.checkers.outlines import Edges, rims_at

# A slot's rim over the gap's before it (or the gap's over the slot's) by this much, and at
# least RIM_SEEN, says which lies on top (own renders: third-layer slots 3-13 over gaps 1-3;
# covered slots 0.8-2.5 under gaps 1.4-16).
RIM_RATIO = 1.5
RIM_SEEN = 2.0
# An outward grid shift of at least this many pitches with the first slot bare is a pyramid's
# top layer seen a checker's thickness up, nearer the frame than its gaps (IMG_40848 of own
# IMG_40801-41200: its 9 read 5, outlines 0.27 pitch past the slots); a registration shift of
# a stack moves its first checker's outline too (own renders: shifts up to 0.21 over rows).
TOP_SHIFT = 0.22
# Session 30, tried and dropped: a top layer drawn 0.2-0.45 pitch past the slots with gap 0's
# outline found (so the first slot looks outlined and grid_shift's residuals, under 0.3 d,
# leave it) laid back on the gaps when three or more outlines sat alike past their slots and
# one on the fifth slot of that shift: IMG_61305 and IMG_65168 (light nines read 2 and 3) right,
# but IMG_61417's black 8 (its top layer only 0.13 short of the gaps, its first layer's
# outlines on the slots) read 6; held-out IMG_66801-67000 and dev unchanged.  Telling the two
# apart needs the first layer's outlines kept on the slots while the top layer's shift is fit.
# Session 34, looked at and dropped (board given, own IMG_77401-77800, IMG_85401-85700 and
# unseen55-57, cells read as a row of five): slot 0 bare with slots 1-4 outlined is 28 fives
# and 11 sixes (a top checker on gap 0 drawn over slot 0: 7 of the 11 given their sixth by
# the short side's fill); the rims at slot 0 and gap 0 (``RimProbe``) are 1.0-2.1 for both;
# slot 1 bare with 0 and 2-4 outlined: 3 fives, 1 six.  A second layer read from unverified
# outlines only when gap 0 is among them (a lone arc on gap 2 over a light five made it 8):
# IMG_85679 made right, held out IMG_85701-86000 given and found unchanged (never fired).


@dataclass(frozen=True)
class RimProbe:
    """The board's edges, the dice boxes (input pixels) and the input's y scale: rim scores
    at spots along a point.

    ::

        probe = RimProbe(edges, ignore, sy)
        rims = probe.along(cell, h, np.array([20.0, 41.0]), d)
    """

    edges: Edges
    ignore: tuple[tuple[float, float, float, float], ...]
    sy: float

    def along(self, cell: Cell, h: int, alongs: np.ndarray, d: float) -> np.ndarray:
        """``rims_at`` on the point's middle at these distances from its edge (NaN by a die)."""
        x = (cell.x0 + cell.x1) / 2.0
        spots = [(x, float(a) if cell.top else h - 1 - float(a)) for a in alongs]
        return rims_at(self.edges, spots, d, self.ignore, self.sy)


def third_by_rims(rims: np.ndarray) -> int | None:
    """Third-layer checkers of a pyramid whose second layer is full, from the rims at gap 0,
    slot 1, gap 1, slot 2, gap 2, slot 3 (``rims``, in that order).  A slot whose rim clearly
    beats the gap's before it holds one on top; a gap that clearly beats its slot, none; the
    layer fills from slot 1, so the one size all clear pairs agree with is the answer (a close
    pair, or one by a die, agrees with any).  None when no pair or several sizes agree.

    >>> third_by_rims(np.array([1.2, 7.0, 1.1, 4.0, 5.7, 1.2]))
    2
    >>> third_by_rims(np.array([3.0, 3.2, 1.0, 5.0, 1.0, 4.0]))  # slot 1 close: 3 on top
    3
    >>> third_by_rims(np.array([1.2, 1.1, 1.1, 1.2, 1.3, 1.2])) is None
    True
    """
    on, off = [], []
    for k in range(3):
        gap, slot = float(rims[2 * k]), float(rims[2 * k + 1])
        on.append(slot >= max(RIM_SEEN, RIM_RATIO * gap))
        off.append(gap >= max(RIM_SEEN, RIM_RATIO * slot))  # False for NaN: undecided
    sizes = [m for m in range(4) if not any(off[:m]) and not any(on[m:])]
    return sizes[0] if len(sizes) == 1 else None


def top_layer_shift(alongs: np.ndarray, shift: float, d: float, pitch: float) -> float:
    """The shift to use for a point whose outlines (``alongs``) ``grid_shift`` put ``shift``
    beyond the slots: when nothing outlines the first slot (shifted or not) and the shift is
    outward by TOP_SHIFT pitches or more, the outlines are a pyramid's top layer drawn toward
    the frame, and the shift that lays them on the gaps (``shift`` less half a pitch) is used
    when it puts one on the fifth slot (the first layer's last, under no other).

    >>> top_layer_shift(np.array([77.5, 120.5, 165.5, 191.5]), 11.8, 42.4, 44.0)
    -10.2
    >>> top_layer_shift(np.array([22.0, 77.5, 120.5]), 11.8, 42.4, 44.0)  # first slot outlined
    11.8
    >>> top_layer_shift(np.array([77.5, 120.5, 165.5]), 11.8, 42.4, 44.0)  # fifth slot bare
    11.8
    """
    if shift < TOP_SHIFT * pitch or np.any(alongs < 0.5 * d + 0.5 * pitch):
        return shift
    top = shift - 0.5 * pitch
    if not np.any(np.abs(alongs - top - (0.5 * d + 4 * pitch)) < 0.25 * d):
        # No outline then on the fifth slot: no full first layer to lay a top on (three such
        # outlines alone read 4 shifted to the slots, none laid on the gaps).
        return shift
    return round(top, 4)


# Unverified outlines within this many pitches of the half-pitch grid are a pyramid's.
HALF_GRID_TOL = 0.15


def dark_pyramid_gaps(raw: np.ndarray, d: float, pitch: float) -> list[int]:
    """The second layer's gaps (0-3) of a pyramid seen by its unverified outlines (``raw``:
    from the point's edge) alone: every outline up to the half's middle on the half-pitch grid
    (within HALF_GRID_TOL pitch) and none past the fifth slot, one on the fifth slot and two or
    more on the gaps; else none (a row, a fanned stack, wood grain).

    >>> dark_pyramid_gaps(21.0 + 41.0 * np.array([1.4, 2.45, 3.48, 4.03]), 42.0, 41.0)
    [1, 2, 3]
    >>> dark_pyramid_gaps(21.0 + 41.0 * np.array([1.0, 2.0, 3.0, 4.0]), 42.0, 41.0)
    []
    """
    t = (np.asarray(raw, np.float64) - 0.5 * d) / pitch
    t = t[t > -0.4]
    if not len(t) or float(t.max()) > 4.25:
        return []
    k = np.round(2.0 * t).astype(int)
    if np.any(np.abs(t - 0.5 * k) > HALF_GRID_TOL) or not np.any(k == 8):
        return []
    gaps = sorted({int(j) // 2 for j in k if j % 2 == 1 and 0 < j < 8})
    return gaps if len(gaps) >= 2 else []


def pyramid_layers(upper: list[int]) -> tuple[list[int], int]:
    """Second-layer gaps and third-layer size of a pyramid, from the gaps seen on top.

    A pyramid fills its second layer from the edge (gaps 0..3), so the outermost gap seen
    implies those nearer the edge.  Those unseen are hidden under a third layer (on slots 1..3,
    over gaps 0..3): gap 0 shows a crescent beside slot 1, gaps 1 and 2 vanish under two
    third-layer checkers each, so each of them unseen adds one.
    """
    jmax = max(upper)
    hidden = set(range(jmax + 1)) - set(upper)
    third = 0
    if jmax == 3 and hidden:
        third = min(3, 1 + len(hidden & {1, 2}))
    return list(range(jmax + 1)), third
