"""Learned cocked-die test: a small network on a crop around each found die.

The hand-made tilt cues (``vision.dice.TiltCues``) separate cocked from flat dice poorly, so a
network is trained (``vision/train_cocked.py``, on synthetic renders only) on a crop of the
plane of a flat die's top face, rectified with the camera the board gives
(``vision.cocked_view``: a flat die's top face is then a square of known size) and turned so
that the side where perspective shows a flat die's side faces (toward the point below the
camera) is up: grey gradients (a coarse HOG), a grey thumbnail, the face-colour similarity map,
masks of the top face and of the die body (top face plus the side faces seen) with their
areas, centroids and the face's axis ratio, the shares of body and face beyond where a flat
die's can show, the tilt cues, how wide perspective shows a flat die's side face there, and
the top face's fitted rectangle and the body against the face's perspective sweep, and edge
profiles square to the top face's sides (``vision.cocked_shape``).
A cocked die shows a side face where perspective would not put one, and a foreshortened top
face. Without a board the camera is taken to look straight down through a typical lens.
The model (an ensemble of small networks stored as one; networks trained on different renders
are joined with ``CockedModel.joined``) is a ``.npz`` file loaded on first use;
a die is judged on the mean of its probabilities over six views (``VIEWS``: the training's size
jitter, each mirrored; ``vision.cocked_views.views_probability``, stopped once the call
is settled).

    >>> import numpy as np
    >>> img = np.full((200, 200, 3), 90, np.uint8)
    >>> feats = crop_features(img, (100.0, 100.0), 40.0)
    >>> feats.shape == (N_FEATURES,)
    True
    >>> 0.0 <= CockedModel.load().probability(feats) <= 1.0
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.cocked_shape import N_GEOMETRY, N_PROFILE, edge_profiles, mask_shape, shape_cues
from vision.cocked_view import CameraView, DieView
from vision.medians import colour_length

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
N_OUTSIDE = 3
N_FEATURES = (
    (_CROP // _CELL) ** 2 * _BINS
    + _CHROMA * _CHROMA
    + _SMALL * _SMALL
    + N_CUES
    + N_PLACE
    + 2 * _MASK * _MASK
    + N_SHAPE
    + N_OUTSIDE
    + N_GEOMETRY
    + N_PROFILE
)


# The die-size jitter of the training examples (the calibrated size is not exact), each also
# mirrored: a die is judged on all six of these views, their probabilities averaged. One view's
# probability swings with the crop: the real paper webcam's flat dice (found boards) reach 0.97
# on the plain view, 0.87 on six (above 0.8: 8 -> 1); held-out renders' AUC 0.986 -> 0.987.
SIZE_JITTER = (0.9, 1.0, 1.12)
VIEWS = ((1.0, False),) + tuple(
    (j, f) for j in SIZE_JITTER for f in (False, True) if (j, f) != (1.0, False)
)

_PATCH = 80  # side of the cached, unrotated patch around a die (pixels)
_PATCH_SPAN = 3.6  # its side over the die side: room for the rotated, jittered crop


def die_patch(image_bgr: np.ndarray, centre: tuple[float, float], die_px: float) -> np.ndarray:
    """A ``_PATCH`` square BGR patch, ``_PATCH_SPAN`` die sides wide, centred on ``centre``
    (the first, image-dependent step of ``crop_features``; training caches it)."""
    side = max(4, int(round(_PATCH_SPAN * die_px)))
    patch = cv2.getRectSubPix(image_bgr, (side, side), (float(centre[0]), float(centre[1])))
    return cv2.resize(patch, (_PATCH, _PATCH), interpolation=cv2.INTER_AREA)


def crop_matrix(view: DieView, die_px: float, scale: float = 1.0) -> np.ndarray:
    """2x3 map from ``_CROP`` crop pixels to ``die_patch`` pixels: the die's top face plane
    rectified (a flat die's top face is a square ``_CROP / _SPAN`` pixels wide, x ``1 /
    scale``) and turned so that the side where perspective shows a flat die's side faces
    (toward the point below the camera) is straight up."""
    lean = view.lean
    if np.linalg.norm(lean) < 1e-6:  # below the camera: no side shows; keep the image's up
        lean = np.linalg.solve(view.lin, np.array([0.0, -1.0]))
    lx, ly = lean / np.linalg.norm(lean)
    rot = np.array([[-ly, -lx], [lx, -ly]])  # crop up (0, -1) -> the lean's direction
    k = _PATCH / (_PATCH_SPAN * die_px)  # patch pixels per image pixel
    a = k * view.lin @ rot * (scale * _SPAN / _CROP)
    b = np.full(2, _PATCH / 2) - a @ np.full(2, _CROP / 2)
    return np.column_stack([a, b])


def _crop(patch: np.ndarray, m: np.ndarray, flip: bool = False) -> np.ndarray:
    """The ``_CROP`` square of a ``die_patch`` through ``crop_matrix`` ``m`` (mirrored left to
    right if ``flip``: the side faces' side stays up)."""
    crop = cv2.warpAffine(
        patch,
        m,
        (_CROP, _CROP),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return np.ascontiguousarray(crop[:, ::-1]) if flip else crop


def _hog(gx: np.ndarray, gy: np.ndarray) -> np.ndarray:
    """Unsigned gradient-orientation histograms over ``_CELL`` cells, each cell L2-normalised
    (``gx``, ``gy``: the crop's grey Sobel gradients)."""
    mag = np.hypot(gx, gy)
    ang = np.mod(np.arctan2(gy, gx), np.pi) / np.pi * _BINS
    fl = np.floor(ang)
    b0 = fl.astype(int) % _BINS
    frac = ang - fl
    n = _CROP // _CELL
    # One bincount over (cell, bin) indices (np.add.at was most of the features' time).
    idx = np.concatenate([(_CELL_INDEX + b0).ravel(), (_CELL_INDEX + (b0 + 1) % _BINS).ravel()])
    w = np.concatenate([(mag * (1 - frac)).ravel(), (mag * frac).ravel()])
    hist = np.bincount(idx, w, minlength=n * n * _BINS).astype(np.float32).reshape(n, n, _BINS)
    hist /= np.linalg.norm(hist, axis=2, keepdims=True) + 1e-3 * (mag.mean() + 1.0)
    return hist.ravel()


_CELL_INDEX = (
    (np.mgrid[0:_CROP, 0:_CROP] // _CELL) * np.array([_CROP // _CELL * _BINS, _BINS])[:, None, None]
).sum(0)  # each crop pixel's first histogram slot


def crop_features(
    image_bgr: np.ndarray,
    centre: tuple[float, float],
    die_px: float,
    cues: tuple[float, ...] | None = None,
    view: DieView | None = None,
) -> np.ndarray:
    """Feature vector of the die whose top face is centred at ``centre`` (image pixels);
    ``die_px`` is the die side in pixels, ``cues`` the ``TiltCues`` values (zeros if None),
    ``view`` how a flat die shows there (``CameraView.at``; None: a camera straight down)."""
    if die_px <= 0:
        raise ValueError(f"die_px must be positive, got {die_px}")
    if view is None:
        h, w = image_bgr.shape[:2]
        view = CameraView.straight_down((w, h), die_px).at(centre)
    return patch_features(die_patch(image_bgr, centre, die_px), view, die_px, cues)


def patch_features(
    patch: np.ndarray,
    view: DieView,
    die_px: float,
    cues: tuple[float, ...] | np.ndarray | None = None,
    scale: float = 1.0,
    flip: bool = False,
) -> np.ndarray:
    """``crop_features`` from a ``die_patch`` (made with ``die_px``) and the die's ``view``;
    ``scale`` > 1 reads the die as bigger than the view says (training jitters the size with
    it), ``flip`` mirrors the crop (training doubles its examples with it)."""
    crop = _crop(patch, crop_matrix(view, die_px, scale), flip)
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    # Face colour from the crop's centre (the top face); similarity = chroma direction cosine.
    f = crop.astype(np.float32) + 1.0
    ref = _centre_median(f)
    # Each pixel's colour length, and the reference's: used here and by the masks.
    norm, norm_ref = colour_length(f), np.linalg.norm(ref)
    cos = (f @ ref) / (norm * norm_ref + 1e-6)
    chroma = cv2.resize(
        np.clip((cos - 0.95) * 20, 0, 1), (_CHROMA, _CHROMA), interpolation=cv2.INTER_AREA
    )
    g = (gray - gray.mean()) / (gray.std() + 5.0)
    small = cv2.resize(g, (_SMALL, _SMALL), interpolation=cv2.INTER_AREA)
    cue = np.zeros(N_CUES, np.float32) if cues is None else np.asarray(cues, np.float32)
    # How wide perspective shows a flat die's side face here (die sides): a side face on the
    # crop's upper side is less telling the wider that is.
    lean_sides = float(np.linalg.norm(view.lean))
    lean = 2.5 * lean_sides
    place = np.array([lean, lean**2], np.float32)
    face, body = _face_and_body(norm / (norm_ref + 1e-6), cos)
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    parts = [_hog(gx, gy), chroma.ravel(), small.ravel(), cue, place]
    parts += [_thumb(face), _thumb(body), mask_shape(face, body, _CROP / _SPAN)]
    parts.append(_outside(face, body, lean_sides))
    parts.append(shape_cues(face, body, lean_sides, _CROP / _SPAN))
    parts.append(edge_profiles(gx, gy, _CROP / _SPAN))
    return np.concatenate(parts).astype(np.float32)


_C0, _C1 = int(_CROP * 0.4), int(_CROP * 0.6)  # the crop's centre square (the top face)
_MID = ((_C1 - _C0) ** 2 - 1) // 2  # its middle pixel in order (an odd count: 81)
assert (_C1 - _C0) % 2 == 1, "_centre_median takes the middle of an odd count"


def _centre_median(f: np.ndarray) -> np.ndarray:
    """``np.median`` of the crop's centre square's pixels, per channel (``f``: the crop, float):
    with an odd count the middle value itself, which numpy's median returns too (the mean of
    that one value), from a partition without its overhead (~70 -> ~10 us a view)."""
    centre = f[_C0:_C1, _C0:_C1].reshape(-1, f.shape[2])
    mid: np.ndarray = np.partition(centre, _MID, axis=0)[_MID]
    return mid


def _face_and_body(shade: np.ndarray, cos: np.ndarray) -> tuple[np.ndarray, ...]:
    """Masks (uint8) of the top face (the centre's colour and brightness) and of the die body
    (its colour at any shade: top face plus the side faces seen), each the part connected to
    the crop's centre (``shade``: each pixel's colour length over the centre's, ``cos``: the
    cosine of their colours). A tilted top face is foreshortened and its side face shows away
    from where perspective would show a flat die's."""
    same = cos > 0.99
    k = np.ones((3, 3), np.uint8)
    out = []
    for sel in (same & (np.abs(shade - 1.0) < 0.15), same & (shade > 0.25) & (shade < 1.15)):
        m = cv2.morphologyEx(sel.view(np.uint8), cv2.MORPH_CLOSE, k)  # pips belong to it
        n, lab = cv2.connectedComponents(m, connectivity=4)
        if n < 2:  # no component: the mask as closed (all background)
            out.append(m)
            continue
        c = _CROP // 2
        li = np.bincount(lab[c - 2 : c + 3, c - 2 : c + 3].ravel(), minlength=2)[1:].argmax() + 1
        out.append((lab == li).view(np.uint8))
    return tuple(out)


def _thumb(m: np.ndarray) -> np.ndarray:
    return cv2.resize(m.astype(np.float32), (_MASK, _MASK), interpolation=cv2.INTER_AREA).ravel()


def _outside(face: np.ndarray, body: np.ndarray, lean: float) -> np.ndarray:
    """Shares of the die body outside where a flat die's body can show (its top face, of any
    turn, swept up the crop by perspective's ``lean`` in die sides) at two margins, and of the
    top face outside the disc any flat top face fits in: a cocked die shows itself beyond."""
    die = _CROP / _SPAN
    yy, xx = _GRID
    up = np.clip(-yy, 0.0, lean * die)  # nearest point on the sweep, along the crop's up
    d_sweep = np.hypot(xx, yy + up) / die
    out = []
    # The masks are 0 / 1: their sums are counts (np.count_nonzero, the same whole numbers).
    for m, beyond in ((body, d_sweep > 0.75), (body, d_sweep > 0.95), (face, _OFF_DISC)):
        n = np.count_nonzero(m)
        out.append(np.count_nonzero(m[beyond]) / n if n else 0.0)
    return np.array(out, np.float32)


# Where ``_outside``'s shares sit in the feature vector; BODY_BEYOND: the die body's share
# beyond 0.95 die sides of a flat die's sweep (``vision.dice_tilt.model_call`` reads it).
_AT_OUTSIDE = N_FEATURES - N_OUTSIDE - N_GEOMETRY - N_PROFILE
BODY_BEYOND = _AT_OUTSIDE + 1
_GRID = np.mgrid[0:_CROP, 0:_CROP].astype(np.float32) - _CROP / 2 + 0.5  # (y, x) from the middle
_DISC = np.hypot(_GRID[1], _GRID[0]) / (_CROP / _SPAN)
_OFF_DISC = _DISC > 0.75  # outside the disc any flat top face fits in (_outside)


@dataclass(frozen=True)
class CockedModel:
    """One-hidden-layer network: h = relu(((x - mean) / scale) @ w1 + b1),
    p(cocked) = sigmoid(h @ w2 + b2). ``threshold`` was chosen for precision first (a false
    "cocked" voids a good roll); ``threshold_no_board`` is for dice judged without a board,
    whose camera is unknown (an oblique webcam or a phone close over a tray shows every flat
    die's side faces, anywhere)."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float
    threshold: float
    threshold_no_board: float = 1.0

    def cocked(self, feats: np.ndarray, board: bool) -> bool:
        """The call for one feature vector (``board``: the view came from a board)."""
        return self.probability(feats) > (self.threshold if board else self.threshold_no_board)

    @staticmethod
    def load(path: Path | str = MODEL_PATH, widen: bool = False) -> CockedModel:
        """The model stored at ``path`` (cached: loaded once per path). ``widen``: a model
        taking fewer features than ``N_FEATURES`` (trained before the last ones were added) is
        ``widened`` to take them all."""
        return _load(str(path), widen)

    def save(self, path: Path | str = MODEL_PATH) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        arrs = {k: np.asarray(v, np.float32) for k, v in vars(self).items()}
        np.savez_compressed(path, **arrs)  # type: ignore[arg-type]  # numpy's stub takes **kwds for allow_pickle

    def joined(self, other: CockedModel, weight: float = 0.5) -> CockedModel:
        """One network whose logit is ``(1 - weight)`` x this one's plus ``weight`` x
        ``other``'s (their hidden units side by side, ``other``'s first layer moved onto this
        one's feature scaling); this model's thresholds. Models trained on different renders
        make an ensemble that runs as one."""
        r = self.scale / other.scale  # other's scaled input = ours x r + (ours' mean - theirs)
        w1 = other.w1 * r[:, None]
        b1 = other.b1 + ((self.mean - other.mean) / other.scale) @ other.w1
        return replace(
            self,
            w1=np.concatenate([self.w1, w1], axis=1).astype(np.float32),
            b1=np.concatenate([self.b1, b1]).astype(np.float32),
            w2=np.concatenate([(1 - weight) * self.w2, weight * other.w2]).astype(np.float32),
            b2=float((1 - weight) * self.b2 + weight * other.b2),
        )

    def widened(self, n_features: int, at: int | None = None) -> CockedModel:
        """The same network taking ``n_features`` inputs: the added ones (at the end, or from
        index ``at``: features a newer ``N_FEATURES`` put there) are ignored, so a network
        trained without them can be joined with one trained on them."""
        k = n_features - self.w1.shape[0]
        if k < 0:
            raise ValueError(f"cannot narrow a model of {self.w1.shape[0]} inputs to {n_features}")
        i = self.w1.shape[0] if at is None else at

        def put(a: np.ndarray, fill: np.ndarray) -> np.ndarray:
            return np.concatenate([a[:i], fill, a[i:]]).astype(np.float32)

        return replace(
            self,
            mean=put(self.mean, np.zeros(k)),
            scale=put(self.scale, np.ones(k)),
            w1=put(self.w1, np.zeros((k, self.w1.shape[1]))),
        )

    def probability(self, feats: np.ndarray) -> float:
        """p(cocked) for one feature vector."""
        return float(self.probabilities(feats[None])[0])

    def probabilities(self, feats: np.ndarray) -> np.ndarray:
        """p(cocked) for each row of ``feats``."""
        h = np.maximum(0.0, ((feats - self.mean) / self.scale) @ self.w1 + self.b1)
        p: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(h @ self.w2 + self.b2, -30, 30)))
        return p


@lru_cache(maxsize=4)
def _load(path: str, widen: bool = False) -> CockedModel:
    if not Path(path).is_file():
        raise FileNotFoundError(f"cocked-die model not found at {path}; run vision/train_cocked.py")
    z = np.load(path)
    k = z["w1"].shape[0]
    if k != N_FEATURES and not (widen and k < N_FEATURES):
        raise ValueError(f"cocked-die model {path} takes {k} features, need {N_FEATURES}")
    no_board = float(z["threshold_no_board"]) if "threshold_no_board" in z else 1.0
    m = CockedModel(
        z["mean"],
        z["scale"],
        z["w1"],
        z["b1"],
        z["w2"],
        float(z["b2"]),
        float(z["threshold"]),
        no_board,
    )
    return m.widened(N_FEATURES) if k < N_FEATURES else m
