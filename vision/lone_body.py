"""Is a lone pip on a die's body like the photo's read dice? (dice-only photos, no board)

A lone spot is kept as a 1 only where its face is as light as the photo's read faces
(``vision.lone_pips``): that keeps out spots on the table. Marbled dice (fudw) vary in
lightness from face to face far more than that (a 1's face 86-108 grey against its photo's
faces' 32-57), but not in hue: the marbling is all one blue. Here a lone pip whose face
lightness is off is still taken for a die's where the chroma (Lab a, b) on a ring round it
is the chroma round the read faces' pips. Another surface (a wooden bowl, a white tray)
differs in hue.

    >>> import numpy as np
    >>> from vision.pips import Pip
    >>> img = np.full((100, 200, 3), (40, 90, 160), np.uint8)  # brown table (BGR)
    >>> img[30:70, 30:70] = (160, 90, 20)  # a blue die's face with a pip read
    >>> img[30:70, 130:170] = (230, 160, 80)  # a lighter blue face: its lone pip
    >>> img[48:53, 48:53] = img[48:53, 148:153] = 255
    >>> read = [Pip(50.0, 50.0, 2.5, False, 150.0, 90.0, 240.0, 0.9)]
    >>> body = body_alike(img, 1.0, read)
    >>> body(Pip(150.0, 50.0, 2.5, False, 150.0, 160.0, 250.0, 0.9))
    True
    >>> body(Pip(100.0, 50.0, 2.5, False, 150.0, 90.0, 240.0, 0.9))  # on the table
    False
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from vision.lone_centre import _chroma
from vision.pips import Pip

_RING = (2.2, 2.8)  # pip radii: a face's own colour is read on these rings round a pip
_N = 8  # points on each ring
# Lab a, b distance from the read faces' median chroma, at most (the median over a lone pip's
# ring): the 1s of fudw's tuning half that this lets in lie 9-14 from their photo's faces;
# lone spots off the dice (the bowl, the tray) 24 and more.
_CHROMA_NEAR = 15.0
# The read faces' chroma lies this far from grey at least (Lab a, b; fudw's blue 18-68 on
# its tuning half; the white dice of matteop65 and the Pi camera 1-11, but for one photo).
_HUED = 15.0


def body_alike(bgr: np.ndarray, f: float, read: list[Pip]) -> Callable[[Pip], bool]:
    """A test of a lone pip (work pixels, the work scale ``f`` of ``bgr``): is its face of the
    chroma round the pips ``read`` of its kind (the photo's read faces' pips)? With no such
    pip read, none is."""
    faces: dict[bool, np.ndarray | None] = {}  # the read faces' chroma, by pip kind

    def face_of(dark: bool) -> np.ndarray | None:
        # Taken when first asked (few photos ask): white or grey dice (no hue) have none.
        if dark not in faces:
            faces[dark] = _face_chroma(bgr, f, read, dark)
        return faces[dark]

    def alike(p: Pip) -> bool:
        face = face_of(p.dark)
        if face is None:
            return False
        dist = np.linalg.norm(_chroma(bgr, _ring([p], f)) - face, axis=1)
        return float(np.median(dist)) <= _CHROMA_NEAR

    return alike


def hued(bgr: np.ndarray, f: float, read: list[Pip]) -> bool:
    """Are the faces round the pips ``read`` (work pixels, the work scale ``f`` of ``bgr``)
    of a hue (``_HUED`` from grey at least), so that a chroma check tells their body from
    another surface? White dice on a pale desk or by a white label are not."""
    return any(_face_chroma(bgr, f, read, dark) is not None for dark in (False, True))


def _face_chroma(bgr: np.ndarray, f: float, read: list[Pip], dark: bool) -> np.ndarray | None:
    """The median chroma (Lab a, b) round the pips ``read`` of kind ``dark``, where it has a
    hue (``_HUED`` from grey at least); None with no such pip or no hue."""
    kind = [q for q in read if q.dark == dark]
    if not kind:
        return None
    c = np.median(_chroma(bgr, _ring(kind, f)), axis=0)
    return c if float(np.linalg.norm(c - 128.0)) >= _HUED else None


def _ring(pips: list[Pip], f: float) -> list[tuple[float, float]]:
    """Points on the rings ``_RING`` round each pip, in image pixels."""
    turns = [2 * math.pi * k / _N for k in range(_N)]
    return [
        ((p.x + d * p.r * math.cos(a)) / f, (p.y + d * p.r * math.sin(a)) / f)
        for p in pips
        for a in turns
        for d in _RING
    ]
