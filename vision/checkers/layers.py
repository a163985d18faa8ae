"""A pyramid's third layer told by rims: a checker on top shows its whole rim, a first-layer
checker under two second-layer ones only arcs at its sides."""

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
