"""An unread cocked die's top face split from the pips round it (vision.face_split): the face
of 4-6 pips that lays out as a die's face, with the others off it beside one or two edges,
empty nodes plain, no edge crossing it and a top's tilt; else the die stays unread."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.cocked_view import DieView
from vision.face_split import split_top, split_unread
from vision.pip_groups import make_group
from vision.pips import Pip

_FIVE = ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))
_VIEW = DieView(np.array([[32.0, 0.0], [0.0, 32.0]]), np.array([0.0, 4.0]))


def _pip(x: float, y: float, face: float) -> Pip:
    return Pip(x, y, 2.0, True, face - 40.0, face, 40.0, 0.9)


def _scene(
    top: tuple[tuple[int, int], ...], side_y: tuple[int, ...] = (102,)
) -> tuple[np.ndarray, list[Pip]]:
    """A die's top face (light, centred at 80, 70, 32 px) with pips at ``top`` (grid nodes, 8
    px a step) and a shaded side face below it with a 2's pips on rows ``side_y``; the grey
    image and the pips drawn."""
    gray = np.full((170, 160), 90, np.uint8)
    cv2.rectangle(gray, (64, 54), (96, 86), 220, -1)
    cv2.rectangle(gray, (64, 87), (96, 110), 120, -1)
    pips = []
    for i, j in top:
        pips.append(_pip(80 + 8 * i, 70 + 8 * j, 220.0))
    for y in side_y:
        pips += [_pip(72.0, float(y) - 4, 120.0), _pip(88.0, float(y) + 4, 120.0)]
    for p in pips:
        cv2.circle(gray, (int(p.x), int(p.y)), 2, 40, -1)
    return gray, pips


def test_a_five_beside_a_side_face_two_is_read() -> None:
    gray, pips = _scene(_FIVE, (98,))
    top = split_top(gray, pips, 32.0, _VIEW, 1.0)
    assert top is not None and len(top.pips) == 5
    assert {(p.x, p.y) for p in top.pips} == {(p.x, p.y) for p in pips[:5]}


def test_a_missed_middle_pip_leaves_the_die_unread() -> None:
    """The 5's middle pip is drawn but was not found: its corners are no 4 (ink at the
    centre), and the die is not read rather than read wrong."""
    gray, pips = _scene(_FIVE, (98,))
    assert split_top(gray, [p for p in pips if (p.x, p.y) != (80, 70)], 32.0, _VIEW, 1.0) is None


def test_pips_past_opposite_edges_are_no_die_s_faces() -> None:
    """A cube never shows two opposite faces: pips beside the face on both sides of it make
    the face no top of theirs."""
    gray, pips = _scene(_FIVE, (98,))
    above = [_pip(72.0, 40.0, 220.0), _pip(88.0, 40.0, 220.0)]
    for p in above:
        cv2.circle(gray, (int(p.x), int(p.y)), 2, 40, -1)
    assert split_top(gray, pips + above, 32.0, _VIEW, 1.0) is None


def test_a_steep_face_is_no_top() -> None:
    """A face whose pips are foreshortened far more than a flat die's there stands past the
    top's tilt (a side face seen on its own)."""
    gray, pips = _scene(_FIVE, (98,))
    steep = DieView(np.array([[32.0, 0.0], [0.0, 80.0]]), np.array([0.0, 4.0]))
    assert split_top(gray, pips, 32.0, steep, 1.0) is None


def test_unread_stays_unread_when_the_face_does_not_read() -> None:
    """The hook returns the face the finder read, unread, where the split face fails the
    finder's own tests (``value_of``), and the split face with its value where it passes."""
    gray, pips = _scene(_FIVE, (98,))
    g = make_group(pips[5:] + pips[:2], 0.0)
    corners = ((0.0, 0.0), (160.0, 0.0), (160.0, 170.0), (0.0, 170.0))
    got, value = split_unread(gray, g, pips, set(), corners, 32.0, 1.0, lambda _: None)
    assert got is g and value is None
    got, value = split_unread(gray, g, pips, set(), corners, 32.0, 1.0, lambda f: len(f.pips))
    assert value == 5 and len(got.pips) == 5


def test_a_square_across_the_face_s_edge_is_no_face() -> None:
    """A 6's lower row and a side face's two pips just below it make a square like a 4: the
    paths between them cross the edge to the shaded side face, so the 6 alone is read."""
    six = ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))
    gray, pips = _scene(six, ())
    side = [_pip(72.0, 92.0, 120.0), _pip(88.0, 92.0, 120.0)]
    for p in side:
        cv2.circle(gray, (int(p.x), int(p.y)), 2, 40, -1)
    top = split_top(gray, pips + side, 32.0, _VIEW, 1.0)
    assert top is not None and len(top.pips) == 6


def test_no_three_is_split_and_pips_beyond_the_reach_lie_off_the_face() -> None:
    """A 3 beside a side face's 2 is not split (1-3 pip faces are left unread); a 5 with a pip
    found beyond the split's reach lying on its face is no face."""
    gray, pips = _scene(((-1, -1), (0, 0), (1, 1)), (98,))
    assert split_top(gray, pips, 32.0, _VIEW, 1.0) is None
    gray, pips = _scene(_FIVE, (98,))
    on_face = _pip(84.0, 64.0, 220.0)  # a pip found there (not drawn: no ink tests it)
    assert split_top(gray, pips, 32.0, _VIEW, 1.0) is not None
    assert split_top(gray, pips, 32.0, _VIEW, 1.0, [on_face]) is None


def test_pips_unlike_in_roundness_are_no_one_face() -> None:
    """The pips of one face are foreshortened alike: a 5 with one pip far flatter than the
    others (a side face's pip taken in) is no face."""
    gray, pips = _scene(_FIVE, (98,))
    flat = replace(pips[0], circularity=0.55)
    assert split_top(gray, [flat, *pips[1:]], 32.0, _VIEW, 1.0) is None
    assert split_top(gray, [replace(flat, circularity=0.65), *pips[1:]], 32.0, _VIEW, 1.0)


def test_restate_keeps_a_split_face_only_where_it_may_be_a_top() -> None:
    """The finder's split face rides on the unread reading (``DieReading.unsplit``): restate
    keeps a face a flat die's top could show there, and goes back to the unread die where the
    face spans wider than a die's face (a flat 3's pips and others near split steep)."""
    from vision.cocked_view import CameraView
    from vision.dice import DieReading
    from vision.dice_tilt import TiltCues, restate

    corners = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))
    image = np.zeros((960, 1280, 3), np.uint8)
    centre, die = (640.0, 480.0), 30.0
    view = CameraView.from_corners(corners, (1280, 960), die).at(centre)

    def five(spread: float) -> tuple[tuple[float, float, float], ...]:
        """A 5's pips, its corner pips ``spread`` die sides off its centre on the board."""
        at = [view.lin @ (spread * np.array(node, float)) for node in _FIVE]
        return tuple((centre[0] + float(x), centre[1] + float(y), 2.0) for x, y in at)

    unread = DieReading(
        None, (620, 460, 660, 500), centre, "flat", 0.8, die, pips=five(0.25)[:2],
        tilt=TiltCues(1.0, 1.0, 1.0, 0.0),
    )  # fmt: skip
    (alone,) = restate(image, [unread], corners, die)
    for split, kept in ((five(0.25), True), (five(0.7), False)):
        read = replace(unread, value=5, pips=split, unsplit=unread)
        (out,) = restate(image, [read], corners, die)
        assert out.unsplit is None and out.state == alone.state
        assert (out.value, out.pips) == ((5, split) if kept else (None, unread.pips))


def test_a_six_s_two_rows_are_no_four() -> None:
    """A 6 whose pips span past the face's size as a whole (its third row foreshortened
    apart) splits no 6, and its first two rows (a 2x2 with two pips beside it in a row, as
    round: the third row) are no 4 either; a 4 beside a side face with a row of pips and more
    beyond it (a side face's pips) is still read."""
    gray = np.full((170, 160), 90, np.uint8)
    cv2.rectangle(gray, (60, 50), (100, 106), 220, -1)
    four = [_pip(80 + 8 * i, 70 + 8 * j, 220.0) for i in (-1, 1) for j in (-1, 1)]
    row = [_pip(80 + 8 * i, 94, 220.0) for i in (-1, 1)]
    beyond = [_pip(80, 102, 220.0)]
    for p in four + row + beyond:
        cv2.circle(gray, (int(p.x), int(p.y)), 2, 40, -1)
    six = gray.copy()
    cv2.circle(six, (80, 102), 4, 220, -1)  # no pip beyond the third row
    assert split_top(six, four + row, 32.0, _VIEW, 1.0) is None
    top = split_top(gray, four + row + beyond, 32.0, _VIEW, 1.0)
    assert top is not None and len(top.pips) == 4
