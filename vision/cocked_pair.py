"""The pair doubt: a die the cocked model half sees cocked while its twin in the frame is plainly
flat is asked about (session 32).

``vision.dice_tilt.model_call`` calls a die grey (asked about) when its six-view mean passes
``GREY_BAR`` under its bar, but only where its body stands apart from the board or its top face
is small (``vision.cocked_grey``): the real paper webcam's flat dice score 0.45-0.82 on their
light board. Half the cocked dice called flat and acted on are ones that gate lets through
(board given, /tmp/unseen48-52, 1000 renders: 18 of 36 over 0.5, their body running into a
light board, 0.11-0.34 of it beyond a flat die's sweep).

A roll's dice are one set: same size, colour and lighting, on the same board. What makes a
flat die score high on the webcam (soft, dim frames, the board's colour bleeding into its
edge) makes its twin score high too: where a webcam die passes 0.5, its twin scores 0.21 at
least board given, 0.25 found (frame7's 0.10 has a twin at 0.31, under 0.5).
A die over ``GREY_BAR`` beside a twin ``alike`` in colour that the model sees plainly flat
(six-view mean at most ``PLAIN``) differs from it by more than the scene: it is doubted
(``GREY_CONFIDENCE``) whatever its body. Twins: other dice called flat, at least ``ONE_DIE``
die sides away, with face colours (the median of the middle half of the top face) whose
directions agree to ``ALIKE_COS`` and whose lengths to ``ALIKE_SHADE`` (a cocked die's top
face is shaded apart from its twin's: 0.82-1.21 among the doubted).

Audit (board given, /tmp/unseen48-52; dice called flat and acted on, 36 cocked, 889 flat):
over 0.5 with a plain twin, cocked / right flat 14 / 5. Of the 14 right flat dice over 0.5,
7 have a twin the model calls cocked: those are left alone (the roll is void by the twin
anyway). The real boards: the
paper webcam never has a twin under 0.1 (given and found), fm gammon's dice are two sets of
unlike colours (its unread print candidates at 0.86-0.92 have no value either).

Die states acted on / wrong (cocked called flat), right flat dice asked; only confidences
change. Tuned, board given, /tmp/unseen48-52: 1726 / 52 (36) -> 1707 / 38 (22), 20 -> 25.
Held out IMG_77001-77400 (never tuned on), board given 678 / 21 (18) -> 673 / 18 (15),
11 -> 13; boards found 650 / 24 (21) -> 648 / 22 (19), 25 -> 25. The real boards (paper
webcam, fm gammon; given and found): identical predictions. Dev board given 193 / 5 (3) ->
192 / 4 (2), 5 -> 5; found identical. Dice photos: no board, no restate, unchanged.
Second held-out part IMG_77801-78200 (rendered after the rule was fixed, read once): board
given 708 / 22 (16) -> 700 / 17 (11), 10 -> 13; found 663 / 17 (11) -> 657 / 12 (6), 14 -> 15.
Not kept (session 32, round 2): the same doubt from a lower mean (0.3-0.5) where the die's top
face is also smaller than its twin's. Tuning, board given, /tmp/unseen48-52, acted-on flat calls
between 0.3 and 0.5 beside a plain alike twin: cocked / right flat 5 / 13, with the top face
under its twin's (ratio < 1.0) 3 / 8, < 0.95 1 / 5; the sizes overlap (cocked 0.95-1.32, right
flat 0.84-1.26). Over 0.5 the size condition would keep 12 / 2 of the rule's 14 / 5.
Cost: only in frames with a half-seen die, the face colours (~0.04 ms a die) and the twins'
views (held out, 120 reads: one such read, 3.1 ms; the others 0.004 ms median).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from vision.cocked_grey import GREY_CONFIDENCE
from vision.cocked_view import DieView
from vision.dice_doubt import ONE_DIE

PLAIN = 0.1  # a twin's six-view mean at most this: plainly flat
ALIKE_COS = 0.995  # face colours' directions (BGR + 1) agree to this cosine
ALIKE_SHADE = 1.35  # and their lengths within this ratio either way
_FACE_HALF = 0.25  # the face colour: a square of half this many die sides round the centre


@dataclass(frozen=True)
class PairDie:
    """One die of the frame as the pair doubt sees it: its top face's centre, its call, its
    median face colour (BGR) and whether the model half sees it cocked (called flat, mean over
    ``GREY_BAR``, not already grey)."""

    centre: tuple[float, float]
    state: str
    colour: tuple[float, float, float]
    half: bool = False


@dataclass(frozen=True)
class Weighed:
    """A die the pair doubt weighs, as restate called it: its index among restate's readings,
    its top face's centre, its call, whether the model half sees it cocked (``PairDie.half``),
    its view and the tilt cues its call was made with."""

    index: int
    centre: tuple[float, float]
    state: str
    half: bool
    view: DieView
    cue: tuple[float, ...]


def face_colour(
    image_bgr: np.ndarray, centre: tuple[float, float], die_px: float
) -> tuple[float, float, float]:
    """The median BGR of the square ``_FACE_HALF`` die sides either way of the face centre.

    >>> img = np.zeros((40, 40, 3), np.uint8); img[10:30, 10:30] = (200, 190, 180)
    >>> face_colour(img, (20.0, 20.0), 20.0)
    (200.0, 190.0, 180.0)
    """
    h, w = image_bgr.shape[:2]
    s = max(2, int(die_px * _FACE_HALF))
    cx, cy = int(centre[0]), int(centre[1])
    box = image_bgr[max(0, cy - s) : min(h, cy + s), max(0, cx - s) : min(w, cx + s)]
    if box.size == 0:
        return (0.0, 0.0, 0.0)
    b, g, r = np.median(box.reshape(-1, 3), axis=0)
    return (float(b), float(g), float(r))


def alike(a: Sequence[float], b: Sequence[float]) -> bool:
    """Two face colours of one set of dice: directions within ``ALIKE_COS``, lengths within
    ``ALIKE_SHADE``.

    >>> alike((200, 200, 210), (170, 172, 180)), alike((37, 9, 65), (64, 81, 58))
    (True, False)
    >>> alike((200, 200, 210), (120, 121, 128))  # a shade apart: a side face, not a twin
    False
    """
    u, v = np.asarray(a, np.float64) + 1.0, np.asarray(b, np.float64) + 1.0
    nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    return float(u @ v) / (nu * nv) >= ALIKE_COS and max(nu / nv, nv / nu) <= ALIKE_SHADE


def doubted(
    dice: Sequence[PairDie], die_px: float, one_die: float, plain: Callable[[int], bool]
) -> list[int]:
    """The indices of the ``half`` dice that have a twin ``plain(j)`` says is plainly flat:
    twins are other dice called flat, ``one_die`` die sides away at least, ``alike`` in
    colour. ``plain`` is asked only where a half die has such a twin (it scores the model).

    >>> half, twin = (200, 200, 200), (190, 190, 190)
    >>> d = [PairDie((0, 0), "flat", half, True), PairDie((50, 0), "flat", twin)]
    >>> doubted(d, 20.0, 0.9, lambda j: True), doubted(d, 20.0, 0.9, lambda j: False)
    ([0], [])
    """
    known: dict[int, bool] = {}
    out = []
    for i, d in enumerate(dice):
        if not d.half:
            continue
        for j, t in enumerate(dice):
            if j == i or t.state != "flat" or t.half:
                continue
            if np.hypot(t.centre[0] - d.centre[0], t.centre[1] - d.centre[1]) < one_die * die_px:
                continue
            if not alike(d.colour, t.colour):
                continue
            if j not in known:
                known[j] = plain(j)
            if known[j]:
                out.append(i)
                break
    return out


def pair_doubt(
    image_bgr: np.ndarray,
    readings: list[Any],
    pair: Sequence[Weighed],
    die_px: float,
) -> list[Any]:
    """``vision.dice_tilt.restate``'s last step: each die of ``pair`` that ``doubted`` names
    falls to ``GREY_CONFIDENCE``. A twin's views go on from those restate made
    (``DieReading.views``); where no die is ``half``, no face colour is taken and nothing is
    scored."""
    if not any(p.half for p in pair):
        return readings
    dice = [
        PairDie(p.centre, p.state, face_colour(image_bgr, p.centre, die_px), p.half) for p in pair
    ]
    from vision.cocked import CockedModel, die_patch
    from vision.cocked_views import views_probability

    model = CockedModel.load()

    def plain(j: int) -> bool:
        w = pair[j]
        r = readings[w.index]
        patch = die_patch(image_bgr, r.centre, die_px)
        made = list(r.views)
        return views_probability(model, patch, w.view, die_px, w.cue, PLAIN, made) <= PLAIN

    out = list(readings)
    for j in doubted(dice, die_px, ONE_DIE, plain):
        k = pair[j].index
        out[k] = replace(out[k], confidence=min(out[k].confidence, GREY_CONFIDENCE))
    return out
