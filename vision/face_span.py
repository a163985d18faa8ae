"""A face's pips on the plane of a flat die's top face seen there (``DieView``): a face read
from the pips of two faces, or of two dice, spans more than a face can; a 2 or 3 called flat
that spans too little was read on a tilted face.  ``dice_tilt.restate`` leaves such faces
unread (split from ``vision.dice_tilt`` for size).

    >>> import numpy as np
    >>> view = DieView(np.array([[30.0, 0.0], [0.0, 30.0]]), np.array([0.0, 0.0]))
    >>> round(plane_span(((100.0, 100.0, 2.0), (115.0, 115.0, 2.0)), view), 2)
    0.71
"""

from __future__ import annotations

import numpy as np

from vision.cocked_view import DieView
from vision.face_normal import FaceTilts, face_tilts

# A face's pips lie inside it: mapped onto a flat die's top face (plane_span), right reads
# span at most 1.00 die sides (dev and unseen18-20, 22, board given; 2-6 pips), faces read
# from two faces' pips (a cocked 3 and its side face's 3 read as a 6) 1.27-1.47.
WIDE_SPAN = 1.15


def plane_span(pips: tuple[tuple[float, float, float], ...], view: DieView) -> float:
    """The largest distance of a face's pips (image x, y, r) from their centre, doubled, on
    the top face's plane of a flat die seen there (``view``), in die sides: a face read from
    pips of two faces of a die, or of two dice, spans more than a die's face can."""
    if len(pips) < 2:
        return 0.0
    pts = np.array([[p[0], p[1]] for p in pips], np.float64)
    on_plane = np.linalg.solve(view.lin, (pts - pts.mean(axis=0)).T)
    return float(2.0 * np.hypot(on_plane[0], on_plane[1]).max())


# A flat die's 2 or 3 runs corner to corner: its pips span 0.71 die sides on the die's plane
# (right reads of dice not cocked, board given: 0.51 at least on IMG_37201-37600, 31801-32200,
# /tmp/train and dev). A 2 or 3 spanning under this was read on a face tilted well off the
# board (a cocked die's top or side face, the learned model having called it flat), or is part
# of a face: of such reads called flat on those sets, 5 of 6 were wrong (the right one cocked).
PLANE_SHORT = 0.5


def tilted_short(pips: tuple[tuple[float, float, float], ...], view: DieView) -> bool:
    """Whether a 2 or a 3 (pips: image x, y, r) spans under ``PLANE_SHORT`` die sides on the
    plane of a flat die seen there (``view``): too short for a flat die's face.

    >>> import numpy as np
    >>> view = DieView(np.array([[30.0, 0.0], [0.0, 30.0]]), np.array([0.0, 0.0]))
    >>> tilted_short(((100.0, 100.0, 2.0), (115.0, 115.0, 2.0)), view)  # 0.71 die sides
    False
    >>> tilted_short(((100.0, 100.0, 2.0), (110.0, 106.0, 2.0)), view)  # 0.39
    True
    """
    return len(pips) in (2, 3) and plane_span(pips, view) < PLANE_SHORT


def side_face(tilts: FaceTilts | None) -> bool:
    """Whether a face's ``face_tilts`` (None: not 4-6 pips) say it is no die's top: both
    possible normals tilt past 45 degrees (a cocked die's side face seen square-on, read
    instead of its top), or its corner pips lie past a face's corners however it is turned
    (``vision.face_normal``)."""
    return tilts is not None and (tilts.steep or tilts.too_wide)


def no_top(pips: tuple[tuple[float, float, float], ...], view: DieView) -> bool:
    """Whether a face (pips: image x, y, r) is no die's top where a flat die shows as
    ``view``: it spans more than a face can (``plane_span``) or stands too steep
    (``side_face``)."""
    return plane_span(pips, view) > WIDE_SPAN or side_face(face_tilts(pips, view))
