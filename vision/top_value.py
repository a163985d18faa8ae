"""A learned top-face value for dice the reader calls cocked or leaves unread.

A cocked die's label is its top face (the face most nearly facing up; DATASET.md). The
geometric reader (``vision.dice_tilt.restate``, ``vision.top_face``) reads most right, but
leaves many unread and some wrong. A small network (``TopValueModel``: one hidden layer,
softmax over the values 1-6; trained on renders only by ``vision.train_top_value``) looks at
the die as ``vision.cocked`` cuts it (the top face's plane of a flat die there, rectified by
the camera the board gives and turned so that perspective's side faces are up), as a grey
thumbnail normalised to the die's face (optionally with what the reader made of it:
``ReadContext``). ``settle`` applies it to one reading restate called cocked or left unread
(``decide``): an unread die takes the model's value at ``bar_unread``; a read the model
disputes takes its value at ``bar_override``; a read of 2 or 3 (``DOUBTED``, most of a
cocked die's wrong reads) to which the model gives under ``bar_doubt`` is left unread. A
wrong value is worse than an unread one: the bars are calibrated on renders the model never
saw (``vision.train_top_value --calibrate``).
The reader does not call ``settle``. Merged into ``restate`` in session 26 it left one more
die in a reading on the test split (board given): the 2 read in the gap between two touching
checkers, which ``vision.dice_gaps`` dropped only while it had a value (it now drops the
unread pair too). Re-measured in session 27 (with that fix), board given, wrong / unread:
IMG_57001-57100 5 / 24 -> 5 / 25, IMG_57101-57200 (real pips) and dev (given and found)
unchanged: no wrong value less, one right read lost.

The committed model (session 26; ``vision/models/top_value.npz``, 0.26 MB) is blind to the
reader's context, trained with quarter turns (``vision.train_top_value``'s doc has the
commands). Only its doubt bar is on (0.094: of the cocked 2s and 3s under it on the
calibration renders IMG_54101-54600, 6 of 8 were wrong). Held-out renders IMG_54601-55100,
readings restate called cocked or left unread (818 labelled): right / wrong / unread 597 /
50 / 171 -> 596 / 41 / 181. Evals: IMG_54601-54700 board given, cocked dice right / wrong /
unread 126 / 10 / 22 -> 126 / 8 / 24; dev given and found unchanged; IMG_53301-53500 found,
dice value wrong 6 -> 4, unread 22 -> 25 (one cocked die right lost, a flat one called cocked
wrong -> unread); the real boards' reads identical. ~0.45 ms a die it judges (one core). The
network does not read what the geometric reader misses: its
argmax is right on 93.6% of the reads that are right, 12% of those that are wrong and 40% of
the dice left unread (p >= 0.9: 11 of 15), so no bar for unread dice nor for overriding a
read reaches 99% there (on the calibration renders: none with 20 calls). Those dice show two
or three faces nearly alike; their top is the face most nearly up, a 3-D judgement. Networks
given the reader's context copy the value read (98.7% / 6% / 35%), and the doubt bar that
such a network's own disagreement gave on the calibration renders lost 3 right reads for 1
wrong one held out.

    >>> import numpy as np
    >>> from vision.cocked_view import CameraView
    >>> img = np.full((200, 200, 3), 90, np.uint8)
    >>> view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0))
    >>> x = value_features(die_patch(img, (100.0, 100.0), 30.0), view, 30.0, ReadContext(None))
    >>> x.shape == (N_VALUE_FEATURES,)
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.cocked import _crop, crop_matrix, die_patch
from vision.cocked_view import DieView

VALUE_MODEL_PATH = Path(__file__).with_name("models") / "top_value.npz"
_THUMB = 32  # side of the grey thumbnail of the 48 px crop (a die ~15 px across, pips ~3 px)
N_CONTEXT = 7 + 6 + 6 + 3  # value read (0-6), faces aside by value, their pip counts, others
N_VALUE_FEATURES = _THUMB * _THUMB + N_CONTEXT
# The views a die is judged on (size scale, mirrored): their probabilities are averaged.
VALUE_VIEWS = ((1.0, False), (1.0, True))


@dataclass(frozen=True)
class ReadContext:
    """What the reader made of a die: ``value`` read (None: unread), the values of the faces
    it put aside on the die (``DieReading.others``; None for an unread one), how many of its
    pips no face counted lie near (``strays``) and whether restate called it cocked."""

    value: int | None
    others: tuple[int | None, ...] = ()
    other_pips: tuple[int, ...] = ()
    strays: int = 0
    cocked: bool = False
    n_pips: int = 0


def _context(c: ReadContext) -> np.ndarray:
    v = np.zeros(N_CONTEXT, np.float32)
    v[0 if c.value is None else int(c.value)] = 1.0
    for val, n in zip(c.others, c.other_pips, strict=False):
        if val is not None and 1 <= val <= 6:
            v[7 + val - 1] += 1.0
        if 1 <= n <= 6:
            v[13 + n - 1] += 1.0
    v[19] = min(c.strays, 6) / 3.0
    v[20] = float(c.cocked)
    v[21] = min(c.n_pips, 9) / 3.0
    return v


def value_features(
    patch: np.ndarray,
    view: DieView,
    die_px: float,
    context: ReadContext | None,
    scale: float = 1.0,
    flip: bool = False,
    rot: int = 0,
) -> np.ndarray:
    """Feature vector of a die from its ``vision.cocked.die_patch`` (made with ``die_px``),
    ``view`` (``CameraView.at`` its centre) and ``context`` (None: zeros, a model blind to
    it); ``scale``/``flip`` as ``vision.cocked.patch_features`` (training's jitter and
    mirror), ``rot`` quarter turns of the thumbnail (training's)."""
    crop = _crop(patch, crop_matrix(view, die_px, scale), flip)
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    small = cv2.resize(grey, (_THUMB, _THUMB), interpolation=cv2.INTER_AREA)
    # Normalised to the die's face (the bright centre) and its pips' contrast: renders and
    # real dice differ in face colour and light; pips are dark on a light face.
    c0, c1 = _THUMB // 2 - 5, _THUMB // 2 + 5
    face = float(np.percentile(small[c0:c1, c0:c1], 80))
    spread = float(small.std()) + 5.0
    g = np.clip((small - face) / spread, -4.0, 2.0)
    if rot:
        g = np.rot90(g, rot)
    ctx = _context(context) if context is not None else np.zeros(N_CONTEXT, np.float32)
    return np.concatenate([g.ravel(), ctx]).astype(np.float32)


@dataclass(frozen=True)
class TopValueModel:
    """h = relu(((x - mean) / scale) @ w1 + b1); p(value = k + 1) = softmax(h @ w2 + b2)[k].
    The bars: see the module doc."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    bar_unread: float = 1.01
    bar_override: float = 1.01
    bar_doubt: float = 0.0
    context: bool = True  # False: trained blind to the reader's context (zeros)

    def probabilities(self, feats: np.ndarray) -> np.ndarray:
        """(n, 6) value probabilities of feature rows ``feats`` (n, ``N_VALUE_FEATURES``)."""
        h = np.maximum(0.0, ((feats - self.mean) / self.scale) @ self.w1 + self.b1)
        z = h @ self.w2 + self.b2
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        out: np.ndarray = e / e.sum(axis=1, keepdims=True)
        return out

    def judge(
        self, patch: np.ndarray, view: DieView, die_px: float, context: ReadContext
    ) -> np.ndarray:
        """The six value probabilities of a die, averaged over ``VALUE_VIEWS``."""
        ctx = context if self.context else None
        rows = np.array([value_features(patch, view, die_px, ctx, s, f) for s, f in VALUE_VIEWS])
        out: np.ndarray = self.probabilities(rows).mean(axis=0)
        return out

    def save(self, path: Path | str = VALUE_MODEL_PATH) -> None:
        arrs = {k: np.asarray(v, np.float32) for k, v in vars(self).items()}
        np.savez_compressed(path, **arrs)  # type: ignore[arg-type]

    @staticmethod
    def load(path: Path | str = VALUE_MODEL_PATH) -> TopValueModel | None:
        """The model stored at ``path`` (loaded once per path); None if there is none."""
        return _load(str(path))


@lru_cache(maxsize=4)
def _load(path: str) -> TopValueModel | None:
    if not Path(path).is_file():
        return None
    z = np.load(path)
    if z["w1"].shape[0] != N_VALUE_FEATURES:
        raise ValueError(f"top-value model {path} takes {z['w1'].shape[0]} features")
    return TopValueModel(
        z["mean"],
        z["scale"],
        z["w1"],
        z["b1"],
        z["w2"],
        z["b2"],
        float(z["bar_unread"]),
        float(z["bar_override"]),
        float(z["bar_doubt"]),
        bool(z["context"]) if "context" in z else True,
    )


# Values whose reads the model may doubt: a cocked die's wrong reads are mostly a 2 or a 3 (a
# side face's, or part of a face): renders IMG_45401-51600 (train), 114 of 169 wrong reads.
DOUBTED = (2, 3)


def decide(p: np.ndarray, value: int | None, model: TopValueModel) -> tuple[int | None, bool]:
    """(value, changed) from the model's six probabilities ``p`` and the value read: an unread
    die takes the model's value at ``bar_unread``; a read the model disputes at
    ``bar_override`` takes its value; a read of a ``DOUBTED`` value that the model gives less
    than ``bar_doubt`` is left unread.

    >>> m = TopValueModel(*(np.zeros(1),) * 6, bar_unread=0.9, bar_override=0.99, bar_doubt=0.1)
    >>> decide(np.array([0.95, 0.01, 0.01, 0.01, 0.01, 0.01]), None, m)
    (1, True)
    >>> decide(np.array([0.85, 0.05, 0.03, 0.03, 0.02, 0.02]), 2, m)  # doubted: unread
    (None, True)
    >>> decide(np.array([0.85, 0.05, 0.03, 0.03, 0.02, 0.02]), 5, m)  # a 5: kept
    (5, False)
    >>> decide(np.array([0.5, 0.3, 0.05, 0.05, 0.05, 0.05]), 2, m)
    (2, False)
    """
    k = int(np.argmax(p))
    best = float(p[k])
    if value is None:
        return (k + 1, True) if best >= model.bar_unread else (None, False)
    if k + 1 != value and best >= model.bar_override:
        return k + 1, True
    if value in DOUBTED and float(p[value - 1]) < model.bar_doubt:
        return None, True
    return value, False


def settle(
    image_bgr: np.ndarray, reading: Any, view: DieView, die_px: float, strays: int = 0
) -> Any:
    """``reading`` (a ``vision.dice.DieReading`` restate called cocked or left unread) with
    its value settled by the model (``decide``); as it is without a model file. ``view``: a
    flat die's view at its centre, ``strays``: ``vision.cocked_strays.strays_beside``."""
    model = TopValueModel.load()
    if model is None or not _may_change(reading.value, model):
        return reading
    others = tuple(getattr(reading, "others", ()))[:4]
    context = ReadContext(
        reading.value,
        tuple(o.value for o in others),
        tuple(len(o.pips) for o in others),
        strays,
        reading.state == "cocked",
        len(reading.pips) if reading.value is not None else 0,
    )
    p = model.judge(die_patch(image_bgr, reading.centre, die_px), view, die_px, context)
    value, changed = decide(p, reading.value, model)
    return replace(reading, value=value) if changed else reading


def _may_change(value: int | None, model: TopValueModel) -> bool:
    """Whether ``decide`` can change a read of ``value`` at the model's bars (else the model
    is not run: ~1 ms a die)."""
    if value is None:
        return model.bar_unread <= 1.0
    return model.bar_override <= 1.0 or (value in DOUBTED and model.bar_doubt > 0.0)
