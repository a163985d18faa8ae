"""Read the number on the doubling cube's top face (2, 4, 8, 16, 32 or 64).

Given where :func:`vision.cube.find_cube` saw the cube, a patch around it is warped top-down from
the frame.  Every pixel's colour distance from the cube's body (the median of the patch's middle:
the digits cover well under half of a face) is the "ink".  The cube's turn (modulo a quarter) comes
from its edges; the patch is turned square and scaled so that a face of the expected size spans a
fixed number of pixels (at three sizes: cubes differ, and the top face is nearer the camera).
Each number, drawn in a plain bold font at the four quarter turns, is then slid over the ink by
normalised correlation, coarse to fine; the number is answered only when it clearly beats the
others.

The face was first segmented as the body-coloured region around the middle; that fails when the
cube lies on a background of its own colour (a white cube on paper, a black one on dark wood), and
sliding the numbers over the unsegmented ink read more faces right (train renders: 152 -> 162 of
168 best guesses).

::

    face = read_cube_face(frame, homography, centre=(600.0, 450.0), cube_px=55.0)
    face.value  # None when unreadable
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.medians import channel_medians
from vision.warp import warp_perspective

CUBE_FACES = (2, 4, 8, 16, 32, 64)
_FACE = 28  # a face of the expected size is scaled to this many pixels square
_PAD = 3  # slack (pixels) left to the fine search around the coarse position
_SLACK = int(0.25 * _FACE) + _PAD  # the face's middle may be a quarter cube off the blob's
_SIZES = (0.85, 1.0, 1.15)  # seen faces are 0.8-1.17 of the expected cube side (train renders)
# A correlation this close is answered at this margin (train renders' found cubes: 149 -> 153
# read, all right; at 0.82 and margin 0.0 a 64 read as 16).
_SURE = (0.75, 0.02)
# A read this good that names no number is read again turned these angles (degrees) more.
_RETURN = (0.6, -30.0, 30.0)
_PATCH = 2.0  # the warped patch spans this many cube sides
_PATCH_PX = 96  # ... in this many pixels


@dataclass(frozen=True)
class FaceRead:
    """``value`` None when unreadable; ``score`` the best value's correlation (-1..1) and
    ``margin`` how far it beats the best other value."""

    value: int | None
    score: float
    margin: float


@lru_cache(maxsize=1)
def _templates() -> tuple[np.ndarray, np.ndarray]:
    """Each number as ink on body on a face _FACE square at the four quarter turns, about 62% of
    the face wide at most and 50% high as cubes print them, as rows (value-major, then turn) of
    zero-mean unit-norm vectors; and the same at half size."""
    full, half = [], []
    font = cv2.FONT_HERSHEY_DUPLEX
    big = 4 * _FACE  # drawn large, then area-averaged down: smooth strokes
    for v in CUBE_FACES:
        text = str(v)
        thick = max(2, big // 24)
        (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
        scale = min(big * 0.62 / tw, big * 0.5 / th)
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
        canvas = np.zeros((big, big), np.uint8)
        org = ((big - tw) // 2, (big + th) // 2)
        cv2.putText(canvas, text, org, font, scale, 255, thick, cv2.LINE_AA)
        shrunk = cv2.resize(canvas, (_FACE, _FACE), interpolation=cv2.INTER_AREA)
        t = cv2.GaussianBlur(shrunk.astype(np.float32) / 255.0, (3, 3), 0)
        for k in range(4):
            turned = np.ascontiguousarray(np.rot90(t, k))
            full.append(turned.ravel())
            half.append(_half(turned).ravel())
    unit = [np.ascontiguousarray(_unit_rows(np.array(m)), np.float32) for m in (full, half)]
    return unit[0], unit[1]


def _unit_rows(m: np.ndarray) -> np.ndarray:
    """Rows made zero-mean and unit-norm (flat rows stay zero): their dot products are the
    normalised correlation cv2's TM_CCOEFF_NORMED gives."""
    m = m - m.mean(axis=1, keepdims=True)
    norm = np.sqrt(np.square(m).sum(axis=1, keepdims=True))
    m /= np.maximum(norm, 1e-6)  # in place: the same numbers, one array fewer
    return m


def _unit_rows_in_place(m: np.ndarray) -> np.ndarray:
    """``_unit_rows`` of a float array the caller owns, overwritten (the same numbers, no
    array of its size made but the squares')."""
    m -= m.mean(axis=1, keepdims=True)
    norm = np.sqrt(np.square(m).sum(axis=1, keepdims=True))
    m /= np.maximum(norm, 1e-6)
    return m


def _windows(img: np.ndarray, side: int) -> np.ndarray:
    """Every side x side window of ``img`` as a row, row-major by position."""
    # as_strided with sliding_window_view's shape and strides, without its checks (a fifth of
    # a cube read's time went to them); the reshape copies, so nothing writes through the view.
    rows, cols = img.shape
    s0, s1 = img.strides
    w = np.lib.stride_tricks.as_strided(
        img, (rows - side + 1, cols - side + 1, side, side), (s0, s1, s0, s1), writeable=False
    )
    return w.reshape(-1, side * side)


def _windows_of(imgs: list[np.ndarray], side: int) -> np.ndarray:
    """``np.concatenate([_windows(img, side) for img in imgs])`` of maps of one shape and
    type, each map's windows written straight into the one array (no copy per map)."""
    rows, cols = imgs[0].shape
    shape = (rows - side + 1, cols - side + 1, side, side)
    k = shape[0] * shape[1]
    out = np.empty((len(imgs) * k, side * side), imgs[0].dtype)
    for i, img in enumerate(imgs):
        s0, s1 = img.strides
        w = np.lib.stride_tricks.as_strided(img, shape, (s0, s1, s0, s1), writeable=False)
        out[i * k : (i + 1) * k].reshape(shape)[...] = w
    return out


def _correlate(windows: np.ndarray, templates: np.ndarray) -> np.ndarray:
    """Normalised correlation of every window (row) with every unit template (row)."""
    return _products(_unit_rows(windows), templates)


def _products(w: np.ndarray, templates: np.ndarray) -> np.ndarray:
    """Unit rows ``w`` times unit templates (rows).  In products of under 2**18
    multiply-adds: OpenBLAS runs those on one thread, larger ones it spread over threads that
    cost ~10x the CPU at these sizes (cv2.gemm was ~8x slower)."""
    step = max(1, (1 << 18) // max(1, w.shape[0] * w.shape[1]))
    parts = [w @ templates[i : i + step].T for i in range(0, templates.shape[0], step)]
    return np.hstack(parts) if len(parts) > 1 else parts[0]


def _half(img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    return cv2.resize(img, (w // 2, h // 2), interpolation=cv2.INTER_AREA)


def _face_patch(
    frame: np.ndarray, homography: np.ndarray, centre: tuple[float, float], cube_px: float
) -> np.ndarray:
    """A top-down BGR patch _PATCH cube sides across around ``centre`` (canonical pixels)."""
    s = _PATCH_PX / (_PATCH * cube_px)
    x0, y0 = centre[0] - _PATCH * cube_px / 2, centre[1] - _PATCH * cube_px / 2
    a = np.array([[s, 0, -s * x0], [0, s, -s * y0], [0, 0, 1.0]])
    return warp_perspective(frame, a @ homography, (_PATCH_PX, _PATCH_PX))


def _body_distance(patch: np.ndarray) -> np.ndarray:
    """Each pixel's Lab distance from the body colour (the median of the patch's middle)."""
    lab8 = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB)
    c, r = patch.shape[0] // 2, int(patch.shape[0] / _PATCH * 0.3)
    # np.median of the whole values, from their histogram (the same float32 numbers).
    body = channel_medians(lab8[c - r : c + r, c - r : c + r]).tolist()
    lab = lab8.astype(np.float32)
    # Channel by channel: the sum over a last axis of 3 in numpy's order, without its slow
    # reduction over that axis.
    sq = [(lab[..., k] - np.float32(body[k])) ** 2 for k in range(3)]
    dist: np.ndarray = np.sqrt(sq[0] + sq[1] + sq[2])
    return dist


def _edge_angle(dist: np.ndarray) -> float:
    """The cube's turn (degrees, modulo 90) from its edges: gradient directions weighted by
    strength, folded four times round so that the four sides of a square agree."""
    gx = cv2.Sobel(dist, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(dist, cv2.CV_32F, 0, 1, ksize=3)
    # g**4 / |g|**2 = |g|**2 * exp(4i theta) for g = gx + i gy, without a trigonometric call.
    re2, im2 = gx * gx - gy * gy, 2 * gx * gy
    w = np.maximum(gx * gx + gy * gy, 1e-6)
    re4, im4 = (re2 * re2 - im2 * im2) / w, (2 * re2 * im2) / w
    return float(np.degrees(np.arctan2(im4.sum(), re4.sum())) / 4)


def _ink_windows(dist: np.ndarray, angle: float) -> list[np.ndarray]:
    """Ink maps (0..1) of the patch's middle (``dist``: its distance from the body) turned
    square by ``angle``, one per likely face size, each scaled so that such a face spans
    _FACE, with _SLACK of room on every side."""
    n = dist.shape[0]
    cube, c = n / _PATCH, n / 2
    win = _FACE + 2 * _SLACK
    out = []
    for size in _SIZES:
        m = cv2.getRotationMatrix2D((c, c), angle, _FACE / (size * cube))
        m[:, 2] += (win / 2 - c, win / 2 - c)
        d = cv2.warpAffine(
            dist, m, (win, win), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
        # The distance itself, not a threshold (one fattens soft strokes into blobs), from the
        # body's level to the strokes' (correlation ignores gain and offset anyway).
        core = d[_SLACK : _SLACK + _FACE, _SLACK : _SLACK + _FACE]
        flat = core.ravel()
        hi = int(round(0.98 * (flat.size - 1)))
        part = np.partition(flat, (flat.size // 2, hi))
        level, top = float(part[flat.size // 2]), float(part[hi])
        out.append((np.clip(d, level, top) - level) / max(top - level, 1.0))
    return out


def read_ink(inks: list[np.ndarray]) -> FaceRead:
    """The number on ink maps of a face (_FACE square plus _SLACK): each number's best
    correlation over the maps, the four quarter turns and the slack in position.  The position
    is found on half-size maps with all numbers, then refined at full size within _PAD.  All
    correlations of a stage are one matrix product (cv2.matchTemplate, one call per template
    and map, cost ~4 ms a cube, most of it per call)."""
    full, half = _templates()
    hs, n_turns = _FACE // 2, 4
    best = np.full(len(CUBE_FACES), -1.0)
    # Every map's windows made unit rows in one call a stage (a row's numbers do not depend
    # on the rows beside it), each map's then correlated as before: a third of the calls.
    smalls = [_half(ink) for ink in inks]
    coarse_all = _unit_rows_in_place(_windows_of(smalls, hs))
    n = len(coarse_all) // len(inks)
    nears = []
    for i, (ink, small) in enumerate(zip(inks, smalls, strict=True)):
        coarse = _products(coarse_all[i * n : (i + 1) * n], half)
        pos = int(np.argmax(coarse.max(axis=1)))
        # Each number at its best quarter turn on the coarse map: the fine stage tries only those.
        turn = coarse.max(axis=0).reshape(len(CUBE_FACES), n_turns).argmax(axis=1)
        rows = np.arange(len(CUBE_FACES)) * n_turns + turn
        span = small.shape[1] - hs + 1
        at = (pos % span, pos // span)
        x = min(max(2 * at[0] - _PAD, 0), ink.shape[1] - _FACE - 2 * _PAD)
        y = min(max(2 * at[1] - _PAD, 0), ink.shape[0] - _FACE - 2 * _PAD)
        near = ink[y : y + _FACE + 2 * _PAD, x : x + _FACE + 2 * _PAD]
        nears.append((near, rows))
    fine_all = _unit_rows_in_place(_windows_of([near for near, _ in nears], _FACE))
    m = len(fine_all) // len(inks)
    for i, (_, rows) in enumerate(nears):
        best = np.maximum(best, _products(fine_all[i * m : (i + 1) * m], full[rows]).max(axis=0))
    order = np.argsort(-best)
    top, second = float(best[order[0]]), float(best[order[1]])
    return FaceRead(CUBE_FACES[int(order[0])], top, top - second)


def read_cube_face(
    frame: np.ndarray,
    homography: np.ndarray,
    centre: tuple[float, float],
    cube_px: float,
    min_score: float = 0.4,
    min_margin: float = 0.05,
) -> FaceRead:
    """The cube's face value at ``centre`` (canonical pixels; the cube ~``cube_px`` across),
    value None when no number clearly matches: a correlation of ``min_score`` beating the next
    number by ``min_margin``, or a close match (_SURE) beating it by less: numbers inside one
    another (4 in 64, 6 and 8) stay close even when read right."""
    patch = _face_patch(frame, np.asarray(homography, np.float64), centre, cube_px)
    dist = _body_distance(patch)
    angle = _edge_angle(dist)
    read = read_ink(_ink_windows(dist, angle))
    if not _told(read, min_score, min_margin) and read.score >= _RETURN[0]:
        # A number seen but not told: the turn from the edges fails where the body barely
        # differs from what it lies on (a black cube on a dark bar: dev's off by ~30 degrees,
        # read 0.62-0.68; turned right, 0.85-0.95 and clear).
        for turn in _RETURN[1:]:
            other = read_ink(_ink_windows(dist, angle + turn))
            read = other if other.score > read.score else read
    if not _told(read, min_score, min_margin):
        return FaceRead(None, read.score, read.margin)
    return read


def _told(read: FaceRead, min_score: float, min_margin: float) -> bool:
    """Whether a read clearly names its number (or, a close match, by the smaller margin)."""
    clear = read.score >= min_score and read.margin >= min_margin
    return clear or (read.score >= _SURE[0] and read.margin >= _SURE[1])
