"""A row's checkers checked against its slots' rims toward the board's middle: its last
checker's rim must show, and a full row's edge slots with none are covered by a second layer.

::

    fs, doubtful = checked_row(fs, rims, cell, h, pitch)
"""

from __future__ import annotations

import numpy as np

from vision.checkers.model import Cell, Found
from vision.medians import median_of

# A full row's slot reads as covered by a second-layer checker when its rim is under 2 and
# under 0.35 of the next visible slot's (train+dev fives: 5 of 6 sixes and sevens so, 1 of 430
# fives).
RIM_FULL_HIDDEN = 2.0
HIDDEN_RATIO = 0.35
# A row's last rim under TAIL_DROP (TAIL_DOUBT) of its typical one, when that is at least
# TAIL_TYPICAL (faint rims say nothing), is no checker (a doubtful one).
TAIL_DROP = 0.25
TAIL_DOUBT = 0.45
TAIL_TYPICAL = 3.0
# A full row (5) whose edge checker's rim is under this is doubtful (train+dev: 11 of 15
# wrong fives at confidence >= 0.65, 7 of 430 right ones).
RIM_FULL_DOUBT = 1.5
# ... and so is one whose edge rim is under RIM_FAINT_EDGE and under FAINT_RATIO of the next
# slots' (faint_edge).
RIM_FAINT_EDGE = 2.0
FAINT_RATIO = 0.55
# ... or under RIM_FAINT_FAR and FAR_RATIO of them: next to very clear rims, an edge rim of 2-3
# is covered too (own IMG_48201-48600: two dark sixes read five believed, edge rims 2.0 beside
# 10-20; believed fives of own, train and IMG_40801-41200: none right so, 0.2 the largest ratio).
RIM_FAINT_FAR = 3.0
FAR_RATIO = 0.3
# ... and so is one whose three edge slots' rims are all under RIM_FAINT_EDGE while a far slot's
# (fourth or fifth) is COVERED_RATIO times their largest: a second layer on gaps 0-2 covers
# them (a dark pyramid of 8 read 5 at 0.72, own IMG_40801-41200; believed fives of own, train
# and dev: 1 of 740 right ones so).  Session 29 (jitter measure): the edge slots that show (two
# of the three at least: one under a die is left out) under RIM_FAINT_FAR.  Nines read five
# believed, a die on the edge slot ([nan, 1.13, 1.25, 1.28, 4.94], own IMG_62866) or its rims
# 2.5 (held out IMG_64801-65000, a 0.3 px corner shift: [2.48, 1.74, 1.17, 1.43, 16.17]);
# plain reads of dev and own IMG_62601-63000: 3 more fives so, the one believed that nine, no
# right believed five.
COVERED_RATIO = 2.5
# A row of one or two whose every rim is under this, on a triangle lighter than DARK_POINT
# (Lab L, 0-255), is doubtful: a checker's rim there is sharp, a die's soft shadow (read two at
# 1.0, own IMG_31645) or a smudge's is not.  (On a dark point a dark checker's rim is faint
# anyway: 8 right ones so, triangles' L 18-36, and a lone doubt there keeps short_side from
# filling its side's one tall stack.)  Believed rows of one or two, own IMG_31401-31800 and
# dev (2375): 2 of the 4 wrong ones so (both phantoms, triangles' L 80 and 186), none right.
RIM_FAINT_ROW = 2.0
DARK_POINT = 60.0


def hidden_by_second_layer(rims: list[float]) -> int:
    """Second-layer checkers (0-2) on a full row of five, from the rims of its slots (edge
    first) facing the board's middle.  The second layer fills its gaps from the edge, and the
    checker on gap j covers that side of slot j: slots 0..j-1 dark while the next one shows a
    clear rim mean j checkers on top, even when their own outlines were not found."""
    for j in (2, 1):
        # NaN: a slot under a die, no rim read (none of the edge ones may be; the next ones
        # give their clear rims).
        after = [r for r in rims[j : j + 3] if not np.isnan(r)]
        if not after or any(np.isnan(r) for r in rims[:j]):
            continue
        ref = min(after[0], median_of(after))
        if all(r < min(RIM_FULL_HIDDEN, HIDDEN_RATIO * ref) for r in rims[:j]):
            return j
    return 0


def faint_edge(rims: list[float]) -> bool:
    """Is a full row's edge slot's rim toward the middle (``rims[0]``; the rest NaN under a
    die) faint: under RIM_FULL_DOUBT, or under RIM_FAINT_EDGE and FAINT_RATIO (RIM_FAINT_FAR
    and FAR_RATIO) of the next three slots' median (a second-layer checker on its gap hides
    most of it: train, dev, own, sixes read five 0.47-0.48, fives from 0.49, those under 2
    doubted already).

    ::

        faint_edge([1.8, 3.9, 3.8, 3.9, 5.1])  # True: a six, its top checker unseen
        faint_edge([2.0, 19.5, 20.5, 20.0, 21.7])  # True: so is this one beside clear rims
        faint_edge([2.0, 1.6, 1.7, 1.5, 2.9])  # False: a five, every rim as faint
    """
    after = [r for r in rims[1:4] if not np.isnan(r)]
    ref = min(after[0], median_of(after)) if after else 0.0
    return (
        rims[0] < RIM_FULL_DOUBT
        or (rims[0] < RIM_FAINT_EDGE and rims[0] < FAINT_RATIO * ref)
        or (rims[0] < RIM_FAINT_FAR and rims[0] < FAR_RATIO * ref)
    )


def covered_edges(rims: list[float]) -> bool:
    """Are a full row's three edge slots' rims toward the middle (``rims``, edge first; NaN
    under a die) faint beside a far slot's clear one: those that show (two at least) each under
    RIM_FAINT_FAR, and the fourth or fifth slot's at least COVERED_RATIO times their largest
    (second-layer checkers on gaps 0-2 hide them; a row's checkers each show a like rim).

    ::

        covered_edges([1.6, 1.3, 1.2, 2.7, 5.2])  # True: a pyramid of 8 read as its row
        covered_edges([nan, 1.1, 1.3, 1.3, 4.9])  # True: a nine, a die on its edge slot
    """
    edge = [r for r in rims[:3] if not np.isnan(r)]
    if len(rims) < 5 or len(edge) < 2:
        return False
    far = max((r for r in rims[3:5] if not np.isnan(r)), default=0.0)
    return max(edge) < RIM_FAINT_FAR and far >= COVERED_RATIO * max(edge)


def row_tail(rims: list[float]) -> tuple[int, bool]:
    """How many of a row's checkers to keep, from their rims toward the board's middle (edge
    first), and whether the last one kept is doubtful.  Each checker's rim on that side lies
    against the next checker, the last one's against the board, so the last is the clearest:
    a last slot with under a quarter of the row's typical rim is a shadow or a die, not a
    checker (train+dev: 8 of 10 such rows one or two too long, none right); under 0.45, doubt.
    """
    # median_of: np.median's numbers without its overhead (the rims are never NaN here).
    n = len(rims)
    while n >= 2:
        typical = median_of(rims[: n - 1])
        if typical < TAIL_TYPICAL or rims[n - 1] >= TAIL_DROP * typical:
            break
        n -= 1
    if n < 2:
        return n, False
    typical = median_of(rims[: n - 1])
    return n, rims[n - 1] < TAIL_DOUBT * typical and typical >= TAIL_TYPICAL


def checked_row(
    fs: list[Found], rims: list[float], cell: Cell, h: int, pitch: float, tri_l: float = 0.0
) -> tuple[list[Found], bool]:
    """A row of one to five checkers checked against its slots' rims toward the middle (NaN:
    under a die, no check): its last slots must show a rim, a row of one or two a sharp one,
    and a full row's edge slots with none are covered by a second layer.  ``tri_l``: the
    triangle's lightness (Lab L).  Returns the checkers and whether the count is doubtful."""
    n = len(fs)
    clear = [r for r in rims if not np.isnan(r)] if n <= 5 else []
    # One or two with no sharp rim on any (none under a die), not on a dark point: a shadow.
    doubtful = 1 <= n <= 2 and len(clear) == n == len(rims) and max(clear) < RIM_FAINT_ROW
    doubtful = doubtful and tri_l >= DARK_POINT
    if 2 <= n and len(clear) == n:
        # A row's last checker shows the clearest rim toward the middle (the others touch the
        # next one); a last slot with next to none is colour alone (a shadow).
        keep, doubt = row_tail(clear)
        doubtful = doubtful or keep < n or doubt
        fs, clear = fs[:keep], clear[:keep]
    if len(fs) == 5 and len(rims) == 5 and len(clear) >= 2:
        # Edge slots faint beside a far one's clear rim (one may lie under a die): a second
        # layer on their gaps.
        doubtful = doubtful or covered_edges(rims)
        if not np.isnan(rims[0]):
            # Slots under a die (NaN) leave the others' rims to judge by.
            extra = hidden_by_second_layer(rims)
            # A full row whose edge checker shows no rim toward the middle, or a faint one far
            # under the next ones': covered by a second layer nothing else saw (or too dark to
            # see at all).
            doubtful = doubtful or bool(extra) or faint_edge(rims)
            for j in range(extra):
                a = fs[j].along + 0.5 * pitch
                fs = fs + [Found(a, fs[j].x, a if cell.top else h - 1 - a, fs[j].colour)]
    return fs, doubtful
