"""The pair doubt (``vision.cocked_pair``): a die the cocked model half sees cocked beside a twin
it sees plainly flat is asked about; twins alike in their scores (the paper webcam) are not."""

from __future__ import annotations

import numpy as np

from vision.cocked_pair import ALIKE_SHADE, PairDie, alike, doubted, face_colour

IVORY = (200.0, 205.0, 215.0)


def _pair(twin_colour: tuple[float, float, float] = IVORY, gap: float = 60.0) -> list[PairDie]:
    return [
        PairDie((100.0, 100.0), "flat", IVORY, half=True),
        PairDie((100.0 + gap, 100.0), "flat", twin_colour),
    ]


def test_a_die_half_seen_cocked_beside_a_plainly_flat_twin_is_doubted() -> None:
    assert doubted(_pair(), 30.0, 0.9, lambda j: True) == [0]


def test_a_half_seen_die_whose_twin_the_model_also_half_sees_is_not_doubted() -> None:
    # The paper webcam: both flat dice score high on their light board (the lower at least 0.10).
    assert doubted(_pair(), 30.0, 0.9, lambda j: False) == []


def test_dice_of_another_set_are_no_twins() -> None:
    # fm gammon: each player's dice lie on the board, in unlike colours.
    asked: list[int] = []

    def plain(j: int) -> bool:
        asked.append(j)
        return True

    assert doubted(_pair((40.0, 80.0, 60.0)), 30.0, 0.9, plain) == []
    assert asked == []  # the model is not scored for a die that is no twin


def test_a_twin_a_shade_apart_is_no_twin() -> None:
    dark = tuple(c / (ALIKE_SHADE + 0.1) for c in IVORY)
    assert not alike(IVORY, dark)
    assert doubted(_pair(dark), 30.0, 0.9, lambda j: True) == []  # type: ignore[arg-type]


def test_a_die_s_own_face_within_one_die_is_no_twin() -> None:
    assert doubted(_pair(gap=20.0), 30.0, 0.9, lambda j: True) == []


def test_a_twin_called_cocked_is_no_twin() -> None:
    dice = [PairDie((0.0, 0.0), "flat", IVORY, True), PairDie((90.0, 0.0), "cocked", IVORY)]
    assert doubted(dice, 30.0, 0.9, lambda j: True) == []


def test_no_die_half_seen_asks_nothing() -> None:
    dice = [PairDie((0.0, 0.0), "flat", IVORY), PairDie((90.0, 0.0), "flat", IVORY)]
    assert doubted(dice, 30.0, 0.9, lambda j: 1 / 0 > 0) == []  # plain is never asked


def test_face_colour_is_the_middle_of_the_face() -> None:
    img = np.zeros((60, 60, 3), np.uint8)
    img[20:40, 20:40] = (210, 205, 200)
    img[29:31, 29:31] = 0  # a pip in the middle does not move the median
    assert face_colour(img, (30.0, 30.0), 30.0) == (210.0, 205.0, 200.0)
