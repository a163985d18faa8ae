"""A die reading on the doubling cube's numeral is left to the cube (vision.dice_cube)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.test_cube_face import _drawn_cube
from vision import dice_cube
from vision.board import BoardGeometry
from vision.dice import DieReading
from vision.dice_cube import cube_past_numerals, left_to_cube, on_found_cube
from vision.observation import CubeReading

_DIE = 40.0  # die side, frame pixels; the default geometry's cube is ~56 pixels


def _reading(value: int | None, pip_r: float) -> DieReading:
    """A face read at (100, 100), the drawn cube's middle, with two pips of radius ``pip_r``."""
    pips = ((92.0, 95.0, pip_r), (108.0, 104.0, pip_r))
    return DieReading(value, (80, 80, 120, 120), (100.0, 100.0), "flat", 1.0, _DIE, pips)


def test_a_numeral_read_as_a_die_is_left_to_the_cube() -> None:
    rng = np.random.default_rng(22)
    for value, angle in ((2, 4.0), (16, 95.0), (64, 181.0)):
        img = _drawn_cube(value, angle, rng)
        big = _reading(2, 0.115 * _DIE)  # a numeral's strokes: large "pips"
        assert left_to_cube([big], img, np.eye(3), BoardGeometry(), _DIE) == [], value


def test_dice_stay_where_no_cube_is_read_or_the_pips_are_a_die_s() -> None:
    rng = np.random.default_rng(23)
    blank = _drawn_cube(None, 10.0, rng)  # a light square with no number: a die's face
    big = _reading(2, 0.115 * _DIE)
    assert left_to_cube([big], blank, np.eye(3), BoardGeometry(), _DIE) == [big]
    numeral = _drawn_cube(2, 10.0, rng)
    small = _reading(2, 0.075 * _DIE)  # pips of a die's size: not the cube's, whatever is read
    unread = _reading(None, 0.115 * _DIE)  # not believed: its pips keep the cube finder off
    kept = left_to_cube([small, unread], numeral, np.eye(3), BoardGeometry(), _DIE)
    assert kept == [small, unread]


def test_a_large_pip_reading_on_a_found_cube_is_the_cube_s() -> None:
    cube = CubeReading("white", 16, 0.8, (110.0, 100.0))  # 10 px off: under half a cube side
    big = _reading(2, 0.115 * _DIE)
    small = _reading(2, 0.075 * _DIE)  # a die's pips: a die, even there
    geo = BoardGeometry()
    assert on_found_cube([big, small], cube, np.eye(3), geo, _DIE) == [small]
    away = CubeReading("white", 16, 0.8, (160.0, 100.0))  # a cube side off: a die beside it
    assert on_found_cube([big], away, np.eye(3), geo, _DIE) == [big]
    unread = CubeReading("white", None, 0.8, (100.0, 100.0))  # no number told: not the cube
    assert on_found_cube([big], unread, np.eye(3), geo, _DIE) == [big]


def test_a_cube_hidden_by_a_numeral_s_box_is_sought_past_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cube = CubeReading("white", 16, 0.8, (104.0, 100.0))
    big = _reading(2, 0.115 * _DIE)
    die = DieReading(3, (300, 300, 340, 340), (320.0, 320.0), "flat", 1.0, _DIE, big.pips)

    def finder(*args: object) -> CubeReading | None:  # the cube is seen unless big's box is avoided
        return None if big.bbox in args[-1] else cube  # type: ignore[operator]

    monkeypatch.setattr(dice_cube, "find_cube", finder)
    img, geo = np.zeros((400, 400, 3), np.uint8), BoardGeometry()
    assert cube_past_numerals(img, np.eye(3), geo, "bottom-right", _DIE, [big, die]) == cube
    small = _reading(2, 0.075 * _DIE)  # a die's face (same box) is avoided: no second search
    assert cube_past_numerals(img, np.eye(3), geo, "bottom-right", _DIE, [small]) is None
    far = CubeReading("white", 16, 0.8, (200.0, 100.0))  # found elsewhere: not this reading's
    monkeypatch.setattr(dice_cube, "find_cube", lambda *a: None if big.bbox in a[-1] else far)
    assert cube_past_numerals(img, np.eye(3), geo, "bottom-right", _DIE, [big]) is None


def test_a_cube_hidden_by_a_faint_die_s_box_is_taken_when_read_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A faint die (unread, asked about) found on a cube's coloured numeral hid the cube: the
    cube is sought past it, taken only where read with the faint die on it, and the faint die
    is then the cube's."""
    cube = CubeReading("white", 16, 0.8, (104.0, 100.0))
    faint = DieReading(
        None, (80, 80, 120, 120), (100.0, 100.0), "flat", 0.3, _DIE, ((95.0, 98.0, 3.0),)
    )
    monkeypatch.setattr(dice_cube, "find_cube", lambda *a: None if faint.bbox in a[-1] else cube)
    img, geo = np.zeros((400, 400, 3), np.uint8), BoardGeometry()
    assert cube_past_numerals(img, np.eye(3), geo, "bottom-right", _DIE, [faint]) == cube
    assert on_found_cube([faint], cube, np.eye(3), geo, _DIE) == []
    unread = CubeReading("white", None, 0.5, (104.0, 100.0))  # no number: the die stays
    monkeypatch.setattr(dice_cube, "find_cube", lambda *a: None if faint.bbox in a[-1] else unread)
    assert cube_past_numerals(img, np.eye(3), geo, "bottom-right", _DIE, [faint]) is None
    sure = DieReading(None, faint.bbox, faint.centre, "flat", 0.6, _DIE, faint.pips)  # no faint die
    monkeypatch.setattr(dice_cube, "find_cube", lambda *a: None if sure.bbox in a[-1] else cube)
    assert cube_past_numerals(img, np.eye(3), geo, "bottom-right", _DIE, [sure]) is None
    assert on_found_cube([sure], cube, np.eye(3), geo, _DIE) == [sure]
