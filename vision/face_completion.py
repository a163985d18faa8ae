"""Completing a die face whose pips were partly missed: a 6 seen as a 4 (its middle pips
found half way between pips one side apart), and, the die size known, a face fitted to the
3x3 pip grid with each node judged for a pip. Split from ``vision.dice`` for size."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from vision.pip_groups import Group, layout_ok, make_group, median, same_spot
from vision.pips import Pip


def patch_median(patch: np.ndarray) -> float:
    """``float(np.median(patch))`` of a small 8-bit patch (numpy's mean of the middle pair is
    taken in float64, as here); other types go to numpy."""
    if patch.dtype != np.uint8 or patch.size == 0:
        return float(np.median(patch))
    s = np.sort(patch, axis=None)
    n = s.size
    return float(s[n // 2]) if n % 2 else (float(s[n // 2 - 1]) + float(s[n // 2])) / 2


def ink_evidence(
    gray: np.ndarray, x: float, y: float, rad: int, face: float, contrast: float, dark: bool
) -> float:
    """How much of the pips' ink the (2 ``rad`` + 1)-square patch at (x, y) holds, as a share
    of the pips' ``contrast`` against their ``face``: about 0 on plain face, 1 on a pip; NaN
    where the patch leaves the image."""
    h, w = gray.shape
    xi, yi = int(round(x)), int(round(y))
    if not (rad <= xi < w - rad and rad <= yi < h - rad):
        return float("nan")
    v = patch_median(gray[yi - rad : yi + rad + 1, xi - rad : xi + rad + 1])
    return (face - v if dark else v - face) / max(contrast, 1e-6)


def farthest_pair(pips: Sequence[Pip]) -> tuple[Pip, Pip]:
    """The two pips farthest apart (the first such pair in order); at least two pips."""
    return max(
        ((p, q) for i, p in enumerate(pips) for q in pips[i + 1 :]),
        key=lambda pq: math.hypot(pq[0].x - pq[1].x, pq[0].y - pq[1].y),
    )


def complete_six(gray: np.ndarray, g: Group) -> Group:
    """A 6 whose middle pips were missed looks like a 4 (or a broken 5): look for pips half
    way between pips one side apart, and return the 6 if that makes one."""
    ps = list(g.pips)
    d = np.array([[math.hypot(a.x - b.x, a.y - b.y) for b in ps] for a in ps])
    side = median(np.sort(d, axis=1)[:, 1].tolist())  # nearest-neighbour spacing
    h, w = gray.shape
    r = g.r
    face = median([p.face for p in ps])
    contrast = median([p.contrast for p in ps])
    found: list[Pip] = []
    for i in range(len(ps)):
        for j in range(i + 1, len(ps)):
            # Up to 1.5 sides: some makers set the two columns of a 6 closer than its rows.
            if not (0.75 * side <= d[i, j] <= 1.5 * side and d[i, j] > 3.2 * r):
                continue
            mx, my = (ps[i].x + ps[j].x) / 2, (ps[i].y + ps[j].y) / 2
            if any(math.hypot(p.x - mx, p.y - my) < 1.5 * r for p in ps + found):
                continue
            rr = max(1, int(0.6 * r))
            x0, x1 = max(0, int(mx) - rr), min(w, int(mx) + rr + 1)
            y0, y1 = max(0, int(my) - rr), min(h, int(my) + rr + 1)
            v = patch_median(gray[y0:y1, x0:x1])
            dev = face - v if g.dark else v - face
            if dev > 0.5 * contrast:
                q = ps[i]
                found.append(
                    Pip(mx, my, r, g.dark, dev, face, v, q.circularity)  # inferred pip
                )
    if len(ps) + len(found) == 6:
        six = make_group(ps + found, 0.0)
        if layout_ok(six):
            return six
    return g


# Die faces as sets of nodes (i, j) of the 3x3 pip grid, i, j in -1..1 along the face's axes.
_CORNERS = frozenset({(-1, -1), (-1, 1), (1, -1), (1, 1)})
_FACES: tuple[tuple[int, frozenset[tuple[int, int]]], ...] = (
    (1, frozenset({(0, 0)})),
    (2, frozenset({(-1, -1), (1, 1)})),
    (2, frozenset({(-1, 1), (1, -1)})),
    (3, frozenset({(-1, -1), (0, 0), (1, 1)})),
    (3, frozenset({(-1, 1), (0, 0), (1, -1)})),
    (4, _CORNERS),
    (5, _CORNERS | {(0, 0)}),
    (6, _CORNERS | {(-1, 0), (1, 0)}),
    (6, _CORNERS | {(0, -1), (0, 1)}),
)
_NODES = tuple((i, j) for i in (-1, 0, 1) for j in (-1, 0, 1))
_GRID_STEP = (0.16, 0.32)  # pip grid step over the die side (measured 0.22-0.25 on renders)
_PIP_SEEN = 0.45  # a node darker than the face by this share of the pips' contrast has a pip
_PIP_ABSENT = 0.3  # and one under this share has none
# Between the pips a face may show up to this share of the contrast away from the pips' ink:
# their ring (the face they are measured on) takes in their blurred rims, so a blurred face
# reads lighter than it is round dark pips (darker round light pips) between them.
_CELL_OFF = 0.5
_RIM = 1.55  # grid steps out along the diagonals: face beyond the corner pips


def complete_face(gray: np.ndarray, g: Group, die_px: float) -> Group:
    """Pips too faint to be found alone (blur, a pale pip on a pale face) leave a face short:
    a 4 read as a 2. Fit the 3x3 pip grid of a die face (step from the die size) through the
    pips found, look at every grid node, and return the face whose pips all show and whose
    other nodes are plain, if that face has more pips than found and the face goes on past
    the grid's corners (no marks of the pips' ink there). Unchanged otherwise."""
    ps = list(g.pips)
    n = len(ps)
    if not 2 <= n <= 5:
        return g
    face = median([p.face for p in ps])
    contrast = median([p.contrast for p in ps])
    r = g.r
    rr = max(1, int(round(0.6 * r)))

    def evidence(x: float, y: float, rad: int = rr) -> float:
        return ink_evidence(gray, x, y, rad, face, contrast, g.dark)

    a, b = farthest_pair(ps)
    length = math.hypot(a.x - b.x, a.y - b.y)
    phi = math.atan2(b.y - a.y, b.x - a.x)
    best: tuple[float, int, list[Pip]] | None = None
    # The farthest pair is one or two grid steps apart, along an axis or a diagonal.
    for steps, diagonal in ((1, False), (2, False), (1, True), (2, True)):
        step = length / (steps * (math.sqrt(2) if diagonal else 1.0))
        if not (_GRID_STEP[0] * die_px <= step <= _GRID_STEP[1] * die_px):
            continue
        theta = phi - (math.pi / 4 if diagonal else 0.0)
        # Grid axes as plain floats (2-vectors in numpy cost more than the arithmetic; the
        # operations and their order are the same, so are the results).
        e1x, e1y = math.cos(theta) * step, math.sin(theta) * step
        e2x, e2y = -math.sin(theta) * step, math.cos(theta) * step
        for i0, j0 in _NODES:  # where pip a sits on the grid
            cx, cy = a.x - i0 * e1x - j0 * e2x, a.y - i0 * e1y - j0 * e2y
            nodes = {(i, j): (cx + i * e1x + j * e2x, cy + i * e1y + j * e2y) for i, j in _NODES}
            on: set[tuple[int, int]] = set()
            for p in ps:
                # The first node within reach (the test stops there).
                hit = next(
                    (k for k, (x, y) in nodes.items() if math.hypot(x - p.x, y - p.y) < 0.3 * step),
                    None,
                )
                if hit is None:
                    break
                on.add(hit)
            else:
                # The three tests below only refuse a grid, so the cheap 3 x 3 patches of the
                # cells and the rim go first (most grids fail there), each stopping at its
                # first failing patch; NaN (a patch off the image) fails as it did.
                # Between the pips the face is plain on every face: a grid laid over checkers
                # or a board's print is not.
                if not all(
                    -_CELL_OFF
                    < evidence(cx + 0.5 * (i * e1x + j * e2x), cy + 0.5 * (i * e1y + j * e2y), 1)
                    < _PIP_ABSENT
                    for i in (-1, 1)
                    for j in (-1, 1)
                ):
                    continue
                # A die's face goes on past its corner pips (a face is about 4 steps wide);
                # a letter of a board's print holding light spots ends there (2 -> 3 on the
                # "g" of a board's name, 9 phantom 3s on the renders).
                if not all(
                    evidence(cx + _RIM * (i * e1x + j * e2x), cy + _RIM * (i * e1y + j * e2y), 1)
                    < _PIP_ABSENT
                    for i in (-1, 1)
                    for j in (-1, 1)
                ):
                    continue
                ev = {k: 1.0 if k in on else evidence(*xy) for k, xy in nodes.items()}
                if any(math.isnan(v) for v in ev.values()):
                    continue
                for value, pattern in _FACES:
                    if not on <= pattern or value <= n:
                        continue
                    support = min(ev[k] for k in pattern)
                    leak = max((ev[k] for k in _NODES if k not in pattern), default=0.0)
                    if support < _PIP_SEEN or leak > _PIP_ABSENT:
                        continue
                    margin = support - leak
                    if best is None or margin > best[0]:
                        extra = [
                            Pip(
                                np.float64(nodes[k][0]),
                                np.float64(nodes[k][1]),
                                r,
                                g.dark,
                                ev[k] * contrast,
                                face,
                                face,
                                1.0,
                            )
                            for k in pattern - on
                        ]
                        best = (margin, value, extra)
    if best is None:
        return g
    return make_group(ps + best[2], 0.0)


def adopt_found(g: Group, lone: Sequence[Pip]) -> Group:
    """A completed face with each inferred pip swapped for a ``lone`` pip (found, linked to
    no other) at its place (of its polarity, within the larger radius): such a pip is one of
    the face's, not a stray beside it (a 5 completed from a 2 was dropped for its own corner
    pips). A pip of another face found there is no pip of this one: left a stray.
    Unchanged where nothing is found there. Board reads only (``vision.dice`` passes no
    pips without a die size: on the dice-only photos a die was lost).

    >>> from vision.pip_groups import make_group
    >>> found = Pip(10.0, 10.0, 2.0, True, 60.0, 200.0, 140.0, 0.9)
    >>> inferred = Pip(10.5, 9.5, 2.0, True, 50.0, 200.0, 200.0, 1.0)
    >>> other = Pip(20.0, 20.0, 2.0, True, 60.0, 200.0, 140.0, 0.9)
    >>> adopt_found(make_group([inferred, other], 0.0), [found]).pips == (found, other)
    True
    """
    own = {(p.x, p.y) for p in g.pips}  # (a pip found twice is the face's own)
    loose = [p for p in lone if (p.x, p.y) not in own]
    out: list[Pip] = []
    swapped = False
    for q in g.pips:
        p = next(
            (p for p in loose if p.dark == q.dark and same_spot(p, q)),
            None,
        )
        if p is not None and all(p is not o for o in out):
            out.append(p)
            swapped = True
        else:
            out.append(q)
    return make_group(out, 0.0) if swapped else g
