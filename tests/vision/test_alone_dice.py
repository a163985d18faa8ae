"""A tilted die where no face of 2+ pips was read is found by the die's pip size, unread and
asked about (vision.dice_tilted.alone_dice)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.dice
from vision.dice import find_dice
from vision.dice_tilted import ALONE_APART, ALONE_CONFIDENCE, ALONE_PIP_R, alone_dice
from vision.faint_pips import FAINT_FLOOR
from vision.pip_groups import Group, make_group
from vision.pips import Pip

DIE = 44.0  # die side, work pixels
R = ALONE_PIP_R * DIE  # the pip radius a die this size has


def _pip(x: float, y: float, r: float = R, round_: float = 0.8, dark: bool = True) -> Pip:
    return Pip(x, y, r, dark, 60.0, 200.0, 140.0, round_)


# Pips a cocked die shows: two of its top face, one of a side face below them.
TILTED = [(100.0, 100.0), (112.0, 96.0), (106.0, 114.0)]


def test_alone_dice_finds_a_tilted_die_where_no_face_was_read() -> None:
    found = alone_dice([_pip(x, y) for x, y in TILTED], [], DIE)
    assert [len(g.pips) for g in found] == [3]
    assert found[0].half == pytest.approx(DIE / 2)


def test_alone_dice_finds_one_beside_a_lone_pip_read_far_off() -> None:
    one = [make_group([_pip(400, 400)], 0.5 * DIE)]
    assert len(alone_dice([_pip(x, y) for x, y in TILTED], one, DIE)) == 1


def test_alone_dice_leaves_it_to_tilted_dice_where_a_face_was_read() -> None:
    two = [make_group([_pip(400, 400), _pip(418, 418)], 0.0)]
    assert alone_dice([_pip(x, y) for x, y in TILTED], two, DIE) == []


@pytest.mark.parametrize(
    "why, pips",
    [
        ("spots far larger than a die's pips", [_pip(x, y, r=2 * R) for x, y in TILTED]),
        ("spots far smaller than a die's pips", [_pip(x, y, r=0.5 * R) for x, y in TILTED]),
        ("flat spots (a marker's cells)", [_pip(x, y, round_=0.55) for x, y in TILTED]),
        ("two pips", [_pip(x, y) for x, y in TILTED[:2]]),
    ],
)
def test_alone_dice_spots_that_are_no_die(why: str, pips: list[Pip]) -> None:
    assert alone_dice(pips, [], DIE) == [], why


def test_alone_dice_cluster_near_a_lone_pip_read_is_that_dies_other_face() -> None:
    near = (106.0 + 1.2 * DIE, 103.0)  # under ALONE_APART die sides from the cluster
    assert 1.2 < ALONE_APART
    one: list[Group] = [make_group([_pip(*near)], 0.5 * DIE)]
    assert alone_dice([_pip(x, y) for x, y in TILTED], one, DIE) == []


def test_alone_dice_on_a_board_is_unread_and_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """find_dice reads a cluster alone_dice gives as an unread die, under the faint floor."""
    img = np.full((300, 300, 3), 90, np.uint8)
    cv2.rectangle(img, (128, 128), (172, 172), (235, 235, 235), -1)
    cluster = Group(tuple(_pip(x + 50, y + 50) for x, y in TILTED), 156.0, 153.0, 22.0)
    monkeypatch.setattr(vision.dice, "alone_dice", lambda pips, read, die_px: [cluster])
    found = find_dice(img, die_size_px=DIE, learned_state=False)
    assert [(d.value, d.confidence) for d in found] == [(None, ALONE_CONFIDENCE)]
    assert ALONE_CONFIDENCE < FAINT_FLOOR  # no rule lifts it to believed
