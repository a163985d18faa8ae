"""Dice-only photos: an unread fragment of a face is fitted whole again (vision.face_refit)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import find_dice
from vision.face_refit import _twin, face_check, fit_face, refit_unread
from vision.face_relook import Closer
from vision.pip_groups import Group, make_group
from vision.pips import Pip
from vision.synth.piece_faces import PIP_LAYOUT

BLUE, TABLE, WHITE = (190, 110, 30), (40, 80, 120), (245, 245, 245)


def _die(img: np.ndarray, value: int, x: float, halo: tuple[int, ...] = ()) -> None:
    """A blue face 44 px wide at (x, 100) with white pips of radius 3; the pips listed in
    ``halo`` sit in a light patch of marbling (their ring reads lighter: fainter pips of
    the same ink, which the link between pips refuses)."""
    h = 22.0
    cv2.rectangle(img, (round(x - h), round(100 - h)), (round(x + h), round(100 + h)), BLUE, -1)
    for k, (u, v) in enumerate(PIP_LAYOUT[value]):
        c = (round(x + u * 0.55 * h), round(100 + v * 0.55 * h))
        if k in halo:
            cv2.circle(img, c, 6, (235, 190, 130), -1)
        cv2.circle(img, c, 3, WHITE, -1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_four_linked_as_two_pairs_is_read_whole(seed: int) -> None:
    # The 4's bottom pips lie in marbling: each pair links, not across (contrast), and each
    # pair alone is a short 2, left unread. Fitted whole, the four pips make the 4.
    rng = np.random.default_rng(seed)
    img = np.full((200, 700, 3), TABLE, np.uint8)
    img += rng.integers(0, 10, img.shape, dtype=np.uint8)
    for value, x in ((5, 80), (4, 200), (6, 320)):
        _die(img, value, x)
    _die(img, 4, 460, halo=(2, 3))
    found = sorted(find_dice(img), key=lambda d: d.centre[0])
    assert [(d.value, round(d.centre[0]), round(d.centre[1])) for d in found] == [
        (5, 80, 100),
        (4, 200, 100),
        (6, 320, 100),
        (4, 460, 100),
    ]


def _pip(x: float, y: float) -> Pip:
    return Pip(x, y, 3.0, False, 150.0, 95.0, 245.0, 0.85)


def _scene(middle_ink: bool, gap: bool) -> tuple[np.ndarray, list[Pip]]:
    """A 2 on a blue face (pips at the corners of a lattice of unit 12), with a faint spot of
    pip ink in its middle, or with the table showing across the face (two dice apart)."""
    img = np.full((120, 120, 3), TABLE, np.uint8)
    cv2.rectangle(img, (38, 38), (82, 82), BLUE, -1)
    if gap:
        cv2.rectangle(img, (58, 30), (62, 90), TABLE, -1)
        cv2.rectangle(img, (30, 58), (90, 62), TABLE, -1)
    if middle_ink:
        cv2.circle(img, (60, 60), 2, (200, 200, 200), -1)
    pips = [_pip(48, 48), _pip(72, 72)]
    for p in pips:
        cv2.circle(img, (round(p.x), round(p.y)), 3, WHITE, -1)
    return img, pips


@pytest.mark.parametrize(
    ("middle_ink", "gap", "read"),
    [(False, False, True), (True, False, False), (False, True, False)],
)
def test_a_fitted_face_is_plain_where_it_has_no_pip_and_one_colour(
    middle_ink: bool, gap: bool, read: bool
) -> None:
    # A 3 whose middle pip the search missed still shows its ink there: not a 2. Pips of
    # two dice with the table between them make no face.
    img, pips = _scene(middle_ink, gap)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    check = face_check(gray, img, 1.0)
    got = fit_face(make_group(pips[:1], 14.0), pips, set(), 1.23 * 12 * 2**0.5, check)
    assert (got is not None and len(got.pips) == 2) is read


def test_a_like_pip_left_on_the_face_or_a_faint_one_leaves_it_unfitted() -> None:
    # Five pips of a 5 but its middle one counted by a face already read: the 4 corners
    # leave it on their face, so no face is fitted. A corner pip of a third the
    # contrast (a shaded side face's) is not taken into a face.
    corners = [_pip(50 + dx, 50 + dy) for dx in (-12, 12) for dy in (-12, 12)]
    middle = _pip(50, 50)
    ref = 1.23 * 12 * 2**0.5
    assert fit_face(make_group(corners[:1], 14.0), [*corners, middle], {(50, 50)}, ref) is None
    whole = fit_face(make_group(corners[:1], 14.0), corners, set(), ref)
    assert whole is not None and len(whole.pips) == 4
    faint = Pip(62.0, 62.0, 3.0, False, 50.0, 145.0, 195.0, 0.85)
    got = fit_face(make_group(corners[:1], 14.0), [*corners[:3], faint], set(), ref)
    assert got is None or len(got.pips) < 4


def test_a_pip_measured_twice_as_big_is_still_taken_into_its_face() -> None:
    # A light pip in light marbling measures up to 2.2x its true radius (fudw: 6.9 against
    # 3.3 on one 2); its ink is the pip's, so it is like the fragment's pip. Four times as
    # big is a blob, not a pip.
    ref = 1.23 * 12 * 2**0.5
    for r, fits in ((6.5, True), (12.0, False)):
        other = Pip(62.0, 62.0, r, False, 140.0, 95.0, 240.0, 0.8)
        got = fit_face(make_group([_pip(38, 38)], 14.0), [_pip(38, 38), other], set(), ref)
        assert (got is not None and len(got.pips) == 2) is fits


def test_of_two_fits_the_one_that_is_no_face_gives_way() -> None:
    # A lone pip with two like pips a diagonal away fits two 2s: no reading. Where the
    # last check finds one of them no die's face (a side face's pip beside the top face's),
    # the other is the face.
    ref = 1.23 * 12 * 2**0.5
    lone, partner, side = _pip(50, 50), _pip(74, 74), _pip(26, 74)
    frag = make_group([lone], 14.0)
    assert fit_face(frag, [lone, partner, side], set(), ref) is None
    got = fit_face(frag, [lone, partner, side], set(), ref, lambda g, u: side not in g.pips)
    assert got is not None and {(p.x, p.y) for p in got.pips} == {(50, 50), (74, 74)}
    assert fit_face(frag, [lone, partner, side], set(), ref, lambda g, u: False) is None


def test_a_closer_looks_two_needs_twin_pips() -> None:
    # Seen finer, a 2 is taken only where its pips are one kind of pip: like in size and
    # ink, both round (a speck of marbling or an edge-on side pip is not).
    def two(r: float, contrast: float, roundness: float) -> Group:
        other = Pip(62.0, 62.0, r, False, contrast, 95.0, 245.0, roundness)
        return make_group([_pip(38, 38), other], 0.0)

    assert _twin(two(3.0, 150.0, 0.85))
    assert not _twin(two(1.5, 150.0, 0.85))
    assert not _twin(two(3.0, 90.0, 0.85))
    assert not _twin(two(3.0, 150.0, 0.4))


def test_a_pip_the_read_found_counts_where_the_closer_look_missed_it() -> None:
    # A 4: the read finds three pips (no face: three corners fit no layout), the closer
    # look finds the fourth but misses one the read had. Together they make the 4.
    ref = 1.23 * 12 * 2**0.5
    p1, p2, p3, p4 = _pip(38, 38), _pip(62, 38), _pip(38, 62), _pip(62, 62)
    frag = make_group([p1], 14.0)

    def closer(g: Group, taken: list[Pip]) -> Closer:
        return Closer(make_group([p1], 14.0), [p1, p4], set())

    def value_of(g: Group) -> int | None:
        return len(g.pips) if len(g.pips) > 1 else None

    got = refit_unread([frag], [p1, p2, p3], ref, value_of, None, closer)
    assert [len(g.pips) for g in got] == [4]


def test_a_fragment_put_aside_is_kept_only_as_the_face_fitted() -> None:
    # A 5's pips linked as a pair and three lone pips: the pair, with pips of its kind on
    # it, was put aside (no die). Fitted whole it is the 5; a pair with no face to fit
    # stays aside (not returned).
    ref = 1.23 * 12 * 2**0.5
    five = [
        _pip(50 + dx, 50 + dy) for dx, dy in ((-12, -12), (12, -12), (0, 0), (-12, 12), (12, 12))
    ]
    pair = make_group(five[:2], 0.0)

    def value_of(g: Group) -> int | None:
        return len(g.pips) if len(g.pips) > 2 else None

    got = refit_unread([], five, ref, value_of, None, None, [pair])
    assert [len(g.pips) for g in got] == [5]
    assert refit_unread([], five[:2], ref, value_of, None, None, [pair]) == []


def test_four_pips_of_a_five_put_aside_are_fitted_whole() -> None:
    # Three corners and the middle of a 5 make no 4 (their layout): with the fourth
    # corner found alone they fit the 5.
    ref = 1.23 * 12 * 2**0.5
    five = [
        _pip(50 + dx, 50 + dy) for dx, dy in ((-12, -12), (12, -12), (0, 0), (-12, 12), (12, 12))
    ]

    def value_of(g: Group) -> int | None:
        return len(g.pips) if len(g.pips) > 2 else None

    got = refit_unread([], five, ref, value_of, None, None, [make_group(five[:4], 0.0)])
    assert [len(g.pips) for g in got] == [5]
