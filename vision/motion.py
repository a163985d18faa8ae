"""Still-scene detection and read confirmation.

A frame is compared with the previous one on a small grey copy (160x120 by default), which
costs about a millisecond on 1280x960 frames.  The scene is *still* once ``still_frames``
consecutive frames changed less than ``max_changed`` (fraction of pixels that moved by more than
``pixel_threshold`` grey levels).  A reading is *confirmed* once ``confirmations`` consecutive
reads of still scenes agree.

::

    motion = MotionDetector(still_frames=5)
    confirm = ReadConfirmer(confirmations=3)
    for frame in camera:
        state = motion.update(frame)
        if state.still:
            obs = reader.read(frame)
            confirmed = confirm.update(obs)
            if confirmed is not None:
                referee.observe(confirmed)
        else:
            confirm.reset()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np


@dataclass(frozen=True)
class MotionState:
    still: bool  # the scene has been still for the required number of frames
    changed: float  # fraction of pixels that changed since the previous frame
    still_count: int  # consecutive frames below the threshold so far


class MotionDetector:
    """Frame differencing on a downscaled grey frame."""

    def __init__(
        self,
        *,
        still_frames: int = 5,
        max_changed: float = 0.002,
        pixel_threshold: int = 18,
        size: tuple[int, int] = (160, 120),
    ) -> None:
        if still_frames < 1:
            raise ValueError("still_frames must be at least 1")
        self.still_frames = still_frames
        self.max_changed = max_changed
        self.pixel_threshold = pixel_threshold
        self.size = size
        self._previous: np.ndarray | None = None
        self._count = 0

    def reset(self) -> None:
        self._previous = None
        self._count = 0

    def _small(self, frame: np.ndarray) -> np.ndarray:
        if frame.ndim == 3:
            # Downscale first, then convert: fewer pixels to convert.
            small = cv2.resize(frame, self.size, interpolation=cv2.INTER_AREA)
            small = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        else:
            small = cv2.resize(frame, self.size, interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (3, 3), 0)

    def update(self, frame: np.ndarray) -> MotionState:
        """Feed one frame (BGR or grey uint8); a bad frame counts as motion."""
        if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.dtype != np.uint8:
            self._count = 0
            return MotionState(False, 1.0, 0)
        small = self._small(frame)
        if self._previous is None or self._previous.shape != small.shape:
            self._previous = small
            self._count = 0
            return MotionState(False, 1.0, 0)
        diff = cv2.absdiff(small, self._previous)
        self._previous = small
        changed = float(np.count_nonzero(diff > self.pixel_threshold)) / diff.size
        self._count = self._count + 1 if changed <= self.max_changed else 0
        return MotionState(self._count >= self.still_frames, changed, self._count)


class ReadConfirmer:
    """Pass an observation on once ``confirmations`` consecutive ones agree (``key()``)."""

    def __init__(self, confirmations: int = 3) -> None:
        if confirmations < 1:
            raise ValueError("confirmations must be at least 1")
        self.confirmations = confirmations
        self._key: Any = None
        self._count = 0

    def reset(self) -> None:
        self._key = None
        self._count = 0

    def update(self, observation: Any) -> Any | None:
        """The observation when it has just been confirmed (or is still confirmed), else None."""
        key = observation.key()
        if observation.status != "ok":
            self.reset()
            return None
        if key == self._key:
            self._count += 1
        else:
            self._key = key
            self._count = 1
        return observation if self._count >= self.confirmations else None
