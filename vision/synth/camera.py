"""Pinhole camera with mild radial distortion, looking down at the board.

World frame: millimetres, origin at the playing area's top-left corner, x right, y down (as the
board appears in the image), z down into the table (heights above the surface are negative).

Usage::

    >>> cam = Camera.from_pose(distance=700, tilt_deg=8, tilt_azimuth_deg=30, roll_deg=1,
    ...                        focal_px=1100, target=(262, 215), size=(1280, 960))
    >>> uv = cam.project([[262.0, 215.0, 0.0]])   # the aim point lands at the image centre
    >>> [round(float(v)) for v in uv[0]]
    [640, 480]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt


@dataclass(frozen=True)
class Camera:
    """Intrinsics ``K`` (of the final image), rotation ``R`` (world -> camera), centre ``C``."""

    K: np.ndarray
    R: np.ndarray
    C: np.ndarray
    size: tuple[int, int]  # (width, height)
    k1: float = 0.0  # radial distortion: undistorted = distorted * (1 + k1 r^2)

    @classmethod
    def from_pose(
        cls,
        *,
        distance: float,
        tilt_deg: float,
        tilt_azimuth_deg: float,
        roll_deg: float,
        focal_px: float,
        target: tuple[float, float],
        size: tuple[int, int],
        k1: float = 0.0,
    ) -> Camera:
        t, a = np.radians(tilt_deg), np.radians(tilt_azimuth_deg)
        view = np.array([np.sin(t) * np.cos(a), np.sin(t) * np.sin(a), np.cos(t)])
        centre = np.array([target[0], target[1], 0.0]) - distance * view
        x_axis = np.cross([0.0, 1.0, 0.0], view)
        x_axis /= np.linalg.norm(x_axis)
        y_axis = np.cross(view, x_axis)
        r = np.radians(roll_deg)
        cr, sr = np.cos(r), np.sin(r)
        xr = cr * x_axis + sr * y_axis
        yr = -sr * x_axis + cr * y_axis
        rot = np.stack([xr, yr, view])
        w, h = size
        k = np.array([[focal_px, 0, w / 2], [0, focal_px, h / 2], [0, 0, 1.0]])
        return cls(K=k, R=rot, C=centre, size=size, k1=k1)

    @property
    def focal(self) -> float:
        return float(self.K[0, 0])

    def padded(self, pad: int) -> Camera:
        """Same camera on a canvas with ``pad`` extra pixels on every side, no distortion."""
        k = self.K.copy()
        k[0, 2] += pad
        k[1, 2] += pad
        w, h = self.size
        return Camera(K=k, R=self.R, C=self.C, size=(w + 2 * pad, h + 2 * pad), k1=0.0)

    def to_camera(self, pts: npt.ArrayLike) -> np.ndarray:
        pc: np.ndarray = (np.asarray(pts, dtype=np.float64) - self.C) @ self.R.T
        return pc

    def project_pinhole(self, pts: npt.ArrayLike) -> np.ndarray:
        """(N, 3) world points -> (N, 2) pixels, ignoring distortion."""
        pc = self.to_camera(np.atleast_2d(np.asarray(pts, dtype=np.float64)))
        uv = pc[:, :2] / pc[:, 2:3]
        px: np.ndarray = uv * self.K[[0, 1], [0, 1]] + self.K[:2, 2]
        return px

    def distort(self, uv: np.ndarray) -> np.ndarray:
        """Pinhole pixels -> distorted pixels (inverts the model by fixed-point iteration)."""
        uv = np.atleast_2d(np.asarray(uv, dtype=np.float64))
        if self.k1 == 0.0:
            return uv.copy()
        f, c = self.K[[0, 1], [0, 1]], self.K[:2, 2]
        xu = (uv - c) / f
        xd = xu.copy()
        for _ in range(20):
            r2 = (xd**2).sum(axis=1, keepdims=True)
            xd = xu / (1 + self.k1 * r2)
        px: np.ndarray = xd * f + c
        return px

    def project(self, pts: npt.ArrayLike) -> np.ndarray:
        """(N, 3) world points -> (N, 2) pixels of the final (distorted) image."""
        return self.distort(self.project_pinhole(pts))

    def in_view(self, pts: npt.ArrayLike) -> bool:
        """Is at least half of the image box round these (N, 3) world points inside the
        picture? (DATASET.md labels what is not visible null: a cube in a tray cut off by the
        picture's edge.)"""
        uv = self.project(pts)
        (x0, y0), (x1, y1) = uv.min(axis=0), uv.max(axis=0)
        w, h = self.size
        area = max(float((x1 - x0) * (y1 - y0)), 1e-9)
        inside = max(min(x1, w) - max(x0, 0), 0) * max(min(y1, h) - max(y0, 0), 0)
        return float(inside) / area >= 0.5

    def plane_homography(self, z: float = 0.0) -> np.ndarray:
        """3x3 homography: world (x, y, 1) on the plane at height z -> pinhole pixels."""
        t = -self.R @ self.C + self.R[:, 2] * z
        h: np.ndarray = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], t])
        return h

    def distortion_maps(self, pad: int) -> tuple[np.ndarray, np.ndarray]:
        """cv2.remap maps: final image pixel -> pixel of a canvas padded by ``pad``.

        Evaluated on a coarse grid and upsampled: the maps are smooth quadratics."""
        w, h = self.size
        f, c = self.K[[0, 1], [0, 1]], self.K[:2, 2]
        step = 8
        gx = np.arange(0, w + step, step, dtype=np.float64)
        gy = np.arange(0, h + step, step, dtype=np.float64)
        xs = (gx - c[0]) / f[0]
        ys = (gy - c[1]) / f[1]
        scale = 1 + self.k1 * (xs[None, :] ** 2 + ys[:, None] ** 2)
        mx = (xs[None, :] * scale * f[0] + c[0] + pad).astype(np.float32)
        my = (ys[:, None] * scale * f[1] + c[1] + pad).astype(np.float32)
        # Grid node k sits at pixel k*step; resize maps node centres, so resize the grid
        # to (n-1)*step+1 samples with corner alignment via an affine warp.
        out_w, out_h = (len(gx) - 1) * step + 1, (len(gy) - 1) * step + 1
        a = np.array(
            [[(len(gx) - 1) / (out_w - 1), 0, 0], [0, (len(gy) - 1) / (out_h - 1), 0]], np.float32
        )
        flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
        mx = cv2.warpAffine(mx, a, (out_w, out_h), flags=flags, borderMode=cv2.BORDER_REPLICATE)
        my = cv2.warpAffine(my, a, (out_w, out_h), flags=flags, borderMode=cv2.BORDER_REPLICATE)
        return mx[:h, :w].copy(), my[:h, :w].copy()
