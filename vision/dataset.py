"""Load a labelled image set in the ``../shared/DATASET.md`` layout.

::

    ds = load_set("tests/data/synthetic/dev")
    for sample in ds.samples:
        image = load_image(sample.image_path)      # DatasetError naming the file if unreadable
        labels = sample.labels                     # parsed Labels, or None if no JSON
    ds.white_home, ds.starting_image

A malformed JSON file or an unreadable image raises :class:`DatasetError` naming the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")
CORNERS = ("bottom-right", "bottom-left", "top-right", "top-left")


class DatasetError(ValueError):
    """A set file is missing, unreadable or malformed; the message names the file."""


@dataclass(frozen=True)
class BoardLabel:
    """The ``board`` object of a label.  ``None`` for a count means "not visible"/unlabelled."""

    corners: tuple[tuple[float, float], ...] | None
    white: tuple[int | None, ...] | None
    black: tuple[int | None, ...] | None
    bar_white: int | None
    bar_black: int | None
    off_white: int | None
    off_black: int | None
    white_home: str | None


@dataclass(frozen=True)
class DieLabel:
    value: int | None
    bbox: tuple[float, float, float, float]
    state: str | None
    zone: str | None


@dataclass(frozen=True)
class CubeLabel:
    value: int | None
    location: str | None


@dataclass(frozen=True)
class Labels:
    """One image's labels.  ``raw`` keeps the JSON object as read (for other scorers)."""

    board: BoardLabel | None
    dice: tuple[DieLabel, ...] | None
    cube: CubeLabel | None
    cube_labelled: bool
    partial: bool
    status: str | None
    raw: dict[str, Any]


@dataclass(frozen=True)
class Sample:
    image_path: Path
    label_path: Path | None
    labels: Labels | None

    @property
    def name(self) -> str:
        return self.image_path.stem


@dataclass(frozen=True)
class DataSet:
    root: Path
    samples: tuple[Sample, ...]
    white_home: str | None
    starting_image: Path | None
    calibration_raw: dict[str, Any]


def read_json(path: Path) -> Any:
    """Read a JSON file; DatasetError naming the file when it cannot be read or parsed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}: malformed JSON at line {exc.lineno}: {exc.msg}") from exc


def load_image(path: str | Path) -> np.ndarray:
    """Read a BGR image; DatasetError naming the file when it is missing or not an image."""
    p = Path(path)
    if not p.is_file():
        raise DatasetError(f"{p}: image file not found")
    data = np.fromfile(str(p), dtype=np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None or image.size == 0:
        raise DatasetError(f"{p}: unreadable image (corrupt or not a JPEG/PNG)")
    return image


def _counts(value: Any, where: str, length: int = 24) -> tuple[int | None, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != length:
        raise DatasetError(f"{where}: expected a list of {length} counts")
    return tuple(None if v is None else int(v) for v in value)


def _side_pair(value: Any, where: str) -> tuple[int | None, int | None]:
    if value is None:
        return None, None
    if not isinstance(value, dict):
        raise DatasetError(f"{where}: expected an object with 'white' and 'black'")
    w, b = value.get("white"), value.get("black")
    return (None if w is None else int(w)), (None if b is None else int(b))


def parse_labels(raw: Any, path: Path | str = "<labels>") -> Labels:
    """Turn one label (or prediction) JSON object into :class:`Labels`."""
    if not isinstance(raw, dict):
        raise DatasetError(f"{path}: top level must be a JSON object")
    try:
        board = None
        if isinstance(raw.get("board"), dict):
            b = raw["board"]
            corners = None
            if b.get("corners") is not None:
                corners = tuple((float(x), float(y)) for x, y in b["corners"])
                if len(corners) != 4:
                    raise DatasetError(f"{path}: board.corners must have 4 points")
            bw, bb = _side_pair(b.get("bar"), f"{path}: board.bar")
            ow, ob = _side_pair(b.get("off"), f"{path}: board.off")
            board = BoardLabel(
                corners=corners,
                white=_counts(b.get("white"), f"{path}: board.white"),
                black=_counts(b.get("black"), f"{path}: board.black"),
                bar_white=bw,
                bar_black=bb,
                off_white=ow,
                off_black=ob,
                white_home=b.get("white_home"),
            )
        dice = None
        if isinstance(raw.get("dice"), list):
            dice = tuple(
                DieLabel(
                    value=None if d.get("value") is None else int(d["value"]),
                    bbox=tuple(float(v) for v in d["bbox"]),  # type: ignore[arg-type]
                    state=d.get("state"),
                    zone=d.get("zone"),
                )
                for d in raw["dice"]
            )
        cube = None
        if isinstance(raw.get("cube"), dict):
            c = raw["cube"]
            cube = CubeLabel(
                value=None if c.get("value") is None else int(c["value"]),
                location=c.get("location"),
            )
    except DatasetError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise DatasetError(f"{path}: malformed label ({type(exc).__name__}: {exc})") from exc
    return Labels(
        board=board,
        dice=dice,
        cube=cube,
        cube_labelled="cube" in raw,
        partial=bool(raw.get("partial", False)),
        status=raw.get("status"),
        raw=raw,
    )


def load_labels(path: str | Path) -> Labels:
    p = Path(path)
    return parse_labels(read_json(p), p)


def load_set(set_dir: str | Path, *, require_labels: bool = False) -> DataSet:
    """List a set's images with their labels and read ``calibration.json`` when present."""
    root = Path(set_dir)
    if not root.is_dir():
        raise DatasetError(f"{root}: not a directory")
    calib: dict[str, Any] = {}
    calib_path = root / "calibration.json"
    if calib_path.exists():
        loaded = read_json(calib_path)
        if not isinstance(loaded, dict):
            raise DatasetError(f"{calib_path}: top level must be a JSON object")
        calib = loaded
    white_home = calib.get("white_home")
    if white_home is not None and white_home not in CORNERS:
        raise DatasetError(f"{calib_path}: white_home must be one of {CORNERS}, got {white_home!r}")
    starting = None
    if calib.get("starting_image"):
        starting = root / str(calib["starting_image"])
        if not starting.is_file():
            raise DatasetError(f"{calib_path}: starting_image {starting.name} not found")
    samples = []
    for image_path in sorted(root.iterdir()):
        if image_path.suffix.lower() not in IMAGE_SUFFIXES or not image_path.is_file():
            continue
        label_path = image_path.with_suffix(".json")
        if label_path.exists():
            samples.append(Sample(image_path, label_path, load_labels(label_path)))
        elif require_labels:
            raise DatasetError(f"{label_path}: label file missing for {image_path.name}")
        else:
            samples.append(Sample(image_path, None, None))
    return DataSet(root, tuple(samples), white_home, starting, calib)
