"""Render a SceneSpec into a photo-like BGR image and its DATASET.md labels.

Pipeline: table + board sides -> board top (procedural texture, warped by the camera
homography) -> soft shadows -> checkers, dice and cube drawn as 3D solids (painter's order) ->
optional hand (``vision.synth.hand``) -> light gradient, vignetting, white balance -> lens
distortion -> blur -> noise. The solids are drawn by ``vision.synth.painter``, the table's
clutter (cards, phones, cups) comes from ``vision.synth.clutter``.

Usage::

    >>> import numpy as np
    >>> from vision.synth import random_scene, render
    >>> rng = np.random.default_rng(7)
    >>> image, labels = render(random_scene(rng), rng)
    >>> image.shape, sorted(labels)[:2]
    ((960, 1280, 3), ['board', 'cube'])
"""

from __future__ import annotations

import zlib
from typing import Any

import cv2
import numpy as np

from .camera import Camera
from .canvas import _SHIFT, PAD, Prepared, _i, _Light
from .clutter import _Clutter, _draw_clutter, _make_clutter
from .hand import draw_hand, hand_occlusion
from .labels import make_labels as make_labels  # re-exported (vision.cocked_audit)
from .layout import BoxPlace, CheckerPlace, Layout, layout_scene
from .painter import _add_glare, _mirror_point, _Painter
from .spec import HandSpec, SceneSpec
from .styles import STYLES, TABLES
from .textures import board_texture, table_image


def _light(spec: SceneSpec) -> _Light:
    lt = spec.lighting
    a, e = np.radians(lt.azimuth_deg), np.radians(lt.elevation_deg)
    d = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), -np.sin(e)])
    g = spec.geometry
    lamp = np.array([g.play_width / 2, g.play_height / 2, 0.0]) + d * 1400.0
    return _Light(d, lt.ambient, lamp, lt.glare)


# --- scene assembly --------------------------------------------------------------------------


def _shadow_polys(
    spec: SceneSpec, lay: Layout, light: _Light, clutter: tuple[_Clutter, ...] = ()
) -> list[np.ndarray]:
    """World polygons (N, 3) on the receiving surface for every object's shadow."""
    g = spec.geometry
    d = light.direction
    sin_e = max(-d[2], 0.2)
    polys = []

    def cast(pts: np.ndarray, z_recv: float) -> np.ndarray:
        s = (z_recv - pts[:, 2]) / sin_e
        out = pts + np.outer(s, d)
        out[:, 2] = z_recv
        return out

    ang = np.linspace(0, 2 * np.pi, 20, endpoint=False)
    ring = np.stack([np.cos(ang), np.sin(ang)], 1) * g.checker_radius
    for c in lay.checkers:
        if c.on_edge:
            continue
        recv = 0.0 if c.where != "off" else g.board_thickness
        if c.z < -1e-6 and c.where != "off":
            recv = c.z + 0.0  # resting on a checker: shadow falls on the layer below
        top = np.column_stack(
            [c.x + ring[:, 0], c.y + ring[:, 1], np.full(len(ang), c.z - g.checker_thickness)]
        )
        base = top.copy()
        base[:, 2] = recv
        polys.append(np.vstack([base, cast(top, recv)]))
    for b in [*lay.dice, *([lay.cube] if lay.cube is not None else [])]:
        v = b.vertices()
        recv = float(v[:, 2].max())
        polys.append(cast(v, recv))
    for item in clutter:
        pts = item.outline()
        half = len(pts) // 2
        polys.append(np.vstack([pts[:half], cast(pts[half:], float(item.centre[2]))]))
    # Frame walls shade the playing surface on the side away from the light.
    fh = g.frame_height
    if fh > 0:
        w, h = g.play_width, g.play_height
        edges = [
            ((0, 0), (w, 0), (0, 1)),
            ((w, h), (0, h), (0, -1)),
            ((0, h), (0, 0), (1, 0)),
            ((w, 0), (w, h), (-1, 0)),
        ]
        for a, b2, inward in edges:
            shift = -d[:2] * fh / sin_e
            if shift @ np.asarray(inward, float) <= 0:
                continue
            p = np.array(
                [
                    [*a, 0.0],
                    [*b2, 0.0],
                    [b2[0] + shift[0], b2[1] + shift[1], 0.0],
                    [a[0] + shift[0], a[1] + shift[1], 0.0],
                ]
            )
            polys.append(p)
    return polys


def _board_drop_shadow(spec: SceneSpec, light: _Light) -> list[np.ndarray]:
    """The board's shadow on the table (drawn before the board top covers most of it)."""
    g, d = spec.geometry, light.direction
    x0, y0, x1, y1 = g.outer_rect()
    top = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], float)
    s = g.board_thickness / max(-d[2], 0.2)
    cast = top + np.outer(np.full(4, s), d)
    cast[:, 2] = g.board_thickness
    return [np.vstack([cast, top * [1, 1, 0] + [0, 0, g.board_thickness]])]


def _apply_shadows(
    canvas: np.ndarray, cam: Camera, polys: list[np.ndarray], strength: float, blur_mm: float
) -> None:
    h, w = canvas.shape[:2]
    f = 4
    mask = np.zeros((h // f + 1, w // f + 1), np.uint8)
    for p in polys:
        uv = cam.project_pinhole(p) / f
        hull = cv2.convexHull(uv.astype(np.float32))[:, 0]
        cv2.fillPoly(mask, [_i(hull)], 255, cv2.LINE_AA, _SHIFT)
    sigma = max(0.8, blur_mm * cam.focal / 700.0 / f)
    m = cv2.GaussianBlur(mask.astype(np.float32) * (1 / 255), (0, 0), sigma)
    keep = cv2.convertScaleAbs(m, alpha=-255.0 * strength, beta=255.0)
    keep = cv2.resize(keep, (w, h), interpolation=cv2.INTER_LINEAR)
    canvas[:] = cv2.multiply(canvas, cv2.merge([keep, keep, keep]), scale=1 / 255)


def _over(canvas: np.ndarray, rgb: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    a3 = cv2.merge([alpha, alpha, alpha])
    return cv2.add(
        cv2.multiply(canvas, cv2.bitwise_not(a3), scale=1 / 255),
        cv2.multiply(rgb, a3, scale=1 / 255),
    )


def _frame_walls(canvas: np.ndarray, cam: Camera, spec: SceneSpec, light: _Light) -> None:
    """Inner walls of the raised frame and bar around each sunken area, where visible."""
    g = spec.geometry
    fh = g.frame_height
    col = np.asarray(STYLES[spec.style].frame, float)
    holes = [g.half_rect("left"), g.half_rect("right")]
    holes += [t for t in (g.tray_rect("left"), g.tray_rect("right")) if t]
    for x0, y0, x1, y1 in holes:
        # (edge start, edge end, normal pointing into the hole)
        for a, b, n in (
            ((x0, y0), (x1, y0), (0, 1)),
            ((x1, y1), (x0, y1), (0, -1)),
            ((x0, y1), (x0, y0), (1, 0)),
            ((x1, y0), (x1, y1), (-1, 0)),
        ):
            nrm = np.array([n[0], n[1], 0.0])
            mid = np.array([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, -fh / 2])
            if nrm @ (cam.C - mid) <= 0:
                continue
            quad = np.array([[*a, 0.0], [*b, 0.0], [*b, -fh], [*a, -fh]])
            shade = light.shade(nrm) * 0.8
            cv2.fillPoly(
                canvas, [_i(cam.project_pinhole(quad))], (col * shade).tolist(), cv2.LINE_AA, _SHIFT
            )


def _board_sides(canvas: np.ndarray, cam: Camera, spec: SceneSpec) -> None:
    g = spec.geometry
    x0, y0, x1, y1 = g.outer_rect()
    t = g.board_thickness
    top = -g.frame_height
    pts = np.array([[x, y, z] for x in (x0, x1) for y in (y0, y1) for z in (top, t)])
    hull = cv2.convexHull(cam.project_pinhole(pts).astype(np.float32))[:, 0]
    col = np.asarray(STYLES[spec.style].frame, float) * 0.55
    cv2.fillPoly(canvas, [_i(hull)], col.tolist(), cv2.LINE_AA, _SHIFT)


def _board_seed(spec: SceneSpec) -> int:
    """A stable seed for everything that belongs to the board and table, not the scene."""
    key = repr((spec.style, spec.geometry, spec.white_home, spec.markers, spec.table, spec.size))
    return zlib.crc32(key.encode())


def prepare(spec: SceneSpec, rng: np.random.Generator) -> Prepared:
    """Lay out and draw the scene (no hand, no camera defects) and make its labels."""
    cam = spec.camera_model()
    pcam = cam.padded(PAD)
    light = _light(spec)
    lay = layout_scene(spec, rng)
    w, h = pcam.size
    colour, kind = TABLES[spec.table]
    # The table and the board top come from the board alone, not from the scene's layout
    # draws: the same board looks the same in every frame of a recording.
    fixed = np.random.default_rng(_board_seed(spec))
    canvas = table_image(fixed, (h, w), colour, kind)
    _apply_shadows(
        canvas,
        pcam,
        _board_drop_shadow(spec, light),
        spec.lighting.shadow * 0.8,
        blur_mm=float(rng.uniform(4.0, 12.0)),
    )
    _board_sides(canvas, pcam, spec)
    st = STYLES[spec.style]
    px_per_mm = cam.focal / spec.camera.distance_mm
    tex = board_texture(
        fixed,
        st,
        spec.geometry,
        spec.white_home,
        spec.markers,
        scale=float(np.clip(px_per_mm * 1.05, 1.0, 2.4)),
    )
    hmat = pcam.plane_homography(0.0) @ tex.px_to_mm()
    warped = cv2.warpPerspective(
        tex.rgba,
        hmat,
        (w, h),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0, 0),
    )
    board_mask = warped[..., 3]
    canvas = _over(canvas, warped[..., :3], board_mask)
    fh = spec.geometry.frame_height
    if fh > 0:
        # The frame and bar stand fh mm above the playing surface: draw their inner walls,
        # then the frame top on its own plane (parallax makes the walls visible).
        _frame_walls(canvas, pcam, spec, light)
        top = tex.rgba.copy()
        top[..., 3] = tex.frame_alpha
        hmat1 = pcam.plane_homography(-fh) @ tex.px_to_mm()
        warped1 = cv2.warpPerspective(
            top,
            hmat1,
            (w, h),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(0, 0, 0, 0),
        )
        canvas = _over(canvas, warped1[..., :3], warped1[..., 3])
        board_mask = np.maximum(board_mask, warped1[..., 3])
    # Lamp glare on a glossy board surface.
    if light.glare > 0.05 and st.surface_kind in ("leather", "wood"):
        gp = _mirror_point(pcam, light.lamp, 0.0)
        uv = pcam.project_pinhole([gp])[0]
        sigma = 120.0 * px_per_mm
        r = int(3 * sigma)
        x0, y0 = max(int(uv[0]) - r, 0), max(int(uv[1]) - r, 0)
        x1, y1 = min(int(uv[0]) + r, w), min(int(uv[1]) + r, h)
        if x1 > x0 and y1 > y0:
            a = board_mask[y0:y1, x0:x1, None].astype(np.float32) * (1 / 255)
            _add_glare(canvas, x0, y0, a, uv, sigma, 0.22 * light.glare)
    clutter = _make_clutter(spec, lay, rng)
    _apply_shadows(
        canvas,
        pcam,
        _shadow_polys(spec, lay, light, tuple(clutter)),
        spec.lighting.shadow,
        blur_mm=float(rng.uniform(2.0, 6.0)),
    )
    painter = _Painter(spec, pcam, light, rng)
    items: list[tuple[float, object]] = []
    t = spec.geometry.checker_thickness
    for c in lay.checkers:
        top = np.array([c.x, c.y, c.z - t])
        items.append((float(np.linalg.norm(top - pcam.C)), c))
    for b in [*lay.dice, *([lay.cube] if lay.cube is not None else [])]:
        top = b.centre.copy()
        top[2] = b.vertices()[:, 2].min()
        items.append((float(np.linalg.norm(top - pcam.C)), b))
    for item in clutter:
        items.append((float(np.linalg.norm(item.top_centre() - pcam.C)), item))
    items.sort(key=lambda it: -it[0])
    for _, obj in items:
        if isinstance(obj, _Clutter):
            _draw_clutter(painter, canvas, obj)
        elif isinstance(obj, CheckerPlace):
            painter.checker(canvas, obj)
        elif isinstance(obj, BoxPlace):
            painter.die(canvas, obj)
    labels = make_labels(spec, lay, cam)
    return Prepared(spec, lay, canvas, board_mask, pcam, light, labels)


# --- camera defects ------------------------------------------------------------------------


def finish(prep: Prepared, canvas: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Apply lighting falloff, white balance, lens distortion, blur, noise: final image."""
    spec = prep.spec
    lt = spec.lighting
    w, h = spec.size
    # Illumination map at low resolution.
    sw, sh = w // 8, h // 8
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xs = (xs - sw / 2) / (sw / 2)
    ys = (ys - sh / 2) / (sh / 2)
    ga = np.radians(lt.gradient_angle_deg)
    illum = 1 + lt.gradient * (np.cos(ga) * xs + np.sin(ga) * ys) * 0.5
    illum *= 1 - lt.vignette * ((xs**2 + ys**2) / 2) ** 1.2
    gains = np.asarray(lt.white_balance, np.float32) * lt.exposure
    illum3 = cv2.merge([illum.astype(np.float32) * float(g) for g in gains])
    illum3 = cv2.resize(illum3, (w, h), interpolation=cv2.INTER_LINEAR)
    cam = prep.cam
    unpadded = Camera(K=_unpad_k(cam.K), R=cam.R, C=cam.C, size=spec.size, k1=spec.camera.k1)
    mx, my = unpadded.distortion_maps(PAD)
    img = cv2.remap(canvas, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    img = cv2.multiply(img.astype(np.float32), illum3)
    if lt.blur_sigma > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), lt.blur_sigma)
    # Luminance noise at full resolution plus coarser chroma noise, like a small sensor.
    luma = rng.standard_normal((h, w), dtype=np.float32) * np.float32(lt.noise_sigma)
    chroma = rng.standard_normal((h // 2, w // 2, 3), dtype=np.float32)
    chroma = cv2.resize(chroma, (w, h)) * np.float32(lt.noise_sigma * 0.6)
    img = cv2.add(img, cv2.merge([luma, luma, luma]))
    img = cv2.add(img, chroma)
    return cv2.convertScaleAbs(img)


def _unpad_k(k: np.ndarray) -> np.ndarray:
    out = k.copy()
    out[0, 2] -= PAD
    out[1, 2] -= PAD
    return out


def compose(
    prep: Prepared, hand: HandSpec | None, rng: np.random.Generator
) -> tuple[np.ndarray, dict[str, Any]]:
    """Final (image, labels) of a prepared scene with an optional hand."""
    canvas = prep.canvas.copy()
    labels = prep.labels
    if hand is not None:
        mask = draw_hand(prep, canvas, hand)
        labels = hand_occlusion(prep, mask, labels)
    return finish(prep, canvas, rng), labels


def render(spec: SceneSpec, rng: np.random.Generator) -> tuple[np.ndarray, dict[str, Any]]:
    """Render ``spec``: (1280x960 BGR uint8 image, labels dict in the DATASET.md schema).

    The same spec and seed give the same image and labels."""
    layout_seed, noise_seed = _seeds(rng)
    prep = prepare(spec, np.random.default_rng(layout_seed))
    return compose(prep, spec.hand, np.random.default_rng(noise_seed))


def layout_of(spec: SceneSpec, rng: np.random.Generator) -> Layout:
    """The layout ``render(spec, rng)`` draws, by the same draws, without drawing anything
    (about 20 ms a scene)."""
    layout_seed, _ = _seeds(rng)
    return layout_scene(spec, np.random.default_rng(layout_seed))


def _seeds(rng: np.random.Generator) -> tuple[int, int]:
    """The layout's and the camera noise's seeds, the first draws ``render`` makes."""
    layout_seed, noise_seed = (int(s) for s in rng.integers(0, 2**63 - 1, size=2))
    return layout_seed, noise_seed
