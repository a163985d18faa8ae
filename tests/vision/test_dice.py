"""vision.dice: pip counting on drawn dice, bad input, and a smoke test on real photos."""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.dataset import load_image
from vision.dice import DieReading, find_dice
from vision.eval_dice import list_images, readings_to_json, score_image, split_half
from vision.synth.piece_faces import PIP_LAYOUT  # a standard face's pips, in face half-sides

PHOTOS = Path(__file__).resolve().parents[2] / ".." / "shared" / "photos"


def draw_die(
    img: np.ndarray,
    value: int,
    centre: tuple[float, float],
    side: float,
    angle_deg: float,
    face=(235, 235, 230),
    pip=(25, 25, 25),
) -> None:
    """Draw a flat die face seen from above: a rotated square with round pips."""
    cx, cy = centre
    a = math.radians(angle_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    h = side / 2
    corners = np.array([[-h, -h], [h, -h], [h, h], [-h, h]]) @ rot.T + [cx, cy]
    cv2.fillConvexPoly(img, np.round(corners).astype(np.int32), face, lineType=cv2.LINE_AA)
    r = side * 0.09
    for u, v in PIP_LAYOUT[value]:
        x, y = np.array([u, v]) * 0.55 * h @ rot.T + [cx, cy]
        cv2.circle(img, (round(x * 8), round(y * 8)), round(r * 8), pip, -1, cv2.LINE_AA, 3)


@pytest.mark.parametrize("side", [44, 80, 110])
def test_every_value_at_several_sizes_and_rotations(side: int) -> None:
    rng = np.random.default_rng(side)
    for value in range(1, 7):
        for _ in range(3):
            img = np.full((400, 400, 3), 70, np.uint8)
            img += rng.integers(0, 12, img.shape, dtype=np.uint8)  # a little texture
            centre = (float(rng.uniform(120, 280)), float(rng.uniform(120, 280)))
            angle = float(rng.uniform(0, 90))
            draw_die(img, value, centre, side, angle)
            found = find_dice(img)
            assert len(found) == 1, (value, side, angle, found)
            d = found[0]
            assert d.value == value, (value, side, angle, d)
            assert math.hypot(d.centre[0] - centre[0], d.centre[1] - centre[1]) < side * 0.3
            x0, y0, x1, y1 = d.bbox
            assert x0 <= centre[0] <= x1 and y0 <= centre[1] <= y1
            assert d.state == "flat"
            assert 0.5 * side < d.top_face_size < 1.6 * side


def test_light_pips_on_dark_dice_and_several_dice() -> None:
    rng = np.random.default_rng(7)
    img = np.full((480, 640, 3), 200, np.uint8)
    img += rng.integers(0, 10, img.shape, dtype=np.uint8)
    truth = {2: (120, 120), 4: (320, 130), 5: (520, 140), 6: (200, 340), 3: (450, 350)}
    for value, c in truth.items():
        draw_die(
            img, value, c, 70, float(rng.uniform(0, 90)), face=(140, 60, 20), pip=(250, 250, 250)
        )
    found = find_dice(img)
    got = {d.value: d.centre for d in found}
    assert set(got) == set(truth)
    for v, (x, y) in truth.items():
        assert math.hypot(got[v][0] - x, got[v][1] - y) < 15


def test_mask_and_die_size() -> None:
    img = np.full((300, 600, 3), 60, np.uint8)
    draw_die(img, 5, (150, 150), 50, 10)
    draw_die(img, 3, (450, 150), 50, 30)
    mask = np.zeros(img.shape[:2], np.uint8)
    mask[:, 300:] = 1
    found = find_dice(img, mask=mask, die_size_px=50)
    assert [d.value for d in found] == [3]


def test_nothing_on_an_empty_or_plain_image() -> None:
    assert find_dice(np.zeros((100, 100, 3), np.uint8)) == []
    rng = np.random.default_rng(3)
    noise = rng.integers(0, 255, (200, 200, 3), dtype=np.uint8)
    assert len(find_dice(cv2.GaussianBlur(noise, (0, 0), 3))) <= 1


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="HxWx3"):
        find_dice(np.zeros((10, 10), np.uint8))
    with pytest.raises(ValueError, match="mask"):
        find_dice(np.zeros((10, 10, 3), np.uint8), mask=np.zeros((5, 5), np.uint8))
    with pytest.raises(ValueError, match="die_size_px"):
        find_dice(np.zeros((10, 10, 3), np.uint8), die_size_px=0)


def test_reading_is_frozen() -> None:
    d = DieReading(5, (0, 0, 9, 9), (4.5, 4.5), "flat", 0.9, 9.0)
    with pytest.raises(AttributeError):
        d.value = 3  # type: ignore[misc]


# --- real photos: a fixed slice of the held-out half (never tuned on) ------------------------

# Every 3rd held-out image (sorted), the first few: a fixed subset, not chosen per image.
_SMOKE = {"dice_pi_camera": 4, "dice_matteop65": 12}


@pytest.mark.skipif(not PHOTOS.is_dir(), reason="real photos not available")
@pytest.mark.parametrize("set_name", sorted(_SMOKE))
def test_real_photos_heldout_smoke(set_name: str) -> None:
    set_dir = PHOTOS / set_name
    if not set_dir.is_dir():
        pytest.skip(f"{set_dir} missing")
    images = list_images(set_dir)
    halves = split_half([p.stem for p in images])
    held = [p for p in images if halves[p.stem] == "heldout"][::3][: _SMOKE[set_name]]
    labels = matched = correct = 0
    for p in held:
        label = json.loads(p.with_suffix(".json").read_text())
        c = score_image(readings_to_json(find_dice(load_image(p))), label)
        labels += c.labels
        matched += c.matched
        correct += c.value_correct
    assert labels >= 10
    # Floors set below today's figures (see the report); the targets are higher.
    assert matched / labels >= 0.65, (matched, labels)
    assert correct / matched >= 0.85, (correct, matched)


def test_logo_centre_is_not_a_one() -> None:
    # A winged-emblem face: a round boss with bars around it is not a lone pip.
    img = np.full((300, 300, 3), 70, np.uint8)
    draw_die(img, 1, (150, 150), 90, 0)
    for dx, dy in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
        a = (int(150 + dx * 26), int(150 + dy * 26))
        b = (int(150 + dx * 36), int(150 + dy * 36))
        _ = cv2.line(img, a, b, (25, 25, 25), 3)
    assert [d.value for d in find_dice(img)] != [1]


def test_face_cut_by_the_frame_is_not_read() -> None:
    img = np.full((200, 300, 3), 70, np.uint8)
    draw_die(img, 6, (0, 100), 70, 0)  # half the face outside the picture: shows a 3
    draw_die(img, 5, (200, 100), 70, 20)
    assert [d.value for d in find_dice(img)] == [5]


def test_a_faint_spot_is_not_a_pip_of_the_face() -> None:
    # Pips of one face share ink and light: a much fainter spot beside a 1 does not make a 2.
    img = np.full((300, 300, 3), 70, np.uint8)
    draw_die(img, 1, (150, 150), 90, 0)
    _ = cv2.circle(img, (180, 180), 8, (185, 185, 185), -1, cv2.LINE_AA)
    assert [d.value for d in find_dice(img)] == [1]


def test_side_face_below_a_top_face_is_not_a_die() -> None:
    # Seen obliquely, the side face under a 5 shows flattened pips: it is the same die.
    img = np.full((300, 300, 3), 70, np.uint8)
    draw_die(img, 5, (150, 120), 80, 0)
    _ = cv2.rectangle(img, (110, 172), (190, 215), (200, 200, 195), -1)
    for x in (128, 172):
        _ = cv2.ellipse(img, (x, 195), (7, 5), 0, 0, 360, (25, 25, 25), -1, cv2.LINE_AA)
    assert [d.value for d in find_dice(img)] == [5]
