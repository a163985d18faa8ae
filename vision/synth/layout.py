"""Where every checker, die and the cube physically lies (3D, mm) for one scene.

The checkers and the cube are placed here, the dice by :mod:`vision.synth.dice_layout`.

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

import numpy as np

from .dice_layout import place_dice
from .geometry import BoardGeometry
from .places import UP, BoxPlace, CheckerPlace, Layout, _rz
from .spec import SceneSpec

# The layout's values are defined in vision.synth.places and the dice placed by
# vision.synth.dice_layout; they are named here too, so one import gives a scene's layout.
__all__ = [
    "UP",
    "BoxPlace",
    "CheckerPlace",
    "Layout",
    "layout_checkers",
    "layout_scene",
    "place_cube",
    "place_dice",
]


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
    r0, r1, r2, r3, r4 = rest  # the five faces not on top
    box = BoxPlace(
        np.array([x, y, z - cs / 2]),
        _rz(yaw),
        cs,
        (top, r0, r1, r2, r3, r4),
        is_cube=True,
        zone="bar",
    )
    return box


def layout_scene(spec: SceneSpec, rng: np.random.Generator) -> Layout:
    cam = spec.camera_model()
    checkers = layout_checkers(spec, rng)
    cube = place_cube(spec, checkers, [], rng)
    dice = place_dice(spec, checkers, cam, rng, [cube] if cube is not None else [])
    return Layout(checkers, dice, cube)
