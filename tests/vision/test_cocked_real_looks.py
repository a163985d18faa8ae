"""vision.train_cocked.real_looks: training patches made to look like a real camera's (blurred,
faint against their surroundings, faded), seeded."""

from __future__ import annotations

import cv2
import numpy as np

from vision.train_cocked import real_looks


def _die_patch() -> np.ndarray:
    """An 80 px patch: a cream die with two dark pips on grey paper (the paper webcam's look)."""
    p = np.full((80, 80, 3), (185, 190, 190), np.uint8)
    cv2.rectangle(p, (29, 29), (51, 51), (200, 225, 235), -1)
    for c in ((35, 35), (45, 45)):
        cv2.circle(p, c, 3, (40, 40, 40), -1)
    return p


def test_real_looks_is_seeded_and_keeps_the_patch_shape() -> None:
    p = _die_patch()
    a = [real_looks(p, np.random.default_rng(3)) for _ in range(2)]
    assert a[0].shape == p.shape and a[0].dtype == np.uint8
    assert np.array_equal(a[0], a[1])


def test_real_looks_softens_fades_and_keeps_the_mean() -> None:
    """Over many draws: some patches blurred (weaker edges), some fainter against their
    surroundings, some greyer; none brighter or darker overall by more than a few levels."""
    p = _die_patch()
    rng = np.random.default_rng(11)

    def edge(q: np.ndarray) -> float:
        g = cv2.cvtColor(q, cv2.COLOR_BGR2GRAY).astype(np.float32)
        return float(np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0)).max())

    def spread(q: np.ndarray) -> float:  # the die's lightness over the paper's
        g = cv2.cvtColor(q, cv2.COLOR_BGR2GRAY).astype(np.float32)
        return float(g[38:42, 30:34].mean() - g[5:15, 5:15].mean())

    def chroma(q: np.ndarray) -> float:
        f = q.astype(np.float32)
        return float(np.abs(f - f.mean(axis=2, keepdims=True))[40, 31].sum())

    out = [real_looks(p, rng) for _ in range(60)]
    assert sum(edge(q) < 0.6 * edge(p) for q in out) >= 20
    assert sum(spread(q) < 0.7 * spread(p) for q in out) >= 10
    assert sum(chroma(q) < 0.8 * chroma(p) for q in out) >= 10
    assert sum(np.array_equal(q, p) for q in out) >= 3  # some left as rendered
    assert max(abs(float(q.mean()) - float(p.mean())) for q in out) < 3.0
