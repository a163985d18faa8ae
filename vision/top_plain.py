"""A cocked die's top 1 told from its side faces' pips by its plain face: a die called cocked
and read 2-4 or left unread after ``vision.top_relook`` reads 1 where the face a lone top pip
makes (``top_lattice.face_fits``, every face 1-6, the pip at the centre) is plainly one face
of the die and every other face its pips fit is not.

Why (session 35's audit, board given, IMG_91201-91500 --dice 4, each die's true top face
projected from the renderer's layout): of ~1000 dice called cocked, 28 left unread and 22 read
wrong had every top pip among the pips near them (``DieReading.near``) with a side face's
beside them; most of those were a top 1 (a 1 read 2, 3 or 4 with one to three side pips on
its lattice's diagonal, or left unread). The lattice fits them as well as it fits the 1 (a
top 1 with a side face's pip fits a 2), so the fit's pips alone cannot tell them.

What tells them is the face each fit lays on the die: a top face is one plane under one
light, evenly coloured between its pips; a fit that takes a side face's pip for a top's lays
its square across the edge between the top and that side face, one half lit unlike the other.
So the grey levels within each fit's face (``_SAMPLE`` lattice units from its centre, on a
grid ``_STEP`` apart, pips ``_PIP_CLEAR`` radii round left out) are measured, their spread
(standard deviation) is the fit's, and a value's spread is its plainest fit's. The 1 is read
where its spread is ``PLAIN_RATIO`` times or more under every other value's that fits (some
other must fit: a lone pip alone tells nothing).

Tuned on IMG_91201-91500 (board given, dice called cocked read 2-4 or unread, with the 1 and
another value fitting): ratios of 3.1-10.1 were 12 top 1s (5 unread, 7 read 2, 3 or 4; two of
them flat dice called cocked), no other; below 3: a top 1 at 2.8, a 3 at 2.75 (unread), a right
4 at 2.5. Values other than 1 picked by the same spread (3 over 2, 4 over 3) broke right dice
(2 of 12 at ratio 3) and are not read. The spread is a fragile measure: sampling to 1.7 units
instead of 1.6 moved single ratios by up to 1.5 (1.6 taken, as first measured). The state and
confidence stay (a cocked die's roll is void whatever it shows; a die called flat is never
asked).
Held out, IMG_91501-91800 --dice 4 (not looked at): board given value 91.8 -> 92.2% (unread
61 -> 58, wrong 34 -> 33: four top 1s read right, no die made wrong), boards found 91.8 ->
92.3% (unread 63 -> 60, wrong 31 -> 29: five top 1s right, none made wrong); every other read
identical (acted-on 991/15 -> 994/15 and 954/14 -> 957/14: cocked dice now read, state right).
/tmp/unseen60 (IMG_90001-90200, default renders, board given): value 90.5 -> 91.4% (four top
1s right: 3 unread, 1 read 2; none made wrong); the confirm set /tmp/unseen62 (board given),
dev (given and found) and the real boards (paper webcam, fm gammon): every read identical.
Speed (under load ~10-13 on 2 cores, where a full read takes ~170 ms against ~43 idle): the
fits ~2 ms a die asked, the spreads ~2 ms. A 1's fits are hundreds a die: they are screened
on a grid twice as coarse and the ``_SCREENED`` plainest measured in full (the 271 dice asked
on the tuning half decided alike, 7.8 -> 5.0 ms a die); the other values' fits are measured
``_CHUNK`` at a time and stop at the first as plain as the 1 allows. A read (load ~11): dev
1.35 ms of 153 (0.22 dice asked a read; ~0.4 ms of an idle 43), the --dice 4 renders 6.2 of
193 ms; nothing where no cocked die is read 2-4 or left unread.

    >>> import numpy as np
    >>> from vision.cocked_view import CameraView
    >>> img = np.full((200, 200, 3), 90, np.uint8)
    >>> cam = CameraView.straight_down((200, 200), 30.0)
    >>> plain_one(img, [(100.0, 100.0, 3.0)], cam.at((100.0, 100.0))) is None  # a lone pip
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from vision.cocked_view import DieView, board_camera
from vision.top_lattice import ALL_FACES, face_fits

PLAIN_RATIO = 3.0  # every other value's plainest fit at least this many times the 1's spread
_SAMPLE = 1.6  # lattice units from the face's centre sampled (its edge at 2)
_STEP = 0.2  # lattice units between samples
_PIP_CLEAR = 1.6  # pip radii round each pip left out of the samples
_CHUNK = 48  # the other values' fits measured at a time
# Anchors for a 1: its pip at the face's centre; the others' uppermost pips at its corners.
_GRID = np.array([(-1, -1), (-1, 1), (1, -1), (1, 1), (0, 0)], np.float32)
_AXIS = np.arange(-_SAMPLE, _SAMPLE + 1e-6, _STEP, dtype=np.float32)
_NODES = np.stack(np.meshgrid(_AXIS, _AXIS), -1).reshape(-1, 2)  # (S, 2) lattice units
_COARSE = _NODES.reshape(len(_AXIS), len(_AXIS), 2)[::2, ::2].reshape(-1, 2)
_SCREENED = 24  # a 1's fits measured in full, the plainest on the coarse grid
_SQUARE = _NODES[[0, len(_AXIS) - 1, -len(_AXIS), -1]]  # the sample grid's corners


def plain_ones(
    image_bgr: np.ndarray,
    readings: list[Any],
    corners: Sequence[tuple[float, float]],
    die_px: float,
) -> list[Any]:
    """The dice of a board frame, those called cocked and read 2-4 or unread read 1 where the
    1 is plainly their top (``plain_one``); the others as they are."""
    size = (image_bgr.shape[1], image_bgr.shape[0])
    out = []
    for r in readings:
        near = getattr(r, "near", ())
        if r.state == "cocked" and r.value in (None, 2, 3, 4) and len(near) >= 2:
            if plain_one(image_bgr, near, board_camera(corners, size, die_px).at(r.centre)) == 1:
                r = replace(r, value=1)
        out.append(r)
    return out


def plain_one(
    image_bgr: np.ndarray, pips: Sequence[tuple[float, float, float]], view: DieView
) -> int | None:
    """1 where the ``pips`` (image x, y, r near one die) fit a top 1 whose face is
    ``PLAIN_RATIO`` times plainer than any other value's fit; None otherwise."""
    fit = face_fits(pips, view, _GRID, ALL_FACES)
    if fit is None or not fit.holds.any():
        return None
    k, m, g = np.nonzero(fit.holds)
    values = fit.value[k, m, g]
    if not (values == 1).any() or (values == 1).all():
        return None
    crop = _crop(image_bgr, pips, fit.maps[k], fit.centre[k, m, g])
    if crop is None:
        return None
    ones = values == 1
    one = crop.plainest(fit.maps[k[ones]], fit.centre[k, m, g][ones])
    # The other values' fits in turn, lowest tilts first: the first as plain as the 1 bar
    # settles it (most dice asked), so the rest are not measured.
    ko, mo, go = k[~ones], m[~ones], g[~ones]
    for i in range(0, len(ko), _CHUNK):
        part = slice(i, i + _CHUNK)
        maps, centres = fit.maps[ko[part]], fit.centre[ko[part], mo[part], go[part]]
        if float(crop.spreads(maps, centres).min()) < PLAIN_RATIO * one:
            return None
    return 1


@dataclass(frozen=True)
class _Crop:
    """The grey levels round a die's fits (``grey``, its top left at ``x0``, ``y0`` of the
    image) and where they are clear of every pip (``clear``: 1, else 0)."""

    grey: np.ndarray
    clear: np.ndarray
    x0: int
    y0: int

    def plainest(self, maps: np.ndarray, centres: np.ndarray) -> float:
        """The least of ``spreads``: the fits screened first on a grid twice as coarse, the
        ``_SCREENED`` plainest there measured in full (the 1's fits are hundreds a die)."""
        if len(maps) > _SCREENED:
            rough = self.spreads(maps, centres, _COARSE)
            best = np.argsort(rough, kind="stable")[:_SCREENED]
            maps, centres = maps[best], centres[best]
        return float(self.spreads(maps, centres).min())

    def spreads(
        self, maps: np.ndarray, centres: np.ndarray, nodes: np.ndarray = _NODES
    ) -> np.ndarray:
        """(F,) the grey levels' standard deviation within each fit's face (``maps`` (F, 2,
        2) lattice units -> pixels, ``centres`` (F, 2) lattice units), pips left out; inf
        where too little of it is left."""
        pts = _samples(maps, centres, nodes)
        h, w = self.grey.shape
        xs = np.clip(pts[..., 0] - self.x0, 0, w - 1.001).astype(np.float32)
        ys = np.clip(pts[..., 1] - self.y0, 0, h - 1.001).astype(np.float32)
        v = cv2.remap(self.grey, xs, ys, cv2.INTER_LINEAR)
        keep = cv2.remap(self.clear, xs, ys, cv2.INTER_NEAREST) > 0.5
        n = keep.sum(1)
        mean = np.where(keep, v, 0.0).sum(1) / np.maximum(n, 1)
        var = np.where(keep, (v - mean[:, None]) ** 2, 0.0).sum(1) / np.maximum(n, 1)
        return np.where(n >= 5, np.sqrt(var), np.inf)


def _samples(maps: np.ndarray, centres: np.ndarray, nodes: np.ndarray = _NODES) -> np.ndarray:
    """(F, S, 2) image pixels of the ``nodes`` (S, 2 lattice units; the sample grid) on each
    fit's face."""
    m = maps.astype(np.float32)
    c = centres.astype(np.float32)
    ax = (m[:, 0, 0] * c[:, 0] + m[:, 0, 1] * c[:, 1])[:, None]
    ay = (m[:, 1, 0] * c[:, 0] + m[:, 1, 1] * c[:, 1])[:, None]
    nx, ny = nodes[None, :, 0], nodes[None, :, 1]
    x = ax + m[:, 0, 0, None] * nx + m[:, 0, 1, None] * ny
    y = ay + m[:, 1, 0, None] * nx + m[:, 1, 1, None] * ny
    return np.stack([x, y], -1)


def _crop(
    image_bgr: np.ndarray,
    pips: Sequence[tuple[float, float, float]],
    maps: np.ndarray,
    centres: np.ndarray,
) -> _Crop | None:
    """The ``_Crop`` that holds every fit's samples (``maps``, ``centres`` as ``spreads``);
    None where it falls off the image."""
    corners = _samples(maps, centres, _SQUARE)
    h, w = image_bgr.shape[:2]
    x0 = int(max(0, np.floor(corners[..., 0].min()) - 1))
    y0 = int(max(0, np.floor(corners[..., 1].min()) - 1))
    x1 = int(min(w, np.ceil(corners[..., 0].max()) + 2))
    y1 = int(min(h, np.ceil(corners[..., 1].max()) + 2))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    grey = cv2.cvtColor(image_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY).astype(np.float32)
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    clear = np.ones((y1 - y0, x1 - x0), np.float32)
    for px, py, pr in pips:
        clear[(xx - px) ** 2 + (yy - py) ** 2 <= (_PIP_CLEAR * pr) ** 2] = 0.0
    return _Crop(grey, clear, x0, y0)
