"""Rendered boards the board-finding tests share (not a test module: pytest collects none)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.synth import CameraSpec, LightingSpec, Position, SceneSpec, render
from vision.synth.sets import SETS, numbered


@lru_cache(maxsize=16)
def starting_scene(
    style: str, seed: int, tilt_deg: float = 6.0, markers: bool = False
) -> tuple[np.ndarray, dict[str, Any]]:
    """The starting position, the camera 75 cm up and tilted ``tilt_deg``; printed corner
    markers when ``markers``."""
    spec = SceneSpec(
        style=style,
        white_home="bottom-right",
        position=Position.starting(),
        markers=markers,
        camera=CameraSpec(distance_mm=750, tilt_deg=tilt_deg, tilt_azimuth_deg=30.0, focal_px=1100),
        lighting=LightingSpec(noise_sigma=2.0),
    )
    return render(spec, np.random.default_rng(seed))


def train_render(index: int, n_dice: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
    """``scripts/render-synthetic --set train``'s image ``index + 1`` (seed 3000), through the
    JPEG the set is saved as (``n_dice``: its ``--dice``)."""
    seed, _, weights = SETS["train"]
    image, labels = numbered(seed, index, render, weights, n_dice)
    _, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    decoded = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    assert decoded is not None  # a JPEG cv2 itself just encoded
    return decoded, labels


def read_given(index: int, n_dice: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The reader's JSON and the labels of ``train_render(index, n_dice)``, its board given at
    the labelled corners (as ``vision eval --board-given`` reads it)."""
    from vision.evaluate import labelled_board
    from vision.reader import BoardReader

    image, labels = train_render(index, n_dice)
    board = labels["board"]
    reader = BoardReader(
        None,
        white_home=board.get("white_home", "bottom-right"),
        redetect=True,
        board_finder=labelled_board(board["corners"]),
    )
    return dict(reader.read(image).to_json()), labels


def dice_read_given(
    index: int, n_dice: int | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The reader's dice and the labelled ones of ``train_render(index, n_dice)``, its board
    given at the labelled corners."""
    read, labels = read_given(index, n_dice)
    return list(read["dice"]), list(labels["dice"])


def die_read_as(index: int, value: int, state: str, n_dice: int | None = None) -> dict[str, Any]:
    """The die read (board given) where ``train_render(index, n_dice)``'s first label of that
    value and state lies; fails when no die read matches it."""
    from vision.dice_match import match_dice

    pred, lab = dice_read_given(index, n_dice)
    of_label = {j: i for i, j in match_dice(pred, lab)}
    j = next(j for j, d in enumerate(lab) if d["value"] == value and d["state"] == state)
    assert j in of_label, "the die is found"
    return pred[of_label[j]]
