"""The skewed-six doubt: a read 6 called flat whose pips, laid back on the board's plane, do not
form a rectangle is no flat die's top (session 33).

``vision.cocked_tipped`` asks a read 4 or 5 whose corner pips fit only a tipped square; a 6 it
leaves alone, for real dice set a 6's two columns closer than its rows (laid on the board, the
paper webcam's flat 6s have columns 0.71-0.78 of their rows' spacing; the renders' 0.88-1.08),
so a 6 tipped about its columns' axis looks like a real flat one. What no die's flat 6 does,
whatever its design, is shear: its two columns and the line across them meet square on the
board. A face tipped about an axis slanted to its columns lays back as a parallelogram. So
each pip is taken to the top face's plane (``DieView.lin``); the two pips nearest the centre
are the middle row, and they split the other four into the two columns; the angle between the
columns' mean direction and the line joining the columns' centres is the six's corner angle.
Under ``SKEWED`` degrees, the die keeps its call and value and ``restate`` asks it (as a tipped
4 or 5: confidence ``cocked_grey.GREY_CONFIDENCE``, under the referee's 0.6), and
``vision.faint_pips.lift_faint`` does not lift it back.

Audit (board given, tuning sets /tmp/unseen48-52, IMG_77001-77400, IMG_77401-77800 and
IMG_77801-78200, 2200 renders; read 6s of six pips called flat and acted on): right flat 320,
corner angle 84.3-90.0 degrees (1st percentile 84.5); cocked 10, under 82 degrees 3 (77.5,
79.1, 79.9; the others 85.2-90.0, six-view means 0.06-0.50). The real boards' flat 6s, given
and found: paper webcam 85.4-90.0 (five, already asked by other rules), fm gammon 89.7-89.9.
Found boards (IMG_79801-80000, tuning): flat 6s 85.9-90.0. Held out (never tuned on; the read
without the doubt replayed, asking the 6s it names), acted on / wrong (cocked called flat),
right flat asked: IMG_80201-80600 given 1318 / 27 (12) -> 1317 / 26 (11), 25 -> 25, found (first
200) 629 / 11 (6) -> 628 / 10 (5), 21 -> 21; IMG_83401-83600 given 650 / 20 (14) and found 624 /
15 (10) unchanged (their sheared cocked 6s were asked already). Held-out flat 6s: 84.7-90.0.
Most cocked 6s called flat read 82.6-89.6: tipped about their columns' or rows' axis, they show
no shear. Dev and the real boards (given and found): no 6 under the bar, predictions unchanged.
Cost: one 2x2 solve a read 6 called flat.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from vision.cocked_view import DieView

SKEWED = 82.0  # degrees: a read 6's corner angle on the board under this, no flat die's top


def six_angle(pips: Sequence[tuple[float, float, float]], view: DieView) -> float | None:
    """The corner angle (degrees, 0-90) of a read 6's six pips (image x, y, r) laid on the
    plane of a flat die's top where ``view`` tells how one shows; None unless the pips part
    into a middle row and two columns of two.

    >>> view = DieView(np.array([[25.0, 0.0], [0.0, 25.0]]), np.array([0.0, 6.0]))
    >>> six = [(100 + 6 * x, 100 + 7 * y, 2.0) for x in (-1, 1) for y in (-1, 0, 1)]
    >>> round(six_angle(six, view), 1)
    90.0
    """
    if len(pips) != 6:
        return None
    pts = np.array([[p[0], p[1]] for p in pips], np.float64)
    on = np.linalg.solve(view.lin, (pts - pts.mean(axis=0)).T).T
    order = np.argsort(np.hypot(*on.T), kind="stable")
    middle, corners = on[order[:2]], on[order[2:]]
    across = middle[1] - middle[0]
    side = np.sign(corners @ across)
    if int((side > 0).sum()) != 2 or int((side < 0).sum()) != 2:
        return None
    cols = (corners[side < 0], corners[side > 0])
    normal = np.array([-across[1], across[0]])
    along = np.zeros(2)
    for col in cols:
        step = col[1] - col[0]
        along += step if step @ normal >= 0 else -step
    joins = cols[1].mean(axis=0) - cols[0].mean(axis=0)
    norm = float(np.linalg.norm(along) * np.linalg.norm(joins))
    if norm < 1e-9:
        return None
    return math.degrees(math.acos(min(1.0, abs(float(along @ joins)) / norm)))


def skewed_six(
    value: int | None, pips: Sequence[tuple[float, float, float]], view: DieView
) -> bool:
    """Whether a read 6 lays back on the board as a parallelogram sheared past ``SKEWED``."""
    if value != 6:
        return False
    angle = six_angle(pips, view)
    return angle is not None and angle < SKEWED
