"""Table clutter for the renderer: cards, phones and cups beside the board (never labelled).

They give the board finder and the dice finder the distractions a real table has; they cast
shadows (:func:`vision.synth.renderer`'s shadow pass) and are drawn by the painter.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .canvas import _SHIFT, _i
from .layout import Layout
from .painter import _Painter
from .spec import SceneSpec


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
        top: np.ndarray = self.centre - np.array([0, 0, self.size[2]])
        return top

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
