"""vision.synth ``SceneSpec.dice_on_points``: flat dice in a half lie on an empty light point
where a first checker would stand (the real die counted as a checker); the checkers, the other
dice and the labels' states stay those of the scene without it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.synth import random_scene
from vision.synth.dice_layout import _light_points
from vision.synth.layout import layout_scene
from vision.synth.spec import DieSpec


def test_flat_dice_lie_on_empty_light_points() -> None:
    hits = 0
    for seed in range(6):
        spec = random_scene(np.random.default_rng(seed), n_dice=0, hand_probability=0.0)
        dice = (DieSpec(3, "flat", "white_right"), DieSpec(5, "flat", "black_right"))
        spec = replace(spec, dice=dice, dice_on_points=True)
        lay = layout_scene(spec, np.random.default_rng(seed))
        g, wh = spec.geometry, spec.white_home
        held = {c.index for c in lay.checkers if c.where == "point"}
        light = set(_light_points(spec))
        for box in lay.dice:
            x, y = float(box.centre[0]), float(box.centre[1])
            # The point whose first checker spot lies nearest the die.
            near = min(
                range(24), key=lambda i: np.hypot(*np.subtract(g.checker_spot(i, wh, 0.6), (x, y)))
            )
            d = np.hypot(*np.subtract(g.checker_spot(near, wh, 0.6), (x, y)))
            if d < g.checker_diameter:
                hits += 1
                assert near in light and near not in held
    assert hits >= 8  # nearly every die found an empty light point


def test_off_by_default_and_the_checkers_unchanged() -> None:
    spec = random_scene(np.random.default_rng(11), n_dice=2)
    assert not spec.dice_on_points
    old = layout_scene(spec, np.random.default_rng(5))
    new = layout_scene(replace(spec, dice_on_points=True), np.random.default_rng(5))
    assert [(c.x, c.y) for c in old.checkers] == [(c.x, c.y) for c in new.checkers]
    assert [b.state for b in old.dice] == [b.state for b in new.dice]
