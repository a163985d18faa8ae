"""Where the reader looks for dice, and where a read die lies: its zone, on a checker or not.

::

    mask = near_board(frame.shape, homography, geometry)   # where dice are looked for
    die = place_die(reading, homography, geometry, "bottom-right", counts, to_work)
    die.zone, die.state                                      # e.g. "white_right", "flat"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from vision.board import BoardGeometry, map_point
from vision.checkers import CheckerCounts
from vision.observation import BELIEVED, ObservedDie
from vision.read_outcome import die_zone, point_confidence_at

# How far beyond the playing area (share of its width / height) a die is still looked for: the
# frame and the trays, where a die rolled out of its half lands, but not the score cards,
# clocks and scenery beside the board (fm gammon dice precision 35.7% -> 83.3%; on dev 0.2
# loses 1 of 217 dice, on the table well away from the board; 0.12 lost 7, 0.25 let the
# score cards back in). A die that only reaches in is kept (``pip_regions.reaches_mask``):
# at the edge it came and went with a few pixels' difference in the found board.
DICE_REACH = (0.2, 0.2)


def near_board(
    shape: tuple[int, ...], homography: np.ndarray, geometry: BoardGeometry
) -> np.ndarray:
    """A mask of the image (1 inside): the playing area grown by ``DICE_REACH``."""
    mx, my = DICE_REACH[0] * geometry.width, DICE_REACH[1] * geometry.height
    right, bottom = geometry.width + mx, geometry.height + my
    quad = np.array([[-mx, -my], [right, -my], [right, bottom], [-mx, bottom]], np.float64)
    pts = cv2.perspectiveTransform(quad[None], np.linalg.inv(homography))[0]
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(pts).astype(np.int32), 1)
    return mask


Box = tuple[float, float, float, float]

# A flat die's centre within ON_DISC of a counted checker's radius from its centre lies on it.
ON_DISC = 0.8
# Between ON_DISC and NEAR_DISC radii the die touches the checker's rim: a die on a checker
# whose top face the camera sees off its centre, or a die cocked against it read flat.  Its state
# is doubted (NEAR_DOUBT, under the referee's 0.6).  Renders IMG_60401-60800 (four dice each)
# board given, believed flat reads in that ring: 7 dice on a checker, 13 cocked, 3 flat; from
# 1.2 to 1.6 radii about as many flat as not (19 / 22).
NEAR_DISC = 1.2
NEAR_DOUBT = 0.5


# A disc round which this share of what shows round a die on it (``CheckerCounts.disc_board``,
# ``die_rest``) is nearer the board than either checker set is no checker under the die.
BOARD_SEEN = 0.8
# A bar disc round which this share is nearer a checker set than the board is a checker: a
# die on it lies on a checker, as sure as the bar's count.
SET_SEEN = 0.6
# A flat die on the bar, on no bar disc, round which this share of what shows is nearer a
# checker set than the bar (``CheckerCounts.bar_dice_set``) may lie on a bar checker the
# counter missed: doubted.  Bar-focused renders (seeds IMG_64001-64150, a third with a die on a
# bar checker) board given, believed flat dice on the bar: on a checker 0.59-1.0 (5 of 9; the
# other 4 not told), flat at most 0.34 (90); IMG_64001-64200: flat at most 0.61 (30).
BAR_SET_SHOWS = 0.55

# A point disc on a point the count reads empty is a circle the count dropped (the die's own
# outline and shadow), no checker, whatever its colour shows: where a set is coloured like the
# triangle (a light die on a light point) ``die_rest`` tells nothing.  Renders IMG_64001-64200
# board given: 18 of 29 flat dice asked about as on a checker lay on such a disc, no die on a
# checker did (0 of 67); held out (IMG_64201-64400), acted on / wrong: board given 634/19 ->
# 649/19 (flat dice asked as on a checker 23 -> 8), found 587/15 -> 608/15 (36 -> 15).


def _bar_board(set_share: float) -> float:
    """The share nearer the board round a bar disc (``UNTOLD`` stays)."""
    return set_share if set_share < 0 else 1.0 - set_share


def _bar_set(counts: CheckerCounts, k: int) -> bool:
    """Does bar disc ``k`` show its set round the die?"""
    return k < len(counts.bar_disc_set) and counts.bar_disc_set[k] >= SET_SEEN


def _on_missed_checker(counts: CheckerCounts, q: np.ndarray) -> bool:
    """Does a checker set show round the die centred at ``q`` on the bar
    (``CheckerCounts.bar_dice_set``, ``BAR_SET_SHOWS`` or more), with no bar disc under it: a
    bar checker the counter missed or placed elsewhere?"""
    for x, y, r, share in counts.bar_dice_set:
        if float(np.hypot(q[0] - x, q[1] - y)) < r and share >= BAR_SET_SHOWS:
            return True
    return False


def _counted(counts: CheckerCounts, i: int) -> bool:
    """Does the point that disc ``i`` was counted on (``CheckerCounts.disc_points``; a disc
    not told its point: yes) read a checker?  A disc on a point read empty is a circle the
    count dropped: a die's own outline, no checker, but only where the empty read is believed:
    a doubted empty point may be a checker the count lost under the die (integrator's fresh
    set IMG_61576, boards found: a 6 on a lone checker, the point read empty at 0.2, the die
    then believed flat)."""
    idx = counts.disc_points[i] if i < len(counts.disc_points) else None
    if idx is None or counts.point_confidence[idx] < BELIEVED:
        return True
    return counts.white[idx] + counts.black[idx] > 0


def boxes_in_work(readings: list[Any], to_work: np.ndarray) -> tuple[Box, ...]:
    """Each die's box, (x0, y0, x1, y1) in the work image's pixels (the checkers leave them out)."""
    boxes: list[Box] = []
    for r in readings:
        x0, y0, x1, y1 = r.bbox
        pts = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float64)
        w = cv2.perspectiveTransform(pts, to_work).reshape(4, 2)
        (x0, y0), (x1, y1) = w.min(axis=0), w.max(axis=0)
        boxes.append((float(x0), float(y0), float(x1), float(y1)))
    return tuple(boxes)


def loose_die(reading: Any) -> ObservedDie:
    """A die read with no board in view (a dice-only photo): it has no zone."""
    return ObservedDie(
        value=reading.value,
        bbox=tuple(int(v) for v in reading.bbox),  # type: ignore[arg-type]
        centre=(float(reading.centre[0]), float(reading.centre[1])),
        state=reading.state,
        zone=None,
        confidence=float(reading.confidence),
    )


def place_die(
    reading: Any,
    homography: np.ndarray,
    geometry: BoardGeometry,
    white_home: str,
    counts: CheckerCounts,
    to_work: np.ndarray,
    zone_at: Callable[[str], str] | None = None,
) -> ObservedDie:
    """The die as observed: its zone on the board, and ``on_checker`` when a flat die's centre
    lies on a counted checker's disc (its confidence is then no more than that point's); a flat
    die whose centre lies on the disc's rim (``ON_DISC`` to ``NEAR_DISC`` radii) is doubted, and
    so is one on a bar checker's disc (``counts.bar_discs``) unless a checker set shows round it
    (``SET_SEEN``).  A disc round which the board shows (``BOARD_SEEN``) is the die's own outline
    and is passed over, and so is one on a point read empty (``_counted``); a flat die on the
    bar on no disc, with a set showing round it (``BAR_SET_SHOWS``), is doubted
    (``checkers.die_rest``).  A faint die believed by ``vision.faint_pips`` gets its faint
    confidence back where the point (or bar) under it is not believed.

    The zone is ``zone_at(state)``: below the die's middle, against the bar the frame shows
    (``vision.die_ground.DieZones``); without it, at the top face's centre."""
    cx, cy = reading.centre
    x, y = (float(v) for v in map_point(homography, (cx, cy)))
    top_zone = die_zone(x, y, geometry, white_home)  # where the top face lies: a checker under it
    state = reading.state
    confidence = float(reading.confidence)
    if state == "flat":
        q = map_point(to_work, (cx, cy))
        # The bar's checkers too: a die on one was read flat and believed (IMG_60401-60800
        # board given: 4 of 4 dice on a bar checker, 0.16-0.29 radii from its centre).
        discs = [disc[:3] for disc in counts.discs] + list(counts.bar_discs)
        away = [float(np.hypot(q[0] - dx, q[1] - dy)) / r for dx, dy, r in discs]
        told = list(counts.disc_board) + [_bar_board(s) for s in counts.bar_disc_set]
        if len(told) == len(away):
            # A disc round which the board shows is the die's own outline, no checker.
            away = [a if t < BOARD_SEEN else np.inf for a, t in zip(away, told, strict=True)]
        for i in range(len(counts.discs)):
            if away[i] < ON_DISC and not _counted(counts, i):
                away[i] = np.inf  # a circle on a point read empty: the die's own outline
        near = min(away, default=np.inf)
        if near < ON_DISC:
            state = "on_checker"
            confidence = min(confidence, point_confidence_at(x, y, counts, geometry, white_home))
            k = away.index(near) - len(counts.discs)
            if k >= 0 and not _bar_set(counts, k):
                # A bar circle round a die may be the die taken for a bar checker (IMG_60520
                # board found: a flat die on a bare bar counted as white's second bar checker):
                # asked, not voiding the roll, unless the bar's set shows round the die.
                confidence = min(confidence, NEAR_DOUBT)
        elif near < NEAR_DISC:
            confidence = min(confidence, NEAR_DOUBT)
        elif top_zone == "bar" and _on_missed_checker(counts, q):
            confidence = min(confidence, NEAR_DOUBT)
        faint = getattr(reading, "faint", None)
        if faint is not None and point_confidence_at(x, y, counts, geometry, white_home) < BELIEVED:
            # A faint die believed (``vision.faint_pips``) on a doubted point: the count may
            # have missed a checker under it (unseen48 IMG_65145), its pips tell nothing of it.
            confidence = min(confidence, faint)
    zone = top_zone if zone_at is None else zone_at(state)
    return ObservedDie(
        value=reading.value,
        bbox=tuple(int(v) for v in reading.bbox),  # type: ignore[arg-type]
        centre=(float(cx), float(cy)),
        state=state,
        zone=zone,
        confidence=confidence,
    )
