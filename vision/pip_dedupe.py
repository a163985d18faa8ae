"""One spot where spots overlap: a pip candidate inside a stronger one of the same polarity goes.

The pip search finds a spot at several scales and in several measuring images; ``dedupe`` keeps
the strongest of each cluster. It finds the pairs that may clash at once (a sort on x) and
walks only the spots that have a stronger rival, in blocks so that a textured photo's
thousands of spots stay within memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from vision.pips import Pip


def dedupe(pips: list[Pip]) -> list[Pip]:
    """Drop a spot whose centre lies inside a stronger spot of the same polarity (strongest
    first: a spot dropped drops no other).

    The pairs that may clash are found at once (centres nearer in x than the largest radius,
    by a sort on x); only spots with a stronger rival are then walked, in order."""
    pips = sorted(pips, key=lambda p: -p.contrast)
    n = len(pips)
    if n < 2:
        return pips
    x = np.array([p.x for p in pips], np.float64)
    y = np.array([p.y for p in pips], np.float64)
    r = np.array([p.r for p in pips], np.float64)
    dark = np.array([p.dark for p in pips], bool)
    # Within a spot's radius (the larger of the two) means nearer in x than the largest one;
    # the window is a little wider than that, the exact test below decides.
    reach = 1.001 * float(r.max()) + 1e-6
    by_x = np.argsort(x, kind="stable")
    xs = x[by_x]
    lo = np.searchsorted(xs, xs - reach, side="left")
    span = np.searchsorted(xs, xs + reach, side="right") - lo
    ends = np.cumsum(span)
    clashes = []
    # In blocks of about _PAIRS window pairs (a textured photo's spots stay within memory).
    for b0, b1 in _blocks(ends, _PAIRS):
        s = span[b0:b1]
        b = np.repeat(np.arange(b0, b1), s)
        a = np.arange(len(b)) - np.repeat(np.cumsum(s) - s, s) + np.repeat(lo[b0:b1], s)
        i, j = by_x[a], by_x[b]
        pair = i < j  # i the stronger
        i, j = i[pair], j[pair]
        # As the one-by-one test computed it: the stronger kept spot's centre minus the new
        # one's.
        d2 = (x[i] - x[j]) ** 2 + (y[i] - y[j]) ** 2
        clash = (dark[i] == dark[j]) & (d2 < np.maximum(r[i], r[j]) ** 2)
        clashes.append((i[clash], j[clash]))
    i = np.concatenate([c[0] for c in clashes])
    j = np.concatenate([c[1] for c in clashes])
    kept = [True] * n
    order = np.lexsort((i, j))
    for si, sj in zip(i[order].tolist(), j[order].tolist(), strict=True):
        if kept[si]:  # final: every rival of si is stronger, so came before
            kept[sj] = False
    return [p for p, k in zip(pips, kept, strict=True) if k]


_PAIRS = 1 << 18


def _blocks(ends: np.ndarray, size: int) -> list[tuple[int, int]]:
    """Consecutive ranges [b0, b1) of positions whose counts (``ends``: their running total)
    add up to about ``size`` each (a range holds one position at least)."""
    out, b0, n = [], 0, len(ends)
    while b0 < n:
        start = int(ends[b0 - 1]) if b0 else 0
        b1 = max(b0 + 1, int(np.searchsorted(ends, start + size, side="right")))
        out.append((b0, min(b1, n)))
        b0 = b1
    return out
