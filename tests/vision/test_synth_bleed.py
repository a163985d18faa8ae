"""vision.synth's bleed look (``SceneSpec.bleed``): light dice on a light board drawn as a dim
webcam shows them (no dark outline, the board run into the die's edge, soft and faint), from
a generator of their own, so the rest of the scene renders as it did; dark boards and dark
dice keep the plain look."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.synth import random_scene, render
from vision.synth.bleed import BleedLook, apply, on_light_board


def _die_on_board(board: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    canvas = np.full((40, 40, 3), board, np.uint8)
    before = canvas.copy()
    canvas[10:30, 10:30] = 120  # the plain render's dark outline ...
    canvas[12:28, 12:28] = 240  # ... around a white die
    return canvas, before, np.array([[10, 10], [30, 10], [30, 30], [10, 30]], float)


def test_bleed_takes_the_outline_and_the_contrast_away_on_a_light_board() -> None:
    canvas, before, hull = _die_on_board(200)
    plain = canvas.copy()
    apply(canvas, before, 0, 0, hull, 20.0, BleedLook((0.9, 0.95, 1.0), 1.0, 0.15, 0.6, 0.4, 0.05))
    assert abs(int(canvas[20, 20, 2]) - 200) < abs(int(plain[20, 20, 2]) - 200)
    assert abs(int(canvas[11, 20, 2]) - 200) < abs(int(plain[11, 20, 2]) - 200)
    assert on_light_board(before, 0, 0, hull)
    assert not on_light_board(_die_on_board(60)[1], 0, 0, hull)


def test_only_the_dice_change_with_bleed() -> None:
    for seed in range(40):
        spec = replace(random_scene(np.random.default_rng(seed), n_dice=3), style="paper")
        new, new_lab = render(replace(spec, bleed=True), np.random.default_rng(4))
        old, old_lab = render(spec, np.random.default_rng(4))
        assert new_lab == old_lab
        changed = np.abs(new.astype(int) - old.astype(int)).max(axis=2) > 0
        if changed.any():
            break
    assert changed.any()
    inside = np.zeros_like(changed)
    for die in new_lab["dice"]:
        x0, y0, x1, y1 = die["bbox"]
        pad = (x1 - x0) // 2 + 4
        inside[max(y0 - pad, 0) : y1 + pad, max(x0 - pad, 0) : x1 + pad] = True
    assert not (changed & ~inside).any()
