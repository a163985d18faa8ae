"""Tilted dice whose pips make no face are found, unread (vision.dice_tilted)."""

from __future__ import annotations

import pytest

from vision.dice_tilted import tilted_dice
from vision.pip_groups import make_group
from vision.pips import Pip

DIE = 44.0  # die side, work pixels (what find_dice reads a board's dice at)


def _pip(x: float, y: float, r: float = 3.0, round_: float = 0.8, dark: bool = True) -> Pip:
    return Pip(x, y, r, dark, 60.0, 200.0, 140.0, round_)


def _read() -> list:
    """A 2 read elsewhere in the photo: the pips' size the dice of this photo have."""
    return [make_group([_pip(300, 300), _pip(318, 318)], 0.0)]


# Pips a cocked die shows: two of its top face, one of a side face below them.
TILTED = [(100.0, 100.0), (112.0, 96.0), (106.0, 114.0)]


def test_pips_of_a_tilted_die_are_a_die() -> None:
    found = tilted_dice([_pip(x, y) for x, y in TILTED], _read(), DIE)
    assert len(found) == 1
    assert found[0].half == pytest.approx(DIE / 2)
    assert (found[0].cx, found[0].cy) == pytest.approx((106.0, 103.33), abs=0.01)


def test_no_face_read_gives_no_size_and_no_die() -> None:
    assert tilted_dice([_pip(x, y) for x, y in TILTED], [], DIE) == []


@pytest.mark.parametrize(
    "why, pips",
    [
        ("two pips", [_pip(x, y) for x, y in TILTED[:2]]),
        ("spots far larger than the dice's pips", [_pip(x, y, r=5.0) for x, y in TILTED]),
        ("flat spots (a marker's cells)", [_pip(x, y, round_=0.55) for x, y in TILTED]),
        ("two polarities", [_pip(x, y, dark=k != 1) for k, (x, y) in enumerate(TILTED)]),
        ("beside a die read", [_pip(x + 180, y + 180) for x, y in TILTED]),
        ("a row longer than a die", [_pip(100 + 20 * k, 100) for k in range(4)]),
    ],
)
def test_spots_that_are_no_die(why: str, pips: list[Pip]) -> None:
    assert tilted_dice(pips, _read(), DIE) == [], why


def test_two_faces_of_one_die_are_one_die() -> None:
    top = [_pip(x, y) for x, y in TILTED]
    side = [_pip(x + 35, y) for x, y in TILTED]  # past the reach of a pip (22 px)
    found = tilted_dice(top + side, _read(), DIE)
    assert [len(g.pips) for g in found] == [3]
