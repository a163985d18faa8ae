"""vision.cocked_shape: a flat die's body is its top face swept up the crop by perspective's
lean; a cocked die's top face is foreshortened and its body shows beyond that sweep."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cocked import N_FEATURES, CockedModel
from vision.cocked_shape import N_GEOMETRY, N_PROFILE, edge_profiles, shape_cues

CROP, DIE = 48, 48 / 2.2


def _square(sides: tuple[float, float], turn_deg: float, shift: tuple[float, float] = (0, 0)):
    """Corners of a rectangle of ``sides`` (die sides) turned by ``turn_deg``, centred in the
    crop and moved by ``shift`` (die sides)."""
    t = np.radians(turn_deg)
    u, v = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    c = np.array([CROP / 2, CROP / 2]) + DIE * np.array(shift)
    a, b = sides[0] * DIE / 2, sides[1] * DIE / 2
    return np.array([c - a * u - b * v, c + a * u - b * v, c + a * u + b * v, c - a * u + b * v])


def _mask(*polys: np.ndarray) -> np.ndarray:
    m = np.zeros((CROP, CROP), np.uint8)
    for p in polys:
        cv2.fillConvexPoly(m, np.round(p).astype(np.int32), 1)
    return m


@pytest.mark.parametrize("turn", [0.0, 15.0, 30.0])
@pytest.mark.parametrize("lean", [0.0, 0.2, 0.35])  # the sweep inside the crop
def test_a_flat_die_is_its_swept_top_face(turn: float, lean: float) -> None:
    face_pts = _square((1, 1), turn)
    face = _mask(face_pts)
    swept = cv2.convexHull(np.vstack([face_pts, face_pts - [0, lean * DIE]]).astype(np.float32))
    body = _mask(swept.reshape(-1, 2))
    g = shape_cues(face, body, lean, DIE)
    assert g.shape == (N_GEOMETRY,)
    assert g[0] == pytest.approx(1.0, abs=0.1) and g[2] > 0.9 and g[3] > 0.9  # a unit square
    assert g[4] < 0.03 and g[5] < 0.05  # no body beyond the sweep
    if lean > 0:
        assert g[6] > 0.8  # the side faces perspective shows are there
    assert abs(g[7]) < 0.1 and g[8] < 0.1  # as far up as the lean, nothing below


def test_a_cocked_die_shows_a_side_face_no_sweep_explains() -> None:
    """Tilted away from the camera's lean: the top face is foreshortened and a side face shows
    below it, where perspective shows a flat die none."""
    face_pts = _square((1.0, 0.8), 15.0)
    face = _mask(face_pts)
    side = _square((1.0, 0.45), 15.0, shift=(0.05 * np.sin(np.radians(15)), 0.55))
    body = _mask(face_pts, side)
    g = shape_cues(face, body, 0.3, DIE)
    assert g[1] < 0.88 and g[2] < 0.88  # foreshortened
    assert g[4] > 0.2 and g[5] > 0.1  # body beyond the sweep
    assert g[6] < 0.5  # the side faces a flat die would show up the crop are missing
    assert g[8] > 0.3  # body below the face


def test_no_face_gives_zeros() -> None:
    z = np.zeros((CROP, CROP), np.uint8)
    assert not shape_cues(z, z, 0.3, DIE).any()


def test_a_widened_model_ignores_the_added_features() -> None:
    """A network trained before the shape cues existed runs on the longer feature vector (and
    can be joined with one trained on it) with the same probabilities."""
    rng = np.random.default_rng(3)
    k = N_FEATURES - N_GEOMETRY
    old = CockedModel(
        rng.normal(size=k).astype(np.float32),
        rng.uniform(0.5, 2, k).astype(np.float32),
        rng.normal(0, 0.05, (k, 4)).astype(np.float32),
        rng.normal(size=4).astype(np.float32),
        rng.normal(size=4).astype(np.float32),
        0.1,
        0.9,
    )
    wide = old.widened(N_FEATURES)
    x = rng.normal(size=(5, N_FEATURES)).astype(np.float32)
    y = x.copy()
    y[:, k:] = rng.normal(size=(5, N_GEOMETRY))
    assert np.allclose(wide.probabilities(x), old.probabilities(x[:, :k]), atol=1e-6)
    assert np.array_equal(wide.probabilities(x), wide.probabilities(y))
    with pytest.raises(ValueError):
        wide.widened(k)


def test_a_narrower_stored_model_loads_only_when_widened(tmp_path) -> None:
    k = N_FEATURES - N_GEOMETRY
    z = np.zeros(k, np.float32)
    m = CockedModel(z, z + 1, np.zeros((k, 2), np.float32), z[:2], z[:2] + 1, 0.0, 0.9)
    m.save(tmp_path / "narrow.npz")
    with pytest.raises(ValueError, match="features"):
        CockedModel.load(tmp_path / "narrow.npz")
    wide = CockedModel.load(tmp_path / "narrow.npz", widen=True)
    assert wide.w1.shape == (N_FEATURES, 2) and wide.threshold == pytest.approx(0.9)


def _edges(side_band: float) -> np.ndarray:
    """``edge_profiles`` of a light unit top face turned 20 degrees on a dark crop, with a
    side face ``side_band`` die sides wide below it (down the crop: no flat die shows one)."""
    img = np.full((CROP, CROP), 40, np.uint8)
    if side_band:
        band = _square((1.0, side_band), 20.0, shift=(0, 0))
        t = np.radians(20.0)
        down = np.array([-np.sin(t), np.cos(t)]) * DIE * (0.5 + side_band / 2)
        cv2.fillConvexPoly(img, np.round(band + down).astype(np.int32), 120)
    cv2.fillConvexPoly(img, np.round(_square((1, 1), 20.0)).astype(np.int32), 220)
    g = img.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    return edge_profiles(gx, gy, DIE)


def test_edge_profiles_find_the_top_face_and_a_side_face_below_it() -> None:
    from vision.cocked_shape import _R

    flat, cocked = _edges(0.0), _edges(0.4)
    assert flat.shape == (N_PROFILE,)
    ups = flat[-4:]
    assert list(ups) == sorted(ups, reverse=True) and ups[0] > 0.9 and ups[3] < -0.9
    prof = flat[:-4].reshape(4, len(_R))
    far = _R > 0.7
    for p in prof:  # each side's edge half a die side out, nothing beyond
        assert abs(_R[p.argmax()] - 0.5) < 0.08 and p[far].max() < 0.1
    side = cocked[:-4].reshape(4, len(_R))
    # The side face's outer edge 0.9 out on the side facing down the crop only.
    assert side[3][far].max() > 0.3 and abs(_R[far][side[3][far].argmax()] - 0.9) < 0.1
    assert side[0][far].max() < 0.1
