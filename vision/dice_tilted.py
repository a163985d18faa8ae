"""Tilted dice found, not read: pips that sit together like one die's but make no face.

A cocked die shows two or three faces at once, each foreshortened, so its pips rarely link
into one face that reads: they fail the layout check, are split apart, or a side face's pip
lies on the top face as a stray. The finder then dropped the die altogether, and the referee
never heard of it. Here, with the die's size known (a board read), the pips left over after
the faces were read are clustered; a cluster of a die's extent with a few pips alike in
polarity and size is returned as a die whose value is not read (``vision.dice`` gives it value
None). The referee asks about an unread die; a die it never hears of it cannot ask about.
``loose_dice`` looks wider (clusters of spots as round as pips on average, up to two faces
wide) for candidates that only the learned cocked-die model may make dice of: a cocked die
whose two faces show square enough to the camera to make a cluster no face reads.

    >>> from vision.pips import Pip
    >>> def pip(x, y):
    ...     return Pip(x, y, 3.0, True, 60.0, 200.0, 140.0, 0.8)
    >>> from vision.pip_groups import make_group
    >>> read = [make_group([pip(300, 0), pip(320, 20)], 0.0)]
    >>> left = [pip(0, 0), pip(9, 4), pip(4, 14), pip(200, 0)]
    >>> [len(g.pips) for g in tilted_dice(left, read, 44.0)]
    [3]
"""

from __future__ import annotations

import math

import numpy as np

from vision.pip_groups import Group, Linked, median
from vision.pips import Pip

_REACH = 0.5  # die sides: a pip of one die lies this near another of its pips
_EXTENT = 1.3  # die sides: the pips a tilted die shows span at most this
_MIN_PIPS = 3  # fewer pips left over are no evidence of a die
_ROUND = 0.45  # pips this round at least (a side face's are flat, an edge-on one's dashes)
_SIZE_SPREAD = 0.5  # |log| of a pip's radius against the cluster's median, at most
_NEAR_READ = 1.0  # die sides: leftovers this near a die read are its own side faces
_MEAN_ROUND = 0.63  # the cluster's pips this round on average (spots on a marker's cells ~0.6)
_LIKE_READ = 0.25  # |log| of the cluster's pip radius against the read faces' pips, at most
# ``loose_dice``: a cocked die showing two faces square enough to the camera makes one cluster
# of pips as round as a die's (texture and print: 0.2-0.3) that no face reads; within this
# extent (die sides: two faces side by side ~1.4) and with pips no bigger than a die's (the
# board's markers and logos: 0.11-0.15 die sides).
_LOOSE_ROUND = 0.45
_LOOSE_EXTENT = 1.6
_LOOSE_MAX_R = 0.105
# Its pips as the faces read in the photo show them: of their polarity, their radius within
# this |log| (a flat die's side face beside it: x0.53) and at least this share of their
# contrast (a real board's print: fm gammon's lettering 0.23-0.49 with a read face's pips).
_LOOSE_LIKE_R = 0.5
_LOOSE_CONTRAST = 0.5
# ``alone_dice``: a die's pip radius against its side where no face was read to tell it:
# the median of read faces' pips on renders (IMG_75801-75900 and dev's first 100 boards,
# board given: 0.066-0.086 for 80% of faces, median 0.076 on both).
ALONE_PIP_R = 0.076
# A cluster this near (die sides) a lone pip or unread die read is that die's other face
# (a cocked 5 beside its unread top, IMG_75900: 1.1 apart); a cocked die spans up to 1.6.
ALONE_APART = 1.6
# Its confidence at most: asked, never believed (a cocked 4 split to a flat 4 at 1.0,
# IMG_75953), and under ``faint_pips.FAINT_FLOOR`` so that no rule lifts it.
ALONE_CONFIDENCE = 0.3
# Measured (session 32, board given; dice already read identical on every image): tuned
# IMG_75801-76100 recall 97.0 -> 97.3% (+2 cocked dice, no phantom), held out IMG_76101-76400
# 96.3 -> 96.6% (+2, no phantom; boards found 96.0 -> 96.2%, +1), /tmp/unseen51 96.9 -> 97.1%
# (+1), /tmp/unseen52 96.3 -> 96.5% (+1); dev, the paper webcam and fm gammon (boards found)
# identical; die states acted on / wrong unchanged everywhere.
_MANY_PIPS = 40  # ``_clusters``: from this many pips numpy's components beat the join loop


def tilted_dice(
    pips: list[Pip], read: list[Group], die_px: float, pip_r: float | None = None
) -> list[Group]:
    """Clusters of the ``pips`` not counted in the faces ``read`` (work pixels, die side
    ``die_px``) that look like one die's: at least three pips of one polarity, alike in size,
    within a die's extent, and not beside a die read. The dice of a photo share their pips'
    size: without a face of 2+ pips read there is no size to hold the cluster to, and none is
    returned (a marker's cells, a card's print make clusters of spots too), unless ``pip_r``
    gives it (``alone_dice``)."""
    sizes = [p.r for g in read if len(g.pips) > 1 for p in g.pips]
    if sizes:
        ref_r = median(sizes)
    elif pip_r is not None:
        ref_r = pip_r
    else:
        return []
    used = {(p.x, p.y) for g in read for p in g.pips}
    left = [
        p
        for p in pips
        if (p.x, p.y) not in used
        and p.circularity >= _ROUND
        and all(math.hypot(p.x - g.cx, p.y - g.cy) > _NEAR_READ * die_px for g in read)
    ]
    found = []
    for dark in (True, False):
        ps = [p for p in left if p.dark == dark]
        for cluster in _clusters(ps, _REACH * die_px):
            if len(cluster) < _MIN_PIPS:
                continue
            r0 = median([p.r for p in cluster])
            alike = [p for p in cluster if abs(math.log(p.r / r0)) <= _SIZE_SPREAD]
            if len(alike) < _MIN_PIPS or _extent(alike) > _EXTENT * die_px:
                continue
            if sum(p.circularity for p in alike) / len(alike) < _MEAN_ROUND:
                continue
            if abs(math.log(median([p.r for p in alike]) / ref_r)) > _LIKE_READ:
                continue
            cx = sum(p.x for p in alike) / len(alike)
            cy = sum(p.y for p in alike) / len(alike)
            found.append(Group(tuple(alike), cx, cy, 0.5 * die_px))
    # Two faces of one die may make two clusters: the one with more pips stands for the die.
    return _most_pips_apart(found, die_px)


def alone_dice(pips: list[Pip], read: list[Group], die_px: float) -> list[Group]:
    """``tilted_dice`` where no face of 2+ pips was read in the frame (no pip size to hold a
    cluster to): the pips' radius is then taken from the die's side (``ALONE_PIP_R``), and the
    cluster lies ``ALONE_APART`` from every die read. A cocked die alone on the board, or
    beside a 1, showed its pips plainly and was never seen. Returned apart from the faces
    read: nothing read is measured against them; ``vision.dice`` reads them at
    ``ALONE_CONFIDENCE`` at most.

    >>> from vision.pips import Pip
    >>> def pip(x, y):
    ...     return Pip(x, y, 3.3, True, 60.0, 200.0, 140.0, 0.8)
    >>> left = [pip(0, 0), pip(9, 4), pip(4, 14)]
    >>> [len(g.pips) for g in alone_dice(left, [], 44.0)], tilted_dice(left, [], 44.0)
    ([3], [])
    """
    if any(len(g.pips) > 1 for g in read):
        return []
    return [
        c
        for c in tilted_dice(pips, read, die_px, ALONE_PIP_R * die_px)
        if all(math.hypot(c.cx - g.cx, c.cy - g.cy) > ALONE_APART * die_px for g in read)
    ]


def loose_dice(pips: list[Pip], read: list[Group], die_px: float) -> list[Group]:
    """Clusters of the ``pips`` (work pixels, die side ``die_px``) that no face in ``read``
    (nor ``tilted_dice``) took and that lie no nearer than a die side to one: at least three
    pips of one polarity, as round as a die's on average, within a cocked die's extent, none
    bigger than a die's pips, like the pips of the faces read (2+ pips: without one, no
    candidate) in polarity, size and contrast. Candidates only: the reader keeps one as a
    die only when the learned model calls it cocked (``vision.dice_tilt.LOOSE_THRESHOLD``),
    since a board's print makes such clusters too.

    >>> from vision.pips import Pip
    >>> def pip(x, y):
    ...     return Pip(x, y, 3.0, True, 60.0, 200.0, 140.0, 0.6)
    >>> spots = [pip(0, 0), pip(12, 0), pip(30, 10), pip(300, 0)]
    >>> from vision.pip_groups import make_group
    >>> read = [make_group([pip(300, 200), pip(320, 220)], 0.0)]
    >>> [len(g.pips) for g in loose_dice(spots, read, 44.0)], loose_dice(spots, [], 44.0)
    ([3], [])
    """
    faces = [p for g in read if len(g.pips) > 1 for p in g.pips]
    if not faces:
        return []
    ref_r, ref_con = median([p.r for p in faces]), median([p.contrast for p in faces])
    used = {(p.x, p.y) for g in read for p in g.pips}
    left = [
        p
        for p in pips
        if (p.x, p.y) not in used
        and all(math.hypot(p.x - g.cx, p.y - g.cy) > _NEAR_READ * die_px for g in read)
    ]
    found = []
    for dark in {p.dark for p in faces}:  # the polarity of the faces read
        for c in _clusters([p for p in left if p.dark == dark], _REACH * die_px):
            if len(c) < _MIN_PIPS or sum(p.circularity for p in c) / len(c) < _LOOSE_ROUND:
                continue
            r = median([p.r for p in c])
            if _extent(c) > _LOOSE_EXTENT * die_px or r > _LOOSE_MAX_R * die_px:
                continue
            if abs(math.log(r / ref_r)) > _LOOSE_LIKE_R:
                continue
            if median([p.contrast for p in c]) < _LOOSE_CONTRAST * ref_con:
                continue
            cx = sum(p.x for p in c) / len(c)
            cy = sum(p.y for p in c) / len(c)
            found.append(Group(tuple(c), cx, cy, 0.5 * die_px))
    # A die's dark and light spots may make a cluster each: the one with more pips stands.
    return _most_pips_apart(found, die_px)


def _most_pips_apart(found: list[Group], die_px: float) -> list[Group]:
    """The groups, most pips first, each kept only if no kept one lies within a die's reach."""
    out: list[Group] = []
    for g in sorted(found, key=lambda g: -len(g.pips)):
        if all(math.hypot(g.cx - k.cx, g.cy - k.cy) > _NEAR_READ * die_px for k in out):
            out.append(g)
    return out


def _clusters(ps: list[Pip], reach: float) -> list[list[Pip]]:
    """Single-linkage clusters of the pips at ``reach``: each cluster's pips in their order in
    ``ps``, the clusters ordered by their first pip. A few dozen pips are joined pair by pair
    from their distance matrix (cheapest there); more (a textured frame's few hundred spots,
    where the join loop cost ~5-9 ms) go to ``_components``, all in numpy, for the same result.

    >>> from vision.pips import Pip
    >>> def pip(x, y):
    ...     return Pip(x, y, 3.0, True, 60.0, 200.0, 140.0, 0.8)
    >>> [[p.x for p in c] for c in _clusters([pip(0, 0), pip(50, 0), pip(9, 0)], 10.0)]
    [[0, 9], [50]]
    """
    n = len(ps)
    if n == 0:
        return []
    if n < _MANY_PIPS:
        xy = np.array([[p.x, p.y] for p in ps])
        near = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) <= reach
        links = Linked(n)
        for i, j in zip(*np.nonzero(np.triu(near, 1)), strict=True):
            links.join(int(i), int(j))
        return [[ps[i] for i in group] for group in links.groups()]
    label = _components(np.array([p.x for p in ps]), np.array([p.y for p in ps]), reach)
    order = np.argsort(label, kind="stable")  # by cluster (its first pip), then by index
    # Plain lists from here: indexing ``ps`` with numpy ints and np.split cost ~0.2 ms.
    at = [0, *(np.flatnonzero(np.diff(label[order])) + 1).tolist(), n]
    idx = order.tolist()
    return [[ps[i] for i in idx[a:b]] for a, b in zip(at, at[1:], strict=False)]


def _components(x: np.ndarray, y: np.ndarray, reach: float) -> np.ndarray:
    """Each point's component label, the smallest index in its component, where points with
    ``hypot(dx, dy) <= reach`` (numpy's, as the distance matrix tests it) are linked: the pairs
    from a sweep along x (no n x n matrix), then min-label propagation with pointer jumping.

    >>> _components(np.array([0.0, 50.0, 9.0, 59.0]), np.zeros(4), 10.0).tolist()
    [0, 1, 0, 1]
    """
    n = len(x)
    label = np.arange(n)
    by_x = np.argsort(x, kind="stable")
    xs = x[by_x]
    # Candidate pairs: within reach along x (with a hair of slack; the exact test follows).
    hi = np.searchsorted(xs, xs + reach + 1e-9 * (1.0 + abs(reach) + np.abs(xs)), side="right")
    counts = hi - np.arange(n) - 1
    total = int(counts.sum())
    if total == 0:
        return label
    a = np.repeat(np.arange(n), counts)
    b = a + 1 + np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    i, j = by_x[a], by_x[b]
    near = np.hypot(x[i] - x[j], y[i] - y[j]) <= reach  # as the n x n matrix tested it
    i, j = i[near], j[near]
    while True:
        low = np.minimum(label[i], label[j])
        new = label.copy()
        np.minimum.at(new, i, low)
        np.minimum.at(new, j, low)
        new = new[new]
        while not np.array_equal(new, new[new]):
            new = new[new]
        if np.array_equal(new, label):
            return label
        label = new


def _extent(ps: list[Pip]) -> float:
    """The largest distance between two of the pips."""
    return max(math.hypot(a.x - b.x, a.y - b.y) for a in ps for b in ps)
