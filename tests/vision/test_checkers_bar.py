"""Checkers on the bar (vision.checkers.bar) and the bar's place when a side's total is over
(vision.checkers.totals.fit_total)."""

from __future__ import annotations

import numpy as np

from tests.vision.checker_scenes import dark_bar_geometry


def test_a_faint_or_far_bar_circle_makes_the_bar_count_doubtful() -> None:
    from vision.board import BoardGeometry
    from vision.checkers.bar import bar_checkers

    geo = BoardGeometry(width=600, height=490, bar_frac=0.08)
    lab = np.full((490, 600, 3), 128.0, np.float32)
    d = 0.9 * geo.point_width
    mid = sum(geo.bar_span) / 2.0

    def bar(ys: list[float], rims: list[float]) -> tuple[int, int, float]:
        circles = np.array([[mid, y, 0.48 * d] for y in ys], np.float32)
        return bar_checkers(lab, geo, circles, np.array(rims, np.float32), d, None, np.zeros(0), [])

    clear = 245 + 1.5 * d
    assert bar([clear], [12.0])[:2] == (1, 0) and bar([clear], [12.0])[2] >= 0.65
    assert bar([clear], [0.5])[2] >= 0.65  # no rim at all: nothing there, as sure as before
    assert bar([clear], [2.2]) == (0, 0, 0.5)  # too faint to count, too clear to ignore
    assert bar([clear], [1.6]) == (0, 0, 0.5)  # a light checker on a light bar, as faint
    assert bar([245 + 5.0 * d], [12.0])[2] < 0.65  # at the bar's end, where dice land


def _dark_bar_read(draw, rng: np.random.Generator) -> tuple[int, int, float]:
    """``bar_checkers`` on a dark brown bar (L 32) with two light and two near-black checkers
    seen on the points; ``draw(lab, mid, d)`` paints near-black (L 21) on it before the noise."""
    from vision.checkers.bar import bar_checkers

    geo, d = dark_bar_geometry()
    mid = sum(geo.bar_span) / 2.0
    feats = [
        (200.0, 128.0, 130.0),
        (205.0, 128.0, 131.0),
        (20.0, 129.0, 127.0),
        (22.0, 129.0, 128.0),
    ]
    labels = np.array([0, 0, 1, 1])
    lab = np.empty((490, 600, 3), np.float32)
    lab[:] = (32.0, 131.0, 134.0)
    draw(lab, mid, d)
    lab += rng.normal(0.0, 1.5, lab.shape).astype(np.float32)
    none = np.zeros((0, 3), np.float32)
    return bar_checkers(lab, geo, none, np.zeros(0, np.float32), d, None, labels, feats)


def test_a_dark_checker_on_a_dark_bar_is_seen_by_its_colour() -> None:
    import cv2

    rng = np.random.default_rng(5)
    _, d = dark_bar_geometry()

    def bar_with(spans: list[tuple[float, float]]) -> tuple[int, int, float]:
        # Near-black discs or stripes along the bar's middle.
        def draw(lab: np.ndarray, mid: float, d: float) -> None:
            for y0, y1 in spans:
                cv2.rectangle(
                    lab,
                    (int(mid - 0.45 * d), int(y0)),
                    (int(mid + 0.45 * d), int(y1)),
                    (21, 129, 127),
                    -1,
                )
                for y in (y0, y1):
                    cv2.circle(lab, (int(mid), int(y)), int(0.48 * d), (21, 129, 127), -1)

        return _dark_bar_read(draw, rng)

    assert bar_with([]) == (0, 0, 0.6)  # a plain bar: empty
    assert bar_with([(180.0, 180.0)]) == (0, 1, 0.5)  # one black checker, doubtfully
    assert bar_with([(160.0, 160.0 + d)]) == (0, 2, 0.5)  # two touching
    assert bar_with([(60.0, 60.0 + 4 * d)]) == (0, 0, 0.5)  # a long dark streak: shading


def test_a_short_run_of_checker_colour_on_the_bar_doubts_its_empty_count() -> None:
    import cv2

    def bar_with(radius: float) -> tuple[int, int, float]:
        # A near-black patch: a dark checker mostly lost in the bar, or seen in part.
        def draw(lab: np.ndarray, mid: float, d: float) -> None:
            cv2.circle(lab, (int(mid), 180), int(radius * d), (21, 129, 127), -1)

        return _dark_bar_read(draw, np.random.default_rng(5))

    # A dark checker mostly lost in the bar, or seen in part (a die on it): too short or too
    # faint a run to count, long enough to doubt.
    assert bar_with(0.44) == (0, 0, 0.5)
    assert bar_with(0.42) == (0, 0, 0.5)
    assert bar_with(0.36) == (0, 0, 0.6)  # a speck: empty, as sure as before
    assert bar_with(0.30) == (0, 0, 0.6)


def test_a_doubtful_bar_checker_goes_first_when_a_side_has_sixteen() -> None:
    from vision.checkers.totals import fit_total

    counts = [0] * 24
    counts[:3] = [5, 5, 5]
    conf = [1.0, 0.9, 0.8] + [1.0] * 21
    assert fit_total(counts, 1, conf, 0.5) == (0, 0.4) and counts[:3] == [5, 5, 5]
    assert fit_total(counts, 1, conf, 0.95) == (1, 0.95) and counts[:3] == [5, 5, 4]
    assert conf[2] == 0.4


def test_a_lone_checker_touching_a_die_and_bar_ties() -> None:
    from vision.checkers.by_die import by_a_die
    from vision.checkers.model import Found
    from vision.checkers.totals import fit_total

    d, sy = 42.0, 0.9
    die = ((100.0, 90.0, 130.0, 120.0),)  # input pixels: y over sy in the working image
    beside = Found(21.0, 100.0 + 0.5 * d + 0.1 * d + 30.0, 120.0, (0.0, 0.0, 0.0))
    clear = Found(21.0, 130.0 + 0.5 * d + 0.5 * d, 120.0, (0.0, 0.0, 0.0))
    assert by_a_die(beside, die, sy, d) and not by_a_die(clear, die, sy, d)
    under = Found(21.0, 130.0 + 0.3 * d, 120.0, (0.0, 0.0, 0.0))  # centre 0.3 d off the box
    assert by_a_die(under, die, sy, d, -0.1) and not by_a_die(beside, die, sy, d, -0.1)
    # A side one over with a bar checker and a point as doubtful: the bar's goes.
    counts = [5, 5, 4] + [0] * 21
    conf = [1.0, 1.0, 0.5] + [1.0] * 21
    assert fit_total(counts, 2, conf, 0.5) == (1, 0.4) and counts[:3] == [5, 5, 4]
