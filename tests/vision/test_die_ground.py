"""A die's zone is judged below its middle (``vision.die_ground``): a flat die's bottom face one
die side below its top face, a cocked die's middle off its top face toward what it leans on;
and against the bar's edges as the frame shows them (``bar_edges``), not the pattern's."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from vision.board import BoardGeometry
from vision.cocked_view import DieView
from vision.die_ground import (
    BODY_SHIFT,
    COCKED_HEIGHT,
    EDGE_OUTWARD,
    DieZones,
    bar_edges,
    face_normals,
    ground_point,
)
from vision.read_outcome import die_zone

VIEW = DieView(np.array([[30.0, 0.0], [0.0, 30.0]]), np.array([3.0, -2.0]))


def _face_pips(normal: np.ndarray) -> list[tuple[float, float, float]]:
    """The four image pips of a face with unit ``normal`` (board frame, z up), centred at
    (100, 100), 0.25 die sides off its centre, seen through ``VIEW``."""
    jac = np.column_stack([VIEW.lin, -VIEW.down])
    u = np.cross(normal, [0.3, 1.0, 0.1])
    u /= np.linalg.norm(u)
    v = np.cross(normal, u)
    out = []
    for x in (-1, 1):
        for y in (-1, 1):
            px, py = np.array([100.0, 100.0]) + jac @ (0.25 * (x * u + y * v))
            out.append((float(px), float(py), 2.0))
    return out


def test_a_flat_die_stands_on_its_bottom_face_one_side_below_the_top() -> None:
    assert ground_point((100.0, 100.0), "flat", VIEW) == (103.0, 98.0)


def test_a_cocked_die_stands_off_its_top_face_toward_the_body_it_shows() -> None:
    # No face of 4-6 pips: the body's side (past a flat die's) alone gives the way it leans.
    x, y = ground_point((100.0, 100.0), "cocked", VIEW, body=(1.5, 11.0))
    top = np.array([100.0, 100.0]) + COCKED_HEIGHT * VIEW.down
    assert math.isclose(x, top[0], abs_tol=1e-6)
    assert math.isclose(y, top[1] + 30.0 * BODY_SHIFT, abs_tol=1e-6)


def test_a_cocked_face_of_four_gives_its_tilt_and_the_body_its_side() -> None:
    tilt = math.radians(34.0)
    normal = np.array([math.sin(tilt), 0.0, math.cos(tilt)])  # leans away from x < 0
    pips = _face_pips(normal)
    assert any(np.allclose(m, normal, atol=1e-6) for m in face_normals(pips, VIEW))
    # The raised side face shows on the support's side (x < 0): the middle lies there, half a
    # die side times the tilt's sine off the top face.
    x, y = ground_point((100.0, 100.0), "cocked", VIEW, pips, body=(-12.0, -1.0))
    top = np.array([100.0, 100.0]) + COCKED_HEIGHT * VIEW.down
    assert math.isclose(x, top[0] - 30.0 * 0.5 * math.sin(tilt), abs_tol=1e-6)
    assert math.isclose(y, top[1], abs_tol=1e-6)


def _board_frame(bar: tuple[int, int] | None) -> np.ndarray:
    """A 1200 x 900 frame seen as the canonical board: a green field, a brown bar."""
    frame = np.zeros((900, 1200, 3), np.uint8)
    frame[:] = (60, 140, 40)
    if bar is not None:
        frame[:, bar[0] : bar[1]] = (40, 70, 120)
    return frame


def test_the_bar_edges_are_measured_where_the_pattern_put_them_off() -> None:
    # The pattern's bar (0.08 of the width: 552-648) is 8 units too wide each side.
    edges = bar_edges(_board_frame((560, 640)), np.eye(3), 0.08)
    assert edges is not None
    assert abs(edges[0] - (560 + EDGE_OUTWARD)) <= 1.0
    assert abs(edges[1] - (640 - EDGE_OUTWARD)) <= 1.0
    geo = BoardGeometry(bar_frac=0.08)
    # A die 3 units off the bar: the pattern's bar takes it, the measured bar does not.
    assert die_zone(557.0, 450.0, geo, "bottom-right") == "bar"
    assert die_zone(557.0, 450.0, geo, "bottom-right", edges) == "black_right"


def test_no_bar_edge_seen_keeps_the_patterns_bar() -> None:
    assert bar_edges(_board_frame(None), np.eye(3), 0.08) is None
    assert bar_edges(_board_frame((560, 640)), np.eye(3), 0.0) is None


def test_a_narrow_bar_measured_holds_its_dice() -> None:
    # A paper board's bar, 0.01 of the width by the pattern: no bar by the geometry alone.
    edges = bar_edges(_board_frame((591, 609)), np.eye(3), 0.01)
    assert edges is not None
    geo = BoardGeometry(bar_frac=0.01)
    assert die_zone(600.0, 100.0, geo, "bottom-right") != "bar"
    assert die_zone(600.0, 100.0, geo, "bottom-right", edges) == "bar"


def test_a_die_by_the_bar_is_judged_against_the_bar_the_frame_shows() -> None:
    corners = ((0.0, 0.0), (1200.0, 0.0), (1200.0, 900.0), (0.0, 900.0))
    geo = BoardGeometry(bar_frac=0.08)  # the pattern's bar: 552-648
    zones = DieZones(_board_frame((560, 640)), np.eye(3), geo, "bottom-right", corners, 30.0)
    far = SimpleNamespace(centre=(300.0, 450.0), pips=())
    assert zones.zone(far, "flat") == "black_right"
    assert "bar" not in vars(zones)  # no die near the bar: it is not measured
    near = SimpleNamespace(centre=(554.0, 450.0), pips=())
    assert zones.of(near)("flat") == "black_right"  # in the pattern's bar, not the frame's
    assert zones.bar is not None
