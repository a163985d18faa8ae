"""The committed synthetic sets follow /work/shared/DATASET.md and have enough hard dice."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

SETS_DIR = Path(__file__).resolve().parents[1] / "data" / "synthetic"
SET_NAMES = ("dev", "test")
TOP_KEYS = {"board", "dice", "cube", "partial", "notes"}
BOARD_KEYS = {"corners", "white", "black", "bar", "off", "white_home"}
HOMES = {"bottom-right", "bottom-left", "top-right", "top-left"}


def _pairs(name: str) -> list[tuple[Path, Path]]:
    d = SETS_DIR / name
    images = sorted(p for p in d.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    return [(p, p.with_suffix(".json")) for p in images]


@pytest.mark.parametrize("name", SET_NAMES)
def test_set_layout(name: str) -> None:
    d = SETS_DIR / name
    assert d.is_dir(), f"{d} missing: run scripts/render-synthetic"
    assert isinstance(json.loads((d / "calibration.json").read_text()), dict)
    pairs = _pairs(name)
    assert len(pairs) >= 50
    assert all(js.exists() for _, js in pairs), "an image has no JSON"
    stems = {p.stem for p, _ in pairs}
    orphans = [
        j.name for j in d.glob("*.json") if j.stem not in stems and j.name != "calibration.json"
    ]
    assert not orphans, f"labels without an image: {orphans[:3]}"


def _check_labels(lab: dict[str, Any], w: int, h: int, where: str) -> None:
    assert set(lab) <= TOP_KEYS, f"{where}: unexpected keys {set(lab) - TOP_KEYS}"
    board = lab["board"]
    assert set(board) == BOARD_KEYS, where
    assert board["white_home"] in HOMES, where
    corners = np.asarray(board["corners"], float)
    assert corners.shape == (4, 2), where
    assert (corners >= 0).all() and (corners[:, 0] < w).all() and (corners[:, 1] < h).all()
    tl, tr, br, bl = corners
    assert tl[0] < tr[0] and bl[0] < br[0] and tl[1] < bl[1] and tr[1] < br[1], where
    for colour in ("white", "black"):
        pts = board[colour]
        assert len(pts) == 24 and all(isinstance(c, int) and c >= 0 for c in pts), where
        total = sum(pts) + board["bar"][colour] + board["off"][colour]
        assert total == 15, f"{where}: {colour} has {total} checkers"
    assert not any(a and b for a, b in zip(board["white"], board["black"], strict=True)), where
    for die in lab["dice"]:
        assert set(die) == {"value", "bbox", "state", "zone"}, where
        assert die["value"] in range(1, 7)
        x0, y0, x1, y1 = die["bbox"]
        assert all(isinstance(v, int) for v in die["bbox"])
        assert 0 <= x0 < x1 < w and 0 <= y0 < y1 < h, where
        assert die["state"] in ("flat", "cocked", "on_checker")
        assert die["zone"] in ("white_right", "black_right", "bar", "outside")
    cube = lab["cube"]
    if cube is not None:
        assert set(cube) == {"value", "location"}
        assert cube["value"] in (2, 4, 8, 16, 32, 64)
        assert cube["location"] in ("centre", "white", "black")
        if cube["location"] == "centre":
            assert cube["value"] == 64
    if "partial" in lab:
        assert lab["partial"] is True


@pytest.mark.parametrize("name", SET_NAMES)
def test_labels_follow_dataset_schema(name: str) -> None:
    for img_path, js in _pairs(name):
        image = cv2.imread(str(img_path))
        assert image is not None and image.shape == (960, 1280, 3), img_path.name
        _check_labels(json.loads(js.read_text()), 1280, 960, f"{name}/{js.name}")


@pytest.mark.parametrize("name", SET_NAMES)
def test_sets_hold_hard_dice_and_all_orientations(name: str) -> None:
    dice = []
    homes = set()
    for _, js in _pairs(name):
        lab = json.loads(js.read_text())
        dice += lab["dice"]
        homes.add(lab["board"]["white_home"])
    n = len(dice)
    assert n >= 100
    share = {s: sum(d["state"] == s for d in dice) / n for s in ("cocked", "on_checker")}
    assert share["cocked"] >= 0.2, share
    assert share["on_checker"] >= 0.05, share
    assert sum(d["zone"] in ("bar", "outside") for d in dice) / n >= 0.05
    assert homes == HOMES


def test_sets_are_distinct_and_small() -> None:
    digests: dict[str, list[str]] = {}
    total = 0
    for name in SET_NAMES:
        for img_path, js in _pairs(name):
            data = img_path.read_bytes()
            total += len(data) + js.stat().st_size
            digests.setdefault(hashlib.sha1(data).hexdigest(), []).append(f"{name}/{img_path.name}")
    dupes = [v for v in digests.values() if len(v) > 1]
    assert not dupes, f"identical images: {dupes[:3]}"
    assert total < 42e6, f"synthetic sets take {total / 1e6:.1f} MB"


def _bar_line(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Image points on the board's centre line (through the bar), top and bottom."""
    tl, tr, br, bl = corners
    return (tl + tr) / 2, (bl + br) / 2


@pytest.mark.parametrize("name", SET_NAMES)
def test_die_zones_match_their_image_half(name: str) -> None:
    """A die labelled white_right lies right of the bar line when white sits at the bottom
    (and left of it when white sits at the top); black_right the other way."""
    checked = 0
    for _, js in _pairs(name):
        lab = json.loads(js.read_text())
        top, bottom = _bar_line(np.asarray(lab["board"]["corners"], float))
        white_bottom = lab["board"]["white_home"].startswith("bottom")
        width = np.linalg.norm(np.subtract(lab["board"]["corners"][1], lab["board"]["corners"][0]))
        for die in lab["dice"]:
            if die["zone"] not in ("white_right", "black_right"):
                continue
            x0, y0, x1, y1 = die["bbox"]
            c = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
            d = bottom - top
            side = (d[0] * (c[1] - top[1]) - d[1] * (c[0] - top[0])) / np.linalg.norm(d)
            # side < 0: right of the downward line in image coordinates.
            if abs(side) < 0.04 * width:
                continue  # too close to the bar to judge from the box centre
            right = side < 0
            assert right == ((die["zone"] == "white_right") == white_bottom), (js.name, die)
            checked += 1
    assert checked >= 100
