"""The pieces' faces: checker tops (rim bevel, groove, marbling, emblem), dice and cube faces.

All return uint8 BGRA arrays, transparent outside the piece.

Usage::

    >>> face = die_face(5, (235, 235, 235), (20, 20, 20))
    >>> face.shape, int(face[32, 32, 0]) < 60  # the middle pip of a 5
    ((64, 64, 4), True)
"""

from __future__ import annotations

import cv2
import numpy as np

from .styles import BGR
from .textures import smooth_noise

PIP_LAYOUT = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def checker_texture(
    rng: np.random.Generator, colour: BGR, finish: str, light_xy: np.ndarray, size: int = 128
) -> np.ndarray:
    """Top of a checker, BGRA ``size`` x ``size``: rim bevel lit from ``light_xy`` (unit 2-vector
    toward the light, image axes), concentric groove, marbling for pearl finish."""
    c = (np.arange(size, dtype=np.float32) + 0.5) / size * 2 - 1
    xx, yy = np.meshgrid(c, c)
    r = np.sqrt(xx**2 + yy**2) + 1e-6
    col = np.asarray(colour, np.float32)
    shade = np.ones((size, size), np.float32)
    if finish == "metal":
        # Polished metal (gold checkers): strong concentric reflections and an engraved centre.
        wob = smooth_noise(rng, (size, size), 20) * 0.6
        bands = 0.5 + 0.5 * np.cos(r * rng.uniform(9, 14) + wob * 3)
        facing = (xx * light_xy[0] + yy * light_xy[1]) / r
        shade *= 0.62 + 0.5 * bands + 0.18 * facing * r
        emblem = np.exp(-(((r - 0.3) / 0.05) ** 2)) * (0.5 + 0.5 * np.sin(np.arctan2(yy, xx) * 3))
        shade *= 1 - 0.3 * emblem
    elif finish == "pearl":
        marble = (
            smooth_noise(rng, (size, size), 18) * 0.6 + smooth_noise(rng, (size, size), 6) * 0.4
        )
        shade *= 0.9 + 0.18 * marble
    else:
        shade *= 0.97 + 0.05 * smooth_noise(rng, (size, size), 30)
    if finish not in ("flat",):
        facing = (xx * light_xy[0] + yy * light_xy[1]) / r
        rim = ((r > 0.84) & (r <= 1.0)).astype(np.float32)
        shade *= 1 + rim * (0.22 * facing + 0.04)
        groove = np.exp(-(((r - 0.84) / 0.025) ** 2))
        shade *= 1 - 0.25 * groove
        ring2 = np.exp(-(((r - 0.55) / 0.02) ** 2))
        shade *= 1 - 0.08 * ring2 * float(rng.random() < 0.6)
        shade *= 1 - 0.06 * r**2  # slight dish
    else:
        shade *= 1 - 0.04 * r**2
    if finish in ("glossy", "pearl") and rng.random() < 0.5:
        shade *= _emblem(rng, size, light_xy)
    rgb = (col[None, None, :] * shade[..., None]).clip(0, 255)
    alpha = np.clip((1 - r) * size / 2 + 0.5, 0, 1)
    out = np.empty((size, size, 4), np.uint8)
    out[..., :3] = rgb.astype(np.uint8)
    out[..., 3] = (alpha * 255).astype(np.uint8)
    return out


def _emblem(rng: np.random.Generator, size: int, light_xy: np.ndarray) -> np.ndarray:
    """Brightness factor of an engraved maker's emblem in the middle of a checker: a ring and
    a glyph, darker in the cut and lit on the edge facing the light (embossed look)."""
    m = np.zeros((size, size), np.uint8)
    c = size // 2
    th = max(1, size // 48)
    cv2.circle(m, (c, c), int(size * rng.uniform(0.16, 0.22)), 255, th, cv2.LINE_AA)
    glyph = str(rng.choice(["F", "M", "B", "G", "*", "+"]))
    fs = size / 90
    (tw, tht), _ = cv2.getTextSize(glyph, cv2.FONT_HERSHEY_SIMPLEX, fs, th)
    cv2.putText(
        m, glyph, (c - tw // 2, c + tht // 2), cv2.FONT_HERSHEY_SIMPLEX, fs, 255, th, cv2.LINE_AA
    )
    cut = m.astype(np.float32) / 255
    dx, dy = int(round(light_xy[0])), int(round(light_xy[1]))
    lit = np.roll(cut, (dy, dx), axis=(0, 1))
    return (1 - 0.2 * cut + 0.12 * np.clip(lit - cut, 0, 1)).astype(np.float32)


def pip_geometry(rng: np.random.Generator) -> tuple[float, float]:
    """A dice set's pip radius and spacing, in a face's [-1, 1] coordinates (half die sides).

    Real dice have pips of radius 0.083-0.115 die sides, 0.20-0.29 die sides apart; the old
    renders drew 0.08 and 0.25 (``pip_r=0.16, spacing=0.5``). The draw covers both, and keeps
    a 6's neighbouring pips apart (radius at most 0.44 of the spacing).

        >>> r, s = pip_geometry(np.random.default_rng(0))
        >>> 0.4 <= s <= 0.58 and 0.15 <= r <= 0.44 * s
        True
    """
    spacing = float(rng.uniform(0.4, 0.58))
    pip_r = float(rng.uniform(0.15, min(0.24, 0.44 * spacing)))
    return pip_r, spacing


def die_face(
    value: int,
    body: BGR,
    pip: BGR,
    size: int = 64,
    corner: float = 0.16,
    pip_r: float = 0.16,
    spacing: float = 0.5,
) -> np.ndarray:
    """One die face, BGRA, with rounded corners (transparent) and darkened edges; pips of
    radius ``pip_r`` at ``spacing`` from the middle (face coordinates, [-1, 1])."""
    c = (np.arange(size, dtype=np.float32) + 0.5) / size * 2 - 1
    xx, yy = np.meshgrid(c, c)
    # Rounded-square distance: 0 inside the flat part, grows toward the rounded border.
    q = np.maximum(np.abs(np.stack([xx, yy])) - (1 - corner), 0)
    d = np.sqrt((q**2).sum(axis=0)) / corner
    alpha = np.clip((1 - d) * corner * size / 2 + 0.5, 0, 1)
    edge = np.clip(np.maximum(np.abs(xx), np.abs(yy)) - 0.8, 0, 1) / 0.2
    shade = 1 - 0.22 * edge**2
    img = np.asarray(body, np.float32)[None, None, :] * shade[..., None]
    img = img.astype(np.float32)
    pipcol = np.asarray(pip, np.float32)
    for px_, py_ in PIP_LAYOUT[value]:
        dx, dy = xx - px_ * spacing, yy - py_ * spacing
        rr = np.sqrt(dx**2 + dy**2)
        a = np.clip((pip_r - rr) * size / 2 + 0.5, 0, 1)[..., None]
        # Pips are drilled: a little darker toward the lit rim.
        inner = 1 - 0.25 * np.clip(rr / pip_r, 0, 1)[..., None]
        img = img * (1 - a) + pipcol * inner * a
    out = np.empty((size, size, 4), np.uint8)
    out[..., :3] = img.clip(0, 255).astype(np.uint8)
    out[..., 3] = (alpha * 255).astype(np.uint8)
    return out


def cube_face(value: int, body: BGR, ink: BGR, size: int = 96) -> np.ndarray:
    """A doubling-cube face with its number, BGRA."""
    face = die_face(1, body, body, size, corner=0.12)
    text = str(value)
    font = cv2.FONT_HERSHEY_DUPLEX
    thick = max(2, size // 24)
    scale = 1.0
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    scale = min(size * 0.62 / tw, size * 0.5 / th)
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    rgb = np.ascontiguousarray(face[..., :3])
    cv2.putText(
        rgb, text, ((size - tw) // 2, (size + th) // 2), font, scale, ink, thick, cv2.LINE_AA
    )
    face[..., :3] = rgb
    return face
