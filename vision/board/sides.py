"""Moving a rough quad's sides and corners onto the playing area's edges: coordinate ascent on
the column alignment (``refine_quad``), snapping each side to the strongest straight edge near it
(``snap_sides``), searches over nearby straight edges and quiet-beyond lines judged by the fit."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import cv2
import numpy as np

from vision.board.geometry import order_corners
from vision.board.layout import BAR_FRACS, FastFit, layout_fit, layout_scores

_SIDE_W, _SIDE_H = 480, 360
# Side search (side_searches): how much layout fit moved left/right sides must gain to be kept.
SIDE_GAIN = 0.1
_SIDE_REACH = 0.14  # how far (share of the quad's width / height) a side may move
_SIDE_SLANT = 0.2  # and how much it may turn (end offset over length)


def _line_scores(g: np.ndarray, ends: np.ndarray, span: tuple[int, int]) -> np.ndarray:
    """Mean of ``g`` along the lines from (a, span[0]) to (b, span[1]) for every a, b in ``ends``
    (x of a near-vertical line in a top-down view; transpose ``g`` for horizontal lines)."""
    ts = np.linspace(0.04, 0.96, 48)
    ys = span[0] + (span[1] - span[0]) * ts
    yi = np.clip(np.round(ys).astype(int), 0, g.shape[0] - 1)
    a = ends[:, None, None]
    b = ends[None, :, None]
    xs = a + (b - a) * ts[None, None, :]
    xi = np.clip(np.round(xs).astype(int), 0, g.shape[1] - 1)
    means: np.ndarray = g[yi[None, None, :], xi].mean(axis=2)
    return means


def _side_view(
    grey: np.ndarray, q: np.ndarray, margin: float
) -> tuple[np.ndarray, np.ndarray, float, float]:
    """The quad (ordered) warped to a _SIDE_W x _SIDE_H rectangle with ``margin`` (a share of
    each side) around it, as float32: (view, homography, mx, my), the margins in pixels."""
    mx, my = margin * _SIDE_W, margin * _SIDE_H
    vw, vh = int(_SIDE_W + 2 * mx), int(_SIDE_H + 2 * my)
    dst = np.array([[mx, my], [mx + _SIDE_W, my], [mx + _SIDE_W, my + _SIDE_H], [mx, my + _SIDE_H]])
    h = cv2.getPerspectiveTransform(q.astype(np.float32), dst.astype(np.float32))
    v = cv2.warpPerspective(grey, h, (vw, vh), flags=cv2.INTER_LINEAR).astype(np.float32)
    return v, h, mx, my


def _side_lines(
    grey: np.ndarray, quad: np.ndarray, per_side: int = 3, movable: tuple[int, ...] = (0, 1, 2, 3)
) -> list[list[tuple[float, np.ndarray, np.ndarray]]]:
    """For each side of a rough quad (top, right, bottom, left), the ``per_side`` strongest
    distinct straight edges near it, and first among them the line beyond which the view turns
    quiet (``_quiet_line``): (strength, two image points on the line)."""
    q = order_corners(quad)
    v, h, mx, my = _side_view(grey, q, _SIDE_REACH)
    v = cv2.GaussianBlur(v, (3, 3), 0)
    gx = np.abs(cv2.Sobel(v, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(v, cv2.CV_32F, 0, 1, ksize=3))
    inv = np.linalg.inv(h)
    out = []
    for side in range(4):
        vertical = side in (1, 3)
        g = gx if vertical else gy.T
        centre = (
            (mx + _SIDE_W if side == 1 else mx) if vertical else (my + _SIDE_H if side == 2 else my)
        )
        reach = mx if vertical else my
        span = (int(my), int(my + _SIDE_H)) if vertical else (int(mx), int(mx + _SIDE_W))
        ends = np.arange(max(2.0, centre - reach), min(g.shape[1] - 3.0, centre + reach), 2.0)
        # The rough quad's own side is always a candidate.
        picks: list[tuple[float, np.ndarray, np.ndarray]] = [(0.0, q[side], q[(side + 1) % 4])]
        if side not in movable:
            out.append(picks)
            continue
        sc = _line_scores(g, ends, span)
        # Nearly parallel to the rough side: not a triangle's flank.
        slant = np.abs(ends[:, None] - ends[None, :]) > _SIDE_SLANT * (span[1] - span[0])
        sc[slant] = -1.0
        # Short sides: all edges; long sides: the points' (as side_quiet counts them).
        quiet = _quiet_line(gx + gy if vertical else gx.T, ends, span, side)
        if quiet is not None:
            qi, qj = quiet
            a, b = (ends[qi], span[0]), (ends[qj], span[1])
            pts = np.array([a, b] if vertical else [a[::-1], b[::-1]], np.float64)
            img = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), inv).reshape(2, 2)
            picks.append((float(sc[qi, qj]), img[0], img[1]))
        flat = np.argsort(sc.ravel())[::-1]
        taken: list[float] = [centre]
        for f in flat[:4000]:
            i, j = np.unravel_index(int(f), sc.shape)
            mid = (ends[i] + ends[j]) / 2
            if any(abs(mid - t) < 0.02 * _SIDE_W for t in taken):
                continue
            taken.append(mid)
            a, b = (ends[i], span[0]), (ends[j], span[1])
            pts = np.array([a, b] if vertical else [a[::-1], b[::-1]], np.float64)
            img = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), inv).reshape(2, 2)
            picks.append((float(sc[i, j]), img[0], img[1]))
            if len(picks) > per_side:
                break
        out.append(picks)
    return out


def _quiet_line(
    energy: np.ndarray, ends: np.ndarray, span: tuple[int, int], side: int
) -> tuple[int, int] | None:
    """The near-parallel line (indices into ``ends``) beyond which the view turns quiet: the
    least outside-over-inside edge energy in bands either side of it (a dark frame's weak edge
    is not among the strongest)."""
    band = int(0.05 * _SIDE_W)
    e = cv2.blur(np.ascontiguousarray(energy), (band, 1))
    outward = 1 if side in (1, 2) else -1
    shift = band // 2 + 2
    out = _line_scores(np.roll(e, -outward * shift, axis=1), ends, span)
    inn = _line_scores(np.roll(e, outward * shift, axis=1), ends, span)
    ratio = out / (inn + 1e-6)
    slant = np.abs(ends[:, None] - ends[None, :]) > _SIDE_SLANT * (span[1] - span[0])
    ratio[slant | (inn < np.median(inn))] = np.inf
    if not np.isfinite(ratio).any():
        return None
    i, j = np.unravel_index(int(np.argmin(ratio)), ratio.shape)
    return int(i), int(j)


def meet(p1: np.ndarray, p2: np.ndarray, p3: np.ndarray, p4: np.ndarray) -> np.ndarray | None:
    """Where line p1-p2 meets line p3-p4, or None where they run parallel."""
    d1, d2 = p2 - p1, p4 - p3
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return None
    t = ((p3[0] - p1[0]) * d2[1] - (p3[1] - p1[1]) * d2[0]) / den
    met: np.ndarray = p1 + t * d1
    return met


def _side_search(
    grey: np.ndarray,
    score: Callable[[np.ndarray], tuple[float, float]],
    quad: np.ndarray,
    movable: tuple[int, ...] = (1, 3),
    per_side: int | tuple[int, int, int, int] = 3,
    keep: int = 1,
) -> list[tuple[float, float, np.ndarray]]:
    """The ``keep`` quads, among those made of the strongest straight edges near the ``movable``
    sides of a rough quad (0 top, 1 right, 2 bottom, 3 left; the others stay; ``per_side`` edges
    each, or one count per side), that ``score`` (a quad -> (score, bar_frac)) rates best, best
    first: (score, bar_frac, quad)."""
    counts = (per_side,) * 4 if isinstance(per_side, int) else per_side
    lines = _side_lines(grey, quad, max(counts), movable)
    lines = [picks[: n + 1] for picks, n in zip(lines, counts, strict=True)]
    found: list[tuple[float, float, np.ndarray]] = []
    for top, right, bottom, left in itertools.product(*lines):
        sides = [top, right, bottom, left]
        pts = []
        for k in range(4):
            a, b = sides[(k - 1) % 4], sides[k]
            p = meet(a[1], a[2], b[1], b[2])
            if p is None:
                break
            pts.append(p)
        if len(pts) < 4:
            continue
        q = np.array(pts)
        if not reasonable(q):
            continue
        f, b_ = score(q)
        found.append((f, b_, q))
    found.sort(key=lambda t: -t[0])
    return found[:keep]


def refine_quad(
    grey: np.ndarray,
    quad: np.ndarray,
    movable: tuple[int, ...] = (0, 1, 2, 3),
    max_rounds: int = 4,
) -> tuple[np.ndarray, float, float]:
    """Coordinate ascent on the corners' coordinates (of the ``movable`` corners): pattern score
    plus a border term."""
    size = float(np.linalg.norm(quad[1] - quad[0]))
    best_q = quad.copy()
    s0, bar, b0 = layout_scores(grey, best_q, BAR_FRACS)
    best_total = s0 + 0.25 * b0
    for step in (0.01 * size, 0.004 * size):
        bars = tuple(b for b in BAR_FRACS if abs(b - bar) < 0.012)
        improved = True
        rounds = 0
        while improved and rounds < max_rounds:
            improved = False
            rounds += 1
            for k in movable:
                for axis in range(2):
                    for sign in (-1.0, 1.0):
                        q = best_q.copy()
                        q[k, axis] += sign * step
                        s, b, border = layout_scores(grey, q, bars)
                        if s + 0.25 * border > best_total + 1e-3:
                            best_q, best_total, bar = q, s + 0.25 * border, b
                            improved = True
    final, bar, _ = layout_scores(grey, best_q, BAR_FRACS)
    return best_q, final, bar


def snap_sides(grey: np.ndarray, quad: np.ndarray, reach: float = 0.05) -> np.ndarray:
    """Move each side of a quad onto the strongest straight edge near it (within ``reach`` of
    the board's size), independently, then intersect: fixes a corner that a contour's
    four-point approximation or a parallelogram guess put off under perspective."""
    q = order_corners(quad)
    g = cv2.GaussianBlur(grey, (5, 5), 1.5).astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    h, w = g.shape
    size = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[0])) / 2
    centre = q.mean(axis=0)
    lines = []
    for k in range(4):
        a, b = q[k], q[(k + 1) % 4]
        direction = (b - a) / (np.linalg.norm(b - a) + 1e-9)
        normal = np.array([-direction[1], direction[0]])
        if np.dot(normal, (a + b) / 2 - centre) < 0:
            normal = -normal  # pointing out of the board
        offsets = np.arange(-reach * size, reach * size + 1, 1.0)
        ts = np.linspace(0.1, 0.9, 40)
        pts = a[None] + (b - a)[None] * ts[:, None]
        found = []
        for p in pts:
            xy = p[None] + offsets[:, None] * normal[None]
            xi = np.clip(np.round(xy[:, 0]).astype(int), 0, w - 1)
            yi = np.clip(np.round(xy[:, 1]).astype(int), 0, h - 1)
            along_normal = np.abs(gx[yi, xi] * normal[0] + gy[yi, xi] * normal[1])
            j = int(np.argmax(along_normal))
            found.append((xy[j], along_normal[j], offsets[j]))
        # Keep the offsets agreeing with the median: one straight edge, not checkers' rims.
        offs = np.array([f[2] for f in found])
        med = float(np.median(offs))
        keep = [f[0] for f in found if abs(f[2] - med) <= 0.006 * size + 1.5]
        if len(keep) < 12:
            lines.append((a, b))
            continue
        pts_k = np.array(keep, np.float32)
        vx, vy, x0, y0 = cv2.fitLine(pts_k, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([x0 + vx, y0 + vy])))
    out = []
    for k in range(4):
        (p1, p2), (p3, p4) = lines[(k - 1) % 4], lines[k]
        d1, d2 = p2 - p1, p4 - p3
        den = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(den) < 1e-9:
            return q
        t = ((p3[0] - p1[0]) * d2[1] - (p3[1] - p1[1]) * d2[0]) / den
        out.append(p1 + t * d1)
    return np.array(out)


def bars_near(bar: float, reach: float = 0.021) -> tuple[float, ...]:
    """Bar fractions within ``reach`` of an estimate (the layout fit then only refines it)."""
    return tuple(b for b in BAR_FRACS if abs(b - bar) <= reach)


def reasonable(q: np.ndarray) -> bool:
    """Convex, no side under a fifth of the longest, landscape (1.0-2.2)."""
    sides = [np.linalg.norm(q[(i + 1) % 4] - q[i]) for i in range(4)]
    if min(sides) < 0.2 * max(sides) or not cv2.isContourConvex(q.astype(np.float32)):
        return False
    w = (sides[0] + sides[2]) / 2
    h = (sides[1] + sides[3]) / 2
    return bool(h > 0 and 1.0 < w / h < 2.2)


def side_searches(
    grey: np.ndarray, small: np.ndarray, fast: FastFit, q: np.ndarray, fit: float, bar: float
) -> tuple[np.ndarray, float, float]:
    """Move a refined quad's left and right sides onto nearby straight edges where that clearly
    helps: (quad, layout fit, bar_frac).

    Candidates are the strongest near-parallel edges near each side; the layout fit picks the
    pair, which is kept when the fit gains SIDE_GAIN (a side one column off, or on the frame's
    or a tray's edge, fits far worse), then polished on the column alignment.  Only called on a
    quad that already passes for a board, so this never turns a non-board into one.  (Top and
    bottom are left alone here: a row of checkers along the base also makes a straight edge,
    and cutting the checkers off flatters the layout fit; the column alignment did not tell them
    apart reliably either: it fixed one dev image and broke a real tournament board.
    all_sides_search moves them, with the quiet band outside a playing area as the guard.)
    """
    # Every bar width, coarsely: a quad a column off has misjudged the bar too.
    bars = BAR_FRACS[::3]
    best = _side_search(grey, lambda c: fast(c, bars), q, (1, 3), per_side=5)
    found = best[0] if best else None
    # The cheap fit of the rough quad itself first: most quads gain nothing worth a full fit.
    if found is not None and found[0] > fast(q, bars)[0] + SIDE_GAIN / 2:
        f2, b2 = layout_fit(small, found[2], bars_near(found[1]))
        if f2 > fit + SIDE_GAIN:
            q, _, bar = refine_quad(grey, found[2], max_rounds=2)
            fit, bar = layout_fit(small, q, bars_near(bar))
    return q, fit, bar


# All-sides search (all_sides_search): edges tried near each side (top, right, bottom, left;
# the short sides get one more: a side missing the perspective has triangle flanks and checker
# rows near it), how many of the cheap fit's best quads get a full layout fit, and how much that
# must beat the quad found so far.
ALL_SIDES_LINES = (3, 4, 3, 4)
ALL_SIDES_KEEP = 8
ALL_SIDES_GAIN = 0.02
ALL_SIDES_TIE = 0.02
# See side_quiet.
ALL_SIDES_QUIET = 0.8
ALL_SIDES_QUIET_SLACK = 0.05
ALL_SIDES_QUIET_OK = 0.3


def all_sides_search(
    grey: np.ndarray, small: np.ndarray, fast: FastFit, q: np.ndarray, fit: float, bar: float
) -> tuple[np.ndarray, float, float] | None:
    """All four sides moved together onto nearby straight edges: (quad, layout fit, bar_frac)
    of the best such quad when its full layout fit beats ``fit`` by ALL_SIDES_GAIN, else None.

    A quad holding a strip of the frame above or below the points, or one whose sides miss the
    perspective (a side and its neighbour both off), is not fixed side by side: each side alone
    gains little, both together a lot.  The cheap fit (at the bar width nearest ``bar`` only:
    moving the sides a little changes the bar's share little, and each bar width costs a pass)
    ranks the combinations; it flatters some (its coarse view blurs a side onto a row of
    checkers), so the best few are rated again with the full fit, which decides."""
    bars = (min(BAR_FRACS, key=lambda b: abs(b - bar)),)
    found = _side_search(
        grey, lambda c: fast(c, bars), q, (0, 1, 2, 3), ALL_SIDES_LINES, keep=ALL_SIDES_KEEP
    )
    # A long side pulled in onto a row of checkers flatters the fit (the checkers cut off no
    # longer need explaining), and so can a side slanted across the points: such sides have
    # busy bands outside (see side_quiet).  A side may not get busier outside than the quad's
    # own unless it is plainly quiet, and no long side may be busier than any playing area's
    # (labelled boards: at most 0.7).
    h, w = grey.shape[:2]
    limit = np.maximum(side_quiet(grey, q) + ALL_SIDES_QUIET_SLACK, ALL_SIDES_QUIET_OK)
    limit[[0, 2]] = np.minimum(limit[[0, 2]], ALL_SIDES_QUIET)
    margin = 0.02 * max(h, w)
    rated = []
    for _, b, c in found:
        # Off the image is not a board seen (and the black outside flatters the fit).
        if (c < -margin).any() or (c > np.array([w, h]) + margin).any():
            continue
        if (side_quiet(grey, c) > limit).any():
            continue
        f, b2 = layout_fit(small, c, bars_near(b))
        if f > fit + ALL_SIDES_GAIN:
            rated.append((f, b2, c))
    if not rated:
        return None
    # The layout fit alone can prefer a quad sheared onto checker rows by a hair (it explains
    # where the checkers are as well as the board does): between quads within ALL_SIDES_TIE of
    # the best fit, the column alignment and the edges on the sides decide.
    top = max(r[0] for r in rated)
    close = [r for r in rated if r[0] >= top - ALL_SIDES_TIE]
    f, b2, c = max(close, key=lambda r: alignment(grey, r[2]))
    return c, f, b2


def alignment(grey: np.ndarray, q: np.ndarray) -> float:
    """Pattern score plus a quarter of the border score (as the finalists are told apart)."""
    s, _, border = layout_scores(grey, q, BAR_FRACS)
    return s + 0.25 * border


def side_quiet(grey: np.ndarray, q: np.ndarray, band: float = 0.05) -> np.ndarray:
    """Edge energy in a band just outside each side of a quad over that in the band just inside:
    (top, right, bottom, left).  Outside a playing area lies the frame, quiet; inside, the
    triangles and the checkers on them: a side pulled in onto a row of checkers, or slanted
    across the points, has busy bands on both sides.  Long sides count vertical edges only
    (the frame's own grain and the field's edge run along them), short sides all edges."""
    v, h, mx, my = _side_view(grey, order_corners(q), band + 0.01)
    vh, vw = v.shape
    gx = np.abs(cv2.Sobel(v, cv2.CV_32F, 1, 0, ksize=3))
    g = gx + np.abs(cv2.Sobel(v, cv2.CV_32F, 0, 1, ksize=3))
    x0, x1, y0, y1 = int(mx), int(mx + _SIDE_W), int(my), int(my + _SIDE_H)
    bx, by = int(band * _SIDE_W), int(band * _SIDE_H)
    gap = max(1, int(0.01 * _SIDE_H))
    cols, rows = slice(x0 + 4, x1 - 4), slice(y0 + 4, y1 - 4)
    pairs = (
        (gx[y0 - gap - by : y0 - gap, cols], gx[y0 + gap : y0 + gap + by, cols]),
        (g[rows, x1 + gap : x1 + gap + bx], g[rows, x1 - gap - bx : x1 - gap]),
        (gx[y1 + gap : y1 + gap + by, cols], gx[y1 - gap - by : y1 - gap, cols]),
        (g[rows, x0 - gap - bx : x0 - gap], g[rows, x0 + gap : x0 + gap + bx]),
    )
    # A band off the image is black, not quiet: it counts as busy (nothing seen, nothing known).
    seen = cv2.warpPerspective(
        np.ones(grey.shape[:2], np.uint8), h, (vw, vh), flags=cv2.INTER_NEAREST
    )
    outside_seen = (
        seen[y0 - gap - by : y0 - gap, cols],
        seen[rows, x1 + gap : x1 + gap + bx],
        seen[y1 + gap : y1 + gap + by, cols],
        seen[rows, x0 - gap - bx : x0 - gap],
    )
    return np.array(
        [
            float(o.mean()) / (float(i.mean()) + 1e-6) if float(m.mean()) > 0.9 else np.inf
            for (o, i), m in zip(pairs, outside_seen, strict=True)
        ]
    )
