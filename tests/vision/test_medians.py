from __future__ import annotations

import numpy as np
import pytest

from vision.medians import channel_medians


@pytest.mark.parametrize("shape", [(1, 1, 3), (2, 1, 3), (7, 5, 3), (40, 31, 3), (9, 4, 1)])
def test_channel_medians_are_numpys_on_the_float_copy(shape: tuple[int, int, int]) -> None:
    rng = np.random.default_rng(sum(shape))
    img = rng.integers(0, 256, shape, dtype=np.uint8)
    want = np.median(img.astype(np.float32).reshape(-1, shape[2]), axis=0)
    got = channel_medians(img)
    assert got.dtype == np.float32
    assert got.tolist() == want.tolist()
