"""vision.face_groups: which pips are linked as one face."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.face_groups import LINK_R, consensus, link_pips
from vision.pip_groups import Group, make_group
from vision.pips import Pip


def _two(blur: bool, edge: bool) -> tuple[np.ndarray, list[Pip]]:
    """A light face with two dark pips drawn 7 px in radius, measured 4.5 (a webcam's blurred
    pips: matteop65 two_27's 2, its pips' ink 7 px out, read as two 1s); ``edge``: a dark
    line between them half way (two dice touching)."""
    img: np.ndarray = np.full((120, 120), 60, np.uint8)
    cv2.rectangle(img, (20, 20), (100, 100), 190, -1)
    a, b = (45.0, 70.0), (75.0, 50.0)
    for x, y in (a, b):
        cv2.circle(img, (round(x), round(y)), 7, 35, -1)
    if edge:
        cv2.line(img, (40, 40), (80, 80), 60, 2)
    if blur:
        img = cv2.GaussianBlur(img, (0, 0), 1.2)
    return img, [Pip(x, y, 4.5, True, 155.0, 190.0, 35.0, 0.85) for x, y in (a, b)]


@pytest.mark.parametrize("blur", [False, True])
def test_pips_whose_ink_runs_past_their_radius_are_linked(blur: bool) -> None:
    img, pips = _two(blur, edge=False)
    assert sorted(map(sorted, link_pips(img, pips, LINK_R))) == [[0, 1]]


def test_a_line_between_pips_still_keeps_them_apart() -> None:
    img, pips = _two(False, edge=True)
    assert sorted(map(sorted, link_pips(img, pips, LINK_R))) == [[0], [1]]


@pytest.mark.parametrize("die_px", [None, 30.0])
def test_two_dice_side_by_side_split_in_place_not_by_pip_size(die_px: float | None) -> None:
    # A 4 seen obliquely (its near row's pips 4.5, its far row's 3.6) touching a 5 (pips
    # 4.8), all linked: split by pip size the 4's rows came apart (its far row read as a 2,
    # matteop65 valid_76); split in place, the two faces come apart whole.
    from vision.face_groups import split_mixed

    gray = np.full((160, 200), 200, np.uint8)
    four = [(50, 50, 3.6), (72, 50, 3.6), (50, 70, 4.5), (72, 70, 4.5)]
    five = [(100, 40, 4.8), (124, 40, 4.8), (112, 52, 4.8), (100, 64, 4.8), (124, 64, 4.8)]
    pips = [Pip(x, y, r, True, 150.0, 200.0, 50.0, 0.8) for x, y, r in four + five]
    parts = split_mixed(gray, pips, [list(range(len(pips)))], die_px)
    assert sorted(map(sorted, parts)) == [[0, 1, 2, 3], [4, 5, 6, 7, 8]]


def test_one_die_is_not_split_in_place_into_two_faces() -> None:
    # A tilted 4 linked with its side face's two pips (dev IMG_0059) split in place into a
    # 2 and a 3 half a die apart, and the 3 was read: two dice lie a die's side apart at
    # least, so with the die's size known that split is not taken for two faces.
    from vision.face_groups import _faces

    two = [(55.0, 45.0), (37.0, 57.0)]
    three = [(65.0, 69.0), (49.0, 81.0)]
    three.insert(1, (57.0, 75.0))
    pips = [Pip(x, y, 3.5, True, 120.0, 195.0, 75.0, 0.9) for x, y in two + three]
    parts = ([0, 1], [2, 3, 4])
    assert _faces(pips, parts, None)
    assert not _faces(pips, parts, 44.0)
    far = [Pip(p.x + 30.0, p.y, p.r, True, 120.0, 195.0, 75.0, 0.9) for p in pips[2:]]
    assert _faces(pips[:2] + far, parts, 44.0)


def test_one_flat_pip_does_not_make_a_top_face_a_side_face_without_a_board() -> None:
    # A photo's 5 and 4 with round pips (0.9), a 3 with one pip measured flat by its shadow
    # (0.32, 0.66, 0.66: fudw IMG_4548 measured 0.32 / 0.59 / 0.61) and a side face's 3 flat
    # all through (0.5). By the pips' mean the top face's 3 (0.55) is dropped with the side
    # face; by their median (dice-only photos) it is kept, and the side face still goes.
    def face(x: float, circs: list[float]) -> Group:
        spots = [(x - 10, 40), (x + 10, 40), (x, 50), (x - 10, 60), (x + 10, 60)]
        pips = [
            Pip(px, py, 3.0, False, 150.0, 80.0, 230.0, c)
            for (px, py), c in zip(spots, circs, strict=False)
        ]
        return make_group(pips, 0.0)

    five = face(50, [0.9] * 5)
    four = face(150, [0.9] * 4)
    top3 = face(250, [0.32, 0.66, 0.66])
    side3 = face(350, [0.5, 0.5, 0.5])
    groups = [five, four, top3, side3]
    assert consensus(groups) == [five, four]
    assert consensus(groups, by_median=True) == [five, four, top3]


def test_a_column_of_a_six_read_apart_gives_way_to_the_six_it_is_part_of() -> None:
    from vision.face_groups import faces_and_others

    # A 6's left column found round (0.9), its right column flatter (0.55) and linked apart;
    # the right column completed to a 6 whose left column is inferred (round 1.0, placed a
    # pixel off the pips found). The round column alone wins the die, but it is part of the 6.
    def pip(x: float, y: float, circ: float) -> Pip:
        return Pip(x, y, 3.0, True, 100.0, 200.0, 100.0, circ)

    left = make_group([pip(40.0, y, 0.9) for y in (30.0, 40.0, 50.0)], 0.0)
    right = [pip(60.0, y, 0.55) for y in (30.0, 40.0, 50.0)]
    six = make_group(right + [pip(41.0, y + 1.0, 1.0) for y in (30.0, 40.0, 50.0)], 0.0)
    [(face, others)] = faces_and_others([left, six])
    assert len(face.pips) == 6
    assert all(p in face.pips for p in left.pips)  # the pips found, not those inferred
    assert others == (left,)
    # A 3 beside a 6 that does not hold its pips stays the die's face.
    apart = make_group([pip(47.0, y, 0.9) for y in (30.0, 40.0, 50.0)], 0.0)
    [(face, _)] = faces_and_others([apart, six])
    assert face is apart


def test_a_top_face_is_split_from_a_side_face_by_roundness() -> None:
    # A flat die seen obliquely (IMG_48893's 2): its top face's round pips (0.9, r 2.7)
    # linked with its side face's flat ones (0.4-0.55, measured bigger: r 3.4-3.7), so that
    # size x roundness cannot tell them apart. Split by roundness, the 2 stays whole.
    from vision.face_groups import split_mixed

    gray = np.full((120, 120), 200, np.uint8)
    spots = [(60, 68, 2.7, 0.88), (61, 40, 2.6, 0.91), (47, 75, 3.7, 0.55), (35, 60, 3.4, 0.4)]
    pips = [Pip(x, y, r, True, 100.0, 200.0, 100.0, c) for x, y, r, c in spots]
    parts = split_mixed(gray, pips, [[0, 1, 2, 3]], 44.0)
    assert [0, 1] in map(sorted, parts)
    assert all(not {0, 1} & set(p) for p in parts if sorted(p) != [0, 1])
