"""Tilt cues of a die (flat or cocked): the shape of its top face, its pips and its body.

Split from ``vision.dice`` for size; ``find_dice`` calls ``tilt_cues`` and ``classify_state``
for every die it reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from vision.cocked_grey import GREY_BAR, GREY_CONFIDENCE, STRAYS_GREY, STRAYS_GREY_BAR, grey
from vision.cocked_pair import Weighed, pair_doubt
from vision.cocked_strays import side_faces, strays_beside
from vision.cocked_tipped import tipped_face
from vision.cocked_view import CameraView, DieView, board_camera
from vision.dice_doubt import ONE_DIE
from vision.face_normal import OtherFace, face_above, face_tilts
from vision.face_span import WIDE_SPAN, no_top, plane_span, side_face, tilted_short
from vision.medians import colour_length, median_of, rows_median
from vision.pip_groups import Group
from vision.top_face import top_face


@dataclass(frozen=True)
class TiltCues:
    """Measurements that tell a cocked die from a flat one (1 = as for a flat die).

    ``pip_aspect``: mean min/max diameter of the pips (a tilted face foreshortens them).
    ``layout_aspect``: short/long axis of the pip pattern for 4, 5 and 6 (6 corrected for its
    2x3 shape); 1.0 when the count gives no second axis.
    ``face_aspect``: short/long side of the plain face region around the pips.
    ``face_area``: that region's area over the calibrated die area (0 when no die size).
    """

    pip_aspect: float
    layout_aspect: float
    face_aspect: float
    face_area: float
    body_offset: float = 0.0  # die body centroid to top-face centre, over the die side
    body_off_axis: float = 0.0  # part of that offset not explained by perspective
    body_area: float = 0.0  # die body area over the die area
    body_along: float = 0.0  # signed part toward the image centre (< 0: no perspective makes it)


def _axis_ratio(pts: np.ndarray) -> float:
    """sqrt(smallest / largest eigenvalue) of the points' covariance (1 = isotropic)."""
    c = np.cov((pts - pts.mean(axis=0)).T)
    ev = np.linalg.eigvalsh(c)
    return float(np.sqrt(max(ev[0], 0.0) / ev[1])) if ev[1] > 1e-9 else 1.0


def tilt_cues(
    gray: np.ndarray,
    g: Group,
    die_px: float | None,
    image_bgr: np.ndarray | None = None,
    f: float = 1.0,
) -> TiltCues:
    """Measure the cues of ``TiltCues`` for one face group (work-image pixels; the colour
    image, if given, is at full size and ``f`` is the work scale)."""
    pip_aspect = float(np.mean([p.circularity for p in g.pips]))
    n = len(g.pips)
    pts = np.array([[p.x, p.y] for p in g.pips])
    layout = 1.0
    if n in (4, 5):
        layout = _axis_ratio(pts)
    elif n == 6:
        # A square 2x3 grid has axis ratio sqrt(2/3); fold the ratio so that 1 = square.
        layout = min(1.0, _axis_ratio(pts) / np.sqrt(2 / 3))
    # The plain face region: pixels near the face brightness connected to the centre.
    h, w = gray.shape
    ext = int(max(g.half * 1.6, (die_px or 0) * 0.9)) + 2
    x0, x1 = max(0, int(g.cx) - ext), min(w, int(g.cx) + ext + 1)
    y0, y1 = max(0, int(g.cy) - ext), min(h, int(g.cy) + ext + 1)
    patch = gray[y0:y1, x0:x1].astype(np.float32)
    face = median_of([p.face for p in g.pips])
    contrast = median_of([p.contrast for p in g.pips])
    m = (np.abs(patch - face) < 0.3 * contrast).astype(np.uint8)
    for p in g.pips:  # pips belong to the face
        cv2.circle(m, (int(round(p.x - x0)), int(round(p.y - y0))), int(p.r * 1.4 + 1), 1, -1)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n_lab, lab = cv2.connectedComponents(m, connectivity=4)
    cxl, cyl = int(round(g.cx - x0)), int(round(g.cy - y0))
    face_aspect, face_area = 1.0, 0.0
    if 0 <= cyl < lab.shape[0] and 0 <= cxl < lab.shape[1] and lab[cyl, cxl] > 0:
        region = (lab == lab[cyl, cxl]).astype(np.uint8)
        cs, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if cs:
            c = max(cs, key=cv2.contourArea)
            (_, _), (rw, rh), _ = cv2.minAreaRect(c)
            if max(rw, rh) > 0:
                face_aspect = float(min(rw, rh) / max(rw, rh))
            if die_px:
                face_area = float(cv2.contourArea(c) / (die_px * die_px))
    body = _body_cues(image_bgr, g, die_px, f) if image_bgr is not None and die_px else None
    return TiltCues(pip_aspect, layout, face_aspect, face_area, *(body or (0.0, 0.0, 0.0, 0.0)))


def _body_cues(
    image_bgr: np.ndarray, g: Group, die_px: float, f: float
) -> tuple[float, float, float, float]:
    """The die body (``body_centroid``). Returns (offset, off-axis offset, area, offset toward
    the image centre) as in ``TiltCues``."""
    h, w = image_bgr.shape[:2]
    cx, cy, d = g.cx / f, g.cy / f, die_px / f
    body = body_centroid(image_bgr, (cx, cy), d, [(p.x / f, p.y / f, p.r / f) for p in g.pips])
    if body is None:
        return 0.0, 0.0, 0.0, 0.0
    bx, by, n = body
    off = np.array([bx - cx, by - cy]) / d
    # Perspective shows the side facing the image centre: offset along that direction is
    # expected; across it is not.
    toc = np.array([w / 2 - cx, h / 2 - cy])
    toc = toc / (np.linalg.norm(toc) + 1e-6)
    across = abs(off[0] * toc[1] - off[1] * toc[0])
    along = float(off @ toc)  # > 0 toward the image centre, as perspective shows a flat die
    return float(np.linalg.norm(off)), float(across), float(n / (d * d)), along


def body_centroid(
    image_bgr: np.ndarray,
    centre: tuple[float, float],
    d: float,
    pips: Sequence[tuple[float, float, float]],
) -> tuple[float, float, int] | None:
    """The die body: pixels of the face's hue and chroma at any shade, connected to the face
    centred at ``centre`` with ``pips`` (x, y, r), all image pixels, ``d`` the die side in
    pixels. Returns the body's centroid and pixel count, None where no body is told."""
    h, w = image_bgr.shape[:2]
    cx, cy = centre
    ext = int(d * 1.3) + 2
    x0, x1 = max(0, int(cx) - ext), min(w, int(cx) + ext + 1)
    y0, y1 = max(0, int(cy) - ext), min(h, int(cy) + ext + 1)
    patch = image_bgr[y0:y1, x0:x1].astype(np.float32) + 1.0
    # Face colour: median over a ring between the centre and the pips' reach. Open grids:
    # each square is taken once a row or column and broadcast (the same sums).
    yy, xx = np.ogrid[y0:y1, x0:x1]
    rr = (xx - cx) ** 2 + (yy - cy) ** 2
    pip_mask = np.zeros(rr.shape, bool)
    for px, py, pr in pips:
        pip_mask |= (xx - px) ** 2 + (yy - py) ** 2 <= (1.6 * pr) ** 2
    ref_sel = (rr <= (0.35 * d) ** 2) & ~pip_mask
    if ref_sel.sum() < 5:
        return None
    ref = rows_median(patch[ref_sel])
    # Same chromaticity (colour direction), any brightness from 25 % to 115 % of the face.
    norm, norm_ref = colour_length(patch), np.linalg.norm(ref)
    cos = (patch @ ref) / (norm * norm_ref + 1e-6)
    shade = norm / (norm_ref + 1e-6)
    m = ((cos > 0.995) & (shade > 0.25) & (shade < 1.15)) | pip_mask
    m = cv2.morphologyEx(m.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n_lab, lab = cv2.connectedComponents(m, connectivity=4)
    li = lab[int(cy) - y0, int(cx) - x0] if 0 <= int(cy) - y0 < lab.shape[0] else 0
    if li == 0:
        return None
    ys, xs = np.nonzero(lab == li)
    return float(xs.mean() + x0), float(ys.mean() + y0), len(xs)


# Picked on the synthetic dev split (tests/data/synthetic/dev, 190 matched dice, 42 cocked).
# Each cue alone separates poorly there (body_offset: flat median 0.10, cocked 0.31; best F1
# of any single/OR rule ~0.53), so the rule is set for precision: a false "cocked" call would
# void a good roll. Dev: precision 0.70, recall 0.17. Without a die size (no board) the body
# cue is not measured and every die reads "flat".
_COCKED_BODY_OFFSET = 0.65


def classify_state(c: TiltCues) -> str:
    """ "flat" or "cocked" from the tilt cues (see the note above on how weak they are)."""
    return "cocked" if c.body_offset > _COCKED_BODY_OFFSET else "flat"


@dataclass(frozen=True)
class ModelCall:
    """The learned model's call on a die (``model_call``): ``state`` "flat" or "cocked", and
    ``grey``: a die called flat whose six-view mean still passes ``GREY_BAR`` (a cocked die
    the model half sees: the referee should ask rather than let the roll stand). ``views``:
    the probabilities of the ``VIEWS`` the call scored, in their order (``vision.cocked_views``'
    ``made``): ``vision.faint_pips`` continues from them rather than score them again.
    ``half``: called flat, the mean past ``GREY_BAR`` but not grey by its body or face
    (``vision.cocked_pair`` doubts it beside a plainly flat twin)."""

    state: str
    grey: bool = False
    views: tuple[float, ...] = ()
    half: bool = False


def model_call(
    image_bgr: np.ndarray,
    centre: tuple[float, float],
    die_px: float,
    cues: TiltCues,
    view: DieView | None = None,
    strays: int = 0,
    face_pips: int = 0,
    side_face: bool = False,
    loose: bool = False,
) -> ModelCall:
    """The learned model's call (``vision.cocked``) on crops around the die (the mean over
    its ``VIEWS``); used when the die size is known (board frames), the setting it was
    trained in. ``view``: how a flat die shows there (None: no board, a camera taken to
    look straight down; the model then makes no cocked call unless ``threshold_no_board`` < 1).
    ``strays``: uncounted pips of the die's kind beside its top face
    (``vision.cocked_strays.strays_beside``); with a board, one or more lowers the model's bar
    to ``STRAY_THRESHOLD``. ``face_pips``: the read face's pips (0: unread); a face
    of 4-6 lowers the bar to ``FULL_FACE_THRESHOLD``, of 1-3 to ``FEW_PIP_THRESHOLD``.
    ``side_face``: the finder put another face of pips aside on the die
    (``DieReading.others``), a raised side face: the bar is ``SIDE_FACE_THRESHOLD``.
    ``loose``: pips that made no face (``vision.dice_tilted.loose_dice``): ``LOOSE_THRESHOLD``.
    With a board, a die called flat is ``grey`` if its mean passes ``GREY_BAR``."""
    from vision.cocked import BODY_BEYOND, CockedModel, die_patch, patch_features
    from vision.cocked_views import views_probability

    model = CockedModel.load()
    board = view is not None
    thr = model.threshold if board else model.threshold_no_board
    if thr >= 1.0:  # no probability passes it
        return ModelCall("flat")
    if view is None:
        h, w = image_bgr.shape[:2]
        view = CameraView.straight_down((w, h), die_px).at(centre)
    if loose:  # no face read: only a die if plainly cocked
        thr = max(thr, LOOSE_THRESHOLD)
    elif side_face:  # pips of a second face on the die: the lowest bar
        thr = min(thr, SIDE_FACE_THRESHOLD)
    elif strays > 0:  # a second witness: the model's lower bar
        thr = min(thr, STRAY_THRESHOLD)
    elif 4 <= face_pips <= 6:  # no real flat die's face of 4-6 scores near the model's bar
        thr = min(thr, FULL_FACE_THRESHOLD)
    elif face_pips > 0:  # a read face of 1-3: under the real boards' flat 1-3 faces' scores
        thr = min(thr, FEW_PIP_THRESHOLD)
    patch = die_patch(image_bgr, centre, die_px)
    made: list[float] = []  # the views scored, shared by the two bars
    cue = tuple(vars(cues).values())
    if views_probability(model, patch, view, die_px, cue, cut=thr, made=made) > thr:
        return ModelCall("cocked", views=tuple(made))
    if board and not loose and strays >= STRAYS_GREY:  # ``vision.cocked_grey``: a lower bar
        p = views_probability(model, patch, view, die_px, cue, STRAYS_GREY_BAR, made)
        return ModelCall("flat", grey=p > STRAYS_GREY_BAR, views=tuple(made))
    if not board or loose or thr <= GREY_BAR:
        return ModelCall("flat", views=tuple(made))
    if views_probability(model, patch, view, die_px, cue, GREY_BAR, made) <= GREY_BAR:
        return ModelCall("flat", views=tuple(made))
    # Grey: trusted only where the die's body stands apart from what lies around it, or its
    # plain top face is small (``vision.cocked_grey``).
    body_beyond = patch_features(patch, view, die_px, cue)[BODY_BEYOND]
    doubt = grey(float(body_beyond), cues.face_area)
    return ModelCall("flat", grey=doubt, views=tuple(made), half=not doubt)


# The grey doubt (``vision.cocked_grey``: its measurements). Session 29 (not kept; board
# given, restate's calls): grey for a die with strays wherever its body lies doubted cocked /
# flat dice 3 / 1 on IMG_61601-62200 and 3 / 1 on IMG_62201-62400, none on held-out
# IMG_62401-62600 and one right flat die on dev. A lower bar (0.6) where the body stands apart
# (under GREY_BODY_BEYOND) turned doubts into calls only 16 / 21 and 10 / 11 right there (0.7:
# 9 / 11, 6 / 7): more wrong calls acted on for fewer doubts.


# The model's bar for a die with a stray pip beside its top face (``vision.cocked_strays``).
# Found cocked dice, board given (find_dice at the labelled die size, the six-view mean),
# recall / false calls: IMG_32201-32600 + dev (713 cocked, 1024 others) 77.0% / 2 -> 82.3% / 2;
# held out, IMG_32601-33000 (648 / 865) 79.0% / 4 -> 83.8% / 5. A bar of 0.6 gains ~1% more
# with 2-3 more false calls each (the 0.6-0.7 band's calls ~80% right: too few). Real boards'
# flat dice score up to 0.87 but show no such pip.
# A read face of 4-6 pips tipped off the board (both tilts past 20 degrees) lowered it too (session
# 21, when 4-6 faces had the model's 0.905); since they have 0.75 it moved nothing on
# IMG_49401-49600 or dev (no tipped face at 0.7-0.75), and the paper webcam's flat 6 (frame13,
# labelled corners) fits tipped and scores 0.71: dropped in session 24, a false call less.
STRAY_THRESHOLD = 0.7
# The model's bar for a die whose read face has 4-6 pips (session 22). The real boards' flat
# dice scoring high are 1s, 2s and 3s (and unread faces: the paper webcam's up to 0.87, fm
# gammon's phantom die 0.90); their 4-6 faces score at most 0.62. Found dice, board given, the
# value find_dice reads, cocked called / false calls (strays at 0.7 as above): IMG_32601-33000
# (694 labelled cocked, held out of the model) 565 / 4 -> 584 / 7 (0.7: 585 / 7; 0.65: 590 / 10).
FULL_FACE_THRESHOLD = 0.75
# The model's bar for a die whose read face has 1-3 pips (session 24). The real boards' flat
# 1-3 faces held it at the model's 0.905 (the paper webcam's 2 scored 0.867, board found); the
# model joined with view-jittered networks scores them at most 0.821 (labelled corners 0.725,
# fm gammon 0.18). Unread faces keep 0.905. Found dice, board given, cocked tp / fp / fn (the
# model's scores replayed): IMG_49401-49600 273/4/36 -> 278/5/31 (0.8: 281/5/28), dev 45/1/6
# -> 46/1/5.
FEW_PIP_THRESHOLD = 0.85
# The model's bar for a die on which the finder put aside a face besides the one it read
# (session 23): a cocked die raises a side face whose pips show as a face of their own (a flat
# die's side faces show as perspective leans them, their pips dashes). Found dice, board given
# (find_dice at the labelled die size, restate's calls), cocked called / false calls: tuning
# IMG_41401-41600 266 / 5 -> 272 / 5 (bar 0.4: 273 / 5), IMG_45801-45878 94 / 2 -> 97 / 2;
# checked on IMG_41601-41800 289 / 5 -> 297 / 5 (0.4: 299 / 6). Flat dice with such a face
# score at most 0.42 there; the real boards' flat dice show none (board given). Evals, board
# given, cocked tp / fp / fn: dev 44/1/7 -> 45/1/6, IMG_45801-46000 255/5/75 -> 260/5/70,
# held out IMG_46001-46200 271/7/68 -> 277/9/62 (the two new false calls: faces the finder
# misgrouped beside a flat die); confirm IMG_44001-44200, found boards, 162/4/43 -> 165/4/40.
SIDE_FACE_THRESHOLD = 0.5
# The model's bar for pips that made no face nor a tilted die's cluster
# (``vision.dice_tilted.loose_dice``; session 25): kept as a cocked die over it, else dropped.
# The model scores spots of print high (it never saw them: fm gammon's lettering over 0.95
# before loose_dice held candidates to the read faces' pips), hence a bar near 1. Rendered
# candidates: cocked dice 0.70-1.0 (most over 0.95), flat dice 0.81-0.94. Board given, cocked
# tp/fp/fn: IMG_51201-51400 (real pips) 277/12/65 -> 283/12/59, IMG_51401-51600 280/2/68 ->
# 284/2/64. Session 26: 0.95 -> 0.9, under the model's own bar (0.905), which a candidate
# then takes. Candidates of 1400 renders (board given: IMG_51201-51600, 55101-55500,
# IMG_0001-0200) and the real boards (given and found): 3 cocked dice 0.90-0.93 between the
# bars; of the rest over 0.8, cubes (0.85-0.99: dropped beside the found cube, as those over
# 0.95 were) and an ArUco marker 0.94 (dropped by ``dice_markers``); flat dice at most 0.81,
# fm gammon's highest 0.76.
LOOSE_THRESHOLD = 0.9


def restate(
    image_bgr: np.ndarray,
    readings: list[Any],
    corners: tuple[tuple[float, float], ...],
    die_px: float,
) -> list[Any]:
    """The dice ``find_dice`` read on a board frame, each judged flat / cocked again with the
    camera recovered from the board's ``corners`` (``vision.cocked_view``): where the point
    below the camera is and how wide a flat die's side faces show there. A face whose pips
    span more than a flat die's face can there (``plane_span``), or a face of 4-6 pips that
    stands too steep to be any die's top (``vision.face_normal``), or a 2 or 3 called flat
    that spans too little for a flat die's face there (``tilted_short``), is left unread; a face
    of 4-6 pips that may be a side face, with another face of its die up the view from it,
    gives way to that face (``face_above``); before these, a face read that is no die's top
    gives way to a face of 4-6 pips put aside on the die that is (``vision.top_face``).
    Readings without tilt cues (another finder's) are left as they are. (The learned top-face
    value doubt, ``vision.top_value.settle``, is not asked here: it paid nothing on
    IMG_57001-57200 or dev in session 27; the extra die it left on the test split in session
    26 was a checker gap's 2 it voided, now dropped by ``vision.dice_gaps`` either way.)"""
    h, w = image_bgr.shape[:2]
    cam = board_camera(corners, (w, h), die_px)
    out: list[Any] = []
    pair: list[Weighed] = []  # the dice the pair doubt weighs (``vision.cocked_pair``)
    centres = np.array([r.centre for r in readings], np.float64).reshape(-1, 2)
    for r in readings:
        tilt = getattr(r, "tilt", None)
        if isinstance(tilt, TiltCues):
            view = cam.at(r.centre)
            # A top face split from an unread die's pips (``vision.face_split``) stays only
            # if it may be a top here, else the die is as the finder left it, unread; flat or
            # cocked is judged on the unread die either way (a split face of 4-6 would lower
            # the model's bar: a flat die's pips split steep were called cocked, dev IMG_0046).
            judged = getattr(r, "unsplit", None) or r
            if judged is not r:
                r = judged if no_top(r.pips, view) else replace(r, unsplit=None)
            strays = strays_beside(getattr(r, "strays", ()), r.centre, view)
            # Once a face: the model's bar, face_above and side_face ask.
            tilts = face_tilts(r.pips, view) if r.value is not None else None
            n_pips = len(judged.pips) if judged.value is not None else 0
            # Other dice: readings closer than ONE_DIE are this die's faces (one_reading_a_die
            # joins them), a raised side face read on its own among them.
            far = np.hypot(*(centres - r.centre).T) >= ONE_DIE * die_px
            side = side_faces(getattr(judged, "others", ()), view, map(tuple, centres[far])) > 0
            loose = bool(getattr(r, "loose", False))
            call = model_call(image_bgr, r.centre, die_px, tilt, view, strays, n_pips, side, loose)
            if loose and call.state != "cocked":  # print, not a die
                continue
            r = replace(r, state=call.state, views=call.views)  # views: faint_pips goes on
            if call.grey:  # flat, but the model half sees it cocked: ask
                r = replace(r, confidence=min(r.confidence, GREY_CONFIDENCE))
            cue = tuple(vars(tilt).values())
            pair.append(Weighed(len(out), r.centre, call.state, call.half, view, cue))
            # The top face (``vision.top_face``): a face put aside on the die when the face
            # read is no top (steep, or 1-3 pips or unread with a face up the view from it).
            others = getattr(r, "others", ())
            top = top_face(OtherFace(r.value, r.centre, r.pips), others, view, die_px, cam.at)
            if top is not None:
                r = replace(r, value=top.value, pips=top.pips)
            elif r.value is not None:
                above = face_above(tilts, r.centre, others, view, die_px)
                if above is not None:  # the face read was a side face: its die's top is above
                    r = replace(r, value=above.value, pips=above.pips)
                    tilts = face_tilts(r.pips, view) if r.value is not None else None
                if r.value is not None and (
                    plane_span(r.pips, view) > WIDE_SPAN or side_face(tilts)
                ):
                    r = replace(r, value=None)
                if r.state == "flat" and r.value in (2, 3) and tilted_short(r.pips, view):
                    r = replace(r, value=None)
            if r.state == "flat" and tipped_face(r.value, r.pips, view):
                r = replace(r, confidence=min(r.confidence, GREY_CONFIDENCE))  # ask
        out.append(r)
    return pair_doubt(image_bgr, out, pair, die_px)
