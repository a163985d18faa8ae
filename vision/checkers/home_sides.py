"""Which set is white when this frame's own colours cannot say: the one whose checkers the rules
allow where they stand.

Without calibrated colours the counter splits the frame's checkers in two (``colours``) and
names the lighter set white (or the greyer of two light ones).  Late in a game few checkers are
left, and two sets close in lightness (natural wood beside grey, a vignetted corner) may be
named the wrong way round: every point then reads the other colour, at full confidence.  The
rules tell the sides apart: a checker is borne off only once all its side's checkers are home
(points 1-6 of that side), so a side far short of 15 (``BORE_OFF``: it bore off) has no checker
outside its home board nor on the bar (but for one hit while bearing off: rare).  When both
sides break that as read (the other side at least short with a checker away from its home),
and with the names swapped each side is whole (15) or all home, the names were swapped.
Likewise points of the wrong colour (a lone checker, or a stack, on the other side's home,
read as a side that bore off far from home): when giving that side's points away from its home
to the other side leaves both sides whole or all home, they are the other side's.  A side over
15 proves
nothing (a phantom, more often than a renamed point).  A point renamed so is doubtful.

::

    >>> white, black = [0] * 24, [0] * 24
    >>> white[22], white[23], black[0] = 4, 3, 1   # seven "white" on points 23-24, one "black" on 1
    >>> conf = [1.0] * 24
    >>> swap_named_sides(white, black, 0, 0, conf)
    ([0, 22, 23], True)
    >>> black[22], black[23], white[0], conf[0]
    (4, 3, 1, 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence

from vision.checkers.model import CHECKERS_PER_SIDE, HOME, short_of_fifteen
from vision.observation import BELIEVED

# A side this far short of 15 bore off (a side one or two short was more often misread).
BORE_OFF = 3
# Confidence of a point renamed.
RENAMED_CONF = 0.5


def _outside(counts: list[int], bar: int, blk: bool) -> int:
    """A side's checkers outside its home board, the bar's included."""
    return bar + sum(counts[i] for i in range(24) if i not in HOME[blk])


def bore_off_away(counts: list[int], bar: int, blk: bool) -> bool:
    """Does this side, far short of 15 (it bore off), hold checkers outside its home board?"""
    short = short_of_fifteen(counts, bar)
    return short >= BORE_OFF and _outside(counts, bar, blk) > 0


def _away_short(counts: list[int], bar: int, blk: bool) -> bool:
    """Is this side short of 15 with a checker on a point outside its home board (the bar
    proves nothing: a side hit while bearing off has one there)?"""
    short = sum(counts) + bar < CHECKERS_PER_SIDE
    return short and any(counts[i] for i in range(24) if i not in HOME[blk])


def fits(counts: list[int], bar: int, blk: bool) -> bool:
    """Is this side all there (15), or short of 15 with every checker home?"""
    total = sum(counts) + bar
    return total == CHECKERS_PER_SIDE or (
        total < CHECKERS_PER_SIDE and _outside(counts, bar, blk) == 0
    )


def swap_named_sides(
    white: list[int], black: list[int], bar_white: int, bar_black: int, conf: list[float]
) -> tuple[list[int], bool]:
    """Rename the sets in place when the rules say they were named the wrong way round.
    Returns the points renamed and whether every one was (the bars' counts swap too)."""
    now = (bore_off_away(white, bar_white, False), bore_off_away(black, bar_black, True))
    if not any(now):
        return [], False
    # The other side breaks them too when, short at all, it holds a checker outside its home
    # (it cannot have borne off, so as read it is misread or misnamed): 13 "black" on white's
    # points 1-3 beside three "white" on black's 24 point (/tmp/train IMG_0305, IMG_40801-41200
    # IMG_41084: white's last thirteen home, named black, and black's last three).
    broken = [
        b or _away_short(c, bar, blk)
        for b, c, bar, blk in zip(
            now, (white, black), (bar_white, bar_black), (False, True), strict=True
        )
    ]
    if all(broken) and fits(black, bar_black, False) and fits(white, bar_white, True):
        renamed = [i for i in range(24) if white[i] or black[i]]
        for i in renamed:
            conf[i] = min(conf[i], RENAMED_CONF)
            white[i], black[i] = black[i], white[i]
        return renamed, True
    # A side's points away from its home given to the other side can mend one side only (the
    # other keeps its own checkers outside its home), so one side's at most; all of them at
    # once (a lone checker, or a stack and its neighbour: /tmp/train IMG_0300, black's 7 and 1
    # on its points 23-24 named white beside white's last one), none held by the other side.
    for blk, counts, other, bar, other_bar in (
        (False, white, black, bar_white, bar_black),
        (True, black, white, bar_black, bar_white),
    ):
        if not bore_off_away(counts, bar, blk):
            continue
        away = [i for i in range(24) if counts[i] and i not in HOME[blk]]
        if any(other[i] for i in away):
            continue
        mine, theirs = list(counts), list(other)
        for i in away:
            mine[i], theirs[i] = 0, counts[i]
        if fits(mine, bar, blk) and fits(theirs, other_bar, not blk):
            for i in away:
                other[i], counts[i] = counts[i], 0
                conf[i] = min(conf[i], RENAMED_CONF)
            return away, False
    return [], False


def rename_sides(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    conf: list[float],
    discs: list[list[tuple[float, float, float, int]]],
) -> tuple[int, int]:
    """:func:`swap_named_sides`, with each renamed point's discs (x, y, r, black) renamed
    too; returns the bars' counts (white, black)."""
    renamed, every = swap_named_sides(white, black, bar_white, bar_black, conf)
    for i in renamed:
        discs[i] = [(x, y, r, 1 - b) for x, y, r, b in discs[i]]
    return (bar_black, bar_white) if every else (bar_white, bar_black)


def _bore_off_sides(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    off: tuple[int | None, int | None],
) -> list[tuple[list[int], list[int]]]:
    """Each side BORE_OFF or more short of 15 whose tray is not seen empty (it bore off): its
    counts and its occupied points outside its home board."""
    sides = []
    for blk, counts, bar in ((False, white, bar_white), (True, black, bar_black)):
        if short_of_fifteen(counts, bar) >= BORE_OFF and off[blk] != 0:
            sides.append((counts, [i for i in range(24) if counts[i] and i not in HOME[blk]]))
    return sides


def doubt_away(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    conf: list[float],
    off: tuple[int | None, int | None] = (None, None),
) -> None:
    """Doubt, in place, a side's one point outside its home board while the side is BORE_OFF or
    more short of 15 (it bore off): only a checker hit while bearing off stands there, and read
    so it was a phantom (own IMG_34839: four white on an empty point of black's home, white's
    last checker home, at 0.8; board given on own, IMG_34401-34800, /tmp/train and dev, no
    right count so believed).  Several points outside are a side misread short (a tall stack
    lost), as is a side whose tray is seen empty (``off``: believed tray counts, None unseen).

    >>> white, black, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> white[0], white[20], black[23] = 1, 4, 15   # white bore off ten; four on point 21
    >>> doubt_away(white, black, 0, 0, conf)
    >>> conf[20], conf[0]
    (0.5, 1.0)
    """
    for _counts, away in _bore_off_sides(white, black, bar_white, bar_black, off):
        if len(away) == 1:
            conf[away[0]] = min(conf[away[0]], RENAMED_CONF)


def drop_away(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    conf: list[float],
    off: tuple[int | None, int | None] = (None, None),
) -> list[int]:
    """Empty, in place, a side's doubted points outside its home board while the side, after
    the totals' fills, is still BORE_OFF or more short of 15 (it bore off: the rules allow no
    checker away from home, but for one hit while bearing off, rare) and holds no believed
    point away (``BELIEVED``: then it did not bear off, a stack was misread short); not when
    its tray is seen empty (``off``).  Late in a game a lone phantom (a shadow, a die's side)
    on an empty point took a borne-off checker: the side's off count read one short, the
    board wrong; the renamings (``swap_named_sides``) and fills have had their say first.
    Returns the points emptied (their confidence at most ``RENAMED_CONF``).  Board given:
    own IMG_91801-92400 (looked at) endgames exact 82 -> 84 of 99 (a lone phantom each), 3
    boards already wrong lost a real point (a side misread short, a tall stack lost, beside a
    doubted point away); held out IMG_92401-93000 all boards 485 -> 488 of 546 (found 465 ->
    468), 9 points made right and 5 real ones emptied on boards already wrong (found: 4 of
    those boards); believed counts and die states unchanged.  A hit while bearing off (2 of
    267 render sides with 3-9 off held a bar checker) would lose its re-entered checker here
    where doubted: no board exact before was made wrong.  Frames whose colours are in doubt
    (a stray colour took a cluster) are where such phantoms live, so they are not spared:
    IMG_16431, a sleeve read as a black checker, and black's last two named white on white's
    far side, all three emptied, doubted (a guard for such frames left held out IMG_92634,
    IMG_92654 and IMG_92736 wrong).

    >>> white, black, conf = [0] * 24, [0] * 24, [1.0] * 24
    >>> white[0], white[16], black[23] = 1, 4, 15   # white bore off ten; four on point 17
    >>> conf[16] = 0.5
    >>> drop_away(white, black, 0, 0, conf), white[16], conf[16]
    ([16], 0, 0.5)
    """
    dropped: list[int] = []
    for counts, away in _bore_off_sides(white, black, bar_white, bar_black, off):
        if not away or any(conf[i] >= BELIEVED for i in away):
            continue
        for i in away:
            counts[i] = 0
            conf[i] = min(conf[i], RENAMED_CONF)
        dropped += away
    return dropped


def names_in_doubt(
    white: list[int],
    black: list[int],
    bar_white: int,
    bar_black: int,
    named: Sequence[int] = (),
) -> bool:
    """One side, as named, bore off with checkers away from home (the rules forbid it), while
    with the names swapped both sides fit: the names may be wrong, though one broken side is
    too little to swap them (``swap_named_sides`` wants both).  Own unseen IMG_40249: white's
    last three home, named black; the "black" side's twelve missing were then filled onto one
    point and every swapped count believed.

    Or the colour split named checkers of both sets (``named``: 0 white, 1 black, one per
    checker it split) but one set holds no point nor the bar once each point took its
    majority: the split was shading within the points' stacks, not two sets, and the one
    set's name is a guess (1 500 render frames, board given: 12 such, their counts doubted
    already but for one, a light wood set named white beside a lone white checker).

    >>> white, black = [0] * 24, [0] * 24
    >>> white[8], white[20], white[23], black[0], black[1] = 1, 1, 13, 1, 2
    >>> names_in_doubt(white, black, 0, 0)
    True
    >>> names_in_doubt(black, white, 0, 0)   # named right: white's three home, black whole
    False
    >>> names_in_doubt([3] + [0] * 23, [0] * 24, 0, 0, named=[0, 1, 0])   # black outvoted
    True
    """
    held = (any(white) or bar_white > 0, any(black) or bar_black > 0)
    if 0 in named and 1 in named and not all(held):
        return True
    now = (bore_off_away(white, bar_white, False), bore_off_away(black, bar_black, True))
    if sum(now) != 1:
        return False
    # The other side read over 15, and the broken side without one checker home: neither
    # side is one, so the frame's colours are in doubt (own IMG_44801-45000 IMG_44918:
    # black's fifteen and white's last one all read white, a lone black among them believed
    # white, beside a phantom "black" four on white's home).  (A broken side with checkers
    # home is more often a side read short beside a phantom: /tmp/train IMG_0329.)
    blk = not now[0]
    counts, other, other_bar = (black, white, bar_white) if blk else (white, black, bar_black)
    if sum(other) + other_bar > CHECKERS_PER_SIDE and not any(counts[i] for i in HOME[blk]):
        return True
    return fits(black, bar_black, False) and fits(white, bar_white, True)


def doubt_every_point(white: list[int], black: list[int], conf: list[float]) -> None:
    """Lower every occupied point's confidence to ``RENAMED_CONF``, in place."""
    for i in range(24):
        if white[i] or black[i]:
            conf[i] = min(conf[i], RENAMED_CONF)
