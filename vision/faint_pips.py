"""A flat die doubted only for its pips' faintness, that the cocked model sees plainly flat, is
believed at the referee's bar.

``find_dice`` gives a die the mean contrast of its pips over 80 as its confidence, so a face
whose pips contrast under 48 (a dark scene, a blurred frame, a red die's light pips) is asked
about however plainly it reads.  Among the right flat dice the referee asked about, that was
the largest class (board given, the dice called flat and read: 17 of 28 on the helper's range
IMG_67401-67600 and session 29's sets /tmp/unseen47, /tmp/unseen48; more than the dice on a
disc and the cocked model's grey calls together).  A faint face is no more often a wrong value
there: of the 27 faint dice called flat on those sets, /tmp/unseen46 and dev, none read the
flat die's value wrong; the one wrong value (a cocked 1 read as a 2, unseen47 IMG_61447) and
the other cocked die among them were scored 0.57 and 0.83 by the cocked model's six-view mean,
the right flat dice at most 0.48 (all but four under 0.04).

``lift_faint`` (after ``dice_tilt.restate``, before ``face_colour.doubt_bare_corners``, so a
2 or 3 with bare corners off its face is still doubted): a die called flat, read, whose
confidence lies from ``FAINT_FLOOR`` to under ``BELIEVED_AT``, and whose six-view mean stays
at or under ``PLAIN_BAR``, gets ``BELIEVED_AT`` and keeps its faint confidence in
``DieReading.faint``.  ``dice_place.place_die`` gives it back where the point under the die
is not believed (unseen48 IMG_65145: a die on a black checker on a dark point, the checker
missed and the point doubted, read flat: lifted, it would have been a wrong state acted on).

Measured, right flat dice asked about before -> after, wrong die states acted on and wrong
values acted on unchanged everywhere, believed counts and predictions otherwise identical:
tuning (board given) IMG_67401-67600 (four dice) 18 -> 12 (one die on a checker lifted too,
rightly), unseen46 5 -> 4, unseen47 6 -> 3, unseen48 4 -> 3; held out IMG_67601-67800 (four
dice) board given 5 -> 4, found 16 -> 16; dev given 8 -> 7, found 9 -> 8; the real boards
(paper webcam, fm gammon) predictions identical.  The integrator's confirm set
unseen49 (IMG_65201-65400, board given, run once before and once after): 10 -> 5, dice
acted on 362 -> 368, wrong states (13) and values (1) acted on and believed counts unchanged.
Dice photos have no board: not asked. A read 4 or 5 whose face fits only one tipped off the
board (``vision.cocked_tipped``, session 33) is not lifted: restate asked it for its face (such
cocked dice the model mostly sees plainly flat), not for its pips.

``plainly_flat`` continues from the views ``restate``'s model call scored on the die
(``DieReading.views``, ``dice_tilt.ModelCall.views``) rather than score them again (session 31,
speed only): board given, /tmp/unseen50 and dev, 18 faint flat dice asked, views scored here
59 -> 20, the call the same on all 18 (each view restate scored equal to the one made afresh);
in-process, paired, 30 interleaved runs a die: median 1.82 -> 0.09 ms a die (saving median
1.42 ms). Saved predictions identical (unseen50 and dev, board given and found; the real boards;
the dice photos' reports).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from vision.cocked_tipped import tipped_face
from vision.cocked_view import board_camera
from vision.dice_tilt import TiltCues

# The referee acts on a die read at this confidence (``firmware.dice_memory.read_surely``).
BELIEVED_AT = 0.6
# Fainter than this (pips contrasting under 28) a face is left asked about: the faintest right
# flat die on the measured sets was 0.34 (one on a checker); below, pips may be noise.
FAINT_FLOOR = 0.35
# The six-view mean of p(cocked) a faint die must stay under (``cocked_views``' plain flat view).
PLAIN_BAR = 0.2


def plainly_flat(image_bgr: np.ndarray, r: Any, view: Any, die_px: float) -> bool:
    """Does the cocked model's six-view mean on the die stay at or under ``PLAIN_BAR``? The
    views ``restate`` scored on it (``DieReading.views``) are not scored again."""
    from vision.cocked import CockedModel, die_patch
    from vision.cocked_views import views_probability

    model = CockedModel.load()
    patch = die_patch(image_bgr, r.centre, die_px)
    cues = tuple(vars(r.tilt).values())
    made = list(getattr(r, "views", ()))
    return views_probability(model, patch, view, die_px, cues, PLAIN_BAR, made) <= PLAIN_BAR


def lift_faint(
    image_bgr: np.ndarray,
    readings: list[Any],
    corners: tuple[tuple[float, float], ...],
    die_px: float,
) -> list[Any]:
    """``readings`` (judged by ``restate``) with each faint flat die the model sees plainly
    flat believed at ``BELIEVED_AT`` (its faint confidence kept in ``faint``)."""
    size = (image_bgr.shape[1], image_bgr.shape[0])
    out = []
    for r in readings:
        if (
            r.state == "flat"
            and r.value is not None
            and FAINT_FLOOR <= r.confidence < BELIEVED_AT
            and isinstance(getattr(r, "tilt", None), TiltCues)
        ):
            view = board_camera(corners, size, die_px).at(r.centre)
            # A tipped 4 or 5 (``vision.cocked_tipped``) was asked for its face, not its pips.
            if not tipped_face(r.value, r.pips, view) and plainly_flat(image_bgr, r, view, die_px):
                r = replace(r, confidence=BELIEVED_AT, faint=r.confidence)
        out.append(r)
    return out
