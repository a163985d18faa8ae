"""Count checkers on the rectified board: 24 points, bar and borne off, with confidences.

Works on the canonical top-down board (``vision.board``), resized internally to the board's
real proportions so checkers are circles.  Two cues find checkers:

- colour: the empty board is modelled from the board itself (the field colour from the middle
  band, which checkers rarely reach, and the two triangle colours, medians over alternate columns
  near the tips); along each point the run of pixels unlike that model gives the stack's extent;
- outline: circles of checker size (Hough on a contrast-equalised grey), kept when unlike the
  board inside or with a rim on the side facing the board's middle (which also rejects the circle
  inscribed in an empty triangle's base).  This finds light-on-light and dark-on-dark checkers.

A third cue helps a checker coloured like its triangle: beside the narrowing triangle, it hides
the field.  Circles too weak to verify still help where they cannot be triangle edges: between
sure checkers, as a row on the first slots of an otherwise empty point, or as an even chain
from the edge (a fanned stack); colour alone (a shadow, a die) needs some outline on its run.
The slot grid follows a point's outlines when the board edge is registered a few pixels off.
A point's first layer is the run of slots from its edge seen by any cue (outlines further out
imply the checkers below them); a full first layer (5) may carry a second layer in its gaps,
seen as circles nearer a gap than a slot, filled from the edge like a pyramid, and gaps hidden
under a third layer add to it; a stack fanned along the point is counted from its outlines'
even period or its profile's repeat period.  Colours: the checker colours learned at
calibration, or else a 2-means split of this frame's checkers (on lightness, or on hue when that
separates far better; the lighter set is white); a point takes the majority colour of its
checkers not under a die.  Bar: circles with a rim all round in the bar strip beside its middle
(where the cube waits).  A side counted at 16 or 17 loses the extra checkers on its least
certain points (a lone checker without a verified outline first).  Borne off: 15 minus the rest
(``off_from_trays`` False: trays are not read).  ``unexplained`` measures large blobs unlike the
board and unexplained by checkers or dice (a hand: the reader says "occluded").

::

    rect = rectify(frame, fix.homography, WORK_W, WORK_H)
    counts = count_checkers(rect, fix.geometry, "bottom-right",
                            shape=BoardShape(aspect=quad_aspect(fix.corners)))
    counts.white[5], counts.point_confidence[5]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.board import BoardGeometry

WORK_W = 600
WORK_H = 450
CHECKERS_PER_SIDE = 15
GAP_TOL = 0.22
# A checker on the bar shows its rim all round (2.7 and up); the cube's corners, a hand's
# fingers and wood grain do not (under 2.2).
BAR_RIM = 2.5
FULL_FROM = 3


@dataclass(frozen=True)
class CheckerColours:
    """Mean Lab colours (OpenCV 8-bit Lab) of the two checker sets, learned at calibration."""

    white: tuple[float, float, float]
    black: tuple[float, float, float]


@dataclass(frozen=True)
class CheckerCounts:
    white: tuple[int, ...]
    black: tuple[int, ...]
    bar_white: int
    bar_black: int
    off_white: int
    off_black: int
    off_from_trays: bool
    point_confidence: tuple[float, ...]
    bar_confidence: float
    off_confidence: float
    # Checker discs found, in working-size canonical pixels: (x, y, radius, colour 0=w/1=b).
    discs: tuple[tuple[float, float, float, int], ...] = ()
    # Share of the playing area unlike the empty board and not explained by the checkers found
    # (nor dice): a hand or other object in view.
    unexplained: float = 0.0
    # Checker diameter over point width used for this count (measured from the outlines
    # unless the shape's size was measured at calibration).
    checker_frac: float = 0.0


@dataclass(frozen=True)
class BoardShape:
    """Proportions that fix the checker size on the canonical board.

    ``aspect``: playing-area width over height (from the image quad); ``checker_frac``: checker
    diameter over point width; ``tip_frac``: triangle length over the playing-area height.
    ``measured``: ``checker_frac`` was measured on this board at calibration and is used as
    it is (a size re-estimated from each frame's outlines wobbles with noise and dice).
    """

    aspect: float = 1.22
    checker_frac: float = 0.92
    tip_frac: float = 0.41
    measured: bool = False


def quad_aspect(corners: tuple[tuple[float, float], ...]) -> float:
    """Width over height of a TL, TR, BR, BL quad (mean of opposite sides)."""
    c = np.asarray(corners, dtype=np.float64)
    w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    h = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    return float(w / h) if h > 0 else 1.0


@dataclass(frozen=True)
class _Cell:
    column: int
    top: bool
    x0: int
    x1: int


def _cells(geo: BoardGeometry) -> list[_Cell]:
    out = []
    for col in range(12):
        a, b = geo.column_span(col)
        for top in (True, False):
            out.append(_Cell(col, top, int(round(a)), int(round(b))))
    return out


def _strip(lab: np.ndarray, cell: _Cell, half: int) -> np.ndarray:
    """The cell's half-height strip, flipped so index 0 is the point's outer edge."""
    s = lab[:half, cell.x0 : cell.x1] if cell.top else lab[-half:, cell.x0 : cell.x1][::-1]
    return s


def _lab(rect_bgr: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(cv2.GaussianBlur(rect_bgr, (3, 3), 0), cv2.COLOR_BGR2LAB)
    return lab.astype(np.float32)


def _colour_dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    # L counts half: shading and vignetting move L far more than they move a, b.
    d = a - b
    return np.sqrt(0.25 * d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)


def _unlike_board(
    strip: np.ndarray,
    tri_mask: np.ndarray,
    unsure: np.ndarray,
    field: np.ndarray,
    tri_colour: np.ndarray,
) -> np.ndarray:
    d_field = _colour_dist(strip, field)
    d_tri = _colour_dist(strip, tri_colour)
    d = np.where(tri_mask, d_tri, d_field)
    d = np.where(unsure, np.minimum(d_field, d_tri), d)
    return d > 18.0


def _gradients(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-channel gradients (3, H, W) of a Lab image, L at half weight."""
    gxs, gys = [], []
    for ch, wgt in ((0, 0.5), (1, 1.0), (2, 1.0)):
        gxs.append(cv2.Sobel(lab[..., ch], cv2.CV_32F, 1, 0, ksize=3, scale=wgt))
        gys.append(cv2.Sobel(lab[..., ch], cv2.CV_32F, 0, 1, ksize=3, scale=wgt))
    return np.stack(gxs), np.stack(gys)


_ANGLES = np.linspace(0, 2 * np.pi, 32, endpoint=False)


def ring_evidence(
    gx: np.ndarray, gy: np.ndarray, circles: np.ndarray, scale: float, all_round: bool = False
) -> np.ndarray:
    """Per circle (x, y, r): how much of its outline shows as a radial colour edge.

    For each of 32 directions the strongest radial gradient at 0.85-1.1 of the radius is taken;
    the value is the 35th percentile over directions, over ``scale``.  A checker's rim lights up
    most directions; a circle the Hough transform assembled from triangle edges only a few.
    Directions: those facing the board's middle (neighbours hide the rest), or ``all_round``.
    """
    if not len(circles):
        return np.zeros(0, np.float32)
    h, w = gx.shape[1:]
    cos, sin = np.cos(_ANGLES), np.sin(_ANGLES)
    best = np.zeros((len(circles), len(_ANGLES)), np.float32)
    for rho in (0.85, 0.95, 1.02, 1.1):
        rr = circles[:, 2:3] * rho
        xi = np.clip(np.round(circles[:, 0:1] + rr * cos[None]).astype(int), 0, w - 1)
        yi = np.clip(np.round(circles[:, 1:2] + rr * sin[None]).astype(int), 0, h - 1)
        # Radial component per channel; the strongest channel counts.
        radial = np.abs(gx[:, yi, xi] * cos[None, None] + gy[:, yi, xi] * sin[None, None])
        best = np.maximum(best, radial.max(axis=0))
    if all_round:
        return np.percentile(best, 35, axis=1).astype(np.float32) / scale
    top = circles[:, 1] < h / 2
    out = np.zeros(len(circles), np.float32)
    for sel, sign in ((top, 1.0), (~top, -1.0)):
        facing = sin * sign > 0.3
        if np.any(sel):
            out[sel] = np.percentile(best[sel][:, facing], 35, axis=1)
    return out / scale


def _hough(grey: np.ndarray, r_min: float, r_max: float) -> np.ndarray:
    """Circles (x, y, r) of checker size; the outline shows even light-on-light."""
    # Local contrast first: dark checkers on a dark board still have a visible rim.
    clahe = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(6, 6))
    blur = cv2.GaussianBlur(clahe.apply(grey), (5, 5), 1.2)
    found = cv2.HoughCircles(
        blur,
        cv2.HOUGH_GRADIENT,
        dp=1,
        minDist=max(4.0, 0.8 * r_min),
        param1=80,
        param2=14,
        minRadius=int(r_min),
        maxRadius=int(np.ceil(r_max)),
    )
    return np.zeros((0, 3), np.float32) if found is None else found[0].astype(np.float32)


def _verified(
    circles: np.ndarray,
    lab: np.ndarray,
    field: np.ndarray,
    tri_colours: list[np.ndarray],
    geo: BoardGeometry,
    shape: BoardShape,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keep circles that are checkers: unlike both board colours inside, or with a rim all
    round (light-on-light).  Also says which are sure (strong rim or colour): a circle
    straddling two touching checkers has some rim too, and only sure ones may prove a checker
    on top.  Third: each kept circle's rim all round (a lone checker's, e.g. on the bar)."""
    if not len(circles):
        return circles, np.zeros(0, bool), np.zeros(0, np.float32)
    h, w = lab.shape[:2]
    gx, gy = _gradients(lab)
    # Typical edge strength of this board (on a subsample: the median needs no more).
    sub = (slice(None), slice(None, None, 4), slice(None, None, 4))
    scale = float(np.median(np.hypot(gx[sub], gy[sub]).max(axis=0))) + 1.0
    rim = ring_evidence(gx, gy, circles, scale)
    keep = []
    strong = []
    for (x, y, r), e in zip(circles, rim, strict=True):
        rr = 0.55 * r
        patch = lab[
            int(max(0, y - rr)) : int(min(h, y + rr + 1)),
            int(max(0, x - rr)) : int(min(w, x + rr + 1)),
        ]
        px = patch.reshape(-1, 3)
        if not len(px):
            keep.append(False)
            strong.append(False)
            continue
        unlike = np.ones(len(px), bool)
        for ref in (field, *tri_colours):
            unlike &= _colour_dist(px, ref) > 18.0
        # Rim 1.5: dark-on-dark checkers at the edge score 1.5-2; circles built from triangle
        # edges mostly under 1.25 (dev: 66 checkers, 3 phantoms between 1.5 and 2).
        keep.append(float(unlike.mean()) > 0.4 or e > 1.5)
        strong.append(float(unlike.mean()) > 0.4 or e > 2.0)
    kept = np.array(keep, bool)
    round_ = ring_evidence(gx, gy, circles[kept], scale, all_round=True)
    return circles[kept], np.array(strong, bool)[kept], round_


@dataclass(frozen=True)
class _Found:
    """One checker seen in a cell: distance from the point's edge, centre, colour sample."""

    along: float
    x: float
    y: float
    colour: tuple[float, float, float]


def count_checkers(
    rect_bgr: np.ndarray,
    geometry: BoardGeometry,
    white_home: str,
    *,
    shape: BoardShape | None = None,
    colours: CheckerColours | None = None,
    ignore: tuple[tuple[float, float, float, float], ...] = (),
) -> CheckerCounts:
    """Count checkers on a canonical board image (any size with the canonical aspect).

    ``ignore``: boxes (x0, y0, x1, y1) in this image's pixels to leave out (dice).  Disc
    positions in the result are in this image's pixels too.
    """
    shape = shape or BoardShape()
    h_in, w = rect_bgr.shape[:2]
    # Square pixels: the board at its real proportions, so checkers are circles.
    h = max(16, int(round(w / max(shape.aspect, 0.3))))
    sy = h_in / h
    img = cv2.resize(rect_bgr, (w, h), interpolation=cv2.INTER_AREA) if h != h_in else rect_bgr
    geo = BoardGeometry(width=w, height=h, bar_frac=geometry.bar_frac)
    lab = _lab(img)
    half = h // 2
    cells = _cells(geo)
    width = min(c.x1 - c.x0 for c in cells)
    cells = [_Cell(c.column, c.top, c.x0, c.x0 + width) for c in cells]
    strips = [_strip(lab, c, half) for c in cells]
    d = shape.checker_frac * geo.point_width
    tip = shape.tip_frac * h
    yy, xx = np.mgrid[0:half, 0:width].astype(np.float32)
    cx = (width - 1) / 2.0
    # Triangle: half-width shrinks linearly from width/2 at the edge to 0 at the tip.
    tri_half = np.clip((1.0 - yy / tip) * width / 2.0, 0, None)
    tri_mask = np.abs(xx - cx) < tri_half
    edge_band = np.abs(np.abs(xx - cx) - tri_half) < 2.5
    # Where the triangle's edge or tip may be (its length varies between boards), a pixel is
    # "unlike the board" only if it is unlike both the field and the triangle.
    unsure = edge_band | ((yy > tip * 0.8) & (yy < tip * 1.2))
    care = (xx >= 1) & (xx <= width - 2)
    # Field colour: the middle band outside triangles and bar, median over the board.
    mid = lab[int(h * 0.46) : int(h * 0.54)].reshape(-1, 3)
    field = np.median(mid, axis=0)
    # Triangle colours: two groups of alternating columns, median near the tips.
    band = (yy > tip * 0.55) & (yy < tip * 0.8) & tri_mask & ~unsure
    samples = [np.median(s[band], axis=0) for s in strips]
    parity = _parity(cells, samples)
    tri_colours = []
    for p in (0, 1):
        vals = np.array([samples[i] for i in range(len(cells)) if parity[i] == p])
        tri_colours.append(np.median(vals, axis=0) if len(vals) else field)
    ignore_mask = np.zeros((h, w), np.uint8)
    for x0, y0, x1, y1 in ignore:
        # A margin: the die casts a shadow, its box is a little off; a checker under it still
        # shows outside the margin (dev: margins 0.25-0.5 of the box best).
        mx, my = 0.4 * (x1 - x0), 0.4 * (y1 - y0)
        cv2.rectangle(
            ignore_mask,
            (int(x0 - mx), int((y0 - my) / sy)),
            (int(np.ceil(x1 + mx)), int(np.ceil((y1 + my) / sy))),
            1,
            -1,
        )
    cares = [care & (_strip(ignore_mask, c, half) == 0) for c in cells]
    diffs = [
        _unlike_board(s, tri_mask, unsure, field, tri_colours[parity[i]]) & cares[i]
        for i, s in enumerate(strips)
    ]
    # Circles: checker outlines (light-on-light included), and the checker size.
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    raw = _hough(grey, 0.36 * geo.point_width, 0.52 * geo.point_width)
    circles, strong, round_ = _verified(raw, lab, field, tri_colours, geo, shape)
    if len(circles) >= 3 and not shape.measured:
        d = float(np.clip(2 * np.median(circles[:, 2]), 0.72 * geo.point_width, geo.point_width))
    profiles = _profiles(diffs, cares, cx, d)
    extents = np.array([_extent(p, d) for p in profiles])
    pitch = _circle_pitch(circles, cells, h, d) or _fit_pitch(extents, d * 1.015)
    # Beside the triangle, a checker hides the field even when it matches the triangle
    # (dark-on-dark, light-on-light): per slot, the disc's part outside the triangle.
    beside = []
    for k in range(_slots(half, d, pitch)):
        disc = (xx - cx) ** 2 + (yy - (0.5 * d + k * pitch)) ** 2 <= (0.36 * d) ** 2
        beside.append(disc & ~tri_mask & ~unsure)
    found_cells: list[list[_Found]] = []
    for i, c in enumerate(cells):
        seen_beside = []
        for m in beside:
            mm = m & cares[i]
            n_px = int(mm.sum())
            seen_beside.append(n_px >= 0.1 * np.pi * (0.36 * d) ** 2 and diffs[i][mm].mean() > 0.8)
        found_cells.append(
            _cell_checkers(
                c,
                strips[i],
                diffs[i],
                circles,
                extents[i],
                pitch,
                d,
                h,
                half,
                seen_beside,
                circles[strong],
                raw,
            )
        )
    under_die = _in_mask(circles, ignore_mask)
    # Colour: one per point (points never hold both), by majority of its checkers.
    feats = [f.colour for fs in found_cells for f in fs]
    labels = _colour_labels(np.array(feats, np.float32).reshape(-1, 3), colours)
    white = [0] * 24
    black = [0] * 24
    conf = [1.0] * 24
    discs: list[tuple[float, float, float, int]] = []
    k = 0
    for i, c in enumerate(cells):
        idx = geo.point_index(c.column, "top" if c.top else "bottom", white_home)
        fs = found_cells[i]
        n = len(fs)
        votes = _votes(labels[k : k + n], fs, ignore_mask)
        blk = bool(len(votes) and np.mean(votes) > 0.5)
        k += n
        frac = abs(extents[i] / pitch - round(extents[i] / pitch)) if n <= 5 else 0.25
        agree = float(np.mean(votes == blk)) if n else 1.0
        conf[idx] = float(np.clip(1.0 - 2.0 * frac, 0.0, 1.0) * agree)
        if 0 < n < _slots(half, d, pitch) and _next_slot_outlined(raw, c, h, d, pitch, n):
            # An unverified outline where the next checker of the row would lie: the count
            # may be one short (a rim lost in noise), so let the rules decide.
            conf[idx] = min(conf[idx], 0.5)
        if 0 < n <= 2 and not _backed(fs, circles[~under_die], d):
            # One or two checkers without a verified outline clear of dice: a shadow, a die
            # nobody found; the first to go when a side has too many.
            conf[idx] *= 0.5
        if blk:
            black[idx] = n
        else:
            white[idx] = n
        for f in fs:
            discs.append((f.x, f.y * sy, d / 2.0, int(blk)))
    bar_w, bar_b, bar_conf = _bar_checkers(
        lab, geo, circles[round_ > BAR_RIM], d, colours, labels, feats
    )
    unexplained = _unexplained(lab, geo, field, tri_colours, discs, sy, d, ignore_mask)
    _fit_total(white, bar_w, conf)
    _fit_total(black, bar_b, conf)
    off_w = max(0, CHECKERS_PER_SIDE - sum(white) - bar_w)
    off_b = max(0, CHECKERS_PER_SIDE - sum(black) - bar_b)
    return CheckerCounts(
        white=tuple(white),
        black=tuple(black),
        bar_white=bar_w,
        bar_black=bar_b,
        off_white=off_w,
        off_black=off_b,
        off_from_trays=False,
        point_confidence=tuple(conf),
        bar_confidence=bar_conf,
        off_confidence=0.5,
        discs=tuple(discs),
        unexplained=unexplained,
        checker_frac=d / geo.point_width,
    )


def _fit_total(counts: list[int], bar: int, conf: list[float], max_fix: int = 2) -> None:
    """A side has 15 checkers.  When one or two too many were counted, take them off the least
    certain points (largest stack first among equals) and lower those points' confidence.
    More than that is left alone: the reader then reports the frame as uncertain."""
    excess = sum(counts) + bar - CHECKERS_PER_SIDE
    if not 0 < excess <= max_fix:
        return
    for _ in range(excess):
        occupied = [i for i in range(24) if counts[i] > 0]
        i = min(occupied, key=lambda k: (conf[k], -counts[k]))
        counts[i] -= 1
        conf[i] = min(conf[i], 0.4)


def _unexplained(
    lab: np.ndarray,
    geo: BoardGeometry,
    field: np.ndarray,
    tri_colours: list[np.ndarray],
    discs: list[tuple[float, float, float, int]],
    sy: float,
    d: float,
    ignore_mask: np.ndarray,
) -> float:
    """Share of the playing area (bar excluded) unlike field and triangles, outside the discs
    of the checkers found and the dice, at quarter resolution."""
    small = lab[::4, ::4]
    unlike = np.ones(small.shape[:2], bool)
    for ref in (field, *tri_colours):
        unlike &= _colour_dist(small, ref) > 30.0
    known = np.zeros(small.shape[:2], np.uint8)
    for x, y, _r, _side in discs:
        cv2.circle(known, (int(x / 4), int(y / sy / 4)), int(0.62 * d / 4) + 1, 1, -1)
    known |= ignore_mask[::4, ::4][: known.shape[0], : known.shape[1]]
    b0, b1 = geo.bar_span
    known[:, int(b0 / 4) : int(np.ceil(b1 / 4)) + 1] = 1
    unlike &= known == 0
    # The playing area's rim may show a sliver of frame; specks, logos and prints on the field
    # are small: a hand or an arm is one large blob.
    unlike[:3] = False
    unlike[-3:] = False
    unlike[:, :3] = False
    unlike[:, -3:] = False
    unlike = cv2.morphologyEx(unlike.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(unlike)
    total = 0
    for i in range(1, n):
        _, _, bw, bh, area = stats[i]
        if area >= 0.006 * unlike.size and min(bw, bh) > 3:
            total += int(area)
    return total / float(unlike.size)


def _circle_pitch(circles: np.ndarray, cells: list[_Cell], h: int, d: float) -> float | None:
    """Spacing of neighbouring checkers along a point, from circles on the same point (some
    boards leave gaps between checkers); None when too few pairs are seen."""
    gaps: list[float] = []
    for c in cells:
        cxs = (c.x0 + c.x1) / 2.0
        ys = circles[np.abs(circles[:, 0] - cxs) < 0.35 * (c.x1 - c.x0), 1] if len(circles) else []
        alongs = np.sort(
            np.asarray([y if c.top else h - 1 - y for y in ys if (y < h / 2) == c.top])
        )
        steps = np.diff(alongs)
        gaps += [float(g) for g in steps if 0.85 * d < g < 1.6 * d]
    if len(gaps) < 3:
        return None
    return float(np.median(gaps))


def _fanned_count(strip: np.ndarray, extent: float, pitch: float, d: float) -> int | None:
    """Checkers in a stack fanned along the point (longer than five): the repeat period of the
    stack's profile along the point gives the spacing, the extent the number."""
    width = strip.shape[1]
    lo, hi = int(width / 2 - 0.25 * d), int(width / 2 + 0.25 * d) + 1
    end = int(min(len(strip), extent))
    if end < 3 * d:
        return None
    prof = strip[:end, lo:hi, 0].mean(axis=1)
    k = max(3, int(d) | 1)
    prof = prof - np.convolve(prof, np.ones(k) / k, mode="same")
    prof = prof[k // 2 : len(prof) - k // 2]
    if len(prof) < 2 * d or float(prof.std()) < 1e-3:
        return None
    prof = (prof - prof.mean()) / prof.std()
    lags = np.arange(int(0.35 * d), int(min(1.05 * pitch, len(prof) / 2)))
    if not len(lags):
        return None
    ac = np.array([float(np.mean(prof[:-lag] * prof[lag:])) for lag in lags])
    peaks = [i for i in range(1, len(ac) - 1) if ac[i] >= ac[i - 1] and ac[i] >= ac[i + 1]]
    if not peaks:
        return None
    best = max(peaks, key=lambda i: ac[i])
    if ac[best] < 0.2:
        return None
    period = float(lags[best])
    return max(6, int(round(1 + (extent - d) / period)))


def _chain_count(
    alongs: np.ndarray, d: float, pitch: float, half: int, even_only: bool = False
) -> int | None:
    """Checkers in a fanned stack seen as a chain of outlines from the point's edge.

    Each fanned checker half covers the one below it, so their outlines repeat at less than a
    checker's diameter; a chain reaching beyond where five flat checkers end (a pyramid's last
    slot) is fanned, and its length over its period gives the count.  None when not fanned.
    """
    a = np.sort(alongs[(alongs > 0) & (alongs < half - 0.2 * d)])
    if len(a) < 3 or a[0] > 0.9 * d:
        return None
    gaps = np.diff(a)
    small = gaps[(gaps > 0.3 * d) & (gaps < 0.93 * d)]
    if len(small) < 2:
        return None
    period = float(np.median(small))
    last = float(a[0])
    for x in a[1:]:
        if x - last > 2.5 * period:
            break
        last = float(x)
    n = 1 + int(round((last - 0.5 * d) / period))
    # A pyramid's outermost checker sits at 0.5 d + 4 pitches; a fanned stack reaches further,
    # or repeats evenly at well over half a pitch (a pyramid's outlines alternate slot, gap).
    even = _even_chain(a, period, pitch, n)
    if (even_only or last < 0.5 * d + 4.45 * max(pitch, d)) and not even:
        return None
    return max(6, n)


def _even_chain(a: np.ndarray, period: float, pitch: float, n: int) -> bool:
    """A chain of six or more outlines from the edge at one even step of 0.6-0.95 pitch."""
    if n < 6 or not 0.6 * pitch <= period <= 0.95 * pitch:
        return False
    steps = np.diff(a[:n])
    return len(steps) >= 4 and float(np.mean(np.abs(steps / period - 1.0) < 0.25)) >= 0.8


def _in_mask(circles: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per circle: is its centre inside the mask."""
    if not len(circles):
        return np.zeros(0, bool)
    h, w = mask.shape
    xi = np.clip(circles[:, 0].astype(int), 0, w - 1)
    yi = np.clip(circles[:, 1].astype(int), 0, h - 1)
    return mask[yi, xi] > 0


def _backed(found: list[_Found], circles: np.ndarray, d: float) -> bool:
    """Does any of these checkers have a circle centred within 0.3 d of it."""
    if not len(circles):
        return False
    return any(
        bool(np.any(np.hypot(circles[:, 0] - f.x, circles[:, 1] - f.y) < 0.3 * d)) for f in found
    )


def _votes(labels: np.ndarray, found: list[_Found], ignore_mask: np.ndarray) -> np.ndarray:
    """Colour votes of a point's checkers, leaving out those under a die (a die lying on a
    checker shows its own colour); all of them when every one is covered."""
    h, w = ignore_mask.shape
    free = np.array(
        [
            ignore_mask[min(h - 1, max(0, int(f.y))), min(w - 1, max(0, int(f.x)))] == 0
            for f in found
        ],
        bool,
    )
    return labels[free] if np.any(free) else labels


def _grid_shift(alongs: np.ndarray, d: float, pitch: float) -> float:
    """How far this point's outlines sit beyond the slot grid (a board edge registered a few
    pixels off, a frame lip): the median offset of those near a slot, when two or more are."""
    t = (alongs[alongs < 5 * pitch] - 0.5 * d) / pitch
    res = (t - np.round(t)) * pitch
    res = res[np.abs(res) < 0.3 * d]
    return float(np.median(res)) if len(res) >= 2 else 0.0


def _shifted(circles: np.ndarray | None, cell: _Cell, shift: float) -> np.ndarray | None:
    """Circles moved back toward the point's edge by ``shift``."""
    if circles is None or not len(circles):
        return circles
    out = circles.copy()
    out[:, 1] += -shift if cell.top else shift
    return out


def _alongs(circles: np.ndarray, cell: _Cell, h: int) -> np.ndarray:
    """Distances from the point's edge of the circles on the cell's column and half, sorted."""
    if not len(circles):
        return np.zeros(0, np.float32)
    inside = np.abs(circles[:, 0] - (cell.x0 + cell.x1) / 2.0) < 0.35 * (cell.x1 - cell.x0)
    inside &= (circles[:, 1] < h / 2) == cell.top
    ys = circles[inside, 1]
    return np.sort(ys if cell.top else (h - 1 - ys))


def _outlined(
    n_colour: int, raw: np.ndarray | None, cell: _Cell, h: int, d: float, pitch: float
) -> int:
    """Slots seen by colour alone, kept up to the last with an outline (verified or not)."""
    if raw is None:
        return n_colour
    alongs = _alongs(raw, cell, h)
    slots = [k for k in range(n_colour) if np.any(np.abs(alongs - (0.5 * d + k * pitch)) < 0.3 * d)]
    return max(slots) + 1 if slots else 0


def _weak_rows(
    seen: list[bool], raw: np.ndarray | None, cell: _Cell, h: int, d: float, pitch: float
) -> list[bool]:
    """On a point where nothing else was seen, unverified outlines on the first two slots (and
    none off the slot grid) make a row from the edge (dark-on-dark checkers)."""
    if raw is None or any(seen):
        return seen
    t = (_alongs(raw, cell, h) - 0.5 * d) / pitch
    t = t[t < len(seen) - 0.5]
    on_grid = np.abs(t - np.round(t)) * pitch < 0.225 * d
    on = {int(round(v)) for v in t[on_grid] if v > -0.5}
    # Wood grain scatters circles anywhere: every outline must sit on the grid, and the row
    # must start at the edge.
    if not {0, 1} <= on or not np.all(on_grid):
        return seen
    return [v or k <= max(on) for k, v in enumerate(seen)]


def _weak_between(
    seen: list[bool], raw: np.ndarray | None, cell: _Cell, h: int, d: float, pitch: float
) -> list[bool]:
    """Slots below the outermost seen one also seen by an unverified outline: between sure
    checkers, a weak rim (dark-on-dark) is a checker, not a triangle's edge."""
    far = max((k for k, v in enumerate(seen) if v), default=-1)
    if raw is None or far < 1:
        return seen
    a = _alongs(raw, cell, h)
    if not len(a):
        return seen
    out = list(seen)
    for k in range(far):
        out[k] = out[k] or float(np.min(np.abs(a - (0.5 * d + k * pitch)))) < 0.225 * d
    return out


def _gap_slots(alongs: np.ndarray, d: float, pitch: float) -> set[int]:
    """Gaps (j: between slots j and j + 1) holding a circle nearer the gap than any slot."""
    t = (alongs - 0.5 * d) / pitch - 0.5
    return {int(round(v)) for v in t if abs(v - round(v)) < GAP_TOL}


def _next_slot_outlined(
    raw: np.ndarray, cell: _Cell, h: int, d: float, pitch: float, n: int
) -> bool:
    """Is there an outline (verified or not) at first-layer slot ``n`` (0 = at the edge)?"""
    if raw is None or not len(raw):
        return False
    target = 0.5 * d + n * pitch
    return bool(np.any(np.abs(_alongs(raw, cell, h) - target) < 0.25 * pitch))


def _slots(half: int, d: float, pitch: float) -> int:
    """First-layer slots on a point: checkers from the edge that fit in the half. (Letting a
    last one overhang the middle won one dev render but cost 5 of the 22 real paper-board
    frames, read with stacks of 4 as 7: measured, not kept.)"""
    return max(1, int((half - 0.2 * d) // pitch))


def _cell_checkers(
    cell: _Cell,
    strip: np.ndarray,
    diff: np.ndarray,
    circles: np.ndarray,
    extent: float,
    pitch: float,
    d: float,
    h: int,
    half: int,
    seen_beside: list[bool] | None = None,
    sure: np.ndarray | None = None,
    raw: np.ndarray | None = None,
) -> list[_Found]:
    """Checkers of one point: circles found on it, plus first-layer slots that differ from the
    empty board but had no circle (touching, low-contrast outlines)."""
    r = d / 2.0
    cxs = (cell.x0 + cell.x1) / 2.0
    out: list[_Found] = []
    width = strip.shape[1]

    def sample(along: float) -> tuple[float, float, float]:
        # A fanned stack's last slot may lie past the middle: sample inside the strip (an
        # empty patch would read as pure black and split the colours wrongly).
        along = float(np.clip(along, 0.3 * r, half - 1 - 0.3 * r))
        y0 = int(max(0, along - 0.3 * r))
        y1 = int(min(half, along + 0.3 * r + 1))
        x0 = int(max(0, width / 2 - 0.3 * r))
        x1 = int(min(width, width / 2 + 0.3 * r + 1))
        patch = strip[y0:y1, x0:x1].reshape(-1, 3)
        m = patch.mean(axis=0) if len(patch) else np.zeros(3)
        return float(m[0]), float(m[1]), float(m[2])

    shift = _grid_shift(_alongs(circles, cell, h), d, pitch)
    if shift:
        circles, sure, raw = (_shifted(c, cell, shift) for c in (circles, sure, raw))
    alongs = _alongs(circles, cell, h)
    sure_alongs = alongs if sure is None else _alongs(sure, cell, h)
    n_colour = int(round(extent / pitch)) if extent > 0 else 0
    if n_colour and not np.any(alongs < extent + 0.5 * d) and not any(seen_beside or []):
        # Colour alone, without an outline on or just past its run: a die's shadow, a cocked die
        # leaning over the edge, a glare.  A checker shows at least a faint rim.
        n_colour = _outlined(n_colour, raw, cell, h, d, pitch)

    def circle_near(a: float, tol: float) -> bool:
        return bool(len(alongs)) and float(np.min(np.abs(alongs - a))) < tol

    # Checkers stack from the edge without gaps.  A slot is seen by colour or by a circle on it.
    max_first = _slots(half, d, pitch)
    beside = seen_beside or []
    seen = [
        k < n_colour
        or circle_near(0.5 * d + k * pitch, 0.45 * r)
        or (k < len(beside) and beside[k])
        for k in range(max_first)
    ]
    seen = _weak_between(seen, raw, cell, h, d, pitch)
    seen = _weak_rows(seen, raw, cell, h, d, pitch)
    n_first = 0
    while n_first < max_first and seen[n_first]:
        n_first += 1
    upper: list[int] = []
    far = max((k for k in range(max_first) if seen[k]), default=-1)
    if far >= 1 and all(seen[1 : far + 1]):
        # The first checker sits in the triangle's widest part: when it matches the triangle
        # it may go unseen, but the ones beyond it prove it is there.
        n_first = max(n_first, far + 1)
    far_circle = max(
        (k for k in range(max_first) if circle_near(0.5 * d + k * pitch, 0.45 * r)), default=-1
    )
    if far_circle >= 2 and (
        sum(seen[: far_circle + 1]) >= 0.6 * (far_circle + 1) or seen[far_circle - 1]
    ):
        # Outlines further out prove the checkers between (same colour as the triangle: unseen).
        n_first = max(n_first, far_circle + 1)
    # A circle nearer a gap (half a pitch out) than to any slot is a checker on top.
    gaps = _gap_slots(alongs, d, pitch)
    # Only a sure circle may prove a full first layer that was not seen (a weak one may straddle
    # two touching checkers); over a first layer seen full, any circle in a gap is on top.
    sure_gaps = _gap_slots(sure_alongs, d, pitch)
    if far >= FULL_FROM and far < 4 and max_first >= 5 and any(0 <= j < far for j in sure_gaps):
        # Checkers go on top only once the first layer holds five: its outer ones are there
        # even when unseen (light-on-light, their outline hidden under the top layer).
        far = 4
        seen = seen + [True] * (5 - len(seen))
        seen[: far + 1] = [True] * (far + 1)
    if far >= 4:
        # The first layer reaches 5: checkers on top of it, in its gaps, hide part of it.
        upper = sorted(j for j in gaps if 0 <= j < far)
        if not upper and raw is not None and all(seen[: far + 1]):
            # Over a first layer seen whole, an unverified outline in a gap is a checker on top.
            upper = sorted(j for j in _gap_slots(_alongs(raw, cell, h), d, pitch) if 0 <= j < far)
        hidden = {k for j in upper for k in (j, j + 1)}
        if all(seen[k] or k in hidden for k in range(far + 1)):
            n_first = far + 1
        upper = [j for j in upper if j + 1 < n_first]
    fanned = _chain_count(alongs, d, pitch, half)
    if fanned is None and raw is not None:
        # Fanned light-on-light or dark-on-dark checkers show thin rims: unverified outlines
        # count when they form an even chain from the edge (phantoms do not).
        fanned = _chain_count(_alongs(raw, cell, h), d, pitch, half, even_only=True)
    reach = 0.5 * d + 4.45 * max(pitch, d)
    outer = [float(a) for a in alongs if reach < a < half - 0.2 * d]
    if fanned is None and outer and n_first >= 2:
        # The top checker of a fanned stack lies whole beyond a pyramid's reach even when the
        # ones under it show no outline: the stack runs from the edge to it.
        extent = max(extent, min(outer) + 0.5 * d)
    if fanned is None and extent > 5.3 * pitch:
        fanned = _fanned_count(strip, extent, pitch, d)
    if fanned is not None and fanned >= n_first:
        # Fanned along the point (each checker half over the next): count by the period.
        # The stack reaches the colour run's end or its outermost outline, whichever is
        # further (light-on-light: the colour run falls short).
        outlines = alongs if raw is None else _alongs(raw, cell, h)
        reach_end = max(extent, float(outlines.max()) + 0.5 * d if len(outlines) else 0.0)
        reach_end = min(reach_end, float(half))
        step = (reach_end - d) / max(fanned - 1, 1)
        n_first, upper = fanned, []
        for k in range(n_first):
            a = 0.5 * d + k * step
            out.append(_Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
        return out
    third = 0
    if fanned is None and n_first >= 5 and upper:
        upper, third = _pyramid_layers(upper)
    for k in range(n_first):
        a = 0.5 * d + k * pitch
        out.append(_Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
    for j in upper:
        a = 0.5 * d + (j + 0.5) * pitch
        out.append(_Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
    for k in range(1, third + 1):
        # Third layer over slots 1.., where the first layer's checkers are (colour the same).
        a = 0.5 * d + k * pitch
        out.append(_Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
    out.sort(key=lambda f: f.along)
    return out


def _pyramid_layers(upper: list[int]) -> tuple[list[int], int]:
    """Second-layer gaps and third-layer size of a pyramid, from the gaps seen on top.

    A pyramid fills its second layer from the edge (gaps 0..3), so the outermost gap seen
    implies those nearer the edge.  Those unseen are hidden under a third layer (on slots 1..3,
    over gaps 0..3): gap 0 shows a crescent beside slot 1, gaps 1 and 2 vanish under two
    third-layer checkers each, so each of them unseen adds one.
    """
    jmax = max(upper)
    hidden = set(range(jmax + 1)) - set(upper)
    third = 0
    if jmax == 3 and hidden:
        third = min(3, 1 + len(hidden & {1, 2}))
    return list(range(jmax + 1)), third


def _bar_checkers(
    lab: np.ndarray,
    geo: BoardGeometry,
    circles: np.ndarray,
    d: float,
    colours: CheckerColours | None,
    labels: np.ndarray,
    feats: list[tuple[float, float, float]],
) -> tuple[int, int, float]:
    """Checkers on the bar: circles centred in the bar strip, coloured like the points' ones."""
    if not len(circles):
        return 0, 0, 0.6
    b0, b1 = geo.bar_span
    mid = (b0 + b1) / 2.0
    # Centred on the bar (a narrow bar's checkers overhang it), and not on a point column.
    reach = max(0.5 * (b1 - b0), 0.25 * d)
    on_bar = circles[np.abs(circles[:, 0] - mid) < reach]
    # The doubling cube often waits on the bar's middle, smaller than a checker; checkers on
    # the bar sit to either side of the middle.
    h = lab.shape[0]
    on_bar = on_bar[(on_bar[:, 2] > 0.42 * d) & (np.abs(on_bar[:, 1] - h / 2) > 0.35 * d)]
    if not len(on_bar):
        return 0, 0, 0.8
    bar_cols = []
    for x, y, _ in on_bar:
        r = 0.3 * d
        patch = lab[int(max(0, y - r)) : int(y + r) + 1, int(max(0, x - r)) : int(x + r) + 1]
        bar_cols.append(patch.reshape(-1, 3).mean(axis=0))
    bar_cols_a = np.array(bar_cols, np.float32)
    if colours is not None:
        blk = _colour_labels(bar_cols_a, colours)
    elif len(feats) >= 2:
        f = np.array(feats, np.float32)
        mw = f[labels == 0].mean(axis=0) if np.any(labels == 0) else f.mean(axis=0)
        mb = f[labels == 1].mean(axis=0) if np.any(labels == 1) else f.mean(axis=0)
        blk = _colour_dist(bar_cols_a, mb) < _colour_dist(bar_cols_a, mw)
    else:
        blk = _two_clusters(bar_cols_a)
    n_b = int(np.sum(blk))
    return len(on_bar) - n_b, n_b, 0.7


def _colour_labels(feats: np.ndarray, colours: CheckerColours | None) -> np.ndarray:
    """1 where a colour sample is a black checker, 0 for white."""
    if len(feats) == 0:
        return np.zeros(0, int)
    if colours is not None:
        cw = np.array(colours.white, np.float32)
        cb = np.array(colours.black, np.float32)
        return (_colour_dist(feats, cb) < _colour_dist(feats, cw)).astype(int)
    return _two_clusters(feats).astype(int)


def _profiles(
    diffs: list[np.ndarray], cares: list[np.ndarray], cx: float, dx: float
) -> list[np.ndarray]:
    """Per cell: along the column, the fraction of central pixels unlike the empty board."""
    width = diffs[0].shape[1]
    central = np.abs(np.arange(width) - cx) < 0.3 * dx
    out = []
    for diff, care in zip(diffs, cares, strict=True):
        c = care[:, central].sum(axis=1)
        frac = diff[:, central].sum(axis=1) / np.maximum(c, 1)
        out.append(np.where(c > 0, frac, np.nan))
    return out


def _extent(profile: np.ndarray, dy: float) -> float:
    """Length of the occupied run from the point's edge (gaps under a third of a checker are
    bridged, rows with no usable pixels are skipped)."""
    occupied = np.nan_to_num(profile, nan=-1.0)
    gap_max = max(2, int(0.3 * dy))
    last = -1
    gap = 0
    for t, v in enumerate(occupied):
        if v < 0:
            continue  # no evidence either way
        if v > 0.5:
            last = t
            gap = 0
        else:
            gap += 1
            if gap > gap_max or (last < 0 and t > 0.5 * dy):
                break
    return float(last + 1) if last >= 0 else 0.0


def _fit_pitch(extents: np.ndarray, nominal: float) -> float:
    """Checker size along the column that makes the extents closest to whole numbers."""
    e = extents[extents > 0.4 * nominal]
    if len(e) < 2:
        return nominal
    best = (np.inf, nominal)
    for f in np.arange(0.68, 1.12, 0.01):
        dy = nominal * f
        n = np.maximum(np.round(e / dy), 1)
        cost = float(np.mean(np.abs(e / dy - n))) + 0.15 * abs(1.0 - f)
        if cost < best[0]:
            best = (cost, dy)
    return best[1]


def _parity(cells: list[_Cell], samples: list[np.ndarray]) -> list[int]:
    """Group the 24 columns into the two triangle colours: alternate along each row, and pick
    whether opposite columns share a colour by which grouping is tighter."""
    best: tuple[float, list[int]] | None = None
    for flip in (0, 1):
        par = [(c.column + (flip if not c.top else 0)) % 2 for c in cells]
        spread = 0.0
        for p in (0, 1):
            vals = np.array([samples[i] for i in range(len(cells)) if par[i] == p])
            spread += float(np.abs(vals - np.median(vals, axis=0)).sum(axis=1).mean())
        if best is None or spread < best[0]:
            best = (spread, par)
    assert best is not None
    return best[1]


def _two_clusters(feats: np.ndarray) -> np.ndarray:
    """Deterministic 2-means on checker colours; True for the darker cluster.

    Two seedings (darkest/lightest, and 10th/90th lightness percentile) and the split with the
    smaller within-cluster spread wins: a lone glint must not take a cluster to itself, and a
    lone checker of one colour must still get its own.
    """
    if len(feats) < 2:
        return np.zeros(len(feats), bool)
    dark, score = _split(feats * np.array([0.5, 1.0, 1.0], np.float32), by_axis=False)
    # Two light sets (white and natural wood) differ in hue more than shading lets their
    # lightness differ: split on colour when that separates the sets far better.
    hue = feats * np.array([0.1, 1.0, 1.0], np.float32)
    dark_h, score_h = _split(hue, by_axis=True)
    if score_h > 2.0 * score:
        # The hue split has no lightness order of its own: the darker set is black.
        lo = float(feats[dark_h, 0].mean()) if np.any(dark_h) else 0.0
        hi = float(feats[~dark_h, 0].mean()) if np.any(~dark_h) else 0.0
        return dark_h if lo <= hi else ~dark_h
    return dark


def _split(w: np.ndarray, by_axis: bool) -> tuple[np.ndarray, float]:
    """2-means on weighted colours; (True for the darker cluster, between-centre distance
    squared over the mean within-cluster spread)."""
    if by_axis:
        # Seeds along the main axis of the samples (hue for two light sets).
        c = w - w.mean(axis=0)
        axis = np.linalg.svd(c, full_matrices=False)[2][0]
        order = np.argsort(c @ axis)
    else:
        order = np.argsort(w[:, 0])
    seeds = [
        (order[0], order[-1]),
        (order[int(0.1 * (len(w) - 1))], order[int(round(0.9 * (len(w) - 1)))]),
    ]
    best: tuple[float, np.ndarray, float] | None = None
    for lo, hi in seeds:
        labels, centres = _kmeans2(w, np.stack([w[lo], w[hi]]).astype(np.float32))
        sse = float(sum(((w[labels == j] - centres[j]) ** 2).sum() for j in (0, 1)))
        dark = int(np.argmin(centres[:, 0]))
        between = float(((centres[0] - centres[1]) ** 2).sum())
        if best is None or sse < best[0] - 1e-6:
            best = (sse, labels == dark, between / (sse / len(w) + 1.0))
    assert best is not None
    return best[1], best[2]


def _kmeans2(w: np.ndarray, centres: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    labels = np.full(len(w), -1)
    for _ in range(20):
        new = np.argmin(np.linalg.norm(w[:, None, :] - centres[None], axis=2), axis=1)
        if np.array_equal(new, labels):
            break
        labels = new
        for j in (0, 1):
            if np.any(labels == j):
                centres[j] = w[labels == j].mean(axis=0)
    return labels, centres
