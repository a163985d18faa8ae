"""Render a SceneSpec into a photo-like BGR image and its DATASET.md labels.

Pipeline: table + board sides -> board top (procedural texture, warped by the camera
homography) -> soft shadows -> checkers, dice and cube drawn as 3D solids (painter's order) ->
optional hand (``vision.synth.hand``) -> light gradient, vignetting, white balance -> lens
distortion -> blur -> noise.

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
from dataclasses import dataclass

import cv2
import numpy as np

from .camera import Camera
from .canvas import _SHIFT, PAD, Prepared, _i, _Light
from .hand import draw_hand, hand_occlusion
from .layout import BoxPlace, CheckerPlace, Layout, layout_scene
from .spec import HandSpec, SceneSpec
from .styles import STYLES, TABLES
from .textures import board_texture, checker_texture, cube_face, die_face, table_image

# Local face axes of a box: (normal, u, v) with u x v = -normal, v pointing down on side faces.
_FACES = (
    ((0, 0, -1), (1, 0, 0), (0, 1, 0)),  # top
    ((0, 0, 1), (0, 1, 0), (1, 0, 0)),  # bottom
    ((1, 0, 0), (0, -1, 0), (0, 0, 1)),  # +x
    ((-1, 0, 0), (0, 1, 0), (0, 0, 1)),  # -x
    ((0, 1, 0), (1, 0, 0), (0, 0, 1)),  # +y
    ((0, -1, 0), (-1, 0, 0), (0, 0, 1)),  # -y
)


def _light(spec: SceneSpec) -> _Light:
    lt = spec.lighting
    a, e = np.radians(lt.azimuth_deg), np.radians(lt.elevation_deg)
    d = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), -np.sin(e)])
    g = spec.geometry
    lamp = np.array([g.play_width / 2, g.play_height / 2, 0.0]) + d * 1400.0
    return _Light(d, lt.ambient, lamp, lt.glare)


def _blit(canvas: np.ndarray, tex: np.ndarray, quad: np.ndarray, shade: float = 1.0):
    """Warp BGRA ``tex`` onto ``quad`` (4x2 canvas px, texture corner order). Returns
    (x0, y0, alpha ROI) or None when off-canvas."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 1 or y1 - y0 < 1:
        return None
    th, tw = tex.shape[:2]
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    warped = cv2.warpPerspective(
        tex,
        m,
        (x1 - x0, y1 - y0),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0, 0),
    )
    a = warped[..., 3:4].astype(np.float32) * (1 / 255)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = (roi * (1 - a) + warped[..., :3] * (a * shade)).clip(0, 255).astype(np.uint8)
    return x0, y0, a


def _add_glare(canvas, x0, y0, alpha, uv, sigma, strength) -> None:
    if strength <= 0.01:
        return
    h, w = alpha.shape[:2]
    ys, xs = np.ogrid[y0 : y0 + h, x0 : x0 + w]
    blob = np.exp(-((xs - uv[0]) ** 2 + (ys - uv[1]) ** 2) / (2 * sigma**2)).astype(np.float32)
    add = blob[..., None] * alpha * (255 * strength)
    roi = canvas[y0 : y0 + h, x0 : x0 + w]
    roi[:] = (roi + add).clip(0, 255).astype(np.uint8)


def _mirror_point(cam: Camera, lamp: np.ndarray, z: float) -> np.ndarray:
    """Where the lamp's mirror reflection appears on the plane at height ``z``."""
    mirrored = lamp.copy()
    mirrored[2] = 2 * z - lamp[2]
    c = cam.C
    s = (z - c[2]) / (mirrored[2] - c[2])
    return c + s * (mirrored - c)


class _Painter:
    def __init__(self, spec: SceneSpec, cam: Camera, light: _Light, rng: np.random.Generator):
        self.spec, self.cam, self.light = spec, cam, light
        st = STYLES[spec.style]
        g = spec.geometry
        self.g = g
        px_per_mm = cam.focal / spec.camera.distance_mm
        n = int(np.clip(2.2 * g.checker_diameter * px_per_mm, 48, 160))
        lxy = light.direction[:2] / (np.linalg.norm(light.direction[:2]) + 1e-9)
        pair = st.checkers[spec.checker_pair]

        def finish_of(bgr) -> str:
            b, g_, r_ = bgr
            gold = r_ > 180 and g_ > 110 and b < 90
            return (
                "metal" if gold and st.checker_finish in ("glossy", "pearl") else st.checker_finish
            )

        self.checker_tex = {
            colour: [checker_texture(rng, pair[k], finish_of(pair[k]), lxy, n) for _ in range(3)]
            for k, colour in enumerate(("white", "black"))
        }
        self.side_colour = {
            colour: np.asarray(pair[k], np.float32) * 0.78
            for k, colour in enumerate(("white", "black"))
        }
        self.finish = st.checker_finish
        fs = int(np.clip(2.5 * g.die_size * px_per_mm, 32, 96))
        body, pip = st.dice[int(rng.integers(len(st.dice)))]
        self.die_body = np.asarray(body, np.float32)
        self.die_faces = {v: die_face(v, body, pip, fs) for v in range(1, 7)}
        cbody, ink = st.cube
        self.cube_body = np.asarray(cbody, np.float32)
        cf = int(np.clip(2.5 * g.cube_size * px_per_mm, 48, 128))
        self.cube_faces = {v: cube_face(v, cbody, ink, cf) for v in (2, 4, 8, 16, 32, 64)}
        self.rng = rng

    # -- checkers --------------------------------------------------------------------------
    def checker(self, canvas: np.ndarray, c: CheckerPlace) -> None:
        g, cam = self.g, self.cam
        if c.on_edge:
            self._slab(canvas, c)
            return
        r, t = g.checker_radius, g.checker_thickness
        ang = np.linspace(0, 2 * np.pi, 37)[:-1]
        ring = np.stack([np.cos(ang), np.sin(ang)], axis=1)
        top3 = np.column_stack(
            [c.x + ring[:, 0] * r, c.y + ring[:, 1] * r, np.full(len(ang), c.z - t)]
        )
        bot3 = top3.copy()
        bot3[:, 2] = c.z
        ptop, pbot = cam.project_pinhole(top3), cam.project_pinhole(bot3)
        side = self.side_colour[c.colour]
        hull = cv2.convexHull(np.vstack([ptop, pbot]).astype(np.float32))[:, 0]
        cv2.fillPoly(canvas, [_i(hull)], (side * 0.6).tolist(), cv2.LINE_AA, _SHIFT)
        mids = (top3 + bot3) / 2
        normals = np.column_stack([ring, np.zeros(len(ang))])
        view = cam.C - mids
        vis = (normals * view).sum(axis=1) > 0
        for i in np.nonzero(vis)[0]:
            j = (i + 1) % len(ang)
            nrm = (normals[i] + normals[j]) / 2
            quad = np.array([pbot[i], pbot[j], ptop[j], ptop[i]])
            shade = self.light.shade(nrm) * 0.95
            cv2.fillPoly(canvas, [_i(quad)], (side * shade).tolist(), cv2.LINE_8, _SHIFT)
        corners = np.array(
            [[c.x - r, c.y - r], [c.x + r, c.y - r], [c.x + r, c.y + r], [c.x - r, c.y + r]]
        )
        quad = cam.project_pinhole(np.column_stack([corners, np.full(4, c.z - t)]))
        texs = self.checker_tex[c.colour]
        tex = texs[int(self.rng.integers(len(texs)))]
        top_shade = self.light.shade(np.array([0, 0, -1.0]))
        res = _blit(canvas, tex, quad, top_shade)
        if res is None:
            return
        x0, y0, a = res
        gp = _mirror_point(cam, self.light.lamp, c.z - t)
        dxy = gp[:2] - [c.x, c.y]
        dist = float(np.hypot(*dxy))
        strength = self.light.glare * np.exp(-((dist / (5 * r)) ** 2))
        strength *= {"glossy": 0.55, "pearl": 0.45, "matte": 0.15, "flat": 0.1}[self.finish]
        spot = np.array([c.x, c.y]) + (dxy / max(dist, 1e-6)) * min(dist, 0.5 * r)
        uv = cam.project_pinhole([[spot[0], spot[1], c.z - t]])[0]
        sigma = 0.3 * r * cam.focal / self.spec.camera.distance_mm
        _add_glare(canvas, x0, y0, a, uv, sigma, float(strength) + 0.03)

    def _slab(self, canvas: np.ndarray, c: CheckerPlace) -> None:
        """A borne-off checker standing on edge in a tray, seen as a thin box."""
        g = self.g
        d, t = g.checker_diameter, g.checker_thickness
        width = min(d, (g.tray_width or d) - 4)
        hgt = d * 0.55
        centre = np.array([c.x, c.y, c.z - hgt / 2])
        col = self.side_colour[c.colour] / 0.78
        self._box(
            canvas,
            centre,
            np.eye(3),
            np.array([width, t * 0.95, hgt]) / 2,
            [col * 0.85, col * 0.7, col * 0.9, col * 0.9, col, col],
            col * 0.5,
        )

    # -- boxes -------------------------------------------------------------------------------
    def _box(self, canvas, centre, rot, half, faces, edge_colour) -> None:
        """Draw a box; ``faces`` are BGRA textures or BGR colours in _FACES order."""
        cam = self.cam
        signs = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)])
        verts = centre + (signs * half) @ rot.T
        pv = cam.project_pinhole(verts)
        hull = cv2.convexHull(pv.astype(np.float32))[:, 0]
        cv2.fillPoly(
            canvas, [_i(hull)], np.asarray(edge_colour, float).tolist(), cv2.LINE_AA, _SHIFT
        )
        for (n, u, v), face in zip(_FACES, faces, strict=True):
            nw = rot @ (np.asarray(n, float))
            fc = centre + nw * float(np.abs(np.asarray(n) * half).sum())
            if nw @ (cam.C - fc) <= 0:
                continue
            uw = rot @ (np.asarray(u, float) * half)
            vw = rot @ (np.asarray(v, float) * half)
            quad3 = np.array([fc - uw - vw, fc + uw - vw, fc + uw + vw, fc - uw + vw])
            quad = cam.project_pinhole(quad3)
            shade = self.light.shade(nw)
            if isinstance(face, np.ndarray) and face.ndim == 3:
                _blit(canvas, face, quad, shade)
            else:
                cv2.fillPoly(
                    canvas, [_i(quad)], (np.asarray(face) * shade).tolist(), cv2.LINE_AA, _SHIFT
                )

    def _contact_shadow(self, canvas: np.ndarray, b: BoxPlace, z: float) -> None:
        d = self.light.direction
        v = b.vertices()
        s = (z - v[:, 2]) / max(-d[2], 0.2)
        cast = v + np.outer(s, d)
        cast[:, 2] = z
        uv = self.cam.project_pinhole(cast)
        hh, ww = canvas.shape[:2]
        pad = int(b.size * self.cam.focal / self.spec.camera.distance_mm * 0.4) + 3
        x0, y0 = np.floor(uv.min(axis=0)).astype(int) - pad
        x1, y1 = np.ceil(uv.max(axis=0)).astype(int) + pad
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, ww), min(y1, hh)
        if x1 - x0 < 2 or y1 - y0 < 2:
            return
        m = np.zeros((y1 - y0, x1 - x0), np.uint8)
        hull = cv2.convexHull((uv - [x0, y0]).astype(np.float32))[:, 0]
        cv2.fillPoly(m, [_i(hull)], 255, cv2.LINE_AA, _SHIFT)
        m = cv2.GaussianBlur(m.astype(np.float32) / 255, (0, 0), max(1.0, pad / 3))
        k = 1 - self.spec.lighting.shadow * 0.8 * m[..., None]
        roi = canvas[y0:y1, x0:x1]
        roi[:] = (roi * k).astype(np.uint8)

    def die(self, canvas: np.ndarray, b: BoxPlace) -> None:
        faces_src = self.cube_faces if b.is_cube else self.die_faces
        body = self.cube_body if b.is_cube else self.die_body
        faces = []
        for k, value in enumerate(b.faces):
            tex = faces_src[value]
            if not b.is_cube or k > 0:
                tex = np.rot90(tex, int(self.rng.integers(4))).copy()
            faces.append(tex)
        half = np.full(3, b.size / 2)
        resting = float(b.vertices()[:, 2].max())
        if resting < -0.5:
            # Raised (on a checker, the bar or the frame): the board shadow pass did not see
            # what the die rests on, so cast a soft contact shadow here.
            self._contact_shadow(canvas, b, resting)
        self._box(canvas, b.centre, b.rot, half, faces, body * 0.62)
        # Glossy top: small highlight near the lamp's mirror point.
        top_n = b.rot @ np.array([0, 0, -1.0])
        top_c = b.centre + top_n * b.size / 2
        gp = _mirror_point(self.cam, self.light.lamp, float(top_c[2]))
        dist = float(np.hypot(*(gp[:2] - top_c[:2])))
        strength = 0.12 * self.light.glare * np.exp(-((dist / (8 * b.size)) ** 2))
        if strength > 0.02 and top_n[2] < -0.5:
            uv = self.cam.project_pinhole([top_c])[0]
            sz = b.size * self.cam.focal / self.spec.camera.distance_mm
            r = int(sz) + 2
            x0, y0 = int(uv[0]) - r, int(uv[1]) - r
            hh, ww = canvas.shape[:2]
            if 0 <= x0 and 0 <= y0 and x0 + 2 * r < ww and y0 + 2 * r < hh:
                alpha = np.zeros((2 * r, 2 * r, 1), np.float32)
                poly = self.cam.project_pinhole(b.vertices())
                hull = cv2.convexHull((poly - [x0, y0]).astype(np.float32))[:, 0]
                m = np.zeros((2 * r, 2 * r), np.uint8)
                cv2.fillPoly(m, [_i(hull)], 255, cv2.LINE_AA, _SHIFT)
                alpha[..., 0] = m / 255.0
                _add_glare(canvas, x0, y0, alpha, uv, sz * 0.7, float(strength))


# --- table clutter -------------------------------------------------------------------------


@dataclass
class _Clutter:
    """A decorative object on the table (never labelled): a card, a phone or a cup."""

    kind: str  # card | phone | cup
    centre: np.ndarray  # bottom centre (x, y, z)
    size: np.ndarray  # (dx, dy, height) for boxes; (radius, radius, height) for cups
    yaw: float
    colour: np.ndarray
    text: str = ""

    def top_centre(self) -> np.ndarray:
        return self.centre - np.array([0, 0, self.size[2]])

    def outline(self) -> np.ndarray:
        """(N, 3) points of the object's top and bottom outlines (world mm)."""
        if self.kind == "cup":
            ang = np.linspace(0, 2 * np.pi, 24, endpoint=False)
            ring = np.column_stack([np.cos(ang), np.sin(ang), np.zeros(24)]) * self.size[0]
        else:
            ring = np.array([[x, y, 0] for x, y in ((-1, -1), (1, -1), (1, 1), (-1, 1))], float)
            ring = ring * [self.size[0] / 2, self.size[1] / 2, 0] @ _rz3(self.yaw).T
        return np.vstack([self.centre + ring, self.top_centre() + ring])


def _rz3(a: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


def _make_clutter(spec: SceneSpec, lay: Layout, rng: np.random.Generator) -> list[_Clutter]:
    g = spec.geometry
    n = int(rng.choice([0, 1, 2, 3], p=[0.35, 0.35, 0.2, 0.1]))
    x0, y0, x1, y1 = g.outer_rect()
    keep_clear = [b.centre[:2] for b in lay.dice] + [
        np.array([c.x, c.y]) for c in lay.checkers if c.where == "off"
    ]
    out: list[_Clutter] = []
    for _ in range(n * 6):
        if len(out) >= n:
            break
        kind = str(rng.choice(["card", "phone", "cup"]))
        side = int(rng.integers(4))
        gap = rng.uniform(25, 160)
        if side == 0:
            x, y = rng.uniform(x0, x1), y0 - gap
        elif side == 1:
            x, y = rng.uniform(x0, x1), y1 + gap
        elif side == 2:
            x, y = x0 - gap, rng.uniform(y0, y1)
        else:
            x, y = x1 + gap, rng.uniform(y0, y1)
        if any(np.hypot(x - p[0], y - p[1]) < 110 for p in keep_clear):
            continue
        if any(np.hypot(x - c.centre[0], y - c.centre[1]) < 130 for c in out):
            continue
        if kind == "card":
            size = np.array([rng.uniform(70, 95), rng.uniform(95, 125), 3.0])
            colour = np.array([235.0, 238, 240])
            text = str(int(rng.integers(0, 16)))
        elif kind == "phone":
            size = np.array([rng.uniform(65, 80), rng.uniform(130, 160), 9.0])
            colour = np.array([30.0, 30, 34]) + rng.uniform(0, 40)
            text = ""
        else:
            r = rng.uniform(28, 42)
            size = np.array([r, r, rng.uniform(70, 120)])
            colour = rng.uniform(30, 220, 3)
            text = ""
        centre = np.array([x, y, g.board_thickness])
        out.append(_Clutter(kind, centre, size, float(rng.uniform(0, np.pi)), colour, text))
    return out


def _draw_clutter(painter: _Painter, canvas: np.ndarray, c: _Clutter) -> None:
    cam, light = painter.cam, painter.light
    if c.kind == "cup":
        pts = c.outline()
        p = cam.project_pinhole(pts)
        hull = cv2.convexHull(p.astype(np.float32))[:, 0]
        cv2.fillPoly(canvas, [_i(hull)], (c.colour * 0.7).tolist(), cv2.LINE_AA, _SHIFT)
        top = p[len(p) // 2 :]
        cv2.fillPoly(
            canvas,
            [_i(top)],
            (c.colour * light.shade(np.array([0, 0, -1.0]))).tolist(),
            cv2.LINE_AA,
            _SHIFT,
        )
        inner = c.top_centre() + (pts[len(pts) // 2 :] - c.top_centre()) * 0.86
        cv2.fillPoly(
            canvas,
            [_i(cam.project_pinhole(inner))],
            (c.colour * 0.25).tolist(),
            cv2.LINE_AA,
            _SHIFT,
        )
        return
    half = c.size / 2
    centre = c.centre - np.array([0, 0, half[2]])
    face_tex = None
    if c.kind == "card":
        tex = np.zeros((120, 90, 4), np.uint8)
        tex[..., :3] = c.colour.astype(np.uint8)
        tex[..., 3] = 255
        cv2.putText(
            tex,
            c.text,
            (10 if len(c.text) > 1 else 25, 85),
            cv2.FONT_HERSHEY_DUPLEX,
            2.2,
            (20, 20, 20),
            5,
            cv2.LINE_AA,
        )
        face_tex = tex
    elif c.kind == "phone":
        tex = np.zeros((150, 75, 4), np.uint8)
        tex[..., :3] = c.colour.astype(np.uint8)
        tex[..., 3] = 255
        cv2.rectangle(tex, (6, 12), (68, 136), (70, 55, 45), -1)
        face_tex = tex
    col = c.colour
    faces = [
        face_tex if face_tex is not None else col,
        col * 0.6,
        col * 0.8,
        col * 0.8,
        col * 0.7,
        col * 0.7,
    ]
    painter._box(canvas, centre, _rz3(c.yaw), half, faces, col * 0.5)


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


def _apply_shadows(canvas, cam: Camera, polys, strength: float, blur_mm: float) -> None:
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


def _frame_walls(canvas, cam: Camera, spec: SceneSpec, light: _Light) -> None:
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


def _board_sides(canvas, cam: Camera, spec: SceneSpec) -> None:
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


def make_labels(spec: SceneSpec, lay: Layout, cam: Camera) -> dict:
    """DATASET.md labels for the final (distorted, unpadded) image."""
    g = spec.geometry
    corners = cam.project([[x, y, 0.0] for x, y in g.play_corners()])
    board: dict[str, object] = {
        "corners": [[round(float(u), 1), round(float(v), 1)] for u, v in corners]
    }
    board.update(spec.position.label())
    board["white_home"] = spec.white_home
    w, h = spec.size
    dice = []
    for b in lay.dice:
        uv = cam.project(b.vertices())
        x0, y0 = np.floor(uv.min(axis=0))
        x1, y1 = np.ceil(uv.max(axis=0))
        box = [int(max(x0, 0)), int(max(y0, 0)), int(min(x1, w - 1)), int(min(y1, h - 1))]
        dice.append({"value": int(b.faces[0]), "bbox": box, "state": b.state, "zone": b.zone})
    labels: dict = {"board": board, "dice": dice}
    labels["cube"] = (
        {"value": spec.cube.value, "location": spec.cube.location} if spec.cube else None
    )
    cam_s = spec.camera
    labels["notes"] = (
        f"synthetic: style={spec.style} markers={'yes' if spec.markers else 'no'} "
        f"stack={spec.stack_mode} table={spec.table} distance={cam_s.distance_mm:.0f}mm "
        f"tilt={cam_s.tilt_deg:.1f}deg focal={cam_s.focal_px:.0f}px"
    )
    return labels


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


def compose(prep: Prepared, hand: HandSpec | None, rng: np.random.Generator):
    """Final (image, labels) of a prepared scene with an optional hand."""
    canvas = prep.canvas.copy()
    labels = prep.labels
    if hand is not None:
        mask = draw_hand(prep, canvas, hand)
        labels = hand_occlusion(prep, mask, labels)
    return finish(prep, canvas, rng), labels


def render(spec: SceneSpec, rng: np.random.Generator) -> tuple[np.ndarray, dict]:
    """Render ``spec``: (1280x960 BGR uint8 image, labels dict in the DATASET.md schema).

    The same spec and seed give the same image and labels."""
    layout_seed, noise_seed = (int(s) for s in rng.integers(0, 2**63 - 1, size=2))
    prep = prepare(spec, np.random.default_rng(layout_seed))
    return compose(prep, spec.hand, np.random.default_rng(noise_seed))
