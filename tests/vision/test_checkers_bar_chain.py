"""Dark checkers on a dark bar: faint circles a checker wide, a checker apart along the bar, are
a row of checkers (vision.checkers.bar._chained), counted doubtfully; a lone faint one is not."""

from __future__ import annotations

import numpy as np

from vision.board import BoardGeometry
from vision.checkers.bar import bar_checkers


def _bar(
    ys: list[float], rims: list[float], xs: list[float] | None = None
) -> tuple[int, int, float]:
    geo = BoardGeometry(width=600, height=490, bar_frac=0.08)
    lab = np.full((490, 600, 3), 128.0, np.float32)
    d = 0.9 * geo.point_width
    mid = sum(geo.bar_span) / 2.0
    at = xs or [mid] * len(ys)
    circles = np.array([[x, y, 0.52 * d] for x, y in zip(at, ys, strict=True)], np.float32)
    return bar_checkers(lab, geo, circles, np.array(rims, np.float32), d, None, np.zeros(0), [])


def test_faint_circles_in_a_row_a_checker_apart_are_checkers_on_the_bar() -> None:
    d = 0.9 * BoardGeometry(width=600, height=490, bar_frac=0.08).point_width
    row = [245 + 1.0 * d, 245 + 2.0 * d, 245 + 3.0 * d]
    white, black, conf = _bar(row, [1.85, 2.43, 2.0])
    assert white + black == 3 and conf < 0.65
    # One faint circle alone, or two far apart along the bar or across it: not counted.
    assert _bar(row[:1], [2.0])[:2] == (0, 0)
    assert _bar([row[0], row[0] + 2.0 * d], [2.0, 2.0])[:2] == (0, 0)
    mid = 300.0
    assert _bar(row[:2], [2.0, 2.0], [mid - 0.3 * d, mid + 0.3 * d])[:2] == (0, 0)
