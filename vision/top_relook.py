"""A closer look for a cocked die's top: a die called cocked and still read 1-3 or left unread
after ``vision.top_lattice`` has its pips sought again in a crop round it, enlarged
(``_SCALES``: twice the finder's work scale, then 2.5 times), and read 5 or 6 where the pips found
there fit a top's lattice (``top_lattice.lattice_value``, the same fit and the same bars).

Why (session 34's audit, board given, IMG_86001-86300 --dice 4, of the dice called cocked and
left unread): 22 of 52 had some of their top face's pips missing from the finder's candidates
(faint white pips on a red die, grey pips on a black one, a face seen at 30-40 degrees whose
pips the frame's pyramid halves away), so no lattice could hold them. Searched once more in
a crop of 2.4 die sides enlarged, from its own pyramid, the candidates of one polarity (the
most of the round ones), round, of one size and near the die's centre, most contrasted first
and one per spot (``top_lattice.lattice_pips``, the lattice's own choice), are the pips the
lattice is fitted to; the first scale whose fit reads a value wins. The contrast bar of the
search did not matter (6-18 grey levels read the same dice, the finder's 25 kept).

Tuned on IMG_86001-86300 (board given, the dice called cocked read 1-3 or unread after the
lattice): looks at 1, 1.25, 1.5, 2, 2.5 and 3 times the finder's scale read 2, 3, 2, 4, 4
and 2 dice right, none wrong; 0.75x read one wrong (a 2 read 6). In turn 1x then 2x read 5
dice right (4 unread, 1 read wrong), 2x then 2.5x 7 (5 and 2), as many as all five from 1x
to 2.5x: taken. Where the first look reads nothing the second is made. The dice's state and
confidence stay as they are (a cocked die's roll is void whatever it shows).
Held out, IMG_86301-86600 --dice 4: board given value 91.37 -> 91.46% (1 unread die read
right, wrong 34 same), found 91.75 -> 92.01% (2 unread and 1 wrong read right, 1 unread read
wrong: a cocked 2 whose side faces' pips fit a 6; wrong 34 same); acted-on states 982/20 ->
982/20 given, 938/17 -> 941/17 found; flat dice, counts and believed counts unchanged.
/tmp/unseen55 given and the real boards (paper webcam, fm gammon; found): reads identical.
Speed under load (load ~10 on 2 cores): 4.2 ms median a die looked at (mean 8), about 6 ms a
frame on the --dice 4 renders, nothing where no cocked die is read 1-3 or left unread.

    >>> import numpy as np
    >>> from vision.cocked_view import CameraView
    >>> img = np.full((200, 200, 3), 90, np.uint8)
    >>> cam = CameraView.straight_down((200, 200), 30.0)
    >>> relook_value(img, (100.0, 100.0), 30.0, cam.at((100.0, 100.0))) is None  # no pips
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from vision.cocked_view import DieView, board_camera
from vision.face_colour import pip_grey
from vision.pips import find_pips
from vision.top_lattice import MIN_PIPS, PIP_NEAR, PIP_ROUND, lattice_pips, lattice_value, pip_table

_WORK_DIE_PX = 44.0  # as ``vision.dice``: dice are read at about this size (at most 2x)
_SCALES = (2.0, 2.5)  # times the finder's work scale, tried in turn
_HALF = 1.2  # die sides from the centre to the crop's edge


def relook_tops(
    image_bgr: np.ndarray,
    readings: list[Any],
    corners: Sequence[tuple[float, float]],
    die_px: float,
) -> list[Any]:
    """The dice of a board frame, those called cocked and read 1-3 or unread read 5 or 6 where
    a closer look finds pips that fit a top's lattice (``relook_value``); the others as they
    are."""
    size = (image_bgr.shape[1], image_bgr.shape[0])
    out = []
    for r in readings:
        if r.state == "cocked" and (r.value or 0) <= 3 and getattr(r, "tilt", None) is not None:
            view = board_camera(corners, size, die_px).at(r.centre)
            value = relook_value(image_bgr, r.centre, die_px, view)
            if value is not None:
                r = replace(r, value=value)
        out.append(r)
    return out


def relook_value(
    image_bgr: np.ndarray, centre: tuple[float, float], die_px: float, view: DieView
) -> int | None:
    """The 5 or 6 the pips found again round ``centre`` fit on a top's lattice, trying each
    of ``_SCALES`` in turn; None where none reads."""
    for s in _SCALES:
        pips = _pips_near(image_bgr, centre, die_px, s * min(2.0, _WORK_DIE_PX / die_px))
        if len(pips) >= MIN_PIPS:
            value = lattice_value(pips, view, die_px)
            if value is not None:
                return value
    return None


def _pips_near(
    image_bgr: np.ndarray, centre: tuple[float, float], die_px: float, f: float
) -> list[tuple[float, float, float]]:
    """Pips (x, y, r image pixels) found in a crop round ``centre`` enlarged ``f`` times that
    a die's lattice may take (``top_lattice.lattice_pips``), of the polarity most of the round
    ones near the die have and about their median size, most contrasted first."""
    h, w = image_bgr.shape[:2]
    cx, cy = centre
    x0, y0 = int(max(0, cx - _HALF * die_px)), int(max(0, cy - _HALF * die_px))
    x1, y1 = int(min(w, cx + _HALF * die_px)), int(min(h, cy + _HALF * die_px))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    crop = image_bgr[y0:y1, x0:x1]
    grey = pip_grey(crop, cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY))
    grey = cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    table = pip_table(find_pips(grey, r_range=(0.065 * die_px * f, 0.12 * die_px * f)))
    at = ((cx - x0) * f, (cy - y0) * f)
    x, y, r, dark, circ = table.T
    cand = (circ >= PIP_ROUND) & (np.hypot(x - at[0], y - at[1]) <= PIP_NEAR * die_px * f)
    if not cand.any():
        return []
    most = Counter(bool(d) for d in dark[cand]).most_common(1)[0][0]
    rad = float(np.median(r[cand & (dark == most)]))
    picked = lattice_pips(table, most, rad, at, die_px * f)
    return [(qx / f + x0, qy / f + y0, qr / f) for qx, qy, qr in picked]
