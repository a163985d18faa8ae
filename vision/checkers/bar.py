"""Checkers on the bar: circles in the bar strip with a rim all round, coloured like the
points' checkers; doubtful when a bar circle is faint or lies at the bar's ends."""

from __future__ import annotations

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.colours import colour_labels, two_clusters
from vision.checkers.empty_board import colour_dist
from vision.checkers.model import CheckerColours

# A checker on the bar shows its rim all round (2.7 and up); the cube's corners, a hand's
# fingers and wood grain do not (under 2.2).
BAR_RIM = 2.5
# Radius over checker diameter of a bar checker's circle at least: the circle search often
# finds its bevel (0.39-0.41; 0.42 missed 3 of 17 train bar misses).
BAR_MIN_R = 0.38
# A bar circle whose rim all round is in this range is too faint to count and too clear to
# ignore (a checker half seen, a cube's or a die's edge): the bar count is doubtful (train:
# 6 of 12 wrong bar counts, 9 of 362 right ones).
BAR_RIM_DOUBT = (1.8, 3.0)
# A bar checker counted this far (in checkers) from the bar's middle lies at its ends, by the
# frame, where dice land: doubtful (train: 2 of 12 wrong bar counts, no right one).
BAR_END = 4.5


def bar_checkers(
    lab: np.ndarray,
    geo: BoardGeometry,
    circles: np.ndarray,
    rims: np.ndarray,
    d: float,
    colours: CheckerColours | None,
    labels: np.ndarray,
    feats: list[tuple[float, float, float]],
) -> tuple[int, int, float]:
    """Checkers on the bar: circles centred in the bar strip with a rim all round (``rims``),
    coloured like the points' ones."""
    if not len(circles):
        return 0, 0, 0.6
    b0, b1 = geo.bar_span
    mid = (b0 + b1) / 2.0
    # Centred on the bar (a narrow bar's checkers overhang it), and not on a point column.
    reach = max(0.5 * (b1 - b0), 0.25 * d)
    sel = (np.abs(circles[:, 0] - mid) < reach) & (circles[:, 2] > BAR_MIN_R * d)
    lo, hi = BAR_RIM_DOUBT
    doubt = bool(np.any(sel & (rims >= lo) & (rims < hi)))
    # The doubling cube often waits on the bar's middle, smaller than a checker; checkers on
    # the bar sit to either side of the middle.
    h = lab.shape[0]
    on_bar = circles[sel & (rims > BAR_RIM) & (np.abs(circles[:, 1] - h / 2) > 0.35 * d)]
    doubt = doubt or bool(np.any(np.abs(on_bar[:, 1] - h / 2) > BAR_END * d))
    if not len(on_bar):
        return 0, 0, 0.5 if doubt else 0.8
    bar_cols = []
    for x, y, _ in on_bar:
        r = 0.3 * d
        patch = lab[int(max(0, y - r)) : int(y + r) + 1, int(max(0, x - r)) : int(x + r) + 1]
        bar_cols.append(patch.reshape(-1, 3).mean(axis=0))
    bar_cols_a = np.array(bar_cols, np.float32)
    if colours is not None:
        blk = colour_labels(bar_cols_a, colours)
    elif len(feats) >= 2:
        f = np.array(feats, np.float32)
        mw = f[labels == 0].mean(axis=0) if np.any(labels == 0) else f.mean(axis=0)
        mb = f[labels == 1].mean(axis=0) if np.any(labels == 1) else f.mean(axis=0)
        blk = colour_dist(bar_cols_a, mb) < colour_dist(bar_cols_a, mw)
    else:
        blk = two_clusters(bar_cols_a)
    n_b = int(np.sum(blk))
    return len(on_bar) - n_b, n_b, 0.5 if doubt else 0.7
