"""A failing dice stage is reported in the observation's message; the board is still read."""

from __future__ import annotations

import numpy as np

from vision.reader import BoardReader


def _broken_finder(frame: np.ndarray, *, die_size_px: float | None = None) -> list[object]:
    raise RuntimeError("model file does not fit")


def test_dice_stage_failure_is_reported_not_hidden() -> None:
    frame = np.full((480, 640, 3), 120, np.uint8)  # no board in view
    reader = BoardReader(dice_finder=_broken_finder)
    obs = reader.read(frame)
    assert obs.status == "board_not_found"
    assert "dice not read: RuntimeError: model file does not fit" in obs.message
    assert obs.dice == ()
    # The next frame starts clean.
    reader.dice_finder = None
    assert "dice not read" not in reader.read(frame).message
