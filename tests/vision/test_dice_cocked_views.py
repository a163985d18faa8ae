"""vision.cocked_views: a die's cocked probability, the mean over its six views, and the cuts
that stop making views once the call is settled (split from test_dice_cocked.py for size)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.vision.test_dice_cocked import _render_set
from vision.cocked import N_FEATURES, CockedModel
from vision.cocked_view import CameraView, DieView


def _constant_model(p: float, threshold: float, no_board: float = 1.0) -> CockedModel:
    """A model that says ``p`` for any die."""
    k = N_FEATURES
    zero = np.zeros((k, 1), np.float32)
    logit = float(np.log(p / (1 - p)))
    return CockedModel(
        np.zeros(k, np.float32),
        np.ones(k, np.float32),
        zero,
        np.zeros(1, np.float32),
        np.zeros(1, np.float32),
        logit,
        threshold,
        no_board,
    )


def test_views_probability_is_the_mean_over_the_six_views(tmp_path: Path) -> None:
    """On rendered dice: the mean of the model's probabilities over ``VIEWS``; with a cut, the
    same call (above or not above the cut) whether or not the other views were made."""
    from vision.cocked import VIEWS, patch_features
    from vision.cocked_samples import DieSamples, collect
    from vision.cocked_views import _SURE_COCKED, _sure_views, views_probability

    s = DieSamples.concat([collect(_render_set(tmp_path, seed=20261125, n=4))])
    assert len(s.state) >= 4
    model = CockedModel.load()
    for k in range(len(s.state)):
        view, d = s.view(k), float(s.die_px[k])
        rows = [patch_features(s.patches[k], view, d, s.cues[k], j, f) for j, f in VIEWS]
        ps = model.probabilities(np.array(rows))
        mean = float(ps.mean())
        assert views_probability(model, s.patches[k], view, d, s.cues[k]) == pytest.approx(mean)
        for cut in (0.3, 0.6, 0.85, 0.9, 0.97):
            cut_p = views_probability(model, s.patches[k], view, d, s.cues[k], cut=cut)
            assert (cut_p > cut) == (mean > cut)
            sure = _sure_views(cut)
            if sure and float(ps[:sure].min()) >= _SURE_COCKED:
                continue  # settled cocked by its first views: the call only, no bound
            # A bound: the mean itself, or past it on the side of the cut the call is.
            assert cut_p >= mean - 1e-6 if cut_p <= cut else cut_p <= mean + 1e-6


def test_views_probability_cut_skips_plainly_flat_dice() -> None:
    """A plain view at 0.5 cannot lift the six-view mean over 0.95: the bound is returned."""
    from vision.cocked import die_patch
    from vision.cocked_views import views_probability

    img = np.full((200, 200, 3), 90, np.uint8)
    view = CameraView.straight_down((200, 200), 40.0).at((100.0, 100.0))
    patch = die_patch(img, (100.0, 100.0), 40.0)
    m = _constant_model(0.5, 0.95)
    assert views_probability(m, patch, view, 40.0, cut=0.95) == pytest.approx(5.5 / 6)
    # At 0.9 the plain view leaves room; two views at 0.5 leave none: (1.0 + 4) / 6.
    assert views_probability(m, patch, view, 40.0, cut=0.9) == pytest.approx(5 / 6)
    assert views_probability(m, patch, view, 40.0) == pytest.approx(0.5)
    # At 0.4, five views at 0.5 pass it whatever the sixth says: (5 x 0.5) / 6.
    assert views_probability(m, patch, view, 40.0, cut=0.4) == pytest.approx(2.5 / 6)
    assert views_probability(m, patch, view, 40.0, cut=0.3) == pytest.approx(2.0 / 6)


def test_views_probability_cut_stops_once_the_views_made_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plain view at 0.8 leaves the mean able to pass 0.9; the next at 0.1 does not (at
    most (0.9 + 4) / 6): the bound is returned after two views, not six."""
    import vision.cocked_views as cvw

    scores = iter([0.8, 0.1])
    model, view, patch, made = _stubbed_views(monkeypatch, lambda: next(scores))
    p = cvw.views_probability(model, patch, view, 40.0, cut=0.9)  # type: ignore[arg-type]
    assert p == pytest.approx(4.9 / 6) and len(made) == 2


def _stubbed_views(
    monkeypatch: pytest.MonkeyPatch, score: Callable[[], float]
) -> tuple[object, DieView, np.ndarray, list[int]]:
    """A model whose every view scores ``score()``, a view and a patch for
    ``views_probability``, and the list each view's features are counted in as they are
    asked for (``patch_features`` stubbed)."""
    import vision.cocked as ck
    import vision.cocked_views as cvw

    made: list[int] = []

    def features(*_args: object, **_kw: object) -> np.ndarray:
        made.append(1)
        return np.zeros(ck.N_FEATURES, np.float32)

    class Scored:
        def probability(self, _feats: np.ndarray) -> float:
            return score()

        def probabilities(self, feats: np.ndarray) -> np.ndarray:
            return np.array([score() for _ in feats])

    monkeypatch.setattr(cvw, "patch_features", features)
    view = CameraView.straight_down((200, 200), 40.0).at((100.0, 100.0))
    return Scored(), view, np.zeros((80, 80, 3), np.uint8), made


def _views_made(monkeypatch: pytest.MonkeyPatch, p: float, cut: float) -> tuple[float, int]:
    """``views_probability`` with every view scored ``p`` at the bar ``cut``: what it returns,
    and how many views it made (each view's features are counted as they are asked for)."""
    import vision.cocked_views as cvw

    model, view, patch, made = _stubbed_views(monkeypatch, lambda: p)
    got = cvw.views_probability(model, patch, view, 40.0, cut=cut)  # type: ignore[arg-type]
    return got, len(made)


@pytest.mark.parametrize(
    ("p", "cut", "views"),
    [
        (0.97, 0.905, 6),
        (0.97, 0.85, 2),
        (0.97, 0.75, 1),
        (0.97, 0.7, 1),
        (0.97, 0.5, 1),
        (0.94, 0.905, 6),
        (0.94, 0.85, 6),
        (0.94, 0.75, 5),
        (0.94, 0.7, 5),
        (0.94, 0.5, 4),
    ],
)
def test_views_probability_stops_once_the_views_made_pass_the_cut(
    monkeypatch: pytest.MonkeyPatch, p: float, cut: float, views: int
) -> None:
    """A plainly cocked die (every view 0.94): once the views made pass the cut on their own,
    the rest cannot take the mean back under it (each is at least 0): five views at the bars
    0.7 and 0.75, four at 0.5; all six at 0.85 and over (five sum to 4.7 of 6 at most). Views
    of at least 0.95 settle it sooner: the plain one alone at the bars up to 0.75, two at 0.85;
    at 0.905 all six are made still."""
    got, made = _views_made(monkeypatch, p, cut)
    assert got > cut and made == views


@pytest.mark.parametrize(
    ("p0", "cut", "views"),
    [(0.15, 0.75, 1), (0.15, 0.7, 1), (0.25, 0.75, 2), (0.15, 0.5, 1), (0.15, 0.45, 4)],
)
def test_views_probability_settles_a_plainly_flat_die_at_a_lower_bar(
    monkeypatch: pytest.MonkeyPatch, p0: float, cut: float, views: int
) -> None:
    """A plain view of at most 0.2 settles a die flat after one view at a bar from 0.5 (the
    exact bound would make two at 0.75: (0.15 + 5) / 6 > 0.75); the cut itself is returned.
    Over 0.2, or at a lower bar, the views go on as before."""
    p, made = _views_made(monkeypatch, p0, cut)
    assert p <= cut and made == views
    if views == 1:
        assert p == cut


def test_views_probability_reuses_the_views_made_at_a_second_bar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every view at 0.6: at the bar 0.85 three views settle it flat ((1.8 + 3) / 6); at 0.5
    next, with the same ``made``, only the other three are made, and the mean is 0.6."""
    import vision.cocked_views as cvw

    m, view, patch, count = _stubbed_views(monkeypatch, lambda: 0.6)
    made: list[float] = []
    first = cvw.views_probability(m, patch, view, 40.0, cut=0.85, made=made)  # type: ignore[arg-type]
    assert first == pytest.approx(4.8 / 6) and len(count) == 3
    second = cvw.views_probability(m, patch, view, 40.0, cut=0.5, made=made)  # type: ignore[arg-type]
    assert second == pytest.approx(0.6) and len(count) == 6 and len(made) == 6
