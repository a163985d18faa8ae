"""Pip groups (the pips read as one face) and the geometry that forms them; split from
``vision.dice`` for size.

>>> import numpy as np
>>> pts = np.array([[0, 0], [10, 0], [0, 10], [60, 0], [70, 0]], float)
>>> sorted(map(sorted, mst_cut(pts)))
[[0, 1, 2], [3, 4]]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from vision.pips import Pip

_PAIR_SPAN = 0.9  # a 2 spans at most this share of the die side (renders: 0.55-0.9)


def mst_cut(pts: np.ndarray) -> tuple[list[int], list[int]]:
    """Split points in two at the longest edge of their minimum spanning tree.

    Two dice touching, or a top face linked to a side face, join through one long hop; the
    pips within a face are a grid step apart.
    """
    n = len(pts)
    if n < 2:
        return list(range(n)), []
    d = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1))
    # Prim's algorithm; n is at most a few dozen.
    in_tree = np.zeros(n, bool)
    in_tree[0] = True
    best = d[0].copy()
    parent = np.zeros(n, int)
    edges: list[tuple[float, int, int]] = []
    for _ in range(n - 1):
        cand = np.where(in_tree, np.inf, best)
        j = int(np.argmin(cand))
        edges.append((float(cand[j]), int(parent[j]), j))
        in_tree[j] = True
        closer = d[j] < best
        best = np.where(closer, d[j], best)
        parent = np.where(closer, j, parent)
    cut = max(range(len(edges)), key=lambda k: edges[k][0])
    adj: dict[int, list[int]] = {i: [] for i in range(n)}
    for k, (_, a, b) in enumerate(edges):
        if k != cut:
            adj[a].append(b)
            adj[b].append(a)
    side = {edges[cut][1]}
    stack = [edges[cut][1]]
    while stack:
        for m in adj[stack.pop()]:
            if m not in side:
                side.add(m)
                stack.append(m)
    return sorted(side), [i for i in range(n) if i not in side]


class Linked:
    """Disjoint sets of the items 0..n-1 (union-find with path halving): pips joined pair by
    pair into the groups they link.

    >>> links = Linked(5)
    >>> links.join(0, 3); links.join(3, 4)
    >>> links.same(0, 4), links.groups()
    (True, [[0, 3, 4], [1], [2]])
    """

    def __init__(self, n: int) -> None:
        self._root = list(range(n))

    def find(self, i: int) -> int:
        root = self._root
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    def same(self, i: int, j: int) -> bool:
        return self.find(i) == self.find(j)

    def join(self, i: int, j: int) -> None:
        self._root[self.find(i)] = self.find(j)

    def groups(self) -> list[list[int]]:
        """The sets, each in increasing order, ordered by their first item."""
        by: dict[int, list[int]] = {}
        for i in range(len(self._root)):
            by.setdefault(self.find(i), []).append(i)
        return list(by.values())


def median(values: Sequence[float]) -> float:
    """``float(np.median(values))`` of a short list, without numpy's ~15 us overhead (a read
    asks for hundreds): the middle value, or the middle pair's (a + b) / 2 as numpy's mean
    of two computes it. NaNs and an empty list go to numpy."""
    s = sorted(values)
    n = len(s)
    if n == 0 or any(v != v for v in s):
        return float(np.median(values))
    return float(s[n // 2]) if n % 2 else float((s[n // 2 - 1] + s[n // 2]) / 2)


def mean(values: Sequence[float]) -> float:
    """``float(np.mean(values))`` of a list of fewer than 8 values without numpy's ~10 us
    overhead: numpy adds that few one after another (its pairwise summation starts at 8), as
    here; longer lists go to numpy."""
    n = len(values)
    if not 0 < n < 8:
        return float(np.mean(values))
    total = 0.0
    for v in values:  # not sum(): Python 3.12's compensates the rounding
        total += v
    return float(total / n)


def share(mask: np.ndarray) -> float:
    """``float(np.mean(mask))`` of a boolean array: the count of Trues over the size (numpy
    sums them as floats, exactly), without its overhead."""
    if mask.size == 0:
        return float(np.mean(mask))
    return np.count_nonzero(mask) / mask.size


@dataclass(frozen=True)
class Group:
    """Pips read as one face: centre and half the face side (pixels)."""

    pips: tuple[Pip, ...]
    cx: float
    cy: float
    half: float  # half the face side, pixels

    @cached_property
    def r(self) -> float:
        """Median pip radius (asked for many times per group: worked out once)."""
        return median([p.r for p in self.pips])

    @property
    def dark(self) -> bool:
        return self.pips[0].dark


def same_spot(p: Pip, q: Pip) -> bool:
    """Whether two pips are one spot: centres nearer than the larger radius (a pip found where
    a completed face inferred one).

    >>> def pip(x, r):
    ...     return Pip(x, 10.0, r, True, 60.0, 200.0, 140.0, 0.9)
    >>> same_spot(pip(10.0, 2.0), pip(11.5, 1.0)), same_spot(pip(10.0, 1.0), pip(11.5, 1.0))
    (True, False)
    """
    return math.hypot(p.x - q.x, p.y - q.y) < max(p.r, q.r)


def make_group(ps: list[Pip], half_single: float) -> Group:
    xl, yl = [p.x for p in ps], [p.y for p in ps]
    # ``mean``: np.mean's numbers without its overhead (a read makes dozens of groups).
    cx, cy = mean(xl), mean(yl)
    if len(ps) == 1:
        half = half_single
    else:
        # Corner pips sit at about 0.58 of the half side along each axis.
        half = 1.23 * float(np.max(np.hypot(np.array(xl) - cx, np.array(yl) - cy)))
    return Group(tuple(ps), cx, cy, half)


def layout_ok(g: Group, die_px: float | None = None) -> bool:
    """Does the pip pattern look like a die face of that count? ``die_px``: the die side if
    known (a 2's pips may then lie as far apart as a die allows, however small they seem)."""
    n = len(g.pips)
    if n == 1:
        return True
    if n > 6:
        return False
    pts = np.array([[p.x - g.cx, p.y - g.cy] for p in g.pips])
    d = np.hypot(pts[:, 0], pts[:, 1])
    dmax = d.max()
    r = g.r
    if n == 2:
        # Blurred pips measure small: with the die's size known, its diagonal bounds the span.
        reach = max(11.0 * r, _PAIR_SPAN * die_px) if die_px else 11.0 * r
        return bool(3.5 * r <= 2 * dmax <= reach)
    if n == 3:
        # Collinear, with the middle pip at the centre.
        return bool(d.min() < 0.25 * dmax and 1.8 * r <= dmax <= 6.0 * r)
    if n in (4, 6):
        return bool(d.min() > (0.45 if n == 6 else 0.6) * dmax)
    if n == 5:
        return bool(d.min() < 0.25 * dmax and np.sort(d)[1] > 0.6 * dmax)
    return False
