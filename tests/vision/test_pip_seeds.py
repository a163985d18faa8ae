"""vision.pip_seeds: faint pips round a face found in part (session 31)."""

from __future__ import annotations

from functools import partial

import cv2
import numpy as np

from vision.dice import _regroup
from vision.pip_seeds import seeded_near, with_seeded
from vision.pips import Pip, find_pips

R_RANGE = (2.5, 5.5)
DIE = 44.0


def _face(faint_at: tuple[int, int], others: tuple[tuple[int, int], ...] = ()) -> np.ndarray:
    """A plain face with one plain pip at (36, 36), a blurred faint one at ``faint_at`` and
    plain ones at ``others``."""
    img = np.full((128, 128), 90, np.uint8)
    for at in ((36, 36), *others):
        cv2.circle(img, at, 4, 140, -1)
    faint = np.full_like(img, 90)
    cv2.circle(faint, faint_at, 4, 150, -1)
    blurred = cv2.GaussianBlur(faint, (0, 0), 2.5)
    return np.where(blurred != 90, blurred, img).astype(np.uint8)


def test_faint_pip_joins_a_lone_pip_as_one_face() -> None:
    img = _face((60, 60))
    found = find_pips(img, r_range=R_RANGE)
    assert [(round(p.x), round(p.y)) for p in found] == [(36, 36)]
    pips, groups = with_seeded(img, found, [[0]], DIE, R_RANGE, partial(_regroup, img, DIE))
    assert len(pips) == 2 and groups == [[0, 1]]


def test_faint_spot_off_the_die_is_not_taken() -> None:
    img = _face((90, 90))  # 1.3 die sides away: another die's, or texture
    found = find_pips(img, r_range=R_RANGE)
    assert seeded_near(img, found, [[0]], DIE, R_RANGE) == []


def test_group_with_other_pips_near_gets_no_second_look() -> None:
    img = _face((60, 60), others=((36, 80),))  # another face's pip within 1.2 die sides
    found = find_pips(img, r_range=R_RANGE)
    assert len(found) == 2
    groups = [[i] for i in range(len(found))]
    assert seeded_near(img, found, groups, DIE, R_RANGE) == []


def test_faint_spot_linked_with_no_found_pip_is_dropped() -> None:
    img = _face((60, 60))
    found = find_pips(img, r_range=R_RANGE)

    def apart(ps: list[Pip]) -> list[list[int]]:  # nothing links: every spot alone
        return [[i] for i in range(len(ps))]

    pips, groups = with_seeded(img, found, [[0]], DIE, R_RANGE, apart)
    assert len(pips) == 1 and groups == [[0]]
