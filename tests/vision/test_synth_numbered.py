"""vision.synth.sets.numbered: a set's image i is drawn one way, retried the same way everywhere."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import vision.synth.sets
from vision.synth import random_scene
from vision.synth.sets import ATTEMPTS, SETS, numbered


def test_the_docstring_example_runs() -> None:
    result = doctest.testmod(vision.synth.sets)
    assert result.attempted > 0 and result.failed == 0


def test_an_attempt_whose_dice_find_no_room_gives_way_to_the_next() -> None:
    seen: list[tuple[int, str]] = []
    draws: list[float] = []

    def make(spec: object, rng: np.random.Generator) -> float:
        value = float(rng.random())
        draws.append(value)
        if len(draws) < 3:
            raise RuntimeError("no room")
        return value

    got = numbered(5, 7, make, on_retry=lambda i, exc: seen.append((i, str(exc))))
    assert seen == [(7, "no room"), (7, "no room")]
    # The third attempt's own seed, not a continuation of the first attempt's generator.
    rng = np.random.default_rng([5, 7, 2])
    random_scene(rng, die_state_weights=SETS["dev"][2])
    assert got == draws[2] == float(rng.random())


def test_an_image_that_never_fits_names_its_index_and_seed() -> None:
    def never(spec: object, rng: np.random.Generator) -> None:
        raise RuntimeError("no room")

    with pytest.raises(RuntimeError, match=f"image 4 of seed 9 failed {ATTEMPTS} times"):
        numbered(9, 4, never)
