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
where the patch's rim is lighter than 140: the committed model's six-view mean of light flat
dice 0.07 -> 0.16 (over 0.45: 0 -> 12%, of 237 found both ways), cocked 0.87 -> 0.88; the real
webcam's flat dice 0.41 (over 0.45: 42% of 33). The look does not reach the real dice's score,
and it hides dice the real webcam does not: the finder loses 95 of 332 light flat and 76 of
200 light cocked dice with it (the webcam: 1 of 34 unfound). The grey cues move away from the
real ones, not toward them (``vision.cocked_grey``; body beyond a flat die's sweep, median,
light flat dice 0.30 -> 0.17, the webcam's 0.28; plain face area 1.66 -> 1.45, the webcam's
2.70). Tried on 40 renders (IMG_70401-70440, 33 light dice): the whole die pulled toward the
board (its pips too) 0.35-0.65 lost 21 of them; 0.15-0.45 lost 9 and moved the light flat
dice's score 0.09 -> 0.15, as the body alone does.

A model trained on it (session 31, not committed): a fourth network on 600 renders with the
bleed look (``scripts/render-synthetic --set train --dice 4 --bleed --start 70400 --count
600``, light dice on light boards drawn as the paper webcam shows them; 2017 found dice),
``--view-jitter 0.006 --ensemble 2 --l2 0.01 --held-out 0``, joined at 0.25: the first retrain
that lowers the paper webcam's flat dice (labelled corners, ``vision.train_cocked``'s views: at
most 0.775 -> 0.674, over 0.7 2 -> 0 of 33, mean 0.41 -> 0.385); the same recipe on the same
600 scenes without the look lifts them (at most 0.847, 4 over 0.7), as session 29's did. On
renders it is a little weaker (/tmp/unseen46-47, 793 dice, 327 cocked: AUC 0.9959 -> 0.9949;
recall at 0.85 0.844 -> 0.838, 2 false calls each; without the look 0.856, 3), fm gammon's
highest die 0.906 -> 0.915 (0.957 without). Through the reader with its bar lowered to 0.85
(held-out IMG_71001-71400, board given) it lost: cocked recall 86.0 -> 85.6%, die states acted
on / wrong 1290 / 25 -> 1290 / 29 (cocked called flat 17 -> 20). The look lets a retrain learn
the real flat dice's faint edges as flat; it does not yet render them as faint as they are
(above), and 600 renders teach less than the committed networks' 15 000 dice.
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
_RUN_STRENGTH = (0.3, 0.7)
_PULL = (0.35, 0.75)
_SOFTEN = (0.03, 0.08)


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
