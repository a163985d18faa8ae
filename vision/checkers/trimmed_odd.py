"""A side the one-or-two trim cut: its phantom may be a believed row's odd last checker
(``doubt_trimmed_odd``).

A side counted one or two over fifteen loses them from its least certain point
(``totals.fit_total``): a doubted stack.  The total then looks right, and the frame reads as
sure, though the phantom may lie elsewhere: on a believed row whose outermost "checker" is a
die read as one (lying on a lone checker), or the board (a light triangle beside a fanned
stack).  Session 32's believed-wrong counts were mostly this (a checker moved between two
points of one side, the side's total right); board given, three of four such were a trim
taking the excess from a doubted stack (7 read 6, 6 read 4, 4 read 3) while the phantom stood
on a believed row read 2 at 1.0 (/tmp/unseen50 IMG_65581, /tmp/unseen52 IMG_69197,
/tmp/int32/own IMG_77496).  Each phantom's colour lay far from its row's set (72, 23, 63 by
``colour_dist``); ``last_checker.doubt_odd_last`` spares such a checker under a die (a die lying on
a real checker), or wants it nearer the other set (the board was nearer).

On a trimmed side every believed row whose outermost checker found lies ``ODD_TRIM`` or more
from the row's set is doubted (to 0.5, the count kept), dice or not: the trim says a phantom
is there.  ODD_TRIM (20) was set from those three cases alone, before any other set was
read with the rule.  Read since (saved predictions of d2cebca before; only frames the trim cut
re-read after, the rest identical: checked on 375 found frames re-read whole), believed /
wrong counts: unseen46 found 3344/1 -> 3343/0 (IMG_61340, a white 3 read 5 beside a 6 read
4, 23.8 from its set), own IMG_77401-77800 found 6721/2 -> 6720/1 (IMG_77496 again), the
rendered ck25 IMG_52573 (a cocked die read as black's fourth, test_checkers_odd_last) doubted
by this rule too; unseen46 given, unseen47, 49, 51, 54 given and unseen53, 54 found
unchanged, and so is this session's own IMG_81832-81900 given (1266/1, a bar); unseen53
given 3600/1 -> 3599/1 (a right five, 41 from its set).  Right
rows on trimmed sides lay 0.5-16.8 from their set but for two rows of five (41, 65).  The
tuning sets, given: unseen50 3700/2 -> 3698/1 (one right five), unseen52 3533/1 -> 3532/0,
own 7035/1 -> 7034/0.  Die states acted on / wrong fell with the doubted rows' dice (own
found 628/13 -> 627/12, unseen46 found 311/3 -> 310/2).  Not caught: a phantom coloured
like its set (own IMG_77595 found, a white 2 read 3 at 0.89, 6 from its set).

::

    >>> conf = [1.0] * 24
    >>> f = [[Found(20.0, 10.0, 20.0, (200.0, 128.0, 128.0))]] + [[] for _ in range(23)]
    >>> sets = [(False, np.array([240.0, 128, 160])), (True, np.array([60.0, 128, 128]))]
    >>> doubt_trimmed_odd([1] + [0] * 23, [0] * 24, conf, (True, False), f, sets)
    >>> conf[0]
    0.5
"""

from __future__ import annotations

import numpy as np

from vision.checkers.empty_board import plain_colour_dist
from vision.checkers.model import Found
from vision.observation import BELIEVED

# How far (``empty_board.colour_dist``) a trimmed side's row's outermost checker lies from
# its set to be doubted as the phantom: the three phantoms 23, 63, 72; right rows mostly
# under 17 (module docstring).
ODD_TRIM = 20.0
# What the trim may have cut for this rule to ask: fit_total's one-or-two fix.
MAX_CUT = 2


def trimmed_sides(
    before: tuple[list[int], list[int]], white: list[int], black: list[int]
) -> tuple[bool, bool]:
    """(white, black): did fit_total's fix cut one or two checkers off the side's points
    (``before``: the counts before it)?"""
    cut = []
    for was, now in zip(before, (white, black), strict=True):
        lost = sum(a - b for a, b in zip(was, now, strict=True) if a > b)
        cut.append(0 < lost <= MAX_CUT)
    return cut[0], cut[1]


def doubt_trimmed_odd(
    white: list[int],
    black: list[int],
    conf: list[float],
    cut: tuple[bool, bool],
    found: list[list[Found]],
    sets: list[tuple[bool, np.ndarray]],
) -> None:
    """Doubt (to 0.5, in place, counts kept) each believed row of a side the trim cut
    (``cut``: white, black) whose outermost checker found (``found``, by point index) lies
    ODD_TRIM or more from its set's colour (``sets``: (is black, colour))."""
    by_set = {blk: tuple(float(v) for v in c) for blk, c in sets}
    for blk, counts in ((False, white), (True, black)):
        if not cut[blk] or blk not in by_set:
            continue
        own = by_set[blk]
        for idx in range(24):
            if counts[idx] and found[idx] and conf[idx] >= BELIEVED:
                if plain_colour_dist(found[idx][-1].colour, own) >= ODD_TRIM:
                    conf[idx] = min(conf[idx], 0.5)
