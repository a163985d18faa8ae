"""Geometry helpers for grouping pips into faces (kept apart from vision.dice for size).

>>> import numpy as np
>>> pts = np.array([[0, 0], [10, 0], [0, 10], [60, 0], [70, 0]], float)
>>> sorted(map(sorted, mst_cut(pts)))
[[0, 1, 2], [3, 4]]
"""

from __future__ import annotations

import numpy as np


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
    a = sorted(side)
    return a, [i for i in range(n) if i not in side]
