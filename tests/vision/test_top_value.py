"""The learned top-face value of cocked / unread dice (``vision.top_value``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from vision import top_value
from vision.cocked import die_patch
from vision.cocked_view import CameraView
from vision.face_normal import OtherFace
from vision.top_value import N_VALUE_FEATURES, ReadContext, TopValueModel, decide, settle

_CORNERS = ((100.0, 80.0), (1180.0, 90.0), (1170.0, 880.0), (110.0, 870.0))


def _sure_of(value: int, bars: tuple[float, float, float] = (0.9, 0.99, 0.8)) -> TopValueModel:
    """A model sure (p ~0.9999) of ``value`` whatever it sees."""
    b2 = np.zeros(6, np.float32)
    b2[value - 1] = 12.0
    k = N_VALUE_FEATURES
    return TopValueModel(
        np.zeros(k, np.float32),
        np.ones(k, np.float32),
        np.zeros((k, 1), np.float32),
        np.zeros(1, np.float32),
        np.zeros((1, 6), np.float32),
        b2,
        *bars,
    )


def test_decide_takes_gives_doubts_and_keeps() -> None:
    m = _sure_of(1, (0.9, 0.99, 0.1))
    p = np.array([0.05, 0.05, 0.05, 0.05, 0.75, 0.05])
    assert decide(p, None, m) == (None, False)  # under the unread bar
    assert decide(p, 2, m) == (None, True)  # a 2 the model gives 0.05: doubted
    assert decide(p, 4, m) == (4, False)  # a 4 is not doubted
    assert decide(p, 5, m) == (5, False)
    p = np.array([0.02, 0.02, 0.02, 0.02, 0.9, 0.02])
    assert decide(p, None, m) == (5, True)
    p = np.array([0.002, 0.002, 0.002, 0.002, 0.99, 0.002])
    assert decide(p, 4, m) == (5, True)  # sure past the override bar
    p = np.array([0.2, 0.5, 0.2, 0.05, 0.03, 0.02])
    assert decide(p, 3, m) == (3, False)  # the model gives the 3 over the bar


@dataclass(frozen=True)
class _Reading:
    value: int | None
    centre: tuple[float, float]
    state: str
    pips: tuple[tuple[float, float, float], ...] = ()
    others: tuple[OtherFace, ...] = ()


def test_settle_gives_an_unread_die_the_models_value(monkeypatch: pytest.MonkeyPatch) -> None:
    img = np.full((960, 1280, 3), 120, np.uint8)
    view = CameraView.from_corners(np.array(_CORNERS), (1280, 960), 30.0).at((400.0, 300.0))
    r = _Reading(None, (400.0, 300.0), "cocked")
    monkeypatch.setattr(TopValueModel, "load", staticmethod(lambda path=None: _sure_of(5)))
    assert settle(img, r, view, 30.0).value == 5
    read = _Reading(3, (400.0, 300.0), "cocked", ((400.0, 300.0, 3.0),) * 3)
    assert settle(img, read, view, 30.0).value == 5  # sure past the override bar
    monkeypatch.setattr(TopValueModel, "load", staticmethod(lambda path=None: None))
    assert settle(img, r, view, 30.0) is r  # no model file: as restate left it


def test_features_see_the_die_not_its_light() -> None:
    """The thumbnail is normalised to the die's face: a brighter frame, same features."""
    img = np.full((200, 200, 3), 60, np.uint8)
    img[85:115, 85:115] = 200  # a die's face
    for x, y in ((92, 92), (107, 107), (100, 100)):
        img[y - 2 : y + 3, x - 2 : x + 3] = 30  # a 3
    view = CameraView.straight_down((200, 200), 30.0).at((100.0, 100.0))
    ctx = ReadContext(3, (None,), (2,), 1, True, 3)
    patch = die_patch(img, (100.0, 100.0), 30.0)
    a = top_value.value_features(patch, view, 30.0, ctx)
    b = top_value.value_features(np.clip(patch * 1.2, 0, 255).astype(np.uint8), view, 30.0, ctx)
    assert a.shape == (N_VALUE_FEATURES,)
    assert np.abs(a - b).max() < 0.1
    ctx0 = ReadContext(None)
    assert not np.array_equal(a, top_value.value_features(patch, view, 30.0, ctx0))


def test_training_rows_are_seeded_labelled_only_and_mirrored() -> None:
    """Training rows: six views a labelled reading (every size jitter, mirrored), none for a
    reading in no labelled box; the same on every run, with quarter turns too."""
    from vision.cocked_samples import die_patch_shape
    from vision.train_top_value import ValueSamples, features

    rng = np.random.default_rng(3)
    n = 3
    s = ValueSamples(
        rng.integers(0, 255, (n, *die_patch_shape()), dtype=np.uint8),
        rng.uniform(300, 800, (n, 2)),
        np.full(n, 30.0),
        np.repeat(np.array(_CORNERS)[None], n, axis=0),
        np.tile([1280, 960], (n, 1)).astype(np.int32),
        np.array([4, 0, 2]),
        np.array([[-1] * 4, [5, 0, -1, -1], [-1] * 4]),
        np.array([[0] * 4, [5, 2, 0, 0], [0] * 4]),
        np.zeros(n, int),
        np.ones(n, bool),
        np.array([4, 0, 2]),
        np.array([4, 6, 0]),  # the third lies in no labelled box
        np.ones(n, bool),
        np.arange(n),
    )
    x, y, k = features(s, augment=True)
    assert x.shape == (12, N_VALUE_FEATURES) and y.tolist() == [3] * 6 + [5] * 6
    assert k.tolist() == [0] * 6 + [1] * 6
    t1, _, _ = features(s, augment=True, turns=True)
    t2, _, _ = features(s, augment=True, turns=True)
    assert t1.shape == (16, N_VALUE_FEATURES) and np.array_equal(t1, t2)


def _drawn_die(pips: list[tuple[float, float]], d: int = 30) -> np.ndarray:
    """A white die's face with ``pips`` (offsets in die sides) on green cloth at (400, 300)."""
    import cv2

    img = np.zeros((600, 800, 3), np.uint8)
    img[:] = (40, 90, 30)
    h = d // 2
    cv2.rectangle(img, (400 - h, 300 - h), (400 + h, 300 + h), (235, 235, 235), -1)
    for x, y in pips:
        cv2.circle(img, (int(400 + x * d), int(300 + y * d)), d // 10, (20, 20, 20), -1)
    return cv2.GaussianBlur(img, (0, 0), 0.8)


def test_the_committed_model_doubts_a_three_read_on_a_six() -> None:
    """The committed model: a cocked die read as 3 whose face shows six pips is left unread;
    read as a 3 on a face of three, it stays a 3 (the model sees the pips, not the read)."""
    m = TopValueModel.load()
    assert m is not None and not m.context and 0.0 < m.bar_doubt < 0.5
    assert m.bar_unread > 1.0 and m.bar_override > 1.0  # no bar reached 99% on renders
    corners = np.array([(30.0, 20.0), (770.0, 25.0), (765.0, 580.0), (35.0, 575.0)])
    view = CameraView.from_corners(corners, (800, 600), 30.0).at((400.0, 300.0))
    six = _drawn_die([(x, y) for x in (-0.25, 0.25) for y in (-0.3, 0.0, 0.3)])
    three = _drawn_die([(-0.25, -0.25), (0.0, 0.0), (0.25, 0.25)])
    pips = ((400.0, 300.0, 3.0),) * 3
    assert settle(six, _Reading(3, (400.0, 300.0), "cocked", pips), view, 30.0).value is None
    assert settle(three, _Reading(3, (400.0, 300.0), "cocked", pips), view, 30.0).value == 3
