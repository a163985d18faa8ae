"""vision.synth pip geometry: with ``SceneSpec.real_pips`` each dice set draws its own pip size
and spacing, from a generator of its own, so the rest of the scene renders as it did; without
it the pips are the committed sets'."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.synth import random_scene, render
from vision.synth.piece_faces import die_face, pip_geometry


def test_pip_geometry_covers_the_real_and_the_old_range() -> None:
    draws = np.array([pip_geometry(np.random.default_rng(s)) for s in range(400)])
    r, s = draws[:, 0], draws[:, 1]
    # Real pips: radius 0.083-0.115 die sides (0.166-0.23 here), spacing 0.20-0.29 (0.4-0.58).
    assert r.max() > 0.22 and s.min() < 0.42 and s.max() > 0.56
    assert (r < 0.16).any() and ((np.abs(s - 0.5) < 0.02) & (np.abs(r - 0.16) < 0.01)).any()
    assert (r <= 0.44 * s + 1e-9).all()  # a 6's pips never touch


def test_larger_pips_darken_more_of_the_face() -> None:
    small = die_face(6, (235, 235, 235), (20, 20, 20), 64, pip_r=0.15, spacing=0.5)
    big = die_face(6, (235, 235, 235), (20, 20, 20), 64, pip_r=0.22, spacing=0.5)
    dark = [int((f[..., 0] < 100).sum()) for f in (small, big)]
    assert dark[1] > 1.8 * dark[0]


def test_only_the_dice_change_with_real_pips() -> None:
    spec = random_scene(np.random.default_rng(3), n_dice=2)
    new, new_lab = render(replace(spec, real_pips=True), np.random.default_rng(4))
    old, old_lab = render(spec, np.random.default_rng(4))
    assert new_lab == old_lab
    changed = np.abs(new.astype(int) - old.astype(int)).max(axis=2) > 0
    assert changed.any()
    inside = np.zeros_like(changed)
    for die in new_lab["dice"]:
        x0, y0, x1, y1 = die["bbox"]
        inside[max(y0 - 3, 0) : y1 + 4, max(x0 - 3, 0) : x1 + 4] = True
    assert not (changed & ~inside).any()
