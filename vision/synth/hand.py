"""A hand over the board in a rendered scene: its shape, its shadow and motion blur, and what
it hides from the labels (``hand_occlusion``); split from ``vision.synth.renderer`` for size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from .canvas import _SHIFT, Prepared, _i, _Light
from .layout import BoxPlace
from .spec import HandSpec


def _capsule(p0: np.ndarray, p1: np.ndarray, w0: float, w1: float, n: int = 8) -> np.ndarray:
    d = p1 - p0
    d = d / (np.linalg.norm(d) + 1e-9)
    nrm = np.array([-d[1], d[0]])
    pts = []
    for k in range(n + 1):
        a = np.pi / 2 + np.pi * k / n
        pts.append(p0 + (np.cos(a) * d + np.sin(a) * nrm) * w0 / 2)
    for k in range(n + 1):
        a = -np.pi / 2 + np.pi * k / n
        pts.append(p1 + (np.cos(a) * d + np.sin(a) * nrm) * w1 / 2)
    return np.array(pts)


def hand_polygons(hand: HandSpec) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(skin polygons, sleeve polygons) in world mm (x, y) on the plane of the hand."""
    back = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}[hand.edge]
    a = np.radians(hand.angle_deg)
    bx, by = back
    back_v = np.array([bx * np.cos(a) - by * np.sin(a), bx * np.sin(a) + by * np.cos(a)])
    fwd = -back_v
    side = np.array([-fwd[1], fwd[0]])
    tip = np.asarray(hand.tip_mm, float)
    knuckle = tip - fwd * 70
    skin = []
    for k, off in enumerate((-27, -9, 9, 27)):
        spread = np.radians((k - 1.5) * 7 * hand.spread)
        fdir = fwd * np.cos(spread) + side * np.sin(spread)
        length = (62, 74, 72, 58)[k]
        base = knuckle + side * off
        skin.append(_capsule(base, base + fdir * length, 18, 15))
    palm_c = knuckle - fwd * 42
    ang = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    palm = palm_c + np.outer(np.cos(ang), fwd) * 50 + np.outer(np.sin(ang), side) * 44
    skin.append(palm)
    thumb_base = palm_c + side * 36 - fwd * 10
    tdir = fwd * 0.6 + side * 0.8
    skin.append(_capsule(thumb_base, thumb_base + tdir / np.linalg.norm(tdir) * 58, 24, 19))
    wrist = palm_c - fwd * 60
    elbow = wrist - fwd * 900
    skin.append(_capsule(wrist, wrist - fwd * 160, 62, 70, 4))
    sleeve = []
    if hand.sleeve is not None:
        sleeve.append(_capsule(wrist - fwd * 140, elbow, 85, 100, 4))
    else:
        skin.append(_capsule(wrist - fwd * 100, elbow, 70, 90, 4))
    return skin, sleeve


def _hand_details(
    layer: np.ndarray,
    skin: list[np.ndarray],
    hand: HandSpec,
    to_roi: Callable[[np.ndarray], np.ndarray],
    light: _Light,
) -> None:
    """Creases between fingers and fingernails, drawn on the shaded hand layer."""
    base = np.asarray(hand.skin, np.float32) * (light.ambient + (1 - light.ambient) * 0.8)
    crease = (base * 0.72).tolist()
    nail = np.minimum(base * 1.05 + np.array([10, 8, 14], np.float32), 255).tolist()
    for k in (0, 1, 2, 3, 5):  # the four fingers and the thumb
        poly = skin[k]
        cv2.polylines(layer, [_i(to_roi(poly))], True, crease, 1, cv2.LINE_AA, _SHIFT)
        n = len(poly) // 2
        tip_c = poly[n:].mean(axis=0)  # centre of the tip cap
        root_c = poly[:n].mean(axis=0)
        axis = (tip_c - root_c) / (np.linalg.norm(tip_c - root_c) + 1e-9)
        side = np.array([-axis[1], axis[0]])
        centre = tip_c - axis * 2.0
        ang = np.linspace(0, 2 * np.pi, 12, endpoint=False)
        ell = centre + np.outer(np.cos(ang), axis) * 6.0 + np.outer(np.sin(ang), side) * 4.5
        cv2.fillPoly(layer, [_i(to_roi(ell))], nail, cv2.LINE_AA, _SHIFT)


def draw_hand(prep: Prepared, canvas: np.ndarray, hand: HandSpec) -> np.ndarray:
    """Draw the hand and its shadow on ``canvas`` (padded); return its mask (uint8)."""
    cam, light = prep.cam, prep.light
    z = -hand.height_mm
    hplane = cam.plane_homography(z)
    skin, sleeve = hand_polygons(hand)
    h, w = canvas.shape[:2]

    def to_px(poly2d: np.ndarray, hm: np.ndarray) -> np.ndarray:
        p = np.column_stack([poly2d, np.ones(len(poly2d))]) @ hm.T
        uv: np.ndarray = p[:, :2] / p[:, 2:3]
        return uv

    # Shadow on the board: the hand polygons cast along the light onto z = 0.
    d = light.direction
    shift = -d[:2] * hand.height_mm / max(-d[2], 0.2)
    h0 = cam.plane_homography(0.0)
    f = 4
    sm = np.zeros((h // f + 1, w // f + 1), np.uint8)
    for p in [*skin, *sleeve]:
        cv2.fillPoly(sm, [_i(to_px(p + shift, h0) / f)], 255, cv2.LINE_AA, _SHIFT)
    sigma = 2.0 + hand.height_mm / 15
    s = cv2.GaussianBlur(sm.astype(np.float32) / 255, (0, 0), sigma)
    s = cv2.resize(s, (w, h))
    canvas[:] = (canvas * (1 - 0.45 * s)[..., None]).astype(np.uint8)

    mask = np.zeros((h, w), np.uint8)
    for p in skin:
        cv2.fillPoly(mask, [_i(to_px(p, hplane))], 255, cv2.LINE_AA, _SHIFT)
    smask = np.zeros((h, w), np.uint8)
    for p in sleeve:
        cv2.fillPoly(smask, [_i(to_px(p, hplane))], 255, cv2.LINE_AA, _SHIFT)
    both = np.maximum(mask, smask)
    if not both.any():
        return both
    ys, xs = np.nonzero(both)
    # Motion blur: the hand moves by motion_mm while the shutter is open.
    tip = np.asarray(hand.tip_mm, float)
    mv = to_px(np.array([tip + hand.motion_mm]), hplane)[0] - to_px(np.array([tip]), hplane)[0]
    pad = int(np.ceil(np.abs(mv).max())) + 2
    y0, y1 = max(ys.min() - pad, 0), min(ys.max() + 1 + pad, h)
    x0, x1 = max(xs.min() - pad, 0), min(xs.max() + 1 + pad, w)
    layer = np.zeros((y1 - y0, x1 - x0, 3), np.float32)
    alpha = np.zeros((y1 - y0, x1 - x0), np.float32)
    px_per_mm = cam.focal / max(cam.C[2] * -1 - z, 100.0)
    for m, colour in ((mask, hand.skin), (smask, hand.sleeve)):
        if colour is None:
            continue
        roi_m = m[y0:y1, x0:x1]
        if not roi_m.any():
            continue
        dist = cv2.distanceTransform((roi_m > 127).astype(np.uint8), cv2.DIST_L2, 3)
        rounding = np.sqrt(np.clip(dist / (14 * px_per_mm), 0, 1))
        shade = (0.55 + 0.45 * rounding) * (light.ambient + (1 - light.ambient) * -d[2])
        col = np.asarray(colour, np.float32)[None, None, :] * shade[..., None] * 1.1
        a = roi_m.astype(np.float32) / 255
        layer = layer * (1 - a[..., None]) + col * a[..., None]
        alpha = np.maximum(alpha, a)
    _hand_details(layer, skin, hand, lambda p: to_px(p, hplane) - [x0, y0], light)
    premult = layer * alpha[..., None]
    length = float(np.hypot(*mv))
    if length > 1.5:
        n = int(np.ceil(length)) | 1
        kernel = np.zeros((n, n), np.float32)
        c = n // 2
        ux, uy = mv / length
        for k in range(n):
            t = k - c
            kernel[int(round(c + t * uy)), int(round(c + t * ux))] = 1.0
        kernel /= kernel.sum()
        premult = cv2.filter2D(premult, -1, kernel)
        alpha = cv2.filter2D(alpha, -1, kernel)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = (roi * (1 - alpha[..., None]) + premult).clip(0, 255).astype(np.uint8)
    out = np.zeros((h, w), np.uint8)
    out[y0:y1, x0:x1] = (alpha * 255).astype(np.uint8)
    return out


def hand_occlusion(prep: Prepared, hand_mask: np.ndarray, labels: dict[str, Any]) -> dict[str, Any]:
    """Mark ``partial`` if the hand hides a checker; drop dice it hides for 30% or more; the
    cube becomes ``None`` (not visible) when half hidden."""
    lay, cam, g = prep.layout, prep.cam, prep.spec.geometry
    h, w = hand_mask.shape
    hidden_checker = False
    for c in lay.checkers:
        if c.where == "off":
            continue
        u, v = cam.project_pinhole([[c.x, c.y, c.z - g.checker_thickness]])[0]
        if 0 <= int(v) < h and 0 <= int(u) < w and hand_mask[int(v), int(u)] > 60:
            hidden_checker = True
            break

    def covered(b: BoxPlace) -> float:
        uv = cam.project_pinhole(b.vertices())
        hull = cv2.convexHull(uv.astype(np.float32))[:, 0]
        x0, y0 = np.floor(hull.min(axis=0)).astype(int)
        x1, y1 = np.ceil(hull.max(axis=0)).astype(int) + 1
        m = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillPoly(m, [_i(hull - [x0, y0])], 255, cv2.LINE_8, _SHIFT)
        sub = hand_mask[max(y0, 0) : y1, max(x0, 0) : x1]
        m = m[max(0, -y0) : max(0, -y0) + sub.shape[0], max(0, -x0) : max(0, -x0) + sub.shape[1]]
        return float(((sub > 127) & (m > 0)).sum() / max(1, (m > 0).sum()))

    kept = [lab for b, lab in zip(lay.dice, labels["dice"], strict=True) if covered(b) < 0.3]
    out = dict(labels)
    out["dice"] = kept
    if hidden_checker:
        out["partial"] = True
    notes = []
    if len(kept) != len(labels["dice"]):
        notes.append("a die hidden by the hand is not labelled")
    if lay.cube is not None and labels.get("cube") is not None and covered(lay.cube) >= 0.5:
        out["cube"] = None  # not visible
        notes.append("the cube is hidden by the hand")
    if notes:
        out["notes"] = "; ".join([labels["notes"], *notes])
    return out
