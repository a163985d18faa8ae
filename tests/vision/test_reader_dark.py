"""The too-dark test decided without its thumbnail gives the thumbnail's verdict."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.reader import BoardReader, _surely_bright


def _thumbnail_dark(frame: np.ndarray, min_brightness: float = 28.0) -> bool:
    """The test as it is defined: on a 160x120 area-resized grey thumbnail."""
    small = cv2.resize(frame, (160, 120), interpolation=cv2.INTER_AREA)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    return float(grey.mean()) < min_brightness and float(np.percentile(grey, 95)) < 60


def _frame(shape: tuple[int, int], level: float, seed: int) -> np.ndarray:
    """Coloured noise with blobs, scaled so its grey mean is about ``level``."""
    rng = np.random.default_rng(seed)
    noise = rng.integers(0, 256, (*shape, 3)).astype(np.float32)
    img = cv2.GaussianBlur(noise, (0, 0), float(rng.uniform(0.5, 6)))
    img = img * (level / max(float(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).mean()), 1e-3))
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def test_a_frame_surely_bright_has_a_bright_thumbnail() -> None:
    # Levels about the threshold, tiling and non-tiling sizes.
    for seed, level in enumerate(np.linspace(24.0, 34.0, 60)):
        for shape in ((960, 1280), (480, 640), (700, 1000)):
            frame = _frame(shape, float(level), seed)
            grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
            if _surely_bright(grey, 28.0):
                small = cv2.cvtColor(
                    cv2.resize(frame, (160, 120), interpolation=cv2.INTER_AREA),
                    cv2.COLOR_BGR2GRAY,
                )
                assert small.mean() >= 28.0
    bright = _frame((960, 1280), 40.0, 0)
    assert _surely_bright(cv2.cvtColor(bright, cv2.COLOR_BGR2GRAY), 28.0)
    assert not _surely_bright(cv2.cvtColor(bright[:700, :1000], cv2.COLOR_BGR2GRAY), 28.0)


@pytest.mark.parametrize("shape", [(960, 1280), (700, 1000)])
def test_reader_says_too_dark_exactly_when_the_thumbnail_does(shape: tuple[int, int]) -> None:
    reader = BoardReader(dice_finder=False, board_finder=lambda frame: None)
    for seed, level in enumerate((20.0, 26.0, 27.5, 28.5, 29.5, 31.0, 40.0)):
        frame = _frame(shape, level, seed)
        status = reader.read(frame).status
        assert (status == "too_dark") == _thumbnail_dark(frame), (level, status)
