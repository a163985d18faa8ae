"""Find the doubling cube: where it lies (centre / white's side / black's side) and, where
readable, its face.

The cube lives on the bar, in a side tray or on the frame just outside the playing area.  The
search runs on an extended top-down view (the playing area plus a margin on every side, from the
board homography): in the bar strip and in the two side strips, it looks for a compact, square
blob about 1.5 dice across that differs from the strip's usual colour.  Its height on the board
gives the location: within the middle half it is "centre", otherwise it belongs to the player
sitting at that long edge.  Its face is read by :mod:`vision.cube_face`.  When no blob passes,
fainter or smaller ones (a cube the colour of its bar, or only its number showing) are kept only
if a number is read on them (at the bar's middle, a number seen but not told apart places the
cube unread); a black cube at a light tray's end, no darker than the frame its side strip's
median is, shows as a notch in the tray's blob (:mod:`vision.cube_notch`), believed when a
number is read on it; failing those, a clear number read at the bar's middle itself is the cube
(a white cube on white paper).  Blobs on dice the reader has read are never the cube.  The reader
finds the cube before counting checkers and tells the bar's count where it is
(:class:`vision.checkers.bar.CubeSeen`).

::

    cube = find_cube(frame, homography, geometry, "bottom-right", die_size_px=18.0)
    if cube is not None:
        cube.location, cube.value
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.board import BoardGeometry
from vision.cube_blobs import NO_BLOBS, Blobs, labelled_blobs, mask_blobs
from vision.cube_face import FaceRead, read_cube_face
from vision.cube_notch import notch_blobs
from vision.medians import channel_medians, off_median
from vision.observation import CubeReading
from vision.warp import warp_perspective

# Extended view: the playing area (W x H canonical) plus margins, at a small working scale.
_SCALE = 0.4
_MX, _MY = 0.22, 0.1  # margins as fractions of the canonical width / height
# Lightness step (Lab L, 8-bit) from the strip's median that marks a cube: on the bar 20 (dev
# cube 44% -> 51%; 15 lost a real tournament cube to a gap between checkers), beside it 30.
_BAR_LIGHTNESS = 20.0
_SIDE_LIGHTNESS = 30.0
# When no blob passes, other blobs are tried by reading a number on them (a die's pips or a
# board's print must not pass for a number), the _LOOSE_READS nearest their expected size:
# blobs at these multiples of the step (a white cube on a lighter bar, merged with it at the
# usual step), looser in shape; and number-sized blobs (a dark cube on a dark bar, a white one
# on paper: only the number stands out), read more strictly.  Train renders, board given
# (harness, labelled dice): location 168 -> 245 of 355, false cubes 3 -> 2, wrong locations
# 9 -> 7; a third read +1.
_LOOSE = (2.0, 3.0)
_LOOSE_READS = 2
_DIGITS = (0.25, 0.45, 0.75)  # smallest, expected and largest side, in cubes
_LOOSE_SCORE, _LOOSE_MARGIN = 0.5, 0.08
_DIGITS_MARGIN = 0.1
# A loose blob's read this good places the cube though no number wins (dev, board given: dark
# cubes' reads 0.62-0.73, reads off cubes at most 0.55).
_NUMBER_SEEN = 0.6
# ... when the blob lies at the bar's middle and is near its expected size (a cube's or its
# number's): elsewhere and smaller (a die's face on the bar, a board's print) read up to 0.74.
_SEEN_SIZE = 0.75
# A read at the bar's middle this good is the cube there (dev: centre cubes 0.63-0.99, most
# over 0.86; no cube or one elsewhere at most 0.55, a checker on a printed bar line 0.75).
_MIDDLE_SCORE = 0.8
# Off-colour: squared chroma off a strip's median over 25 ** 2 (exact in float32).
_CHROMA2 = 625
# A blob whose outline keeps this close to one distance from its centre (std / mean) is a disc:
# a checker, most often one on the bar, not a cube.  Train renders IMG_64401-64600, board given,
# the blobs taken as the cube: cubes 0.082-0.30, the checkers taken for it 0.032-0.061.
_ROUND_CV = 0.07
# A side strip's lighter blob this large (in cubes squared) is a tray whose notches are read.
_TRAY_AREA = 4.0


def _extended_size(geo: BoardGeometry) -> tuple[int, int, float, float]:
    """(width, height) of the extended view and its margins (mx, my) in canonical pixels."""
    mx, my = _MX * geo.width, _MY * geo.height
    return int((geo.width + 2 * mx) * _SCALE), int((geo.height + 2 * my) * _SCALE), mx, my


def _strip_lab(
    frame: np.ndarray, homography: np.ndarray, geo: BoardGeometry, x0: int, x1: int
) -> np.ndarray:
    """Columns ``x0:x1`` of the extended view, smoothed, as 8-bit Lab.  Only the strips are
    warped (a third of the view); a 2-pixel margin gives the blur the same neighbours as in
    the whole view."""
    out_w, out_h, mx, my = _extended_size(geo)
    a, b = max(0, x0 - 2), min(out_w, x1 + 2)
    shift = np.array([[_SCALE, 0, mx * _SCALE - a], [0, _SCALE, my * _SCALE], [0, 0, 1.0]])
    view = warp_perspective(frame, shift @ homography, (b - a, out_h), cv2.INTER_AREA)
    # The strip's columns alone to Lab (pixel by pixel: the same values), contiguous.
    return cv2.cvtColor(cv2.GaussianBlur(view, (3, 3), 0)[:, x0 - a : x1 - a], cv2.COLOR_BGR2LAB)


def find_cube(
    frame: np.ndarray,
    homography: np.ndarray,
    geometry: BoardGeometry,
    white_home: str,
    die_size_px: float | None = None,
    dice: Sequence[tuple[float, float, float, float]] = (),
) -> CubeReading | None:
    """The cube's location, or None when no cube-like blob is seen.  ``dice``: boxes (frame
    pixels) of dice already read there: a blob centred in one is that die, not the cube."""
    w, _, mx, my = _extended_size(geometry)
    avoid = _boxes_in_view(dice, homography, mx, my)
    pw = geometry.point_width * _SCALE
    cube_px = 0.55 * pw * 1.0 / 0.92  # ~22 mm cube on a ~40 mm point
    b0, b1 = geometry.bar_span
    strips = []  # (x0, x1, on the bar)
    # A narrow bar (a printed board's line) holds a cube wider than itself: look a cube across.
    # (Boards read with a bar under 3.5% of the width were once left out: a paper board's
    # cube on its printed line was never seen.)
    mid, half = (b0 + b1) / 2 * _SCALE + mx * _SCALE, max((b1 - b0) / 2 * _SCALE, 0.8 * cube_px)
    strips.append((int(mid - half), int(mid + half), True))
    strips.append((0, int(mx * _SCALE * 0.95), False))
    strips.append((int((geometry.width + mx * 1.05) * _SCALE), w, False))
    search = _Search(cube_px, geometry, my, avoid)
    best: tuple[float, float, float] | None = None
    searched = []  # per strip: what the fainter search needs if no strip shows a cube
    for x0, x1, on_bar in strips:
        if x1 - x0 < cube_px * 0.8:
            continue
        lab = _strip_lab(frame, homography, geometry, x0, x1)
        # Off the strip's median, per channel, chroma squared: 256-entry tables (an 8-bit value
        # less a median and its square are exact in float32), the subtraction's values, faster.
        dl, chroma2 = off_median(lab, channel_medians(lab))
        # Lighter, darker and other-coloured than the strip, each on its own: a light cube's
        # dark shadow must not join it into one blob that is no longer square.  The bar is
        # plainer than the trays and the frame beside them (the tray's edges, its shadow, the
        # table): a fainter cube stands out there.
        step = _BAR_LIGHTNESS if on_bar else _SIDE_LIGHTNESS
        made = [
            labelled_blobs(_lighter(dl, chroma2, step)),
            labelled_blobs((dl < -step) & (chroma2 <= _CHROMA2)),
        ]
        blobs = [m[0] for m in made]
        strip = _Strip(x0, x1, on_bar, step, dl, chroma2, blobs)
        for bl, labels in made:
            best = _best_square(bl, labels, strip, search, best)
        searched.append(strip)
    face = None
    if best is None:
        loose = _loose_candidates(searched, search)
        # Blobs at other steps count only when a number is read on them: a die or a checker has
        # none.  The nearest to a cube's size first.  A number seen but not told apart (a dark
        # cube's light digits: 0.62-0.73 against 0.2-0.55 off cubes) places the cube unread.
        seen: tuple[float, tuple[float, float, float], FaceRead] | None = None

        def read_at(cand: tuple[float, ...], margin: float) -> tuple[tuple[float, float], FaceRead]:
            c = (float(cand[1] / _SCALE - mx), float(cand[2] / _SCALE - my))  # canonical px
            return c, read_cube_face(frame, homography, c, cube_px / _SCALE, _LOOSE_SCORE, margin)

        for cand in sorted(loose, reverse=True)[:_LOOSE_READS]:
            c, read = read_at(cand, cand[3])
            if read.value is not None:
                best, face = (min(cand[0], 0.5), cand[1], cand[2]), read
                break
            if (
                read.score >= _NUMBER_SEEN
                and cand[0] >= _SEEN_SIZE
                and _at_middle(c, geometry, cube_px / _SCALE)
                and (seen is None or read.score > seen[0])
            ):
                seen = (read.score, (min(cand[0], 0.5), cand[1], cand[2]), read)
        # A dark cube at a light tray's end, no darker than the frame the strip's median is:
        # a notch in the tray's blob, believed when a number is read on it.
        notches = _notch_candidates(searched, search) if best is None else []
        for notch in sorted(notches, reverse=True)[:_LOOSE_READS]:
            _, read = read_at(notch, _LOOSE_MARGIN)
            if read.value is not None:
                best, face = (min(notch[0], 0.5), notch[1], notch[2]), read
                break
        if best is None and seen is not None:
            best, face = seen[1], seen[2]
    if best is None:
        # No blob: a cube the colour of its background (a white cube on paper) may still wait
        # where cubes wait most, the bar's middle; a clear number there is the cube.
        c = ((b0 + b1) / 2, geometry.height / 2)
        read = read_cube_face(frame, homography, c, cube_px / _SCALE)
        if read.score < _MIDDLE_SCORE:
            return None
        best, face = (0.5, (c[0] + mx) * _SCALE, (c[1] + my) * _SCALE), read
    _, cx, cy = best
    y = cy / _SCALE - my  # canonical y
    rel = y / geometry.height
    if 0.25 <= rel <= 0.75:
        location = "centre"
    else:
        at_bottom = rel > 0.5
        white_at_bottom = white_home.startswith("bottom")
        location = "white" if at_bottom == white_at_bottom else "black"
    centre_canon = (float(cx / _SCALE - mx), float(y))
    # The face is read top-down from the frame at full resolution (the search view is too small).
    if face is None:
        face = read_cube_face(frame, homography, centre_canon, cube_px / _SCALE)
    return CubeReading(
        location=location,
        value=face.value,
        confidence=float(np.clip(best[0], 0.0, 1.0)),
        centre=(float(centre_canon[0]), float(centre_canon[1])),
    )


def _best_square(
    blobs: Blobs,
    labels: np.ndarray | None,
    strip: _Strip,
    search: _Search,
    best: tuple[float, float, float] | None,
) -> tuple[float, float, float] | None:
    """The most cube-like blob of a strip's mask, if better than ``best`` (score, x, y)."""
    n, stats, cents = blobs
    x0, cube_px = strip.x0, search.cube_px
    strip_w = strip.x1 - x0
    for i in range(1, n):
        bw, bh, area = stats[i, 2], stats[i, 3], stats[i, 4]
        # A cube wider than the strip is cut by its edges: judge it by its height then.
        clipped = bw >= strip_w - 1
        if clipped and strip_w > 1.3 * cube_px:
            # Across a strip with room for a cube: a printed line or the frame's edge, not a
            # cube (a paper board's black border beyond the bar's ends was read as the cube).
            continue
        side = bh if clipped else np.sqrt(area)
        if not 0.6 * cube_px < side < 1.35 * cube_px:
            continue
        # Squarish blob (its sides and shadow make the seen cube less than a clean square).
        if not clipped and (not 0.7 < bw / max(bh, 1) < 1.4 or area < 0.65 * bw * bh):
            continue
        if clipped and area < 0.65 * bw * bh:
            continue
        cx, cy = cents[i]
        rel = search.place(x0 + cx, cy, strip.on_bar)
        if rel is None:
            continue
        outside = rel < 0.0 or rel > 1.0
        # A cube waits on the board far more often than on the frame beyond the bar's ends.
        score = 1.0 - abs(np.log(side / cube_px)) - (0.3 if outside else 0.0)
        if best is not None and score <= best[0]:
            continue
        # Its outline is looked at only now (a disc is a checker, not the cube): few blobs get
        # this far.
        if labels is not None and not clipped and _radial_cv(labels, i, stats[i]) < _ROUND_CV:
            continue
        best = (score, x0 + cx, cy)
    return best


def _squares(
    blobs: Blobs, strip: _Strip, search: _Search, size: tuple[float, float, float] = (0.5, 1.0, 1.6)
) -> list[tuple[float, float, float]]:
    """Every roughly cube-sized, squarish blob of a strip's mask as (score, x, y): the checks
    of _best_square, looser (a blob only has to be worth reading)."""
    n, stats, cents = blobs
    x0, x1, cube_px = strip.x0, strip.x1, search.cube_px
    out = []
    for i in range(1, n):
        bw, bh, area = stats[i, 2], stats[i, 3], stats[i, 4]
        if bw >= x1 - x0 - 1 and x1 - x0 > 1.3 * cube_px:
            continue  # across a strip with room for a cube: a line
        side = np.sqrt(area)
        if not size[0] * cube_px < side < size[2] * cube_px:
            continue
        if not 0.6 < bw / max(bh, 1) < 1 / 0.6 or area < 0.5 * bw * bh:
            continue
        cx, cy = cents[i]
        if search.place(x0 + cx, cy, strip.on_bar) is None:
            continue
        out.append((1.0 - abs(float(np.log(side / (size[1] * cube_px)))), x0 + cx, cy))
    return out


def _radial_cv(labels: np.ndarray, i: int, stat: np.ndarray) -> float:
    """The spread (std / mean) of blob ``i``'s outline's distances from its centre: a drawn
    disc's ~0.02, a square's ~0.1 (a cube's seen blob 0.08-0.3).  (~40 us: OpenCV's calls on
    float32, not numpy's.)"""
    x, y, bw, bh = int(stat[0]), int(stat[1]), int(stat[2]), int(stat[3])
    mask = (labels[y : y + bh, x : x + bw] == i).view(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    pts = max(contours, key=len).reshape(-1, 2).astype(np.float32)  # one blob: one outline
    m = cv2.moments(mask, True)
    cx, cy = np.float32(m["m10"] / m["m00"]), np.float32(m["m01"] / m["m00"])
    mean, std = cv2.meanStdDev(cv2.magnitude(pts[:, 0] - cx, pts[:, 1] - cy))
    return float(std[0, 0] / max(mean[0, 0], 1e-6))


def _lighter(dl: np.ndarray, chroma2: np.ndarray, step: float, scale: float = 1.0) -> np.ndarray:
    """The lighter mask (by ``step`` or off-colour), thresholds times ``scale`` (loose steps)."""
    return (dl > step * scale) | (chroma2 > _CHROMA2 * scale * scale)


def _loose_candidates(
    searched: list[_Strip], search: _Search
) -> list[tuple[float, float, float, float]]:
    """When no strip shows a cube: blobs at larger steps and number-sized blobs, as (score, x,
    y, least read margin), each worth reading a number on."""
    loose: list[tuple[float, float, float, float]] = []
    for strip in searched:
        dl, chroma2 = strip.dl, strip.chroma2
        # A larger step's mask lies inside a smaller one's, and closing and opening keep that
        # order: once a polarity's mask opens to nothing, so do its larger steps' (skipped).
        bare = [False, False]
        for f in _LOOSE:
            for j in (0, 1):
                if bare[j]:
                    continue
                candidate = _lighter(dl, chroma2, strip.step, f) if j == 0 else dl < -strip.step * f
                blobs = mask_blobs(candidate)
                bare[j] = blobs is NO_BLOBS
                found = _squares(blobs, strip, search)
                loose += [(*c, _LOOSE_MARGIN) for c in found]
        # A dark cube on a dark bar, a white one on paper: only its number stands out. Read
        # more strictly: a blob that small is often something else.
        for bl in strip.blobs:
            found = _squares(bl, strip, search, _DIGITS)
            loose += [(*c, _DIGITS_MARGIN) for c in found]
    return loose


def _notch_candidates(searched: list[_Strip], search: _Search) -> list[tuple[float, float, float]]:
    """Cube-sized notches of the side strips' large lighter blobs (a tray), as (score, x, y).
    (On the bar they add nothing: dev, unseen19 and unseen22 read the same with them.)"""
    out = []
    for strip in (s for s in searched if not s.on_bar):
        light = _lighter(strip.dl, strip.chroma2, strip.step)
        out += _squares(notch_blobs(light, _TRAY_AREA * search.cube_px**2), strip, search)
    return out


@dataclass(frozen=True)
class _Search:
    """What every strip's search shares: the cube's expected side (view pixels), the board,
    its top margin in the view (canonical pixels) and the boxes of dice already read."""

    cube_px: float
    geometry: BoardGeometry
    my: float
    avoid: Sequence[tuple[float, float, float, float]]

    def place(self, x: float, y: float, on_bar: bool) -> float | None:
        """Where a blob centred at (x, y) of the view lies across the board (0 top edge, 1
        bottom) if a cube can wait there, else None."""
        if _inside(x, y, self.avoid):
            return None
        rel = float((y / _SCALE - self.my) / self.geometry.height)
        # The cube waits in the middle or by a player's edge, not where the bar's hinges are.
        if not (rel < 0.15 or 0.35 < rel < 0.65 or rel > 0.85):
            return None
        if (rel < 0.0 or rel > 1.0) and not on_bar:
            return None  # the frame's corners (and the markers on them) are no place for a cube
        return rel


@dataclass(frozen=True)
class _Strip:
    """One searched strip of the view: columns ``x0:x1``, its lightness step, the offsets from
    its median (``dl``, squared chroma) and the blobs of its two usual masks."""

    x0: int
    x1: int
    on_bar: bool
    step: float
    dl: np.ndarray
    chroma2: np.ndarray
    blobs: list[Blobs]


def _boxes_in_view(
    boxes: Sequence[tuple[float, float, float, float]], homography: np.ndarray, mx: float, my: float
) -> list[tuple[float, float, float, float]]:
    """Frame-pixel boxes as boxes (x0, y0, x1, y1) of the extended view."""
    if not boxes:
        return []
    shift = np.array([[_SCALE, 0, mx * _SCALE], [0, _SCALE, my * _SCALE], [0, 0, 1.0]])
    m = shift @ np.asarray(homography, np.float64)
    out = []
    for x0, y0, x1, y1 in boxes:
        pts = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float64)
        v = cv2.perspectiveTransform(pts, m).reshape(4, 2)
        out.append((*v.min(axis=0), *v.max(axis=0)))
    return out


def _at_middle(c: tuple[float, float], geo: BoardGeometry, cube: float) -> bool:
    """Whether canonical point ``c`` lies on the bar's middle, where a cube waits most (a
    narrow bar's cube is wider than the bar)."""
    b0, b1 = geo.bar_span
    across = abs(c[0] - (b0 + b1) / 2) <= max((b1 - b0) / 2, 0.8 * cube)
    return across and 0.35 <= c[1] / geo.height <= 0.65


def _inside(x: float, y: float, boxes: Sequence[tuple[float, float, float, float]]) -> bool:
    return any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in boxes)
