"""Learned cocked-die test: a small logistic model on a crop around each found die.

The hand-made tilt cues (``vision.dice.TiltCues``) separate cocked from flat dice poorly, so a
linear model is trained (``vision/train_cocked.py``, on synthetic renders only) on a
rotation-normalised crop: grey gradients (a coarse HOG), the face-colour similarity map (the
die body and any side face seen) and the tilt cues. The model is a small ``.npz`` file loaded
on first use.

    >>> import numpy as np
    >>> img = np.full((200, 200, 3), 90, np.uint8)
    >>> feats = crop_features(img, (100.0, 100.0), 40.0)
    >>> feats.shape == (N_FEATURES,)
    True
    >>> 0.0 <= CockedModel.load().probability(feats) <= 1.0
    True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

MODEL_PATH = Path(__file__).with_name("models") / "cocked_lr.npz"
_CROP = 48  # model input side (pixels)
_SPAN = 2.2  # crop side over the die side: the top face, the body and a margin
_CELL = 8
_BINS = 9
_CHROMA = 16  # side of the colour-similarity map
N_CUES = 8
_SMALL = 16  # side of the normalised grey thumbnail
N_PLACE = 2
N_FEATURES = (_CROP // _CELL) ** 2 * _BINS + _CHROMA * _CHROMA + _SMALL * _SMALL + N_CUES + N_PLACE


def _crop(image_bgr: np.ndarray, centre: tuple[float, float], die_px: float) -> np.ndarray:
    """A ``_CROP`` square BGR crop around ``centre``, rotated so that the image centre (where
    perspective shows a flat die's side faces) is straight up."""
    h, w = image_bgr.shape[:2]
    cx, cy = centre
    big = int(math.ceil(_CROP * math.sqrt(2))) + 2
    side = _SPAN * die_px * big / _CROP
    patch = cv2.getRectSubPix(image_bgr, (int(round(side)), int(round(side))), (cx, cy))
    patch = cv2.resize(patch, (big, big), interpolation=cv2.INTER_AREA)
    angle = math.degrees(math.atan2(w / 2 - cx, -(h / 2 - cy)))  # direction to the centre
    m = cv2.getRotationMatrix2D((big / 2, big / 2), -angle, 1.0)
    m[:, 2] += (_CROP - big) / 2
    return cv2.warpAffine(
        patch, m, (_CROP, _CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def _hog(gray: np.ndarray) -> np.ndarray:
    """Unsigned gradient-orientation histograms over ``_CELL`` cells, each cell L2-normalised."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    mag = np.hypot(gx, gy)
    ang = np.mod(np.arctan2(gy, gx), np.pi) / np.pi * _BINS
    b0 = np.floor(ang).astype(int) % _BINS
    frac = ang - np.floor(ang)
    n = _CROP // _CELL
    hist = np.zeros((n, n, _BINS), np.float32)
    cy, cx = np.mgrid[0:_CROP, 0:_CROP] // _CELL
    np.add.at(hist, (cy, cx, b0), mag * (1 - frac))
    np.add.at(hist, (cy, cx, (b0 + 1) % _BINS), mag * frac)
    hist /= np.linalg.norm(hist, axis=2, keepdims=True) + 1e-3 * (mag.mean() + 1.0)
    return hist.ravel()


def crop_features(
    image_bgr: np.ndarray,
    centre: tuple[float, float],
    die_px: float,
    cues: tuple[float, ...] | None = None,
) -> np.ndarray:
    """Feature vector of the die whose top face is centred at ``centre`` (image pixels);
    ``die_px`` is the die side in pixels, ``cues`` the ``TiltCues`` values (zeros if None)."""
    if die_px <= 0:
        raise ValueError(f"die_px must be positive, got {die_px}")
    crop = _crop(image_bgr, centre, die_px)
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    # Face colour from the crop's centre (the top face); similarity = chroma direction cosine.
    c0, c1 = int(_CROP * 0.4), int(_CROP * 0.6)
    f = crop.astype(np.float32) + 1.0
    ref = np.median(f[c0:c1, c0:c1].reshape(-1, 3), axis=0)
    cos = (f @ ref) / (np.linalg.norm(f, axis=2) * np.linalg.norm(ref) + 1e-6)
    chroma = cv2.resize(
        np.clip((cos - 0.95) * 20, 0, 1), (_CHROMA, _CHROMA), interpolation=cv2.INTER_AREA
    )
    g = (gray - gray.mean()) / (gray.std() + 5.0)
    small = cv2.resize(g, (_SMALL, _SMALL), interpolation=cv2.INTER_AREA)
    cue = np.zeros(N_CUES, np.float32) if cues is None else np.asarray(cues, np.float32)
    # How far from the image centre, in die sides: perspective shows a flat die's side faces
    # in proportion to it, so a side face near the edge of the view is less telling.
    h, w = image_bgr.shape[:2]
    rho = math.hypot(centre[0] - w / 2, centre[1] - h / 2) / die_px
    place = np.array([rho / 20.0, (rho / 20.0) ** 2], np.float32)
    return np.concatenate([_hog(gray), chroma.ravel(), small.ravel(), cue, place]).astype(
        np.float32
    )


@dataclass(frozen=True)
class CockedModel:
    """One-hidden-layer network: h = relu(((x - mean) / scale) @ w1 + b1),
    p(cocked) = sigmoid(h @ w2 + b2). ``threshold`` was chosen on held-out renders for
    precision first (a false "cocked" voids a good roll)."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float
    threshold: float

    @staticmethod
    def load(path: Path | str = MODEL_PATH) -> CockedModel:
        """The model stored at ``path`` (cached: loaded once per path)."""
        return _load(str(path))

    def save(self, path: Path | str = MODEL_PATH) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        arrs = {k: np.asarray(v, np.float32) for k, v in vars(self).items()}
        np.savez_compressed(path, **arrs)

    def probability(self, feats: np.ndarray) -> float:
        """p(cocked) for one feature vector."""
        return float(self.probabilities(feats[None])[0])

    def probabilities(self, feats: np.ndarray) -> np.ndarray:
        """p(cocked) for each row of ``feats``."""
        h = np.maximum(0.0, ((feats - self.mean) / self.scale) @ self.w1 + self.b1)
        return 1.0 / (1.0 + np.exp(-np.clip(h @ self.w2 + self.b2, -30, 30)))


@lru_cache(maxsize=4)
def _load(path: str) -> CockedModel:
    if not Path(path).is_file():
        raise FileNotFoundError(f"cocked-die model not found at {path}; run vision/train_cocked.py")
    z = np.load(path)
    if z["w1"].shape[0] != N_FEATURES:
        raise ValueError(
            f"cocked-die model {path} takes {z['w1'].shape[0]} features, need {N_FEATURES}"
        )
    return CockedModel(
        z["mean"], z["scale"], z["w1"], z["b1"], z["w2"], float(z["b2"]), float(z["threshold"])
    )
