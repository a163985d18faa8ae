"""A second look at lone pips in luma. Board reads seek pips in ``face_colour.pip_grey``
(luma less half the chroma), where a coloured die's light pips stand out; a lone pip's face
checks there see a red checker or green felt beside a white die darkened, and a white die's
1 the luma grey accepted was lost (IMG_37201-37600: 4 of the 10 dice the luma grey found that
pip_grey lost). A lone pip the pip_grey checks refused is measured again in luma, with the
photo's face pips and the spots round it, and kept if the same checks pass there.

    >>> import numpy as np
    >>> from vision.pip_groups import make_group
    >>> from vision.pips import Pip
    >>> luma = np.full((60, 60), 220, np.uint8)
    >>> import cv2
    >>> _ = cv2.circle(luma, (30, 30), 4, 40, -1)
    >>> p = Pip(30.0, 30.0, 4.0, True, 180.0, 220.0, 40.0, 0.9)
    >>> [round(q.face) for q in remeasure(luma, [p])]
    [220]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

from vision.pip_groups import Group, make_group
from vision.pips import Pip, _measure_all

# The spots round a lone pip its checks look at (a die body's other-polarity spots lie
# within 2.5 pip radii): measured again within this many radii.
_NEAR_R = 3.0

_ROUND_TRY = 0.6
# A second chance holds a spot to a stricter size than the first look's 1.5 face-pip radii:
# spots of 1.5 radii (0.11-0.12 of a die: a checker's mark, the board's print) passed in
# luma, the 1s it found measure 0.9-1.2 (0.075-0.095 of a die; IMG_37201-37600, /tmp/train).
_BIG_TRY = 1.3
_BIG_TRY_HALF = 0.2  # and of half the die's side (0.1 of the side)

Accept = Callable[[np.ndarray, list[Group], list[list[Pip]], list[Pip]], list[Group]]


def remeasure(gray: np.ndarray, pips: Sequence[Pip]) -> list[Pip]:
    """``pips`` measured again in ``gray`` at their places and radii (the same radial
    profile as ``find_pips``); a spot that is no pip there is left out."""
    out: list[Pip] = []
    for dark in (True, False):
        kind = [p for p in pips if p.dark == dark]
        if kind:
            cands = np.array([[p.x, p.y, p.r] for p in kind], np.float64)
            out += _measure_all(gray, cands, dark, 0.0)
    return out


def lone_tries(groups: list[Group], kept: list[Group]) -> list[Group]:
    """The lone pips of ``groups`` not ``kept`` worth a look in luma: a spot far from round
    in the pip grey is no 1 in luma either (the bar is 0.75); a textured board's hundreds of
    lone spots are not measured again (the look costs ~1 ms with them). Nor is a spot bigger
    than ``_size_bar`` allows whatever luma measures (``_BIG_TRY_HALF`` of the half side):
    half the tries on the bench's renders, where no try left leaves the look undone."""
    ids = {id(k) for k in kept}
    return [
        g
        for g in groups
        if len(g.pips) == 1
        and id(g) not in ids
        and g.pips[0].circularity >= _ROUND_TRY
        and g.pips[0].r <= _BIG_TRY_HALF * g.half
    ]


def second_look(
    luma: np.ndarray,
    refused: list[Group],
    multi: list[list[Pip]],
    pips: list[Pip],
    accept: Accept,
) -> list[Group]:
    """Of the lone pips ``refused`` in the pip grey (``lone_tries``), those ``accept``
    keeps when they, the face pips ``multi`` and the spots of ``pips`` near them are measured
    in ``luma`` (the work image's luma, same scale). Returns the kept groups as found (pip
    grey measures): the value stages downstream judge them as any other."""
    if not refused:
        return []
    # Measured at once (a call costs ~0.2 ms), found again by their places (x and y are
    # kept as given; a spot that is no pip in luma is not).
    ones = [g.pips[0] for g in refused]
    again = {(q.x, q.y, q.dark): q for q in remeasure(luma, ones + [p for ps in multi for p in ps])}
    ref = [[again[k] for p in ps if (k := (p.x, p.y, p.dark)) in again] for ps in multi]
    kept: list[Group] = []
    for g in refused:
        p = g.pips[0]
        q = again.get((p.x, p.y, p.dark))
        # Most refused spots fail on their own (shape, size, face): the spots round them,
        # which can only refuse more, are measured for those that pass alone.
        if q is None or max(q.r, p.r) > _size_bar(q, g.half, ref):
            continue
        if not accept(luma, [make_group([q], g.half)], ref, [q]):
            continue
        near = [
            o for o in pips if o is not p and np.hypot(o.x - p.x, o.y - p.y) < _NEAR_R * p.r + o.r
        ]
        if accept(luma, [make_group([q], g.half)], ref, [q, *remeasure(luma, near)]):
            kept.append(g)
    return kept


def _size_bar(q: Pip, half: float, ref: list[list[Pip]]) -> float:
    """The largest radius a lone pip ``q`` may have on its second look (in either grey):
    ``_BIG_TRY_HALF`` of ``half``, and ``_BIG_TRY`` times the photo's face pips of its kind
    (median) if there are some."""
    same = [p.r for ps in ref for p in ps if p.dark == q.dark]
    die = _BIG_TRY_HALF * half
    return min(die, _BIG_TRY * float(np.median(same))) if same else die


def luma_window(
    luma: np.ndarray,
    f: float,
    shape: tuple[int, ...],
    tries: list[Group],
    multi: list[list[Pip]],
) -> np.ndarray:
    """``luma`` (full size) at the work scale ``f`` as ``find_dice`` makes its work image:
    enlarged (f > 1.05, bilinearly as ``cv2.resize`` does) over boxes round ``tries`` and
    the face pips ``multi`` (in work pixels, ``shape`` the work image's), zero elsewhere:
    the second look reads only there (~0.3 ms, the whole image enlarged ~1-2 ms)."""
    if not tries:
        return luma  # nothing to look at
    if f < 1:
        return cv2.resize(luma, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    if f <= 1.05:
        return luma
    out = np.zeros(shape[:2], np.uint8)
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    # A box each (the tries lie apart on the board), and one round each face pip the tries
    # are measured against.
    boxes = [(g.cx, g.cy, 1.6 * g.half + 12) for g in tries]
    boxes += [(p.x, p.y, 3 * p.r + 4) for ps in multi for p in ps]
    for cx, cy, m in boxes:
        x0, y0 = max(0, int(cx - m)), max(0, int(cy - m))
        x1, y1 = min(shape[1], int(cx + m) + 1), min(shape[0], int(cy + m) + 1)
        # Inverse map of cv2.resize's: work pixel x comes from (x + 0.5) / f - 0.5.
        mat = np.array([[1 / f, 0, (x0 + 0.5) / f - 0.5], [0, 1 / f, (y0 + 0.5) / f - 0.5]])
        out[y0:y1, x0:x1] = cv2.warpAffine(luma, mat, (x1 - x0, y1 - y0), flags=flags)
    return out
