"""find_cube's table look-up of each strip's steps off its median gives the subtraction's
float32 numbers exactly."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cube import _off_median
from vision.medians import channel_medians


def test_off_median_equals_the_subtraction() -> None:
    rng = np.random.default_rng(17)
    for seed in range(40):
        h, w = rng.integers(2, 90, 2)
        # Even pixel counts give half medians; a narrow range gives many ties at the median.
        top = int(rng.integers(2, 257))
        lab = rng.integers(0, top, (h, w, 3)).astype(np.uint8)
        if seed % 2:
            lab = cv2.GaussianBlur(lab, (3, 3), 0)
        median = channel_medians(lab)
        dl, da, db = cv2.split(cv2.subtract(lab.astype(np.float32), (*median.tolist(), 0)))
        got_dl, got_c2 = _off_median(lab, median)
        assert got_dl.dtype == np.float32 and np.array_equal(got_dl, dl)
        assert got_c2.dtype == np.float32 and np.array_equal(got_c2, da * da + db * db)
