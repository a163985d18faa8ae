"""A cocked die's top face found as a face: the pips near a die called cocked and read 1-3 or
left unread are fitted to the 3x3 pip lattice of a face that may be up, and a 5 or a 6 found on
it is read (session 33; the finder's grouping loses these: a top 6 split into a column of 3, a
top 5 or 6 left unread among a side face's pips).

A die's face holds its pips on a 3x3 lattice, ``PITCH`` die sides apart. With the camera the
board gives (``vision.cocked_view.DieView``: ``lin`` maps a step on a flat die's top plane, in
die sides, to image pixels; ``-down`` a step up), a face whose normal tilts ``theta`` from the
board's toward azimuth ``phi``, turned ``psi`` about its normal, shows its lattice through a
2x2 map. A cocked die's top tilts under 45 degrees (the renders: 12-41); its side faces tilt
past 45, so their lattice fits none of the maps tried (theta 0-40 by 8, phi by 30, psi by 10
degrees: 541 maps). For each map, each of the ``_ANCHORS`` uppermost pips (a 5's or a 6's
corner pips are its uppermost, and no pip may lie above a top) is taken as each corner of the
lattice, and the other pips placed on it: the fit holds where the pips on lattice points make a
5 or a 6, no pip lies off the lattice inside the face's square, and no pip lies beyond the
face's upper edge (a visible side face shows below its top, never above it). Where the fits
that hold agree on one value, it is the top's; else nothing changes. 1-4 are not read: a top 1
with a side face's pip fits a 2's lattice as well (a first fit reading every value, on
IMG_75201-75600: of the cocked dice the finder read right it read 434 right and 140 wrong, 48
of them a top 1 read 2; its 5s and 6s were right 152 times of 153).

Chosen on session 32's audit pickles (pips near each die, board given): of the dice called
cocked read 1-3 or unread with five pips near, IMG_75201-75600 --dice 4: 10 read right (7
unread, 2 wrong, 1 on a checker), none wrong; IMG_75601-75800 and /tmp/unseen46-50: 9 right
(8 unread, 1 wrong), 1 wrong (IMG_61473: a cocked 1, unread, read 5). Finer grids read more
and cost 15x (theta by 4, phi 20, psi 6: 26 right, 2 wrong); read 4s too, one right 4 went
wrong and none gained; unread dice called flat gained 6 right, but 4 of them are cocked dice,
whose values read would be acted on as flat (not asked). Not looked at, session 33's renders
--dice 4, board given: IMG_79201-79600 3 unread -> right, IMG_79601-79800 2 (found 1), nothing
else changed. Speed under load (a full read 159 ms median there): a die asked 1.5 ms median
(max 22), a read 1.9 ms mean, 0.3 median (the pips near each die, ``near_pips``, on every
read; most frames ask the lattice nothing).

    >>> import numpy as np
    >>> view = DieView(np.array([[40.0, 0.0], [0.0, 40.0]]), np.array([0.0, 8.0]))
    >>> five = [(100 + 10 * i, 100 + 10 * j, 3.0) for i, j in [(-1, -1), (1, -1), (0, 0)]]
    >>> five += [(90.0, 110.0, 3.0), (110.0, 110.0, 3.0)]
    >>> lattice_value(five, view, 40.0)
    5
    >>> lattice_value(five[:4], view, 40.0) is None  # a 4's pips: not read
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from vision.cocked_view import DieView, board_camera
from vision.pip_groups import Group
from vision.pips import Pip

PITCH = 0.25  # die sides between lattice points (renders 0.25)
_TILTS = tuple(range(0, 45, 8))
_AZIMUTHS = tuple(range(0, 360, 30))
_TURNS = tuple(range(0, 90, 10))
_ANCHORS = 3  # the uppermost pips tried as the face's corners
_ON = 0.22  # lattice units: a pip this near a lattice point is on it
_INSIDE = 1.75  # lattice units from the face's centre: inside its square (edge at 2)
_ABOVE = 2.3  # lattice units up the view past the centre: a pip there lies above the face

_FACES: dict[frozenset[tuple[int, int]], int] = {}
for _v, _pts in [
    (1, [(0, 0)]),
    (2, [(-1, -1), (1, 1)]),
    (2, [(-1, 1), (1, -1)]),
    (3, [(-1, -1), (0, 0), (1, 1)]),
    (3, [(-1, 1), (0, 0), (1, -1)]),
    (4, [(-1, -1), (1, 1), (-1, 1), (1, -1)]),
    (5, [(-1, -1), (1, 1), (-1, 1), (1, -1), (0, 0)]),
    (6, [(-1, -1), (1, 1), (-1, 1), (1, -1), (-1, 0), (1, 0)]),
    (6, [(-1, -1), (1, 1), (-1, 1), (1, -1), (0, -1), (0, 1)]),
]:
    _FACES[frozenset(_pts)] = _v
_GRID = np.array([(i, j) for i in (-1, 1) for j in (-1, 1)], np.float32)  # anchors: corners


@lru_cache(maxsize=1)
def _bases() -> np.ndarray:
    """(K, 3, 2): a face's two lattice axes (unit, board frame, z up) for every tilt, azimuth
    and turn tried."""
    out = []
    for t in _TILTS:
        th = math.radians(t)
        for a in _AZIMUTHS if t else (0,):
            ph = math.radians(a)
            k = np.array([-math.sin(ph), math.cos(ph), 0.0])  # axis tilting z toward phi
            kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
            rot = np.eye(3) + math.sin(th) * kx + (1 - math.cos(th)) * kx @ kx
            for s in _TURNS:
                ps = math.radians(s)
                u = rot @ np.array([math.cos(ps), math.sin(ps), 0.0])
                v = rot @ np.array([-math.sin(ps), math.cos(ps), 0.0])
                out.append(np.column_stack([u, v]))
    return np.array(out, np.float32)


# The pips a die's lattice is fitted to (``near_pips``): of its read pips' polarity, this round
# at least, within this |log| of their median radius, within ``PIP_NEAR`` die sides of the reading's
# centre; pips nearer each other than ``PIP_SAME`` of the larger radius are one.
PIP_ROUND = 0.45
PIP_SIZE = 0.45
PIP_NEAR = 0.9
PIP_SAME = 0.6
# A die called cocked read 1-3 or unread is read again from its lattice only with this many
# pips near: a 5's or a 6's top needs them, and only 5s and 6s are read (``_table``).
MIN_PIPS = 5


def lattice_tops(
    readings: list[Any],
    corners: Sequence[tuple[float, float]],
    image_size: tuple[int, int],
    die_px: float,
) -> list[Any]:
    """The dice of a board frame, those called cocked and read 1-3 or unread read 5 or 6 where
    the pips near them (``DieReading.near``, ``MIN_PIPS`` at least) fit a top's lattice so
    (``lattice_value``); the others as they are. ``image_size``: (width, height)."""
    out = []
    for r in readings:
        near = getattr(r, "near", ())
        if r.state == "cocked" and (r.value or 0) <= 3 and len(near) >= MIN_PIPS:
            view = board_camera(corners, image_size, die_px).at(r.centre)
            value = lattice_value(near, view, die_px)
            if value is not None:
                r = replace(r, value=value)
        out.append(r)
    return out


def pip_table(pips: Sequence[Pip]) -> np.ndarray:
    """The ``pips`` as rows (x, y, r, dark, circularity), most contrasted first, for
    ``near_pips`` (made once a frame)."""
    rows = [(p.x, p.y, p.r, p.dark, p.circularity) for p in sorted(pips, key=lambda p: -p.contrast)]
    return np.array(rows, np.float64).reshape(-1, 5)


def near_pips(
    g: Group, table: np.ndarray, die_px: float, f: float
) -> tuple[tuple[float, float, float], ...]:
    """The pips of ``table`` (``pip_table``: work pixels, scale ``f``) the lattice of face
    ``g``'s die is fitted to, as (x, y, r) image pixels, most contrasted first (``die_px``: work
    pixels)."""
    rad = float(np.median([p.r for p in g.pips]))
    out = lattice_pips(table, g.dark, rad, (g.cx, g.cy), die_px)
    return tuple((qx / f, qy / f, qr / f) for qx, qy, qr in out)


def lattice_pips(
    table: np.ndarray, dark: bool, rad: float, centre: tuple[float, float], die_px: float
) -> list[tuple[float, float, float]]:
    """The rows of ``table`` (``pip_table``, most contrasted first) a die's lattice may take,
    as (x, y, r): of polarity ``dark``, round, of about the radius ``rad``, within ``PIP_NEAR``
    die sides (``die_px``) of ``centre``, one per spot."""
    x, y, r, dk, circ = table.T
    keep = (dk == dark) & (circ >= PIP_ROUND) & (np.abs(np.log(r / rad)) <= PIP_SIZE)
    keep &= np.hypot(x - centre[0], y - centre[1]) <= PIP_NEAR * die_px
    out: list[tuple[float, float, float]] = []
    for qx, qy, qr in table[keep, :3]:
        if any(math.hypot(qx - ox, qy - oy) < PIP_SAME * max(qr, orr) for ox, oy, orr in out):
            continue
        out.append((float(qx), float(qy), float(qr)))
    return out


def lattice_value(
    pips: Sequence[tuple[float, float, float]], view: DieView, die_px: float
) -> int | None:
    """The value of the top face the ``pips`` (image x, y, r near one die) fit on its lattice,
    seen where ``view`` tells how a flat die shows; None where no fit holds or the best fits
    disagree."""
    values = lattice_fits(pips, view)
    return values.pop() if len(values) == 1 else None


def lattice_fits(pips: Sequence[tuple[float, float, float]], view: DieView) -> set[int]:
    """The values (5, 6) of the top's lattice fits that hold the most pips; empty: none."""
    fit = face_fits(pips, view, _GRID, _TABLE)
    if fit is None:
        return set()
    count = np.where(fit.holds, fit.n_on, 0)
    best = int(count.max())
    if best == 0:
        return set()
    return {int(v) for v in np.unique(fit.value[count == best])}


@dataclass(frozen=True)
class FaceFits:
    """Every fit ``face_fits`` tried, indexed (map, anchor, anchor's lattice point): ``maps``
    (K, 2, 2) lattice units -> pixels, ``centre`` (K, m, g, 2) the face's centre in lattice
    units (pixels = maps @ centre), ``value`` what the pips on lattice points make (0: no
    face of the table), ``n_on`` how many lie on them, ``holds`` the fit holds (no pip off
    the lattice inside the face, none above it, the pips on it make ``value``)."""

    maps: np.ndarray
    centre: np.ndarray
    value: np.ndarray
    n_on: np.ndarray
    holds: np.ndarray


def face_fits(
    pips: Sequence[tuple[float, float, float]], view: DieView, grid: np.ndarray, table: np.ndarray
) -> FaceFits | None:
    """The ``pips`` (image x, y, r near one die) fitted to a top's lattice under every map
    tried (``_bases``), each of the ``_ANCHORS`` uppermost pips at each lattice point of
    ``grid`` (lattice units); ``table`` names the value a mask of lattice points makes
    (``_table``). None: no pips."""
    if not pips:
        return None
    pts = np.array([[p[0], p[1]] for p in pips], np.float32)
    jac = np.column_stack([view.lin, -view.down]).astype(np.float32)  # die sides -> pixels
    maps = PITCH * np.einsum("ij,kjl->kil", jac, _bases())  # (K, 2, 2)
    det = maps[:, 0, 0] * maps[:, 1, 1] - maps[:, 0, 1] * maps[:, 1, 0]
    ok = np.abs(det) > 1e-6
    maps, det = maps[ok], det[ok]
    rows = [np.stack([maps[:, 1, 1], -maps[:, 0, 1]], -1)]
    rows.append(np.stack([-maps[:, 1, 0], maps[:, 0, 0]], -1))
    inv = np.stack(rows, 1) / det[:, None, None]  # (K, 2, 2): pixels -> lattice units
    lat = np.einsum("kij,nj->kni", inv, pts)  # (K, n, 2) pips in lattice units
    # The view's up (against a flat die's ``down``) in lattice units, for each map.
    up_img = (-view.down / max(float(np.hypot(*view.down)), 1e-9)).astype(np.float32)
    up = np.einsum("kij,j->ki", inv, up_img)
    up /= np.maximum(np.hypot(up[:, 0], up[:, 1]), 1e-9)[:, None]
    # Anchors: the uppermost pips, each at each lattice point of ``grid``.
    high = np.argsort(pts @ up_img)[::-1][:_ANCHORS]
    cen = lat[:, high, None, :] - grid[None, None, :, :]  # (K, m, g, 2)
    d = lat[:, None, None, :, :] - cen[:, :, :, None, :]  # (K, n, g, n, 2)
    rd = np.rint(d)
    e = np.abs(d - rd)
    a = np.abs(d)
    ra = np.abs(rd)
    on = (np.maximum(e[..., 0], e[..., 1]) < _ON) & (np.maximum(ra[..., 0], ra[..., 1]) <= 1)
    inside = np.maximum(a[..., 0], a[..., 1]) < _INSIDE
    along = d[..., 0] * up[:, None, None, None, 0] + d[..., 1] * up[:, None, None, None, 1]
    bad = ((inside & ~on) | ((along > _ABOVE) & ~inside)).any(-1)
    idx = ((rd[..., 0] + 1) * 3 + rd[..., 1] + 1).clip(0, 8).astype(np.int64)
    n_on = on.sum(-1)
    mask = np.where(on, np.left_shift(1, idx), 0).sum(-1).clip(0, 511)
    value = table[mask]
    holds = ~bad & (value > 0) & (n_on == value)
    return FaceFits(maps, cen, value, n_on, holds)


def _table(least: int = 5) -> np.ndarray:
    """Lattice-point masks (bit 3 (i + 1) + j + 1) to the value of the face of ``least`` pips
    or more they make, else 0 (1-4 are not read here, see the module doc)."""
    table = np.zeros(512, np.int64)
    for pts, v in _FACES.items():
        table[sum(1 << int(3 * (i + 1) + j + 1) for i, j in pts)] = v if v >= least else 0
    return table


_TABLE = _table()
ALL_FACES = _table(1)  # every face 1-6 (``vision.top_plain``)
