"""A lone pip refused for looking unlike the other dice is still a die, unread, where the face
round it is a die's top (vision.lone_die)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice import find_dice
from vision.dice_tilted import ALONE_CONFIDENCE
from vision.lone_die import die_rings, proven_ones
from vision.pip_groups import make_group
from vision.pips import Pip

DIE = 44.0  # die side, work pixels


def _scene(face_at: str) -> np.ndarray:
    """A dark board (60) with a light spot-pip (a dark pip of radius 4 at (100, 100)) on a
    light face (200): a die's top, a checker's face, or a printed letter's hole."""
    img = np.full((200, 200), 60, np.uint8)
    if face_at == "die":
        cv2.rectangle(img, (78, 78), (122, 122), 200, -1)
    elif face_at == "checker":
        cv2.circle(img, (100, 100), 48, 200, -1)
    elif face_at == "letter":
        cv2.rectangle(img, (88, 88), (112, 112), 200, -1)  # a small light hole in ink
    cv2.circle(img, (100, 100), 4, 20, -1)
    return img


def _pip() -> Pip:
    return Pip(100.0, 100.0, 4.0, True, 180.0, 200.0, 20.0, 0.8)


def test_lone_die_rings_a_die_top_round_its_one() -> None:
    assert die_rings(_scene("die"), _pip(), DIE).a_die


def test_lone_die_rings_no_die_on_a_checker_or_in_a_letter() -> None:
    assert not die_rings(_scene("checker"), _pip(), DIE).a_die  # the face goes on past 0.85
    assert not die_rings(_scene("letter"), _pip(), DIE).a_die  # it ends before 0.45


def test_lone_die_not_beside_a_die_found_nor_flattened() -> None:
    one = make_group([_pip()], 0.5 * DIE)
    img = _scene("die")
    assert proven_ones(img, [one], [], [_pip()], DIE) == [one]
    beside = make_group([Pip(140.0, 100.0, 4.0, True, 180.0, 200.0, 20.0, 0.8)], 0.5 * DIE)
    assert proven_ones(img, [one], [beside], [_pip()], DIE) == []
    flat = Pip(100.0, 100.0, 4.0, True, 180.0, 200.0, 20.0, 0.5)
    assert proven_ones(img, [make_group([flat], 0.5 * DIE)], [], [flat], DIE) == []


def test_lone_die_a_lit_one_beside_a_shaded_die_is_found_unread() -> None:
    # A shaded 5 (face 110) sets the face grey a lone pip must match; the lit 1 (face 225)
    # lies 115 grey levels off it and was refused: the die was missed.
    img = np.full((240, 360, 3), 50, np.uint8)
    cv2.rectangle(img, (60, 100), (104, 144), (110, 110, 110), -1)
    for x, y in [(70, 110), (94, 110), (82, 122), (70, 134), (94, 134)]:
        cv2.circle(img, (x, y), 3, (15, 15, 15), -1)
    cv2.rectangle(img, (240, 100), (284, 144), (225, 225, 225), -1)
    cv2.circle(img, (262, 122), 3, (15, 15, 15), -1)
    dice = find_dice(img, die_size_px=44.0, learned_state=False)
    by_x = sorted(dice, key=lambda d: d.centre[0])
    assert [d.value for d in by_x] == [5, None]
    assert abs(by_x[1].centre[0] - 262) < 3 and by_x[1].confidence <= ALONE_CONFIDENCE
