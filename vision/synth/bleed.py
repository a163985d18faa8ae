"""A dim webcam's look of light dice on a light board (``SceneSpec.bleed``), for training.

The real paper webcam (``/work/shared/photos/board_paper_webcam``) shows its cream dice with
rounded edges, lit from the side, on light grey paper: no dark outline where a die's edge
meets the board, the paper's colour running a few pixels into the die, the whole die soft and
its body little brighter than the board. The cocked-die model (``vision.cocked``) reads those
faint, soft edges as a cocked die's (``vision.cocked_compare``); the committed renders draw
every die as a sharp box with a dark outline (``painter._Painter.die``), so no training die
looks that way. With ``bleed`` on, each light die (body mean over ``LIGHT_BODY``) is drawn
with its own draw of :class:`BleedLook`: a cream tint, an outline near the body's colour, the
board under it blended into its edge, its body pulled toward the board's colour and the die
softened; flat and cocked dice alike, so the look alone tells the model nothing.

Measured (session 31, 2026-11-28), renders IMG_70401-71000 (``--dice 4``) with and without
the look, dice the finder finds with the labelled board (``vision.cocked_samples``), "light"
where the patch's rim is lighter than 140; the real webcam's flat dice: the committed model's
six-view mean 0.41 (over 0.45: 42% of 33), body beyond a flat die's sweep (``vision.cocked_grey``,
median) 0.28, plain face area 2.70, 1 of 34 dice unfound. The first look (body pulled toward
the board 0.35-0.75, the board run in at 0.3-0.7, softened 0.03-0.08 die sides) moved light
flat dice's score 0.07 -> 0.16 but hid 95 of 332 light flat and 76 of 200 light cocked dice
from the finder and moved the grey cues away from the webcam's (body beyond 0.30 -> 0.17, face
area 1.66 -> 1.45); pull 0.1-0.35, run 0.2-0.5: score 0.07 -> 0.14, 63 of 261 and 50 of 164
lost (IMG_70401-70880), body beyond 0.25. These ranges (pull 0-0.15, run 0.2-0.5, softened
0.02-0.05: the body stays brighter than the board, the outline goes): 4 of 169 light flat and
10 of 113 light cocked dice lost (IMG_70401-70720), body beyond 0.30 -> 0.29, face area 1.66 ->
1.74, but the score moves only 0.09 -> 0.12. No look tried both keeps the finder's dice and
reaches the webcam's score: what makes the real dice score 0.41 is not their faintness alone.

Retrains (session 31, none committed; held out IMG_71001-71400, never tuned on): a fourth
network trained on the first look's 600 renders alone (``--view-jitter 0.006 --ensemble 2 --l2
0.01``), joined at 0.25, lowered the webcam's flat dice (at most 0.775 -> 0.674; the same
scenes without the look: 0.847) but board given acted on / wrong 1290 / 25 -> 1290 / 29 (cocked
called flat 17 -> 20). A network on 1600 plain renders (IMG_61601-62600, IMG_70401-71000; 5860
found dice) with these ranges' 320 renders (1215 dice), joined at 0.25, bar 0.905 (on
IMG_61202-61600's 793 dice none of it or the committed model's false calls pass 0.882 / 0.884):
given 1294 / 24 (cocked called flat 16, flat dice asked 28 -> 26), found (IMG_71001-71200) 622 /
21 -> 621 / 19, paper webcam 32 / 0 and fm gammon 4 / 0 kept; but the same network without the
look's renders reads the held-out renders the same (given 1295 / 24, cocked called flat 16): the
gain is the plain renders', not the look's; dev given cocked recall 90.2 -> 88.2% (one die),
and the webcam's highest flat die rises 0.775 -> 0.811 (with the first look's renders instead:
0.818). Not worth a model change.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

LIGHT_BODY = 180.0  # a die body (BGR mean) lighter than this takes the look
LIGHT_BOARD = 110.0  # ... where the board under it (BGR mean) is lighter than this

# Ranges each die draws from (uniform): the cream tint (B, G multipliers; R kept), the
# outline's share of the body colour (the plain render: 0.62), how far (die sides) and how
# strongly the board runs into the die's edge, the share by which the body's light pixels are
# pulled toward the board's colour, and the softening blur (die sides).
_TINT_B = (0.84, 0.97)
_TINT_G = (0.92, 1.0)
_EDGE = (0.82, 1.0)
_RUN = (0.05, 0.18)
_RUN_STRENGTH = (0.2, 0.5)
_PULL = (0.0, 0.15)
_SOFTEN = (0.02, 0.05)


@dataclass(frozen=True)
class BleedLook:
    """One die's draw of the look (see the module's ranges)."""

    tint: tuple[float, float, float]
    edge: float
    run: float
    run_strength: float
    pull: float
    soften: float

    @staticmethod
    def draw(rng: np.random.Generator) -> BleedLook:
        """A random look, seeded by ``rng``.

        >>> look = BleedLook.draw(np.random.default_rng(0))
        >>> 0.82 <= look.edge <= 1.0 and look.tint[2] == 1.0
        True
        """
        u = [float(rng.uniform(*r)) for r in (_TINT_B, _TINT_G, _EDGE, _RUN, _RUN_STRENGTH)]
        pull, soften = float(rng.uniform(*_PULL)), float(rng.uniform(*_SOFTEN))
        return BleedLook((u[0], u[1], 1.0), u[2], u[3], u[4], pull, soften)


def is_light(body: np.ndarray) -> bool:
    """Whether a die body (BGR) is light enough to take the look."""
    return float(np.mean(body)) > LIGHT_BODY


def _inside(shape: tuple[int, ...], x0: int, y0: int, hull: np.ndarray) -> np.ndarray:
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(hull - [x0, y0]).astype(np.int32)], 255, cv2.LINE_AA)
    out: np.ndarray = mask.astype(np.float32) / 255
    return out


def on_light_board(before: np.ndarray, x0: int, y0: int, hull: np.ndarray) -> bool:
    """Whether what lies under the die's outline (``before``: the canvas's region at
    (``x0``, ``y0``) before the die was drawn) is lighter than ``LIGHT_BOARD``."""
    inside = _inside(before.shape, x0, y0, hull) > 0.5
    return bool(inside.any()) and float(before[inside].mean()) > LIGHT_BOARD


@dataclass(frozen=True)
class Underneath:
    """The canvas round a die before the die is drawn: ``before``, its region at (``x0``,
    ``y0``), and the die's outline ``hull`` (N x 2 canvas px)."""

    before: np.ndarray
    x0: int
    y0: int
    hull: np.ndarray


def light_underneath(canvas: np.ndarray, hull: np.ndarray, die_px: float) -> Underneath | None:
    """What lies round the die's outline ``hull`` (padded 0.4 of its side ``die_px`` and 3 px,
    cut to the canvas), kept before the die is drawn, where it is a light board
    (``on_light_board``); None where it is not, or the region is under 4 px across."""
    pad = int(0.4 * die_px) + 3
    hh, ww = canvas.shape[:2]
    x0, y0 = np.floor(hull.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(hull.max(axis=0)).astype(int) + pad
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, ww), min(y1, hh)
    before = canvas[y0:y1, x0:x1].copy()
    if min(x1 - x0, y1 - y0) < 4 or not on_light_board(before, int(x0), int(y0), hull):
        return None
    return Underneath(before, int(x0), int(y0), hull)


def apply(
    canvas: np.ndarray,
    before: np.ndarray,
    x0: int,
    y0: int,
    hull: np.ndarray,
    die_px: float,
    look: BleedLook,
) -> None:
    """Give the die just drawn into ``canvas`` the look, in place. ``before``: the canvas's
    region at (``x0``, ``y0``) before the die was drawn (the board under it); ``hull``: the
    die's outline (N x 2 canvas px); ``die_px``: its side in pixels.

    >>> c = np.full((40, 40, 3), 200, np.uint8); b = c.copy(); c[10:30, 10:30] = 250
    >>> look = BleedLook((1.0, 1.0, 1.0), 1.0, 0.2, 0.8, 0.3, 0.05)
    >>> hull = np.array([[10, 10], [30, 10], [30, 30], [10, 30]], float)
    >>> apply(c, b, 0, 0, hull, 20.0, look)
    >>> int(c[20, 20, 0]) < 250 and int(c[10, 20, 0]) < int(c[20, 20, 0])
    True
    """
    h, w = before.shape[:2]
    roi = canvas[y0 : y0 + h, x0 : x0 + w]
    inside = _inside(before.shape, x0, y0, hull)
    if not (inside > 0.5).any():
        return
    now = roi.astype(np.float32)
    under = before.astype(np.float32)
    board = under[inside > 0.5].mean(axis=0)
    tint = np.asarray(look.tint, np.float32)
    now = now * (1 + (tint - 1) * inside[..., None])
    # The die's body (not its pips) pulled toward the board's colour: faint against it.
    luma = now.mean(axis=2, keepdims=True)
    bodyness = np.clip((luma - 110.0) / 80.0, 0, 1) * inside[..., None]
    now = now + look.pull * bodyness * (board - now)
    # The board run into the die's edge (its body, not the pips).
    depth = cv2.distanceTransform((inside > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    run = look.run_strength * np.clip(1 - depth / max(look.run * die_px, 1.0), 0, 1)
    run = run[..., None] * bodyness
    now = now * (1 - run) + under * run
    # Softened over the die and a rim around it.
    sigma = max(0.4, look.soften * die_px)
    soft = cv2.GaussianBlur(now, (0, 0), sigma)
    near = cv2.GaussianBlur(inside, (0, 0), 2 * sigma)
    near = np.clip(near * 2, 0, 1)[..., None]
    now = now * (1 - near) + soft * near
    roi[:] = now.clip(0, 255).astype(np.uint8)
