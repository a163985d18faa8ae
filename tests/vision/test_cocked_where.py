"""vision.cocked_where: each labelled cocked die's class from saved predictions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vision.cocked_where import main, where_cocked


def _die(box: list[int], state: str = "cocked", value: int | None = 3) -> dict[str, Any]:
    return {"value": value, "bbox": box, "state": state}


@pytest.mark.parametrize(
    "pred, expected",
    [
        ([_die([10, 10, 30, 30])], "called"),
        ([_die([10, 10, 30, 30], "flat")], "read flat"),
        ([_die([10, 10, 30, 30], "flat", None)], "unread flat"),
        ([_die([200, 200, 220, 220])], "not found"),
        ([], "not found"),
    ],
)
def test_one_cocked_die(pred: list[dict[str, Any]], expected: str) -> None:
    assert where_cocked({"dice": pred}, {"dice": [_die([10, 10, 30, 30])]}) == [expected]


def test_a_die_found_in_its_box_but_matched_to_its_neighbour_is_merged() -> None:
    """Two dice touching, one found between them: it matches the nearer label only."""
    lab = {"dice": [_die([10, 10, 30, 30]), _die([28, 10, 48, 30], "flat")]}
    pred = {"dice": [_die([22, 12, 38, 28], "flat")]}
    assert where_cocked(pred, lab) == ["merged"]


def test_dice_not_cocked_are_not_classed() -> None:
    lab = {"dice": [_die([10, 10, 30, 30], "flat"), _die([60, 60, 80, 80], "on_checker")]}
    assert where_cocked({"dice": []}, lab) == []


def test_run_on_a_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "set").mkdir()
    (tmp_path / "pred").mkdir()
    for stem, pred in (("IMG_1", [_die([10, 10, 30, 30])]), ("IMG_2", [])):
        (tmp_path / "set" / f"{stem}.jpg").write_bytes(b"")
        label = {"dice": [_die([10, 10, 30, 30])]}
        (tmp_path / "set" / f"{stem}.json").write_text(json.dumps(label))
        (tmp_path / "pred" / f"{stem}.json").write_text(json.dumps({"dice": pred}))
    assert main([str(tmp_path / "set"), str(tmp_path / "pred")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 cocked dice: called 1, read flat 0, unread flat 0, merged 0, not")
    assert "IMG_2: not found" in out
