"""Dice reading: find dice in a photo (with or without a board) and read their top faces.

Pipeline: pip candidates (``vision.pips``) -> link pips that sit on one face (same polarity,
similar size, similar face brightness, and a clean face between them) -> groups -> keep the
top face of each die (side faces seen obliquely give foreshortened pips) -> faces completed
where pips were missed (``vision.face_completion``) -> value from the pip layout -> state
(flat / cocked) from the face's shape and size. A face whose pips cannot tell the die's value
(a fragment, a tilted die, a side face beside a logo: ``vision.dice_doubt``) is returned with
value None: the referee asks about an unread die rather than believing a guess.

    >>> import numpy as np, cv2
    >>> img = np.full((120, 120, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(img, (30, 30), (90, 90), (235, 235, 235), -1)
    >>> for x, y in [(42, 42), (78, 42), (60, 60), (42, 78), (78, 78)]:
    ...     _ = cv2.circle(img, (x, y), 5, (20, 20, 20), -1)
    >>> [(d.value, d.state) for d in find_dice(img)]
    [(5, 'flat')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.dice_doubt import unreadable
from vision.dice_tilt import TiltCues, classify_state, state_from_model, tilt_cues
from vision.face_colour import FACE_CHROMA_SPREAD, FACE_LIGHT_SPREAD, RING_AT, ring_spreads
from vision.face_completion import complete_face, complete_six
from vision.pip_groups import Group as _Group
from vision.pip_groups import layout_ok as _layout_ok
from vision.pip_groups import make_group as _make_group
from vision.pip_groups import mean as _mean
from vision.pip_groups import median as _median
from vision.pip_groups import mst_cut
from vision.pip_groups import share as _share
from vision.pips import Pip, dedupe, find_pips

STATES = ("flat", "cocked")
_WORK_MAX_SIDE = 1000.0  # no board: photos are read at most this big
_WORK_DIE_PX = 44.0  # board: dice are read at about this size (small ones are enlarged)
_ROUND = 0.6  # mean pip aspect of a top face seen from above or obliquely
_MIN_ROUND = 0.45  # below this the pips lie on a face seen nearly edge-on
_MAX_PIPS = 400
_PAIR_ROUND = 0.3  # the two pips of a 2 are foreshortened alike
_LINK_R = 9.5  # pips of one face are at most this many pip radii apart
_SIDE_REACH = 2.5  # a side face lies within this many face half-sides of its top face
_SIDE_FLATTER = 0.1  # and its pips are this much less round
_MANY_PIPS_MARGIN = 0.5  # roundness margin in the consensus for faces of 4+ pips
_LONE_BUSY = 0.06  # share of a lone pip's surround marked like a pip, at most
_ROUND_SIZED = 0.75  # board reads: a lone pip this round at least (renders: right 1s >= 0.8)
_EDGE_HALVES = 0.8  # a face centre this close to the frame edge (in half sides) is cut
_MIXED_GAP = 0.4  # log r + roundness: a face's pips differ by less, with a side face's more
_LINK_CONTRAST = 0.4  # |log| of the contrast ratio of two pips of one face, at most


@dataclass(frozen=True)
class DieReading:
    """One die: value (None = unreadable), box around the visible die, centre of its top face,
    state ("flat" | "cocked"), confidence in [0, 1], top-face side length in pixels."""

    value: int | None
    bbox: tuple[int, int, int, int]
    centre: tuple[float, float]
    state: str
    confidence: float
    top_face_size: float
    pips: tuple[tuple[float, float, float], ...] = ()  # (x, y, r) of the pips counted
    tilt: TiltCues | None = None  # the measurements behind ``state``


def _pip_array(pips: list[Pip]) -> np.ndarray:
    """(n, 4) array of x, y, r, dark (1.0/0.0)."""
    return np.array([[p.x, p.y, p.r, float(p.dark)] for p in pips], np.float64).reshape(-1, 4)


def _segment_clean(gray: np.ndarray, a: Pip, b: Pip, arr: np.ndarray, dip: float = 0.25) -> bool:
    """True if the straight path a->b stays on face-coloured pixels (pips excepted).

    Sampled every pixel: the gap between two touching dice, or the edge between a top face
    and a side face, is a thin line darker (or lighter) than the face.
    """
    n = int(max(8, np.hypot(b.x - a.x, b.y - a.y)))
    t = np.linspace(0.0, 1.0, n)
    xs = a.x + (b.x - a.x) * t
    ys = a.y + (b.y - a.y) * t
    keep = np.ones(n, bool)
    mx, my = (xs[0] + xs[-1]) / 2, (ys[0] + ys[-1]) / 2
    near = (
        (arr[:, 3] == a.dark)
        & (np.abs(np.log(arr[:, 2] / a.r)) < 0.6)
        & (np.abs(arr[:, 0] - mx) <= n)
        & (np.abs(arr[:, 1] - my) <= n)
    )
    others = arr[near]
    if len(others):
        d2 = (xs[None, :] - others[:, :1]) ** 2 + (ys[None, :] - others[:, 1:2]) ** 2
        keep &= np.all(d2 > (1.3 * others[:, 2:3]) ** 2, axis=0)
    if np.count_nonzero(keep) < 2:
        return True
    h, w = gray.shape
    # Clipped with minimum/maximum: np.clip costs ~10 us a call more.
    xi = np.minimum(np.maximum(np.round(xs[keep]).astype(int), 0), w - 1)
    yi = np.minimum(np.maximum(np.round(ys[keep]).astype(int), 0), h - 1)
    vals = gray[yi, xi].astype(np.float32)
    face = 0.5 * (a.face + b.face)
    contrast = 0.5 * (a.contrast + b.contrast)
    if len(vals) >= 3:  # light smoothing against single-pixel noise
        vals = np.convolve(vals, np.ones(3) / 3, mode="valid")
    dev = (face - vals) if a.dark else (vals - face)
    # Dark pips on a light face: a darker gap/edge; light pips: a lighter one. Either way,
    # a big change of brightness means another surface.
    if float(dev.max()) > dip * contrast + 6:
        return False
    return _share(np.abs(vals - face) > 0.45 * contrast) <= 0.1


def _link(
    gray: np.ndarray, pips: list[Pip], max_dist: float, die_px: float | None = None
) -> list[list[int]]:
    """Union pips that plausibly share a face. Reach: ``max_dist`` pip radii, or, when the
    die size is known, 0.95 of the die side (pip size relative to the face varies by maker)."""
    n = len(pips)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    arr = _pip_array(pips)
    # Sweep in x so that only pips within reach are compared.
    order = sorted(range(n), key=lambda i: pips[i].x)
    rmax = max((p.r for p in pips), default=0.0)
    for oi, i in enumerate(order):
        a = pips[i]
        reach = 0.95 * die_px if die_px else max_dist * max(a.r, rmax)
        for j in order[oi + 1 :]:
            b = pips[j]
            if b.x - a.x > reach:
                break
            if a.dark != b.dark or abs(math.log(a.r / b.r)) > 0.4:
                continue
            d = math.hypot(a.x - b.x, a.y - b.y)
            limit = 0.95 * die_px if die_px else max_dist * max(a.r, b.r)
            if d > limit or d < 1.8 * max(a.r, b.r):
                continue
            if abs(a.face - b.face) > 0.35 * max(a.contrast, b.contrast) + 12:
                continue
            # One ink, one light: the pips of a face contrast alike (a side face's are fainter).
            if abs(math.log(a.contrast / b.contrast)) > _LINK_CONTRAST:
                continue
            if find(i) == find(j):
                continue  # already joined through other pips: the path check adds nothing
            if not _segment_clean(gray, a, b, arr):
                continue
            parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _split_mixed(
    gray: np.ndarray,
    pips: list[Pip],
    groups: list[list[int]],
    die_px: float | None = None,
    depth: int = 2,
) -> list[list[int]]:
    """Split groups that mix a top face with a side face (or two dice) at the largest gap in
    pip size x roundness, then relink each part; keeps groups that already look like a face."""
    out: list[list[int]] = []
    for gi in groups:
        ps = [pips[i] for i in gi]
        # A top-face pip paired with a side-face pip: a "2" of one round and one flat pip.
        lopsided = len(ps) == 2 and abs(ps[0].circularity - ps[1].circularity) > _PAIR_ROUND
        # A face read whole can still take in a side face's pips (a 4 and the two pips past
        # its edge make a 6's layout): with a board, pips far apart in size x roundness are
        # split anyway (dice-only photos not: fudw's marbled dice measure their pips unevenly).
        apart = False
        if die_px is not None and len(ps) > 2:
            keys = sorted(np.log(p.r) + p.circularity for p in ps)
            apart = max(np.diff(keys)) >= _MIXED_GAP
        whole = _layout_ok(_make_group(ps, 0.0)) and not lopsided and not apart
        if len(gi) == 1 or depth == 0 or whole:
            out.append(gi)
            continue
        key = sorted(gi, key=lambda i: np.log(pips[i].r) + pips[i].circularity)
        vals = [np.log(pips[i].r) + pips[i].circularity for i in key]
        gaps = np.diff(vals)
        k = int(np.argmax(gaps))
        if gaps[k] >= 0.12:
            parts = (key[: k + 1], key[k + 1 :])
        else:
            # Alike pips that do not make a face: two dice side by side (pips of one colour
            # on dice of one colour leave no gap that the link check sees).
            a, b = mst_cut(np.array([[pips[i].x, pips[i].y] for i in gi]))
            parts = ([gi[j] for j in a], [gi[j] for j in b])
        for part in parts:
            sub = [pips[i] for i in part]
            relinked = [[part[j] for j in g] for g in _link(gray, sub, _LINK_R, die_px)]
            out.extend(_split_mixed(gray, pips, relinked, die_px, depth - 1))
    return out


def find_dice(
    image_bgr: np.ndarray,
    *,
    die_size_px: float | None = None,
    mask: np.ndarray | None = None,
    learned_state: bool = True,
    regions: Sequence[tuple[int, int, int, int]] | None = None,
    gray: np.ndarray | None = None,
) -> list[DieReading]:
    """Find and read the dice in a BGR image.

    ``die_size_px``: calibrated die side in pixels if known (limits the pip sizes searched).
    ``mask``: uint8/bool array of the image's height and width; only dice whose centre lies
    where mask is non-zero are returned.
    ``learned_state``: with a die size, judge flat / cocked with the learned model
    (``vision.cocked``); False keeps the hand-made tilt cues (the model's own training).
    ``regions``: boxes (x0, y0, x1, y1) in image pixels; pips are only searched inside them
    (the parts of a frame that changed), everything else is as for the whole image.
    ``gray``: the image already converted to grey (``cv2.COLOR_BGR2GRAY``), if the caller has it.
    """
    if image_bgr is None or not hasattr(image_bgr, "ndim"):
        raise ValueError("find_dice needs a numpy image")
    if image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.size == 0:
        raise ValueError(f"find_dice needs an HxWx3 BGR image, got shape {image_bgr.shape}")
    if mask is not None and mask.shape[:2] != image_bgr.shape[:2]:
        raise ValueError(f"mask shape {mask.shape} does not match image {image_bgr.shape[:2]}")
    if gray is not None and gray.shape != image_bgr.shape[:2]:
        raise ValueError(f"gray shape {gray.shape} does not match image {image_bgr.shape[:2]}")
    full = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY) if gray is None else gray
    full_bgr = image_bgr
    # Work at a bounded resolution: big photos are shrunk (pips stay >= ~2 px in radius).
    if die_size_px is not None:
        if die_size_px <= 0:
            raise ValueError(f"die_size_px must be positive, got {die_size_px}")
        f = min(2.0, _WORK_DIE_PX / die_size_px)
    else:
        f = min(1.0, _WORK_MAX_SIDE / max(full.shape))
    if f < 1:
        gray = cv2.resize(full, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    elif f > 1.05:
        gray = cv2.resize(full, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    else:
        gray, f = full, 1.0
    if die_size_px is not None:
        r_range = (0.065 * die_size_px * f, 0.12 * die_size_px * f)
    else:
        r_range = (1.2, max(8.0, 0.03 * max(gray.shape)))
    if regions is None:
        pips = find_pips(gray, r_range=r_range)
    else:
        pips = _pips_in(gray, r_range, regions, f)
    # A textured background can give thousands of spots: keep the most contrasted.
    pips = sorted(pips, key=lambda p: -p.contrast)[:_MAX_PIPS]
    die_px = die_size_px * f if die_size_px else None
    groups_idx = _split_mixed(gray, pips, _link(gray, pips, _LINK_R, die_px), die_px)
    groups = []
    for gi in groups_idx:
        ps = [pips[i] for i in gi]
        if len(ps) < 2 or _mean([p.circularity for p in ps]) < _MIN_ROUND:
            continue  # lone spots are judged below; flat pips lie on a side face seen edge-on
        g = _make_group(ps, 0.0)
        if len(ps) in (4, 5):
            g = complete_six(gray, g)
        if die_px is not None:
            # A face may gain pips only if it then reads as a face.
            more = complete_face(gray, g, die_px)
            if more is not g and _layout_ok(more) and _face_plain(gray, more, 0.75):
                g = more
        if _layout_ok(g) and _face_plain(gray, g, 0.75):
            groups.append(g)
    # Faces that read well tell what the dice of this photo look like.
    # With a board, as round as a lone pip must be there: a side face seen obliquely (its
    # pips flatter, its face shaded) would set a wrong face grey for the lone pips.
    multi_round = _ROUND_SIZED if die_px else _ROUND
    multi = [list(g.pips) for g in groups if _mean([p.circularity for p in g.pips]) >= multi_round]
    half_single = 0.5 * die_size_px * f if die_size_px else None
    for gi in groups_idx:
        if len(gi) == 1:
            p = pips[gi[0]]
            groups.append(_make_group([p], half_single or _single_half(p, multi)))
    groups = _accept_singles(gray, groups, multi, pips, _ROUND_SIZED if die_px else _ROUND)
    spreads: dict[int, tuple[float, float]] = {}
    if die_size_px is not None:
        # A 1's face is one colour round its pip; a gap between checkers is not (needs the
        # die's size: the ring must stay on the face). One lighter or darker in places is
        # read below as no 1: the pip may be a corner pip of a face with the rest missed.
        spreads = {
            id(g): ring_spreads(full_bgr, g.cx / f, g.cy / f, RING_AT * die_size_px)
            for g in groups
            if len(g.pips) == 1
        }
        groups = [g for g in groups if len(g.pips) > 1 or spreads[id(g)][0] <= FACE_CHROMA_SPREAD]
    groups = _consensus(groups)
    groups = _top_faces(groups)
    groups = [g for g in groups if not _has_stray_pips(g, pips)]
    out = []
    h, w = full.shape
    # Half a face side as the dice of this frame show it: a partial read under-estimates it.
    halves = [g.half for g in groups if len(g.pips) >= 3]
    ref_work = 0.5 * die_px if die_px else _median(halves) if halves else 0.0
    ref_half = ref_work / f
    for g in groups:
        cx, cy, hs = g.cx / f, g.cy / f, g.half / f
        if mask is not None and not mask[int(min(h - 1, cy)), int(min(w - 1, cx))]:
            continue
        # A face cut by the frame edge cannot be read: what shows may be part of it.
        if min(cx, cy, w - 1 - cx, h - 1 - cy) < _EDGE_HALVES * max(hs, ref_half):
            continue
        bbox = (
            int(max(0, cx - 1.1 * hs)),
            int(max(0, cy - 1.1 * hs)),
            int(min(w - 1, cx + 1.1 * hs)),
            int(min(h - 1, cy + 1.1 * hs)),
        )
        conf = float(np.clip(_mean([p.contrast for p in g.pips]) / 80.0, 0.1, 1.0))
        cues = tilt_cues(gray, g, die_px, full_bgr, f)
        state = classify_state(cues)
        if die_size_px is not None and learned_state:
            state = state_from_model(full_bgr, (cx, cy), die_size_px, cues)
        out.append(
            DieReading(
                value=None
                if unreadable(gray, g, pips, die_px, ref_work)
                or spreads.get(id(g), (0.0, 0.0))[1] > FACE_LIGHT_SPREAD
                else len(g.pips),
                bbox=bbox,
                centre=(cx, cy),
                state=state,
                confidence=conf,
                top_face_size=2 * hs,
                pips=tuple((p.x / f, p.y / f, p.r / f) for p in g.pips),
                tilt=cues,
            )
        )
    return out


def _pips_in(
    gray: np.ndarray,
    r_range: tuple[float, float],
    regions: Sequence[tuple[int, int, int, int]],
    f: float,
) -> list[Pip]:
    """Pips found inside the given boxes (image pixels) of the work image ``gray``."""
    h, w = gray.shape
    out: list[Pip] = []
    for x0, y0, x1, y1 in regions:
        # Crops start on the pyramid's grid (multiples of 8 work pixels), so that a spot is
        # measured exactly as in the whole image.
        a0, b0 = max(0, int(x0 * f) // 8 * 8), max(0, int(y0 * f) // 8 * 8)
        a1, b1 = min(w, int(math.ceil(x1 * f))), min(h, int(math.ceil(y1 * f)))
        if a1 - a0 < 16 or b1 - b0 < 16:
            continue
        out.extend(
            replace(p, x=p.x + a0, y=p.y + b0)
            for p in find_pips(gray[b0:b1, a0:a1], r_range=r_range)
        )
    # Overlapping boxes find a spot twice: as in the whole image, the stronger one stays.
    return dedupe(out)


def _single_half(p: Pip, multi: list[list[Pip]]) -> float:
    """Face half-side for a lone pip, from dice of the same kind in the image, else None."""
    ratios = []
    for ps in multi:
        if ps[0].dark != p.dark:
            continue
        g = _make_group(ps, 0.0)
        ratios.append(g.half / g.r)
    if ratios:
        return _median(ratios) * p.r
    return 5.5 * p.r


def _accept_singles(
    gray: np.ndarray,
    groups: list[_Group],
    multi: list[list[Pip]],
    pips: list[Pip],
    round_min: float = _ROUND,
) -> list[_Group]:
    """Keep a lone pip only if it looks like the 1 of a die like the others in the image."""
    ref = [p for ps in multi for p in ps]
    out = []
    for g in groups:
        if len(g.pips) > 1:
            out.append(g)
            continue
        p = g.pips[0]
        if p.circularity < round_min:  # a dash on a side face, a scratch
            continue
        # A big spot with smaller spots of the other polarity just outside it is a die body,
        # not a pip (a highlight inside a glossy pip does not count).
        # Pips contrast with a body about as much as a body with the table; a glossy pip's
        # faint highlight at its rim is not one.
        if any(
            q.dark != p.dark
            and q.r < p.r
            and q.contrast > 0.35 * p.contrast
            and p.r < math.hypot(q.x - p.x, q.y - p.y) < 2.5 * p.r
            for q in pips
        ):
            continue
        same = [q for q in ref if q.dark == p.dark]
        if ref and not same:
            continue
        if same:
            rs = _median([q.r for q in same])
            faces = _median([q.face for q in same])
            if not (0.75 * rs <= p.r <= 1.5 * rs) or abs(p.face - faces) > 50:
                continue
        if not _face_plain(gray, g, 0.5) or _ring_busy(gray, g) > _LONE_BUSY:
            continue
        out.append(g)
    return out


def _consensus(groups: list[_Group]) -> list[_Group]:
    """Dice in one photo share a kind and a view: drop groups that disagree with the rest.

    - Polarity: if one pip polarity carries 3x the pips of the other, the other is text on a
      keyboard, a label, etc.
    - Roundness: every top face is foreshortened alike; a much flatter group is a side face.
    - Size: faces of 2+ pips must be about as big as the faces of 3+ pips.
    """
    if len(groups) < 2:
        return groups
    # Only faces of 2+ pips vote: a lone spot is the weakest evidence there is.
    n_dark = sum(len(g.pips) for g in groups if g.dark and len(g.pips) > 1)
    n_light = sum(len(g.pips) for g in groups if not g.dark and len(g.pips) > 1)
    if n_dark >= max(8, 3 * n_light):
        groups = [g for g in groups if g.dark]
    elif n_light >= max(8, 3 * n_dark):
        groups = [g for g in groups if not g.dark]
    # Size: the dice of one photo are one size; a 2 or 3 far smaller than the faces of 3+ pips
    # is two spots on something else (the eyes of a skull logo, a pair of screws).
    halves = [g.half for g in groups if len(g.pips) >= 3]
    if len(halves) >= 2:
        ref_half = _median(halves)
        groups = [
            g for g in groups if len(g.pips) == 1 or 0.55 * ref_half <= g.half <= 1.8 * ref_half
        ]
    if not groups:
        return groups
    circ = [_mean([p.circularity for p in g.pips]) for g in groups]
    ref = float(np.percentile(circ, 75))
    # A layout of 4+ pips is strong evidence of its own: glossy pips with rim highlights
    # measure flatter than they are, so they get a wider margin.
    return [
        g
        for g, c in zip(groups, circ, strict=True)
        if c >= ref - (_MANY_PIPS_MARGIN if len(g.pips) >= 4 else 0.3)
    ]


def _ring_busy(gray: np.ndarray, g: _Group) -> float:
    """Share of the annulus 1.8 r .. 0.8 half around a lone pip that is marked like a pip.
    A 1 has nothing else on its face; the centre of a logo (the winged emblem of a 6) or a
    spot on printed matter has marks around it."""
    h, w = gray.shape
    ext = int(0.8 * g.half) + 2
    x0, x1 = max(0, int(g.cx) - ext), min(w, int(g.cx) + ext + 1)
    y0, y1 = max(0, int(g.cy) - ext), min(h, int(g.cy) + ext + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    rr = np.hypot(xx - g.cx, yy - g.cy)
    sel = (rr >= 1.8 * g.r) & (rr <= 0.8 * g.half)
    if sel.sum() < 10:
        return 0.0
    vals = gray[y0:y1, x0:x1][sel].astype(np.float32)
    p = g.pips[0]
    dev = (p.face - vals) if p.dark else (vals - p.face)
    return _share(dev > 0.4 * p.contrast)


def _has_stray_pips(g: _Group, pips: list[Pip]) -> bool:
    """A face with pips of its own kind on it that were not counted is a fragment of a face
    (a 5 read as 2 + 1 + 2): better no reading than a wrong one."""
    mine = {(p.x, p.y) for p in g.pips}
    con = _median([p.contrast for p in g.pips])
    for q in pips:
        if (q.x, q.y) in mine or q.dark != g.dark or q.circularity < _MIN_ROUND:
            continue
        if abs(np.log(q.r / g.r)) > 0.4 or q.contrast < 0.5 * con:
            continue
        if math.hypot(q.x - g.cx, q.y - g.cy) < 0.85 * g.half:
            return True
    return False


def _top_faces(groups: list[_Group]) -> list[_Group]:
    """Of groups that overlap on one die (top face + side faces), keep the top face."""

    def score(g: _Group) -> tuple[bool, float]:
        # Side faces are foreshortened: smaller, less round pips. A lone pip comes last.
        circ = _mean([p.circularity for p in g.pips])
        return circ >= _ROUND, g.r * circ + 0.01 * len(g.pips)

    order = sorted(groups, key=score, reverse=True)
    kept: list[_Group] = []
    for g in order:
        clash = False
        circ_g = _mean([p.circularity for p in g.pips])
        for k in kept:
            d = np.hypot(g.cx - k.cx, g.cy - k.cy)
            if d < 1.75 * max(g.half, k.half):
                clash = True
                break
            circ_k = _mean([p.circularity for p in k.pips])
            # A flatter group beside a rounder one is that die's side face (oblique views).
            if d < _SIDE_REACH * max(g.half, k.half) and circ_g < circ_k - _SIDE_FLATTER:
                clash = True
                break
        if not clash:
            kept.append(g)
    return kept


def _face_plain(gray: np.ndarray, g: _Group, frac: float) -> bool:
    """True if the face between and around the group's pips is plain face colour.

    The region checked is the pips' convex hull grown by 30 % about the centre, plus a disc
    of radius max(2.5 r, frac * half): it stays on the top face even when an oblique view
    foreshortens it.
    """
    h, w = gray.shape
    rad = max(2.5 * g.r, frac * g.half)
    pts = np.array([[p.x, p.y] for p in g.pips], np.float32)
    ext = max(rad, float(np.abs(pts - [g.cx, g.cy]).max()) * 1.3 + g.r) + 2
    x0, x1 = max(0, int(g.cx - ext)), min(w, int(g.cx + ext) + 1)
    y0, y1 = max(0, int(g.cy - ext)), min(h, int(g.cy + ext) + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    sel = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.circle(sel, (int(round(g.cx - x0)), int(round(g.cy - y0))), int(rad), 1, -1)
    if len(pts) >= 3:
        grown = (pts - [g.cx, g.cy]) * 1.3 + [g.cx - x0, g.cy - y0]
        hull = cv2.convexHull(grown.astype(np.float32))
        cv2.fillConvexPoly(sel, hull.astype(np.int32), 1)
    for p in g.pips:
        cv2.circle(sel, (int(round(p.x - x0)), int(round(p.y - y0))), int(1.5 * p.r + 1), 0, -1)
    vals = gray[y0:y1, x0:x1][sel > 0].astype(np.float32)
    if vals.size < 10:
        return True
    face = _median([p.face for p in g.pips])
    contrast = _median([p.contrast for p in g.pips])
    return _share(np.abs(vals - face) > 0.5 * contrast) <= 0.08
