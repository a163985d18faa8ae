"""Where the found quad's long sides lie against the playing area's edge (``edge_ends``), from
its sides moved onto that edge at full resolution (``fine_sides``).

The marker-free search works on a copy at most 960 px wide and steps its side lines by about
3.6 image pixels (``sides._side_lines``), so a found quad sits about 3 px outside the labelled
playing area on every side (sd 2-3 px; session 31, IMG_65201-65600 and 68601-68800, quads
within 15 px of the label: mean per side 2.9-3.2 px outward). A point's colour run is measured
from the quad's side, so it reads about 2 px (0.05 checker) long, off the slot grid, and the
count's confidence (``point_reads``: 1 - 2 x the run's distance from a whole number of slots)
falls about 0.1: most of the counts believed with the board given but not found (3700 against
3322 on IMG_65401-65600) are right counts a little under 0.65.

Each side is sampled at full resolution at ``SAMPLES`` points; along its outward normal,
from ``REACH_IN`` px inside to ``REACH_OUT`` px outside, each sample's strongest edge of the
side's usual polarity is found (the same sign at most samples), and the offset most samples
agree on (within ``AGREE`` px) is the side's edge. A side moves there (a line fitted through
the agreeing samples) only where at least ``KEEP`` of its samples agree; otherwise it stays
(dark boards with no edge between frame and field, checkers or dice along it).
Session 31 (IMG_65401-65480, the saved found quads moved offline, 268 sides): error per side
median 3.5 -> 0.8 px, 90th percentile 6.1 -> 4.0 px; 158 sides nearer the label by over 1 px,
8 farther (``KEEP`` 0.6: 116 nearer, 4 farther, median 1.0 px).

Only the run's length for the confidence is told (``edge_ends``): reading the board on the
moved quad itself was tried and dropped (session 31, boards found): its reads flip both ways
as under any small move of the quad (held-out IMG_72401-72600 exact 88.4 -> 87.3%, believed
wrong 2 -> 3; IMG_68601-68800 85.3% both; dev 89.7 -> 88.7%; the fm gammon photos 2/4 -> 1/4
on a bar count), while the believed counts rose (+37, +80, +43).
Telling the confidence alone (boards found, before -> after): held-out IMG_72401-72600 exact
88.4% both, believed / wrong 3362 / 2 -> 3400 / 2 (one count changed, not believed);
IMG_68601-68800 85.3% both, 3391 / 2 -> 3473 / 2, no count changed; dev 89.7% both,
1812 / 0 -> 1849 / 0; real photos exact unchanged (paper webcam 20 / 22, 435 / 0 -> 477 / 0;
fm gammon 2 / 4, 81 / 1 -> 85 / 1). About 1 ms a read of a found board (80 samples a side,
only the strips around the sides made grey and smoothed).

Session 32 (audit of IMG_68801-69200, boards given against found): of the 582 believed counts
found boards lose, 261 were on the 193 boards with printed markers, whose quad was told no
shift at all although it lies 3.2-4.2 px (median per side) outside the labelled playing area
as the search's does; and a found side often lies slanted against the edge (the two ends'
offsets differ by 4 px sd, over 3 px on 17% of sides), so one shift a side leaves each end
off, while a side slanted more than ``AGREE`` across its samples found no agreed offset.
Now each side's edge is searched leaning by up to ``SLANT`` px end to end (``slant``: the
least lean of the best agreed), each end keeps its own shift (``edge_ends``; a point's run
is told the shift where its column meets the side, ``shift_at``), and a markers' quad is
measured as the search's is (``SHIFTED``). Error at the sides' ends against the label
(IMG_68801-69000, quads within 20 px): none told 3.3 px median (6.4 p90), one shift a side
1.1 (4.9), each end with the leaning search 0.8 (4.3). Boards found, before -> after:
held-out IMG_73801-74000 exact 86.1% both, believed / wrong 3281 / 3 -> 3379 / 3 (marker
boards +87, the others +27), die states acted on / wrong 339 / 6 -> 340 / 6; dev 90.7% both,
1850 / 0 -> 1948 / 0, acted 188 / 5 both; IMG_68801-69000 (audited) 83.9 -> 84.4%, 3328 / 1
-> 3448 / 1 (its marker boards found now believe more than given: 1511 against 1493);
real photos (no markers) paper webcam 20 / 22, 477 / 0 -> 478 / 0; fm gammon 2 / 4, 85 / 1;
the integrator's confirm set IMG_73201-73400 85.8% both, 3417 / 0 -> 3530 / 0 (markers +114),
acted 326 / 8 -> 326 / 7.
Time (2 cores shared by 7 sessions): ``edge_ends`` 6.3 ms a frame searched upright, 8.3 ms
leaning; marker boards found now pay it too.  In-process, interleaved (49 found boards of
IMG_68801-68850, min of 7 passes): upright 2.15-2.29 ms a frame, leaning 3.05-3.43 ms, leaning
with the agreement counted on sorted residuals (``_support``) 2.77-2.78 ms, the same edges.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.sides import meet

REACH_IN = 8.0  # px inside the quad's side searched
REACH_OUT = 3.0  # px outside it
STEP = 0.25  # px between profile samples along the normal
SAMPLES = 80  # points along each side
AGREE = 1.0  # px: samples within this of the side's most agreed offset
KEEP = 0.4  # share of samples that must agree for the side to move
# A side lies on the edge (``long_sides_on_edge``) when its samples agree within this many px
# of it: the search's usual 3 px outside and one more (see trust.AMBIGUOUS_MARGIN's rule).
NEAR = 4.0
# Leans (px end to end) a side's edge may take against the found side (``fine_sides``), the
# least first; a side slanted more than AGREE across its samples found no edge before.
SLANT = 8.0
# Quads found by these methods lie outside the playing area (``quad_shift``): the marker-free
# search's ("frame") and the printed markers' ("markers": renders, IMG_68801-69200, 193 boards,
# 3.2-4.2 px outward on every side); a labelled quad lies on the edge.
SHIFTED = ("frame", "markers")
SLANTS = np.array(sorted(np.arange(-SLANT, SLANT + 1e-9, 0.5), key=abs))


def _support(resid: np.ndarray, offs: np.ndarray) -> np.ndarray:
    """How many of each lean's residuals (rows of ``resid``) lie within ``AGREE`` of each offset
    in ``offs``: (leans, offsets).  Counted on the sorted rows (one sorted run, each row raised
    by 64 px above the last, so one search serves all leans) instead of comparing every
    residual with every offset; the same counts (``fine_sides`` of 798 quads identical,
    IMG_68801-69200 found and labelled), 0.6 ms less a frame.

    >>> _support(np.array([[0.0, 0.5, 3.0]]), np.array([0.0, 2.0])).tolist()
    [[2, 1]]
    """
    base = 64.0 * np.arange(len(resid))[:, None]
    run = np.sort(resid + base, axis=1).ravel()
    lo = np.searchsorted(run, (offs[None] - AGREE + base).ravel(), "left")
    hi = np.searchsorted(run, (offs[None] + AGREE + base).ravel(), "right")
    return (hi - lo).reshape(len(resid), len(offs))


def _side_line(
    image: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    centre: np.ndarray,
    near: float = np.inf,
    slant: bool = False,
) -> tuple[np.ndarray, np.ndarray] | None:
    """The edge line near side a-b (two points on it), or None where samples do not agree
    (or their agreed offset is more than ``near`` px from the side)."""
    d = (b - a) / (np.linalg.norm(b - a) + 1e-9)
    n = np.array([-d[1], d[0]])
    if np.dot(n, (a + b) / 2 - centre) < 0:
        n = -n  # outward
    offs = np.arange(-REACH_IN, REACH_OUT + 1e-9, STEP)
    ts = np.linspace(0.06, 0.94, SAMPLES)
    p = a[None] + (b - a)[None] * ts[:, None]
    xy = p[:, None, :] + offs[None, :, None] * n[None, None, :]
    # Only the strip the samples fall in is made grey and smoothed (a few ms less a read).
    h, w = image.shape[:2]
    x0, y0 = (max(int(np.floor(xy[..., i].min())) - 4, 0) for i in (0, 1))
    x1, y1 = int(np.ceil(xy[..., 0].max())) + 5, int(np.ceil(xy[..., 1].max())) + 5
    strip = image[y0 : min(y1, h), x0 : min(x1, w)]
    if strip.shape[0] < 8 or strip.shape[1] < 8:
        return None
    if strip.ndim == 3:
        strip = cv2.cvtColor(strip, cv2.COLOR_BGR2GRAY)
    g = cv2.GaussianBlur(strip, (0, 0), 1.0).astype(np.float32)
    prof = cv2.remap(
        g,
        (xy[..., 0] - x0).astype(np.float32),
        (xy[..., 1] - y0).astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    grad = np.gradient(prof, axis=1)
    rows = np.arange(len(ts))
    j = np.argmax(np.abs(grad), axis=1)
    signs = np.sign(grad[rows, j])
    sign = 1.0 if (signs > 0).sum() >= (signs < 0).sum() else -1.0
    j = np.argmax(grad * sign, axis=1)
    o = offs[j]
    # The offset most samples agree on, along the side or (``slant``) leaning across it by up
    # to ``SLANT`` px end to end (the least lean of those best agreed on).
    lean = SLANTS if slant else SLANTS[:1]
    resid = o[None, :] - lean[:, None] * (ts[None, :] - 0.5)  # (leans, samples)
    support = _support(resid, offs)
    best = int(np.argmax(support))
    s_at, m_at = divmod(best, len(offs))
    mode = offs[m_at] + lean[s_at] * (ts - 0.5)
    keep = (np.abs(o - mode) <= AGREE) & (j > 0) & (j < len(offs) - 1)
    if keep.mean() < KEEP or abs(offs[m_at]) > near:
        return None
    pts = (p[keep] + o[keep, None] * n[None]).astype(np.float32)
    vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0]), np.array([x0 + vx, y0 + vy])


def fine_sides(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """``quad`` (ordered corners in the full-resolution ``image``'s pixels, BGR or grey) with
    each side moved onto the playing area's edge where its samples agree (see the module doc);
    corners that would move more than ``REACH_IN`` + ``REACH_OUT`` px leave the quad as it was.

    >>> q = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 60.0], [10.0, 60.0]])
    >>> bool((fine_sides(np.zeros((80, 100), np.uint8), q) == q).all())  # no edge: unmoved
    True
    """
    q = np.asarray(quad, np.float64)
    centre = q.mean(axis=0)
    lines = []
    for k in range(4):
        a, b = q[k], q[(k + 1) % 4]
        lines.append(_side_line(image, a, b, centre, slant=True) or (a, b))
    met = [meet(*lines[(k - 1) % 4], *lines[k]) for k in range(4)]
    if any(p is None for p in met):
        return q
    out = np.array(met)
    if np.abs(out - q).max() > REACH_IN + REACH_OUT:
        return q
    return out


def long_sides_on_edge(image: np.ndarray, corners: np.ndarray) -> bool:
    """Whether both long sides of the quad (ordered corners, full resolution) lie on a
    straight edge: at least ``KEEP`` of each one's samples find the strongest edge at the same
    offset (the edge ``fine_sides`` moves it onto), within ``NEAR`` px of the side.

    >>> q = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 60.0], [10.0, 60.0]])
    >>> long_sides_on_edge(np.zeros((80, 100), np.uint8), q)
    False
    """
    q = np.asarray(corners, np.float64)
    centre = q.mean(axis=0)
    return all(_side_line(image, q[k], q[(k + 1) % 4], centre, NEAR) is not None for k in (0, 2))


def side_on_edge(image: np.ndarray, corners: np.ndarray, k: int) -> bool:
    """Whether the quad's side ``k`` (from corner k to k + 1 of the ordered corners, full
    resolution) lies on a straight edge: ``KEEP`` of its samples agree on one, leaning by up to
    ``SLANT`` px as ``fine_sides`` searches it, within ``NEAR`` px of the side.

    >>> q = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 60.0], [10.0, 60.0]])
    >>> side_on_edge(np.zeros((80, 100), np.uint8), q, 0)
    False
    """
    q = np.asarray(corners, np.float64)
    return _side_line(image, q[k], q[(k + 1) % 4], q.mean(axis=0), NEAR, slant=True) is not None


def edge_ends(image: np.ndarray, corners: np.ndarray) -> tuple[float, float, float, float]:
    """How far the found quad's top and bottom sides lie outside the playing area's edge (as
    ``fine_sides`` finds it) at each end: (top-left, top-right, bottom-left, bottom-right), as
    shares of the board's height along the image's y (the board is seen from above: its long
    sides run across the picture); 0.0 at a side that stays.  A side is often found a little
    slanted against the edge (module doc), so each end keeps its own shift.

    >>> q = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 60.0], [10.0, 60.0]])
    >>> edge_ends(np.zeros((80, 100), np.uint8), q)
    (0.0, 0.0, 0.0, 0.0)
    """
    q = np.asarray(corners, np.float64)
    f = fine_sides(image, q)
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    return (
        float((f[0] - q[0])[1] / height),
        float((f[1] - q[1])[1] / height),
        float((q[3] - f[3])[1] / height),
        float((q[2] - f[2])[1] / height),
    )


def shift_at(shift: tuple[float, ...], top: bool, x: float) -> float:
    """The quad's side past the edge (share of the board's height) at ``x`` (share of the
    board's width from its left) on the top or bottom side: ``shift`` is (top, bottom), one
    shift a side, or ``edge_ends``' four, taken linearly between the side's two ends.

    >>> shift_at((0.01, 0.02), False, 0.3)
    0.02
    >>> round(shift_at((0.0, 0.02, 0.0, 0.0), True, 0.25), 4)
    0.005
    """
    if len(shift) == 4:
        a, b = shift[0:2] if top else shift[2:4]
        return float(a + (b - a) * min(max(x, 0.0), 1.0))
    return float(shift[0 if top else 1])


def quad_shift(
    image: np.ndarray, corners: np.ndarray, method: str
) -> tuple[float, float, float, float] | None:
    """``edge_ends`` for a quad the marker-free search or the markers found (``SHIFTED``);
    None for a labelled quad, which lies on the playing area's edge, not outside it.

    >>> q = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 60.0], [10.0, 60.0]])
    >>> quad_shift(np.zeros((80, 100), np.uint8), q, "labels") is None
    True
    """
    return edge_ends(image, np.asarray(corners)) if method in SHIFTED else None
