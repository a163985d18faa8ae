"""Stacks fanned along a point (each checker half over the next): counted by their period."""

from __future__ import annotations

import numpy as np

from vision.checkers.model import Cell

# The profile's autocorrelation peak at half the best lag (within HALF_LAG_TOL of it) at least
# HALF_PEAK of the best's is the period (own IMG_63001-63400, its 78 boards fanned past five:
# a light 12 fanned at 0.46 pitch peaked 0.62 at its step and 0.64 at twice it, read 7, now
# 12, 80.8 -> 82.2% exact; one other stack, 0.78 against 0.87, read the same; any HALF_PEAK
# from 0.5 to 0.75 the same; held-out IMG_63401-63600 and dev, given and found: identical).
HALF_LAG_TOL = 0.15
HALF_PEAK = 0.75


def fanned_count(
    strip: np.ndarray, extent: float, pitch: float, d: float, shorter: float | None = None
) -> int | None:
    """Checkers in a stack fanned along the point (longer than five): the repeat period of the
    stack's profile along the point gives the spacing, the extent the number.  ``shorter``: a
    period from this long is no fanned stack's (None).

    ::

        n = fanned_count(strip, extent, pitch, d, shorter=0.9 * pitch)
    """
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
    # A tight fanned stack repeats at twice its step as well as at it: a peak at half the best
    # lag, nearly as high, is the stack's own period.
    half_lag = [
        i
        for i in peaks
        if abs(2 * lags[i] - lags[best]) <= HALF_LAG_TOL * lags[best]
        and ac[i] >= HALF_PEAK * ac[best]
    ]
    if half_lag:
        best = half_lag[0]
    period = float(lags[best])
    if shorter is not None and period >= shorter:
        return None
    return max(6, int(round(1 + (extent - d) / period)))


# Outlines closer than this (in checker diameters) step as a fanned stack's, each checker half
# over the next; a flat row's step a checker or more.
FANNED_GAP = 0.93
# A chain's first outline this near (in steps) its second checker's place counts it from the
# edge, its edge checker unseen.
NEXT_TOL = 0.15


def chain_count(
    alongs: np.ndarray,
    d: float,
    pitch: float,
    half: int,
    even_only: bool = False,
    end: float = 0.0,
) -> int | None:
    """Checkers in a fanned stack seen as a chain of outlines from the point's edge.

    Each fanned checker half covers the one below it, so their outlines repeat at less than a
    checker's diameter; a chain reaching beyond where five flat checkers end (a pyramid's last
    slot) is fanned, and its length over its period gives the count.  None when not fanned.
    """
    if len(alongs) < 3:  # fewer than the chain needs (most points): no masks, no sort
        return None
    a = np.sort(alongs[(alongs > 0) & (alongs < half - 0.2 * d)])
    if len(a) < 3:
        return None
    gaps = np.diff(a)
    small = gaps[(gaps > 0.3 * d) & (gaps < FANNED_GAP * d)]
    if len(small) < 2:
        return None
    period = float(np.median(small))
    # The chain starts at the edge checker or, when that one matches its point and shows no
    # outline, at the next (train: a fanned 8 on its own colour's point read as 0 at 1.0): one
    # step from the edge slot, however long the step (own IMG_40801-41200: a dark 6 fanned at
    # 0.88 pitch against the frame, its edge checker's rim cut, read 0).
    if a[0] > 1.1 * d and abs(a[0] - 0.5 * d - period) > NEXT_TOL * period:
        return None
    last = float(a[0])
    for x in a[1:]:
        if x - last > 2.5 * period:
            break
        last = float(x)
    # A tall fanned stack seen at an angle leans toward the middle: its top outline may be
    # centred within 0.2 d of it, and counts when it goes on at the chain's step.
    top = alongs[(alongs >= half - 0.2 * d) & (np.abs(alongs - last - period) < 0.25 * period)]
    if last > a[0] and len(top):
        last = float(top.min())
    n = 1 + int(round((last - 0.5 * d) / period))
    # A pyramid's outermost checker sits at 0.5 d + 4 pitches; a fanned stack reaches further,
    # or repeats evenly at a step well off half a pitch (a pyramid's outlines alternate slot,
    # gap).
    beyond = last > 0.5 * d + 4.45 * max(pitch, d)
    even = _even_chain(a, period, pitch, n, beyond)
    if (even_only or not beyond) and not even:
        return None
    steps = np.diff(a[a <= last])
    if not even and 2 * int(np.count_nonzero(steps < FANNED_GAP * d)) < len(steps):
        # Beyond a pyramid's reach but uneven: most of its steps a flat row's (a checker
        # apart), a stray outline between two making the small gaps (own IMG_63001-63200: a
        # row of six read 11 by a logo's ring), no fanned stack.
        return None
    if end > last + 0.5 * d + 0.5 * period:
        # The stack's colour runs on past the chain's last outline (its top ones lost).
        n = max(n, 1 + int(round((end - d) / period)))
    return max(6, n)


def _even_chain(a: np.ndarray, period: float, pitch: float, n: int, beyond: bool) -> bool:
    """A chain of six or more outlines from the edge at one even step of 0.6-0.95 pitch, or of
    0.3-0.45 pitch (ten or more fanned over a point; a pyramid's outlines, slot and gap
    alternating, step half a pitch), or of 0.3-0.95 pitch when it reaches ``beyond`` a
    pyramid's outermost checker (no pyramid's outlines go on there)."""
    if n < 6:
        return False
    if not beyond and not (
        0.6 * pitch <= period <= 0.95 * pitch or 0.3 * pitch <= period <= 0.45 * pitch
    ):
        return False
    if beyond and not 0.3 * pitch <= period <= 0.95 * pitch:
        return False
    steps = np.diff(a[:n])
    return len(steps) >= 4 and float(np.mean(np.abs(steps / period - 1.0) < 0.25)) >= 0.8


def fanned_run(alongs: np.ndarray, d: float, pitch: float, low: float = 0.4) -> int:
    """Checkers in the run of outlines from the point's edge at under a pitch's step (0.4-0.85:
    a fanned stack, each checker half over the next; or a pyramid's alternating slots and gaps,
    which holds more checkers than the run); 0 when under four.  A fanned stack whose top lost
    its outlines (cut by the frame, dark on dark), or fanned tighter than a chain counts, still
    shows such a run.  ``low``: the shortest step, in pitches."""
    if len(alongs) < 4:  # fewer than a run needs (most points)
        return 0
    a = np.sort(alongs[alongs > 0])
    if len(a) < 4 or a[0] > 1.1 * d:
        return 0
    k = 0
    while k + 1 < len(a) and low * pitch <= a[k + 1] - a[k] <= 0.85 * pitch:
        k += 1
    return k + 1 if k >= 3 else 0


# Three outlines from the point's edge (or two, one step past an edge checker whose outline is
# lost) at one even step of START_LO-START_HI pitch (within START_TOL of each other) start a
# fanned stack: a row steps a pitch (touching rows 0.85-0.9: a white and a black three of
# IMG_61201-61400), a pyramid's outlines alternate slot and gap.  Fewer than six read there
# are a fanned stack's top lost, never a count to believe (IMG_66601-66800 and IMG_61201-65200:
# a white 7 drifting off its point read 4 at 0.99, steps 0.71 and 0.71; a black 8 dark on dark
# read 4 at 1.0, edge outline lost, steps 0.64 and 0.58; no other read under six so).  Board
# given: the tuned sets' believed-wrong 2 -> 0 (the 8 now filled to 8: IMG_65001-65200 exact
# 86.7 -> 87.3%; IMG_61201-61600 and IMG_66601-66800 exact unchanged); held-out
# IMG_66801-67000 (given and found), dev (given and found), the confirm set IMG_65201-65400 and
# the real board photos: counts and beliefs unchanged.
START_LO, START_HI, START_TOL = 0.55, 0.85, 0.15


def fanned_start(alongs: np.ndarray, d: float, pitch: float) -> bool:
    """Do a point's outlines (``alongs``, from its edge) start a fanned stack: three from the
    edge slot at one even step of START_LO-START_HI pitch, or two from one such step past the
    edge slot (its own outline lost)?

    >>> fanned_start(np.array([17.7, 49.8, 81.8]), 44.4, 45.1)   # a white 7, steps 0.71
    True
    >>> fanned_start(np.array([48.6, 73.5, 209.5]), 42.3, 43.0)  # a black 8, edge unseen
    True
    >>> fanned_start(np.array([21.7, 64.7, 107.7]), 43.4, 43.0)  # a row, a pitch apart
    False
    """
    if len(alongs) < 2:  # most points: no sort
        return False
    t = (np.sort(alongs) - 0.5 * d) / pitch
    t = t[t > -0.4]
    if len(t) < 2 or t[0] > START_HI:
        return False
    if t[0] >= START_LO - START_TOL:
        t = np.concatenate(([0.0], t))  # the edge checker's outline lost
    if len(t) < 3 or t[0] > 0.3:
        return False
    s1, s2 = float(t[1] - t[0]), float(t[2] - t[1])
    return all(START_LO <= s <= START_HI for s in (s1, s2)) and abs(s1 - s2) < START_TOL


def drifting_alongs(circles: np.ndarray, cell: Cell, h: int, d: float) -> np.ndarray:
    """Distances from the point's edge of the outlines of a stack that may drift sideways as it
    rises (a tall fanned stack seen at an angle): from the point's middle, each next one within
    0.3 d across of the last kept, up to half the point's width off its middle.  An outline
    jumping further across is not the stack's (a phantom at the middle, a neighbour's edge)."""
    if not len(circles):
        return np.zeros(0, np.float32)
    w = cell.x1 - cell.x0
    cx = (cell.x0 + cell.x1) / 2.0
    c = circles[((circles[:, 1] < h / 2) == cell.top) & (np.abs(circles[:, 0] - cx) < 0.5 * w)]
    if not len(c):  # no outline on this point (most): nothing to sort or follow
        return np.zeros(0, np.float32)
    along = c[:, 1] if cell.top else h - 1 - c[:, 1]
    order = np.argsort(along)
    kept: list[float] = []
    x_last = cx
    # As Python floats once (the same values as float() of each element, without indexing).
    for x, a in zip(c[order, 0].tolist(), along[order].tolist(), strict=True):
        if abs(x - x_last) < 0.3 * d:
            kept.append(a)
            x_last = x
    return np.array(kept, np.float32)


# Past a row's last checker, in pitches: its own outline found twice or its shadow's edge lay
# 0.40-0.45 past it (7 right counts on fresh, unseen14 and the paper webcam), a next slot's
# outline lies from 0.75.
PAST_FROM, PAST_TO = 0.5, 0.75


def outline_past_row(alongs: np.ndarray, last: float, pitch: float) -> bool:
    """Is an outline (``alongs`` from the point's edge) off the slot grid past a row's last
    checker (at ``last``): from half a pitch beyond it to three quarters?  No checker of the row
    sits there, and none lies on top of a row of five or fewer; a stack fanned tighter than a
    chain counts (overlapping checkers: the outlines the search finds fall on slots and between
    them) leaves one there."""
    lo, hi = last + PAST_FROM * pitch, last + PAST_TO * pitch
    return bool(np.any((alongs > lo) & (alongs < hi)))


# A fanned stack's outlines fit one even step from the edge within STEP_FIT pitch (mean, its
# worst outline left out from seven on: a die's or a neighbour's stray one), a pyramid's fit the
# half-pitch grid (slots and gaps) within 0.05; an even step from PYRAMID_OFF of that grid's
# fit (and PYRAMID_RATIO times the step's) is a fanned stack's (own renders IMG_34401-34800:
# fanned 8-13 read as pyramids of 11, or 7, fit the grid 0.095-0.113).
STEP_FIT = 0.05
# Per index from the edge with no outline, added to a step's fit (pitch).
MISSING_COST = 0.05
PYRAMID_OFF = 0.07
PYRAMID_RATIO = 2.5
_STEPS = np.arange(0.95, 0.2999, -0.005)  # from the longest: the fundamental step first
# How far the edge checker may sit off the slot grid, in pitches (a board edge registered off).
MAX_OFFSET = 0.25


def _grid_fit(t: np.ndarray, steps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per step: the mean distance (its worst left out from seven positions on) of positions
    ``t`` to the grid offset + k step, the offset being the positions' circular mean phase (up
    to MAX_OFFSET), and that offset."""
    ang = (2 * np.pi) * t[None, :] / steps[:, None]
    phase = np.arctan2(np.sin(ang).mean(axis=1), np.cos(ang).mean(axis=1))
    off = np.clip(phase / (2 * np.pi) * steps, -MAX_OFFSET, MAX_OFFSET)
    u = (t[None, :] - off[:, None]) / steps[:, None]
    r = np.abs(u - np.round(u)) * steps[:, None]
    if len(t) >= 7:
        return (r.sum(axis=1) - r.max(axis=1)) / (len(t) - 1), off
    return r.mean(axis=1), off


def even_step_count(t: np.ndarray) -> int | None:
    """Checkers in a stack fanned at one even step, from its outlines' positions ``t`` (slot
    units from the edge slot: (along - d / 2) / pitch), when they fit that step and not a
    pyramid's half-pitch grid; None otherwise (a pyramid, a row, too few outlines).

    >>> even_step_count(np.arange(9) * 0.56)   # nine fanned at 0.56 pitch
    9
    >>> even_step_count(np.array([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4.0])) is None  # a pyramid
    True
    """
    t = np.sort(t[t > -0.4])
    if len(t) < 6 or t[0] > 0.6:
        return None
    fits, offs = _grid_fit(t, _STEPS)
    k = np.sort(np.round((t[None, :] - offs[:, None]) / _STEPS[:, None]).astype(int), axis=1)
    n = k[:, -1] + 1
    missing = n - 1 - np.count_nonzero(np.diff(k, axis=1), axis=1)
    # Every index from the edge seen but for a few; a half step fits as well with every other
    # index missing, so each missing one costs (the fundamental step wins).
    ok = (fits <= STEP_FIT) & (missing <= np.maximum(1, n // 4))
    if not np.any(ok):
        return None
    score = np.where(ok, fits + MISSING_COST * missing, np.inf)
    best = int(np.argmin(score))
    if n[best] < 6:
        return None
    pyramid = float(_grid_fit(t, np.array([0.5]))[0][0])
    return int(n[best]) if pyramid >= max(PYRAMID_OFF, PYRAMID_RATIO * fits[best]) else None


def pyramid_grid(t: np.ndarray) -> bool:
    """Are a point's outlines (``t``, slot units from the edge slot: (along - d / 2) / pitch) a
    pyramid's: five or more from the edge slot to the fifth, none past it, on the half-pitch
    grid (within STEP_FIT pitch) with two or more on slots and two or more on the gaps between?
    A fanned stack's outlines step evenly off that grid or go on past the fifth slot.

    >>> pyramid_grid(np.array([0.0, 0.4, 0.95, 1.45, 1.9, 3.5, 3.9]))
    True
    >>> pyramid_grid(np.arange(9) * 0.56)   # nine fanned at 0.56 pitch
    False
    """
    t = np.sort(t[t > -0.4])
    if len(t) < 5 or t[0] > 0.6 or t[-1] > 4.25:
        return False
    fits, offs = _grid_fit(t, np.array([0.5]))
    if float(fits[0]) > STEP_FIT:
        return False
    k = np.round((t - float(offs[0])) / 0.5).astype(int)
    gaps = int(np.count_nonzero(k % 2))
    return gaps >= 2 and len(t) - gaps >= 2


def slot_row(alongs: np.ndarray, d: float, pitch: float) -> bool:
    """Are a point's outlines (``alongs``, from its edge) a row's: four or more, each on its
    own slot (within 0.12 pitch) up to the fifth, none past it nor between slots?

    >>> slot_row(20.0 + 41.0 * np.arange(5), 40.0, 41.0)
    True
    >>> slot_row(20.0 + 36.0 * np.arange(6), 40.0, 41.0)   # six fanned at 0.88 pitch
    False
    """
    t = (np.sort(alongs) - 0.5 * d) / pitch
    if len(t) < 4 or t[-1] > 4.25 or t[0] < -0.4:
        return False
    k = np.round(t)
    return bool(np.all(np.abs(t - k) <= 0.12) and len(set(k.tolist())) == len(t))
