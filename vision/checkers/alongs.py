"""Where checker circles sit along a point: their distances from its edge, the slot grid they
keep (its pitch and any shift off it)."""

from __future__ import annotations

from typing import overload

import numpy as np

from vision.checkers.model import Cell


def circle_pitch(
    circles: np.ndarray,
    cells: list[Cell],
    h: int,
    d: float,
    outlines: list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None,
) -> float | None:
    """Spacing of neighbouring checkers along a point, from circles on the same point (some
    boards leave gaps between checkers); None when too few pairs are seen.  ``outlines``:
    the cells' ``point_outlines`` of these circles (the first of each: ``alongs_of`` them),
    when the caller has them."""
    gaps: list[float] = []
    for i, c in enumerate(cells if len(circles) else ()):
        steps = np.diff(outlines[i][0] if outlines is not None else alongs_of(circles, c, h))
        gaps += steps[(0.85 * d < steps) & (steps < 1.6 * d)].tolist()
    if len(gaps) < 3:
        return None
    return float(np.median(gaps))


def grid_shift(alongs: np.ndarray, d: float, pitch: float) -> float:
    """How far this point's outlines sit beyond the slot grid (a board edge registered a few
    pixels off, a frame lip): the median offset of those near a slot, when two or more are."""
    if len(alongs) < 2:
        return 0.0  # fewer than two outlines (most points): no median to take
    t = (alongs[alongs < 5 * pitch] - 0.5 * d) / pitch
    res = (t - np.round(t)) * pitch
    res = res[np.abs(res) < 0.3 * d]
    if len(res) < 2:
        return 0.0
    # np.median's number (the middle one, or the float32 mean of the middle two) without its
    # overhead: these are a few float32 values, never NaN.
    res.sort()
    m = len(res) // 2
    return float(res[m]) if len(res) % 2 else float((res[m - 1] + res[m]) / 2)


@overload
def shifted(circles: np.ndarray, cell: Cell, shift: float) -> np.ndarray: ...
@overload
def shifted(circles: np.ndarray | None, cell: Cell, shift: float) -> np.ndarray | None: ...
def shifted(circles: np.ndarray | None, cell: Cell, shift: float) -> np.ndarray | None:
    """Circles moved back toward the point's edge by ``shift``."""
    if circles is None or not len(circles):
        return circles
    out = circles.copy()
    out[:, 1] += -shift if cell.top else shift
    return out


def alongs_of(circles: np.ndarray, cell: Cell, h: int) -> np.ndarray:
    """Distances from the point's edge of the circles on the cell's column and half, sorted."""
    if not len(circles):
        return np.zeros(0, np.float32)
    y = circles[:, 1]
    inside = np.abs(circles[:, 0] - (cell.x0 + cell.x1) / 2.0) < 0.35 * (cell.x1 - cell.x0)
    half = y < h / 2
    inside &= half if cell.top else ~half  # not '== cell.top': one array operation less
    ys = y[inside] if cell.top else h - 1 - y[inside]
    ys.sort()  # a fresh array: sorted in place (np.sort would copy it again)
    return ys


def alongs_by_cell(circles: np.ndarray, cells: list[Cell], h: int) -> list[np.ndarray]:
    """``alongs_of(circles, cell, h)`` for every cell, from one sort and one array test (the
    same float32 arithmetic: each cell's middle and half width as float32, as ``alongs_of``'s
    scalars become).

    >>> c = np.array([[20.0, 30.0, 18.0], [20.0, 400.0, 18.0]], np.float32)
    >>> [a.tolist() for a in alongs_by_cell(c, [Cell(0, True, 0, 40), Cell(0, False, 0, 40)], 480)]
    [[30.0], [79.0]]
    """
    if not len(circles):
        return [np.zeros(0, np.float32) for _ in cells]
    order = np.argsort(circles[:, 1], kind="stable")
    ys, xs = circles[order, 1], circles[order, 0]  # one sort: the y-sorted values and their x
    mids = np.array([(c.x0 + c.x1) / 2.0 for c in cells]).astype(xs.dtype)[:, None]
    reach = np.array([0.35 * (c.x1 - c.x0) for c in cells]).astype(xs.dtype)[:, None]
    inside = np.abs(xs[None, :] - mids) < reach
    top = ys < h / 2
    out = []
    for i, c in enumerate(cells):
        if c.top:
            out.append(ys[inside[i] & top])
        else:
            # Sorted by y, the bottom half's distances from its edge run backwards.
            out.append(np.ascontiguousarray((h - 1 - ys[inside[i] & ~top])[::-1]))
    return out
