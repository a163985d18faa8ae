"""What a synthetic scene contains: ``SceneSpec`` and ``random_scene``.

A SceneSpec fixes everything that labels depend on (position, dice values/states/zones, cube,
orientation) plus the look (style, camera, lighting, hand). Small placement jitter, textures and
sensor noise come from the Generator passed to ``render``.

Usage::

    >>> import numpy as np
    >>> spec = random_scene(np.random.default_rng(3), style="walnut", white_home="top-left")
    >>> spec.style, spec.white_home, len(spec.position.white)
    ('walnut', 'top-left', 24)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from .camera import Camera
from .geometry import WHITE_HOMES, BoardGeometry, check_white_home
from .positions import Position, random_position
from .styles import BGR, SKIN_TONES, STYLES, TABLES
from .textures import marker_layout

DIE_STATES = ("flat", "cocked", "on_checker")
CUBE_VALUES = (2, 4, 8, 16, 32, 64)


@dataclass(frozen=True)
class DieSpec:
    """One die. ``position`` (playing-area mm) and ``yaw_deg`` are picked at render when None."""

    value: int
    state: str = "flat"
    zone: str = "white_right"
    position: tuple[float, float] | None = None
    yaw_deg: float | None = None

    def __post_init__(self) -> None:
        if self.value not in range(1, 7):
            raise ValueError(f"die value must be 1..6, got {self.value}")
        if self.state not in DIE_STATES:
            raise ValueError(f"die state must be one of {DIE_STATES}, got {self.state!r}")
        if self.zone not in ("white_right", "black_right", "bar", "outside"):
            raise ValueError(f"unknown die zone {self.zone!r}")


@dataclass(frozen=True)
class CubeSpec:
    """Doubling cube: ``value`` as printed on the top face; location centre | white | black."""

    value: int = 64
    location: str = "centre"

    def __post_init__(self) -> None:
        if self.value not in CUBE_VALUES:
            raise ValueError(f"cube value must be one of {CUBE_VALUES}, got {self.value}")
        if self.location not in ("centre", "white", "black"):
            raise ValueError(f"cube location must be centre|white|black, got {self.location!r}")


@dataclass(frozen=True)
class CameraSpec:
    """Camera pose: ``distance_mm`` from lens to the aim point, tilt of the optical axis from
    vertical, focal length in pixels, radial distortion ``k1``; aim is the playing-area centre
    plus ``aim_offset_mm``."""

    distance_mm: float = 700.0
    tilt_deg: float = 0.0
    tilt_azimuth_deg: float = 0.0
    roll_deg: float = 0.0
    focal_px: float = 1000.0
    k1: float = 0.0
    aim_offset_mm: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class LightingSpec:
    """Key light direction, ambient share, and the photographic defects applied after drawing."""

    azimuth_deg: float = 225.0
    elevation_deg: float = 60.0
    ambient: float = 0.55
    shadow: float = 0.45
    gradient: float = 0.15
    gradient_angle_deg: float = 0.0
    vignette: float = 0.25
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)
    exposure: float = 1.0
    glare: float = 0.3
    noise_sigma: float = 3.0
    blur_sigma: float = 0.7


@dataclass(frozen=True)
class HandSpec:
    """An arm reaching in from image ``edge`` with fingertips at ``tip_mm`` (playing-area mm),
    ``height_mm`` above the board."""

    tip_mm: tuple[float, float]
    edge: str = "bottom"
    height_mm: float = 60.0
    skin: BGR = (120, 150, 205)
    sleeve: BGR | None = (90, 60, 40)
    angle_deg: float = 0.0
    spread: float = 0.5
    motion_mm: tuple[float, float] = (0.0, 0.0)  # movement during the exposure (blur)

    def __post_init__(self) -> None:
        if self.edge not in ("top", "bottom", "left", "right"):
            raise ValueError(f"hand edge must be top|bottom|left|right, got {self.edge!r}")


@dataclass(frozen=True)
class SceneSpec:
    """Everything a synthetic scene shows; see module docstring."""

    style: str
    white_home: str
    position: Position
    geometry: BoardGeometry = field(default_factory=BoardGeometry)
    dice: tuple[DieSpec, ...] = ()
    cube: CubeSpec | None = None
    camera: CameraSpec = field(default_factory=CameraSpec)
    lighting: LightingSpec = field(default_factory=LightingSpec)
    hand: HandSpec | None = None
    markers: bool = False
    stack_mode: str = "pyramid"  # pyramid (2nd layer in the gaps) | overlap (fanned along)
    checker_pair: int = 0
    table: str = "oak"
    size: tuple[int, int] = (1280, 960)
    # The dice set draws its own pip radius and spacing (``piece_faces.pip_geometry``, real
    # dice's range); off, every die has the committed sets' pips (radius 0.08, 0.25 apart).
    real_pips: bool = False
    # Flat dice in a half lie on empty light points where a first checker would stand
    # (``dice_layout._place_on_point``); off, anywhere clear in their half.
    dice_on_points: bool = False
    # Light dice drawn as a dim webcam shows cream dice on a light board
    # (``vision.synth.bleed``): no dark outline, the board's colour run into the die's edge,
    # the die softened and its contrast with the board lowered; off, as the committed sets.
    bleed: bool = False

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"unknown style {self.style!r}; known: {sorted(STYLES)}")
        check_white_home(self.white_home)
        self.position.validate()
        if self.stack_mode not in ("pyramid", "overlap"):
            raise ValueError(f"stack_mode must be pyramid|overlap, got {self.stack_mode!r}")
        if self.table not in TABLES:
            raise ValueError(f"unknown table {self.table!r}; known: {sorted(TABLES)}")
        if not 0 <= self.checker_pair < len(STYLES[self.style].checkers):
            raise ValueError(f"checker_pair {self.checker_pair} out of range for {self.style}")

    def camera_model(self) -> Camera:
        g, c = self.geometry, self.camera
        target = (g.play_width / 2 + c.aim_offset_mm[0], g.play_height / 2 + c.aim_offset_mm[1])
        return Camera.from_pose(
            distance=c.distance_mm,
            tilt_deg=c.tilt_deg,
            tilt_azimuth_deg=c.tilt_azimuth_deg,
            roll_deg=c.roll_deg,
            focal_px=c.focal_px,
            target=target,
            size=self.size,
            k1=c.k1,
        )

    def with_hand(self, hand: HandSpec | None) -> SceneSpec:
        return replace(self, hand=hand)


# --- random scenes ---------------------------------------------------------------------------


def random_geometry(rng: np.random.Generator, style: str) -> BoardGeometry:
    st = STYLES[style]
    u = rng.uniform
    pw = u(36, 44)
    d = pw * u(0.88, 0.96)
    thin = st.thin_checkers
    height = d * u(10.7, 11.6)
    return BoardGeometry(
        point_width=pw,
        bar_width=pw * u(0.15, 0.3) if style == "paper" else pw * u(0.9, 1.4),
        play_height=height,
        triangle_height=height * u(0.37, 0.43),
        frame_width=u(30, 42),
        tray_width=u(48, 60) if st.trays else 0.0,
        checker_diameter=d,
        checker_thickness=u(2.5, 3.5) if thin else u(6.0, 9.0),
        die_size=u(13, 17),
        cube_size=u(20, 25),
        frame_height=0.0 if style == "paper" else u(6, 12),
        board_thickness=1.0 if style == "paper" else u(25, 50),
    )


def _fit_camera(
    rng: np.random.Generator, spec_geom: BoardGeometry, size: tuple[int, int], markers: bool
) -> CameraSpec:
    """Pick a pose at 50-90 cm whose image shows the whole playing area (and markers)."""
    g = spec_geom
    w, h = size
    dist = rng.uniform(500, 900)
    tilt = 15.0 * rng.random() ** 1.3
    fill = rng.uniform(0.55, 0.85)
    focal = min(fill * w * dist / g.play_width, 0.86 * h * dist / g.play_height)
    pts = [(x, y, 0.0) for x, y in g.play_corners()]
    if markers:
        for _, (cx, cy), side in marker_layout(g):
            e = side * 0.67
            pts += [
                (cx - e, cy - e, 0),
                (cx + e, cy - e, 0),
                (cx + e, cy + e, 0),
                (cx - e, cy + e, 0),
            ]
    cam = CameraSpec(
        distance_mm=dist,
        tilt_deg=tilt,
        tilt_azimuth_deg=rng.uniform(0, 360),
        roll_deg=rng.uniform(-3, 3),
        focal_px=focal,
        k1=rng.uniform(-0.02, 0.07),
        aim_offset_mm=(rng.uniform(-15, 15), rng.uniform(-15, 15)),
    )
    margin = 12
    for _ in range(60):
        dummy = SceneSpec(
            style="walnut",
            white_home="bottom-right",
            position=Position.starting(),
            geometry=g,
            camera=cam,
            size=size,
        )
        uv = dummy.camera_model().project(np.asarray(pts, float))
        if (
            (uv.min(axis=0) >= margin).all()
            and (uv[:, 0].max() <= w - margin)
            and (uv[:, 1].max() <= h - margin)
        ):
            return cam
        cam = replace(
            cam,
            focal_px=cam.focal_px * 0.95,
            aim_offset_mm=(cam.aim_offset_mm[0] * 0.7, cam.aim_offset_mm[1] * 0.7),
        )
    raise RuntimeError("could not fit the board into the image")


def random_lighting(rng: np.random.Generator) -> LightingSpec:
    u = rng.uniform
    wb = np.array([u(0.9, 1.1), u(0.96, 1.04), u(0.9, 1.1)])
    wb /= wb.mean()
    return LightingSpec(
        azimuth_deg=u(0, 360),
        elevation_deg=u(35, 82),
        ambient=u(0.45, 0.72),
        shadow=u(0.25, 0.6),
        gradient=u(0, 0.35),
        gradient_angle_deg=u(0, 360),
        vignette=u(0.0, 0.45),
        white_balance=(float(wb[0]), float(wb[1]), float(wb[2])),
        exposure=u(0.82, 1.12),
        glare=float(u(0.4, 1.0) if rng.random() < 0.35 else u(0, 0.3)),
        noise_sigma=u(1.5, 6.0),
        blur_sigma=u(0.3, 1.3),
    )


def _checker_zones(pos: Position, geom: BoardGeometry, white_home: str) -> list[str]:
    zones = set()
    for i in range(24):
        if pos.white[i] or pos.black[i]:
            col, _ = geom.point_cell(i, white_home)
            x = geom.column_x(col)
            zones.add(geom.zone_at(x, geom.play_height / 2, white_home))
    return sorted(zones)


def random_dice(
    rng: np.random.Generator,
    pos: Position,
    geom: BoardGeometry,
    white_home: str,
    n_dice: int | None = None,
    state_weights: tuple[float, float, float] = (0.62, 0.27, 0.11),
) -> tuple[DieSpec, ...]:
    """0-4 dice; by default 27% cocked, 11% on a checker (``state_weights`` for flat, cocked,
    on_checker), about 12% on the bar or outside the board."""
    if n_dice is None:
        n_dice = int(rng.choice([0, 1, 2, 3, 4], p=[0.05, 0.10, 0.67, 0.06, 0.12]))
    roll_zone = "white_right" if rng.random() < 0.5 else "black_right"
    on_zones = _checker_zones(pos, geom, white_home)
    dice = []
    for k in range(n_dice):
        value = int(rng.integers(1, 7))
        state = str(rng.choice(DIE_STATES, p=np.asarray(state_weights) / sum(state_weights)))
        other = "black_right" if roll_zone == "white_right" else "white_right"
        # The second pair of dice (3rd, 4th) usually lies in the other player's half.
        home = roll_zone if k < 2 else other
        r = rng.random()
        if state == "on_checker":
            zones = [z for z in on_zones if z != "bar"]
            if pos.bar_white + pos.bar_black and rng.random() < 0.08:
                zone = "bar"
            else:
                zone = home if home in zones else str(rng.choice(zones))
        elif r < 0.06:
            zone = "bar"
        elif r < 0.14:
            zone = "outside"
        elif r < 0.25:
            zone = other
        else:
            zone = home
        if state == "cocked" and zone == "bar":
            zone = home
        dice.append(DieSpec(value=value, state=state, zone=zone))
    return tuple(dice)


def random_hand(rng: np.random.Generator, geom: BoardGeometry) -> HandSpec:
    edge = str(rng.choice(["bottom", "top", "left", "right"], p=[0.4, 0.3, 0.15, 0.15]))
    tip = (rng.uniform(0.1, 0.9) * geom.play_width, rng.uniform(0.2, 0.8) * geom.play_height)
    sleeve: BGR | None = None  # bare arm
    if rng.random() >= 0.4:
        sb, sg, sr = (int(v) for v in rng.integers(20, 200, 3))
        sleeve = (sb, sg, sr)
    return HandSpec(
        tip_mm=(float(tip[0]), float(tip[1])),
        edge=edge,
        height_mm=float(rng.uniform(30, 120)),
        skin=SKIN_TONES[int(rng.integers(len(SKIN_TONES)))],
        sleeve=sleeve,
        angle_deg=float(rng.uniform(-25, 25)),
        spread=float(rng.uniform(0, 1)),
        motion_mm=(0.0, 0.0)
        if rng.random() < 0.5
        else (float(rng.normal(0, 12)), float(rng.normal(0, 12))),
    )


def random_scene(
    rng: np.random.Generator,
    *,
    style: str | None = None,
    white_home: str | None = None,
    markers: bool | None = None,
    position_kind: str | None = None,
    n_dice: int | None = None,
    hand_probability: float = 0.12,
    cube_probability: float = 0.9,
    die_state_weights: tuple[float, float, float] = (0.62, 0.27, 0.11),
    size: tuple[int, int] = (1280, 960),
) -> SceneSpec:
    """A random, valid scene. Any keyword fixes that aspect instead of drawing it;
    ``die_state_weights`` weighs flat, cocked and on_checker dice (e.g. (0, 1, 0): all cocked).
    """
    if style is None:
        style = str(rng.choice(sorted(STYLES)))
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; known: {sorted(STYLES)}")
    if white_home is None:
        white_home = str(rng.choice(WHITE_HOMES))
    if markers is None:
        markers = bool(rng.random() < 0.5)
    geom = random_geometry(rng, style)
    pos = random_position(rng, position_kind)
    dice = random_dice(rng, pos, geom, white_home, n_dice, die_state_weights)
    cube = None
    if rng.random() < cube_probability:
        loc = str(rng.choice(["centre", "white", "black"], p=[0.6, 0.2, 0.2]))
        value = 64 if loc == "centre" else int(rng.choice(CUBE_VALUES))
        cube = CubeSpec(value=value, location=loc)
    return SceneSpec(
        style=style,
        white_home=white_home,
        position=pos,
        geometry=geom,
        dice=dice,
        cube=cube,
        camera=_fit_camera(rng, geom, size, markers),
        lighting=random_lighting(rng),
        hand=random_hand(rng, geom) if rng.random() < hand_probability else None,
        markers=markers,
        stack_mode="pyramid" if rng.random() < 0.6 else "overlap",
        checker_pair=int(rng.integers(len(STYLES[style].checkers))),
        table=str(rng.choice(sorted(TABLES))),
        size=size,
    )
