"""Still-scene detection and read confirmation on a synthetic frame sequence."""

from __future__ import annotations

import numpy as np
import pytest

from vision.motion import MotionDetector, ReadConfirmer
from vision.observation import CubeReading, Observation


def _sequence(seed: int = 0):
    """A textured scene; a dark 'hand' crosses it for 6 frames, then 8 still frames with noise."""
    rng = np.random.default_rng(seed)
    base = rng.integers(60, 200, (480, 640, 3), dtype=np.uint8)
    frames, moving = [], []
    for k in range(4):
        frames.append(base.copy())
        moving.append(k == 0)  # the first frame has nothing to compare with
    for k in range(6):
        f = base.copy()
        x = 40 + 90 * k
        f[150:330, x : x + 120] = (40, 60, 90)
        frames.append(f)
        moving.append(True)
    for _ in range(8):
        noise = rng.normal(0, 2.0, base.shape)
        frames.append(np.clip(base + noise, 0, 255).astype(np.uint8))
        moving.append(False)
    return frames, moving


def test_still_only_after_n_quiet_frames() -> None:
    frames, _ = _sequence()
    det = MotionDetector(still_frames=3)
    states = [det.update(f) for f in frames]
    # Frames 0-3 are identical: still from the 4th frame on (3 quiet frames after the first).
    assert [s.still for s in states[:4]] == [False, False, False, True]
    # The hand makes every one of its frames (and the first one after it) a motion frame.
    assert not any(s.still for s in states[4:11])
    assert all(s.changed > 0.01 for s in states[4:11])
    # Then stillness returns after 3 quiet frames, noise notwithstanding.
    assert [s.still for s in states[11:]] == [False, False, True, True, True, True, True]


def test_bad_frames_count_as_motion() -> None:
    det = MotionDetector(still_frames=1)
    det.update(np.zeros((120, 160, 3), np.uint8))
    assert not det.update(np.zeros((0, 0), np.uint8)).still
    assert not det.update(np.zeros((120, 160, 3), np.float32)).still


def test_invalid_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        MotionDetector(still_frames=0)
    with pytest.raises(ValueError):
        ReadConfirmer(confirmations=0)


def _obs(count: int, status: str = "ok") -> Observation:
    white = (count,) + (0,) * 23
    return Observation(status=status, white=white, black=(0,) * 24)


def test_reading_confirmed_by_k_identical_reads() -> None:
    conf = ReadConfirmer(confirmations=3)
    assert conf.update(_obs(2)) is None
    assert conf.update(_obs(2)) is None
    assert conf.update(_obs(2)) is not None
    assert conf.update(_obs(3)) is None  # a different read starts over
    assert conf.update(_obs(3)) is None
    assert conf.update(Observation(status="motion")) is None
    assert conf.update(_obs(3)) is None  # a non-ok status reset the run


def test_cube_face_read_now_and_then_does_not_hold_up_confirmation() -> None:
    def with_cube(location: str, value: int | None) -> Observation:
        white = (2,) + (0,) * 23
        cube = CubeReading(location, value, 0.9)
        return Observation(status="ok", white=white, black=(0,) * 24, cube=cube)

    conf = ReadConfirmer(confirmations=3)
    assert conf.update(with_cube("centre", 64)) is None
    assert conf.update(with_cube("centre", None)) is None
    assert conf.update(with_cube("centre", 64)) is not None
    # The cube moving to a player's side is a different scene.
    assert conf.update(with_cube("white", 2)) is None
