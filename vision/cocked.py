"""Learned cocked-die test: a small network on a crop around each found die.

The hand-made tilt cues (``vision.dice.TiltCues``) separate cocked from flat dice poorly, so a
network is trained (``vision/train_cocked.py``, on synthetic renders only) on a crop turned so
that the image centre is up (a flat die shows its side face that way, by perspective): grey
gradients (a coarse HOG), a grey thumbnail, the face-colour similarity map, masks of the top
face and of the die body (top face plus the side faces seen) with their areas, centroids and
the face's axis ratio, the tilt cues, and how far off the optical axis the die is. A cocked
die shows a side face where perspective would not put one, and a foreshortened top face.
The model (an ensemble of small networks stored as one) is a ``.npz`` file loaded on first use.

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
_MASK = 12  # side of the top-face and die-body mask thumbnails
N_SHAPE = 10
N_FEATURES = (
    (_CROP // _CELL) ** 2 * _BINS
    + _CHROMA * _CHROMA
    + _SMALL * _SMALL
    + N_CUES
    + N_PLACE
    + 2 * _MASK * _MASK
    + N_SHAPE
)


_PATCH = 80  # side of the cached, unrotated patch around a die (pixels)
_PATCH_SPAN = 3.6  # its side over the die side: room for the rotated, jittered crop


def die_patch(image_bgr: np.ndarray, centre: tuple[float, float], die_px: float) -> np.ndarray:
    """A ``_PATCH`` square BGR patch, ``_PATCH_SPAN`` die sides wide, centred on ``centre``
    (the first, image-dependent step of ``crop_features``; training caches it)."""
    side = max(4, int(round(_PATCH_SPAN * die_px)))
    patch = cv2.getRectSubPix(image_bgr, (side, side), (float(centre[0]), float(centre[1])))
    return cv2.resize(patch, (_PATCH, _PATCH), interpolation=cv2.INTER_AREA)


def placement(
    shape: tuple[int, ...], centre: tuple[float, float], die_px: float
) -> tuple[float, float]:
    """(angle in degrees of the direction from the die to the image centre, clockwise from
    straight up; distance to the image centre over the image's longer side).

    The second is about the tangent of the angle off the optical axis (a lens of some
    60 degrees across, as the Pi camera's, has a focal length near the image side): a flat
    die shows its side face toward the image centre about that many die sides wide, at any
    die size or distance. ``die_px`` is unused, kept for the call's shape."""
    h, w = shape[:2]
    dx, dy = w / 2 - centre[0], h / 2 - centre[1]
    return math.degrees(math.atan2(dx, -dy)), math.hypot(dx, dy) / max(h, w)


def _crop(patch: np.ndarray, angle: float, scale: float = 1.0) -> np.ndarray:
    """The ``_CROP`` square (``_SPAN`` die sides x ``scale``) of a ``die_patch``, rotated so
    that the image centre (where perspective shows a flat die's side faces) is straight up."""
    zoom = (_CROP / _SPAN) / (_PATCH / _PATCH_SPAN) / scale
    # OpenCV's positive angle turns the picture counter-clockwise: a direction at ``angle``
    # clockwise from up comes to straight up.
    m = cv2.getRotationMatrix2D((_PATCH / 2, _PATCH / 2), angle, zoom)
    m[:, 2] += (_CROP - _PATCH) / 2
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
    angle, off_axis = placement(image_bgr.shape, centre, die_px)
    return patch_features(die_patch(image_bgr, centre, die_px), angle, off_axis, cues)


def patch_features(
    patch: np.ndarray,
    angle: float,
    off_axis: float,
    cues: tuple[float, ...] | np.ndarray | None = None,
    scale: float = 1.0,
) -> np.ndarray:
    """``crop_features`` from a ``die_patch`` and its ``placement``; ``scale`` > 1 reads the
    die as bigger than the patch says (training jitters the calibrated size with it)."""
    crop = _crop(patch, angle, scale)
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
    # How far off the optical axis: perspective shows a flat die's side face in proportion to
    # it, so a side face toward the image centre is less telling far from it.
    place = np.array([2.5 * off_axis, (2.5 * off_axis) ** 2], np.float32)
    face, body = _face_and_body(f, ref, cos)
    parts = [_hog(gray), chroma.ravel(), small.ravel(), cue, place]
    parts += [_thumb(face), _thumb(body), _shape(face, body)]
    return np.concatenate(parts).astype(np.float32)


def _face_and_body(f: np.ndarray, ref: np.ndarray, cos: np.ndarray) -> tuple[np.ndarray, ...]:
    """Masks (uint8) of the top face (the centre's colour and brightness) and of the die body
    (its colour at any shade: top face plus the side faces seen), each the part connected to
    the crop's centre. A tilted top face is foreshortened and its side face shows away from
    where perspective would show a flat die's."""
    shade = np.linalg.norm(f, axis=2) / (np.linalg.norm(ref) + 1e-6)
    same = cos > 0.99
    k = np.ones((3, 3), np.uint8)
    out = []
    for m in (same & (np.abs(shade - 1.0) < 0.15), same & (shade > 0.25) & (shade < 1.15)):
        m = cv2.morphologyEx(m.astype(np.uint8), cv2.MORPH_CLOSE, k)  # pips belong to it
        _, lab = cv2.connectedComponents(m, connectivity=4)
        c = _CROP // 2
        li = np.bincount(lab[c - 2 : c + 3, c - 2 : c + 3].ravel(), minlength=2)[1:].argmax() + 1
        out.append((lab == li).astype(np.uint8) if lab.max() > 0 else m)
    return tuple(out)


def _thumb(m: np.ndarray) -> np.ndarray:
    return cv2.resize(m.astype(np.float32), (_MASK, _MASK), interpolation=cv2.INTER_AREA).ravel()


def _shape(face: np.ndarray, body: np.ndarray) -> np.ndarray:
    """Face area, centroid (x across, y toward the image centre) and axis ratio; body area and
    centroid; side (body not face) area and centroid; in die sides (die areas)."""
    die = _CROP / _SPAN
    out = []
    for m in (face, body, body & (1 - face)):
        mo = cv2.moments(m, binaryImage=True)
        a = mo["m00"]
        if a < 1:
            out += [0.0, 0.0, 0.0] + ([1.0] if m is face else [])
            continue
        cx, cy = mo["m10"] / a - _CROP / 2, mo["m01"] / a - _CROP / 2
        out += [a / die**2, cx / die, -cy / die]
        if m is face:
            mu20, mu02, mu11 = mo["mu20"] / a, mo["mu02"] / a, mo["mu11"] / a
            d = math.sqrt(max(0.0, (mu20 - mu02) ** 2 + 4 * mu11**2))
            out.append(math.sqrt(max(0.0, mu20 + mu02 - d) / max(1e-6, mu20 + mu02 + d)))
    return np.array(out, np.float32)


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
