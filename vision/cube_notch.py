"""A dark cube at the end of a light tray: the gaps a large blob leaves in its own box.

The side strips take their usual colour from their median, which on a dark frame with a light
tray is the frame's: a black cube lying at the tray's end is then no darker than the frame by the
cube's step, and the lighter mask shows it only as a notch bitten out of the tray's blob (the
dark style's black cubes with light digits, fm_beige renders).  The parts of a large blob's
bounding box the blob does not cover are those notches (and the box's corners a round or tilted
blob leaves): :func:`vision.cube.find_cube` keeps those of a cube's size and shape as candidates
and believes one only when a number is read on it.

::

    n, stats, centroids = notch_blobs(lighter_mask, min_area=4 * cube_px**2)
"""

from __future__ import annotations

import cv2
import numpy as np

_OPEN = np.ones((3, 3), np.uint8)


def notch_blobs(mask: np.ndarray, min_area: float) -> tuple[int, np.ndarray, np.ndarray]:
    """The blobs (count with the background, stats, centroids: connectedComponentsWithStats'
    in ``mask``'s coordinates) of the uncovered parts of each blob of ``mask`` (bool) whose
    area is ``min_area`` or more, within that blob's bounding box, opened 3 x 3 (a blob's
    ragged edge is no notch)."""
    # Grana's block-based labelling: the default's labels and stats (both number blobs in
    # raster order), several times faster; 16-bit labels when they cannot overflow.
    bits = cv2.CV_16U if mask.size <= 65535 else cv2.CV_32S
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask.view(np.uint8), 8, bits, cv2.CCL_GRANA
    )
    all_stats: list[np.ndarray] = [np.zeros((1, 5), np.int32)]
    all_cents: list[np.ndarray] = [np.zeros((1, 2), np.float64)]
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < min_area:
            continue
        gaps = (labels[y : y + bh, x : x + bw] != i).view(np.uint8)
        gaps = cv2.morphologyEx(gaps, cv2.MORPH_OPEN, _OPEN)
        m, _, st, ce = cv2.connectedComponentsWithStats(gaps, connectivity=8, ltype=cv2.CV_32S)
        if m < 2:
            continue
        st, ce = st[1:].copy(), ce[1:] + (x, y)
        st[:, 0] += x
        st[:, 1] += y
        all_stats.append(st)
        all_cents.append(ce)
    stats_out = np.concatenate(all_stats)
    return len(stats_out), stats_out, np.concatenate(all_cents)
