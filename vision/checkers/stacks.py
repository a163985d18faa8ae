"""One point's checkers: the first layer from the edge, the layers on top, fanned stacks."""

from __future__ import annotations

import numpy as np

from vision.checkers.alongs import alongs_of, grid_shift, shifted
from vision.checkers.fanned import (
    chain_count,
    drifting_alongs,
    even_step_count,
    fanned_count,
    pyramid_grid,
    slot_row,
)
from vision.checkers.layers import (
    RimProbe,
    dark_pyramid_gaps,
    pyramid_layers,
    third_by_rims,
    top_layer_shift,
)
from vision.checkers.model import Cell, Found
from vision.checkers.weak_slots import outlined_run, weak_between, weak_rows

GAP_TOL = 0.22
# Edge-slot rim (``outlines.slot_rim``) that backs a colour run with no circle on it (soft real
# frames: checkers 3-8; train+dev phantoms under 4.6).
RIM_BACKS_COLOUR = 5.0


FULL_FROM = 3
# A colour run from this share of the half reaches the middle; a profile period under
# FANNED_PERIOD pitch along it is a fanned stack's, not five in a row's.
MIDDLE = 0.85
FANNED_PERIOD = 0.85


def _sure_near(alongs: np.ndarray, target: float, d: float) -> bool:
    """Is one of these outlines centred within a quarter checker of ``target``."""
    return bool(len(alongs)) and float(np.min(np.abs(alongs - target))) < 0.25 * d


def _gap_slots(alongs: np.ndarray, d: float, pitch: float) -> set[int]:
    """Gaps (j: between slots j and j + 1) holding a circle nearer the gap than any slot."""
    t = (alongs - 0.5 * d) / pitch - 0.5
    return {int(round(v)) for v in t if abs(v - round(v)) < GAP_TOL}


def next_slot_outlined(raw: np.ndarray, cell: Cell, h: int, d: float, pitch: float, n: int) -> bool:
    """Is there an outline (verified or not) at first-layer slot ``n`` (0 = at the edge)?"""
    if raw is None or not len(raw):
        return False
    return slot_outlined(alongs_of(raw, cell, h), d, pitch, n)


def slot_outlined(raw: np.ndarray, d: float, pitch: float, n: int) -> bool:
    """``next_slot_outlined`` from the point's ``alongs_of`` of the outlines (``raw``), when the
    caller has them (``outlines.point_outlines``).

    >>> slot_outlined(np.array([20.0, 61.0], np.float32), 40.0, 42.0, 1)
    True
    """
    return bool(np.any(np.abs(raw - (0.5 * d + n * pitch)) < 0.25 * pitch))


def _circles_near(alongs: np.ndarray, targets: list[float], tol: float) -> list[bool]:
    """Per target: is an outline (``alongs``) within ``tol`` of it.  All targets in one array
    operation, with the arithmetic of one target at a time: each target as the float32 that
    ``alongs - target`` makes of it, the nearest distance compared as a Python float."""
    if not len(alongs) or not targets:
        return [False] * len(targets)
    at = np.array(targets, np.float64).astype(alongs.dtype)[:, None]
    nearest = np.abs(alongs[None, :] - at).min(axis=1)
    return [v < tol for v in nearest.tolist()]


def patch_mean(patch: np.ndarray) -> tuple[float, float, float]:
    """Mean colour of an (h, w, 3) float32 patch: ``patch.reshape(-1, 3).mean(axis=0)``'s
    numbers (the sum in float32, divided in float64 and rounded to float32) without its
    per-call overhead; (0, 0, 0) for an empty patch.

    >>> patch_mean(np.full((2, 3, 3), 7.0, np.float32))
    (7.0, 7.0, 7.0)
    """
    n = patch.shape[0] * patch.shape[1]
    if not n:
        return 0.0, 0.0, 0.0
    l_, a_, b_ = np.add.reduce(patch.reshape(-1, 3), axis=0).tolist()
    return float(np.float32(l_ / n)), float(np.float32(a_ / n)), float(np.float32(b_ / n))


def first_layer_slots(half: int, d: float, pitch: float) -> int:
    """First-layer slots on a point: checkers from the edge that fit in the half. (Letting a
    last one overhang the middle won one dev render but cost 5 of the 22 real paper-board
    frames, read with stacks of 4 as 7: measured, not kept.)"""
    return max(1, int((half - 0.2 * d) // pitch))


def cell_checkers(
    cell: Cell,
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
    rim0: float = 0.0,
    on_die: np.ndarray | None = None,
    given: tuple[np.ndarray, ...] | None = None,
    probe: RimProbe | None = None,
) -> list[Found]:
    """Checkers of one point: circles found on it, plus first-layer slots that differ from the
    empty board but had no circle (touching, low-contrast outlines).  ``on_die``: per circle
    (of ``circles``), is its centre on a die (with the counter's margin).  ``given``: the
    point's ``alongs_of`` of ``circles``, of ``sure`` and (optionally) of ``raw``
    (``outlines.point_outlines``, all points at once), when the caller has them.  ``probe``:
    rims on the board, to tell a pyramid's third layer."""
    r = d / 2.0
    cxs = (cell.x0 + cell.x1) / 2.0
    out: list[Found] = []
    width = strip.shape[1]
    x0 = int(max(0, width / 2 - 0.3 * r))
    x1 = int(min(width, width / 2 + 0.3 * r + 1))

    def sample(along: float) -> tuple[float, float, float]:
        # A fanned stack's last slot may lie past the middle: sample inside the strip (an
        # empty patch would read as pure black and split the colours wrongly).
        along = min(max(float(along), 0.3 * r), half - 1 - 0.3 * r)  # np.clip's, on floats
        y0 = int(max(0, along - 0.3 * r))
        y1 = int(min(half, along + 0.3 * r + 1))
        return patch_mean(strip[y0:y1, x0:x1])

    alongs = alongs_of(circles, cell, h) if given is None else given[0]
    fit = grid_shift(alongs, d, pitch)
    shift = top_layer_shift(alongs, fit, d, pitch) if fit else 0.0
    raw_seen = raw  # as found: a fanned stack's outlines are off the slot grid the shift fits
    if shift:
        circles, sure, raw = (
            shifted(circles, cell, shift),
            shifted(sure, cell, shift),
            shifted(raw, cell, shift),
        )
        alongs = alongs_of(circles, cell, h)
    if sure is None:
        sure_alongs = alongs
    elif given is None or shift:
        sure_alongs = alongs_of(sure, cell, h)
    else:
        sure_alongs = given[1]
    # The unverified outlines' alongs, made once (several rules below ask for them).
    if raw is None:
        raw_alongs = None
    elif given is None or shift or len(given) < 3:
        raw_alongs = alongs_of(raw, cell, h)
    else:
        raw_alongs = given[2]
    n_colour = int(round(extent / pitch)) if extent > 0 else 0
    colour_run = n_colour  # before the outline check below
    if n_colour and not np.any(alongs < extent + 0.5 * d) and not any(seen_beside or []):
        # Colour alone, without an outline on or just past its run: a die's shadow, a cocked die
        # leaning over the edge, a glare.  A checker shows at least a faint rim.
        n_colour = outlined_run(n_colour, raw_alongs, d, pitch)
        if rim0 >= RIM_BACKS_COLOUR:
            # A clear rim on the edge slot that the circle search missed (soft, low-resolution
            # frames) backs the run's first checker.
            n_colour = max(n_colour, 1)

    # Checkers stack from the edge without gaps.  A slot is seen by colour or by a circle on it.
    max_first = first_layer_slots(half, d, pitch)
    if max_first == 4 and _sure_near(sure_alongs, 0.5 * d + 4 * pitch, d):
        # A half that barely holds five (checkers large for their points): a sure outline on
        # the fifth slot puts it there, so a pyramid's gaps over the row count.
        max_first = 5
    beside = seen_beside or []
    near = _circles_near(alongs, [0.5 * d + k * pitch for k in range(max_first)], 0.45 * r)
    seen = [k < n_colour or near[k] or (k < len(beside) and beside[k]) for k in range(max_first)]
    seen = weak_between(seen, raw_alongs, d, pitch)
    seen = weak_rows(seen, raw_alongs, d, pitch)
    n_first = 0
    while n_first < max_first and seen[n_first]:
        n_first += 1
    upper: list[int] = []
    far = max((k for k in range(max_first) if seen[k]), default=-1)
    # A circle centred on a die (its corners and shadow make one) proves nothing past the row.
    proof = near
    if on_die is not None and len(alongs) and np.any(on_die):
        clear = alongs_of(circles[~on_die], cell, h)
        proof = _circles_near(clear, [0.5 * d + k * pitch for k in range(max_first)], 0.45 * r)
    # ... nor the checkers under it: slots past the edge seen by such circles alone (own
    # IMG_57801-58200: a die on a bare paper point read as two checkers).
    by_die = any(near[k] and not proof[k] for k in range(far + 1)) and not any(
        proof[k] or k < n_colour or (k < len(beside) and beside[k]) for k in range(far + 1)
    )
    if far >= 1 and all(seen[1 : far + 1]) and not by_die:
        # The first checker sits in the triangle's widest part: when it matches the triangle
        # it may go unseen, but the ones beyond it prove it is there.
        n_first = max(n_first, far + 1)
    far_circle = max((k for k in range(max_first) if proof[k]), default=-1)
    if n_colour and not all(seen[n_colour:far_circle]):
        # The colour run saw the row's set and stops before a slot nothing sees: a checker
        # there would show its colour as the run's do, so the outline past it is something
        # else (wood grain, a die's shadow, a triangle's tip).
        far_circle = -1
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

    # ... and the first layer's fifth checker, under no other, shows its outline (a sure circle
    # straddling two checkers of a row of four made it a pyramid of eight: train 2, dev 1).
    def fifth() -> bool:
        return raw_alongs is None or bool(
            np.any(np.abs(raw_alongs - (0.5 * d + 4 * pitch)) < 0.3 * d)
        )

    if (
        far >= FULL_FROM
        and far < 4
        and max_first >= 5
        and any(0 <= j < far for j in sure_gaps)
        and fifth()  # last: most points never get this far
    ):
        # Checkers go on top only once the first layer holds five: its outer ones are there
        # even when unseen (light-on-light, their outline hidden under the top layer).
        far = 4
        seen = seen + [True] * (5 - len(seen))
        seen[: far + 1] = [True] * (far + 1)
    if far >= 4:
        # The first layer reaches 5: checkers on top of it, in its gaps, hide part of it.
        upper = sorted(j for j in gaps if 0 <= j < far)
        if not upper and raw_alongs is not None and all(seen[: far + 1]):
            # Over a first layer seen whole, an unverified outline in a gap is a checker on top.
            upper = sorted(j for j in _gap_slots(raw_alongs, d, pitch) if 0 <= j < far)
        hidden = {k for j in upper for k in (j, j + 1)}
        # (The first slot may go unseen as in the row's rule above: a top layer drawn toward
        # the frame leaves no outline on it.)
        if all(seen[k] or k in hidden for k in range(int(shift != fit), far + 1)):
            n_first = far + 1
        upper = [j for j in upper if j + 1 < n_first]
        if n_first < 5 and raw_alongs is not None:
            # A dark pyramid on a dark point: its first layer shows no colour run nor rims
            # but the fifth slot's, its second layer thin arcs on the gaps (own IMG_57801-58200:
            # a black 9 read 1, a black 10 read 5).
            dark = dark_pyramid_gaps(raw_alongs, d, pitch)
            if dark:
                n_first, upper = 5, dark
    if n_first == max_first and not upper and _sure_near(sure_alongs, 0.5 * d + n_first * pitch, d):
        # A row one longer than the half holds (its last checker overhangs the middle, or they
        # overlap a little): only a sure outline on that slot counts it, never colour (the
        # paper board's stacks of 4 read as 7 from colour).
        n_first += 1
    fanned = chain_count(alongs, d, pitch, half, end=extent)
    if raw is not None:
        # Fanned light-on-light or dark-on-dark checkers show thin rims: unverified outlines
        # count when they form an even chain from the edge (phantoms do not); a tall stack's
        # top drifts sideways (seen at an angle), so its outlines are followed across.
        drifting = drifting_alongs(raw, cell, h, d)
        weak = chain_count(drifting, d, pitch, half, even_only=True, end=extent)
        if weak is not None and (fanned is None or weak > fanned):
            fanned = weak
        # Outlines at one even step off the half-pitch grid: a fanned stack (a pyramid's sit
        # on slots and gaps), counted by that step (own renders: fanned 8-10 read as pyramids
        # of 11, a fanned 9 read empty).
        unshifted = (
            drifting if raw_seen is None or not shift else drifting_alongs(raw_seen, cell, h, d)
        )
        even = even_step_count((unshifted - 0.5 * d) / pitch)
        if even is not None:
            fanned = even
    reach = 0.5 * d + 4.45 * max(pitch, d)
    outer = [float(a) for a in alongs if reach < a < half - 0.2 * d]
    # (A dark stack may show none at all but its colour from the edge: a sure outline there.)
    bare = (
        n_first == 0 and colour_run >= 2 and bool(outer) and _sure_near(sure_alongs, min(outer), d)
    )
    if fanned is None and outer and (n_first >= 2 or bare):
        # The top checker of a fanned stack lies whole beyond a pyramid's reach even when the
        # ones under it show no outline: the stack runs from the edge to it.
        extent = max(extent, min(outer) + 0.5 * d)
    raw_t = alongs_of(raw, cell, h) if raw is not None else np.zeros(0, np.float32)
    row = raw is not None and slot_row(raw_t, d, pitch)
    # A pyramid's outlines lie on slots and the gaps between, half a pitch apart, up to the
    # fifth slot (own renders: a pyramid of 12 with a colour run past five slots read as a
    # fanned 6 from its profile's period).
    if (
        fanned is None
        and extent > 5.3 * pitch
        and not row
        and not (raw is not None and pyramid_grid((raw_t - 0.5 * d) / pitch))
    ):
        # (A colour run past five slots whose outlines are a row's, one a slot up to the
        # fifth: a row with a shadow or its neighbour's colour beyond it, not fanned.)
        fanned = fanned_count(strip, extent, pitch, d)
    elif (
        fanned is None
        and n_first <= 5
        and not upper
        and len(alongs) < 2
        and extent >= MIDDLE * half
    ):
        # A colour run to the middle where the half holds five at most, and no outlines to
        # say which (dark on dark): five in a row, or a stack fanned to the middle at a shorter
        # step, told by its profile's period (train, dev, own: five rows' from 0.87 pitch).
        fanned = fanned_count(strip, extent, pitch, d, shorter=FANNED_PERIOD * pitch)
    if fanned is not None and fanned >= n_first:
        # Fanned along the point (each checker half over the next): count by the period.
        # The stack reaches the colour run's end or its outermost outline, whichever is
        # further (light-on-light: the colour run falls short).
        outlines = alongs if raw_alongs is None else raw_alongs
        reach_end = max(extent, float(outlines.max()) + 0.5 * d if len(outlines) else 0.0)
        reach_end = min(reach_end, float(half))
        step = (reach_end - d) / max(fanned - 1, 1)
        n_first, upper = fanned, []
        for k in range(n_first):
            a = 0.5 * d + k * step
            out.append(Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
        return out
    third = 0
    if fanned is None and n_first >= 5 and upper:
        upper, third = pyramid_layers(upper)
        if probe is not None and max(upper) == 3:
            # Over a full second layer, a third-layer checker shows its whole rim where a
            # covered first-layer one shows arcs (own renders: 11 read 9, 12 read 11).
            t = 0.5 * d + np.arange(1, 7) * 0.5 * pitch  # gap 0, slot 1, ..., slot 3
            by_rims = third_by_rims(probe.along(cell, h, t, d))
            third = third if by_rims is None else by_rims
    for k in range(n_first):
        a = 0.5 * d + k * pitch
        out.append(Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
    for j in upper:
        a = 0.5 * d + (j + 0.5) * pitch
        out.append(Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
    for k in range(1, third + 1):
        # Third layer over slots 1.., where the first layer's checkers are (colour the same).
        a = 0.5 * d + k * pitch
        out.append(Found(float(a), cxs, float(a if cell.top else h - 1 - a), sample(a)))
    out.sort(key=lambda f: f.along)
    return out
