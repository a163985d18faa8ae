"""Where a short side's missing checkers are when none of its doubted points is a tall stack
or a point the learned cue clearly sees a checker on (``short_side.fill_short``'s last
choices).

- ``sole_stack``: a side proven to hold its fifteen on the board and bar (a believed checker
  outside its home) counted one or two short with no doubted point at all lost them from its
  one tall stack, read short and believed (own IMG_60001-60400: a black 7 on point 12 read 5 at
  0.96; a lone checker at the frame then stays unread, and the stack is doubted either way).
- ``seen_instead``: a side whose doubted points are empty points the cue does not see and
  short stacks takes a missing checker (both, when the cue sees the point's second slot too)
  on the doubted empty point coloured like neither set the cue clearly sees one on (a dark
  pair on a dark point shows the triangle's colour: own IMG_60001-60400, two such pairs left
  unread, or given to an empty point of the set's colour the cue sees nothing on).
- ``sole_row``: one missing, and the side's only doubted point with checkers is a short row
  among empty points the cue sees nothing on: the row lost its last checker (own
  IMG_57801-58200: a black pair at the board's side read one, doubted).

::

    >>> counts, other = [0] * 24, [0] * 24
    >>> counts[11], counts[18], counts[1] = 5, 4, 2
    >>> sole_stack(counts, other, [1.0] * 24, 5)
    11
    >>> sole_row([1, 5, 7], counts, lambda i: 0.1, 0.25)
    1
    >>> seen_instead([11], lambda i, least: 1, 2)
    {11: 2}
"""

from __future__ import annotations

from collections.abc import Callable

from vision.observation import BELIEVED


def sole_stack(counts: list[int], other: list[int], conf: list[float], tall: int) -> int | None:
    """The side's one point holding ``tall`` or more of its checkers (none of the other
    side's) when no point free of the other side's checkers is doubted; else None."""
    if any(conf[i] < BELIEVED for i in range(24) if not other[i]):
        return None
    stacks = [i for i in range(24) if counts[i] >= tall and other[i] == 0]
    return stacks[0] if len(stacks) == 1 else None


def sole_row(
    own: list[int], counts: list[int], edge_p: Callable[[int], float] | None, seen_from: float
) -> int | None:
    """The one of a side's doubted points (``own``) holding checkers, when every other is an
    empty point the learned cue sees no checker on (under ``seen_from``); else None."""
    rows = [i for i in own if counts[i]]
    if len(rows) != 1 or edge_p is None:
        return None
    return rows[0] if all(edge_p(i) < seen_from for i in own if not counts[i]) else None


def seen_instead(
    seen: list[int], more: Callable[[int, float], int] | None, short: int, pair_from: float = 0.5
) -> dict[int, int]:
    """The checkers to add on the first ``seen`` point: both of two missing when the learned
    cue sees its second slot too (``more(i, pair_from)``), else one; none without a point."""
    if not seen:
        return {}
    both = short == 2 and more is not None and more(seen[0], pair_from) >= 1
    return {seen[0]: 2 if both else 1}
