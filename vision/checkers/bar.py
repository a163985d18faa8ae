"""Checkers on the bar: circles in the bar strip with a rim all round, coloured like the
points' checkers; doubtful when a bar circle is faint or lies at the bar's ends.  A circle at
the bar's middle is the cube's when the reader saw the cube there (:class:`CubeSeen`), and
makes the count doubtful when it did not, or saw it elsewhere.  A bar read empty whose middle
shows a checker-long run coloured like a checker set (a dark checker on a dark bar, its outline
lost) holds checkers, doubtfully."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.board import BoardGeometry
from vision.checkers.colours import colour_labels, set_colours, two_clusters
from vision.checkers.empty_board import colour_dist
from vision.checkers.model import CheckerColours
from vision.medians import colour_median

# A checker on the bar shows its rim all round (2.7 and up); the cube's corners, a hand's
# fingers and wood grain do not (under 2.2).
BAR_RIM = 2.5
# Radius over checker diameter of a bar checker's circle at least: the circle search often
# finds its bevel (0.39-0.41; 0.42 missed 3 of 17 train bar misses).
BAR_MIN_R = 0.38
# A bar circle whose rim all round is in this range is too faint to count and too clear to
# ignore (a checker half seen, a cube's or a die's edge): the bar count is doubtful (train:
# 6 of 12 wrong bar counts, 9 of 362 right ones).  From 1.5, not 1.8: a light checker on a
# light wooden bar shows a rim of 1.6 (own IMG_40801-41200: one read empty at 0.8; 1.5-1.8
# also doubts 6 of 770 right bars there and on train).
BAR_RIM_DOUBT = (1.5, 3.0)
# A bar checker counted this far (in checkers) from the bar's middle lies at its ends, by the
# frame, where dice land: doubtful (train: 2 of 12 wrong bar counts, no right one).
BAR_END = 4.5
# Along the bar's middle, a disc (radius 0.33 d) whose pixels are this much (share) coloured
# like a checker set -- nearer it than half their distance to the bar's own colour, and within
# SET_NEAR -- over a run at least RUN_MIN checkers long, is a checker the circle search missed
# (train: 4 of 5 dark bar checkers read empty; the cube, 0.6-0.8 d, shows shorter runs; 3 bars
# with shaded wood or a cube at the end too: doubtful counts, not confident ones).
SET_SHARE = 0.8
SET_NEAR = 12.0
RUN_MIN = 0.5
# A run at least RUN_MIN long whose discs are only this much (share) coloured like a set may be
# a dark checker on a dark bar, or one under a die, seen in part: the empty count is doubtful
# (own IMG_34801-35200, ck21, train: 2 of 2 missed black checkers, 2 of 772 right empty bars).
DOUBT_SHARE = 0.65
# ... and at most RUN_MAX long: a longer run is the bar's own shading (train: one, 3.2 d), and
# makes the empty count doubtful only.
RUN_MAX = 2.5
# Faint bar circles (rims from BAR_RIM_DOUBT's low end) of a checker's size (radius from
# CHAIN_R d) each with another CHAIN_STEP d along the bar and within CHAIN_ACROSS d across are a
# row of checkers (``_chained``).
CHAIN_R = 0.45
CHAIN_STEP = (0.85, 1.2)
CHAIN_ACROSS = 0.3
# A bar circle centred this near the cube seen (in checkers) lies on it or overlaps it (a
# checker's half plus the cube's is 0.8): the cube taken for a checker, or a checker for it.
CUBE_NEAR = 0.7
# A circle counted as a checker this near the cube and CUBE_ASIDE or more across the bar from
# it may be its shadow, cast aside (IMG_40921 of own IMG_40801-41200: a phantom 0.96 d from
# the cube, 0.43 d aside, believed); a checker beside the cube lies in line with it (own
# IMG_40801-41200: 32 at 0.84-0.99 d, 0.19 d aside at most).
CUBE_SHADOW = 1.0
CUBE_ASIDE = 0.3


@dataclass(frozen=True)
class CubeSeen:
    """Where the reader saw the doubling cube, as shares (x, y) of the board's width and
    height; ``at`` None: sought and not seen."""

    at: tuple[float, float] | None


@dataclass(frozen=True)
class _SetLooks:
    """What tells the checker sets apart on the bar: the calibrated colours (None: this
    frame's), and the points' checker samples (``feats``, Lab) with their set ``labels``."""

    colours: CheckerColours | None
    labels: np.ndarray
    feats: list[tuple[float, float, float]]


def bar_reach(geo: BoardGeometry, d: float) -> tuple[float, float]:
    """The bar's middle (x) and how far from it a bar checker's centre may lie: half the bar's
    width (a narrow bar's checkers overhang it), at least 0.35 d, not onto a point column
    (their checkers are centred over half a checker further out).  0.35 d: fm gammon test10's
    bar checker lay 0.3 d off a bar 0.58 d wide (found board), out of 0.25 d."""
    b0, b1 = geo.bar_span
    return (b0 + b1) / 2.0, max(0.5 * (b1 - b0), 0.35 * d)


def on_the_bar(circles: np.ndarray, geo: BoardGeometry, d: float) -> np.ndarray:
    """Which circles (x, y, r) may be bar checkers: centred within ``bar_reach`` of the bar's
    middle, of a checker's size (radius from ``BAR_MIN_R`` d)."""
    mid, reach = bar_reach(geo, d)
    sel: np.ndarray = (np.abs(circles[:, 0] - mid) < reach) & (circles[:, 2] > BAR_MIN_R * d)
    return sel


def bar_checkers(
    lab: np.ndarray,
    geo: BoardGeometry,
    circles: np.ndarray,
    rims: np.ndarray,
    d: float,
    colours: CheckerColours | None,
    labels: np.ndarray,
    feats: list[tuple[float, float, float]],
    cube: CubeSeen | None = None,
) -> tuple[int, int, float]:
    """Checkers on the bar: circles centred in the bar strip with a rim all round (``rims``),
    coloured like the points' ones.  ``cube``: where the cube was seen (None: not told, and
    it is taken to wait at the bar's middle)."""
    looks = _SetLooks(colours, labels, feats)
    if not len(circles):
        return _coloured_run(lab, geo, d, looks, 0.6)
    mid, reach = bar_reach(geo, d)
    sel = on_the_bar(circles, geo, d)
    lo, hi = BAR_RIM_DOUBT
    doubt = bool(np.any(sel & (rims >= lo) & (rims < hi)))
    # The doubling cube often waits on the bar's middle, smaller than a checker; checkers on
    # the bar sit to either side of the middle.
    h = lab.shape[0]
    checker = sel & (rims > BAR_RIM)
    by_cube = np.abs(circles[:, 1] - h / 2) <= 0.35 * d
    if cube is not None:
        # Told where the cube is: a checker's circle at the middle is left out for the cube
        # only when the cube is seen there.  Not seen, or seen elsewhere (a tray), it may be a
        # checker or the cube: counted when the cube is elsewhere, doubtful either way.
        ambiguous = checker & by_cube
        if cube.at is not None:
            cx, cy = cube.at[0] * lab.shape[1], cube.at[1] * h
            far = np.hypot(circles[:, 0] - cx, circles[:, 1] - cy)
            if abs(cx - mid) < reach + d:
                # On or beside the bar: a circle overlapping the cube, or on it away from the
                # middle (a checker found as the cube), may be either.
                own = (far <= 0.35 * d) & by_cube
                ambiguous = sel & (rims >= lo) & (far < CUBE_NEAR * d) & ~own
                aside = np.abs(circles[:, 0] - cx) > CUBE_ASIDE * d
                ambiguous |= checker & (far < CUBE_SHADOW * d) & aside & ~own
            else:
                by_cube[:] = False
        doubt = doubt or bool(np.any(ambiguous))
    on_bar = circles[checker & ~by_cube]
    doubt = doubt or bool(np.any(np.abs(on_bar[:, 1] - h / 2) > BAR_END * d))
    faint = sel & (rims >= lo) & ~checker & ~by_cube & (circles[:, 2] >= CHAIN_R * d)
    chained = _chained(circles[faint], d)
    if len(chained):
        # Faint circles a checker wide in a row a checker apart: dark checkers on a dark bar
        # (own IMG_40801-41200: three read none), counted doubtfully.
        on_bar, doubt = np.concatenate([on_bar, chained]), True
    if not len(on_bar):
        return _coloured_run(lab, geo, d, looks, 0.5 if doubt else 0.8)
    bar_cols = []
    for x, y, _ in on_bar:
        r = 0.3 * d
        patch = lab[int(max(0, y - r)) : int(y + r) + 1, int(max(0, x - r)) : int(x + r) + 1]
        bar_cols.append(patch.reshape(-1, 3).mean(axis=0))
    bar_cols_a = np.array(bar_cols, np.float32)
    if colours is not None:
        blk = colour_labels(bar_cols_a, colours)
    elif len(feats) >= 2:
        f = np.array(feats, np.float32)
        mw = f[labels == 0].mean(axis=0) if np.any(labels == 0) else f.mean(axis=0)
        mb = f[labels == 1].mean(axis=0) if np.any(labels == 1) else f.mean(axis=0)
        blk = colour_dist(bar_cols_a, mb) < colour_dist(bar_cols_a, mw)
    else:
        blk = two_clusters(bar_cols_a)
    n_b = int(np.sum(blk))
    if not doubt:
        cube_y = cube.at[1] * h if cube is not None and cube.at is not None else h / 2
        doubt = _uncounted_run(lab, geo, d, looks, on_bar[:, 1], cube_y)
    return len(on_bar) - n_b, n_b, 0.5 if doubt else 0.7


def _uncounted_run(
    lab: np.ndarray,
    geo: BoardGeometry,
    d: float,
    looks: _SetLooks,
    counted: np.ndarray,
    cube_y: float,
) -> bool:
    """Beside the bar checkers counted (centres ``counted``, rows), does the bar's middle show a
    run at least RUN_MIN checkers long coloured like a set (discs from DOUBT_SHARE), away from
    every counted checker (half a checker) and the cube's middle (``cube_y``; 0.3 checker)?  A
    dark checker on a dark bar beside the cube, its outline lost, left out of the count (ck25
    IMG_52208 and IMG_52534: a black one by the cube, both believed)."""
    shares = _set_shares(lab, geo, d, looks)
    if shares is None:
        return False
    ys = np.arange(lab.shape[0], dtype=np.float32)
    free = np.abs(ys - cube_y) >= 0.3 * d
    for y in counted:
        free &= np.abs(ys - y) >= 0.5 * d
    return any(_longest_run((share >= DOUBT_SHARE) & free) >= RUN_MIN * d for _, share in shares)


def _set_shares(
    lab: np.ndarray, geo: BoardGeometry, d: float, looks: _SetLooks
) -> list[tuple[bool, np.ndarray]] | None:
    """Per checker set (True black), the share of a checker's disc coloured like it (nearer it
    than half the bar's own colour, and under SET_NEAR) down the bar's middle column; None when
    no set is known or the bar is too narrow to ask."""
    f = np.array(looks.feats, np.float32).reshape(-1, 3)
    sets = set_colours(f, np.asarray(looks.labels), looks.colours) if len(f) else []
    b0, b1 = geo.bar_span
    x0, x1 = int(max(0, b0 + 2)), int(min(lab.shape[1], b1 - 1))
    mid = int(round((b0 + b1) / 2.0)) - x0
    if not sets or x1 - x0 < 4 or not 0 <= mid < x1 - x0:
        return None
    strip = lab[:, x0:x1]
    own = colour_median(strip.reshape(-1, 3))
    r = int(round(0.33 * d))
    k = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    cv2.circle(k, (r, r), r, 1.0, -1)
    k /= k.sum()
    # Only the middle column's discs are asked for: the band the kernel reaches from it (the
    # strip's own edges stay zero-padded, as for the whole strip).
    a0 = max(0, mid - r)
    band = strip[:, a0 : mid + r + 1]
    d_bar = colour_dist(band, own)
    shares = []
    for blk, col in sets:
        d_set = colour_dist(band, col)
        like = ((d_set < 0.5 * d_bar) & (d_set < SET_NEAR)).astype(np.float32)
        pad = np.zeros((like.shape[0], 2 * r + 1), np.float32)
        pad[:, a0 - (mid - r) : a0 - (mid - r) + like.shape[1]] = like
        shares.append((bool(blk), _disc_means(pad, k)))
    return shares


def _coloured_run(
    lab: np.ndarray, geo: BoardGeometry, d: float, looks: _SetLooks, conf: float
) -> tuple[int, int, float]:
    """A bar read empty (confidence ``conf``): checkers from the longest run along the bar's
    middle coloured like one checker set (a checker per ``d`` of run, at 0.5), else none."""
    shares = _set_shares(lab, geo, d, looks)
    if shares is None:
        return 0, 0, conf
    best, faint = (0, False), 0
    for blk, share in shares:
        longest = _longest_run(share >= SET_SHARE)
        if longest > best[0]:
            best = (longest, blk)
        faint = max(faint, _longest_run(share >= DOUBT_SHARE))
    if best[0] < RUN_MIN * d:
        return 0, 0, min(conf, 0.5) if faint >= RUN_MIN * d else conf
    if best[0] > RUN_MAX * d:
        return 0, 0, 0.5
    n = max(1, int(round(best[0] / d + 0.5)))
    return (0, n, 0.5) if best[1] else (n, 0, 0.5)


def faint_set(
    lab: np.ndarray,
    geo: BoardGeometry,
    d: float,
    colours: CheckerColours | None,
    labels: np.ndarray,
    feats: list[tuple[float, float, float]],
) -> bool | None:
    """The checker set (True black) whose colour runs longest along the bar's middle in part
    (discs from DOUBT_SHARE coloured like it, RUN_MIN to RUN_MAX checkers long: what doubts a
    bar read empty), None when no set's does: a dark checker on a dark bar, half seen."""
    shares = _set_shares(lab, geo, d, _SetLooks(colours, labels, feats))
    if shares is None:
        return None
    longest, blk = max((_longest_run(share >= DOUBT_SHARE), blk) for blk, share in shares)
    return blk if RUN_MIN * d <= longest <= RUN_MAX * d else None


def _chained(circles: np.ndarray, d: float) -> np.ndarray:
    """The circles (x, y, r) that have another along the bar a checker away (CHAIN_STEP d
    apart, within CHAIN_ACROSS d across): a row of checkers, not a lone faint outline."""
    if len(circles) < 2:
        return circles[:0]
    dx = np.abs(circles[:, None, 0] - circles[None, :, 0])
    dy = np.abs(circles[:, None, 1] - circles[None, :, 1])
    lo, hi = CHAIN_STEP
    near = (dx < CHAIN_ACROSS * d) & (dy > lo * d) & (dy < hi * d)
    keep: np.ndarray = circles[near.any(axis=1)]
    return keep


def _longest_run(on: np.ndarray) -> int:
    """Length of the longest run of True."""
    edges = np.diff(np.concatenate(([0], on.astype(np.int8), [0])))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    return int((ends - starts).max()) if len(starts) else 0


def _disc_means(pad: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Per row y: the kernel-weighted sum of ``pad`` centred on (y, middle column), rows past
    the ends zero (``cv2.filter2D``'s constant border, at its middle column only)."""
    r = k.shape[0] // 2
    rows = pad @ k.T  # rows[y, j]: row y of pad against kernel row j
    out = np.zeros(len(pad), np.float32)
    n = len(pad)
    for j in range(2 * r + 1):
        dy = j - r  # kernel row j reads pad row y + dy
        if dy >= 0:
            out[: n - dy] += rows[dy:, j]
        else:
            out[-dy:] += rows[: n + dy, j]
    return out
