"""The tipped-face doubt: a die called flat whose read face of 4-6 pips can only be a face tipped
well off the board is asked about (session 33).

``vision.face_normal.face_tilts`` solves, with the camera the board gives, the two tilts a face's
four corner pips allow (a face tilted one way or its mirror about the viewing ray). A flat die's
top shows at most a few degrees of either, up to the read pips' error; a cocked die's top is
tipped 12-41 degrees on the renders. Where the fit puts the corner pips where a die's face holds
them (``FaceTilts.fits_a_face``) and even the lesser tilt passes ``TIPPED`` degrees, the face
read is no flat die's top, whatever the cocked model (``vision.cocked``) made of the die's
crops: most such dice it scores plainly flat (six-view means 0.07-0.35), so no bar of the
model's catches them. The die keeps its call and value; its confidence falls to
``GREY_CONFIDENCE``, under the referee's 0.6, so the referee asks rather than let a roll stand
that a cocked die voids. Not a cocked call: a tipped fit is the pips' geometry alone. Only 4s
and 5s are fitted so: real dice set a 6's two columns closer than its rows, so every flat 6 of
the paper webcam fits 36-41 degrees (board given and found); the renders' 6s are square. A 6
has its own test (``vision.cocked_six``: its pips laid on the board sheared).
``vision.faint_pips.lift_faint`` does not lift a die so asked back to the referee's bar.

Audit (board given, session 33, tuning sets /tmp/unseen48-52, IMG_77001-77400, IMG_77401-77800
and IMG_77801-78200, 2200 renders; dice called flat and acted on: 55 cocked, 1951 flat): the
lesser tilt of read 4s and 5s, right flat dice at most 26.8 degrees (past 22: 8), cocked ones
past 28 degrees 6 (past 25: 8 cocked, 1 flat), their six-view means 0.07-0.68. The real boards'
flat 4s and 5s: paper webcam 5.6-14.1, fm gammon 12.3-19.9 degrees (given and found).
Held out (IMG_79801-80200, four dice, rendered for this; never tuned on), die states acted on
/ wrong (cocked called flat), right flat dice asked: board given 1301 / 32 (20) -> 1298 / 29
(17), 11 -> 11 (three cocked 4s asked); boards found, its first 200, 619 / 14 (12) -> 617 / 13
(11), 19 -> 20 (a found board's corners tip a flat 4 to 28 degrees). Second held-out part
IMG_80201-80600, board given: 1319 / 28 (13) -> 1318 / 27 (12), 25 -> 25. The found and second
figures replay the read without the doubt, asking the dice it names (the doubt only lowers their
confidence). Dev (given and found) and the real boards (paper webcam, fm gammon; given and
found): die states and predictions unchanged (dev found: one cocked 4 asked already).
Cost: one ``face_tilts`` a read 4 or 5 called flat (0.3 ms in-process on this loaded machine;
restate asks it, lift_faint again only for a faint die).
"""

from __future__ import annotations

from collections.abc import Sequence

from vision.cocked_six import skewed_six
from vision.cocked_view import DieView
from vision.face_normal import face_tilts

TIPPED = 28.0  # degrees: the lesser of a face's two tilts past this, no flat die's top


def tipped_face(
    value: int | None, pips: Sequence[tuple[float, float, float]], view: DieView
) -> bool:
    """Whether a read 4 or 5 (``pips``: image x, y, r) fits only a face tipped past ``TIPPED``
    degrees from the board where a flat die shows as ``view``. A 6 is not fitted to a square:
    real dice set a 6's two columns of pips closer than its rows (the paper webcam's flat 6s
    fit 36-40 degrees); it is asked when its pips lay back on the board sheared
    (``vision.cocked_six``).

    >>> import numpy as np
    >>> view = DieView(np.array([[25.0, 0.0], [0.0, 25.0]]), np.array([0.0, 6.0]))
    >>> square = [(100 + 25 * x, 100 + 25 * y, 2.0) for x in (-0.25, 0.25) for y in (-0.25, 0.25)]
    >>> tipped_face(4, square, view)
    False
    >>> squat = [(100 + 25 * x, 100 + 18 * y, 2.0) for x in (-0.25, 0.25) for y in (-0.25, 0.25)]
    >>> tipped_face(4, squat, view)
    True
    """
    if value == 6:
        return skewed_six(value, pips, view)
    if value not in (4, 5):
        return False
    tilts = face_tilts(pips, view)
    return tilts is not None and tilts.fits_a_face and tilts.low > TIPPED
