"""A side still short of 15 that cannot have borne off: its missing checkers may be on a corner
point read empty and believed (``doubt_short_corner``).

After the totals' fills (``short_side.fill_short``) a side may still count one or two short
though a believed checker stands outside its home board (so it bore none off). Its missing
checkers are where the reads did not see them, and the board's corner points 1 and 24 (index
0 and 23, at the frame's edge) hold them more often than any other: in saved predictions
(unseen46-52, unseen54, /tmp/int32/own, fresh68, own IMG_74601-75200, dev; board given and
found) 46 sides were still short so, their missing at points 1/24 on 13 and at 12/13 on 2.
Only two had them on a believed point, both point 1 read empty at 1.0 (/tmp/unseen54
IMG_73234, own IMG_74748: black's dark pair there; black then "bore off" two).

Doubting such a frame's empty corner points 1 and 24 costs few right believed counts. Chosen
on unseen46-50 (saved, board given; unseen50 re-read: 3701/2 -> 3699/2), dev and own
IMG_74601-75200: 5 right of ~26,000 believed, and own IMG_74748 caught (re-read, board given:
believed / wrong 11109/4 -> 11108/3, exact and die states unchanged). Checked on unseen51,
unseen52, unseen54 (given and found), /tmp/int32/own (IMG_77401-77800, given and found) by
saved predictions: 2 right of ~30,000, IMG_73234 caught (seen before the rule was written); fresh68
re-read, board given: believed 3718/2 unchanged; found: 3471/2 -> 3470/2, exact and die states
unchanged. IMG_34889's lone dark checker on point 24 (test_checkers_seen_empty) is doubted by
this rule too. Doubting points 12 and 13 too cost 24 right for the same two; every empty point
287.

The counts are kept (the fills did not place the missing there, so neither does this), and a
point holding either side's checkers is left alone.

::

    >>> white, black, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> white[5], white[12], white[23] = 5, 8, 2   # white's fifteen
    >>> black[18], black[11] = 8, 5                 # black 13: two missing, none borne off
    >>> doubt_short_corner(white, black, 0, 0, conf)
    >>> conf[0], conf[23], conf[11]
    (0.5, 1.0, 1.0)
"""

from __future__ import annotations

from vision.checkers.model import short_of_fifteen
from vision.checkers.short_side import FILLED_CONF, MAX_FILL, none_off

# The board's corner points by the frame's edge where a short side's missing pair hides.
CORNERS = (0, 23)


def doubt_short_corner(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    conf: list[float],
    off: tuple[int | None, int | None] = (None, None),
) -> None:
    """Doubt, in place (to FILLED_CONF, counts kept), each empty corner point (CORNERS) of a
    frame in which a side is one to MAX_FILL short of 15 (less ``off``, its checkers seen borne
    off, None unseen) though a believed checker of it stands outside its home board."""
    for blk, counts, bar in ((False, white, bar_white), (True, black, bar_black)):
        short = short_of_fifteen(counts, bar, off[blk])
        if not (0 < short <= MAX_FILL and none_off(counts, blk, conf)):
            continue
        for i in CORNERS:
            if not white[i] and not black[i]:
                conf[i] = min(conf[i], FILLED_CONF)
