"""vision.pip_groups: splitting a pip cluster at its longest spanning-tree hop."""

from __future__ import annotations

import numpy as np

from vision.pip_groups import mst_cut


def test_two_faces_side_by_side_split_apart() -> None:
    six = [(0, 0), (0, 10), (0, 20), (12, 0), (12, 10), (12, 20)]
    four = [(40, 0), (40, 12), (52, 0), (52, 12)]
    a, b = mst_cut(np.array(six + four, float))
    assert {frozenset(a), frozenset(b)} == {frozenset(range(6)), frozenset(range(6, 10))}


def test_tiny_inputs() -> None:
    assert mst_cut(np.zeros((1, 2))) == ([0], [])
    a, b = mst_cut(np.array([[0, 0], [5, 0]], float))
    assert sorted(a + b) == [0, 1] and len(a) == len(b) == 1


def test_median_is_numpys() -> None:
    from vision.face_completion import patch_median as _patch_median
    from vision.pip_groups import median

    rng = np.random.default_rng(0)
    for n in range(1, 12):
        for _ in range(50):
            vals = (rng.normal(0, 30, n) * rng.choice([1.0, 1e-3])).tolist()
            assert median(vals) == float(np.median(vals))
            patch = rng.integers(0, 256, (n, int(rng.integers(1, 6)))).astype(np.uint8)
            assert _patch_median(patch) == float(np.median(patch))
    assert np.isnan(median([1.0, float("nan"), 2.0]))


def test_mean_and_share_are_numpys() -> None:
    from vision.pip_groups import mean, share

    rng = np.random.default_rng(1)
    for n in range(1, 12):
        for _ in range(200):
            vals = (rng.random(n) * rng.choice([1.0, 1e3, 1e-3])).tolist()
            assert mean(vals) == float(np.mean(vals))
            mask = rng.random(n * 7) < rng.random()
            assert share(mask) == float(np.mean(mask))


def test_a_two_of_small_pips_is_a_face_when_the_die_allows_its_span() -> None:
    # Blurred pips measure small (dev IMG_0028: r 2.1-2.5 for a die of 44 px): their span
    # of 0.6 die sides is past 11 radii, but a die of that size holds it; not twice that.
    from vision.pip_groups import layout_ok, make_group
    from vision.pips import Pip

    def two(span: float) -> tuple[bool, bool]:
        ps = [Pip(0.0, 0.0, 2.3, True, 60.0, 200.0, 140.0, 0.8)]
        ps.append(Pip(span * 0.7071, span * 0.7071, 2.3, True, 60.0, 200.0, 140.0, 0.8))
        g = make_group(ps, 0.0)
        return layout_ok(g), layout_ok(g, 44.0)

    assert two(0.6 * 44) == (False, True)
    assert two(15.0) == (True, True)
    assert two(1.2 * 44) == (False, False)
