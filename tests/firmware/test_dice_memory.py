"""The referee's memory of dice: scenery kept short, and a new roll told from a misread."""

from __future__ import annotations

import doctest

import firmware.dice_memory
from firmware.dice_memory import DiceMemory
from rules.side import Side
from vision.observation import Observation, ObservedDie


def _die(x: float, y: float, value: int | None = 3, zone: str = "white_right") -> ObservedDie:
    return ObservedDie(
        value, (int(x) - 10, int(y) - 10, int(x) + 10, int(y) + 10), (x, y), "flat", zone, 0.9
    )


def _seen(*dice: ObservedDie) -> Observation:
    return Observation(status="ok", dice=dice)


def test_the_docstring_example_runs() -> None:
    result = doctest.testmod(firmware.dice_memory)
    assert result.attempted > 0 and result.failed == 0


def test_scenery_keeps_only_the_last_eight_places() -> None:
    memory = DiceMemory(confidence=0.6)
    for k in range(10):
        memory.remember_scenery((_die(50.0 * k, 40.0),))
    assert len(memory.scenery) == 8
    assert not memory.is_scenery(_die(0.0, 40.0))  # the oldest two were forgotten
    assert memory.is_scenery(_die(450.0, 40.0))
    assert memory.without_scenery(_seen(_die(450.0, 40.0), _die(900.0, 500.0))).dice == (
        _die(900.0, 500.0),
    )


def test_dice_that_stayed_but_read_differently_are_not_a_new_roll() -> None:
    memory = DiceMemory(confidence=0.6)
    memory.remember_roll((_die(100.0, 100.0, 3), _die(200.0, 100.0, 5)))
    # Both dice where they were, one misread: the roll stands.
    assert (
        memory.new_roll(_seen(_die(101.0, 100.0, 3), _die(200.0, 99.0, 6)), Side.WHITE, (3, 5))
        is None
    )
    # One die moved away and the other reads as it did: the players rolled again.
    assert memory.new_roll(
        _seen(_die(101.0, 100.0, 3), _die(400.0, 300.0, 6)), Side.WHITE, (3, 5)
    ) == [3, 6]
    # The same values again are the same roll.
    assert (
        memory.new_roll(_seen(_die(300.0, 300.0, 5), _die(400.0, 300.0, 3)), Side.WHITE, (3, 5))
        is None
    )
    # A die in the opponent's half is not part of the mover's roll.
    far = _die(400.0, 300.0, 6, zone="black_right")
    assert memory.new_roll(_seen(_die(101.0, 100.0, 3), far), Side.WHITE, (3, 5)) is None
