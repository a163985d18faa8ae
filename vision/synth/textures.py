"""Procedural textures: wood, felt, leather, paper, the board plane and the table.

The pieces' own faces (checker tops, dice and cube faces) are in :mod:`.piece_faces`.

All functions take a numpy Generator and return uint8 BGR (or BGRA) arrays.

Usage::

    >>> import numpy as np
    >>> t = material(np.random.default_rng(0), (64, 96), (40, 80, 120), "wood")
    >>> t.shape, t.dtype.name
    ((64, 96, 3), 'uint8')
"""

from __future__ import annotations

import cv2
import numpy as np

from .geometry import BoardGeometry
from .styles import BGR, BoardStyle


def smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cell: float) -> np.ndarray:
    """Value noise in [0, 1] varying over about ``cell`` pixels (float32)."""
    h, w = shape
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    small = rng.random((gh, gw), dtype=np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def _tint(gray: np.ndarray, colour: BGR) -> np.ndarray:
    chans = [cv2.convertScaleAbs(gray, alpha=float(c)) for c in colour]
    return cv2.merge(chans)


def _modulation(
    rng: np.random.Generator, shape: tuple[int, int], kind: str, coarse: int = 2
) -> np.ndarray:
    """Brightness field around 1.0 (float32) giving a material its look; computed at half
    size (the camera sees these textures at about half the texture resolution)."""
    h, w = shape
    hh, hw = max(2, h // coarse), max(2, w // coarse)
    if kind == "wood":
        # Straight grain: many thin lines of random phase, gently bent by low-frequency noise.
        warp = smooth_noise(rng, (hh, hw), 160) * 3.0 + smooth_noise(rng, (hh, hw), 40) * 0.4
        ys = np.arange(hh, dtype=np.float32)[:, None] / np.float32(rng.uniform(0.8, 1.6))
        lines = cv2.resize(rng.random((hh, max(2, hw // 60)), dtype=np.float32), (hw, hh))
        grain = 0.5 + 0.5 * np.sin(ys + warp * 6.0 + lines * 2.0)
        streak = cv2.resize(rng.random((hh, max(2, hw // 30)), dtype=np.float32), (hw, hh))
        band = smooth_noise(rng, (hh, hw), 60)
        g = 0.82 + 0.07 * grain**3 + 0.08 * streak + 0.10 * band
    elif kind in ("felt", "cloth"):
        fine: np.ndarray = rng.standard_normal((hh, hw), dtype=np.float32)
        g = 0.95 + 0.035 * fine + 0.08 * smooth_noise(rng, (hh, hw), 45)
    elif kind == "leather":
        fine = cv2.GaussianBlur(rng.standard_normal((hh, hw), dtype=np.float32), (0, 0), 0.8)
        g = 0.96 + 0.03 * fine + 0.05 * smooth_noise(rng, (hh, hw), 70)
    elif kind in ("paper", "plain", "paint"):
        g = 0.97 + 0.05 * smooth_noise(rng, (hh, hw), 100)
    else:
        raise ValueError(f"unknown material kind {kind!r}")
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_LINEAR)


def material(
    rng: np.random.Generator,
    shape: tuple[int, int],
    colour: BGR,
    kind: str,
    along_x: bool = True,
    coarse: int = 2,
) -> np.ndarray:
    """A (h, w, 3) texture of ``kind`` (wood, felt, leather, paper, cloth, plain, paint) tinted
    ``colour``. Wood grain runs along x (or y when ``along_x`` is False)."""
    h, w = shape
    if not along_x:
        return material(rng, (w, h), colour, kind, True, coarse).transpose(1, 0, 2).copy()
    return _tint(_modulation(rng, (h, w), kind, coarse), colour)


def _fill_rect(
    img: np.ndarray,
    rect_px: tuple[int, int, int, int],
    rng: np.random.Generator,
    colour: BGR,
    kind: str,
    along_x: bool = True,
) -> None:
    """Fill a pixel rectangle of ``img`` (BGRA) with a fresh material texture."""
    x0, y0, x1, y1 = rect_px
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, img.shape[1]), min(y1, img.shape[0])
    if x1 > x0 and y1 > y0:
        img[y0:y1, x0:x1, :3] = material(rng, (y1 - y0, x1 - x0), colour, kind, along_x)
        img[y0:y1, x0:x1, 3] = 255


def marker_layout(geom: BoardGeometry) -> list[tuple[int, tuple[float, float], float]]:
    """(id, centre mm, side mm) of the 4 ArUco stickers, clockwise from top-left.

    Each sticker sits on the frame at a playing-area corner, its printed square
    ``side`` mm wide inside a white border."""
    fw = geom.frame_width
    side = min(36.0, max(18.0, (fw - 4.0) / 1.33))
    off = side * 1.33 / 2 + 1.0  # sticker half size incl. border, plus a gap
    w, h = geom.play_width, geom.play_height
    centres = [(-off, -off), (w + off, -off), (w + off, h + off), (-off, h + off)]
    return [(i, c, side) for i, c in enumerate(centres)]


class PlaneTexture:
    """The board's top surface drawn top-down at ``scale`` px/mm.

    ``rgba`` covers mm rectangle ``rect``; alpha marks where the board (or a sticker) is."""

    def __init__(
        self,
        rgba: np.ndarray,
        rect: tuple[float, float, float, float],
        scale: float,
        frame_alpha: np.ndarray | None = None,
    ):
        self.rgba = rgba
        self.rect = rect
        self.scale = scale
        # Where the raised frame and bar are (255), as opposed to the sunken playing surface.
        self.frame_alpha = frame_alpha if frame_alpha is not None else rgba[..., 3].copy()

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.rect[0]) * self.scale, (y - self.rect[1]) * self.scale)

    def px_to_mm(self) -> np.ndarray:
        """3x3 affine: texture pixel -> mm."""
        s = 1.0 / self.scale
        return np.array([[s, 0, self.rect[0]], [0, s, self.rect[1]], [0, 0, 1.0]])


def board_texture(
    rng: np.random.Generator,
    style: BoardStyle,
    geom: BoardGeometry,
    white_home: str,
    markers: bool,
    scale: float = 2.0,
) -> PlaneTexture:
    """Render the board top (frame, trays, bar, points, optional ArUco stickers)."""
    x0, y0, x1, y1 = geom.outer_rect()
    rect = (x0 - 2, y0 - 2, x1 + 2, y1 + 2)
    wpx = int(round((rect[2] - rect[0]) * scale))
    hpx = int(round((rect[3] - rect[1]) * scale))
    img = np.zeros((hpx, wpx, 4), np.uint8)

    def px(x: float, y: float) -> tuple[int, int]:
        return (int(round((x - rect[0]) * scale)), int(round((y - rect[1]) * scale)))

    def rpx(r: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
        a, b = px(r[0], r[1])
        c, d = px(r[2], r[3])
        return (a, b, c, d)

    outer = rpx((x0, y0, x1, y1))
    fk = style.frame_kind
    pw, ph = geom.play_width, geom.play_height
    if fk == "paper":
        _fill_rect(img, outer, rng, (236, 238, 240), "paper")
        band = max(3.0, geom.frame_width * 0.3)
        bp = rpx((-band, -band, pw + band, ph + band))
        img[bp[1] : bp[3], bp[0] : bp[2], :3] = style.frame
    else:
        _fill_rect(img, outer, rng, style.frame, fk)
        if fk == "wood":  # side rails and bar: the same wood turned 90 degrees
            turned = img[..., :3].transpose(1, 0, 2)
            for r in ((x0, 0, 0, ph), (pw, 0, x1, ph), geom.bar_rect()):
                a, b, c, d = rpx(r)
                a, b = max(a, 0), max(b, 0)
                ox = int(rng.integers(0, max(1, turned.shape[1] - (c - a))))
                patch = turned[b:d, ox : ox + (c - a)].copy()
                img[b : b + patch.shape[0], a : a + patch.shape[1], :3] = patch
    bar_px = rpx(geom.bar_rect())
    bar_wood = img[bar_px[1] : bar_px[3], bar_px[0] : bar_px[2], :3].copy()
    _fill_rect(img, rpx((0, 0, pw, ph)), rng, style.surface, style.surface_kind)
    for side in ("left", "right"):
        tr = geom.tray_rect(side)
        if tr is not None:
            sb, sg, sr = (int(c * 0.8) for c in style.surface)
            tray_col = (sb, sg, sr)
            _fill_rect(img, rpx(tr), rng, tray_col, style.surface_kind)

    # Points: opposite points differ in colour, neighbours alternate. Painted points share
    # the surface's texture field, tinted.
    canvas = np.ascontiguousarray(img[..., :3])
    shift = 4
    k = scale * (1 << shift)
    play = rpx((0, 0, pw, ph))
    pa, pb = (play[2] - play[0], play[3] - play[1])
    kind = "paint" if style.surface_kind in ("wood", "felt") else style.surface_kind
    point_tex = [material(rng, (pb, pa), c, kind) for c in style.points]
    masks = [np.zeros((pb, pa), np.uint8) for _ in range(2)]
    polys: list[np.ndarray] = []
    for idx in range(24):
        col, top = geom.point_cell(idx, white_home)
        tri = geom.point_triangle(idx, white_home)
        poly = np.array([[x * k, y * k] for x, y in tri], np.int32)
        cv2.fillPoly(masks[(col + int(top)) % 2], [poly], 255, cv2.LINE_AA, shift)
        polys.append(poly + np.array([play[0] << shift, play[1] << shift], np.int32))
    sub = canvas[play[1] : play[3], play[0] : play[2]]
    for mask, tex in zip(masks, point_tex, strict=True):
        mask3 = cv2.merge([mask, mask, mask])
        inv = cv2.bitwise_not(mask3)
        sub[:] = cv2.add(
            cv2.multiply(sub, inv, scale=1 / 255), cv2.multiply(tex, mask3, scale=1 / 255)
        )
    if style.point_outline is not None:
        cv2.polylines(
            canvas, polys, True, style.point_outline, max(1, int(scale * 0.6)), cv2.LINE_AA, shift
        )

    bx0, _, bx1, _ = geom.bar_rect()
    if fk == "paper":
        cv2.rectangle(canvas, px(bx0, 0), px(bx1, ph), style.frame, -1)
    else:
        if fk != "wood":
            bp = rpx((bx0, 0, bx1, ph))
            canvas[bp[1] : bp[3], bp[0] : bp[2]] = material(
                rng, (bp[3] - bp[1], bp[2] - bp[0]), style.frame, fk, along_x=False
            )
        else:  # the wood saved before the playing surface covered it
            bp = bar_px
            canvas[bp[1] : bp[1] + bar_wood.shape[0], bp[0] : bp[0] + bar_wood.shape[1]] = bar_wood
        if fk == "wood" and rng.random() < 0.6:
            for yy in (ph * 0.22, ph * 0.78):  # brass hinges
                hx0, hy0 = px(bx0 + geom.bar_width * 0.36, yy - 9)
                hx1, hy1 = px(bx1 - geom.bar_width * 0.36, yy + 9)
                cv2.rectangle(canvas, (hx0, hy0), (hx1, hy1), (70, 150, 190), -1)
                cv2.line(canvas, ((hx0 + hx1) // 2, hy0), ((hx0 + hx1) // 2, hy1), (40, 90, 120), 1)
    img[..., :3] = canvas

    if fk != "paper" and rng.random() < 0.4:
        _draw_logos(img, geom, scale, rect, style, rng)
    # Inner walls: darken a few mm of surface along every frame edge (ambient occlusion).
    if fk != "paper":
        _edge_darkening(
            img,
            scale,
            rect,
            [(0, 0, pw, ph), (bx0, 0, bx1, ph)]
            + [r for r in (geom.tray_rect("left"), geom.tray_rect("right")) if r],
        )
    if markers:
        _draw_markers(img, geom, scale, rect)
    frame_alpha = img[..., 3].copy()
    for r in [(0, 0, geom.half_width, ph), geom.half_rect("right")] + [
        t for t in (geom.tray_rect("left"), geom.tray_rect("right")) if t
    ]:
        a, b, c, d = rpx(r)
        frame_alpha[max(b, 0) : d, max(a, 0) : c] = 0
    return PlaneTexture(img, rect, scale, frame_alpha)


def _draw_logos(
    img: np.ndarray,
    geom: BoardGeometry,
    scale: float,
    rect: tuple[float, float, float, float],
    style: BoardStyle,
    rng: np.random.Generator,
) -> None:
    """A maker's logo printed in the middle of each half, as on many tournament boards."""
    text = str(rng.choice(["fm", "BG", "gammon", "HG", "club"]))
    dark = float(np.mean(style.surface)) > 110
    ib, ig, ir = (min(255, int(c * (0.55 if dark else 1.6))) for c in style.surface)
    ink = (ib, ig, ir)
    plate = bool(rng.random() < 0.5)
    for half in ("left", "right"):
        x0, _, x1, _ = geom.half_rect(half)
        cx, cy = (x0 + x1) / 2, geom.play_height / 2
        w, h = geom.half_width * 0.28, geom.play_height * 0.09
        a = (int((cx - w / 2 - rect[0]) * scale), int((cy - h / 2 - rect[1]) * scale))
        b = (int((cx + w / 2 - rect[0]) * scale), int((cy + h / 2 - rect[1]) * scale))
        sub = np.ascontiguousarray(img[..., :3])
        if plate:
            cv2.rectangle(sub, a, b, ink, -1, cv2.LINE_AA)
            colour = style.surface
        else:
            colour = ink
        fs = (b[1] - a[1]) / 40.0
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_TRIPLEX, fs, max(1, int(fs * 2)))
        org = ((a[0] + b[0] - tw) // 2, (a[1] + b[1] + th) // 2)
        cv2.putText(
            sub, text, org, cv2.FONT_HERSHEY_TRIPLEX, fs, colour, max(1, int(fs * 2)), cv2.LINE_AA
        )
        img[..., :3] = sub


def _edge_darkening(
    img: np.ndarray,
    scale: float,
    rect: tuple[float, float, float, float],
    areas: list[tuple[float, float, float, float]],
) -> None:
    h, w = img.shape[:2]
    f = 4
    walls = np.zeros((h // f + 1, w // f + 1), np.uint8)
    for x0, y0, x1, y1 in areas:
        a = (int((x0 - rect[0]) * scale / f), int((y0 - rect[1]) * scale / f))
        b = (int((x1 - rect[0]) * scale / f), int((y1 - rect[1]) * scale / f))
        cv2.rectangle(walls, a, b, 255, 1)
    dark = cv2.GaussianBlur(walls.astype(np.float32) / 255.0, (0, 0), 1.5 * scale / 2)
    keep = cv2.resize(255 - 90 * dark.clip(0, 1), (w, h)).astype(np.uint8)
    img[..., :3] = cv2.multiply(img[..., :3], cv2.merge([keep, keep, keep]), scale=1 / 255)


def _draw_markers(
    img: np.ndarray, geom: BoardGeometry, scale: float, rect: tuple[float, float, float, float]
) -> None:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for mid, (cx, cy), side in marker_layout(geom):
        n = int(round(side * scale))
        mk = cv2.aruco.generateImageMarker(dictionary, mid, n)
        border = int(round(side * 0.165 * scale))
        sticker = cv2.copyMakeBorder(
            mk, border, border, border, border, cv2.BORDER_CONSTANT, value=(245,)
        )
        sticker = np.clip(sticker.astype(np.int16) * 0.9 + 12, 0, 255).astype(np.uint8)
        sh = sticker.shape[0]
        u0 = int(round((cx - rect[0]) * scale)) - sh // 2
        v0 = int(round((cy - rect[1]) * scale)) - sh // 2
        ua, va = max(u0, 0), max(v0, 0)
        ub, vb = min(u0 + sh, img.shape[1]), min(v0 + sh, img.shape[0])
        img[va:vb, ua:ub, :3] = sticker[va - v0 : vb - v0, ua - u0 : ub - u0, None]
        img[va:vb, ua:ub, 3] = 255


def table_image(
    rng: np.random.Generator, shape: tuple[int, int], colour: BGR, kind: str
) -> np.ndarray:
    """Background table for the whole canvas (image space, no perspective needed)."""
    h, w = shape
    tex = material(rng, (h, w), colour, kind, along_x=bool(rng.random() < 0.5), coarse=3)
    return tex
