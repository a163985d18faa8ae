"""Perspective warps with OpenCV's own pixels, faster for colour views.

OpenCV 5's ``cv2.warpPerspective`` has a fast path for one- and four-channel 8-bit images
but not for three: a BGR view is warped as BGRA (the same interpolation channel by channel,
the same pixels), then the fourth channel dropped. The BGRA copy of a frame costs a pass over
it, so it is made once a read (``shared_bgra``) or, outside one, for a big view only. The
bench's board view (600x450 of 1280x960) went from 2.4-2.5 to 1.8-1.9 ms; planes warped one
by one (split and merged) were slower in the reader than the whole (more memory traffic).

    >>> import numpy as np
    >>> img = np.random.default_rng(0).integers(0, 256, (96, 128, 3), np.uint8)
    >>> m = np.array([[0.4, 0.02, 3.0], [0.01, 0.45, 2.0], [1e-4, 2e-4, 1.0]])
    >>> want = cv2.warpPerspective(img, m, (20, 15), flags=cv2.INTER_LINEAR)
    >>> with shared_bgra(img):
    ...     out = warp_perspective(img, m, (20, 15))  # a small view: from the shared copy
    >>> bool((out == want).all())
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import cv2
import numpy as np

# Without a shared copy, the BGRA copy is worth it once the view has at least this share of
# the source's pixels (a cube strip, 103x432 of a 1280x960 frame, is faster as is then).
_FOUR_FROM = 0.1


class _Shared:
    """A frame and its BGRA copy, made when first warped."""

    def __init__(self, frame: np.ndarray) -> None:
        self.frame = frame
        self._four: np.ndarray | None = None

    def four(self) -> np.ndarray:
        if self._four is None:
            self._four = cv2.cvtColor(self.frame, cv2.COLOR_BGR2BGRA)
        return self._four


_SHARED: ContextVar[_Shared | None] = ContextVar("_SHARED", default=None)


@contextmanager
def shared_bgra(frame: np.ndarray) -> Iterator[None]:
    """Within the block, warps of this very ``frame`` (the same array object, not changed in
    the block) share one BGRA copy of it (``BoardReader.read``: the board view, the cube's
    strips, the trays, the hand's view and the cube face are all warped from the frame)."""
    token = _SHARED.set(_Shared(frame) if _is_bgr8(frame) else None)
    try:
        yield
    finally:
        _SHARED.reset(token)


def _is_bgr8(image: np.ndarray) -> bool:
    return image.ndim == 3 and image.shape[2] == 3 and image.dtype == np.uint8


def warp_perspective(
    image: np.ndarray, m: np.ndarray, size: tuple[int, int], flags: int = cv2.INTER_LINEAR
) -> np.ndarray:
    """``cv2.warpPerspective(image, m, size, flags=flags)`` (black outside the image), the
    same pixels; a 3-channel 8-bit image is warped as BGRA when its copy is shared
    (``shared_bgra``) or the view is big (faster)."""
    held = _SHARED.get()
    if held is not None and image is held.frame:
        four = held.four()
    elif _is_bgr8(image) and size[0] * size[1] >= _FOUR_FROM * image.shape[0] * image.shape[1]:
        four = cv2.cvtColor(image, cv2.COLOR_BGR2BGRA)
    else:
        return cv2.warpPerspective(image, m, size, flags=flags)
    return cv2.cvtColor(cv2.warpPerspective(four, m, size, flags=flags), cv2.COLOR_BGRA2BGR)
