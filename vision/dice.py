"""Dice reading: find dice in a photo (with or without a board) and read their top faces.

Pipeline: pip candidates (``vision.pips``) -> link pips that sit on one face (same polarity, similar
size, similar face brightness, and a clean face between them) -> groups (``vision.face_groups``) ->
keep the top face of each die (side faces seen obliquely give foreshortened pips) -> faces completed
where pips were missed (``vision.face_completion``) -> value from the pip layout -> state (flat /
cocked) from the face's shape and size. A face whose pips cannot tell the die's value (a fragment, a
tilted die, a side face beside a logo: ``vision.dice_doubt``) is returned with
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
from functools import partial

import cv2
import numpy as np

from vision.cocked_strays import stray_pips
from vision.dice_doubt import unreadable
from vision.dice_tilt import TiltCues, classify_state, model_call, tilt_cues
from vision.dice_tilted import ALONE_CONFIDENCE, alone_dice, loose_dice, tilted_dice
from vision.face_colour import (
    FACE_CHROMA_SPREAD,
    FACE_LIGHT_SPREAD,
    MIDDLE_OFF,
    PIP_HUE_OFF,
    RING_AT,
    middle_off,
    pip_grey,
    pip_hue_off,
    ring_spreads,
)
from vision.face_completion import adopt_found, complete_face, complete_six
from vision.face_groups import LINK_R as _LINK_R
from vision.face_groups import ROUND as _ROUND
from vision.face_groups import consensus as _consensus
from vision.face_groups import faces_and_others as _faces_and_others
from vision.face_groups import link_pips as _link
from vision.face_groups import split_mixed as _split_mixed
from vision.face_normal import OtherFace, loose_spots
from vision.face_plain import face_plain as _face_plain
from vision.face_refit import face_check, refit_unread
from vision.face_relook import closer_look
from vision.face_split import split_unread
from vision.hued_dice import hued_dice
from vision.logo_faces import read_logos
from vision.lone_body import body_alike, hued
from vision.lone_centre import off_centre, paired
from vision.lone_die import proven_ones
from vision.lone_luma import lone_tries, luma_window, second_look
from vision.lone_pips import accept_singles as _accept_singles
from vision.pip_groups import Group as _Group
from vision.pip_groups import layout_ok as _layout_ok
from vision.pip_groups import make_group as _make_group
from vision.pip_groups import mean as _mean
from vision.pip_groups import median as _median
from vision.pip_regions import mask_box, pips_in, reaches_mask
from vision.pips import Pip, find_pips
from vision.top_lattice import near_pips, pip_table

STATES = ("flat", "cocked")
_WORK_MAX_SIDE = 1000.0  # no board: photos are read at most this big
_WORK_DIE_PX = 44.0  # board: dice are read at about this size (small ones are enlarged)
_MIN_ROUND = 0.45  # below this the pips lie on a face seen nearly edge-on
_MAX_PIPS = 400
_ROUND_SIZED = 0.75  # board reads: a lone pip this round at least (renders: right 1s >= 0.8)
_EDGE_HALVES = 0.8  # a face centre this close to the frame edge (in half sides) is cut


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
    # Pips near the die of its pips' size that no face counted (x, y, r), with a die size:
    # a cocked die's raised side face shows them (``vision.cocked_strays``).
    strays: tuple[tuple[float, float, float], ...] = ()
    others: tuple[OtherFace, ...] = ()  # faces put aside on this die (board reads)
    # Pips that made no face (``dice_tilted.loose_dice``): a die only if judged cocked.
    loose: bool = False
    # A die left unread whose top face ``vision.face_split`` split out: the reading as it was,
    # which restate (``vision.dice_tilt``) judges flat / cocked and goes back to where the
    # split face can be no top there; None once restate has judged it.
    unsplit: DieReading | None = None
    # A faint flat die believed (``vision.faint_pips``): its confidence from the pips' contrast,
    # given back where the point under the die is doubted (``dice_place.place_die``).
    faint: float | None = None
    # The cocked model's views restate scored on the die (``dice_tilt.ModelCall.views``; at this
    # centre, tilt cues and frame): ``faint_pips`` continues from them. () where none were.
    views: tuple[float, ...] = ()
    # Pips near the die a top face's lattice is fitted to (``vision.top_lattice.near_pips``;
    # x, y, r image pixels): a cocked die read 1-3 or unread may be read from them.
    near: tuple[tuple[float, float, float], ...] = ()


def find_dice(
    image_bgr: np.ndarray,
    *,
    die_size_px: float | None = None,
    mask: np.ndarray | None = None,
    learned_state: bool = True,
    regions: Sequence[tuple[int, int, int, int]] | None = None,
    gray: np.ndarray | None = None,
    corners: Sequence[tuple[float, float]] | None = None,
) -> list[DieReading]:
    """Find and read the dice in a BGR image.

    ``die_size_px``: calibrated die side in pixels if known (limits the pip sizes searched).
    ``mask``: uint8/bool array of the image's height and width; only dice reaching where
    mask is non-zero are returned (``vision.pip_regions.reaches_mask``); with a die size,
    pips are only searched in the mask's box grown by 1.5 dice (``vision.pip_regions.mask_box``).
    ``learned_state``: with a die size, judge flat / cocked with the learned model
    (``vision.cocked``); False keeps the hand-made tilt cues (the model's own training).
    ``regions``: boxes (x0, y0, x1, y1) in image pixels; pips are only searched inside them
    (the parts of a frame that changed), everything else is as for the whole image.
    ``gray``: the image already converted to grey (``cv2.COLOR_BGR2GRAY``), if the caller has it.
    ``corners``: the board's image corners: an unread die's top is sought (``vision.face_split``).
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
    luma = full
    if die_size_px is not None:
        full = pip_grey(image_bgr, full)  # a coloured die's light pips stand out more
    # Work at a bounded resolution: big photos are shrunk (pips stay >= ~2 px in radius).
    if die_size_px is not None:
        if die_size_px <= 0:
            raise ValueError(f"die_size_px must be positive, got {die_size_px}")
        f = min(2.0, _WORK_DIE_PX / die_size_px)
    else:
        f = min(1.0, _WORK_MAX_SIDE / max(full.shape))
    gray = _work(full, f)
    f = f if gray is not full else 1.0
    if die_size_px is not None:
        r_range = (0.065 * die_size_px * f, 0.12 * die_size_px * f)
    else:
        r_range = (1.2, max(8.0, 0.03 * max(gray.shape)))
    if regions is None and mask is not None and die_size_px is not None:
        regions = mask_box(mask, die_size_px)
    if regions is None:
        pips = find_pips(gray, r_range=r_range)
    else:
        pips = pips_in(gray, r_range, regions, f)
    # A textured background can give thousands of spots: keep the most contrasted.
    pips = sorted(pips, key=lambda p: -p.contrast)[:_MAX_PIPS]
    die_px = die_size_px * f if die_size_px else None
    groups_idx = _split_mixed(gray, pips, _link(gray, pips, _LINK_R, die_px), die_px)
    lone = [pips[gi[0]] for gi in groups_idx if len(gi) == 1] if die_px else []
    groups = []
    laid_out: list[_Group] = []
    for gi in groups_idx:
        ps = [pips[i] for i in gi]
        if len(ps) < 2 or _mean([p.circularity for p in ps]) < _MIN_ROUND:
            continue  # lone spots are judged below; flat pips lie on a side face seen edge-on
        g = _make_group(ps, 0.0)
        if len(ps) in (4, 5):
            g = adopt_found(complete_six(gray, g), lone)
        if die_px is not None:
            # A face may gain pips only if it then reads as a face.
            more = complete_face(gray, g, die_px)
            if more is not g and _layout_ok(more, die_px) and _face_plain(gray, more, 0.75, True):
                g = adopt_found(more, lone)
        if _layout_ok(g, die_px) and _face_plain(gray, g, 0.75, die_px is not None):
            groups.append(g)
        elif die_px is None and len(ps) <= 5:
            laid_out.append(g)  # a 5 with a corner pip unlinked is no 4: fitted whole below
    # Faces that read well tell what the dice of this photo look like.
    # With a board, as round as a lone pip must be there (the same bar for both): a side face
    # seen obliquely (its pips flatter, its face shaded) would set a wrong face grey for the
    # lone pips.
    multi_round = _ROUND_SIZED if die_px else _ROUND
    multi = [list(g.pips) for g in groups if _mean([p.circularity for p in g.pips]) >= multi_round]
    half_single = 0.5 * die_size_px * f if die_size_px else None
    for gi in groups_idx:
        if len(gi) == 1:
            p = pips[gi[0]]
            groups.append(_make_group([p], half_single or _single_half(p, multi)))
    read_pips = [p for ps in multi for p in ps]  # the photo's read faces' pips
    body = body_alike(full_bgr, f, read_pips) if die_px is None else None
    kept = _accept_singles(gray, groups, multi, pips, multi_round, die_px is None, body)
    if die_px is not None:  # pips sought in pip_grey: a refused 1 gets a look in luma
        tries = lone_tries(groups, kept)
        lu = luma_window(luma, f, gray.shape, tries, multi)
        kept += second_look(lu, tries, multi, pips, partial(_accept_singles, round_min=multi_round))
    refused = [g for g in groups if len(g.pips) == 1 and not any(g is k for k in kept)]
    groups = kept
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
    groups = _consensus(groups, by_median=die_px is None)
    faces = _faces_and_others(groups)
    others_of = {id(g): others for g, others in faces}
    groups = [g for g, _ in faces]
    # No board: a face with pips of its kind left on it may be a part of a face the link
    # split (a 5 read as 2 + 1 + 1 + 1), fitted whole below (``face_refit``); so may pips put
    # aside for their layout, but 2 or 3 of them only where the dice have a hue: on white
    # dice the fit's body check cannot tell a face from a white label, and a side face's 5
    # and printed digits were read (matteop65).
    if laid_out and not hued(full_bgr, f, read_pips):
        laid_out = [g for g in laid_out if len(g.pips) > 3]
    spare = laid_out + [g for g in groups if die_px is None and _has_stray_pips(g, pips)]
    groups = [g for g in groups if not _has_stray_pips(g, pips)]
    # A tilted die whose pips make no face is still a die: found, left unread.
    unread_tilted = tilted_dice(pips, groups, die_px) if die_px else []
    groups += unread_tilted
    loose = loose_dice(pips, groups, die_px) if die_px else []
    # No face of 2+ pips read: a tilted die's cluster held to the die's pip size instead,
    # added after everything read was measured (``dice_tilted.alone_dice``).
    alone = alone_dice(pips, groups, die_px) if die_px else []
    if die_px and die_size_px:  # faint coloured dice found on their body (``vision.hued_dice``)
        boxes = regions if regions is not None else [(0, 0, full.shape[1], full.shape[0])]
        alone += hued_dice(full_bgr, f, die_px, boxes, groups + loose + alone)
        # A refused lone pip whose face proves it a die's 1 (``vision.lone_die``): unread.
        alone += proven_ones(gray, refused, groups + loose + alone, pips, die_px)
    out = []
    h, w = full.shape
    # Half a face side as the dice of this frame show it: a partial read under-estimates it.
    halves = [g.half for g in groups if len(g.pips) >= 3]
    ref_work = 0.5 * die_px if die_px else _median(halves) if halves else 0.0
    face_pips = [p for g in groups if len(g.pips) > 1 for p in g.pips]
    counted = {(p.x, p.y) for g in groups for p in g.pips}
    ref_contrast = _median([p.contrast for p in face_pips]) if face_pips else 0.0
    ref_r = _median([p.r for p in face_pips]) if face_pips else 0.0
    ref_half = ref_work / f
    groups += loose + alone  # after the faces' pip size and contrast were taken

    def value_of(g: _Group) -> int | None:
        """The face's value, or None where its pips do not tell it (``dice_doubt``)."""
        if unreadable(gray, g, pips, die_px, ref_work, ref_contrast, ref_r):
            return None
        if die_size_px is None and len(g.pips) == 1:  # a 2's corner pip, its pair lost
            p = g.pips[0]
            if off_centre(full_bgr, p.x / f, p.y / f, p.r / f, 2 * g.half / f):
                return None
            if paired(p, pips, counted, ref_work):  # a 2's pip, its pair found but not linked
                return None
        if die_size_px is not None:
            at, ps = (g.cx / f, g.cy / f), _image_pips(g, f)
            # Pips of another hue than the face's (a cube's coloured figure) are no die's;
            # a 2's blank middle is face (not a seam between two checkers), in luma and in
            # the pips' grey.
            if pip_hue_off(full_bgr, at, ps, die_size_px) > PIP_HUE_OFF or any(
                middle_off(im, at, ps, die_size_px) > MIDDLE_OFF for im in (luma, full)
            ):
                return None
        return None if spreads.get(id(g), (0.0, 0.0))[1] > FACE_LIGHT_SPREAD else len(g.pips)

    if die_size_px is None:  # an unread fragment of a face, fitted whole (``face_refit``)
        look = partial(closer_look, full, f, ref_half=ref_work)
        check = face_check(gray, full_bgr, f)
        groups = refit_unread(groups, pips, ref_work, value_of, check, look, spare)

    table = pip_table(pips) if die_px else None  # the pips a cocked die's lattice may take
    for g in groups:
        cx, cy, hs = g.cx / f, g.cy / f, g.half / f
        if mask is not None and not reaches_mask(mask, cx, cy, max(hs, ref_half)):
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
        is_loose = any(g is t for t in loose)
        by_itself = any(g is t for t in alone)
        if by_itself:  # asked, never believed (``dice_tilted.ALONE_CONFIDENCE``)
            conf = min(conf, ALONE_CONFIDENCE)
        unread = by_itself or any(g is t for t in unread_tilted)
        value = None if is_loose or unread else value_of(g)
        state = classify_state(cues)
        if die_size_px is not None and learned_state:
            state = model_call(full_bgr, (cx, cy), die_size_px, cues, loose=is_loose).state
            if is_loose and state != "cocked":
                continue
        put_aside = tuple(
            OtherFace(value_of(o), (o.cx / f, o.cy / f), _image_pips(o, f))
            for o in (others_of.get(id(g), ()) if die_px else ())
            if not _has_stray_pips(o, pips)
        )
        reading = DieReading(
            value=value,
            bbox=bbox,
            centre=(cx, cy),
            state=state,
            confidence=conf,
            top_face_size=2 * hs,
            pips=_image_pips(g, f),
            tilt=cues,
            strays=stray_pips(g, pips, counted, die_px, f) if die_px else (),
            others=put_aside + (loose_spots(g, pips, die_px, f) if die_px else ()),
            loose=is_loose,
            near=near_pips(g, table, die_px, f) if die_px and table is not None else (),
        )
        # An unread die's top face split from its pips, the reading as it was kept beside it:
        # restate keeps the face only where it may be a top, and judges flat / cocked on the
        # unread die (a flat 3's pips with others near split into a steep 4-6: dev IMG_0046).
        if value is None and not is_loose and corners and die_size_px and die_px:
            read, value = split_unread(gray, g, pips, counted, corners, die_size_px, f, value_of)
            if read is not g:
                reading = replace(
                    reading,
                    value=value,
                    pips=_image_pips(read, f),
                    others=put_aside + loose_spots(read, pips, die_px, f),
                    unsplit=reading,
                )
        out.append(reading)
    if die_size_px is None and mask is None and regions is None:
        out = read_logos(full_bgr, out)  # a face printed with a logo, not pips
    return out


def _image_pips(g: _Group, f: float) -> tuple[tuple[float, float, float], ...]:
    """A group's pips (x, y, r) in image pixels (``f``: the work scale)."""
    return tuple((p.x / f, p.y / f, p.r / f) for p in g.pips)


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


def _work(img: np.ndarray, f: float) -> np.ndarray:
    """``img`` at the work scale ``f`` (itself within 5 % above 1)."""
    if f < 1:
        return cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    if f > 1.05:
        return cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    return img


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
