"""The outlines' alongs made once a read (``outlines.point_outlines``) and passed to
cell_checkers, the next-slot test and circle_pitch give what each working them out again gave;
a group's centre from ``pip_groups.mean`` is np.mean's."""

from __future__ import annotations

import numpy as np
import pytest

from vision.board import BoardGeometry
from vision.checkers.alongs import alongs_of, circle_pitch
from vision.checkers.colours import colour_votes, not_under_die
from vision.checkers.model import Cell, Found, point_cells
from vision.checkers.outlines import point_outlines
from vision.checkers.stacks import cell_checkers, next_slot_outlined, slot_outlined
from vision.pip_groups import make_group
from vision.pips import Pip

D, PITCH, HALF = 36.0, 38.0, 220


def _random_circles(rng: np.random.Generator, cells: list[Cell], h: int, n: int) -> np.ndarray:
    """Outlines near the slot grid of random points (some off it, some across the middle)."""
    out = []
    for _ in range(n):
        c = cells[int(rng.integers(0, len(cells)))]
        along = 0.5 * D + int(rng.integers(0, 6)) * PITCH + rng.normal(0.0, 0.2 * D)
        x = (c.x0 + c.x1) / 2.0 + rng.normal(0.0, 0.2 * (c.x1 - c.x0))
        y = along if c.top else h - 1 - along
        out.append((x, y, D / 2 * rng.uniform(0.9, 1.1)))
    return np.array(out, np.float32).reshape(-1, 3)


@pytest.mark.parametrize("seed", range(3))
def test_cell_checkers_with_the_raw_alongs_given_counts_the_same(seed: int) -> None:
    rng = np.random.default_rng(seed)
    geo = BoardGeometry(width=600, height=2 * HALF)
    h = geo.height
    cells = point_cells(geo)
    strip = np.full((HALF, max(c.x1 - c.x0 for c in cells), 3), 128.0, np.float32)
    diff = np.zeros(strip.shape[:2], bool)
    found = 0
    for _ in range(20):
        raw = _random_circles(rng, cells, h, int(rng.integers(0, 40)))
        circles, sure = raw[::2], raw[::4]  # verified ones and sure ones among them
        given = point_outlines(circles, sure, raw, cells, h)
        for i, c in enumerate(cells):
            strip_i = strip[:, : c.x1 - c.x0]
            diff_i = diff[:, : c.x1 - c.x0]
            extent = float(rng.choice([0.0, 1.0 * PITCH, 2.2 * PITCH]))
            args = (c, strip_i, diff_i, circles, extent, PITCH, D, h, HALF, list[bool](), sure, raw)
            plain = cell_checkers(*args)
            assert cell_checkers(*args, given=given[i]) == plain
            assert cell_checkers(*args, given=given[i][:2]) == plain
            found += len(plain)
    assert found > 50  # checkers were counted: the comparison saw some


@pytest.mark.parametrize("seed", range(3))
def test_slot_outlined_is_next_slot_outlined(seed: int) -> None:
    rng = np.random.default_rng(seed)
    geo = BoardGeometry(width=600, height=2 * HALF)
    cells = point_cells(geo)
    hits = 0
    for _ in range(50):
        raw = _random_circles(rng, cells, geo.height, int(rng.integers(0, 30)))
        alongs = point_outlines(raw, raw, raw, cells, geo.height)
        for i, c in enumerate(cells):
            for n in range(1, 5):
                want = next_slot_outlined(raw, c, geo.height, D, PITCH, n)
                assert slot_outlined(alongs[i][2], D, PITCH, n) == want
                assert slot_outlined(alongs_of(raw, c, geo.height), D, PITCH, n) == want
                hits += want
    assert hits > 20


@pytest.mark.parametrize("n", range(1, 10))
def test_make_group_centre_is_np_mean(n: int) -> None:
    rng = np.random.default_rng(n)
    for _ in range(100):
        xs, ys = rng.uniform(0, 2000, n) * rng.random(), rng.uniform(0, 1500, n)
        pips = [
            Pip(x, y, 3.0, True, 50.0, 200.0, 150.0, 0.9)
            for x, y in zip(xs.tolist(), ys.tolist(), strict=True)
        ]
        g = make_group(pips, 7.0)
        assert (g.cx, g.cy) == (float(np.array(xs).mean()), float(np.array(ys).mean()))
        far = 1.23 * float(np.max(np.hypot(xs - np.mean(xs), ys - np.mean(ys))))
        assert g.half == (7.0 if n == 1 else far)


@pytest.mark.parametrize("seed", range(3))
def test_circle_pitch_from_the_point_outlines_is_its_own(seed: int) -> None:
    rng = np.random.default_rng(seed)
    geo = BoardGeometry(width=600, height=2 * HALF)
    cells = point_cells(geo)
    pitches = 0
    for _ in range(30):
        circles = _random_circles(rng, cells, geo.height, int(rng.integers(0, 60)))
        outlines = point_outlines(circles, circles[:0], circles[:0], cells, geo.height)
        want = circle_pitch(circles, cells, geo.height, D)
        assert circle_pitch(circles, cells, geo.height, D, outlines) == want
        pitches += want is not None
    assert pitches > 10  # pitches were measured: the comparison saw some


def test_colour_votes_from_the_frames_clear_checkers_are_each_points() -> None:
    rng = np.random.default_rng(5)
    mask = np.zeros((440, 600), np.uint8)
    mask[100:160, 200:260] = 1  # a die
    found = [
        Found(0.0, float(x), float(y), (0.0, 0.0, 0.0))
        for x, y in zip(
            rng.uniform(150, 300, 60).tolist(), rng.uniform(60, 200, 60).tolist(), strict=True
        )
    ]
    labels = rng.integers(0, 2, len(found))
    free = not_under_die(found, mask)  # the frame's checkers, once
    assert 0 < int(free.sum()) < len(found)
    k = 0
    for n in (0, 1, 3, 2, 5, 4, 6, 9, 30):
        fs = found[k : k + n]
        own = not_under_die(fs, mask)  # the point's own, as colour_votes made them
        want = labels[k : k + n][own] if np.any(own) else labels[k : k + n]
        assert np.array_equal(colour_votes(labels[k : k + n], free[k : k + n]), want)
        k += n
