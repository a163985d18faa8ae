"""Which face of a die is its top, when the face read is no top: a cocked die shows its top and a
side face or two, and the finder may read a side face (or a fragment, left unread) while the top
face of 4-6 pips is put aside on the die (``DieReading.others``). The die's value is its top
face's, the face whose normal is nearest the board's (``vision.face_normal``); a cocked die tips
under 45 degrees, so its top face fits a tilt under ``STEEP``, its side faces do not.

Two cases give way to a face of 4-6 pips put aside on the die that fits a die's face (its
corner pips' offset in range) and may be up (its lower tilt under ``STEEP``):

- the face read stands too steep to be up, or spreads past a face's corners (``FaceTilts.steep``,
  ``too_wide``; restate would leave the die unread): the fitting face tilted least;
- the face read has 1-3 pips, or was left unread, and the other face lies up the view from it
  (``_UPWARD`` die sides at least against a flat die's ``down``): a side face raised by the
  die's tilt shows below its top, as perspective shows a flat die's sides below its top.

Where neither holds, nothing is chosen (the read stays as restate makes it), but for a lone
pip left unread with one face of 2 or 3 put aside up the view from it: that face is the top
(``small_above``).

    >>> import numpy as np
    >>> from vision.cocked_view import DieView
    >>> view = DieView(np.array([[25.0, 0.0], [0.0, 25.0]]), np.array([0.0, 8.0]))
    >>> four = tuple((100 + 25 * x, 80 + 25 * y, 2.0) for x in (-0.25, 0.25) for y in (-0.25, 0.25))
    >>> up = OtherFace(4, (100.0, 80.0), four)
    >>> one = OtherFace(1, (100.0, 100.0), ((100.0, 100.0, 2.0),))
    >>> top_face(one, [up], view, 25.0) is up  # a 4 up the view from a lone pip
    True
    >>> top_face(one, [OtherFace(4, (100.0, 120.0), four)], view, 25.0) is None  # below it
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from vision.cocked_view import DieView
from vision.face_normal import DOWN_SEEN, STEEP, OtherFace, face_tilts

# Die sides up the view (against a flat die's ``down``) another face of 4-6 pips lies from a
# read face of 1-3 pips to be taken for the die's top. Found dice, board given, /tmp/dv24
# (IMG_48601-49000): at 0.3, 11 cocked dice read right that were wrong or unread and none lost;
# at 0 none lost either, below it (faces down the view: a flat die's side faces) 3 lost.
_UPWARD = 0.3
# Die sides: a face of 4-5 pips beside an unread lone pip lies this near it, at most, for the
# pip to be taken for the 1 on the die's top (``lone_one``).
_ONE_REACH = 0.9


def _may_be_top(o: OtherFace, view_at: DieView) -> float | None:
    """The lower tilt of a face of 4-6 pips with a die face's fit that may be up, else None."""
    if o.value is None or not 4 <= len(o.pips) <= 6:
        return None
    t = face_tilts(o.pips, view_at)
    if t is None or not t.fits_a_face or t.low > STEEP:
        return None
    return t.low


def top_face(
    read: OtherFace,
    others: Sequence[OtherFace],
    view: DieView,
    die_px: float,
    at: Callable[[tuple[float, float]], DieView] | None = None,
) -> OtherFace | None:
    """The face put aside on a die (``others``) to read instead of the face ``read`` (value
    None: left unread; pips image x, y, r), see the module doc; None: keep the read.
    ``view``: a flat die's view at the read face's centre; ``at`` gives the view at another
    face's centre (``CameraView.at``; None: ``view`` for all)."""
    tops = []
    for o in others:
        low = _may_be_top(o, view if at is None else at(o.centre))
        if low is not None:
            tops.append((low, o))
    if not tops:
        return lone_one(read, others, die_px) or small_above(read, others, view, die_px)
    tilts = face_tilts(read.pips, view) if read.value is not None else None
    if tilts is not None and (tilts.steep or tilts.too_wide):
        return min(tops, key=lambda t: t[0])[1]
    reach = float(np.hypot(*view.down))
    if (read.value is not None and len(read.pips) > 3) or reach < DOWN_SEEN * die_px:
        return lone_one(read, others, die_px)
    ups = [(_up(o, read, view), o) for _, o in tops]
    above = [(up, o) for up, o in ups if up >= _UPWARD * die_px]
    return max(above, key=lambda a: a[0])[1] if above else lone_one(read, others, die_px)


def lone_one(read: OtherFace, others: Sequence[OtherFace], die_px: float) -> OtherFace | None:
    """The lone pip ``read`` (left unread) as its die's 1, where a face of 4 or 5 pips that read
    was put aside on the die and is no top (``top_face`` chose none) and its centre lies about
    a 1's centre from it (at most ``_ONE_REACH`` die sides, ``die_px`` pixels; a cube's
    adjacent faces' centres are 0.71 apart, a 2's or 3's corner pip farther from the face
    beside it may be). A cocked 1's side faces are 2-5; a top of more pips would have shown
    more than one. Renders, board given, IMG_57001-57200, 57401-57700 and 59601-60000: 8 such
    dice, 7 of them 1s, the other a 2 read from 1.14 die sides away. None where it does not
    hold.

    >>> pips = tuple((10.0 + x, y, 1.0) for x in (-2, 2) for y in (-2, 2))
    >>> four = OtherFace(4, (10.0, 0.0), pips)
    >>> lone_one(OtherFace(None, (0.0, 0.0), ((0.0, 0.0, 1.0),)), [four], 14.0).value
    1
    >>> lone_one(OtherFace(None, (0.0, 0.0), ((0.0, 0.0, 1.0),)), [four], 10.0) is None
    True
    """
    if read.value is not None or len(read.pips) != 1:
        return None
    x, y = read.centre
    for o in others:
        near = np.hypot(o.centre[0] - x, o.centre[1] - y) <= _ONE_REACH * die_px
        if o.value in (4, 5) and len(o.pips) == o.value and near:
            return OtherFace(1, read.centre, read.pips)
    return None


def _up(o: OtherFace, read: OtherFace, view: DieView) -> float:
    """Pixels ``o``'s centre lies up the view from ``read``'s (against a flat die's ``down``,
    which must show: ``DOWN_SEEN``)."""
    ux, uy = view.down / float(np.hypot(*view.down))
    return -float((o.centre[0] - read.centre[0]) * ux + (o.centre[1] - read.centre[1]) * uy)


def small_above(
    read: OtherFace, others: Sequence[OtherFace], view: DieView, die_px: float
) -> OtherFace | None:
    """The face to read for a lone pip left unread (``read``): the one 2 or 3 put aside on the
    die that lies up the view from it, ``_UPWARD`` die sides at least (a side face raised by
    the die's tilt shows below its top, ``top_face``'s rule for 4-6 pips); None where there is
    not exactly one. Renders, board given (session 32's audit of cocked values): over IMG_75201-
    75800 (--dice 4) and /tmp/unseen46-52, 14 dice were an unread lone pip with one 2 or 3 put
    aside; that face was the die's value in 7 (the lone pip mostly a top's 1 beside a side
    face's 2 or 3); lying 0.3 die sides or more up the view, in all 4 (IMG_75227, 75293,
    75412, 75676: 0.57-0.66 up), none of them the wrong 7 (-0.68 to 0.12 up). Lying down the
    view, the lone pip was a 1 in 3 of 4: not read.

    >>> import numpy as np
    >>> view = DieView(np.array([[25.0, 0.0], [0.0, 25.0]]), np.array([0.0, 8.0]))
    >>> two = OtherFace(2, (100.0, 84.0), ((94.0, 78.0, 2.0), (106.0, 90.0, 2.0)))
    >>> lone = OtherFace(None, (100.0, 100.0), ((100.0, 100.0, 2.0),))
    >>> small_above(lone, [two], view, 25.0) is two
    True
    >>> small_above(lone, [OtherFace(2, (100.0, 116.0), two.pips)], view, 25.0) is None
    True
    """
    if read.value is not None or len(read.pips) != 1:
        return None
    if float(np.hypot(*view.down)) < DOWN_SEEN * die_px:
        return None
    up = [
        o
        for o in others
        if o.value in (2, 3) and len(o.pips) == o.value and _up(o, read, view) >= _UPWARD * die_px
    ]
    return up[0] if len(up) == 1 else None
