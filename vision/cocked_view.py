"""How a flat die looks at a spot of the image: the camera recovered from the board's corners.

A flat die seen off the camera's axis shows the side faces that face the point below the
camera, about (distance to that point) / (focal length) die sides wide; a cocked die shows a
side face wherever it leans. The cocked-die test (``vision.cocked``) needs the first to judge
the second. With the board's four image corners, the principal point at the image centre and
square pixels, one homography gives the focal length (the board's two axes are square to each
other in space), hence the camera's pose over the board, hence for any die: the local map of
its top face's plane to the image and where its bottom face shows. Without a board, or when
the camera looks nearly straight down (the focal length is then not observable from a plane),
a typical lens is assumed.

    >>> v = CameraView.straight_down((1280, 960), 30.0)
    >>> d = v.at((640.0, 480.0))
    >>> [round(float(x), 3) for x in d.down]   # below the camera: no side face shows
    [0.0, 0.0]
    >>> d = v.at((1040.0, 480.0))
    >>> bool(d.down[0] < 0)                    # right of it: the body shows toward the left
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import cv2
import numpy as np

# A typical lens when the board does not tell: focal length over the image's longer side
# (Pi camera v2: 0.83; the renders: 0.64-1.27, median 0.91).
FOCAL_PRIOR = 0.85
# Spread of that prior (log focal) and of the corners' right-angle condition (cosine). With
# exact corners the focal length is measured well for a camera tilted by more than ~3 degrees
# (rendered dev + train, cosine spread 1e-4: log error median 0.01 above 4 degrees, 0.1 below
# 2), but corners found 4 px off make that useless (median log error 0.2-1.0, worse than the
# prior's 0.17; the paper webcam's frames, one camera, gave 0.26-1.96 x the side): so the
# prior rules unless the board is seen very obliquely.
_PRIOR_LOG_SD = 0.4
_COS_SD = 1e-2
_FOCAL_RANGE = (0.5, 2.0)  # times the image's longer side


@dataclass(frozen=True)
class DieView:
    """A flat die whose top face is centred at a given image point: ``lin`` (2x2) maps a step
    on its top face's plane, in die sides, to image pixels; ``down`` (2) is the image offset in
    pixels from the top face's centre to the bottom face's centre (the side faces show there)."""

    lin: np.ndarray
    down: np.ndarray

    @cached_property
    def lean(self) -> np.ndarray:
        """``down`` in die sides on the top face's plane (perspective's own 'lean'); solved
        once a view (a die's six crops each ask for it twice)."""
        return np.linalg.solve(self.lin, self.down)


@dataclass(frozen=True)
class CameraView:
    """A pinhole camera over a plane. ``axes`` columns: the plane's two unit axes and a point
    on it, in camera coordinates (camera at the origin, looking along +z); ``die``: the die
    side in the same units; ``measured``: the focal length came from the board."""

    focal: float
    principal: tuple[float, float]
    axes: np.ndarray
    die: float
    measured: bool = False

    @staticmethod
    def straight_down(image_size: tuple[int, int], die_px: float) -> CameraView:
        """No board: the camera looks straight down with a typical lens (``FOCAL_PRIOR``)."""
        w, h = image_size
        f = FOCAL_PRIOR * max(w, h)
        axes = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
        return CameraView(f, (w / 2, h / 2), axes, die_px / f)

    @staticmethod
    def from_corners(
        corners: np.ndarray | tuple[tuple[float, float], ...],
        image_size: tuple[int, int],
        die_px: float,
    ) -> CameraView:
        """From the playing area's image corners (TL, TR, BR, BL); ``die_px`` is the die side
        as the reader takes it (a share of the board's width in the image)."""
        w, h = image_size
        c = np.asarray(corners, np.float64).reshape(4, 2)
        pp = np.array([w / 2, h / 2])
        unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
        hom = cv2.getPerspectiveTransform(unit, (c - pp).astype(np.float32))
        f = _focal(hom, max(w, h))
        m = np.diag([1 / f, 1 / f, 1.0]) @ hom
        if m[2, 2] < 0:  # the board in front of the camera
            m = -m
        m = m / np.linalg.norm(m[:, 0])  # units: the board's width
        e1 = m[:, 0]
        e2 = m[:, 1] - (m[:, 1] @ e1) * e1  # square to e1 (exactly so only for a true focal)
        e2 /= np.linalg.norm(e2)
        board_w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
        axes = np.column_stack([e1, e2, m[:, 2]])
        measured = abs(np.log(f / (FOCAL_PRIOR * max(w, h)))) > 0.05
        die = float(die_px / board_w)  # float64 arithmetic whatever ``die_px``'s type
        return CameraView(f, (float(pp[0]), float(pp[1])), axes, die, measured)

    def normal(self) -> np.ndarray:
        """Unit normal of the plane pointing toward the camera."""
        return self._normal.copy()

    @cached_property
    def _normal(self) -> np.ndarray:
        """``normal``, made once a camera (``at`` asks for it for every die)."""
        n = np.cross(self.axes[:, 0], self.axes[:, 1])
        n /= np.linalg.norm(n)
        return -n if n @ self.axes[:, 2] > 0 else n

    def _project(self, p: np.ndarray) -> np.ndarray:
        at: np.ndarray = self.focal * p[:2] / p[2] + np.asarray(self.principal)
        return at

    def at(self, centre: tuple[float, float]) -> DieView:
        """The view of a flat die whose top face's centre shows at ``centre`` (pixels)."""
        n = self._normal
        px, py = self.principal
        ray = np.array([(centre[0] - px) / self.focal, (centre[1] - py) / self.focal, 1.0])
        # The top face lies on the plane raised by one die side toward the camera.
        lam = (n @ self.axes[:, 2] + self.die) / (n @ ray)
        top = lam * ray
        bottom = top - self.die * n
        down = self._project(bottom) - self._project(top)
        x, y, z = top
        jac = self.focal / z * np.array([[1.0, 0.0, -x / z], [0.0, 1.0, -y / z]])
        lin = jac @ self.axes[:, :2] * self.die
        return DieView(lin, down)


def board_camera(
    corners: np.ndarray | Sequence[Sequence[float]], size: tuple[int, int], die_px: float
) -> CameraView:
    """``CameraView.from_corners``, kept for the last few boards (the dice's restate and their
    zones ask it on every read): a calibrated board's corners are the same on every read (~0.3
    ms a read; the camera is read-only)."""
    key = tuple((float(x), float(y)) for x, y in np.asarray(corners, np.float64).reshape(4, 2))
    return _camera(key, (int(size[0]), int(size[1])), float(die_px))


@lru_cache(maxsize=4)
def _camera(
    corners: tuple[tuple[float, float], ...], size: tuple[int, int], die_px: float
) -> CameraView:
    return CameraView.from_corners(corners, size, die_px)


def _focal(hom: np.ndarray, side: float) -> float:
    """The focal length (pixels) that makes the board's axes square in space, pulled toward
    ``FOCAL_PRIOR`` x ``side`` when the corners say little (camera nearly straight down)."""
    f0 = FOCAL_PRIOR * side
    lo, hi = (v / FOCAL_PRIOR for v in _FOCAL_RANGE)
    fs = f0 * np.exp(np.linspace(np.log(lo), np.log(hi), 200))
    m1 = np.stack([hom[0, 0] / fs, hom[1, 0] / fs, np.full_like(fs, hom[2, 0])], 1)
    m2 = np.stack([hom[0, 1] / fs, hom[1, 1] / fs, np.full_like(fs, hom[2, 1])], 1)
    cos = np.sum(m1 * m2, 1) / (np.linalg.norm(m1, axis=1) * np.linalg.norm(m2, axis=1))
    cost = (cos / _COS_SD) ** 2 + (np.log(fs / f0) / _PRIOR_LOG_SD) ** 2
    return float(fs[int(np.argmin(cost))])
