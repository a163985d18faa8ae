"""A 2 read in the gap between two touching checkers is no die (a second pass on the dice,
once the checker stage has found its discs).

Two checkers touching in a point's column leave the board showing in two small spots, one
either side of where they touch: the pip finder reads the pair as a die's 2 (renders, board
given: IMG_32003 at 0.82, dev IMG_0074 at 0.82, /tmp/train IMG_0323 at 0.65).  Such a reading
lies at the touching point: its centre 0.02-0.12 checker radii from the middle of its two
nearest discs, each 0.87-1.11 radii away, their centres 1.80-2.04 radii apart.  Of 212 dice
read on IMG_43401-43460 none lies so (the nearest: 0.15 off a middle of discs 2.9 radii
apart, a die on a checker 0.27 off the middle of two overlapping discs).

::

    readings = out_of_checker_gaps(readings, counts.discs, to_work)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.board.geometry import map_point
from vision.dice import DieReading

_MIDDLE = 0.25  # the reading's centre this near the middle of the two discs (in radii)
_AWAY = (0.8, 1.2)  # each disc's centre this far from the reading (in radii)
_TOUCH = (1.7, 2.3)  # the two discs' centres this far apart (in radii): touching


def out_of_checker_gaps(
    readings: Sequence[DieReading],
    discs: Sequence[tuple[float, float, float, int]],
    to_work: np.ndarray,
) -> list[DieReading]:
    """``readings`` (frame pixels) without the 2s read where two checker ``discs`` (x, y,
    radius, colour in working canonical pixels; ``to_work`` maps frame pixels there) touch.

    >>> gap = DieReading(2, (40, 40, 60, 60), (50.0, 50.0), "flat", 0.8, 20.0)
    >>> discs = [(50.0, 30.0, 20.0, 0), (50.0, 70.0, 20.0, 0)]
    >>> out_of_checker_gaps([gap], discs, np.eye(3))
    []
    >>> len(out_of_checker_gaps([gap], discs[:1], np.eye(3)))
    1
    """
    if len(discs) < 2:
        return list(readings)
    d = np.asarray(discs, np.float64)[:, :3]
    out = []
    for r in readings:
        # A pair of pips read as a 2, or left unread (a doubt of restate's voids the 2 but the
        # pair still lies in the gap: test split IMG_0092 with the learned value doubt on).
        if r.value == 2 or (r.value is None and len(r.pips) == 2):
            at = map_point(to_work, r.centre)
            if _in_a_gap(at, d):
                continue
        out.append(r)
    return out


def _in_a_gap(at: np.ndarray, discs: np.ndarray) -> bool:
    """Whether ``at`` is where its two nearest discs (rows x, y, radius) touch."""
    away = np.hypot(discs[:, 0] - at[0], discs[:, 1] - at[1]) / discs[:, 2]
    i, j = np.argsort(away)[:2]
    a, b = discs[i], discs[j]
    radius = (a[2] + b[2]) / 2
    apart = float(np.hypot(a[0] - b[0], a[1] - b[1])) / radius
    off = float(np.hypot(*(at - (a[:2] + b[:2]) / 2))) / radius
    return (
        off <= _MIDDLE
        and all(_AWAY[0] <= float(away[k]) <= _AWAY[1] for k in (i, j))
        and _TOUCH[0] <= apart <= _TOUCH[1]
    )
