"""vision.dice: faces it cannot tell apart are left unread (value None), not guessed."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.vision.test_dice import draw_die
from vision.dice import DieReading, find_dice
from vision.dice_doubt import _beside_a_mark, _lone_beside_like, _spot_on_face, one_reading_a_die
from vision.pip_groups import make_group
from vision.pips import Pip


def _close_pair(img: np.ndarray, centre: tuple[float, float], side: float, gap: float) -> None:
    """A die face with two pips only ``gap`` (share of the side) apart on its diagonal: what
    shows of a tilted die's side face, or one column of a 6 with the rest lost."""
    cx, cy = centre
    h = side / 2
    cv2.rectangle(img, (int(cx - h), int(cy - h)), (int(cx + h), int(cy + h)), (235, 235, 230), -1)
    d = gap * side / (2 * math.sqrt(2))
    for s in (-1, 1):
        cv2.circle(
            img, (round(cx + s * d), round(cy + s * d)), round(0.09 * side), (25, 25, 25), -1
        )


def _photo_with_a_five_and_a_four(seed: int, width: int, side: int) -> np.ndarray:
    """A dice-only photo (grey table, sensor noise) with a 5 and a 4 at its left: faces of 3+
    pips, from which the finder estimates the die size when no board tells it."""
    rng = np.random.default_rng(seed)
    img = np.full((300, width, 3), 70, np.uint8)
    img += rng.integers(0, 12, img.shape, dtype=np.uint8)
    draw_die(img, 5, (100, 150), side, 10)
    draw_die(img, 4, (250, 150), side, 30)
    return img


@pytest.mark.parametrize("side", [40, 60])
def test_a_two_spanning_under_half_the_die_is_unread(side: int) -> None:
    rng = np.random.default_rng(side)
    img = np.full((300, 600, 3), 70, np.uint8)
    img += rng.integers(0, 12, img.shape, dtype=np.uint8)
    _close_pair(img, (150, 150), side, 0.4)
    draw_die(img, 2, (450, 150), side, 20)  # a real 2 spans ~0.7 of the side
    found = sorted(find_dice(img, die_size_px=side), key=lambda d: d.centre[0])
    assert [d.value for d in found] == [None, 2]


def test_an_oval_lone_spot_is_no_one_when_the_die_size_is_known() -> None:
    # A lone spot clearly out of round (a stud, a printed dot seen at an angle, a side face's
    # pip): with the die size known a 1 must be round (renders: right 1s measure >= 0.8).
    # On a face that proves it a die's top (``vision.lone_die``) it is a die, left unread.
    img = np.full((200, 200, 3), 70, np.uint8)
    cv2.rectangle(img, (65, 65), (135, 135), (235, 235, 230), -1)
    cv2.ellipse(img, (100, 100), (8, 5), 30, 0, 360, (25, 25, 25), -1, cv2.LINE_AA)
    assert [d.value for d in find_dice(img, die_size_px=70)] in ([], [None])
    draw_die(img, 1, (100, 100), 70, 30)  # a round pip on the same face: a 1
    assert [d.value for d in find_dice(img, die_size_px=70)] == [1]


def test_a_lone_pip_beside_a_like_pip_is_unread() -> None:
    # A tilted die: the top face shows one pip, the side face below it (across the edge)
    # another like it. Which face is up cannot be told from two pips: no value is given.
    img = np.full((240, 240, 3), 70, np.uint8)
    cv2.rectangle(img, (85, 70), (155, 140), (235, 235, 230), -1)
    cv2.rectangle(img, (85, 143), (155, 166), (215, 215, 210), -1)  # side face, past an edge
    cv2.circle(img, (120, 107), 6, (25, 25, 25), -1, cv2.LINE_AA)
    cv2.circle(img, (120, 154), 6, (25, 25, 25), -1, cv2.LINE_AA)
    found = find_dice(img, die_size_px=70)
    assert found and all(d.value is None for d in found), found
    # The same top face without the side face's pip is a 1.
    cv2.circle(img, (120, 154), 8, (215, 215, 210), -1)
    assert [d.value for d in find_dice(img, die_size_px=70)] == [1]


def _logo_die(img: np.ndarray, mark: bool) -> None:
    """A blue die seen a little from the side: its top face carries a large light mark (a
    skull-like logo) or nothing, the side face below it shows a foreshortened 2."""
    blue, light = (160, 90, 30), (245, 245, 245)
    cv2.rectangle(img, (260, 60), (340, 140), blue, -1)  # top face
    cv2.rectangle(img, (260, 143), (340, 175), (130, 70, 20), -1)  # side face, past an edge
    if mark:
        cv2.circle(img, (300, 95), 22, light, -1, cv2.LINE_AA)
        cv2.rectangle(img, (288, 110), (312, 128), light, -1)
        for x in (291, 309):
            cv2.circle(img, (x, 97), 6, blue, -1, cv2.LINE_AA)
    for x in (282, 318):
        cv2.ellipse(img, (x, 159), (6, 4), 0, 0, 360, light, -1, cv2.LINE_AA)


def test_pips_beside_a_logo_face_are_unread() -> None:
    for mark in (True, False):
        img = np.full((260, 560, 3), 200, np.uint8)
        for value, centre in ((5, (90, 90)), (4, (460, 100)), (6, (120, 200))):
            draw_die(img, value, centre, 80, 10, face=(160, 90, 30), pip=(245, 245, 245))
        _logo_die(img, mark)
        dice = [d for d in find_dice(img) if 240 < d.centre[0] < 360]
        # With the logo up, the side face's 2 is not the die's value: no value is given.
        # (Without it the foreshortened pair, 0.58 of the photo's faces, is a short pair:
        # found and unread all the same.)
        assert [d.value for d in dice] == [None], (mark, dice)
        g = make_group([Pip(x, 159.0, 5.0, False, 180.0, 62.0, 242.0, 0.7) for x in (282, 318)], 0)
        grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        assert _beside_a_mark(grey, g, 36.0) == mark


@pytest.mark.parametrize(
    ("contrast", "ref_contrast", "side"),
    [(60.0, 150.0, True), (140.0, 150.0, False), (60.0, 0.0, False)],
)
def test_a_faint_five_beside_a_logo_is_a_side_face(
    contrast: float, ref_contrast: float, side: bool
) -> None:
    # fudw: a marbled die with its emblem up showed the 5 of its side face, shaded, and read 5.
    # Four pips or more beside a mark are a side face only if fainter than the photo's faces.
    img = np.full((260, 560, 3), 200, np.uint8)
    _logo_die(img, True)
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    pips = [
        Pip(x, 159.0, 4.0, False, contrast, 62.0, 62.0 + contrast, 0.7)
        for x in (272, 286, 300, 314, 328)
    ]
    g = make_group(pips, 0)
    assert _beside_a_mark(grey, g, 36.0, ref_contrast) == side
    # One to three pips beside it stay doubted whatever their contrast (as before).
    assert _beside_a_mark(grey, make_group(pips[1:4:2], 0), 36.0, ref_contrast)


def _six_with_a_small_column(img: np.ndarray, centre: tuple[float, float], side: float) -> None:
    """A 6 whose right column's pips show at ``_SMALL`` of the left's size (a tilted die's
    top face foreshortened across its columns): too unlike the left column to be linked."""
    cx, cy = centre
    a = math.radians(20)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    h = side / 2
    corners = np.array([[-h, -h], [h, -h], [h, h], [-h, h]]) @ rot.T + [cx, cy]
    cv2.fillConvexPoly(img, np.round(corners).astype(np.int32), (235, 235, 230), cv2.LINE_AA)
    for u in (-1, 1):
        for v in (-1, 0, 1):
            x, y = np.array([u, v]) * 0.55 * h @ rot.T + [cx, cy]
            r = 0.09 * side * (1.0 if u < 0 else _SMALL)
            cv2.circle(img, (round(x * 8), round(y * 8)), round(r * 8), (25, 25, 25), -1, 16, 3)


_SMALL = 0.55


@pytest.mark.parametrize("seed", [0, 1])
def test_a_column_of_a_six_is_not_read_as_a_three(seed: int) -> None:
    # One column of a 6 read alone is a straight row of three, as a 3 is: with a like row of
    # pips beside it (and plain face between) it is a 6's column and is left unread. A 3 on
    # a die on a dark table (dark beyond the die: no pips there) is still a 3.
    rng = np.random.default_rng(seed)
    img = np.full((300, 600, 3), 70, np.uint8)
    img += rng.integers(0, 12, img.shape, dtype=np.uint8)
    _six_with_a_small_column(img, (150, 150), 40)
    draw_die(img, 3, (450, 150), 40, 20)
    found = sorted(find_dice(img, die_size_px=40), key=lambda d: d.centre[0])
    assert [(d.value, len(d.pips)) for d in found] == [(None, 3), (3, 3)]


def test_a_lone_pip_beside_a_like_pip_is_unread_without_the_die_size() -> None:
    # Dice-only photos: the face side is estimated from the photo's read faces (a 4 here).
    # A 2 whose pips are not linked (a seam across its face) reads as a 1 beside a like pip:
    # unread. Without the seam its pips are one face, but spanning 0.53 of the die against
    # the 4's corner to corner they are a short pair (two neighbouring pips of a 4 or 6):
    # unread too, as a pair; a 2 at the 4's corners is read.
    for seam, want in ((True, [(4, 4), (None, 1)]), (False, [(4, 4), (None, 2)])):
        rng = np.random.default_rng(7)
        img = np.full((240, 420, 3), 70, np.uint8)
        img += rng.integers(0, 10, img.shape, dtype=np.uint8)
        draw_die(img, 4, (90, 120), 70, 10)
        cv2.rectangle(img, (250, 85), (320, 155), (235, 235, 230), -1)
        for x, y in ((272, 107), (298, 133)):
            cv2.circle(img, (x, y), 6, (25, 25, 25), -1, cv2.LINE_AA)
        if seam:
            cv2.line(img, (270, 135), (300, 105), (165, 165, 165), 2)
        found = sorted(find_dice(img), key=lambda d: d.centre[0])
        assert [(d.value, len(d.pips)) for d in found] == want, found
    img = np.full((240, 420, 3), 70, np.uint8)
    draw_die(img, 4, (90, 120), 70, 10)
    draw_die(img, 2, (285, 120), 70, 0)
    assert [d.value for d in sorted(find_dice(img), key=lambda d: d.centre[0])] == [4, 2]


@pytest.mark.parametrize("side", [40, 56])
def test_a_two_far_smaller_than_the_photos_faces_is_unread_without_the_die_size(
    side: int,
) -> None:
    # Dice-only photos: two neighbouring pips of a 4 (half its diagonal apart; the rest not
    # linked) span far less than the photo's faces of 3+ pips (a 5 and a 4 here) and are
    # left unread; a 2 corner to corner on a die of the same size is read.
    img = _photo_with_a_five_and_a_four(side, 800, side)
    _close_pair(img, (450, 150), side, 0.5)
    draw_die(img, 2, (650, 150), side, 20)
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    assert [d.value for d in found] == [5, 4, None, 2], found


@pytest.mark.parametrize("seed", [0, 1])
def test_a_column_of_a_six_is_not_read_as_a_three_without_the_die_size(seed: int) -> None:
    # Dice-only photos: the die side is estimated from the photo's faces of 3+ pips (a 5 and
    # a 4 here), and bounds where the 6's other column may lie. Each column alone is left
    # unread; fitted whole again (vision.face_refit: the small column's pips are round and
    # as contrasted), the two make the 6, never a 3.
    img = _photo_with_a_five_and_a_four(seed, 800, 40)
    _six_with_a_small_column(img, (450, 150), 40)
    draw_die(img, 3, (650, 150), 40, 20)
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    assert [(d.value, len(d.pips)) for d in found] == [(5, 5), (4, 4), (6, 6), (3, 3)]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_faint_face_of_few_pips_is_unread_without_the_die_size(seed: int) -> None:
    # Dice-only photos: the faces up are lit alike; a face of 1-3 pips with under half the
    # contrast of the photo's faces' pips lies on a shaded side face (its die's top face
    # unread), and is not read as a 1 or a 2. A 1 as dark as the other faces' pips is read.
    img = _photo_with_a_five_and_a_four(seed, 1000, 50)
    draw_die(img, 1, (450, 150), 50, 0, pip=(150, 150, 150))
    draw_die(img, 2, (650, 150), 50, 0, pip=(150, 150, 150))
    draw_die(img, 1, (850, 150), 50, 0)
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    want = [(5, 5), (4, 4), (None, 1), (None, 2), (1, 1)]
    assert [(d.value, len(d.pips)) for d in found] == want


def test_a_lone_pip_beside_a_pip_of_its_ink_is_unread_without_the_die_size() -> None:
    # Dice-only photos: a small pip's face is read inside its blur, so two pips of one face
    # can differ 2x in contrast (fudw: 174 and 92 on one 5, their ink alike at 240); a pip of
    # the same ink beside a lone pip leaves it unread even so. Of another ink, it does not.
    def pip(x: float, contrast: float, inside: float) -> Pip:
        return Pip(x, 50.0, 2.2, False, contrast, inside - contrast, inside, 0.6)

    lone = make_group([pip(100.0, 174.0, 240.0)], 12.0)
    same_ink = [lone.pips[0], pip(112.0, 92.0, 236.0)]
    other_ink = [lone.pips[0], pip(112.0, 92.0, 170.0)]
    assert not _lone_beside_like(lone, same_ink, 24.0)  # by contrast alone: not alike
    assert _lone_beside_like(lone, same_ink, 24.0, by_ink=True)
    assert not _lone_beside_like(lone, other_ink, 24.0, by_ink=True)
    assert not _lone_beside_like(lone, [pip(140.0, 174.0, 240.0)], 24.0, by_ink=True)  # far


@pytest.mark.parametrize("seed", [0, 1])
def test_a_small_faint_face_is_unread_without_the_die_size(seed: int) -> None:
    # Dice-only photos: a face whose pips are both smaller and fainter than the photo's faces'
    # lies on a side face, seen obliquely and shaded (fudw's skull dice: their top face shows
    # no pips, and a side face's 4 was read). Smaller pips alone (a smaller die), or fainter
    # pips alone on a 3 of full size, are read.
    img = _photo_with_a_five_and_a_four(seed, 1000, 50)
    draw_die(img, 4, (450, 150), 35, 0, pip=(120, 120, 120))
    draw_die(img, 4, (650, 150), 40, 0)
    draw_die(img, 3, (850, 150), 50, 0, pip=(120, 120, 120))
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    assert [(d.value, len(d.pips)) for d in found] == [(5, 5), (4, 4), (None, 4), (4, 4), (3, 3)]


def test_a_lone_pip_with_a_spot_on_its_face_is_unread_without_the_die_size() -> None:
    # Dice-only photos: a 1's face is plain round its pip. A spot of its kind within the
    # face's half side, even a bigger and fainter one, is the centre of a logo whose wing tip
    # was taken for the pip (fudw IMG_4540: pip r 2.2 contrast 134, spot r 6.4 contrast 90,
    # 8.2 px away on a face of half side 12); a spot past the half side, or under half the
    # pip's contrast, or of the other polarity, leaves the 1 read.
    def spot(x: float, r: float, contrast: float, dark: bool = False) -> Pip:
        return Pip(x, 50.0, r, dark, contrast, 74.0, 74.0 + contrast, 0.7)

    lone = make_group([spot(100.0, 2.2, 134.0)], 12.0)
    assert _spot_on_face(lone, [lone.pips[0], spot(108.2, 6.4, 90.0)], 12.0)
    assert not _spot_on_face(lone, [lone.pips[0], spot(114.5, 2.2, 134.0)], 12.0)
    assert not _spot_on_face(lone, [lone.pips[0], spot(108.2, 6.4, 60.0)], 12.0)
    assert not _spot_on_face(lone, [lone.pips[0], spot(108.2, 6.4, 90.0, dark=True)], 12.0)
    assert _spot_on_face(lone, [lone.pips[0], spot(114.5, 2.2, 134.0)], 15.0)  # a bigger face


def _reading(value: int | None, x: float, state: str = "cocked", conf: float = 0.9) -> DieReading:
    return DieReading(value, (0, 0, 1, 1), (x, 100.0), state, conf, 20.0)


def test_two_faces_closer_than_a_die_are_one_die_unread_where_they_disagree() -> None:
    # A cocked die's top face and side face read as two dice 0.6 die sides apart (dice20
    # IMG_31860: a 2 and a 3): one die, and which face is up the pips do not tell.
    out = one_reading_a_die([_reading(2, 100.0), _reading(3, 118.0)], 30.0)
    assert [(d.value, d.centre[0]) for d in out] == [(None, 100.0)]
    # Cocked if any face was called cocked (a die showing two faces is tilted); the same
    # value read twice stays.
    out = one_reading_a_die([_reading(3, 100.0, "flat"), _reading(None, 115.0, conf=1.0)], 30.0)
    assert [(d.value, d.state, d.centre[0]) for d in out] == [(3, "cocked", 100.0)]
    assert [d.value for d in one_reading_a_die([_reading(4, 100), _reading(4, 120)], 30.0)] == [4]


def test_a_face_beside_an_unread_face_of_its_die_keeps_its_value() -> None:
    out = one_reading_a_die([_reading(None, 100.0, conf=1.0), _reading(5, 120.0, conf=0.7)], 30.0)
    assert [(d.value, d.centre[0]) for d in out] == [(5, 120.0)]


def test_two_dice_a_side_apart_stay_two() -> None:
    dice = [_reading(2, 100.0, "flat"), _reading(3, 131.0, "flat"), _reading(6, 200.0)]
    assert [d.value for d in one_reading_a_die(dice, 30.0)] == [2, 3, 6]


def test_two_ones_closer_than_a_die_are_one_die_unread() -> None:
    # /tmp/dv23 IMG_45482: a 2's pips, unlinked, read as two 1s 0.94 die sides apart. No
    # die shows two 1s, and two dice lie a side apart at least.
    out = one_reading_a_die([_reading(1, 100.0, "flat"), _reading(1, 128.0)], 30.0)
    assert [(d.value, d.centre[0]) for d in out] == [(None, 100.0)]
    out = one_reading_a_die([_reading(1, 100.0, "flat"), _reading(1, 118.0)], 30.0)
    assert [d.value for d in out] == [None]
    # Two dice showing 1 a side apart stay two; other values keep the 0.9 reach.
    assert [d.value for d in one_reading_a_die([_reading(1, 100), _reading(1, 131)], 30.0)] == [
        1,
        1,
    ]
    assert [d.value for d in one_reading_a_die([_reading(2, 100), _reading(2, 128)], 30.0)] == [
        2,
        2,
    ]
    # The same pip read twice is one 1.
    assert [d.value for d in one_reading_a_die([_reading(1, 100), _reading(1, 104)], 30.0)] == [1]


@pytest.mark.parametrize(("ink", "logo"), [(245, True), (185, False)])
def test_a_mark_is_a_logo_only_in_the_pips_ink(ink: int, logo: bool) -> None:
    # fudw: a marbled 1 had a light swirl beside its pip, as large as a logo but far less
    # white than the pip (0.76 of its contrast): the 1 stays read. A mark in the pips' ink
    # beside a pip is a logo (the pip is a side face's).
    img = np.full((260, 560, 3), 200, np.uint8)
    cv2.rectangle(img, (260, 60), (340, 140), (160, 90, 30), -1)
    cv2.circle(img, (300, 88), 18, (ink, ink, ink), -1, cv2.LINE_AA)
    cv2.circle(img, (300, 122), 5, (245, 245, 245), -1, cv2.LINE_AA)
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    face = float(grey[130, 270])
    g = make_group([Pip(300.0, 122.0, 5.0, False, 245.0 - face, face, 245.0, 0.8)], 0)
    assert _beside_a_mark(grey, g, 36.0) == logo
