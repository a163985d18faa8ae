"""On the real board photos, a die lying flat is never confidently called a fault.

A die "on a checker" voids the roll, so the referee only acts on it when the die's confidence
is at least its dice threshold (0.6); a die flat on a light triangle can be read as lying on a
doubtful checker there, and that call must carry the checker count's doubt.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vision.evaluate import evaluate_set

PHOTOS = Path(__file__).resolve().parents[2] / ".." / "shared" / "photos"
REFEREE_DICE_CONFIDENCE = 0.6  # firmware.referee.RefereeSettings.dice_confidence


def _matched_label(die: dict[str, Any], labels: list[dict[str, Any]]) -> dict[str, Any] | None:
    x0, y0, x1, y1 = die["bbox"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for lab in labels:
        a0, b0, a1, b1 = lab["bbox"]
        if a0 <= cx <= a1 and b0 <= cy <= b1:
            return lab
    return None


@pytest.mark.skipif(not PHOTOS.is_dir(), reason="real photos not available")
@pytest.mark.parametrize("set_name", ["board_stream_fmgammon"])
def test_a_flat_die_read_as_on_a_checker_is_never_a_confident_fault(set_name, tmp_path) -> None:
    set_dir = PHOTOS / set_name
    evaluate_set(set_dir, predictions_out=tmp_path)
    for pred_file in sorted(tmp_path.glob("*.json")):
        pred = json.loads(pred_file.read_text())
        labels = json.loads((set_dir / pred_file.name).read_text()).get("dice", [])
        for die in pred.get("dice", []):
            lab = _matched_label(die, labels)
            if lab is None or lab.get("state") != "flat" or die["state"] == "flat":
                continue
            assert die["confidence"] < REFEREE_DICE_CONFIDENCE, (pred_file.name, die)
