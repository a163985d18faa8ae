"""Faces read from pips that do not tell a die's value: left unread (value None) rather than
guessed, so the referee asks about the die instead of believing a wrong value. Split from
``vision.dice`` for size.

- a 2 or 3 far shorter than the die (its size known): a fragment of a face;
- a lone pip with a like pip close beside it (die size known, or estimated from the photo's
  faces): a tilted die, or a face whose other pips were not linked;
- a 2 far smaller than the photo's faces of 3+ pips (no board): two neighbouring pips of a
  4, 5 or 6;
- a face of 1-3 pips with under half the contrast of the photo's faces' pips (no board):
  pips on a shaded side face (the faces up are lit alike);
- a 3 with a like row of three beside it (die size known, or estimated from the photo's
  faces): one column of a 6 whose other column was not linked (a tilted die's top face,
  foreshortened across its columns);
- a lone pip with a spot of its kind on its face (no board): the tip of a logo, or a pip
  of a face whose others were not linked;
- a face of 2+ pips both smaller and fainter than the photo's faces (no board): a side
  face of a die whose top face showed no pips (a logo);
- a 1-3 pip face beside a large enclosed mark of the pips' ink (no board, dice-only photos):
  a side face beside a logo face that is up (a skull for 1, an emblem for 6);
- two faces read as two dice closer than a die's side (board reads, ``one_reading_a_die``):
  one die's top and side face; one reading stays, unread where their values disagree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.face_completion import farthest_pair, ink_evidence
from vision.pip_groups import Group, Linked, median

if TYPE_CHECKING:  # vision.dice imports this module
    from vision.dice import DieReading
from vision.pips import Pip

_SHORT_SPAN = 0.5  # a 2 or 3 spanning under this share of the die side is unread
_PAIR_SHORT = 0.75  # no board: a 2 this much smaller than the photo's faces is unread
_FAINT = 0.5  # no board: a face of 1-3 pips under this share of the faces' pip contrast
_SIDE_R = 0.75  # no board: a face's pips this much smaller than the photo's faces' pips
_SIDE_CONTRAST = 0.75  # and this much fainter lie on a side face
_SPOT_NEAR = 1.0  # no board: a spot this near a lone pip (half sides) is on its face
_LIKE_NEAR = 0.72  # a like pip this near a lone pip (share of the die side) leaves it unread
_LIKE_CONTRAST = 0.36  # |log| of the contrast ratio of like pips, at most (0.7-1.43)
_LIKE_INK = 0.2  # or (no board) their ink this near, in shares of the lone pip's contrast
_MARK_AREA = 6.0  # a mark of at least this many pips' area beside a small face is a logo
_MARK_REACH = 3.0  # looked for this many half-sides round the face
_MARK_INK = 1.0  # a mark's inkiest tenth this many times the pips' contrast at least
_ROW_SEEN = 0.45  # a spot darker than the face by this share of the pips' contrast is a pip
_ROW_PLAIN = 0.3  # and one under this share is plain face
# Where a 6's other column may lie from the one read: shares of the column's length across
# it (a 6's columns are one column length apart face on, closer foreshortened), turned by up
# to 30 degrees (the face's axes are skewed in an oblique view), within 0.75 of the die side.
_ROW_SHIFTS = (0.45, 0.6, 0.75, 0.9, 1.05)
_ROW_TURNS = tuple(math.radians(a) for a in (-30, -15, 0, 15, 30))
# Die sides: two dice lie a side apart at least (flat dice touching; a top face seen nearer
# the camera only looks bigger). Readings closer are one die's faces: renders, board given,
# such pairs lie 0.50-0.92 apart (IMG_37201-37600, 31801-32200, /tmp/train), two dice read
# right 1.2 apart.
ONE_DIE = 0.9
# Two 1s closer than a die's side are two pips of one face (a 2 read as two 1s: /tmp/dv23
# IMG_45482, 0.94 apart): two dice lie a side apart at least, and a die shows one 1 at most.
_TWO_ONES = 1.0
_SAME_PIP = 0.25  # two 1s closer than this (die sides) are one pip read twice


def unreadable(
    gray: np.ndarray,
    g: Group,
    pips: list[Pip],
    die_px: float | None,
    ref_half: float,
    ref_contrast: float = 0.0,
    ref_r: float = 0.0,
) -> bool:
    """Is the face ``g`` (work image ``gray``, all ``pips`` found there) no reading of its
    die? ``die_px``: the die side if known; ``ref_half``: half a face side as the photo's
    faces of 3+ pips show it (both work pixels); ``ref_contrast``: the median contrast of
    the pips of the photo's faces of 2+ pips (0: none); ``ref_r``: their median radius."""
    if die_px is not None:
        return (
            _too_short(g, die_px)
            or _lone_beside_like(g, pips, die_px)
            or _column_of_six(gray, g, die_px)
        )
    # Boards are printed and carry checkers: enclosed marks are everywhere there. A lone
    # pip's face side is estimated from the photo's read faces (``g.half``).
    return (
        _lone_beside_like(g, pips, 2 * g.half, by_ink=True)
        or _spot_on_face(g, pips, ref_half)
        or _beside_a_mark(gray, g, ref_half, ref_contrast)
        or _short_pair(g, ref_half)
        or (ref_half > 0 and _column_of_six(gray, g, 2 * ref_half))
        or (len(g.pips) <= 3 and _faint(g, ref_contrast))
        or _side_face(g, ref_r, ref_contrast)
    )


def _too_short(g: Group, die_px: float) -> bool:
    """A 2 or a 3 runs corner to corner, about two thirds of the die side (renders measure
    0.55-0.9). Spanning under half the side (the die's size known), its pips are a
    fragment of a face: a 6's column, a tilted die's side face (cocked dice, mostly). Which
    face it is cannot be told: the die is left unread rather than misread."""
    if len(g.pips) not in (2, 3):
        return False
    span = max(math.hypot(p.x - q.x, p.y - q.y) for p in g.pips for q in g.pips)
    return span < _SHORT_SPAN * die_px


def _faint(g: Group, ref_contrast: float) -> bool:
    """No board: a face of 1-3 pips with under half the contrast of the photo's faces'
    pips (``ref_contrast``) lies on a shaded side face (the faces up are lit alike): its
    pips are not the die's value. On the tuning halves of the three dice-only sets, 1s, 2s
    and 3s read right measure 0.66-1.2 of their photo's contrast; fudw's side faces read as
    1s and 2s 0.32-0.44."""
    return median([p.contrast for p in g.pips]) < _FAINT * ref_contrast


def _side_face(g: Group, ref_r: float, ref_contrast: float) -> bool:
    """No board: a face of 2+ pips both smaller (median radius under ``_SIDE_R`` of the
    photo's faces' pips, ``ref_r``) and fainter (median contrast under ``_SIDE_CONTRAST`` of
    theirs) than the photo's faces lies on a side face, seen obliquely and shaded: a die
    whose top face read no pips (fudw's skull 1s read as the 4 on their side). On the tuning
    halves of the three dice-only sets, faces read right with pips under 0.75 of the
    photo's radius measure 0.86-0.92 of its contrast; skull dice's side faces 0.54-0.59."""
    if len(g.pips) < 2 or ref_r <= 0 or ref_contrast <= 0:
        return False
    r = median([p.r for p in g.pips])
    contrast = median([p.contrast for p in g.pips])
    return r < _SIDE_R * ref_r and contrast < _SIDE_CONTRAST * ref_contrast


def _spot_on_face(g: Group, pips: list[Pip], ref_half: float) -> bool:
    """No board: a lone pip with a spot of its kind (polarity, half its contrast at least)
    within the face's half side of it (``g.half`` or the photo's faces' ``ref_half``) is no
    1: a 1's face is plain round its pip. The spot beside it is the centre of a logo whose
    wing tip was taken for the pip (fudw's emblem 6s: 0.66-0.67 half sides), or a pip of the
    face whose others were not linked. Right 1s on the tuning halves of the three dice-only
    sets have their nearest such spot 1.19 half sides away at least."""
    if len(g.pips) != 1:
        return False
    p = g.pips[0]
    reach = _SPOT_NEAR * max(g.half, ref_half)
    return any(
        q is not p
        and q.dark == p.dark
        and q.contrast >= 0.5 * p.contrast
        and math.hypot(q.x - p.x, q.y - p.y) < reach
        for q in pips
    )


def _short_pair(g: Group, ref_half: float) -> bool:
    """No board: a 2 far smaller than the photo's faces of 3+ pips (``ref_half``, both
    measured from the pips' spread) is two neighbouring pips of a 4, 5 or 6 (a 6's column
    pair, a side of a 4) whose others were not linked, not a 2 corner to corner. On the
    tuning halves of the three dice-only sets, 2s read right measure 0.8-1.4 of the
    photo's faces (two fudw 2s at 0.42 and 0.62), pairs on dice of other values 0.1-0.79."""
    return len(g.pips) == 2 and g.half < _PAIR_SHORT * ref_half


def _lone_beside_like(g: Group, pips: list[Pip], die_px: float, *, by_ink: bool = False) -> bool:
    """A lone pip with a pip like it (polarity, size, contrast) closer than a face's width
    is not known to be a 1: the two lie on one die seen tilted (a side face shows), or on a
    face whose other pips were not linked (a 2 read as two 1s). ``die_px``: the die side,
    known, or as the photo's read faces show it (dice-only photos). ``by_ink``: a pip of the
    same ink is like it too, whatever its contrast (dice-only photos: a pip about 2 px in
    radius has its face read on a ring inside its blur, so pips of one face differ by up to
    2x in contrast while their ink is alike)."""
    if len(g.pips) != 1:
        return False
    p = g.pips[0]
    return any(
        q is not p
        and q.dark == p.dark
        and abs(math.log(q.r / p.r)) < 0.5
        and (
            abs(math.log(q.contrast / p.contrast)) < _LIKE_CONTRAST
            or (by_ink and abs(q.inside - p.inside) < _LIKE_INK * p.contrast)
        )
        and math.hypot(q.x - p.x, q.y - p.y) < _LIKE_NEAR * die_px
        for q in pips
    )


def _beside_a_mark(gray: np.ndarray, g: Group, ref_half: float, ref_contrast: float = 0.0) -> bool:
    """A face of 1-3 pips with a large mark of the pips' ink beside it, enclosed by the die
    (a logo: a skull, a winged emblem), is most likely a side face of a die whose logo face
    is up: the pips read are not its value. The mark: a connected patch of pip-like pixels
    of at least ``_MARK_AREA`` pips, not touching the window's edge (a light table or tray
    beside the die would), within two half-sides of the group. Half-sides as the photo's
    dice show them (``ref_half``, work pixels): a side face's own is foreshortened.

    A face of 4-6 pips beside a mark is a side face only if shaded as one too: its pips'
    median contrast under ``_SIDE_CONTRAST`` of the photo's faces' (``ref_contrast``). On
    the tuning halves of the three dice-only sets, fudw's emblem 6 whose side 5 read: 0.46;
    matteop65's right 4s beside a mark (the next die's pips, merged): 0.91 and 1.0."""
    if len(g.pips) > 3 and (
        ref_contrast <= 0 or median([p.contrast for p in g.pips]) >= _SIDE_CONTRAST * ref_contrast
    ):
        return False
    h, w = gray.shape
    half = max(g.half, ref_half)
    reach = _MARK_REACH * half
    x0, x1 = max(0, int(g.cx - reach)), min(w, int(g.cx + reach) + 1)
    y0, y1 = max(0, int(g.cy - reach)), min(h, int(g.cy + reach) + 1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    face = median([p.face for p in g.pips])
    contrast = median([p.contrast for p in g.pips])
    patch = gray[y0:y1, x0:x1].astype(np.float32)
    dev = (face - patch) if g.dark else (patch - face)
    ink = (dev > 0.5 * contrast).astype(np.uint8)
    for p in g.pips:
        cv2.circle(ink, (int(round(p.x - x0)), int(round(p.y - y0))), int(1.6 * p.r + 1), 0, -1)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(ink, connectivity=8)
    pip_area = math.pi * g.r * g.r
    for i in range(1, n):
        bx, by, bw, bh, area = (int(v) for v in stats[i])
        if area < _MARK_AREA * pip_area:
            continue
        if bx == 0 or by == 0 or bx + bw >= x1 - x0 or by + bh >= y1 - y0:
            continue  # runs out of the window: the table, a tray, a checker
        mx, my = cents[i][0] + x0, cents[i][1] + y0
        if math.hypot(mx - g.cx, my - g.cy) >= 2.0 * half:
            continue
        # A logo is printed in the pips' ink: its inkiest tenth reaches the pips' contrast.
        # A light swirl of marbling round a 1 does not (fudw's tuning half: logos 2.6 of
        # the side face's pips' contrast, a 1's swirl 0.76).
        if np.percentile(dev[labels == i], 90) >= _MARK_INK * contrast:
            return True
    return False


def _column_of_six(gray: np.ndarray, g: Group, die_px: float) -> bool:
    """A 3 whose row of pips has a like row beside it (three spots of the pips' ink, each
    shifted alike, with plain face half way) is a 6's column: on a tilted die the other
    column can be foreshortened enough not to be linked, and the column alone reads as a 3
    (the commonest misread on the train renders: 7 of 28). A 3's own face is plain beside
    its diagonal, and the table beyond a die is no pip (a spot needs face round it). Only
    with the die's size known (the shifts are bounded by it)."""
    if len(g.pips) != 3:
        return False
    a, b = farthest_pair(g.pips)
    mid = next(p for p in g.pips if p is not a and p is not b)
    length = math.hypot(b.x - a.x, b.y - a.y)
    if length < 1e-6:
        return False
    face = median([p.face for p in g.pips])
    contrast = median([p.contrast for p in g.pips])
    rr = max(1, int(round(0.4 * g.r)))  # small: the other column may be foreshortened

    def evidence(x: float, y: float, rad: int = rr) -> float:
        return ink_evidence(gray, x, y, rad, face, contrast, g.dark)

    ring = [(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]

    def pip_at(x: float, y: float) -> bool:
        """A spot of the pips' ink with face round it (not the table beyond the die)."""
        if not evidence(x, y) >= _ROW_SEEN:
            return False
        round_it = [abs(evidence(x + 2 * g.r * c, y + 2 * g.r * s, 0)) for c, s in ring]
        return median(round_it) < _ROW_PLAIN

    nx, ny = -(b.y - a.y) / length, (b.x - a.x) / length  # across the row
    for side in (-1.0, 1.0):
        for turn in _ROW_TURNS:
            ux = side * (nx * math.cos(turn) - ny * math.sin(turn))
            uy = side * (nx * math.sin(turn) + ny * math.cos(turn))
            for shift in _ROW_SHIFTS:
                t = shift * length
                if t > 0.75 * die_px or t < 2.5 * g.r:
                    continue
                dx, dy = t * ux, t * uy
                # The middle first: most shifts fail there.
                if not pip_at(mid.x + dx, mid.y + dy):
                    continue
                if not all(pip_at(p.x + dx, p.y + dy) for p in (a, b)):
                    continue
                # No pips half way (a lighter face there is fine: its light falls unevenly).
                if all(evidence(p.x + dx / 2, p.y + dy / 2) < _ROW_PLAIN for p in g.pips):
                    return True
    return False


def one_reading_a_die(readings: Sequence[DieReading], die_px: float) -> list[DieReading]:
    """The readings of a board frame with those closer than ``ONE_DIE`` die sides (``die_px``,
    image pixels) taken as one die: a cocked die's top and side face (or a face and a
    fragment of it) each read as a die put a phantom die beside it, and which of them is up
    the pips do not tell. One reading stays per die, the more confident of those with a
    value; its value stays if every reading that has one agrees, else the die is unread
    (value None: the referee asks rather than believes either face); and the die is cocked if
    any of its readings was (a die shows two faces read when it is tilted). Two 1s apart
    (closer than ``_TWO_ONES`` die sides) are one die too, unread: no die shows two 1s, so
    their pips are two of one face whose others were not linked.

    >>> from vision.dice import DieReading
    >>> def die(v, x, state="cocked"):
    ...     return DieReading(v, (0, 0, 1, 1), (x, 50.0), state, 0.9, 20.0)
    >>> [(d.value, d.centre[0]) for d in one_reading_a_die([die(2, 50.0), die(3, 65.0)], 30.0)]
    [(None, 50.0)]
    >>> [(d.value, d.centre[0]) for d in one_reading_a_die([die(None, 50.0), die(3, 65.0)], 30.0)]
    [(3, 65.0)]
    >>> [d.value for d in one_reading_a_die([die(2, 50), die(3, 90)], 30.0)]
    [2, 3]
    >>> [(d.value, d.centre[0]) for d in one_reading_a_die([die(1, 50.0), die(1, 78.0)], 30.0)]
    [(None, 50.0)]
    """
    n = len(readings)
    links = Linked(n)
    for i in range(n):
        for j in range(i + 1, n):
            (xi, yi), (xj, yj) = readings[i].centre, readings[j].centre
            ones = readings[i].value == readings[j].value == 1
            if math.hypot(xi - xj, yi - yj) < (_TWO_ONES if ones else ONE_DIE) * die_px:
                links.join(i, j)
    out = []
    for group in links.groups():  # ordered by their first reading, as the readings were
        if len(group) == 1:
            out.append(readings[group[0]])
            continue
        dice = [readings[k] for k in group]
        keep = max(dice, key=lambda r: (r.value is not None, r.confidence))
        values = {r.value for r in dice if r.value is not None}
        one_at = [r.centre for r in dice if r.value == 1]
        two_ones = any(math.dist(a, b) > _SAME_PIP * die_px for a in one_at for b in one_at)
        value = keep.value if len(values) <= 1 and not two_ones else None
        # A die showing two faces read is tilted: cocked if any of its faces was called so.
        state = "cocked" if any(r.state == "cocked" for r in dice) else keep.state
        out.append(replace(keep, value=value, state=state))
    return out
