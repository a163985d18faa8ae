"""The renderer's painter: checkers, dice and the cube drawn as shaded 3D solids.

:class:`_Painter` holds a scene's camera, light and textures and draws each solid face by face
(``_blit`` warps a texture onto a projected face), with glare where the lamp's mirror image
falls on a glossy top. Used by :mod:`vision.synth.renderer` in painter's order.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from . import bleed
from .camera import Camera
from .canvas import _SHIFT, _i, _Light
from .layout import BoxPlace, CheckerPlace
from .piece_faces import checker_texture, cube_face, die_face, pip_geometry
from .spec import SceneSpec
from .styles import BGR, STYLES

# Local face axes of a box: (normal, u, v) with u x v = -normal, v pointing down on side faces.
_FACES = (
    ((0, 0, -1), (1, 0, 0), (0, 1, 0)),  # top
    ((0, 0, 1), (0, 1, 0), (1, 0, 0)),  # bottom
    ((1, 0, 0), (0, -1, 0), (0, 0, 1)),  # +x
    ((-1, 0, 0), (0, 1, 0), (0, 0, 1)),  # -x
    ((0, 1, 0), (1, 0, 0), (0, 0, 1)),  # +y
    ((0, -1, 0), (-1, 0, 0), (0, 0, 1)),  # -y
)


def _blit(
    canvas: np.ndarray, tex: np.ndarray, quad: np.ndarray, shade: float = 1.0
) -> tuple[int, int, np.ndarray] | None:
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


def _add_glare(
    canvas: np.ndarray,
    x0: int,
    y0: int,
    alpha: np.ndarray,
    uv: np.ndarray,
    sigma: float,
    strength: float,
) -> None:
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
    point: np.ndarray = c + s * (mirrored - c)
    return point


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

        def finish_of(bgr: BGR) -> str:
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
        # Real pips' size and spacing come from their own generator, spawned from the scene's
        # (spawning leaves ``rng``'s stream alone), so every other draw stays as it was.
        pip_r, spacing = pip_geometry(rng.spawn(1)[0]) if spec.real_pips else (0.16, 0.5)
        self.die_faces = {
            v: die_face(v, body, pip, fs, pip_r=pip_r, spacing=spacing) for v in range(1, 7)
        }
        cbody, ink = st.cube
        self.cube_body = np.asarray(cbody, np.float32)
        cf = int(np.clip(2.5 * g.cube_size * px_per_mm, 48, 128))
        self.cube_faces = {v: cube_face(v, cbody, ink, cf) for v in (2, 4, 8, 16, 32, 64)}
        self.rng = rng
        # The bleed look's draws come from their own generator, as the real pips' do.
        self.bleed_rng = rng.spawn(1)[0] if spec.bleed else None

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
    def _box(
        self,
        canvas: np.ndarray,
        centre: np.ndarray,
        rot: np.ndarray,
        half: np.ndarray,
        faces: Sequence[np.ndarray],
        edge_colour: np.ndarray,
    ) -> None:
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
        die_px = b.size * self.cam.focal / self.spec.camera.distance_mm
        look, under = None, None
        if self.bleed_rng is not None and not b.is_cube and bleed.is_light(body):
            look = bleed.BleedLook.draw(self.bleed_rng)
            hull = cv2.convexHull(self.cam.project_pinhole(b.vertices()).astype(np.float32))
            under = bleed.light_underneath(canvas, hull[:, 0].astype(np.float64), die_px)
            look = look if under is not None else None
        self._box(canvas, b.centre, b.rot, half, faces, body * (look.edge if look else 0.62))
        # Glossy top: small highlight near the lamp's mirror point.
        top_n = b.rot @ np.array([0, 0, -1.0])
        top_c = b.centre + top_n * b.size / 2
        gp = _mirror_point(self.cam, self.light.lamp, float(top_c[2]))
        dist = float(np.hypot(*(gp[:2] - top_c[:2])))
        strength = 0.12 * self.light.glare * np.exp(-((dist / (8 * b.size)) ** 2))
        if strength > 0.02 and top_n[2] < -0.5:
            uv = self.cam.project_pinhole([top_c])[0]
            r = int(die_px) + 2
            x0, y0 = int(uv[0]) - r, int(uv[1]) - r
            hh, ww = canvas.shape[:2]
            if 0 <= x0 and 0 <= y0 and x0 + 2 * r < ww and y0 + 2 * r < hh:
                alpha = np.zeros((2 * r, 2 * r, 1), np.float32)
                poly = self.cam.project_pinhole(b.vertices())
                hull = cv2.convexHull((poly - [x0, y0]).astype(np.float32))[:, 0]
                m = np.zeros((2 * r, 2 * r), np.uint8)
                cv2.fillPoly(m, [_i(hull)], 255, cv2.LINE_AA, _SHIFT)
                alpha[..., 0] = m / 255.0
                _add_glare(canvas, x0, y0, alpha, uv, die_px * 0.7, float(strength))
        if look is not None and under is not None:
            bleed.apply(canvas, under.before, under.x0, under.y0, under.hull, die_px, look)
