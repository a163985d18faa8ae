"""The numbered render sets: each set's seed and dice mix, and how its image ``i`` is drawn.

``scripts/render-synthetic`` writes the sets; a test or an audit that needs one image of a set,
or only its layout, draws it here the same way (:func:`numbered`), so the three cannot drift.

    >>> from vision.synth.renderer import layout_of
    >>> seed, _, weights = SETS["train"]
    >>> lay = numbered(seed, 0, layout_of, weights)
    >>> sum(1 for c in lay.checkers if c.colour == "black")
    15
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

import numpy as np

from .spec import SceneSpec, random_scene

# name: (seed, images, weights of flat / cocked / on_checker dice). `train` has more cocked
# dice for the cocked-die model (vision.train_cocked); it is rendered on demand, not committed.
SETS: dict[str, tuple[int, int, tuple[float, float, float]]] = {
    "dev": (1000, 100, (0.62, 0.27, 0.11)),
    "test": (2000, 100, (0.62, 0.27, 0.11)),
    "train": (3000, 400, (0.45, 0.45, 0.10)),
}
ATTEMPTS = 20

T = TypeVar("T")


def numbered(
    seed: int,
    index: int,
    make: Callable[[SceneSpec, np.random.Generator], T],
    weights: tuple[float, float, float] = SETS["dev"][2],
    n_dice: int | None = None,
    on_retry: Callable[[int, RuntimeError], None] | None = None,
    real_pips: bool = False,
    dice_on_points: bool = False,
    bleed: bool = False,
) -> T:
    """``make(spec, rng)`` (e.g. ``render``) for image ``index`` (IMG_{index + 1}) of the set
    drawn from ``seed``: each attempt seeds by (seed, index, attempt) and draws the scene, and
    an attempt whose dice find no room (``RuntimeError``, told to ``on_retry``) gives way to
    the next. ``real_pips``: the scene's dice get pips of real dice's sizes and spacings
    (``SceneSpec.real_pips``), the rest of it as without; ``dice_on_points``: flat dice in a
    half lie on empty light points (``SceneSpec.dice_on_points``), the same scenes otherwise;
    ``bleed``: light dice take a dim webcam's look (``SceneSpec.bleed``), the same scenes."""
    for attempt in range(ATTEMPTS):
        rng = np.random.default_rng([seed, index, attempt])
        try:
            spec = random_scene(rng, die_state_weights=weights, n_dice=n_dice)
            spec = replace(spec, real_pips=True) if real_pips else spec
            spec = replace(spec, dice_on_points=True) if dice_on_points else spec
            spec = replace(spec, bleed=True) if bleed else spec
            return make(spec, rng)
        except RuntimeError as exc:  # a die that found no room: draw another scene
            if on_retry is not None:
                on_retry(index, exc)
    raise RuntimeError(f"image {index} of seed {seed} failed {ATTEMPTS} times")
