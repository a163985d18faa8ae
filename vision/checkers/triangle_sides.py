"""Whether an empty point's triangle still shows its sides: a stack the counter missed hides them.

Dark checkers on a dark triangle show neither outline nor colour of their own, and a whole stack
of them can be read "empty" with full confidence.  But a stack covers the triangle's two long
sides where it lies, while an empty triangle shows them from base to tip against the field.  So
along each side, between one checker from the edge and the tip's last fifth, the colour step
across the side is sampled: a side is seen at a sample where the step is at least half the
step between the triangle's colour and the field's.  An empty point whose sides are seen far
less than on the frame's other empty points of its colour is doubtful: a stack may lie there.
The cue only doubts (the count stays empty), and says nothing where triangles and field are
alike (no step to see).

>>> import numpy as np
>>> strip = np.full((200, 40, 3), (60.0, 128.0, 128.0), np.float32)  # the field
>>> yy, xx = np.mgrid[0:200, 0:40]
>>> tri = np.abs(xx - 19.5) < np.clip((1 - yy / 160) * 20, 0, None)
>>> strip[tri] = (20.0, 128.0, 128.0)  # a dark triangle
>>> care = np.ones((200, 40), bool)
>>> def seen(strip):
...     dark, field = np.float32([20, 128, 128]), np.float32([60, 128, 128])
...     return sides_seen(strip[None], care[None], 160.0, 30.0, dark[None], field)[0]
>>> seen(strip)
1.0
>>> strip[20:140, :] = (18.0, 128.0, 128.0)  # a dark stack over it
>>> seen(strip)
0.0
"""

from __future__ import annotations

import numpy as np

from vision.medians import median_of

# Below this colour step between triangle and field the sides cannot be seen on any point.
LEAST_STEP = 12.0
# A side sample is seen where the step across it is this share of the triangle-field step.
SEEN_SHARE = 0.5
# Samples across a side: this many pixels inside and outside it.
_ACROSS = 3
_SLACK = 4
# An empty point is doubtful when its sides are seen less than DOUBT_SHARE of the median of
# the frame's other empty points of its colour, and those see theirs at least CLEAR_SIDES.
DOUBT_SHARE = 0.5
CLEAR_SIDES = 0.7


def sides_seen(
    strips: np.ndarray,
    cares: np.ndarray,
    tip: float,
    d: float,
    triangles: np.ndarray,
    field: np.ndarray,
) -> list[float | None]:
    """Per point strip (Lab, stacked (points, rows, columns, 3), row 0 at the points' edge):
    the share of side samples where the triangle's side shows; None when nothing can be told
    (its triangle and the field alike, or no sample clear of dice: ``cares`` False)."""
    triangles = np.asarray(triangles, np.float32).reshape(-1, 3)
    steps = np.linalg.norm(triangles - np.asarray(field, np.float32), axis=1)
    height, width = strips.shape[1:3]
    cx = (width - 1) / 2.0
    ys = np.arange(int(d), int(min(0.8 * tip, height - 1)), 3)
    half = (1.0 - ys / tip) * width / 2.0
    keep = half > _ACROSS + 1
    ys, half = ys[keep], half[keep]
    if not len(ys):
        return [None] * len(strips)
    # The strip's columns may sit a few pixels off the triangle (a cell trimmed to the
    # narrowest, the bar's edge): the side is looked for within _SLACK of its place.
    shifts = np.arange(-_SLACK, _SLACK + 1, dtype=np.float64)[:, None]
    least = ((SEEN_SHARE * steps) ** 2)[:, None]
    seen, clear = [], []
    # Samples gathered by flat index (row * width + column) from each strip's rows of pixels:
    # the same values as indexing rows and columns, ~3x faster.
    flat = strips.reshape(len(strips), -1, 3)
    flat_care = cares.reshape(len(cares), -1)
    for sign in (-1.0, 1.0):
        at = cx + sign * half[None, :] + shifts  # (shifts, rows)
        inner = np.clip(np.round(at - sign * _ACROSS).astype(np.intp), 0, width - 1) + ys * width
        outer = np.clip(np.round(at + sign * _ACROSS).astype(np.intp), 0, width - 1) + ys * width
        clear.append((np.take(flat_care, inner, axis=1) & np.take(flat_care, outer, axis=1)).all(1))
        # (points, shifts, rows, 3); the squared length channel by channel (8-bit Lab values:
        # whole numbers, exact in any order).
        diff = np.take(flat, inner, axis=1) - np.take(flat, outer, axis=1)
        diff *= diff
        sq = diff[..., 0] + diff[..., 1] + diff[..., 2]
        seen.append(sq.max(axis=1) >= least)
    seen_a, clear_a = np.concatenate(seen, axis=1), np.concatenate(clear, axis=1)
    n_clear = clear_a.sum(axis=1)
    shares = (seen_a & clear_a).sum(axis=1) / np.maximum(n_clear, 1)
    return [
        float(share) if n and step >= LEAST_STEP else None
        for share, n, step in zip(shares.tolist(), n_clear.tolist(), steps.tolist(), strict=True)
    ]


def hidden_sides(seen: list[float | None], empty: list[bool], parity: list[int]) -> list[bool]:
    """Per point: read empty, yet its sides hidden far more than on the frame's other empty
    points of its colour (a stack nobody saw)."""
    out = [False] * len(seen)
    for i, s in enumerate(seen):
        if not empty[i] or s is None:
            continue
        others = [
            t
            for j, t in enumerate(seen)
            if j != i and empty[j] and parity[j] == parity[i] and t is not None
        ]
        if len(others) < 2:
            continue
        usual = median_of(others)  # float(np.median(others)), without numpy's overhead
        out[i] = usual >= CLEAR_SIDES and s < DOUBT_SHARE * usual
    return out
