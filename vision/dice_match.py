"""Which predicted die is which labelled die: matching by centre (see ``eval_dice``'s doc).

>>> match_dice([{"bbox": [8, 8, 33, 33]}], [{"bbox": [10, 10, 30, 30]}])
[(0, 0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# A prediction matches a label when its centre lies in the label's box grown by this share of
# the box's size on each side (the real sets draw boxes differently: pips only, top face, die).
GROW = 0.25


def _box(d: Mapping[str, Any]) -> tuple[float, float, float, float]:
    b = d.get("bbox")
    if b is None or len(b) != 4:
        raise ValueError(f"die without a 4-number bbox: {d!r}")
    x0, y0, x1, y1 = (float(v) for v in b)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _centre(d: Mapping[str, Any]) -> tuple[float, float]:
    if d.get("centre") is not None:
        cx, cy = d["centre"]
        return float(cx), float(cy)
    x0, y0, x1, y1 = _box(d)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _inside(p: tuple[float, float], box: tuple[float, float, float, float], grow: float) -> bool:
    x0, y0, x1, y1 = box
    gx, gy = grow * (x1 - x0), grow * (y1 - y0)
    return x0 - gx <= p[0] <= x1 + gx and y0 - gy <= p[1] <= y1 + gy


def match_dice(
    predicted: Sequence[Mapping[str, Any]], labelled: Sequence[Mapping[str, Any]]
) -> list[tuple[int, int]]:
    """Pairs (prediction index, label index), greedy by centre distance; see module doc."""
    cands = []
    for i, p in enumerate(predicted):
        pc, pb = _centre(p), _box(p)
        for j, lab in enumerate(labelled):
            lc, lb = _centre(lab), _box(lab)
            if _inside(pc, lb, GROW) or _inside(lc, pb, 0.0):
                cands.append(((pc[0] - lc[0]) ** 2 + (pc[1] - lc[1]) ** 2, i, j))
    cands.sort()
    used_p: set[int] = set()
    used_l: set[int] = set()
    pairs = []
    for _, i, j in cands:
        if i in used_p or j in used_l:
            continue
        used_p.add(i)
        used_l.add(j)
        pairs.append((i, j))
    return pairs
