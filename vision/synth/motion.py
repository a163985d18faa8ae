"""Frame sequences of one scene for motion/stillness tests.

A hand enters from an edge, moves over the board, leaves, then the scene stays still. The
board never changes, so every frame has the same labels apart from the hand (``partial`` and
dice hidden by it); sensor noise differs frame to frame as in a real video.

Usage::

    >>> import numpy as np
    >>> from vision.synth import random_scene
    >>> spec = random_scene(np.random.default_rng(0), n_dice=2)
    >>> frames = motion_sequence(spec, np.random.default_rng(1), enter=2, move=2, leave=2, still=2)
    >>> len(frames), [f.phase for f in frames][:3]
    (8, ['enter', 'enter', 'move'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .renderer import compose, prepare
from .spec import HandSpec, SceneSpec, random_hand


@dataclass(frozen=True)
class MotionFrame:
    """One frame: image, labels, phase (enter | move | leave | still), hand in view."""

    image: np.ndarray
    labels: dict[str, Any]
    phase: str
    hand: HandSpec | None


def _offboard(hand: HandSpec, spec: SceneSpec) -> HandSpec:
    """The same hand pulled back beyond the image edge it comes from."""
    g = spec.geometry
    x, y = hand.tip_mm
    far = 700.0
    tip = {
        "bottom": (x, g.play_height + far),
        "top": (x, -far),
        "left": (-far, y),
        "right": (g.play_width + far, y),
    }[hand.edge]
    return replace(hand, tip_mm=tip)


def _lerp(a: HandSpec, b: HandSpec, t: float) -> HandSpec:
    tip = (
        float(a.tip_mm[0] + (b.tip_mm[0] - a.tip_mm[0]) * t),
        float(a.tip_mm[1] + (b.tip_mm[1] - a.tip_mm[1]) * t),
    )
    return replace(a, tip_mm=tip, height_mm=a.height_mm + (b.height_mm - a.height_mm) * t)


def motion_sequence(
    spec: SceneSpec,
    rng: np.random.Generator,
    *,
    enter: int = 4,
    move: int = 4,
    leave: int = 4,
    still: int = 8,
) -> list[MotionFrame]:
    """Frames of ``spec``: hand enters (``enter`` frames), moves, leaves, then ``still`` frames
    without a hand. Uses ``spec.hand`` as the reach target, or a random hand if None."""
    hand = spec.hand if spec.hand is not None else random_hand(rng, spec.geometry)
    prep = prepare(replace(spec, hand=None), np.random.default_rng(int(rng.integers(2**62))))
    away = _offboard(hand, spec)
    g = spec.geometry
    second = replace(
        hand,
        tip_mm=(
            float(np.clip(hand.tip_mm[0] + rng.uniform(-120, 120), 0, g.play_width)),
            float(np.clip(hand.tip_mm[1] + rng.uniform(-80, 80), 0, g.play_height)),
        ),
    )
    plan: list[tuple[str, HandSpec | None]] = []
    plan += [("enter", _lerp(away, hand, (k + 1) / enter)) for k in range(enter)]
    plan += [("move", _lerp(hand, second, (k + 1) / move)) for k in range(move)]
    plan += [("leave", _lerp(second, away, (k + 1) / (leave + 1))) for k in range(leave)]
    plan += [("still", None) for _ in range(still)]
    # A moving hand is blurred by a third of its movement between frames (at most 25 mm).
    blurred: list[tuple[str, HandSpec | None]] = []
    prev = away
    for phase, h in plan:
        if h is not None:
            step = np.subtract(h.tip_mm, prev.tip_mm) / 3.0
            step *= min(1.0, 25.0 / max(float(np.hypot(*step)), 1e-9))  # at most 25 mm
            blurred.append((phase, replace(h, motion_mm=(float(step[0]), float(step[1])))))
            prev = h
        else:
            blurred.append((phase, None))
    plan = blurred
    frames = []
    for phase, h in plan:
        image, labels = compose(prep, h, np.random.default_rng(int(rng.integers(2**62))))
        frames.append(MotionFrame(image, labels, phase, h))
    return frames
