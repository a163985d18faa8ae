"""Where a short side's missing checker may be: on the bar (``short_side.fill_short``'s sides
read before the fill, ``bar_doubt``'s after it).

- ``short_on_bar``: a side one short of 15 that cannot have borne off, its bar read empty in
  doubt, with a run on the bar in part coloured like its set: the missing checker is there.
- ``bar_doubt``: a side still one or two short after the fills leaves the bar in doubt.

Split out of ``short_side`` (session 32) unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from vision.checkers.model import short_of_fifteen
from vision.checkers.short_side import (
    DOUBTED,
    FILLED_CONF,
    MAX_FILL,
    _candidates,
    _strong,
    none_off,
)


def short_on_bar(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    bar_conf: float,
    points: tuple[list[float], list[bool | None], Callable[[int], float] | None],
    off: tuple[int | None, int | None] = (None, None),
    faint: Callable[[], bool | None] | None = None,
) -> tuple[int, int, float]:
    """A side one short of 15 that cannot have borne off (``off`` as for ``fill_short``), its
    bar read empty in doubt (``bar_conf`` under DOUBTED), while the bar shows a run in part
    coloured like that side's set (``faint()``: True black, None neither; ``bar.faint_set``):
    its missing checker is on the bar, half seen (a dark checker on a dark bar), not on a
    doubted point, unless the side's doubted empty points hold one the learned cue clearly
    sees (``points``: the points' confidences, ``likes`` and ``edge_p`` as for ``fill_short``;
    own unseen31 IMG_40102: a black checker on point 7 at 0.65).  Returns the bars' counts
    (white, black) and the bar's confidence, at most FILLED_CONF when a checker went there.
    A run in the other side's colour, or none, leaves the bar to the points' fills.  Board
    given, replays of 2 300 renders: 4 boards righted (own IMG_52524, /tmp/train IMG_0354,
    IMG_41020, IMG_40043), none lost; ungated (session 24) it broke IMG_40892 and IMG_41073,
    white sides one short beside a faint black run; bar checkers with no run (IMG_48226,
    IMG_48317, /tmp/train IMG_0034) or a run of the other set (IMG_48216) stay unplaced.

    >>> white, black = [0] * 24, [0] * 24
    >>> white[0], black[23], black[12] = 15, 10, 4   # black 14, a checker outside its home
    >>> points = ([1.0] * 24, [None] * 24, None)
    >>> short_on_bar(white, black, 0, 0, 0.5, points, faint=lambda: True)
    (0, 1, 0.5)
    >>> short_on_bar(white, black, 0, 0, 0.5, points, faint=lambda: False)   # a white run
    (0, 0, 0.5)
    """
    bars = [bar_white, bar_black]
    if bar_conf >= DOUBTED or faint is None:
        return bar_white, bar_black, bar_conf
    seen_set: list[bool | None] = []  # faint() asked once, and only when a side may use it
    conf, likes, edge_p = points
    for blk, counts, other in ((False, white, black), (True, black, white)):
        seen = off[blk]
        short = short_of_fifteen(counts, bars[blk], seen)
        if short != 1 or bars[blk] or (seen is None and not none_off(counts, blk)):
            continue
        empties = [i for i in _candidates(counts, other, conf, likes, blk) if counts[i] == 0]
        if _strong(empties, edge_p, 1):
            continue  # a checker clearly seen on a doubted empty point of its colour
        if not seen_set:
            seen_set.append(faint())
        if seen_set[0] is blk:
            bars[blk] += 1
            bar_conf = min(bar_conf, FILLED_CONF)
    return bars[0], bars[1], bar_conf


def bar_doubt(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    bar_conf: float,
    off: tuple[int | None, int | None] = (None, None),
) -> float:
    """The bar's confidence: no more than FILLED_CONF while a side is still one or two short of
    15 though it has borne none off (a checker on a point outside its home board), or short
    of 15 less those seen borne off (``off`` as for ``fill_short``), as its missing checker
    may be on the bar (a dark checker on a dark bar, one read as the other side's).  Further
    short, the frame is misread elsewhere (or its board has fewer a side: the paper webcam's
    12)."""
    short = any(
        0 < short_of_fifteen(counts, bar, seen) <= MAX_FILL
        and (seen is not None or none_off(counts, blk))
        for blk, counts, bar, seen in (
            (False, white, bar_white, off[0]),
            (True, black, bar_black, off[1]),
        )
    )
    return min(bar_conf, FILLED_CONF) if short else bar_conf
