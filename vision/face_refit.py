"""A face read in fragments, fitted whole again (dice-only photos, no board).

fudw's small blurred pips (2-3 px at the read size) fail the link test between pips of one
face in many ways (a pip's ring takes in its neighbour, a streak of marbling crosses the
path, a chain of touching dice links into one group of 12 that is then cut apart by size),
and the fragment left (a lone pip beside a like pip, a short pair) is rightly left unread.
Here such a fragment gets a second look by geometry: the pips like its own round it (not
counted by a read face) are fitted, the fragment's pips among them, to a die face's layout
on a square lattice (1-6 pips, turned freely) of the photo's face size. A face is taken only
where one subset fits closely, no like pip is left on the fitted face, and the face between
its pips is the die's body colour (chroma) all round: otherwise the fragment stays unread.

    >>> from vision.pips import Pip
    >>> def pip(x, y):
    ...     return Pip(x, y, 2.5, False, 140.0, 80.0, 220.0, 0.8)
    >>> five = [pip(50 + dx, 50 + dy) for dx, dy in ((-7, -7), (7, -7), (0, 0), (-7, 7), (7, 7))]
    >>> from vision.pip_groups import make_group
    >>> part = make_group(five[:1], 10.0)
    >>> whole = fit_face(part, five, set(), 12.0)
    >>> len(whole.pips) if whole else None
    5
"""

from __future__ import annotations

import cmath
import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

from vision.face_completion import ink_evidence
from vision.face_relook import Closer
from vision.lone_centre import _chroma
from vision.pip_groups import Group, make_group, median
from vision.pips import Pip

# Pip places of each face on the lattice (corner pips at (+-1, +-1)); 2 and 3 on a diagonal.
_CORNERS = ((-1, -1), (1, -1), (1, 1), (-1, 1))
_LAYOUTS: dict[int, tuple[complex, ...]] = {
    2: (complex(-1, -1), complex(1, 1)),
    3: (complex(-1, -1), 0j, complex(1, 1)),
    4: tuple(complex(x, y) for x, y in _CORNERS),
    5: (*(complex(x, y) for x, y in _CORNERS), 0j),
    6: tuple(complex(x, y) for x in (-1, 1) for y in (-1, 0, 1)),
}
_REACH = 3.0  # corner distances from the fragment: a face's pips lie within 2.9 of a corner
_FIT = 0.2  # rms distance of the pips from their places, in corner distances, at most
_SCALE = (0.8, 1.25)  # the fitted corner distance against the photo's faces', within
_EMPTY = 1.6  # lattice units: no like pip left within this of the fitted face's centre, per axis
_LIKE_R = 0.8  # |log| of a radius against the fragment's: like it (marbling: pips measure 2.2x)
_LIKE_INK = 0.35  # and its ink this near, in shares of the fragment's contrast
_FAINTEST = 0.45  # a face's pips contrast this much of its strongest one's at least
_PAIR_ALIKE = 0.4  # a 2 (any two pips fit its layout): |log| of its pips' contrast ratio, at most
_ROUNDEST = 0.45  # a pip added is this round at least (a side face's, seen edge-on, is not)
# Seen finer (``vision.face_relook``), fudw's recessed pips measure less round: the shadow
# on one side is resolved (the 4s and 5s of the tuning half's closer looks: 0.41-0.50).
_ROUNDEST_CLOSER = 0.35
_TWIN_LOG = 0.25  # a closer look's 2: |log| of its pips' radius and ink ratios, at most
_TWIN_ROUND = 0.6  # and both pips this round at least
_MAX_NEAR = 9  # like pips round a fragment, at most (more: a textured table, no face)
_RING = 1.35  # lattice units: the face's colour is looked at on this ring round its centre
_CHROMA_OFF = 25.0  # Lab a, b distance from the pips' own ring: another surface
_OFF_MAX = 2  # of 16 ring points off the face's chroma, at most
_BLANK_INK = 0.4  # a place of the lattice with no pip holds under this share of a pip's ink


def fit_face(
    g: Group,
    pips: list[Pip],
    taken: set[tuple[float, float]],
    ref_half: float,
    on_body: Callable[[Group, complex], bool] | None = None,
    round_min: float = _ROUNDEST,
) -> Group | None:
    """The face of 2-6 pips the fragment ``g`` is part of, or None where none fits alone.

    ``pips``: all pips found (work image), ``taken``: the (x, y) of those counted by faces
    read; ``ref_half``: half a face side as the photo's faces of 3+ pips show it (1.23 x the
    corner distance, ``make_group``). ``on_body``: a last check of a fitted face (its body
    colour, ``body_alike``). The face found has more pips than ``g``.
    """
    if ref_half <= 0:
        return None
    corner = ref_half / 1.23
    mine = list(g.pips)
    con = median([p.contrast for p in mine])
    r0 = median([p.r for p in mine])
    ink = median([p.inside for p in mine])
    ids = {(p.x, p.y) for p in mine}

    def like(q: Pip) -> bool:
        return (
            q.dark == g.dark
            and abs(math.log(q.r / r0)) < _LIKE_R
            and abs(q.inside - ink) < _LIKE_INK * con
        )

    near = [
        q
        for q in pips
        if (q.x, q.y) not in ids
        and math.hypot(q.x - g.cx, q.y - g.cy) < _REACH * corner
        and like(q)
    ]
    if len(near) > _MAX_NEAR:
        return None
    free = [q for q in near if (q.x, q.y) not in taken and q.circularity >= round_min]
    best: list[Group] = []
    fits = 0
    for n in range(6, len(mine), -1):
        for extra in itertools.combinations(free, n - len(mine)):
            ps = (*mine, *extra)
            if not _spaced(ps, corner):
                continue
            if min(p.contrast for p in ps) < _FAINTEST * max(p.contrast for p in ps):
                continue  # a pip of a shaded side face beside the top face's
            if n == 2 and abs(math.log(ps[0].contrast / ps[1].contrast)) > _PAIR_ALIKE:
                continue  # as the link asks of two pips of one face
            err, turn = _fit(ps, n, corner)
            if err > _FIT:
                continue
            if any(_on_face(q, ps, turn) for q in near if q not in extra):
                continue  # a like pip left on the face: a part of a bigger face, or of two
            fits += 1
            face = make_group(list(ps), 0.0)
            # A fit that is no die's face (ink at its blank places, another surface between
            # its pips) is no reading: a side face's pips beside the top face's lone pip fit
            # a 2 as well as its partner on the top face does.
            if on_body is None or on_body(face, turn):
                best.append(face)
        if fits:
            break  # the most pips that fit: fewer of them would be a part of that face
    return best[0] if len(best) == 1 else None  # none, or two readings of these pips


def refit_unread(
    groups: list[Group],
    pips: list[Pip],
    ref_half: float,
    value_of: Callable[[Group], int | None],
    on_body: Callable[[Group, complex], bool] | None = None,
    closer: Callable[[Group, list[Pip]], Closer | None] | None = None,
    spare: Sequence[Group] = (),
) -> list[Group]:
    """``groups`` with each unread fragment of 1-3 pips (``value_of`` None) replaced by the
    face ``fit_face`` finds it part of, where that face reads; other fragments on that face
    go. ``ref_half``: the photo's faces' half side (work pixels). ``closer``: where no face
    fits, the pips round the fragment searched again finer (``vision.face_relook``; given the
    fragment and the pips read faces took), fitted the same way. ``spare``: groups of pips
    put aside as no die's face (their layout, pips of their kind left on them): each is
    tried as a fragment after the unread ones, and kept only as the face fitted."""
    # Faces of 4+ pips are never fragments: their pips count as taken, read or not.
    read = [len(g.pips) > 3 or value_of(g) is not None for g in groups]
    taken = [p for g, ok in zip(groups, read, strict=True) if ok for p in g.pips]
    out: list[Group] = []
    faces: list[Group] = []
    tries = [(g, ok, True) for g, ok in zip(groups, read, strict=True)]
    for g, ok, kept in tries + [(g, False, False) for g in spare]:
        if ok or any(_on_pips(p, taken) for p in g.pips):
            if kept:
                out.append(g)
            continue
        at = {(p.x, p.y) for p in taken}
        face = fit_face(g, pips, at, ref_half, on_body)
        if face is None and closer is not None:
            look = closer(g, taken)
            if look is not None:
                # A pip the read found that the closer look did not (merged with a
                # neighbour there, or cut at the crop's edge) still counts.
                reach = 2 * _REACH * ref_half / 1.23  # fit_face looks within half of it
                round_g = [q for q in pips if math.hypot(q.x - g.cx, q.y - g.cy) < reach]
                missed = [q for q in round_g if not _on_pips(q, look.pips)]
                gone = look.taken | {(q.x, q.y) for q in missed if (q.x, q.y) in at}
                face = fit_face(
                    look.fragment, look.pips + missed, gone, ref_half, on_body, _ROUNDEST_CLOSER
                )
                # Any two pips a diagonal apart fit a 2: seen finer, among the specks a
                # closer look finds, that says too little unless the two are one kind of
                # pip, both round (a 2 whose second pip the read missed).
                face = face if face is not None and (len(face.pips) > 2 or _twin(face)) else None
        if face is None or value_of(face) is None:
            if kept:
                out.append(g)
            continue
        out.append(face)
        faces.append(face)
        taken += face.pips
    # An unread fragment on a fitted face is that face's part, read already.
    face_pips = [p for face in faces for p in face.pips]
    return [
        g
        for g in out
        if any(g is face for face in faces) or not any(_on_pips(p, face_pips) for p in g.pips)
    ]


def _twin(face: Group) -> bool:
    """Are a 2's pips, seen finer, twins: like in size and ink, and both round? Specks of
    marbling or a side face's edge-on pips are not (fudw's tuning half: a 2's pips seen
    finer measure 2.8 / 2.8 px, 174 / 169 ink, 0.76 / 0.81 round)."""
    if len(face.pips) != 2:
        return False
    p, q = face.pips
    return (
        abs(math.log(p.r / q.r)) < _TWIN_LOG
        and abs(math.log(p.contrast / q.contrast)) < _TWIN_LOG
        and min(p.circularity, q.circularity) >= _TWIN_ROUND
    )


def _on_pips(p: Pip, others: list[Pip]) -> bool:
    """Is ``p`` one of ``others`` (the same spot, perhaps found again: within the larger
    radius)?"""
    return any(math.hypot(p.x - q.x, p.y - q.y) <= max(p.r, q.r) for q in others)


def _fit(ps: tuple[Pip, ...], n: int, corner: float) -> tuple[float, complex]:
    """How well the pips ``ps`` sit on face ``n``'s layout: the rms distance of each from its
    place (in corner distances; inf outside the size range), and the lattice unit as a
    complex number (its turn and length) that fits them best."""
    z = [complex(p.x, p.y) for p in ps]
    c = sum(z) / n
    z = [v - c for v in z]
    lay = _LAYOUTS[n]
    norm = sum(abs(w) ** 2 for w in lay)
    unit0 = corner / math.sqrt(2)
    best = (math.inf, 0j)
    # One pip off the centre paired with each place gives the turns to try (it has one of
    # them); the pips are then given their nearest places (one each), and the best turn
    # and scale for that pairing fitted.
    for v in [next((a for a in z if abs(a) >= 0.3 * corner), 0j)]:
        for w in lay:
            if w == 0:
                continue
            turn = cmath.exp(1j * (cmath.phase(v) - cmath.phase(w))) * unit0
            spots = [turn * w for w in lay]
            places = [min(range(n), key=[abs(u - s) for s in spots].__getitem__) for u in z]
            if len(set(places)) != n:
                continue
            q = sum(a * lay[k].conjugate() for a, k in zip(z, places, strict=True)) / norm
            size = abs(q) * math.sqrt(2)
            if not _SCALE[0] * corner <= size <= _SCALE[1] * corner:
                continue
            rms = math.sqrt(
                sum(abs(a - q * lay[k]) ** 2 for a, k in zip(z, places, strict=True)) / n
            )
            if rms / size < best[0]:
                best = (rms / size, q)
    return best


def _spaced(ps: tuple[Pip, ...], corner: float) -> bool:
    """Could the pips ``ps`` lie on one face of the photo's size: every two a lattice step
    apart at least and a diagonal at most (``_SCALE`` either way)? A cheap test first."""
    lo = _SCALE[0] * corner / math.sqrt(2) * 0.8
    hi = _SCALE[1] * corner * 2 * 1.1
    return all(
        lo <= math.hypot(p.x - q.x, p.y - q.y) <= hi for i, p in enumerate(ps) for q in ps[i + 1 :]
    )


def _on_face(q: Pip, ps: tuple[Pip, ...], unit: complex) -> bool:
    """Does ``q`` lie on the face the pips ``ps`` make (lattice unit ``unit``)?"""
    c = sum(complex(p.x, p.y) for p in ps) / len(ps)
    u = (complex(q.x, q.y) - c) / unit
    return abs(u.real) < _EMPTY and abs(u.imag) < _EMPTY


def face_check(gray: np.ndarray, bgr: np.ndarray, f: float) -> Callable[[Group, complex], bool]:
    """The last check of ``fit_face``: is the fitted face (work pixels, ``gray`` the work
    image; ``f`` its scale in the image ``bgr``; ``unit`` its lattice unit as a complex
    number) a die's face?

    - Its places that carry no pip on this face (a 2's middle and other corners) are plain
      face: no pip's ink there (a 3's or 5's middle pip the search missed leaves its ink,
      and the face is not a 2 or a 4).
    - Round its centre, off the pips, it is the body colour round its pips (chroma): two
      dice's pips make no face, the table or the other die shows between them.
    """

    def check(g: Group, unit: complex) -> bool:
        c = complex(g.cx, g.cy)
        placed = {_place(complex(p.x, p.y) - c, unit) for p in g.pips}
        face = median([p.face for p in g.pips])
        con = median([p.contrast for p in g.pips])
        rad = max(1, int(round(0.6 * g.r)))
        for x in (-1, 0, 1):
            for y in (-1, 0, 1):
                if (x, y) in placed:
                    continue
                z = c + unit * complex(x, y)
                ink = ink_evidence(gray, z.real, z.imag, rad, face, con, g.dark)
                if ink > _BLANK_INK:
                    return False
        return _body_alike(bgr, f, g, abs(unit))

    return check


def _place(v: complex, unit: complex) -> tuple[int, int]:
    """The lattice place (-1..1, -1..1) nearest the offset ``v`` from a face's centre."""
    u = v / unit
    return (max(-1, min(1, round(u.real))), max(-1, min(1, round(u.imag))))


def _body_alike(bgr: np.ndarray, f: float, g: Group, unit: float) -> bool:
    """Points on a ring ``_RING`` lattice units round the face's centre, off its pips,
    against rings round its pips in chroma (Lab a, b): ``_OFF_MAX`` of 16 off at most."""
    rad = _RING * unit
    turns = [2 * math.pi * k / 16 for k in range(16)]
    far = [(g.cx + rad * math.cos(a), g.cy + rad * math.sin(a)) for a in turns]
    far = [(x, y) for x, y in far if all(math.hypot(x - p.x, y - p.y) > 1.5 * p.r for p in g.pips)]
    if not far:
        return True
    ring = [
        (p.x + d * p.r * math.cos(a), p.y + d * p.r * math.sin(a))
        for p in g.pips
        for a in turns[::2]
        for d in (2.2, 2.8)
    ]
    face = np.median(_chroma(bgr, [(x / f, y / f) for x, y in ring]), axis=0)
    dist = np.linalg.norm(_chroma(bgr, [(x / f, y / f) for x, y in far]) - face, axis=1)
    return int(np.count_nonzero(dist > _CHROMA_OFF)) <= _OFF_MAX
