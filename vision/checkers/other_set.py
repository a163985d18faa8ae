"""A lone checker read in the other set's colour: the totals' trim empties its point on one
side while the other side is short by as many (``trimmed_to_other``).

``fit_total`` takes a side's one or two checkers over fifteen off its least certain point. When
that empties a point of one or two checkers, and the other side, proven to hold its fifteen on
the board and bar (a checker outside its home, or its borne-off checkers seen), is counted
short by exactly as many, the point's checkers are the other side's: a lone light checker read
dark (its colour run short and doubted, ~0.2) made one side 16 and the other 14, and the short
side's fill then gave its missing checker to a doubted tall stack. They go back on the point,
in the other side's colour, doubted (``FILLED_CONF``); run before the fills, so the short side
is then whole.

Replay of ``fit_total``'s trims (board given) on own IMG_67001-67200 and session 29's
IMG_61202-61401, IMG_61402-61600, IMG_65001-65200 (779 boards): it fires on 4 boards (own
IMG_67008, IMG_61307, IMG_65072, IMG_65075: a white lone checker read black), all right; the
points a trim emptied with the other side whole (18, phantoms: dice, shadows) or short by
another number (3) are left. Dev: no trim so. Board given, exact: own IMG_67001-67200 89.9 ->
90.5%, held-out IMG_67201-67400 89.7 -> 90.2% (one board), IMG_65001-65200 86.7 -> 87.8%;
IMG_61202-61600 and dev identical (IMG_61307's fill was already right); believed / wrong
unchanged everywhere.

::

    >>> white, black = [0] * 24, [0] * 24
    >>> white[0], white[12] = 12, 2      # white 14, one on point 13 (outside its home)
    >>> black[23], black[7] = 15, 0      # black 15 after the trim emptied point 8
    >>> before_black = list(black); before_black[7] = 1
    >>> conf = [1.0] * 24; conf[7] = 0.23
    >>> trimmed_to_other(white, black, (list(white), before_black), (0, 0), conf)
    >>> white[7], black[7], conf[7]
    (1, 0, 0.23)
"""

from __future__ import annotations

from vision.checkers.model import short_of_fifteen
from vision.checkers.short_side import FILLED_CONF, MAX_FILL, none_off


def trimmed_to_other(
    white: list[int],
    black: list[int],
    before: tuple[list[int], list[int]],
    bars: tuple[int, int],
    conf: list[float],
    off: tuple[int | None, int | None] = (None, None),
) -> None:
    """Give back, in place, the checkers ``fit_total`` took off a point it emptied on one side
    (``before``: white's and black's counts before the trim) to the other side, when that side
    is short by exactly as many and cannot have borne off (``off`` as for ``fill_short``)."""
    sides = (white, black)
    for blk in (False, True):
        counts, was = sides[blk], before[blk]
        other = sides[not blk]
        emptied = [i for i in range(24) if was[i] > 0 and counts[i] == 0 and other[i] == 0]
        if len(emptied) != 1 or was[emptied[0]] > MAX_FILL:
            continue
        at, n = emptied[0], was[emptied[0]]
        seen = off[not blk]
        short = short_of_fifteen(other, bars[not blk], seen)
        if short != n or (seen is None and not none_off(other, not blk)):
            continue
        other[at] = n
        conf[at] = min(conf[at], FILLED_CONF)
