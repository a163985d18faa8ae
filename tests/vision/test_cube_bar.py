"""The bar's count told where the cube is (vision.checkers.bar.CubeSeen, from the reader)."""

from __future__ import annotations

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.bar import CubeSeen, bar_checkers

GEO = BoardGeometry(width=600, height=490, bar_frac=0.08)
D = 0.9 * GEO.point_width
MID = sum(GEO.bar_span) / 2.0


def _bar(ys: list[float], cube: CubeSeen | None) -> tuple[int, float]:
    """(checkers on the bar, either colour; confidence) with a clear checker circle (rim all
    round) at each of ``ys``."""
    lab = np.full((490, 600, 3), 128.0, np.float32)
    circles = np.array([[MID, y, 0.48 * D] for y in ys], np.float32)
    rims = np.full(len(ys), 12.0, np.float32)
    w, b, conf = bar_checkers(lab, GEO, circles, rims, D, None, np.zeros(0), [], cube)
    return w + b, conf


def test_a_checker_at_the_bars_middle_counts_doubtfully_when_the_cube_is_seen_elsewhere() -> None:
    # Not told: the middle is the cube's (as before).
    assert _bar([245.0, 245.0 + 1.2 * D], None)[0] == 1
    # The cube seen in a side tray: the middle circle counts, but doubtfully (the cube seen
    # there may be something else and the circle the cube).  fm gammon test10: two checkers on
    # the bar's middle were read one, believed, with the cube in the right tray.
    tray = CubeSeen((1.08, 0.5))
    two = _bar([245.0, 245.0 + 1.2 * D], tray)
    assert two[0] == 2 and two[1] < 0.65
    # Nothing at the middle: as sure as before.
    assert _bar([245.0 + 1.2 * D], tray)[1] >= 0.65


def test_a_checker_overhanging_a_narrow_bar_is_on_it() -> None:
    geo = BoardGeometry(width=600, height=490, bar_frac=0.03)  # a bar 0.43 checkers wide
    d = 0.9 * geo.point_width
    lab = np.full((490, 600, 3), 128.0, np.float32)
    x = sum(geo.bar_span) / 2.0 + 0.3 * d  # centred 0.3 checkers off the bar's middle
    circles = np.array([[x, 245.0 + 1.5 * d, 0.48 * d]], np.float32)
    rims = np.array([12.0], np.float32)
    w, b, _ = bar_checkers(lab, geo, circles, rims, d, None, np.zeros(0), [])
    assert w + b == 1


def test_a_checker_like_circle_at_the_middle_is_doubtful_when_no_cube_was_seen() -> None:
    # Sought and not seen: the circle at the middle is a checker or the cube.
    assert _bar([245.0, 245.0 + 1.2 * D], CubeSeen(None))[1] < 0.65
    # Nothing at the middle: as sure as before.
    assert _bar([245.0 + 1.2 * D], CubeSeen(None))[1] >= 0.65


def test_a_bar_circle_on_the_cube_seen_there_is_doubtful() -> None:
    cube = CubeSeen((MID / 600, 245.0 / 490))  # seen at the bar's middle
    # The cube's own circle there is left out, as sure as before.
    own = _bar([245.0, 245.0 + 1.2 * D], cube)
    assert own[0] == 1 and own[1] >= 0.65
    # Seen on a checker's circle away from the middle: the cube taken for a checker, or a
    # checker for the cube (dev IMG_0091's black bar checker was read as the cube).
    off_middle = CubeSeen((MID / 600, (245.0 + 1.2 * D) / 490))
    on_it = _bar([245.0 + 1.2 * D], off_middle)
    assert on_it[0] == 1 and on_it[1] < 0.65
    # A checker overlapping the cube's place (its centre 0.6 checkers from the cube's).
    assert _bar([245.0 + 0.6 * D], cube)[1] < 0.65
    # Beside it, clear of it (a checker's length away): believed.
    clear = _bar([245.0 + 1.2 * D], cube)
    assert clear[0] == 1 and clear[1] >= 0.65


def test_a_bar_circle_beside_the_cube_and_aside_of_it_is_doubtful() -> None:
    # The cube's shadow, cast aside, makes a circle beside it (IMG_40921 of own
    # IMG_40801-41200: a phantom 0.96 checkers from the cube and 0.43 across, believed).
    cube = CubeSeen((MID / 600, 245.0 / 490))
    lab = np.full((490, 600, 3), 128.0, np.float32)
    circles = np.array([[MID + 0.4 * D, 245.0 + 0.85 * D, 0.46 * D]], np.float32)
    rims = np.array([8.0], np.float32)
    w, b, conf = bar_checkers(lab, GEO, circles, rims, D, None, np.zeros(0), [], cube)
    assert w + b == 1 and conf < 0.65
    # A checker beside the cube, in line with it along the bar: believed.
    assert _bar([245.0, 245.0 + 0.9 * D], cube)[1] >= 0.65
