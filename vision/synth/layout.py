"""Where every checker, die and the cube physically lies (3D, mm) for one scene.

World frame as in ``camera.py``: playing-area mm, x right, y down, z down (up is negative z).

Usage::

    >>> import numpy as np
    >>> from vision.synth.spec import random_scene
    >>> spec = random_scene(np.random.default_rng(0))
    >>> lay = layout_scene(spec, np.random.default_rng(1))
    >>> sum(1 for c in lay.checkers if c.colour == "white") == 15
    True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .camera import Camera
from .geometry import BoardGeometry
from .spec import DieSpec, SceneSpec

UP = np.array([0.0, 0.0, -1.0])


@dataclass
class CheckerPlace:
    """A checker: centre (x, y), bottom height z (<= 0 above the surface), where it is."""

    x: float
    y: float
    z: float
    colour: str
    where: str  # point | bar | off
    index: int = -1  # point index (white numbering) for points
    on_edge: bool = False  # borne off, standing on edge in a tray
    covered: bool = False  # another checker or a die rests on it

    def top(self, t: float) -> float:
        return self.z - t


@dataclass
class BoxPlace:
    """A die or the cube: centre (3,), rotation (local -> world), edge length, face values
    (top, bottom, +x, -x, +y, -y in local axes; local -z is the top)."""

    centre: np.ndarray
    rot: np.ndarray
    size: float
    faces: tuple[int, int, int, int, int, int]
    state: str = "flat"
    zone: str = "outside"
    is_cube: bool = False
    support: str | None = None  # a cocked die's: checker, frame, die, free or outside

    def vertices(self) -> np.ndarray:
        h = self.size / 2
        s = np.array([[x, y, z] for x in (-h, h) for y in (-h, h) for z in (-h, h)])
        return self.centre + s @ self.rot.T


@dataclass
class Layout:
    checkers: list[CheckerPlace]
    dice: list[BoxPlace]
    cube: BoxPlace | None


def _rz(a: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


def _stack_slots(n: int, mode: str, geom: BoardGeometry, room: float) -> list[tuple[float, int]]:
    """(distance along the point in checker diameters, layer) for n checkers."""
    if mode == "overlap" and n > 5:
        step = min(1.0, (room / geom.checker_diameter - 1.0) / (n - 1))
        return [(k * step, k) for k in range(n)]
    slots: list[tuple[float, int]] = []
    layer = 0
    while len(slots) < n:
        for j in range(5 - layer):
            slots.append((j + 0.5 * layer, layer))
        layer += 1
    return slots[:n]


def _die_faces(rng: np.random.Generator, top: int) -> tuple[int, int, int, int, int, int]:
    rest = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = int(rng.choice(rest))
    b = int(rng.choice([v for v in rest if v not in (a, 7 - a)]))
    return (top, 7 - top, a, 7 - a, b, 7 - b)


def layout_checkers(spec: SceneSpec, rng: np.random.Generator) -> list[CheckerPlace]:
    g, wh, pos = spec.geometry, spec.white_home, spec.position
    d, t, r = g.checker_diameter, g.checker_thickness, g.checker_radius
    out: list[CheckerPlace] = []
    room = g.play_height / 2 - 2.0
    for colour, counts in (("white", pos.white), ("black", pos.black)):
        for i, n in enumerate(counts):
            if not n:
                continue
            x, y0, sgn = g.point_base(i, wh)
            placed: list[CheckerPlace] = []
            for along, layer in _stack_slots(n, spec.stack_mode, g, room):
                jx = float(np.clip(rng.normal(0, 0.03), -0.1, 0.1) * g.point_width)
                if rng.random() < 0.05:
                    jx += float(rng.choice([-1, 1]) * 0.16 * g.point_width)  # sloppy checker
                jy = float(rng.uniform(0.0, 0.025) * d)
                if spec.stack_mode == "overlap" and n > 5:
                    z = -layer * 0.35 * t
                else:
                    z = -layer * t
                cy = y0 + sgn * (r + 0.6 + along * d * 1.015 + jy)
                # Stay inside the half (walls) and off the neighbouring points' checkers.
                hx0, _, hx1, _ = g.half_rect("left" if x < g.half_width else "right")
                cx = float(np.clip(x + jx, hx0 + r + 0.3, hx1 - r - 0.3))
                if any(
                    abs(o.z - z) < 1e-6 and o.index != i and np.hypot(o.x - cx, o.y - cy) < d
                    for o in out
                ):
                    cx = x
                placed.append(CheckerPlace(cx, cy, z, colour, "point", i))
            out.extend(placed)
    out.extend(_bar_checkers(spec, rng))
    out.extend(_off_checkers(spec, rng))
    _mark_covered(out, g)
    return out


def _bar_checkers(spec: SceneSpec, rng: np.random.Generator) -> list[CheckerPlace]:
    g, pos = spec.geometry, spec.position
    d, t = g.checker_diameter, g.checker_thickness
    bx = g.half_width + g.bar_width / 2
    gap = (g.cube_size / 2 + 4) if spec.cube is not None and spec.cube.location == "centre" else 2
    white_top = bool(rng.random() < 0.5)
    out = []
    for colour, n in (("white", pos.bar_white), ("black", pos.bar_black)):
        sgn = -1.0 if (colour == "white") == white_top else 1.0
        for along, layer in _stack_slots(n, "pyramid", g, 0):
            y = g.play_height / 2 + sgn * (gap + d / 2 + along * d * 1.02)
            jx = float(rng.normal(0, 0.04) * g.bar_width)
            out.append(CheckerPlace(bx + jx, y, -g.frame_height - layer * t, colour, "bar"))
    return out


def _off_checkers(spec: SceneSpec, rng: np.random.Generator) -> list[CheckerPlace]:
    g, pos, wh = spec.geometry, spec.position, spec.white_home
    t, d = g.checker_thickness, g.checker_diameter
    side = g.home_side(wh)
    white_bottom = g.white_edge(wh) == "bottom"
    tray = g.tray_rect(side)
    out = []
    for colour, n in (("white", pos.off_white), ("black", pos.off_black)):
        at_bottom = white_bottom == (colour == "white")
        for k in range(n):
            if tray is not None:
                x = (tray[0] + tray[2]) / 2 + float(rng.normal(0, 0.6))
                step = t * 1.08
                y = (g.play_height - 3 - t / 2 - k * step) if at_bottom else (3 + t / 2 + k * step)
                out.append(CheckerPlace(x, y, 0.0, colour, "off", on_edge=True))
            else:
                # No tray: flat piles of five on the table beside the home side.
                ox0, _, ox1, _ = g.outer_rect()
                x = ox1 + d * 0.7 if side == "right" else ox0 - d * 0.7
                x += (k // 5) * d * 1.1 * (1 if side == "right" else -1)
                y = g.play_height * (0.8 if at_bottom else 0.2)
                z = g.board_thickness - (k % 5) * t
                out.append(CheckerPlace(x + float(rng.normal(0, 1)), y, z, colour, "off"))
    return out


def _mark_covered(checkers: list[CheckerPlace], g: BoardGeometry) -> None:
    for a in checkers:
        for b in checkers:
            if b is a or b.on_edge or a.on_edge:
                continue
            if b.z < a.z - 1e-6 and (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < (g.checker_diameter) ** 2:
                a.covered = True
                break


# --- dice ------------------------------------------------------------------------------------


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
    for b in boxes:
        if (b.centre[0] - x) ** 2 + (b.centre[1] - y) ** 2 < (b.size * 0.72 + rad) ** 2:
            return False
    return True


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


def _place_flat(
    spec: SceneSpec,
    die: DieSpec,
    checkers: list[CheckerPlace],
    boxes: list[BoxPlace],
    cam: Camera,
    rng: np.random.Generator,
    relax: float,
) -> BoxPlace | None:
    g, s = spec.geometry, spec.geometry.die_size
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
    if not _clear(x, y, s * 0.72 * relax, checkers, boxes, g):
        return None
    box = BoxPlace(np.array([x, y, z - s / 2]), rot, s, _die_faces(rng, die.value))
    return box if _in_image(cam, box.vertices()) else None


def _place_on_checker(
    spec: SceneSpec,
    die: DieSpec,
    checkers: list[CheckerPlace],
    boxes: list[BoxPlace],
    cam: Camera,
    rng: np.random.Generator,
) -> BoxPlace | None:
    g, s, wh = spec.geometry, spec.geometry.die_size, spec.white_home
    cands = [
        c
        for c in checkers
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
    for b in boxes:
        if (b.centre[0] - x) ** 2 + (b.centre[1] - y) ** 2 < (b.size * 0.72 + s * 0.72) ** 2:
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


def _place_cocked(
    spec: SceneSpec,
    die: DieSpec,
    checkers: list[CheckerPlace],
    boxes: list[BoxPlace],
    cam: Camera,
    rng: np.random.Generator,
    free: bool = False,
) -> BoxPlace | None:
    """A die tilted against a checker, the frame wall or a flat die (``free``: against an
    unspecified low support, the last resort when the zone offers none)."""
    g, s, wh = spec.geometry, spec.geometry.die_size, spec.white_home
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
    if not _in_image(cam, box.vertices()):
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
    for k, die in enumerate(spec.dice):
        box = None
        for attempt in range(400):
            relax = 1.0 if attempt < 300 else 0.7
            if die.state == "flat":
                box = _place_flat(spec, die, checkers, boxes, cam, rng, relax)
            elif die.state == "on_checker":
                box = _place_on_checker(spec, die, checkers, boxes, cam, rng)
            else:
                box = _place_cocked(spec, die, checkers, boxes, cam, rng, free=attempt >= 250)
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


def place_cube(
    spec: SceneSpec, checkers: list[CheckerPlace], dice: list[BoxPlace], rng: np.random.Generator
) -> BoxPlace | None:
    """The doubling cube: on the bar (or the spare tray) mid-height for centre, near the
    owner's edge otherwise."""
    if spec.cube is None:
        return None
    g, wh = spec.geometry, spec.white_home
    cs = g.cube_size
    bx = g.half_width + g.bar_width / 2
    home = g.home_side(wh)
    other = "left" if home == "right" else "right"
    tray = g.tray_rect(other)
    loc = spec.cube.location
    z = 0.0
    if loc == "centre":
        if g.bar_width >= cs * 1.05 or tray is None:
            x, y = bx, g.play_height / 2
            z = -g.frame_height
        else:
            x, y = (tray[0] + tray[2]) / 2, g.play_height / 2
    else:
        bottom = (g.white_edge(wh) == "bottom") == (loc == "white")
        y = g.play_height - cs * 0.8 if bottom else cs * 0.8
        if tray is not None and (rng.random() < 0.5 or g.bar_width < cs * 1.05):
            x = (tray[0] + tray[2]) / 2
        elif g.bar_width >= cs * 1.05:
            x = bx
            z = -g.frame_height
        else:
            # No room: on the frame/table just outside the playing area by that player.
            x = bx
            y = g.play_height + cs if bottom else -cs
            z = -g.frame_height if g.frame_width > cs else g.board_thickness
    x += float(rng.normal(0, 1.0))
    y += float(rng.normal(0, 1.0))
    yaw = np.radians(rng.choice([0, 90, 180, 270]) + rng.normal(0, 8))
    faces = [64, 2, 4, 8, 16, 32]
    top = spec.cube.value
    rest = [v for v in faces if v != top]
    rng.shuffle(rest)
    # A cube by a player's edge on the bar must not sit on bar checkers: use the tray then.
    if loc != "centre" and abs(x - bx) < 5:
        hit = any(c.where == "bar" and abs(c.y - y) < cs / 2 + g.checker_radius for c in checkers)
        if hit and tray is not None:
            x, z = (tray[0] + tray[2]) / 2, 0.0
        elif hit:
            y = g.play_height + cs if y > g.play_height / 2 else -cs
            z = -g.frame_height if g.frame_width > cs else g.board_thickness
    box = BoxPlace(
        np.array([x, y, z - cs / 2]), _rz(yaw), cs, (top, *rest), is_cube=True, zone="bar"
    )
    return box


def layout_scene(spec: SceneSpec, rng: np.random.Generator) -> Layout:
    cam = spec.camera_model()
    checkers = layout_checkers(spec, rng)
    cube = place_cube(spec, checkers, [], rng)
    dice = place_dice(spec, checkers, cam, rng, [cube] if cube is not None else [])
    return Layout(checkers, dice, cube)
