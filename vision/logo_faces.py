"""A face printed with a logo instead of pips (dice-only photos, no board).

Many dice sets print a logo on one face in place of its pips: on the 1 or on the 6 (fudw's
opaque dice carry a skull for the 1, its marbled dice a winged emblem for the 6). Such a
face has no pips to count, so the pip reader misses the die or leaves it unread. Here a
logo is sought as the pips' ink where no face was read:

- **ink**: pixels nearer the read pips' colour (Lab) than the face round them, and lighter
  than halfway between the two; one connected mark of it, at least ``_MIN_AREA`` pip areas,
  ``_EXTENT`` of the photo's read face side across (a pip measures 0.2-0.3 of it);
- **on a die**: a ring just round the mark (half its extent plus ``_RING_PAD`` face sides)
  lies whole in the frame, and ``_BODY_SHARE`` of its points are of the read faces' chroma
  (within ``_BODY_CHROMA``): the dice must have a hue, so a white mark on a white or grey
  surface (a tray, white dice: matteop65, the Pi camera) is never one;
- **no read die there**: no face read with a value within ``_APART`` face sides;
- **strokes, not pips**: the ink is closed over a pixel's gap first (a blurred emblem's thin
  strokes fall apart at the bar: four of the tuning half's emblems measured 1.1-1.8 pip
  areas in parts); a mark whose ink before the closing holds ``_PIP_PARTS`` round parts of a
  pip's size is a face's pips joined (an opaque 6, IMG_4555, read as a skull), no logo;
- **one logo**: a set prints the same logo on every die. At least two marks must be found
  in the photo, and a mark is kept only with the solidity (area over its convex hull's)
  within ``_SOLID_OFF`` of the marks' median and its area within a factor 2 of theirs: a
  light marbled streak merged with a 1's pip is solid (0.82) where its photo's emblems are
  lacy (0.58-0.60); a light streak by a 6's pips measured 92 px against its photo's
  emblems' 222-313. On the tuning half the emblems kept measure 0.42-0.71 solid, the skulls
  0.81-0.93.

Which face the logo stands for the photo tells: of the 1 and the 6, the value no pip face
read shows while the other is read, with at least ``_MIN_READ`` faces read (with 12 dice
read and no logo, a 6 is missed in 11% of photos: the marks must also be found). Where
both or neither is read, nothing is changed. A die left unread on the mark (fragments of
the logo read as pips) takes the logo's value.

The rule runs only in ``find_dice`` with no board (``die_size_px`` None): renders and board
photos never reach it (nor does a board's frame hold ten dice). fudw's tuning half (IMG_4540,
4542, ... 4561) had 22 emblems and 14 skulls missed and 7 logos unread; the rule reads 33
logos there, all right, and no mark on a die without one (IMG_4561 reads neither a 1 nor a
6: its skulls stay missed). Right / wrong / unread 174 / 1 / 9 of 184 dice found ->
207 / 1 / 2 of 210.

    >>> logo_value([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3])
    6
    >>> logo_value([6, 2, 3, 4, 5, 6, 2, 3, 4, 5, 2, 3])
    1
    >>> logo_value([1, 6, 2, 3, 4, 5, 2, 3, 4, 5, 2, 3]) is None  # both read: no logo told
    True
    >>> logo_value([1, 2, 3]) is None  # too few faces read to tell
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.dice import DieReading

_MIN_READ = 10  # faces read with a value in the photo, at least, to tell the logo's value
_MIN_AREA = 2.0  # pip areas (pi r^2 of the read pips' median radius), at least
_EXTENT = (0.45, 1.1)  # the mark's longer bounding side, in read face sides
_RING_PAD = 0.15  # face sides beyond half the mark's extent: the ring round it
_RING_N = 24
_BODY_CHROMA = 25.0  # Lab a, b from the read faces' chroma: the die's body
_BODY_SHARE = 0.55  # of the ring's points on the body, at least
_HUED = 15.0  # the body's chroma from grey, at least (Lab a, b)
_APART = 0.6  # face sides: a read die this near holds the mark (its pips, a streak by it)
_SOLID_OFF = 0.2  # a mark's solidity from the photo's marks' median, at most
_AREA_LOG = math.log(2.0)  # and its area within a factor 2 of theirs
_MIN_MARKS = 2  # marks alike in the photo, at least
_CLOSE = np.ones((3, 3), np.uint8)
# A mark whose ink before the closing holds this many pips (round parts of a pip's size) is a
# face's pips joined (a 6 on the opaque dice read as a skull), no logo.
_PIP_PARTS = 3
_PIP_FILL = 0.5  # of its box (a disc fills 0.79; small ones drawn in pixels 0.59)
# A logo's value is told by the photo's other faces, not by the face: believed, barely
# (the referee acts on a die read at 0.6 or more).
_CONFIDENCE = 0.6


@dataclass(frozen=True)
class LogoMark:
    """One mark of ink that may be a logo: centre and extent in image pixels."""

    cx: float
    cy: float
    extent: float
    area: float
    solidity: float


def logo_value(values: Sequence[int]) -> int | None:
    """The face a logo stands for: the one of 1 and 6 that no read face shows while the other
    is read (``_MIN_READ`` faces at least); None where the read faces do not tell."""
    if len(values) < _MIN_READ:
        return None
    one, six = 1 in values, 6 in values
    if one == six:
        return None
    return 6 if one else 1


def _lab_at(lab: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Lab values at the points (x, y), clipped to the frame."""
    h, w = lab.shape[:2]
    xs = np.clip(np.round(pts[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(pts[:, 1]).astype(int), 0, h - 1)
    return np.asarray(lab[ys, xs])


def _colours(lab: np.ndarray, read: Sequence[DieReading]) -> tuple[np.ndarray, np.ndarray]:
    """The read pips' median Lab and the median Lab on rings 2.5 pip radii round them."""
    pips = np.array([q for d in read for q in d.pips], np.float32)
    ang = np.linspace(0, 2 * math.pi, 8, endpoint=False)
    ring = np.concatenate(
        [pips[:, :2] + 2.5 * pips[:, 2:3] * np.stack([np.cos(a), np.sin(a)]) for a in ang]
    )
    at_pips = _lab_at(lab, pips[:, :2]).astype(np.float32)
    return np.median(at_pips, 0), np.median(_lab_at(lab, ring).astype(np.float32), 0)


def find_marks(bgr: np.ndarray, read: Sequence[DieReading]) -> list[LogoMark]:
    """Marks of the pips' ink on the dice's body where no face was read (module doc)."""
    side = float(np.median([d.top_face_size for d in read]))
    pip_r = float(np.median([q[2] for d in read for q in d.pips]))
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB)
    pip, body = _colours(lab, read)
    if float(np.linalg.norm(body[1:] - 128.0)) < _HUED:
        return []
    # Nearer the pips than the body: |x - pip|^2 < |x - body|^2, a plane between the two.
    d = body - pip
    toward = cv2.transform(lab.astype(np.float32), d.reshape(1, 3).astype(np.float32))
    plane = 0.5 * float(body @ body - pip @ pip)
    ink = ((toward < plane) & (lab[..., 0] > 0.5 * (pip[0] + body[0]))).astype(np.uint8)
    # A logo's thin strokes, blurred, fall apart at the bar: a pixel's gap is closed.
    raw = ink
    ink = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, _CLOSE)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    h, w = ink.shape
    ang = np.linspace(0, 2 * math.pi, _RING_N, endpoint=False)
    marks = []
    exts = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    sized = (
        (stats[:, cv2.CC_STAT_AREA] >= _MIN_AREA * math.pi * pip_r**2)
        & (exts >= _EXTENT[0] * side)
        & (exts <= _EXTENT[1] * side)
    )
    for i in np.flatnonzero(sized[1:]) + 1:
        x, y, bw, bh, area = (int(v) for v in stats[i])
        ext = max(bw, bh)
        cx, cy = (float(v) for v in centres[i])
        if any(math.hypot(d.centre[0] - cx, d.centre[1] - cy) < _APART * side for d in read):
            continue
        rr = 0.5 * ext + _RING_PAD * side
        if min(cx - rr, cy - rr, w - 1 - cx - rr, h - 1 - cy - rr) < 0:
            continue  # a mark the frame cuts: what shows may be part of anything
        ring = np.stack([cx + rr * np.cos(ang), cy + rr * np.sin(ang)], 1)
        chroma = _lab_at(lab, ring)[:, 1:].astype(np.float32)
        on_body = np.linalg.norm(chroma - body[1:], axis=1) <= _BODY_CHROMA
        if float(on_body.mean()) < _BODY_SHARE:
            continue
        comp = (labels[y : y + bh, x : x + bw] == i).astype(np.uint8)
        if _pip_parts(raw[y : y + bh, x : x + bw] & comp, pip_r) >= _PIP_PARTS:
            continue  # a face's pips that the closing joined
        hull = cv2.convexHull(cv2.findNonZero(comp))
        solidity = area / max(1.0, float(cv2.contourArea(hull)))
        marks.append(LogoMark(cx, cy, float(ext), float(area), solidity))
    return _one_logo(_merged(marks, side))


def _pip_parts(ink: np.ndarray, pip_r: float) -> int:
    """How many parts of ``ink`` (before the closing) are pips: 0.5-2 pip areas, filling
    ``_PIP_FILL`` of their box at least, under 1.5 times as long as wide."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    pip_area = math.pi * pip_r**2
    count = 0
    for i in range(1, n):
        bw, bh, area = (int(v) for v in stats[i][2:5])
        round_ = max(bw, bh) <= 1.5 * min(bw, bh) and area >= _PIP_FILL * bw * bh
        count += round_ and 0.5 * pip_area <= area <= 2.0 * pip_area
    return count


def _merged(marks: list[LogoMark], side: float) -> list[LogoMark]:
    """One mark per die: of marks closer than ``_APART`` face sides, the largest."""
    kept: list[LogoMark] = []
    for m in sorted(marks, key=lambda m: -m.area):
        if all(math.hypot(m.cx - k.cx, m.cy - k.cy) >= _APART * side for k in kept):
            kept.append(m)
    return kept


def _one_logo(marks: list[LogoMark]) -> list[LogoMark]:
    """The marks alike in solidity and area (one set, one logo), where ``_MIN_MARKS`` or more
    are."""
    if len(marks) < _MIN_MARKS:
        return []
    mid = float(np.median([m.solidity for m in marks]))
    size = float(np.median([m.area for m in marks]))
    alike = [
        m
        for m in marks
        if abs(m.solidity - mid) <= _SOLID_OFF and abs(math.log(m.area / size)) <= _AREA_LOG
    ]
    return alike if len(alike) >= _MIN_MARKS else []


def read_logos(bgr: np.ndarray, readings: list[DieReading]) -> list[DieReading]:
    """``readings`` with the dice whose face is a logo read (module doc): an unread reading
    on a mark takes the logo's value, a mark with no reading on it is a new die."""
    read = [d for d in readings if d.value is not None and len(d.pips) >= 2]
    value = logo_value([d.value for d in readings if d.value is not None])
    if value is None or not read:
        return readings
    from vision.dice import DieReading

    side = float(np.median([d.top_face_size for d in read]))
    h, w = bgr.shape[:2]
    out = list(readings)
    for m in find_marks(bgr, read):
        reach = max(side, m.extent)  # the logo's unread fragments lie on its face
        near = [
            k
            for k, d in enumerate(out)
            if math.hypot(d.centre[0] - m.cx, d.centre[1] - m.cy) < reach
        ]
        half = 0.55 * max(m.extent, side)
        bbox = (
            int(max(0, m.cx - half)),
            int(max(0, m.cy - half)),
            int(min(w - 1, m.cx + half)),
            int(min(h - 1, m.cy + half)),
        )
        if not near:
            out.append(
                DieReading(
                    value=value,
                    bbox=bbox,
                    centre=(m.cx, m.cy),
                    state="flat",
                    confidence=_CONFIDENCE,
                    top_face_size=side,
                )
            )
        elif all(out[k].value is None for k in near):
            k = near[0]
            out[k] = replace(
                out[k], value=value, centre=(m.cx, m.cy), bbox=bbox, confidence=_CONFIDENCE
            )
            for j in sorted(near[1:], reverse=True):
                del out[j]
    return out
