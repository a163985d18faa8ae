"""Borne-off checkers read from the bear-off tray beside the home boards.

A borne-off checker stands on edge in the tray beside both home boards (outside the playing
area, past the frame, at the home side's short end), each side's stacked from its own long
edge: white's from the edge white sits at, black's from the other.  Seen from above, a stack is
a run of thin slabs across the tray, one per checker, with a dark joint between two.  The tray
is warped from the frame through the board's homography (the playing area's plane, extended
outward) into a strip: x outward from the field's edge, y along it.

Each end of the strip is compared with the strip's middle rows, which no stack reaches
(fifteen slabs fill well under half the tray): per column, the rows from the end unlike that
column's middle.  A stack is the band of columns whose runs agree; its length over the period
at which the joints repeat (the spectrum of the band's brightness steps inside the stack) is
its count.  The count is believed only when everything agrees: the joints repeat clearly, the
length is near a whole number of periods, the band is a checker wide at least (a tray's
shading or wall is narrower), the joints run straight across it (a wood grain's waves do not),
and the dark lines found along it are one fewer than the count (in a tall stack give or take
two: its top's blur, two lines merged) and a period apart.  An end like the middle at half
the colour distance too (all but specks), with the tray's whole width in the frame, holds
none, believed.  A tray cut by the image's edge, a board without trays (checkers piled
on the table) or an unclear stack gives no believed count (``count`` None, or doubted), and
the reader keeps 15 minus the rest.  Renders (/tmp/train, own IMG_34801-35200, dev,
IMG_31001-31200, IMG_33201-33600): 78 sides with checkers off and 60 empty ends believed,
none wrong (most trays are cut by the image's edge or unclear); no real photo's is believed.

::

    tray = read_trays(frame, homography, "bottom-right", BoardShape(aspect=1.22))
    if tray.white.believed:
        off_white = tray.white.count
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.board import CANON_H, CANON_W
from vision.checkers.model import CHECKERS_PER_SIDE, BoardShape, CheckerCounts
from vision.observation import BELIEVED
from vision.warp import warp_perspective

# The strip: this far out from the field's edge (share of the canonical width), at these
# scales of the canonical board (along the tray finer: a joint every 9-18 rows).
REACH = 0.24
SX, SY = 0.4, 0.75
# ... from this far out: the frame next to the field is no tray (synthetic frames from 0.057).
NEAR = 0.04
# The tray's outer wall lies within this share of the canonical width from the field's edge
# (synthetic frame and tray: 0.15-0.2): a strip cut by the image's edge before it is not read.
TRAY_OUT = 0.22
# A pixel unlike its column's middle: Lab distance above UNLIKE.
UNLIKE = 18.0
# Rows like the middle in a row that end a run.
LIKE_ROWS = 4
# A checker's thickness over its diameter, for the joints' period (synthetic 0.15-0.3; real
# checkers about 0.2-0.3).
THICK_RANGE = (0.14, 0.36)
# Samples of the zero-padded spectrum of a stack's steps.
SPECTRUM = 2048
# Believed stacks (/tmp/train: a period twice or half the joints' repeats weakly, a tray's
# shading or a wood grain is narrower than a checker or its steps are not straight across):
# the steps' energy at the period from REPEATS, the length over the period within WHOLE of a
# whole number, the band from WIDE checkers wide, the steps' correlation across the band's
# halves from STRAIGHT.
REPEATS = 0.08
WHOLE = 0.35
WIDE = 1.0
STRAIGHT = 0.6
# ... and the joints found one period apart, give or take EVEN of it, one per checker but one.
EVEN = 0.25
# ... but in a stack from TALL checkers up to LOST lines may be missed or extra.
TALL, LOST = 8, 2
# An end read empty is believed when like the middle at FAINT times UNLIKE too, all but a
# SPECKS share of it (checkers piled flat beside a board without trays lie off its end).
FAINT = 0.5
SPECKS = 0.01
# Confidence of a believed tray count (the referee's bar is BELIEVED) and of one not believed.
SURE, UNSURE = 0.9, 0.3


@dataclass(frozen=True)
class TrayCount:
    """One side's borne-off checkers as seen in the tray: ``count`` None when not read."""

    count: int | None = None
    confidence: float = 0.0
    run: float = 0.0  # the stack's length along the tray (strip rows)
    period: float = 0.0  # the joints' period (strip rows), 0 when none found
    repeats: float = 0.0  # the share of the steps' energy repeating at that period
    straight: float = 0.0  # the steps' correlation in the band's two halves
    width: float = 0.0  # the band's width over a checker's diameter
    joints: int = 0  # dark lines between checkers counted along the stack

    @property
    def believed(self) -> bool:
        return self.count is not None and self.confidence >= BELIEVED


@dataclass(frozen=True)
class TrayRead:
    """Both sides' borne-off checkers seen in the tray."""

    white: TrayCount = TrayCount()
    black: TrayCount = TrayCount()
    visible: bool = False  # the tray's strip lies in the frame


def tray_strip(
    frame: np.ndarray, homography: np.ndarray, side: str, least: float = 0.0
) -> tuple[np.ndarray, int]:
    """The strip past the field's ``side`` ("left"/"right") end (NEAR to REACH of the board's
    width out), x outward, in Lab (float32), and how many of its columns (from its inner
    edge) lie wholly in the frame; fewer than ``least``: no strip (none of its columns), the
    warp spared.

    >>> lab, inside = tray_strip(np.zeros((90, 120, 3), np.uint8), np.eye(3) * 0.1, "right")
    >>> lab.shape, inside
    ((675, 96, 3), 0)
    >>> tray_strip(np.zeros((90, 120, 3), np.uint8), np.eye(3) * 0.1, "right", 1.0)[0].shape
    (675, 0, 3)
    """
    lead = NEAR * CANON_W * SX
    w, h = int(REACH * CANON_W * SX - lead), int(CANON_H * SY)
    if side == "right":
        t = np.array([[SX, 0, -CANON_W * SX - lead], [0, SY, 0], [0, 0, 1]])
    else:  # mirrored: x outward from the field's left edge
        t = np.array([[-SX, 0, -lead], [0, SY, 0], [0, 0, 1]])
    m = t @ np.asarray(homography, np.float64).reshape(3, 3)
    # A column is in the frame when both its ends are (a straight line in a convex frame).
    xs = np.arange(w, dtype=np.float64) + 0.5
    ends = np.stack(
        [np.column_stack([xs, np.full(w, 0.5)]), np.column_stack([xs, np.full(w, h - 0.5)])]
    )
    src = cv2.perspectiveTransform(ends.reshape(1, -1, 2), np.linalg.inv(m)).reshape(2, w, 2)
    fh, fw = frame.shape[:2]
    ok = np.all(
        (src[..., 0] >= 0) & (src[..., 0] < fw) & (src[..., 1] >= 0) & (src[..., 1] < fh), 0
    )
    inside = int(np.argmin(ok)) if not ok.all() else w
    if inside < least:
        return np.zeros((h, 0, 3), np.float32), inside  # too little of it in the frame to read
    # The whole strip's width: a narrower warp's pixels differ (OpenCV's blocks).
    bgr = warp_perspective(frame, m, (w, h))
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    return lab, inside


def _runs(unlike: np.ndarray) -> np.ndarray:
    """Per column, the rows from the top before LIKE_ROWS rows in a row like the middle."""
    like = ~unlike
    k = LIKE_ROWS
    rows = like[: len(like) - k + 1].copy()
    for j in range(1, k):
        rows &= like[j : len(like) - k + 1 + j]
    return np.where(rows.any(axis=0), rows.argmax(axis=0), len(like)).astype(np.float64)


def _period(profile: np.ndarray, lo: float, hi: float) -> tuple[float, float]:
    """The period in [lo, hi] at which the profile's steps repeat best (their spectrum, finely
    sampled), and how much of the steps' energy repeats so (1 for a pure wave).  Of a period
    and its half (pulses have both), the longer one when nearly as strong."""
    if len(profile) < 2 * lo + 1:
        return 0.0, 0.0
    g = np.diff(profile)
    g = g - g.mean()
    n = len(g)
    e = float(np.dot(g, g))
    if e <= 1e-6:
        return 0.0, 0.0
    # Zero-padded to SPECTRUM samples: periods about a tenth of a row apart near 15.
    freqs = np.arange(SPECTRUM // 2 + 1) / SPECTRUM
    power = np.abs(np.fft.rfft(g, SPECTRUM)) ** 2 * 2.0 / (n * e)
    at = np.flatnonzero((freqs >= 1.0 / hi) & (freqs <= 1.0 / lo))
    if not len(at):
        return 0.0, 0.0
    best = at[np.argmax(power[at])]
    longer = at[(freqs[at] <= freqs[best] / 1.8) & (power[at] >= 0.6 * power[best])]
    if len(longer):
        best = longer[np.argmax(power[longer])]
    return float(1.0 / freqs[best]), float(power[best])


def _straight(left: np.ndarray, right: np.ndarray) -> float:
    """Correlation of the steps along the tray in a band's two halves: a joint is a straight
    line across the stack, a wood grain's wave is not."""
    a, b = np.diff(left), np.diff(right)
    a, b = a - a.mean(), b - b.mean()
    den = float(np.sqrt(np.dot(a, a) * np.dot(b, b)))
    return float(np.dot(a, b)) / den if den > 1e-6 else 0.0


def _joints(profile: np.ndarray, run: float, period: float) -> list[int]:
    """Rows of the dark lines across the stack inside its run, away from its ends: brightness
    valleys (lower than both sides within half the shortest ``period``), each deeper than a
    quarter of the deepest and at least that far from a deeper one."""
    p = np.convolve(profile, np.ones(3) / 3.0, mode="same")
    gap = max(2, int(0.5 * period))
    lows = []
    for y in range(max(gap, int(0.4 * period)), min(len(p) - gap, int(run - 0.4 * period))):
        depth = min(p[y - gap : y].max(), p[y + 1 : y + gap + 1].max()) - p[y]
        if depth > 0 and p[y] <= p[y - gap : y + gap + 1].min():
            lows.append((float(depth), y))
    if not lows:
        return []
    deepest = max(lows)[0]
    kept: list[int] = []
    for depth, y in sorted(lows, reverse=True):
        if depth >= 0.25 * deepest and all(abs(y - k) >= gap for k in kept):
            kept.append(y)
    return sorted(kept)


def _end(lab: np.ndarray, mid: np.ndarray, whole: bool, d_x: float, d_y: float) -> TrayCount:
    """One end's stack (rows from row 0) in the strip's columns; ``whole``: the strip shows
    the tray's outer wall (else an end like the middle may hide a stack past the image)."""
    h, cols = lab.shape[:2]
    near = lab[: int(0.45 * h)]
    diff = near - mid[None]
    dist2 = np.einsum("ijk,ijk->ij", diff, diff)
    unlike = dist2 > UNLIKE * UNLIKE
    run = _runs(unlike)
    lo, hi = (max(3.0, r * d_y) for r in THICK_RANGE)
    # The field's edge and the frame next to it are no tray: from a quarter checker out.
    start = max(0, int(0.25 * d_x - NEAR * CANON_W * SX))
    stacked = run[start:] >= 0.5 * lo
    if not stacked.any():
        # Like the middle all across, even at a finer bar: no stack at this end (dark slabs
        # on a dark tray are like it at UNLIKE).
        faint = dist2[:, start:] > (UNLIKE * FAINT) ** 2
        sure = whole and float(faint.mean()) <= SPECKS and not (_runs(faint) >= 0.5 * lo).any()
        return TrayCount(0, SURE if sure else UNSURE)
    # The band: the columns whose run is near the longest common run.
    long = run[start:][stacked]
    med = float(np.median(long))
    band = np.flatnonzero(np.abs(run[start:] - med) <= 0.15 * med + 2) + start
    if len(band) < 0.6 * d_x or band.max() - band.min() > 2.0 * d_x or band.max() >= cols - 2:
        return TrayCount(None, 0.0, med)
    # The stack's length: from its first row unlike the middle (past the floor showing
    # between it and the tray's end) to its last.
    first = float(np.median(unlike[:, band].argmax(axis=0)))
    r = float(np.median(run[band])) - first
    rows = lab[int(first) : int(first + r + lo), band, 0]
    # The joints' period inside the stack: its ends' steps (slabs against the floor) would
    # swamp the joints' in the spectrum.
    k, rep = _period(rows[int(0.5 * lo) : int(r - 0.5 * lo)].mean(axis=1), lo, hi)
    if k <= 0:
        return TrayCount(None, 0.0, r)
    half = len(band) // 2
    straight = _straight(rows[:, :half].mean(axis=1), rows[:, half:].mean(axis=1))
    n = r / k
    count = int(round(n))
    joints = _joints(rows.mean(axis=1), r, lo)
    width = len(band) / d_x
    sure = rep >= REPEATS and abs(n - count) <= WHOLE and 1 <= count <= CHECKERS_PER_SIDE
    # A checker wide at least (a shadow or the tray's wall is narrower), joints straight
    # across it (a wood grain's waves are not).
    # One dark line fewer than checkers; in a tall stack (from TALL) a line or two may be
    # lost (blurred at its top, merged with the next one).
    missed = count - 1 - len(joints)
    sure = sure and width >= WIDE and straight >= STRAIGHT
    sure = sure and (missed == 0 or (count >= TALL and abs(missed) <= LOST))
    # The joints a period apart, one after another (a stray line breaks the rhythm).
    gaps = np.diff(joints) / k
    sure = sure and bool(np.all((gaps > 1 - EVEN) & (gaps < 1 + EVEN)))
    return TrayCount(count, SURE if sure else UNSURE, r, k, rep, straight, width, len(joints))


def read_trays(
    frame: np.ndarray, homography: np.ndarray, white_home: str, shape: BoardShape
) -> TrayRead:
    """Each side's borne-off checkers in the tray beside the home boards (module doc).

    ``homography`` maps the frame to the canonical board (CANON_W x CANON_H).
    """
    side = "left" if white_home.endswith("left") else "right"
    # A checker's diameter in strip columns and rows (a point is about a 12.5th of the board's
    # width, the bar taking half a point; the canonical board squeezes its rows by the aspect).
    d_x = shape.checker_frac * CANON_W / 12.5 * SX
    d_y = d_x / SX * SY * 0.75 * shape.aspect
    least = 2 * d_x - NEAR * CANON_W * SX
    lab, inside = tray_strip(frame, homography, side, least)
    if inside < least:
        return TrayRead()
    lab = lab[:, :inside]
    whole = inside >= (TRAY_OUT - NEAR) * CANON_W * SX
    h = lab.shape[0]
    # The tray's middle (no stack reaches it), every other row.
    mid = np.median(lab[int(0.42 * h) : int(0.58 * h) : 2], axis=0)
    top = _end(lab, mid, whole, d_x, d_y)
    bottom = _end(lab[::-1], mid, whole, d_x, d_y)
    white_top = white_home.startswith("top")
    return TrayRead(
        white=top if white_top else bottom, black=bottom if white_top else top, visible=True
    )


def seen_off(tray: TrayRead) -> tuple[int | None, int | None]:
    """White's and black's believed tray counts (None where not believed), for the totals.

    >>> seen_off(TrayRead(white=TrayCount(3, SURE), black=TrayCount(2, UNSURE)))
    (3, None)
    """
    w, b = tray.white, tray.black
    return (w.count if w.believed else None, b.count if b.believed else None)


def with_trays(counts: CheckerCounts, tray: TrayRead) -> CheckerCounts:
    """The counts with each side's borne-off checkers from the tray where believed (else 15
    minus the rest, as counted), ``off_from_trays`` when both are, and the borne-off
    confidence raised when both are and each side then holds exactly 15.

    ::

        counts = with_trays(counts, read_trays(frame, homography, "bottom-right", shape))
    """
    w, b = seen_off(tray)
    off_w = counts.off_white if w is None else w
    off_b = counts.off_black if b is None else b
    both = w is not None and b is not None
    whole = (
        sum(counts.white) + counts.bar_white + off_w == CHECKERS_PER_SIDE
        and sum(counts.black) + counts.bar_black + off_b == CHECKERS_PER_SIDE
    )
    conf = SURE if both and whole else counts.off_confidence
    return replace(
        counts, off_white=off_w, off_black=off_b, off_from_trays=both, off_confidence=conf
    )
