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
0.55 and 0.26) would have lost checkers too.  Cutting every such tail (any length, any rows
kept) moved held-out IMG_93301-93600 little (given exact 91.8% unchanged, 3 points net: 5
right cuts, 2 real checkers cut, the cue 0.02 and 0.04 on them), cut real checkers on
unseen58-60 (a dark five's last two, a checker beside a die) and on the paper webcam (a white
4's fourth slot, cue 0.01-0.04, no outline: 20/22 -> 17/22 exact), hence ``KEPT_MOST`` and
``TAIL_LEAST``: a lone checker (or none) whose run went on over two or more bare slots.
Reads, board given, that rule: own IMG_93001-93300 one point more right (a white 1 read 4);
held out IMG_93301-93600 exact unchanged (one board's reads moved, as wrong); unseen59
89.4 -> 90.0% (a white 1 read 5 at 0.95, believed, now 1), unseen60 91.0 -> 91.6%, unseen58
unchanged (these three were looked at while choosing it); the integrator's confirm set
unseen62 (IMG_90401-90600, read once before and once after) 89.2 -> 89.7% (a phantom 3 on an
empty point), believed 3629 -> 3650, wrong 1 both; boards found, held out IMG_93301-93400:
exact 90.0% and believed 1716 / wrong 2 unchanged, one board's reads moved, as wrong; dev 2
points more right (IMG_0022), the real boards' reads identical.  No board read worse on any
of these sets.  Cost: 0.02 ms a frame (median, board given, under load).

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
# Only a lone checker (or none) read as a row: at most KEPT_MOST kept, TAIL_LEAST or more bare
# slots past it.  A longer row's bare last slot or two may hold real checkers both cues miss
# (the paper webcam's white 4 on point 13, its fourth slot's cue 0.01-0.04 in three frames;
# renders: a dark five's last two, a tournament-green fifth).
KEPT_MOST = 1
TAIL_LEAST = 2


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
    under a die, None, ends the tail), when that leaves ``KEPT_MOST`` or fewer and takes
    ``TAIL_LEAST`` or more.  Rows of one, or longer than ``MAX_ROW``, are kept."""
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
    return keep if keep <= KEPT_MOST and n - keep >= TAIL_LEAST else n
