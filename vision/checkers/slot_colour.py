"""An empty-read slot coloured like a checker set (dark on dark, light on light)."""

from __future__ import annotations

import numpy as np

from vision.checkers.empty_board import colour_dist

# Colour distance within which an edge slot's mean colour is a checker set's.
LOOKS_LIKE = 2.5


def looks_like(px: np.ndarray, sets: list[tuple[bool, np.ndarray]]) -> bool | None:
    """Which checker set (True: black) these pixels' mean colour is, within ``LOOKS_LIKE``;
    None when neither."""
    if not len(px):
        return None
    mean = px.mean(axis=0)
    dist = [(float(colour_dist(mean, c)), blk) for blk, c in sets]
    best = min(dist, default=(np.inf, False))
    return best[1] if best[0] < LOOKS_LIKE else None
