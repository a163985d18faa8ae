"""The calibrated board's edge shift (``Calibration.edge_shift``): measured once at
calibration on the found quad (vision.board.fine_sides), stored with the calibration and told
to every read of the calibrated board; calibrations saved before it still load, and the reader
measures it on its first frame."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.vision.board_scenes import starting_scene
from tests.vision.test_board_fine_sides import _grown
from vision.board import order_corners
from vision.board.fine_sides import edge_ends
from vision.board.geometry import make_fix
from vision.calibration import Calibration, calibration_from_fix
from vision.reader import BoardReader


@lru_cache(maxsize=1)
def _scene() -> tuple[np.ndarray, dict[str, Any], np.ndarray]:
    image, labels = starting_scene("paper", 5)
    true = order_corners(np.asarray(labels["board"]["corners"], np.float64))
    return image, labels, _grown(true, 3.0)  # as the search leaves a quad: 3 px outside


def _calibration(method: str = "frame") -> Calibration:
    image, labels, found = _scene()
    fix = make_fix(found, method, 2.5, 0.06)
    return calibration_from_fix(image, fix, labels["board"]["white_home"])


def test_calibration_edge_shift_is_measured_and_stored(tmp_path: Path) -> None:
    image, _, found = _scene()
    cal = _calibration()
    assert cal.edge_shift is not None
    assert np.allclose(cal.edge_shift, edge_ends(image, found))
    assert min(cal.edge_shift) > 0.0  # the quad lies outside at both ends of both long sides
    cal.save(tmp_path / "cal.json")
    assert Calibration.load(tmp_path / "cal.json") == cal
    # A labelled quad lies on the edge: nothing is measured.  A markers' quad lies outside
    # it as the search's does (renders: 3-4 px), so it is measured too.
    assert _calibration("labels").edge_shift is None
    assert np.allclose(_calibration("markers").edge_shift or (), cal.edge_shift)


def test_calibration_edge_shift_old_files_load_without_it(tmp_path: Path) -> None:
    data = _calibration().to_json()
    del data["edge_shift"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    assert Calibration.load(tmp_path / "old.json").edge_shift is None


def test_calibration_edge_shift_moves_confidences_not_counts() -> None:
    """The calibrated read with the shift stored equals one measured on the first frame (an
    old calibration); against no shift, the counts are the same and only confidences move."""
    image, _, _ = _scene()
    cal = _calibration()

    def read(c: Calibration) -> dict[str, Any]:
        obs = BoardReader(c, redetect=False).read(image).to_json()
        assert obs["status"] == "ok"
        return dict(obs)

    stored, old, none = (
        read(cal),
        read(replace(cal, edge_shift=None)),
        read(replace(cal, edge_shift=(0.0, 0.0))),
    )
    assert stored == old
    assert stored["board"] == none["board"]
    assert stored["confidence"]["points"] != none["confidence"]["points"]


def test_calibration_edge_shift_of_one_shift_a_side_still_loads(tmp_path: Path) -> None:
    """Session 31's files store one shift a side (top, bottom): they load as they were, and
    the board read with them holds the same counts as with each end's shift."""
    image, _, _ = _scene()
    cal = _calibration()
    assert cal.edge_shift is not None and len(cal.edge_shift) == 4
    data = cal.to_json()
    tl, tr, bl, br = cal.edge_shift
    data["edge_shift"] = [(tl + tr) / 2, (bl + br) / 2]
    (tmp_path / "s31.json").write_text(json.dumps(data))
    old = Calibration.load(tmp_path / "s31.json")
    assert old.edge_shift == pytest.approx(((tl + tr) / 2, (bl + br) / 2))
    a = BoardReader(old, redetect=False).read(image).to_json()
    b = BoardReader(cal, redetect=False).read(image).to_json()
    assert a["board"] == b["board"]
