"""A side three or more short (``short_side._fill_many``): which empty point the learned slot
cue shows a lost stack on, and which holds a lone checker only.

All of a short side's missing go to one point (a dark stack read far short or empty).  Two
pictures put them on the wrong one (session 34's audit, board given, of every side 3+ short in
own IMG_77401-77800 and IMG_73001-73400, 78201-78600, 83601-83800: 387 sides, 314 of them
borne off and left alone, none believed wrong):

- the side's one doubted point a short row, put under the whole lot, while a doubted empty
  point coloured like neither set (dark on dark) shows the cue a checker on its edge slot and
  its next one (IMG_73237: a black eleven read empty, its edge 0.69 and next slot past 0.8; the
  pair given eleven more, its next slot under 0.05, ``row_ends.ends``): ``seen_stack``;
- an empty point coloured like the side that the cue clearly sees a checker on, given them
  all, whose next slot is clear of dice and seen under LONE_BELOW: a lone checker (IMG_73159,
  0.90 and nothing past it: one of three there, the rest a row of one read short; IMG_78268).
  Right fills so had the next slot at 0.25 or more (IMG_73062, 78531, 78544, 77482: 0.25-0.8+).
  It takes one; the side stays short, its doubted points doubted.
"""

from __future__ import annotations

from collections.abc import Callable

from vision.observation import BELIEVED

# The cue's probability on an empty point's edge slot from which it shows a checker
# (``short_side.STRONG``'s), and on its next slot from which a second one lies there
# (``short_side.PAIR_FROM``'s: lone checkers' second slots 0.01-0.13, twos' 0.71-0.94).
EDGE_FROM = 0.25
NEXT_FROM = 0.5
# Under this the cue sees nothing on an empty point's next slot (``row_ends.ENDS_BELOW``'s).
LONE_BELOW = 0.05


def seen_stack(
    counts: list[int],
    other: list[int],
    conf: list[float],
    likes: list[bool | None],
    cue: tuple[Callable[[int], float] | None, Callable[[int, float], int] | None],
    blk: bool,
) -> int | None:
    """The one doubted empty point, not coloured like the other set, on whose edge slot
    (from EDGE_FROM) and next slot (from NEXT_FROM) the learned cue sees checkers; None when
    none or several.  ``cue``: ``edge_p(i)``, ``more(i, least)`` (checkers seen past the edge).

    >>> counts, other, conf = [0] * 4, [0] * 4, [0.5, 0.5, 1.0, 0.5]
    >>> edge = {0: 0.7, 1: 0.4, 2: 0.9, 3: 0.1}
    >>> more = lambda i, least: int(i in (0, 2))
    >>> seen_stack(counts, other, conf, [None] * 4, (edge.get, more), True)
    0
    >>> seen_stack(counts, other, conf, [False] * 4, (edge.get, more), True) is None
    True
    """
    edge_p, more = cue
    if edge_p is None or more is None:
        return None
    seen = [
        i
        for i in range(len(counts))
        if counts[i] == other[i] == 0
        and conf[i] < BELIEVED
        and likes[i] is not (not blk)
        and edge_p(i) >= EDGE_FROM
        and more(i, NEXT_FROM) >= 1
    ]
    return seen[0] if len(seen) == 1 else None


def lone_only(i: int, past: Callable[[int, float, int], int] | None) -> bool:
    """Does empty point ``i`` hold one checker at most: its next slot clear of dice (``past``
    reads it at all) and seen under LONE_BELOW (``past(i, least, first)``: checkers the cue
    sees from slot ``first``, ``PointSlots.seen_from``)?

    >>> lone_only(0, lambda i, least, first: int(least < 0.01))
    True
    >>> lone_only(0, lambda i, least, first: int(least < 0.3)), lone_only(0, None)
    (False, False)
    """
    if past is None:
        return False
    return past(i, 0.0, 1) >= 1 and past(i, LONE_BELOW, 1) == 0
