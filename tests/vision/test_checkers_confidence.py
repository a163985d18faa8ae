"""Confidence of a point's count when an outline continues the row unverified."""

from __future__ import annotations

import numpy as np

from vision.checkers.model import Cell
from vision.checkers.stacks import next_slot_outlined

D, PITCH, H = 44.0, 45.0, 600


def _circles(alongs: list[float], top: bool = True, x: float = 100.0) -> np.ndarray:
    ys = [a if top else H - 1 - a for a in alongs]
    return np.array([[x, y, D / 2] for y in ys], np.float32).reshape(-1, 3)


def test_an_outline_at_the_next_slot_makes_the_count_doubtful() -> None:
    cell = Cell(column=1, top=True, x0=78, x1=122)
    raw = _circles([22, 67, 112, 157, 201])  # five outlines in a row from the edge
    assert next_slot_outlined(raw, cell, H, D, PITCH, 4)  # four counted, a fifth outlined


def test_no_outline_beyond_the_row_leaves_the_count_alone() -> None:
    cell = Cell(column=1, top=True, x0=78, x1=122)
    raw = _circles([22, 67, 112, 157])
    assert not next_slot_outlined(raw, cell, H, D, PITCH, 4)
    # Outlines on another point's column or on the other half do not count.
    assert not next_slot_outlined(_circles([201], x=300.0), cell, H, D, PITCH, 4)
    assert not next_slot_outlined(_circles([201], top=False), cell, H, D, PITCH, 4)
