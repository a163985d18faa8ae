"""A row's tail that no shape cue sees: the colour run's slots past the row's last checker
with an outline, where the learned slot cue sees nothing either.

The first layer is counted from the colour run along the point (``stacks.cell_checkers``):
where the triangle or the field there differs from the empty board's model (a shadow, a
light triangle's tip, the wood's grain), the run goes on past the row's real checkers at the
slot pitch, and each slot it covers is counted a checker.  Such a slot has no outline of its
own (verified or not) and the learned cue (``slot_model``, trained on the slots' shapes)
scores it nearly nothing; a real checker there, even dark on dark, shows one or the other.
The tail is dropped and the point doubted (the totals' rules give a side's missing checkers
back to doubted points: a tail dropped wrongly can come back).  The kept checkers name the
point's colour: the tail's triangle-coloured "checkers" had outvoted a lone checker's set.

Only rows with an outline somewhere on them (``point_reads``): a colour-only row is left to
the colour-alone rule (every other point outlined: none), which a cut row no longer counted in
would have switched off (own IMG_93042, IMG_93163: colour-only phantoms of 2 and 6 kept).

Session 35 audit (board given, rows of 2-5 in the first layer, the slots from the end with no
outline within ``NEAR`` checkers and the cue under ``BARE_P``, none under a die): own
IMG_93001-93300, 11 rows so, none of them right as read; 10 held the checkers up to the last
outlined or seen one (2 of those of the other colour), 1 was a phantom row on an empty point
that kept a seen slot.  At a cue bar of 0.3, a dark six read five (its fourth and fifth slots
0.55 and 0.26, the kept slots' support the cue's 0.3) would have lost checkers too.
Reads, board given: own IMG_93001-93300 (tuned) 258 -> 260 boards exact of 300, 4 points more
right and 1 less (a cut lone checker no longer the one-or-two trim's first choice), believed
wrong 11 -> 10 (a black 2 on a bare point at 1.0).  Held out IMG_93301-93600: given exact
91.8% unchanged, 3 points more right (5 right cuts; 2 real checkers cut, a fifth past a
tournament-green triangle and a paper board's third, the cue 0.02 and 0.04 on them); boards
found 88.1 -> 88.8%, 5 points more right; believed-wrong 1 given and 2 found, unchanged.

::

    keep = supported(len(fs), raw_alongs, d, pitch, partial(slot_p, cue, idx))
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.checkers.slot_model import PointSlots, slot_features, slot_probability

# A slot past the row's last supported checker is bare when the learned cue scores it under
# BARE_P and no outline (verified or not) is centred within NEAR checkers of it.
BARE_P = 0.1
NEAR = 0.3
# Rows this long at most (a first layer): a pyramid's slots are hidden under its top layer.
MAX_ROW = 5


def slot_p(cue: PointSlots, idx: int, k: int) -> float | None:
    """The learned cue's probability of a checker on slot ``k`` (0: the edge slot) of point
    ``idx``; None where a die covers the slot's window or the window leaves the strip."""
    if cue.covered(idx, k):
        return None
    d, pitch = cue.size[0], cue.size[1]
    i = cue.row[idx]
    f = slot_features(cue.strips[i], 0.5 * d + k * pitch, d, cue.field, cue.tris[i], min(k, 4))
    return None if f is None else slot_probability(f)


def supported(
    n: int, raw_alongs: np.ndarray, d: float, pitch: float, p_at: Callable[[int], float | None]
) -> int:
    """How many of a row's ``n`` checkers to keep: the row less its bare tail (slots from the
    end with no outline in ``raw_alongs`` near them and ``p_at(k)`` under ``BARE_P``; a slot
    under a die, None, ends the tail).  Rows of one, or longer than ``MAX_ROW``, are kept."""
    if n < 2 or n > MAX_ROW:
        return n
    keep = n
    while keep > 0:
        a = 0.5 * d + (keep - 1) * pitch
        if len(raw_alongs) and float(np.min(np.abs(raw_alongs - a))) < NEAR * d:
            break
        p = p_at(keep - 1)
        if p is None or p >= BARE_P:
            break
        keep -= 1
    return keep
