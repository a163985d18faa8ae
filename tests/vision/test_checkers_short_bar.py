"""A side one short whose bar, read empty in doubt, shows a faint run of that side's colour:
the missing checker is on the bar (vision.checkers.bar.faint_set, short_bar.short_on_bar)."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.checker_scenes import dark_bar_geometry
from vision.checkers.bar import faint_set
from vision.checkers.short_bar import short_on_bar

LIGHT, DARK = (200.0, 128.0, 130.0), (21.0, 129.0, 127.0)


def _faint(colour: tuple[float, float, float] | None) -> bool | None:
    """``faint_set`` on a dark brown bar with two light and two near-black checkers seen on the
    points, and a patch of ``colour`` (a checker seen in part) at its middle, or none."""
    geo, d = dark_bar_geometry()
    mid = sum(geo.bar_span) / 2.0
    feats = [(200.0, 128.0, 130.0), (205.0, 128.0, 131.0), (20.0, 129.0, 127.0), DARK]
    lab = np.empty((490, 600, 3), np.float32)
    lab[:] = (32.0, 131.0, 134.0)
    if colour is not None:
        cv2.circle(lab, (int(mid), 180), int(0.44 * d), colour, -1)
    lab += np.random.default_rng(5).normal(0.0, 1.5, lab.shape).astype(np.float32)
    return faint_set(lab, geo, d, None, np.array([0, 0, 1, 1]), feats)


def test_the_bars_half_seen_run_names_its_set() -> None:
    assert _faint(DARK) is True
    assert _faint(LIGHT) is False
    assert _faint(None) is None


def _board() -> tuple[list[int], list[int], list[float], list[bool | None]]:
    """White 15; black 14 with a doubted 5 on point 13 (outside its home: none off)."""
    white, black = [0] * 24, [0] * 24
    white[0], white[5] = 10, 5
    black[23], black[18], black[12] = 5, 4, 5
    conf = [1.0] * 24
    conf[12] = 0.5
    return white, black, conf, [None] * 24


def test_a_short_sides_checker_goes_to_a_doubted_bar_with_its_colours_run() -> None:
    white, black, conf, likes = _board()
    dark = _faint(DARK)
    assert short_on_bar(white, black, 0, 0, 0.5, (conf, likes, None), faint=lambda: dark) == (
        0,
        1,
        0.5,
    )
    # A run of the other set's colour, a believed empty bar, or a white side short: no.
    light = _faint(LIGHT)
    assert short_on_bar(white, black, 0, 0, 0.5, (conf, likes, None), faint=lambda: light)[1] == 0
    assert short_on_bar(white, black, 0, 0, 0.8, (conf, likes, None), faint=lambda: dark)[1] == 0
    assert short_on_bar(black, white, 0, 0, 0.5, (conf, likes, None), faint=lambda: dark) == (
        0,
        0,
        0.5,
    )


def test_a_clearly_seen_empty_point_of_the_sides_colour_keeps_the_missing_checker() -> None:
    white, black, conf, likes = _board()
    likes[9], conf[9] = True, 0.5  # a doubted empty point coloured like black
    seen = {i: 0.02 for i in range(24)}
    seen[9] = 0.7  # ... that the learned cue clearly sees a checker on
    points = (conf, likes, seen.__getitem__)
    assert short_on_bar(white, black, 0, 0, 0.5, points, faint=lambda: True)[1] == 0
    seen[9] = 0.05
    assert short_on_bar(white, black, 0, 0, 0.5, points, faint=lambda: True)[1] == 1
