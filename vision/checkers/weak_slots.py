"""Slots of a point seen by unverified outlines (``raw``: their distances from the point's
edge): a colour run kept up to its last outline, a dark-on-dark row from the edge, the slots
between sure checkers (``stacks.cell_checkers`` asks them)."""

from __future__ import annotations

import numpy as np


def outlined_run(n_colour: int, raw: np.ndarray | None, d: float, pitch: float) -> int:
    """Slots seen by colour alone, kept up to the last with an outline (verified or not;
    ``raw``: the point's ``alongs_of`` of the unverified outlines, None without them).

    >>> outlined_run(4, np.array([20.0, 61.0]), 40.0, 41.0)   # outlines on slots 0 and 1
    2
    """
    if raw is None:
        return n_colour
    alongs = raw
    slots = [k for k in range(n_colour) if np.any(np.abs(alongs - (0.5 * d + k * pitch)) < 0.3 * d)]
    return max(slots) + 1 if slots else 0


def weak_rows(seen: list[bool], raw: np.ndarray | None, d: float, pitch: float) -> list[bool]:
    """On a point where nothing else was seen, unverified outlines on the first two slots, or
    on two or more slots in a row from one of the first three (the first checkers matching
    their triangle show no rim), and none off the slot grid, make a row from the edge
    (dark-on-dark checkers). ``raw``: the point's ``alongs_of`` of those outlines, or None.

    >>> weak_rows([False] * 5, np.array([61.0, 102.0]), 40.0, 41.0)   # slots 1 and 2
    [True, True, True, False, False]
    """
    if raw is None or any(seen):
        return seen
    t = (raw - 0.5 * d) / pitch
    t = t[t < len(seen) - 0.5]
    if not len(t):  # no outline in reach (most empty points): no row
        return seen
    on_grid = np.abs(t - np.round(t)) * pitch < 0.225 * d
    on = {int(round(v)) for v in t[on_grid] if v > -0.5}
    # Wood grain scatters circles anywhere: every outline must sit on the grid, and the row
    # must start near the edge (train+dev: the run rule alone found 3 missed stacks, no
    # phantom).
    if not on or not np.all(on_grid):
        return seen
    if not ({0, 1} <= on or (min(on) <= 2 and run_from(on, min(on)) >= 2)):
        return seen
    return [v or k <= max(on) for k, v in enumerate(seen)]


def run_from(slots: set[int], start: int) -> int:
    """Length of the run of consecutive slots from ``start``.

    >>> run_from({1, 2, 3, 5}, 1)
    3
    """
    k = start
    while k + 1 in slots:
        k += 1
    return k - start + 1


def weak_between(seen: list[bool], raw: np.ndarray | None, d: float, pitch: float) -> list[bool]:
    """Slots below the outermost seen one also seen by an unverified outline (``raw``: the
    point's ``alongs_of`` of them, or None): between sure checkers, a weak rim (dark-on-dark)
    is a checker, not a triangle's edge.

    >>> weak_between([False, False, True], np.array([62.0]), 40.0, 41.0)
    [False, True, True]
    """
    far = max((k for k, v in enumerate(seen) if v), default=-1)
    if raw is None or far < 1:
        return seen
    a = raw
    if not len(a):
        return seen
    out = list(seen)
    for k in range(far):
        out[k] = out[k] or float(np.min(np.abs(a - (0.5 * d + k * pitch)))) < 0.225 * d
    return out
