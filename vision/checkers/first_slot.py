"""An empty dark point whose first slot looks more like a checker than its neighbours' do.

A lone dark checker at the base of a dark triangle shows neither outline nor colour of its own
(dark on dark), and ``triangle_sides`` looks at the sides only from one checker up: such a
point was read empty at full confidence.  Colour cannot say "empty" there, so the edge slot
needs the bare triangle's look: the learned slot cue (``slot_model``'s edge probability) must
see it as plainly empty as the frame's other empty points of the same triangle colour.  An
empty dark point whose edge probability is at least ``EDGE_DOUBT`` and ``ABOVE_USUAL`` times
theirs (median) is doubted; the count stays empty.  (The cue alone doubts at 0.8; on dark
triangles its lone checkers mostly score 0.25-0.8, while the frame's empty ones score
about 0.05.)

>>> dark = [True, True, True, False]
>>> unlike_empty([0.3, 0.05, 0.04, 0.9], [True] * 4, [0, 0, 0, 0], dark)
[True, False, False, False]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.medians import median_of

# A triangle at least this dark (Lab L, 8-bit) is as dark as a dark checker set.
DARK_L = 40.0
# The edge slot's probability of a checker from which such a point is doubted...
EDGE_DOUBT = 0.25
# ... when it is at least this many times the frame's other empty points' (of its colour),
ABOVE_USUAL = 3.0
# counting theirs as at least FLOOR (a frame of plainly empty points is no excuse).
FLOOR = 0.01


def unlike_empty(
    edge_p: list[float], empty: list[bool], parity: list[int], dark: list[bool]
) -> list[bool]:
    """Per point: read empty on a dark triangle (``dark``), yet its edge slot's probability of a
    checker (``edge_p``) high and far above the frame's other empty points of its colour."""
    out = [False] * len(edge_p)
    for i, p in enumerate(edge_p):
        if not (empty[i] and dark[i]) or p < EDGE_DOUBT:
            continue
        others = [t for j, t in enumerate(edge_p) if j != i and empty[j] and parity[j] == parity[i]]
        out[i] = bool(others) and p >= ABOVE_USUAL * max(median_of(others), FLOOR)
    return out


def dark_edge_doubts(
    edge_p: Callable[[int], float],
    indices: list[int],
    empty: list[bool],
    parity: list[int],
    triangles: np.ndarray,
) -> list[bool]:
    """Per cell (point ``indices[i]``): :func:`unlike_empty`, the learned cue asked
    (``edge_p(point)``) only on the empty points of dark triangles (``triangles``: each cell's
    Lab colour).

    >>> tris = np.float32([[20, 128, 128]] * 3 + [[180, 128, 128]])
    >>> dark_edge_doubts({0: 0.4, 1: 0.02, 2: 0.03}.get, [0, 1, 2, 3], [True] * 4, [0] * 4, tris)
    [True, False, False, False]
    """
    dark = [bool(e and t[0] < DARK_L) for e, t in zip(empty, triangles, strict=True)]
    if not any(dark):
        return dark
    edge = [edge_p(idx) if k else 0.0 for idx, k in zip(indices, dark, strict=True)]
    return unlike_empty(edge, empty, parity, dark)
