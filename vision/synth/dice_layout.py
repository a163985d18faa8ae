"""Where the dice lie: flat in a zone, on a checker, or cocked against a checker, the frame or
another die (3D, mm; see :mod:`vision.synth.places`). With ``SceneSpec.dice_on_points`` a flat
die in a half lies on an empty light point where a first checker would stand, by preference
near a lone checker (the real photos' die counted as a checker, fm gammon test6).

:func:`place_dice` places every ``DieSpec`` of a scene where the camera sees it and nothing
else lies, and raises naming the die when it cannot.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .camera import Camera
from .geometry import BoardGeometry
from .places import UP, BoxPlace, CheckerPlace, _die_faces, _rz
from .spec import DieSpec, SceneSpec
from .styles import STYLES


@dataclass(frozen=True)
class _Scene:
    """What every placer reads: the scene, what lies on the board so far (``boxes`` grows as
    dice are placed), the camera and the scene's random generator."""

    spec: SceneSpec
    checkers: list[CheckerPlace]
    boxes: list[BoxPlace]
    cam: Camera
    rng: np.random.Generator

    @property
    def g(self) -> BoardGeometry:
        return self.spec.geometry

    @property
    def s(self) -> float:
        return self.spec.geometry.die_size


def _flat_rot(rng: np.random.Generator, yaw_deg: float | None) -> np.ndarray:
    a = np.radians(yaw_deg) if yaw_deg is not None else rng.uniform(0, 2 * np.pi)
    return _rz(a)


def _clear(
    x: float,
    y: float,
    rad: float,
    checkers: list[CheckerPlace],
    boxes: list[BoxPlace],
    g: BoardGeometry,
    skip: CheckerPlace | None = None,
) -> bool:
    for c in checkers:
        if c is skip or c.on_edge:
            continue
        if (c.x - x) ** 2 + (c.y - y) ** 2 < (g.checker_radius + rad) ** 2:
            return False
    return _clear_of_boxes(x, y, rad, boxes)


def _clear_of_boxes(x: float, y: float, rad: float, boxes: list[BoxPlace]) -> bool:
    for b in boxes:
        if (b.centre[0] - x) ** 2 + (b.centre[1] - y) ** 2 < (b.size * 0.72 + rad) ** 2:
            return False
    return True


def _seen_flat(
    sc: _Scene, x: float, y: float, z: float, rot: np.ndarray, value: int
) -> BoxPlace | None:
    """A flat die on the surface at ``z`` (z grows downward), if the camera sees all of it."""
    s = sc.s
    box = BoxPlace(np.array([x, y, z - s / 2]), rot, s, _die_faces(sc.rng, value))
    return box if _in_image(sc.cam, box.vertices()) else None


def _in_image(cam: Camera, pts: np.ndarray, margin: float = 4) -> bool:
    uv = cam.project(pts)
    w, h = cam.size
    return bool(
        (uv >= margin).all() and (uv[:, 0] <= w - margin).all() and (uv[:, 1] <= h - margin).all()
    )


def _outside_spots(g: BoardGeometry, s: float) -> list[tuple[float, float, float, float, float]]:
    """Rectangles (x0, y0, x1, y1, z) outside the playing area where a die may lie."""
    spots = []
    fw = g.frame_width
    ox0, oy0, ox1, oy1 = g.outer_rect()
    if fw >= s * 1.3:
        z = -g.frame_height
        m = fw + 5  # keep clear of the corner stickers
        spots += [
            (m, -fw, g.play_width - m, 0, z),
            (m, g.play_height, g.play_width - m, g.play_height + fw, z),
        ]
    for side in ("left", "right"):
        tr = g.tray_rect(side)
        if tr is not None and tr[2] - tr[0] > s * 1.3:
            spots.append((tr[0], tr[1], tr[2], tr[3], 0.0))
    tz = g.board_thickness
    spots += [
        # On the table, far enough from the board that its edge cannot hide the die.
        (ox0 - 100, oy0, ox0 - 25, oy1, tz),
        (ox1 + 25, oy0, ox1 + 100, oy1, tz),
        (ox0, oy1 + 25, ox1, oy1 + 80, tz),
        (ox0, oy0 - 80, ox1, oy0 - 25, tz),
    ]
    return spots


def _zone_box(g: BoardGeometry, zone: str, wh: str) -> tuple[float, float, float, float]:
    if zone == "bar":
        return g.bar_rect()
    return g.half_rect(g.zone_half(zone, wh))


def _place_flat(sc: _Scene, die: DieSpec, relax: float) -> BoxPlace | None:
    spec, g, s, rng = sc.spec, sc.g, sc.s, sc.rng
    if spec.dice_on_points and die.position is None and die.zone in HALVES and relax == 1.0:
        return _place_on_point(sc, die)
    rot = _flat_rot(rng, die.yaw_deg)
    if die.position is not None:
        x, y = die.position
        z = 0.0 if 0 <= x <= g.play_width and 0 <= y <= g.play_height else g.board_thickness
        return BoxPlace(np.array([x, y, z - s / 2]), rot, s, _die_faces(rng, die.value))
    if die.zone == "outside":
        spots = _outside_spots(g, s)
        x0, y0, x1, y1, z = spots[int(rng.integers(len(spots)))]
    else:
        x0, y0, x1, y1 = _zone_box(g, die.zone, spec.white_home)
        z = -g.frame_height if die.zone == "bar" else 0.0  # the bar is raised like the frame
    m = s * 0.75
    if x1 - x0 <= 2 * m:
        x = (x0 + x1) / 2
    else:
        x = rng.uniform(x0 + m, x1 - m)
    y = rng.uniform(y0 + m, y1 - m) if y1 - y0 > 2 * m else (y0 + y1) / 2
    if not _clear(x, y, s * 0.72 * relax, sc.checkers, sc.boxes, g):
        return None
    return _seen_flat(sc, x, y, z, rot, die.value)


HALVES = ("white_right", "black_right")


def _light_points(spec: SceneSpec) -> list[int]:
    """Point indices (white numbering) whose triangle has the style's lighter colour."""
    g, wh = spec.geometry, spec.white_home
    colours = STYLES[spec.style].points
    light = int(sum(colours[1]) > sum(colours[0]))
    return [i for i in range(24) if sum(g.point_cell(i, wh)) % 2 == light]


def _place_on_point(sc: _Scene, die: DieSpec) -> BoxPlace | None:
    """A flat die on an empty light point of its zone, where the first checker would stand;
    points within two of a lone checker weigh three times as much."""
    spec, g, s, rng = sc.spec, sc.g, sc.s, sc.rng
    wh = spec.white_home
    held: dict[int, int] = {}
    for c in sc.checkers:
        if c.where == "point":
            held[c.index] = held.get(c.index, 0) + 1
    lone = [i for i, n in held.items() if n == 1]
    cands = []
    for i in _light_points(spec):
        x, y = g.checker_spot(i, wh, 0.0)
        if i not in held and g.zone_at(x, y, wh) == die.zone:
            cands.append(i)
    if not cands:
        return None
    w = np.array([3.0 if any(abs(i - j) <= 2 for j in lone) else 1.0 for i in cands])
    i = cands[int(rng.choice(len(cands), p=w / w.sum()))]
    x, y = g.checker_spot(i, wh, float(rng.uniform(0.0, 1.2)))
    x += float(rng.normal(0, 0.1)) * g.checker_radius
    if not _clear(x, y, s * 0.72, sc.checkers, sc.boxes, g):
        return None
    return _seen_flat(sc, x, y, 0.0, _flat_rot(rng, die.yaw_deg), die.value)


def _place_on_checker(sc: _Scene, die: DieSpec) -> BoxPlace | None:
    g, s, rng, wh = sc.g, sc.s, sc.rng, sc.spec.white_home
    cands = [
        c
        for c in sc.checkers
        if not c.covered
        and not c.on_edge
        and c.where != "off"
        and g.zone_at(c.x, c.y, wh) == die.zone
    ]
    if not cands:
        return None
    c = cands[int(rng.integers(len(cands)))]
    off = rng.normal(0, 0.12, 2) * g.checker_radius
    x, y = c.x + off[0], c.y + off[1]
    if not _clear_of_boxes(x, y, s * 0.72, sc.boxes):
        return None
    top = c.top(g.checker_thickness)
    box = BoxPlace(
        np.array([x, y, top - s / 2]), _flat_rot(rng, die.yaw_deg), s, _die_faces(rng, die.value)
    )
    c.covered = True
    return box


def _tilted(
    rng: np.random.Generator,
    s: float,
    pivot_xy: tuple[float, float],
    toward: np.ndarray,
    alpha: float,
    z_surface: float,
    value: int,
) -> BoxPlace:
    """A die whose bottom face rises at ``alpha`` toward ``toward`` from a pivot edge."""
    a = np.array([toward[0], toward[1], 0.0])
    d1 = a * np.cos(alpha) + UP * np.sin(alpha)  # along the bottom face, toward the support
    ez = -a * np.sin(alpha) + UP * np.cos(alpha)  # the die's top normal
    local_z = -ez
    local_y = np.cross(local_z, d1)
    rot = np.column_stack([d1, local_y, local_z])
    spin = rng.uniform(-0.25, 0.25)  # the die need not meet the support square-on
    c, sn = np.cos(spin), np.sin(spin)
    rot = rot @ np.array([[c, -sn, 0], [sn, c, 0], [0, 0, 1.0]])
    centre = np.array([pivot_xy[0], pivot_xy[1], z_surface]) + d1 * s / 2 + ez * s / 2
    box = BoxPlace(centre, rot, s, _die_faces(rng, value), state="cocked")
    lowest = box.vertices()[:, 2].max()
    box.centre = box.centre + np.array([0, 0, z_surface - lowest])
    return box


def _place_cocked(sc: _Scene, die: DieSpec, free: bool = False) -> BoxPlace | None:
    """A die tilted against a checker, the frame wall or a flat die (``free``: against an
    unspecified low support, the last resort when the zone offers none)."""
    g, s, rng, wh = sc.g, sc.s, sc.rng, sc.spec.white_home
    checkers, boxes = sc.checkers, sc.boxes
    r, t = g.checker_radius, g.checker_thickness
    z_surface = 0.0
    support = None
    if die.zone == "outside":
        spots = [sp for sp in _outside_spots(g, s) if sp[4] >= 0]
        x0, y0, x1, y1, z_surface = spots[int(rng.integers(len(spots)))]
        theta = rng.uniform(0, 2 * np.pi)
        toward = np.array([np.cos(theta), np.sin(theta)])
        px, py = rng.uniform(x0 + s, max(x0 + s, x1 - s)), rng.uniform(y0 + s, max(y0 + s, y1 - s))
        h = rng.uniform(4, 11)
        alpha = np.arcsin(min(np.sin(np.radians(38)), h / (s * rng.uniform(0.6, 0.95))))
        alpha = max(alpha, np.radians(12))
        kind = "outside"
    else:
        zx0, zy0, zx1, zy1 = _zone_box(g, die.zone, wh)
        near = [
            c
            for c in checkers
            if not c.covered and not c.on_edge and c.where == "point" and zx0 - r <= c.x <= zx1 + r
        ]
        flat = [
            b
            for b in boxes
            if b.state == "flat"
            and not b.is_cube
            and abs(b.centre[2] + b.size / 2) < 1e-6
            and zx0 <= b.centre[0] <= zx1
        ]
        kinds, weights = [], []
        for k_, w_, ok in (
            ("checker", 0.7, bool(near)),
            ("frame", 0.2, g.frame_height >= 3),
            ("die", 0.1, bool(flat)),
        ):
            if ok:
                kinds.append(k_)
                weights.append(w_)
        if free or not kinds:
            kind = "free"
        else:
            kind = str(rng.choice(kinds, p=np.asarray(weights) / sum(weights)))
        if kind == "checker":
            support = near[int(rng.integers(len(near)))]
            h = -support.top(t)
            centre_xy = np.array([support.x, support.y])
            rim = r - 1.5
        elif kind == "die":
            sup = flat[int(rng.integers(len(flat)))]
            h = sup.size
            centre_xy = sup.centre[:2].copy()
            rim = sup.size * 0.45
        elif kind == "frame":
            h = g.frame_height
            top = rng.random() < 0.5
            centre_xy = np.array([rng.uniform(zx0 + s, zx1 - s), -50.0 if top else zy1 + 50])
            rim = 50.0
            theta = np.pi / 2 if top else -np.pi / 2  # die lies toward the middle
        else:
            h = rng.uniform(4, 10)
            centre_xy = np.array([rng.uniform(zx0 + s, zx1 - s), rng.uniform(zy0 + s, zy1 - s)])
            rim = 0.0
        if kind != "frame":
            theta = rng.uniform(0, 2 * np.pi)
        w = np.array([np.cos(theta), np.sin(theta)])  # from support centre toward the die
        lcon = s * rng.uniform(0.6, 0.95)
        # Above 45 degrees a side face would become the top: keep cocked dice below 40.
        alpha = np.arcsin(min(np.sin(np.radians(rng.uniform(30, 40))), h / lcon))
        alpha = max(alpha, np.radians(12))
        lcon = h / np.sin(alpha)
        contact = centre_xy + w * rim
        px, py = contact + w * lcon * np.cos(alpha)
        toward = -w
    box = _tilted(rng, s, (px, py), toward, float(alpha), z_surface, die.value)
    box.support = kind  # no draw: the renders stay the same (vision.cocked_audit reads it)
    cx, cy = box.centre[:2]
    if die.zone != "outside" and g.zone_at(cx, cy, wh) != die.zone:
        return None
    if die.zone == "outside" and g.zone_at(cx, cy, wh) != "outside":
        return None
    foot = box.vertices()[:, :2]
    for c in checkers:
        if c is support or c.on_edge:
            continue
        dmin = np.sqrt(((foot - [c.x, c.y]) ** 2).sum(axis=1)).min()
        centre_d = np.hypot(cx - c.x, cy - c.y)
        if centre_d < r + s * 0.5 or dmin < r - 1:
            return None
    for b in boxes:
        if np.hypot(*(b.centre[:2] - box.centre[:2])) < (b.size + s) * 0.55:
            if kind != "die":
                return None
    # Keep the die on the board surface (not hanging over the outer frame).
    if die.zone != "outside":
        m = s if kind == "frame" else 1.0  # a die against the wall may rest on its top edge
        if foot[:, 0].min() < -m or foot[:, 0].max() > g.play_width + m:
            return None
        if foot[:, 1].min() < -m or foot[:, 1].max() > g.play_height + m:
            return None
    if not _in_image(sc.cam, box.vertices()):
        return None
    if support is not None:
        support.covered = True
    return box


def place_dice(
    spec: SceneSpec,
    checkers: list[CheckerPlace],
    cam: Camera,
    rng: np.random.Generator,
    obstacles: list[BoxPlace] | None = None,
) -> list[BoxPlace]:
    """Place every DieSpec; raise RuntimeError naming the die if it cannot be placed."""
    boxes: list[BoxPlace] = list(obstacles or [])
    first = len(boxes)
    sc = _Scene(spec, checkers, boxes, cam, rng)
    for k, die in enumerate(spec.dice):
        box = None
        for attempt in range(400):
            relax = 1.0 if attempt < 300 else 0.7
            if die.state == "flat":
                box = _place_flat(sc, die, relax)
            elif die.state == "on_checker":
                box = _place_on_checker(sc, die)
            else:
                box = _place_cocked(sc, die, free=attempt >= 250)
            if box is not None:
                break
        if box is None:
            raise RuntimeError(f"could not place die {k} ({die}) in the scene")
        box.state = die.state
        box.zone = spec.geometry.zone_at(
            float(box.centre[0]), float(box.centre[1]), spec.white_home
        )
        boxes.append(box)
    return boxes[first:]
