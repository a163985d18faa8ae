"""A cocked die's top face split out of a pip cluster that reads as no face.

A cocked die shows its top face and one or two side faces; when their pips link into one
cluster (or a fragment of it is read: a too-short 2 or 3, a lone pip beside a like pip), the
finder leaves the die unread. Here, with the die's size and the camera known (a board read,
``vision.cocked_view``), the pips round such a die are split: every subset of 4-6 of them that
lays out as a die's face (``layout_ok``) of the die's size is a candidate top face, and it
stays one only if

- the other pips round the die (a little farther out too) all lie off it, past its edges,
  beside at most two adjacent edges (a cube shows at most three faces, never two opposite
  ones), not past its corners;
- its pips are about as round as each other (foreshortened alike: one face);
- its grid's empty nodes show no ink (a 5 whose middle pip was missed is no 4), and the
  paths between its pips cross no edge (``face_groups``' link test: one surface);
- a 4 is no two rows of a 6 whose third row lies beside it, the only pips on that side
  (``six_corner``: a 6 foreshortened past a face's size whole read as its 2x2 corner);
- it fits a die's face seen with this camera (``vision.face_normal.face_tilts``: the corner
  pips' offset of a die's face) tilted at most ``_MAX_TILT`` degrees off the board (the
  renders tip cocked dice 12-41; a side face stands at 49 or more).

Faces inside a larger candidate are parts of it; the die is read only where all the candidates
left agree on the value (the least tilted is read), else it stays unread: a wrong value is
worse than an unread die. 1-3 pip faces are not split: a side face's pips make too many
2s and 3s (a 3 split with a flat die's face across its diagonal read a cocked 1's side face,
IMG_53870, as often as it read a 3 right).

    >>> import numpy as np
    >>> from vision.cocked_view import DieView
    >>> from vision.pips import Pip
    >>> def pip(x, y):
    ...     return Pip(x, y, 2.5, True, 120.0, 220.0, 100.0, 0.9)
    >>> gray = np.full((120, 120), 220, np.uint8)
    >>> gray[66:] = 150  # the side face, shaded
    >>> at = ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))
    >>> five = [pip(50 + 8 * i, 50 + 8 * j) for i, j in at]
    >>> side = [pip(50 + 8 * i, 72) for i in (-1, 1)]  # a side face's 2 below it
    >>> view = DieView(np.array([[32.0, 0.0], [0.0, 32.0]]), np.array([0.0, 4.0]))
    >>> top = split_top(gray, five + side, 32.0, view, 1.0)
    >>> None if top is None else len(top.pips)
    5
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

from vision.cocked_view import DieView, board_camera
from vision.face_completion import ink_evidence
from vision.face_groups import _pip_array, _segment_clean
from vision.face_normal import face_tilts
from vision.pip_groups import Group, layout_ok, make_group, median
from vision.pips import Pip

_REACH = 0.85  # die sides: the pips of a die lie this near the centre of what was read of it
_NEAR = 1.2  # die sides: pips this near (not split from) must lie off the face too
_ROUND = 0.45  # pips this round at least (a side face's seen edge-on are dashes)
_LIKE_R = 0.5  # |log| of a pip's radius against the read pips', at most
_MAX_POOL = 10  # more pips round a die than this: not a die's (print, a stack's edge)
_SIZE = (0.2, 0.55)  # die sides: the farthest pip from a candidate's centre
# A candidate's face frame: its corner pips at (+-1, +-1), its edges at +-2. A pip not its
# own nearer the centre than ``_ON_FACE`` on both axes lies on it: the candidate is a part of
# a face; one past ``_PAST_CORNER`` on both axes lies off any face beside it.
_ON_FACE = 2.0
_PAST_CORNER = 2.3
_EMPTY_INK = 0.4  # an empty grid node shows under this share of the pips' contrast
_OFFSET = (0.19, 0.33)  # die sides: the corner pips' offset a die's face fits (face_normal)
_MAX_TILT = 40.0  # degrees off the board's normal, at most, for a top face
# The pips of one face are foreshortened alike: their roundness spreads at most this (as a 2's
# two pips, ``face_groups``); a face made of a top's and a side face's pips spreads more.
_ROUND_SPREAD = 0.3
# Face frame units: a pip this near a 6's third-row node (+-1, 3) beside a 4 sits there.
_SIX_ROW = 0.5
# Grid nodes (face frame) of each value's pips; the others are empty.
_PATTERNS = {
    4: {(-1, -1), (1, -1), (-1, 1), (1, 1)},
    5: {(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)},
    6: {(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)},
}


def pool_round(
    g: Group,
    pips: Sequence[Pip],
    counted: set[tuple[float, float]],
    die_px: float,
    reach: float = _REACH,
) -> list[Pip]:
    """The pips round an unread face ``g`` (work pixels, die side ``die_px``) that may be its
    die's: of its polarity and about its pips' size, round enough, within ``reach`` die sides
    of its centre, not counted on another face; the nearest ``_MAX_POOL`` + 1 at most."""
    own = {(p.x, p.y) for p in g.pips}
    pool = [
        p
        for p in pips
        if p.dark == g.dark
        and p.circularity >= _ROUND
        and abs(math.log(p.r / g.r)) <= _LIKE_R
        and math.hypot(p.x - g.cx, p.y - g.cy) <= reach * die_px
        and ((p.x, p.y) in own or (p.x, p.y) not in counted)
    ]
    pool.sort(key=lambda p: math.hypot(p.x - g.cx, p.y - g.cy))
    return pool[: _MAX_POOL + 1]


def split_unread(
    gray: np.ndarray,
    g: Group,
    pips: Sequence[Pip],
    counted: set[tuple[float, float]],
    corners: Sequence[tuple[float, float]],
    die_size_px: float,
    f: float,
    value_of: Callable[[Group], int | None],
) -> tuple[Group, int | None]:
    """``vision.dice``'s hook: the top face split from the pips round the unread face ``g``
    (``pool_round``, ``split_top``; work image ``gray`` at scale ``f``, the die side
    ``die_size_px`` and the board's ``corners`` in image pixels) and its value by ``value_of``
    (the finder's tests), or ``g`` and None where no top face is split or it does not read."""
    h, w = gray.shape[:2]
    size = (int(round(w / f)), int(round(h / f)))
    cam = board_camera(corners, size, float(die_size_px))
    die_px = die_size_px * f
    pool = pool_round(g, pips, counted, die_px)
    others = [p for p in pool_round(g, pips, counted, die_px, _NEAR) if p not in pool]
    top = split_top(gray, pool, die_px, cam.at((g.cx / f, g.cy / f)), f, others)
    value = value_of(top) if top is not None else None
    return (top, value) if top is not None and value is not None else (g, None)


def split_top(
    gray: np.ndarray,
    pool: Sequence[Pip],
    die_px: float,
    view: DieView,
    f: float,
    others: Sequence[Pip] = (),
) -> Group | None:
    """The top face of 4-6 pips (work pixels) among ``pool`` (``pool_round``), or None where
    no one face of them is surely the top (see the module's doc); ``others``: pips farther out
    that must lie off the face too. ``view``: how a flat die shows at the die (image pixels);
    ``f``: the work scale (work pixels = ``f`` x image pixels)."""
    pool = list(pool)
    if len(pool) < 4 or len(pool) > _MAX_POOL:
        return None
    # A face's pips lie within its diagonal: pairs farther apart are tried first (cheap).
    reach = 2 * _SIZE[1] * die_px
    near = [[math.hypot(p.x - q.x, p.y - q.y) <= reach for q in pool] for p in pool]
    fits: list[tuple[float, frozenset[int], Group]] = []
    for k in (6, 5, 4):
        for sub in itertools.combinations(range(len(pool)), k):
            if not all(near[i][j] for i, j in itertools.combinations(sub, 2)):
                continue
            # The face's size (as ``_fit`` measures it) before its layout: cheaper.
            cx = sum(pool[i].x for i in sub) / k
            cy = sum(pool[i].y for i in sub) / k
            d = max(math.hypot(pool[i].x - cx, pool[i].y - cy) for i in sub)
            if not _SIZE[0] * die_px <= d <= _SIZE[1] * die_px:
                continue
            fit = _fit(gray, pool, sub, die_px, view, f, others)
            if fit is not None:
                fits.append((fit, frozenset(sub), make_group([pool[i] for i in sub], 0.0)))
    # A candidate inside a larger one is a part of that face (a 6's two columns' ends).
    fits = [a for a in fits if not any(a[1] < b[1] for b in fits)]
    if not fits or len({len(g.pips) for _, _, g in fits}) > 1:
        return None
    return min(fits, key=lambda a: a[0])[2]


def _fit(
    gray: np.ndarray,
    pool: list[Pip],
    sub: tuple[int, ...],
    die_px: float,
    view: DieView,
    f: float,
    others: Sequence[Pip] = (),
) -> float | None:
    """The tilt (degrees) of the candidate top face ``sub`` (indices in ``pool``), or None
    where it is no top face of this die."""
    ps = [pool[i] for i in sub]
    round_ = [p.circularity for p in ps]
    if max(round_) - min(round_) > _ROUND_SPREAD:
        return None
    g = make_group(ps, 0.0)
    if not layout_ok(g, die_px):
        return None
    pts = np.array([[p.x, p.y] for p in ps], np.float64) - [g.cx, g.cy]
    d = np.hypot(pts[:, 0], pts[:, 1])
    if not _SIZE[0] * die_px <= float(d.max()) <= _SIZE[1] * die_px:
        return None
    frame = _face_frame(pts[np.argsort(-d, kind="stable")[:4]])
    if frame is None:
        return None
    to_face, centre = frame
    sides: set[tuple[int, bool]] = set()
    off: list[tuple[float, float, float]] = []  # the other pips: face frame x, y, roundness
    for q in [q for j, q in enumerate(pool) if j not in sub] + list(others):
        x, y = to_face @ (np.array([q.x - g.cx, q.y - g.cy]) - centre)
        ax, ay = abs(float(x)), abs(float(y))
        if max(ax, ay) < _ON_FACE or min(ax, ay) > _PAST_CORNER:
            return None
        sides.add((0, bool(x > 0)) if ax > ay else (1, bool(y > 0)))
        off.append((float(x), float(y), q.circularity))
    if any((axis, True) in sides and (axis, False) in sides for axis in (0, 1)):
        return None
    if len(ps) == 4 and six_corner(off, round_):
        return None
    if not _empty_nodes_plain(gray, ps, g, to_face, centre):
        return None
    # The face between its pips is one surface: no edge to a side face crosses it.
    arr = _pip_array(pool)
    if not all(
        _segment_clean(gray, a, b, arr, sized=True) for a, b in itertools.combinations(ps, 2)
    ):
        return None
    t = face_tilts([(p.x / f, p.y / f, p.r / f) for p in ps], view)
    if t is None or not _OFFSET[0] <= t.pip_offset <= _OFFSET[1] or t.low > _MAX_TILT:
        return None
    return t.low


def six_corner(off: Sequence[tuple[float, float, float]], round_: Sequence[float]) -> bool:
    """Is a 4 of pips as round as ``round_`` two rows of a 6 whose third row lies beside it?
    ``off``: the other pips round the die (x, y in the 4's face frame, corners at +-1;
    roundness). A 6's third row is two pips at about (+-1, +-3) (or (+-3, +-1)) as round as
    the 4's (one face), the only pips on that side; a side face's near row there has more of
    its pips beyond it (IMG_59823's 5 kept its 4; IMG_59923's and IMG_59985's 6s read as 4).

    >>> six_corner([(-1.0, 3.1, 0.8), (1.1, 2.9, 0.8)], [0.8] * 4)
    True
    >>> six_corner([(-1.0, 3.1, 0.8), (1.1, 2.9, 0.8), (0.0, 4.0, 0.8)], [0.8] * 4)
    False
    """
    lo, hi = min(round_) - _ROUND_SPREAD, max(round_) + _ROUND_SPREAD
    for axis, sign in itertools.product((0, 1), (1.0, -1.0)):
        # The pips on this side of the face: their offsets across and along the axis.
        side = [
            (p[1 - axis], sign * p[axis], p[2]) for p in off if sign * p[axis] > abs(p[1 - axis])
        ]
        if len(side) != 2:
            continue
        row = sorted(side)
        if all(
            abs(a - node) <= _SIX_ROW and abs(b - 3.0) <= _SIX_ROW and lo <= c <= hi
            for (a, b, c), node in zip(row, (-1.0, 1.0), strict=True)
        ):
            return True
    return False


def _face_frame(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The map (2x2) from image offsets to a face frame where the four ``corners`` (offsets
    from the face's centre) sit at about (+-1, +-1), and the corners' mean offset; None for a
    degenerate set. The corners' covariance whitens the face (an affine view of a square);
    the turn puts the corners on the diagonals."""
    mid = corners.mean(axis=0)
    cc = corners - mid
    vals, vecs = np.linalg.eigh(cc.T @ cc / 4.0)
    if float(vals.min()) <= 1e-6:
        return None
    white = vecs @ np.diag(vals**-0.5) @ vecs.T
    wc = cc @ white.T
    ang = np.arctan2(wc[:, 1], wc[:, 0])
    phi = math.atan2(float(np.mean(np.sin(4 * ang))), float(np.mean(np.cos(4 * ang)))) / 4
    turn = phi - math.pi / 4
    c, s = math.cos(-turn), math.sin(-turn)
    return np.array([[c, -s], [s, c]]) @ white, mid


def _empty_nodes_plain(
    gray: np.ndarray, ps: list[Pip], g: Group, to_face: np.ndarray, centre: np.ndarray
) -> bool:
    """Do the face's empty grid nodes show no ink (a pip missed there makes another value)?
    The pattern's rows are told by where the pips sit in the face frame."""
    back = np.linalg.inv(to_face)
    at = [to_face @ (np.array([p.x - g.cx, p.y - g.cy]) - centre) for p in ps]
    nodes = {(int(round(float(x))), int(round(float(y)))) for x, y in at}
    pattern = _PATTERNS[len(ps)]
    # A 6 lies either way round: its columns along x or along y.
    if len(ps) == 6 and nodes != pattern:
        nodes = {(y, x) for x, y in nodes}
        back = back @ np.array([[0.0, 1.0], [1.0, 0.0]])
    if nodes != pattern:
        return False
    face = median([p.face for p in ps])
    contrast = median([p.contrast for p in ps])
    rad = max(1, int(round(0.6 * g.r)))
    for i, j in itertools.product((-1, 0, 1), repeat=2):
        if (i, j) in pattern:
            continue
        x, y = back @ np.array([i, j], np.float64) + centre
        ink = ink_evidence(gray, g.cx + x, g.cy + y, rad, face, contrast, g.dark)
        if not ink < _EMPTY_INK:  # NaN (off the image) fails too
            return False
    return True
