"""Marker-free board finding: quadrilateral candidates from contours, ranked by the layout
scores, a quarter of the board grown to the whole (``vision.board.quarter``), refined corner
by corner and side by side (``vision.board.sides``), moved whole
point columns where the frame says the board ends elsewhere (``vision.board.ends``), a
corner slid back along its side where its half row of points is off (``vision.board.columns``),
a quad with a short side on the points refined again a column over (``reach_out``) or
shifted whole columns to where both short sides lie on the frame (``shift_over``), and last a
long side moved onto the line the points' bases agree on (``vision.board.bases``)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.bases import base_lines
from vision.board.columns import OFF_COLUMNS, columns_off, slide_corner
from vision.board.ends import END_FIT, move_ends, reach_out, ruled_out, shift_over
from vision.board.geometry import (
    BoardFix,
    BoardGeometry,
    homography_for,
    make_fix,
    order_corners,
    search_view,
)
from vision.board.layout import (
    BAR_FRACS,
    MIN_LAYOUT_FIT,
    SCORE_H,
    SCORE_W,
    FastFit,
    layout_fit,
    layout_scores,
)
from vision.board.quarter import whole_board
from vision.board.sides import (
    alignment,
    all_sides_search,
    bars_near,
    reasonable,
    refine_quad,
    side_searches,
    snap_sides,
)
from vision.board.trust import busy_long_side

# Below this best fit the finalists look partial: the playing area is also sought inside the
# largest candidate. (A quarter board can fit 0.24: train IMG_0017 was found as one at 0.2.)
WEAK_FIT = 0.3
FIT_TIE = 0.01


def _quad_candidates(image: np.ndarray, work_size: int = 640) -> list[np.ndarray]:
    """Convex quadrilaterals from several binarisations, plus pairs of halves joined."""
    height, width = image.shape[:2]
    s = work_size / max(height, width)
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    grey = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    area_min = 0.03 * small.shape[0] * small.shape[1]
    binaries = [cv2.dilate(cv2.Canny(grey, 40, 120), np.ones((3, 3), np.uint8))]
    _, otsu = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    binaries += [otsu, 255 - otsu]
    sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[:, :, 1]
    _, so = cv2.threshold(
        cv2.GaussianBlur(sat, (5, 5), 0), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    binaries += [so, 255 - so]
    quads: list[np.ndarray] = []
    for b in binaries:
        contours, _ = cv2.findContours(b, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            if cv2.contourArea(c) < area_min:
                continue
            hull = cv2.convexHull(c)
            approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
            if len(approx) == 4:
                quads.append(order_corners(approx.reshape(4, 2) / s))
            else:
                rect = cv2.boxPoints(cv2.minAreaRect(hull))
                quads.append(order_corners(rect / s))
    # Two halves side by side (bar between them) -> one playing area.
    joined = []
    for i, a in enumerate(quads):
        for b in quads[i + 1 :]:
            left, right = (a, b) if a[:, 0].mean() < b[:, 0].mean() else (b, a)
            wl = left[1, 0] - left[0, 0]
            wr = right[1, 0] - right[0, 0]
            hl = left[3, 1] - left[0, 1]
            hr = right[3, 1] - right[0, 1]
            gap = right[0, 0] - left[1, 0]
            if wl <= 0 or wr <= 0 or hl <= 0 or hr <= 0:
                continue
            if abs(wl - wr) > 0.15 * max(wl, wr) or abs(hl - hr) > 0.1 * max(hl, hr):
                continue
            if not 0 <= gap < 0.3 * max(wl, wr) or abs(left[0, 1] - right[0, 1]) > 0.1 * hl:
                continue
            joined.append(np.array([left[0], right[1], right[2], left[3]]))
    out = []
    for q in quads + joined:
        w = np.linalg.norm(q[1] - q[0])
        hgt = np.linalg.norm(q[3] - q[0])
        if hgt > 0 and 1.0 < w / hgt < 2.2:  # landscape boards only
            out.append(q)
    return out


_IN_W, _IN_H = 640, 480


def _inner_search(grey: np.ndarray, colour: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The playing area inside a larger quad (e.g. the whole board with frame and trays).

    In the quad's top-down view, the playing area's long edges are where the rows of triangles
    start (rows with strong vertical edges), and its short edges are the placement of 12 point
    columns (plus a bar) that best lines up with the vertical-edge profile of the base bands.
    Sub-rectangles of the top-down view are exact sub-quads of the image, so no re-warping.
    """
    h_img = homography_for(quad, _IN_W, _IN_H)
    g = cv2.warpPerspective(grey, h_img, (_IN_W, _IN_H), flags=cv2.INTER_LINEAR).astype(np.float32)
    gx = np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3))
    rows = np.convolve(gx.mean(axis=1), np.ones(5) / 5, mode="same")
    strong = np.nonzero(rows > 0.5 * float(np.percentile(rows, 95)))[0]
    if len(strong) < 10:
        return None
    y0, y1 = int(strong[0]), int(strong[-1])
    if y1 - y0 < 0.4 * _IN_H:
        return None
    band_h = max(2, int(0.1 * (y1 - y0)))
    band = np.vstack([gx[y0 + 2 : y0 + band_h], gx[y1 - band_h : y1 - 1]])
    prof = np.convolve(band.mean(axis=0), np.ones(3) / 3.0, mode="same")
    peak = np.max(np.stack([np.roll(prof, s) for s in range(-2, 3)]), axis=0)
    # The playing area's short sides: full-height vertical edges (field against frame).
    side = gx[y0 + band_h : y1 - band_h].mean(axis=0)
    side = np.max(np.stack([np.roll(side, s) for s in range(-2, 3)]), axis=0)
    side = side / (float(side.mean()) + 1e-6)
    csum = np.concatenate([[0.0], np.cumsum(prof)])
    x0s = np.arange(0, int(0.3 * _IN_W), 2)
    x1s = np.arange(int(0.7 * _IN_W), _IN_W, 2)
    X0, X1 = np.meshgrid(x0s, x1s, indexing="ij")
    span = (X1 - X0).astype(np.float64)
    mean_prof = (csum[X1] - csum[X0]) / np.maximum(span, 1)
    scores = []
    for bar_frac in BAR_FRACS:
        geo = BoardGeometry(width=1000, height=750, bar_frac=bar_frac)
        rel = [geo.column_span(c)[0] / 1000 for c in range(1, 12)]
        if bar_frac > 0:
            rel.append(geo.column_span(5)[1] / 1000)
        acc = np.zeros_like(span)
        for r in rel:
            acc += peak[np.clip(np.round(X0 + span * r).astype(int), 0, _IN_W - 1)]
        scores.append(acc / len(rel) / (mean_prof + 1e-6) + 0.25 * (side[X0] + side[X1]))
    # Column alignment alone cannot tell a quad shifted by one column from the right one: keep
    # the best few distinct (x0, x1) and let the layout fit decide.
    stacked = np.stack(scores)
    best_per_pair = np.max(stacked, axis=0)
    best_bar = np.argmax(stacked, axis=0)
    order = np.argsort(best_per_pair.ravel())[::-1]
    picks: list[tuple[int, int, float]] = []
    for flat in order[:400]:
        i, j = np.unravel_index(int(flat), best_per_pair.shape)
        x0, x1 = int(X0[i, j]), int(X1[i, j])
        if all(abs(x0 - a) > 6 or abs(x1 - b) > 6 for a, b, _ in picks):
            picks.append((x0, x1, BAR_FRACS[int(best_bar[i, j])]))
        if len(picks) >= 6:
            break
    inv = np.linalg.inv(h_img)
    best: tuple[float, np.ndarray] | None = None
    for x0, x1, bar in picks:
        rect = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64).reshape(-1, 1, 2)
        quad = cv2.perspectiveTransform(rect, inv).reshape(4, 2)
        fit, _ = layout_fit(colour, quad, bars_near(bar))
        if best is None or fit > best[0]:
            best = (fit, quad)
    return None if best is None else best[1]


def _middle_ratio(grey: np.ndarray, quad: np.ndarray) -> float:
    """Vertical-edge energy of the middle band over that of the base bands.  Between the two
    rows of triangles a board is quiet; a quad holding one row of triangles (a quarter of the
    board) is not."""
    h = homography_for(order_corners(quad), SCORE_W, SCORE_H)
    g = cv2.warpPerspective(grey, h, (SCORE_W, SCORE_H), flags=cv2.INTER_LINEAR)
    gx = np.abs(cv2.Sobel(g.astype(np.float32), cv2.CV_32F, 1, 0, ksize=3))
    hh = SCORE_H
    mid = float(gx[int(0.45 * hh) : int(0.55 * hh), 4:-4].mean())
    base = float(np.vstack([gx[4 : int(0.15 * hh), 4:-4], gx[int(0.85 * hh) : -4, 4:-4]]).mean())
    return mid / (base + 1e-6)


def _middle_penalty(grey: np.ndarray, quad: np.ndarray) -> float:
    """0.5 for triangles across the middle (a quarter of a board, not a board), else 1."""
    return 0.5 if _middle_ratio(grey, quad) > 0.75 else 1.0


def find_board_frame(image: np.ndarray, *, refine: bool = True) -> BoardFix | None:
    """Marker-free: quad candidates from contours (and the playing area searched inside the
    best of them), ranked by how well the board layout explains them, refined; None if nothing
    looks like a board."""
    candidates = [q for q in _quad_candidates(image) if reasonable(q)]
    h, w = image.shape[:2]
    candidates.append(np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float64))
    small, grey, scale = search_view(image)
    scored = []
    for q in candidates:
        s, bar, _ = layout_scores(grey, q * scale, BAR_FRACS)
        scored.append((s, q * scale))
    scored.sort(key=lambda t: -t[0])
    pool = [q for _, q in scored[:6]]
    # The playing area may sit inside a candidate (frame and trays around it).
    for _, q in scored[:4]:
        inner = _inner_search(grey, small, q)
        if inner is not None and reasonable(inner):
            pool.append(inner)
    # Pattern and border pick the best few; the layout fit decides between them (a quad
    # shifted by a column, or a quarter board, lines up nearly as well but fits far worse).
    ranked = []
    for q in pool:
        s, bar, border = layout_scores(grey, q, BAR_FRACS)
        ranked.append((s + 0.25 * border, q))
    ranked.sort(key=lambda t: -t[0])
    finalists = []
    fast = FastFit(small)
    todo = [q for _, q in ranked[:3]]
    # The largest contour quad (not the whole image): usually the board with its frame.
    outer = [q * scale for q in candidates[:-1]]
    largest = max(outer, key=lambda q: cv2.contourArea(q.astype(np.float32))) if outer else None
    while todo:
        q = todo.pop(0)
        if refine:
            q, _, bar = refine_quad(grey, q)
            snapped = snap_sides(grey, q)
            if reasonable(snapped):
                q_fit, _ = layout_fit(small, q, bars_near(bar))
                s_fit, _ = layout_fit(small, snapped, bars_near(bar))
                if s_fit > q_fit:
                    q = snapped
        else:
            _, bar, _ = layout_scores(grey, q, BAR_FRACS)
        fit, bar = layout_fit(small, q, bars_near(bar))
        penalty = _middle_penalty(grey, q)
        if refine and fit * penalty >= MIN_LAYOUT_FIT:
            moved, fit, bar = side_searches(grey, small, fast, q, fit, bar)
            if moved is not q:
                q, penalty = moved, _middle_penalty(grey, moved)
        fit *= penalty
        s, _, border = layout_scores(grey, q, BAR_FRACS)
        finalists.append((fit, bar, q, s + 0.25 * border))
        if refine and not todo and largest is not None and max(f[0] for f in finalists) < WEAK_FIT:
            # Only partial boards so far (a quarter of a board lines up well too, and the
            # candidates the column alignment likes best may all be quarters): look for the
            # playing area inside the largest quad as well.
            inner = _inner_search(grey, small, largest)
            largest = None
            if inner is not None and reasonable(inner):
                todo.append(inner)
    # The layout fit tells a board from a shifted or partial quad, but between quads that fit
    # about equally well (within FIT_TIE), the column alignment places the sides better.
    top = max(f[0] for f in finalists)
    fit, bar, best_q, _ = max((f for f in finalists if f[0] >= top - FIT_TIE), key=lambda t: t[3])
    polish = lambda q, f, b: _polish(grey, small, fast, q, f, b)  # noqa: E731
    if refine:
        # A quarter of the board (one row of six triangles) may be all the search found: the
        # whole board is grown back from it where that fits clearly better (vision.board.quarter).
        grown = whole_board(grey, small, fast, best_q, fit, _middle_ratio, polish)
        if grown is not None:
            best_q, fit, bar = grown
    if fit < MIN_LAYOUT_FIT:
        return None
    if refine:
        # Only a quad that already passes for a board: the search never makes a non-board one.
        best_q, fit, bar = _all_sides(grey, small, fast, best_q, fit, bar)
        best_q, fit, bar = _off_the_points(grey, finalists, best_q, fit, bar)
        # The triangles repeat: a quad a column off at an end fits nearly as well, and only
        # the frame past its short sides tells (vision.board.ends).
        ended = move_ends(grey, small, best_q, bar)
        if ended is not None:
            best_q, fit, bar = _polish(grey, small, fast, *ended)
        # A corner half a point off lines up everywhere but at its own half row
        # (vision.board.columns): slid back, and refined again unless that puts a half row
        # off again or a long side on the points (train IMG_0280: slid 0.05 point off,
        # refined 0.11 with its top side's left half busy 0.87).
        slid = slide_corner(small, grey, best_q, fit, bar)
        if slid is not None:
            polished = _polish(grey, small, fast, *slid)
            off, _ = columns_off(grey, polished[0], polished[2])
            doubtful = off >= OFF_COLUMNS or busy_long_side(grey, polished[0])
            best_q, fit, bar = slid if doubtful else polished
        # A dark board's quad a column off, one short side on the points and the other inside
        # the frame, seldom moves back whole (vision.board.ends.reach_out).
        reached = reach_out(grey, small, best_q, fit, bar, polish)
        if reached is not None:
            best_q, fit, bar = reached
        # Two or three columns off, the columns between lie on the points too: the quad is
        # shifted whole to where both its short sides lie on the frame (ends.shift_over).
        shifted = shift_over(grey, small, best_q, fit, bar, polish)
        if shifted is not None:
            best_q, fit, bar = shifted
    # A finalist whose short sides the frame rules out is no rival (its fit may come close:
    # the triangles repeat).
    rated = [(f[0], f[2], f[3]) for f in finalists if not ruled_out(grey, best_q, f[2])]
    margin = _margin(best_q, fit, alignment(grey, best_q), rated)
    if refine:
        # A long side off the field's edge at one end (a dark board, a field the colour of
        # its frame) is moved onto the line the points' bases agree on (vision.board.bases).
        # The margin stays the search's: the finalists near the quad as searched, now half a
        # point or so from the moved one, are no rivals to it (IMG_81321, IMG_81468).
        based = base_lines(image, best_q / scale, bar)
        if based is not None:
            best_q = based * scale
            fit, bar = layout_fit(small, best_q, bars_near(bar))
    return make_fix(best_q / scale, "frame", fit, bar, margin)


def _off_the_points(
    grey: np.ndarray,
    finalists: list[tuple[float, float, np.ndarray, float]],
    q: np.ndarray,
    fit: float,
    bar: float,
) -> tuple[np.ndarray, float, float]:
    """A quad with a long side (or half of one) on the points, which the trust check would
    doubt (``busy_long_side``), gives way to the best fitting finalist half a point or more
    away whose long sides lie on the frame, that fits END_FIT as well or better and lines up
    at least as well: (quad, layout fit, bar_frac). A side pulled onto a row of checkers
    explains them away and flatters the fit a little (dev IMG_0057: 0.72 point off, a finalist
    0.1 off fits 0.93 as well)."""
    if not busy_long_side(grey, q):
        return q, fit, bar
    b = order_corners(q)
    point = (np.linalg.norm(b[1] - b[0]) + np.linalg.norm(b[2] - b[3])) / 2 / 13
    align = alignment(grey, q)
    others = [
        f
        for f in finalists
        if f[0] >= END_FIT * fit
        and f[3] >= align
        and float(np.max(np.linalg.norm(order_corners(f[2]) - b, axis=1))) >= 0.5 * point
        and not busy_long_side(grey, f[2])
    ]
    if not others:
        return q, fit, bar
    fit, bar, q, _ = max(others, key=lambda f: f[0])
    return q, fit, bar


def _polish(
    grey: np.ndarray, small: np.ndarray, fast: FastFit, q: np.ndarray, fit: float, bar: float
) -> tuple[np.ndarray, float, float]:
    """A quad moved whole columns, refined as the search's finalists are: its sides were
    placed a column away, not on the edges there."""
    q, _, bar = refine_quad(grey, q)
    fit, bar = layout_fit(small, q, bars_near(bar))
    q, fit, bar = side_searches(grey, small, fast, q, fit, bar)
    return _all_sides(grey, small, fast, q, fit, bar)


def _all_sides(
    grey: np.ndarray, small: np.ndarray, fast: FastFit, q: np.ndarray, fit: float, bar: float
) -> tuple[np.ndarray, float, float]:
    """The quad after the all-sides search (``all_sides_search``), when that finds one that is
    no quarter board (``_middle_penalty``); the quad as it was otherwise: (quad, fit, bar)."""
    whole = all_sides_search(grey, small, fast, q, fit, bar)
    if whole is not None and _middle_penalty(grey, whole[0]) == 1.0:
        return whole
    return q, fit, bar


def _margin(
    best: np.ndarray, fit: float, align: float, rated: list[tuple[float, np.ndarray, float]]
) -> float:
    """How sure the search is of where the board is: the chosen quad's layout fit over that of
    the best rival (a rated quad with a corner half a point or more away) that the column
    alignment likes at least as well; 1.0 when there is none. Where the two measures agree
    on the chosen quad, or only the alignment prefers it among quads that fit alike, there is no
    rival; where they disagree on a quad that fits nearly as well, the placement is a guess."""
    b = order_corners(best)
    point = (np.linalg.norm(b[1] - b[0]) + np.linalg.norm(b[2] - b[3])) / 2 / 13
    rivals = [
        f
        for f, q, a in rated
        if a >= align and float(np.max(np.linalg.norm(order_corners(q) - b, axis=1))) >= 0.5 * point
    ]
    return float(fit - max(rivals)) if rivals else 1.0
