"""Where two frames of a still camera differ: the boxes a reader needs to look at again.

Between two still scenes of a game only a few places change (a die thrown, a checker moved),
so the dice search can skip the rest of the frame.

    >>> import numpy as np
    >>> a = np.zeros((480, 640, 3), np.uint8)
    >>> b = a.copy(); b[100:140, 200:240] = 255
    >>> changes = FrameChanges(margin_px=20)
    >>> changes.update(a) is None          # nothing to compare with yet: look everywhere
    True
    >>> [tuple(int(v) for v in box) for box in changes.update(b)]
    [(176, 76, 264, 164)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

Box = tuple[int, int, int, int]


@dataclass
class FrameChanges:
    """Compares each frame with the previous one at 1/``scale`` size.

    ``update`` returns the changed boxes (x0, y0, x1, y1, grown by ``margin_px``), or None when
    the whole frame must be looked at: the first frame, a new frame size, or more than
    ``max_share`` of the frame changed (a light switched on, the camera moved).
    """

    margin_px: float = 30.0
    threshold: int = 12  # grey levels of the blurred small frame: well above sensor noise
    max_share: float = 0.4
    scale: int = 4
    _last: np.ndarray | None = field(default=None, repr=False)

    def update(self, frame: np.ndarray) -> list[Box] | None:
        h, w = frame.shape[:2]
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        small = cv2.resize(grey, (w // self.scale, h // self.scale), interpolation=cv2.INTER_AREA)
        small = cv2.GaussianBlur(small, (3, 3), 0)
        last, self._last = self._last, small
        if last is None or last.shape != small.shape:
            return None
        mask: np.ndarray = (cv2.absdiff(small, last) > self.threshold).astype(np.uint8)
        grow = max(1, int(round(self.margin_px / self.scale)))
        mask = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * grow + 1,) * 2))
        n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
        boxes = []
        for x, y, bw, bh, _area in stats[1:n]:
            s = self.scale
            boxes.append(
                (int(x * s), int(y * s), min(w, int((x + bw) * s)), min(h, int((y + bh) * s)))
            )
        if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > self.max_share * w * h:
            return None
        return boxes


def merged(boxes: list[Box]) -> list[Box]:
    """Overlapping boxes joined into their bounding box, until none overlap."""
    out = list(boxes)
    joined = True
    while joined:
        joined = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                if _overlap(out[i], out[j]):
                    a, b = out[i], out.pop(j)
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    joined = True
                    break
            if joined:
                break
    return out


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
