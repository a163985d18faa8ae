"""The pip clustering of vision.dice_tilted gives exactly what the old pair-by-pair join gave:
same clusters, same pips in the same order within each, same order of clusters."""

from __future__ import annotations

import numpy as np
import pytest

import vision.dice_tilted
from vision.dice_tilted import _clusters
from vision.pip_groups import Linked
from vision.pips import Pip


def _reference(ps: list[Pip], reach: float) -> list[list[Pip]]:
    """The old ``_clusters`` (session 25, main 9f1c634): n x n matrix and a Python join loop."""
    n = len(ps)
    if n == 0:
        return []
    xy = np.array([[p.x, p.y] for p in ps])
    near = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) <= reach
    links = Linked(n)
    for i, j in zip(*np.nonzero(np.triu(near, 1)), strict=True):
        links.join(int(i), int(j))
    return [[ps[i] for i in group] for group in links.groups()]


def _pips(xy: np.ndarray) -> list[Pip]:
    return [Pip(float(x), float(y), 3.0, True, 60.0, 200.0, 140.0, 0.8) for x, y in xy]


def _ids(clusters: list[list[Pip]]) -> list[list[int]]:
    return [[id(p) for p in c] for c in clusters]


@pytest.mark.parametrize("many", [1, vision.dice_tilted._MANY_PIPS])
def test_clusters_equal_the_old_join_on_random_pip_sets(
    many: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # many=1: every set through the numpy components, not only the large ones.
    monkeypatch.setattr(vision.dice_tilted, "_MANY_PIPS", many)
    rng = np.random.default_rng(25)
    for trial in range(3000):
        n = int(rng.integers(0, 60 if trial % 20 else 400))
        span = float(rng.choice([30.0, 100.0, 300.0, 1000.0]))
        xy = rng.uniform(0.0, span, (n, 2))
        if trial % 3 == 0:  # on a grid: ties in x and pairs at exactly the reach
            xy = np.round(xy / 11.0) * 11.0
        if trial % 7 == 0 and n > 1:  # repeated points
            xy[n // 2 :] = xy[: n - n // 2]
        reach = float(rng.choice([0.0, 11.0, 22.0, rng.uniform(1.0, 60.0)]))
        ps = _pips(xy)
        assert _ids(_clusters(ps, reach)) == _ids(_reference(ps, reach)), (trial, n, reach)


def test_a_chain_is_one_cluster_in_index_order() -> None:
    assert vision.dice_tilted._MANY_PIPS <= 200  # the numpy path
    # A long chain shuffled: the propagation must cross it whatever the order.
    order = np.random.default_rng(3).permutation(200)
    ps = _pips(np.stack([order * 10.0, np.zeros(200)], axis=1))
    (only,) = _clusters(ps, 10.0)
    assert only == ps
    assert len(_clusters(ps, 9.99)) == 200
