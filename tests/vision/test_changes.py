"""Changed regions between still frames, and the reader's dice search limited to them."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.changes import FrameChanges, merged


def _frame(seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(90, 110, (480, 640, 3), dtype=np.uint8)


def test_an_unchanged_frame_has_no_regions() -> None:
    changes = FrameChanges()
    frame = _frame()
    assert changes.update(frame) is None  # the first frame: look everywhere
    assert changes.update(frame.copy()) == []


def test_a_change_gives_a_box_around_it_with_the_margin() -> None:
    changes = FrameChanges(margin_px=24)
    a = _frame()
    b = a.copy()
    b[200:230, 300:330] = 250
    changes.update(a)
    boxes = changes.update(b)
    assert boxes is not None
    (box,) = boxes
    x0, y0, x1, y1 = box
    assert x0 <= 300 - 20 and y0 <= 200 - 20 and x1 >= 330 + 20 and y1 >= 230 + 20
    assert x1 - x0 < 30 + 4 * 24  # not the whole frame


def test_a_big_change_asks_for_the_whole_frame() -> None:
    changes = FrameChanges()
    a = _frame()
    changes.update(a)
    assert changes.update(np.full_like(a, 200)) is None  # the light went on


def test_a_new_frame_size_asks_for_the_whole_frame() -> None:
    changes = FrameChanges()
    changes.update(_frame())
    assert changes.update(np.zeros((240, 320, 3), np.uint8)) is None


def test_overlapping_boxes_are_merged() -> None:
    boxes = [(0, 0, 10, 10), (5, 5, 20, 20), (30, 30, 40, 40), (18, 0, 25, 6)]
    assert sorted(merged(boxes)) == [(0, 0, 25, 20), (30, 30, 40, 40)]


def test_the_reader_finds_dice_thrown_into_a_changed_region() -> None:

    from vision.board import find_board
    from vision.calibration import calibration_from_fix
    from vision.dataset import load_image
    from vision.reader import BoardReader

    rec = Path(__file__).resolve().parents[2] / "firmware" / "demo_recording"
    frames = [load_image(rec / f"s{i:02d}_still.jpg") for i in (0, 3, 5)]
    fix = find_board(frames[0])
    assert fix is not None
    reader = BoardReader(
        calibration_from_fix(frames[0], fix, "bottom-right"), full_dice_search_every=1000
    )
    for frame in frames[:2]:
        reader.read(frame)
    obs = reader.read(frames[2])  # black's 6-4 (the scripted scene 5), searched by region
    assert sorted(d.value or 0 for d in obs.dice if d.zone == "black_right") == [4, 6]
    assert reader._reads_since_full == 2  # neither later read searched the whole frame
