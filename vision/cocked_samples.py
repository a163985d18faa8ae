"""What the dice finder finds in labelled renders, kept before features (``DieSamples``), so
that ``vision.train_cocked`` can make features again without reading the images; split from
``vision.train_cocked`` for size."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.cocked import die_patch
from vision.cocked_view import CameraView, DieView

STATES = ("flat", "cocked", "on_checker", "none")  # "none": a found die in no labelled box

# One found die before stacking: (patch, centre, die_px, corners, size, cues, state index).
FoundDie = tuple[
    np.ndarray, tuple[float, float], float, np.ndarray, tuple[int, int], np.ndarray, int
]


@dataclass(frozen=True)
class DieSamples:
    """What ``find_dice`` found in labelled images, before features: one row per found die."""

    patches: np.ndarray  # (n, P, P, 3) uint8, from ``vision.cocked.die_patch``
    centre: np.ndarray  # (n, 2) top-face centre, image pixels
    die_px: np.ndarray  # (n,) die side the reader would use (the patch's scale)
    corners: np.ndarray  # (n, 4, 2) labelled board corners (TL, TR, BR, BL), image pixels
    size: np.ndarray  # (n, 2) image width, height
    cues: np.ndarray  # (n, 8) ``TiltCues`` values
    state: np.ndarray  # (n,) index into ``STATES``
    image: np.ndarray  # (n,) index of the image in the sorted list

    @property
    def cocked(self) -> np.ndarray:
        out: np.ndarray = (self.state == STATES.index("cocked")).astype(int)
        return out

    def view(self, k: int, jitter: float = 0.0, rng: np.random.Generator | None = None) -> DieView:
        """How a flat die shows at sample ``k`` (the camera recovered from the corners);
        ``jitter`` > 0: through a slightly wrong board, each corner moved by a normal step of
        that share of the board's width (seeded by ``rng``), as a found board may be.

        >>> # s.view(0, 0.006, np.random.default_rng(0))  # corners ~5 px off on 800 px
        """
        size = (int(self.size[k][0]), int(self.size[k][1]))
        corners = np.asarray(self.corners[k], np.float64).reshape(4, 2)
        if jitter > 0 and rng is not None:
            width = float(np.linalg.norm(corners[1] - corners[0]))
            corners = corners + rng.normal(0.0, jitter * width, corners.shape)
        cam = CameraView.from_corners(corners, size, float(self.die_px[k]))
        return cam.at((float(self.centre[k][0]), float(self.centre[k][1])))

    def take(self, sel: np.ndarray) -> DieSamples:
        return DieSamples(*(v[sel] for v in vars(self).values()))

    @staticmethod
    def concat(parts: list[DieSamples]) -> DieSamples:
        """The samples of several image lists, images numbered on from one list to the next."""
        images, start = [], 0
        for p in parts:
            images.append(p.image + start)
            start += int(p.image.max()) + 1 if len(p.image) else 0

        def joined(field: str) -> np.ndarray:
            return np.concatenate([getattr(p, field) for p in parts])

        return DieSamples(
            joined("patches"),
            joined("centre"),
            joined("die_px"),
            joined("corners"),
            joined("size"),
            joined("cues"),
            joined("state"),
            np.concatenate(images),
        )

    def save(self, path: Path) -> None:
        np.savez_compressed(path, **vars(self))

    @staticmethod
    def load(path: Path) -> DieSamples:
        z = np.load(path)
        return DieSamples(*(z[k] for k in DieSamples.__dataclass_fields__))


def labelled_at(lab: list[dict[str, Any]], centre: tuple[float, float]) -> list[dict[str, Any]]:
    """The labelled dice (``lab``, DATASET.md's ``dice``) whose box holds ``centre``."""
    cx, cy = centre
    return [
        b for b in lab if b["bbox"][0] <= cx <= b["bbox"][2] and b["bbox"][1] <= cy <= b["bbox"][3]
    ]


def label_die_px(labels: dict[str, Any]) -> float:
    """The die side the reader would use: from the labelled board corners as the reader
    computes it from a found board (a calibration gives nearly the same); without a board,
    0.8 x the median labelled box side."""
    corners = (labels.get("board") or {}).get("corners")
    if corners:
        from vision.board import BoardGeometry
        from vision.calibration import expected_die_px
        from vision.checkers import BoardShape, quad_aspect

        c = tuple((float(p[0]), float(p[1])) for p in corners)
        return expected_die_px(c, BoardGeometry().bar_frac, BoardShape(aspect=quad_aspect(c)))
    boxes = [d["bbox"] for d in labels.get("dice") or []]
    return 0.8 * float(np.median([max(b[2] - b[0], b[3] - b[1]) for b in boxes]))


def found_dice(img_path: Path) -> list[FoundDie]:
    """(patch, centre, die_px, corners, size, cues, state index) of each die ``find_dice``
    finds in one labelled image with a board; dice in two overlapping labelled boxes are left
    out (ambiguous)."""
    from vision.dice import find_dice

    labels = json.loads(img_path.with_suffix(".json").read_text())
    lab = labels.get("dice") or []
    img = cv2.imread(str(img_path))
    corners = (labels.get("board") or {}).get("corners")
    if img is None or not lab or not corners:
        return []
    d = label_die_px(labels)
    size = (img.shape[1], img.shape[0])
    out: list[FoundDie] = []
    for r in find_dice(img, die_size_px=d, learned_state=False):
        if r.loose:  # candidates the reader keeps only if cocked: not what training saw
            continue
        hit = labelled_at(lab, r.centre)
        if len(hit) > 1:
            continue
        state = STATES.index(hit[0].get("state", "flat")) if hit else STATES.index("none")
        cues = np.array(list(vars(r.tilt).values()) if r.tilt is not None else [0.0] * 8)
        patch = die_patch(img, r.centre, d)
        out.append((patch, r.centre, d, np.asarray(corners, float), size, cues, state))
    return out


def collect(imgs: list[Path]) -> DieSamples:
    rows: list[FoundDie] = []
    where: list[int] = []
    for i, p in enumerate(imgs):
        for row in found_dice(p):
            rows.append(row)
            where.append(i)
        if i % 100 == 0:
            print(f"{i}/{len(imgs)} images, {len(rows)} dice", flush=True)
    return DieSamples(
        np.array([r[0] for r in rows], np.uint8).reshape(-1, *die_patch_shape()),
        np.array([r[1] for r in rows], np.float64).reshape(-1, 2),
        np.array([r[2] for r in rows], np.float64),
        np.array([r[3] for r in rows], np.float64).reshape(-1, 4, 2),
        np.array([r[4] for r in rows], np.int32).reshape(-1, 2),
        np.array([r[5] for r in rows], np.float32).reshape(-1, 8),
        np.array([r[6] for r in rows], np.int8),
        np.array(where, np.int32),
    )


def die_patch_shape() -> tuple[int, int, int]:
    h, w, c = die_patch(np.zeros((8, 8, 3), np.uint8), (4.0, 4.0), 2.0).shape
    return int(h), int(w), int(c)
