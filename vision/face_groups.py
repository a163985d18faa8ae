"""Pip groups from pips: link the pips that sit on one face, split groups that mix a top face
with a side face (or two dice), and keep the faces the photo's dice agree on; split from
``vision.dice`` for size.

Two dice, a 3 and a 2: without the die size the 2's pips are too far apart (in pip radii) to
link; with it they are one face.

>>> import numpy as np, cv2
>>> from vision.pips import find_pips
>>> gray = np.full((120, 220), 60, np.uint8)
>>> _ = cv2.rectangle(gray, (20, 30), (80, 90), 235, -1)
>>> _ = cv2.rectangle(gray, (130, 30), (190, 90), 235, -1)
>>> for x, y in [(32, 42), (50, 60), (68, 78), (142, 42), (178, 78)]:
...     _ = cv2.circle(gray, (x, y), 5, 20, -1)
>>> pips = find_pips(gray)
>>> sorted(len(g) for g in link_pips(gray, pips, LINK_R))
[1, 1, 3]
>>> sorted(len(g) for g in link_pips(gray, pips, LINK_R, die_px=60.0))
[2, 3]
"""

from __future__ import annotations

import functools
import math

import numpy as np

from vision.pip_groups import (
    Group,
    Linked,
    layout_ok,
    make_group,
    mean,
    median,
    mst_cut,
    same_spot,
    share,
)
from vision.pips import Pip

ROUND = 0.6  # mean pip aspect of a top face seen from above or obliquely
_PAIR_ROUND = 0.3  # the two pips of a 2 are foreshortened alike
LINK_R = 9.5  # pips of one face are at most this many pip radii apart
_SIDE_REACH = 2.5  # a side face lies within this many face half-sides of its top face
_SIDE_FLATTER = 0.1  # and its pips are this much less round
_MANY_PIPS_MARGIN = 0.5  # roundness margin in the consensus for faces of 4+ pips
_MIXED_GAP = 0.4  # log r + roundness: a face's pips differ by less, with a side face's more
_RIM_REACH = 2.0  # pip radii: a pip's blurred rim on a path between pips ends within this
_RIM_FADE = 0.05  # and fades by this share of the pips' contrast a sample
_TWO_DICE = 0.75  # two dice's faces lie this many die sides apart at least
_SIDE_SPLIT = 0.25  # a roundness gap this wide splits a top face's pips from a side face's
_LINK_CONTRAST = 0.4  # |log| of the contrast ratio of two pips of one face, at most


def _pip_array(pips: list[Pip]) -> np.ndarray:
    """(n, 4) array of x, y, r, dark (1.0/0.0)."""
    return np.array([[p.x, p.y, p.r, float(p.dark)] for p in pips], np.float64).reshape(-1, 4)


@functools.cache
def _unit_steps(n: int) -> np.ndarray:
    """``np.linspace(0.0, 1.0, n)``, made once a length (read only: the paths share it)."""
    t = np.linspace(0.0, 1.0, n)
    t.flags.writeable = False
    return t


def _segment_clean(
    gray: np.ndarray, a: Pip, b: Pip, arr: np.ndarray, dip: float = 0.25, sized: bool = False
) -> bool:
    """True if the straight path a->b stays on face-coloured pixels (pips excepted).

    Sampled every pixel: the gap between two touching dice, or the edge between a top face
    and a side face, is a thin line darker (or lighter) than the face. ``sized``: the die's
    size is known (a board read; see below; dice-only photos keep the ring's face).
    """
    n = int(max(8, np.hypot(b.x - a.x, b.y - a.y)))
    t = _unit_steps(n)
    xs = a.x + (b.x - a.x) * t
    ys = a.y + (b.y - a.y) * t
    keep = np.ones(n, bool)
    mx, my = (xs[0] + xs[-1]) / 2, (ys[0] + ys[-1]) / 2
    # The pips near the path first (a few of dozens), then their size and kind: the same rows.
    box = arr[(np.abs(arr[:, 0] - mx) <= n) & (np.abs(arr[:, 1] - my) <= n)]
    others = box[(box[:, 3] == a.dark) & (np.abs(np.log(box[:, 2] / a.r)) < 0.6)]
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
    if sized:
        # Small blurred pips (a die of 21-24 px enlarged twice) spread their ink over the ring
        # their face is read on: that face is darker than the face between them (a 4's ring
        # 218 and contrast 67, its face 250). As in dice._face_plain, the path's own median is
        # the face where it is lighter; a darker gap between two dice or a top and a side face
        # still stands out from it. Dark pips only: light "pips" on a dark face took in the
        # light gaps either side of two touching dark checkers (a false 2), and the renders'
        # light-pipped dice gained nothing. A cheap test first: the pip search's textured
        # frames ask this thousands of times.
        if a.dark and float(vals.max()) - face > 0.45 * contrast:
            mid = len(vals) // 2  # the rims are a small part of the path
            face = max(face, float(np.partition(vals, mid)[mid]))
    cut = _rims_cut(vals, xs[keep], ys[keep], a, b, face, dip * contrast + 6)
    if len(cut) < 2:
        return False  # ink all the way: one blot, not two pips on a face
    vals = cut
    if len(vals) >= 3:  # light smoothing against single-pixel noise
        vals = np.convolve(vals, np.ones(3) / 3, mode="valid")
    dev = (face - vals) if a.dark else (vals - face)
    # Dark pips on a light face: a darker gap/edge; light pips: a lighter one. Either way,
    # a big change of brightness means another surface.
    if float(dev.max()) > dip * contrast + 6:
        return False
    return share(np.abs(vals - face) > 0.45 * contrast) <= 0.1


def _rims_cut(
    vals: np.ndarray, xs: np.ndarray, ys: np.ndarray, a: Pip, b: Pip, face: float, dip: float
) -> np.ndarray:
    """The path's samples less the ends' blurred rims: a pip measured off its centre or
    smaller than its blur (webcam dice) leaves its ink on the path past 1.3 radii. Only ink
    that runs on from the pip and fades away from it is cut (a blur's edge; the dark corner
    of a box, taken for a pip, stays dark), up to ``_RIM_REACH`` radii (a face's edge lies
    farther from a top-face pip than that)."""
    ink = (face - vals) if a.dark else (vals - face)
    if ink[0] <= dip and ink[-1] <= dip:
        return vals  # no ink left at either end (most paths): nothing to cut
    rise = _RIM_FADE * max(a.contrast, b.contrast)
    i = _rim_length(ink, np.hypot(xs - a.x, ys - a.y) / a.r, dip, rise)
    j = len(vals) - _rim_length(ink[::-1], np.hypot(xs - b.x, ys - b.y)[::-1] / b.r, dip, rise)
    return vals[i:j] if i < j else vals[:0]


def _rim_length(ink: np.ndarray, radii: np.ndarray, dip: float, rise: float) -> int:
    """How many samples from the start (ordered away from a pip, ``radii`` from it) are its
    rim: ink past ``dip``, fading by ``rise`` at least a sample, within ``_RIM_REACH``."""
    k = 0
    while (
        k < len(ink)
        and ink[k] > dip
        and radii[k] < _RIM_REACH
        and (k == 0 or ink[k] < ink[k - 1] - rise)
    ):
        k += 1
    return k


def link_pips(
    gray: np.ndarray, pips: list[Pip], max_dist: float, die_px: float | None = None
) -> list[list[int]]:
    """Union pips that plausibly share a face. Reach: ``max_dist`` pip radii, or, when the
    die size is known, 0.95 of the die side (pip size relative to the face varies by maker)."""
    n = len(pips)
    links = Linked(n)
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
            if links.same(i, j):
                continue  # already joined through other pips: the path check adds nothing
            if not _segment_clean(gray, a, b, arr, sized=die_px is not None):
                continue
            links.join(i, j)
    return links.groups()


def split_mixed(
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
        whole = layout_ok(make_group(ps, 0.0), die_px) and not lopsided and not apart
        if len(gi) == 1 or depth == 0 or whole:
            out.append(gi)
            continue
        key = sorted(gi, key=lambda i: np.log(pips[i].r) + pips[i].circularity)
        vals = [np.log(pips[i].r) + pips[i].circularity for i in key]
        gaps = np.diff(vals)
        k = int(np.argmax(gaps))
        # Alike pips that do not make a face: two dice side by side (pips of one colour
        # on dice of one colour leave no gap that the link check sees).
        a, b = mst_cut(np.array([[pips[i].x, pips[i].y] for i in gi]))
        parts = ([gi[j] for j in a], [gi[j] for j in b])
        if gaps[k] >= 0.12:
            by_key = (key[: k + 1], key[k + 1 :])
            # Two dice side by side whose pips differ in size by perspective (the nearer
            # rows bigger) split apart in place into two faces, not by size across both.
            if not (_faces(pips, parts, die_px) and not _faces(pips, by_key, die_px)):
                parts = by_key
        parts = _by_roundness(pips, gi, die_px) or parts
        for part in parts:
            sub = [pips[i] for i in part]
            relinked = [[part[j] for j in g] for g in link_pips(gray, sub, LINK_R, die_px)]
            out.extend(split_mixed(gray, pips, relinked, die_px, depth - 1))
    return out


def _by_roundness(
    pips: list[Pip], gi: list[int], die_px: float | None
) -> tuple[list[int], list[int]] | None:
    """A flat die seen obliquely: its top face's round pips linked with a side face's flat
    ones, split in two at a roundness gap of ``_SIDE_SPLIT`` where the round pips make a
    face and the flat ones are two or more (the die's size known; one flat pip split off a
    cocked 6 left a wrong 4, IMG_48842). Size x roundness does not split them: a side face's pips
    measure bigger (stretched) as much as flatter (IMG_48893: keys 2.21 / 2.20 and 2.20 / 1.96).
    None where that is not so."""
    if die_px is None or len(gi) < 3:
        return None
    order = sorted(gi, key=lambda i: pips[i].circularity)
    gaps = np.diff([pips[i].circularity for i in order])
    k = int(np.argmax(gaps))
    flat, rnd = order[: k + 1], order[k + 1 :]
    if gaps[k] < _SIDE_SPLIT or len(rnd) < 2 or len(flat) < 2:
        return None
    return (flat, rnd) if layout_ok(make_group([pips[i] for i in rnd], 0.0), die_px) else None


def _faces(pips: list[Pip], parts: tuple[list[int], list[int]], die_px: float | None) -> bool:
    """Does each part of a split read as a face of 2-6 pips (with the die's size known, on
    two dice: a die's side apart at least, not two halves of one die's pips)?"""
    groups = [make_group([pips[i] for i in part], 0.0) for part in parts if len(part) >= 2]
    if len(groups) != len(parts) or not all(layout_ok(g, die_px) for g in groups):
        return False
    a, b = groups
    return die_px is None or math.hypot(a.cx - b.cx, a.cy - b.cy) >= _TWO_DICE * die_px


def consensus(groups: list[Group], by_median: bool = False) -> list[Group]:
    """Dice in one photo share a kind and a view: drop groups that disagree with the rest.

    - Polarity: if one pip polarity carries 3x the pips of the other, the other is text on a
      keyboard, a label, etc.
    - Roundness: every top face is foreshortened alike; a much flatter group is a side face.
      ``by_median``: a group's roundness is its pips' median, not their mean (dice-only
      photos: one pip's shadow or a marbled streak across it dragged a 3's mean down, fudw
      IMG_4548 0.32 / 0.59 / 0.61, and a top face was dropped as a side face).
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
        ref_half = median(halves)
        groups = [
            g for g in groups if len(g.pips) == 1 or 0.55 * ref_half <= g.half <= 1.8 * ref_half
        ]
    if not groups:
        return groups
    shape = median if by_median else mean
    circ = [shape([p.circularity for p in g.pips]) for g in groups]
    ref = float(np.percentile(circ, 75))
    # A layout of 4+ pips is strong evidence of its own: glossy pips with rim highlights
    # measure flatter than they are, so they get a wider margin.
    return [
        g
        for g, c in zip(groups, circ, strict=True)
        if c >= ref - (_MANY_PIPS_MARGIN if len(g.pips) >= 4 else 0.3)
    ]


def top_faces(groups: list[Group]) -> list[Group]:
    """Of groups that overlap on one die (top face + side faces), keep the top face."""
    return [g for g, _ in faces_and_others(groups)]


def faces_and_others(groups: list[Group]) -> list[tuple[Group, tuple[Group, ...]]]:
    """``top_faces``' faces, each with the groups it put aside as its die's other faces (the
    board path judges again with the camera which of them is up, ``vision.face_normal``)."""

    def score(g: Group) -> tuple[bool, float]:
        # Side faces are foreshortened: smaller, less round pips. A lone pip comes last.
        circ = mean([p.circularity for p in g.pips])
        return circ >= ROUND, g.r * circ + 0.01 * len(g.pips)

    order = sorted(groups, key=score, reverse=True)
    kept: list[tuple[Group, list[Group]]] = []
    for g in order:
        clash = None
        circ_g = mean([p.circularity for p in g.pips])
        for k, others in kept:
            d = np.hypot(g.cx - k.cx, g.cy - k.cy)
            if d < 1.75 * max(g.half, k.half):
                clash = others
                break
            circ_k = mean([p.circularity for p in k.pips])
            # A flatter group beside a rounder one is that die's side face (oblique views).
            if d < _SIDE_REACH * max(g.half, k.half) and circ_g < circ_k - _SIDE_FLATTER:
                clash = others
                break
        if clash is None:
            kept.append((g, []))
        else:
            clash.append(g)
    return [_whole_face(g, others) for g, others in kept]


def _whole_face(g: Group, others: list[Group]) -> tuple[Group, tuple[Group, ...]]:
    """A kept face whose pips all lie on a put-aside face of more pips is a part of it: one
    column of a 6 linked apart from the other, rounder than the 6 ``complete_face`` made of
    the other column (the 6's inferred pips sit on the column's pips). The larger face is read,
    with the pips found in place of those inferred where they sit."""

    def found_at(q: Pip) -> Pip | None:
        return next((p for p in g.pips if same_spot(p, q)), None)

    for o in sorted(others, key=lambda o: -len(o.pips)):
        if len(o.pips) <= len(g.pips):
            break
        at = [found_at(q) for q in o.pips]
        if sum(p is not None for p in at) == len(g.pips):
            whole = make_group([p or q for p, q in zip(at, o.pips, strict=True)], 0.0)
            return whole, tuple(x for x in others if x is not o) + (g,)
    return g, tuple(others)
