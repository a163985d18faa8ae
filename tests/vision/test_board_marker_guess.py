"""A hidden marker's corner guessed badly is doubted (vision.board.markers.find_board_markers)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.board_scenes import train_render
from vision.board.markers import detect_markers, find_board_markers
from vision.board.trust import board_doubt


def test_a_guessed_corner_lining_up_worse_than_trust_asks_is_doubted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """IMG_58456 (a dark board, three markers seen): the bottom-right corner was completed
    33 px down its short side; the columns line up at 1.88, above the search's floor (1.8)
    but below what trust asks of the search's boards (1.97). Its counts were believed."""
    image, labels = train_render(58455)
    assert len(detect_markers(image)) == 3
    fix = find_board_markers(image)
    assert fix is not None
    err = np.linalg.norm(np.array(fix.corners) - np.array(labels["board"]["corners"]), axis=1)
    assert err.max() > 20
    assert fix.margin == 0.0
    assert "corner marker is hidden" in board_doubt(image, fix)
    monkeypatch.setattr("vision.board.markers.TRUSTED_PATTERN", 1.8)  # the search's floor
    assert find_board_markers(image).margin == 1.0  # type: ignore[union-attr]
