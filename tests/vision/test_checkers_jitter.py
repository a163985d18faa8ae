"""The jitter measure (``vision.checkers.jitter``): seeded perturbations, flips scored."""

from __future__ import annotations

import numpy as np

from tests.vision.checker_scenes import render_scene
from vision.board import find_board_markers, rectify
from vision.checkers.jitter import (
    SHIFT,
    JitterTally,
    PointRead,
    Trace,
    noisy,
    score_board,
    variants,
)
from vision.reader import BoardReader
from vision.synth import Position


def test_variants_are_seeded_and_small() -> None:
    a, b = variants(0, 7), variants(0, 7)
    assert a == b and a[0].name == "plain" and variants(1, 7) != a
    offs = np.array([v.offsets for v in a])
    assert np.abs(offs).max() <= SHIFT
    assert sum(v.noise_seed is not None for v in a) == 1 and sum(v.square for v in a) == 1


def test_noise_is_at_most_one_grey_level() -> None:
    frame = np.random.default_rng(0).integers(0, 256, (20, 30, 3)).astype(np.uint8)
    out = noisy(frame, 5)
    assert np.abs(out.astype(int) - frame).max() == 1
    assert np.array_equal(out, noisy(frame, 5))


def _read(count: tuple[int, int], conf: float, found: int = 2) -> PointRead:
    return PointRead(count, conf >= 0.65, conf, found, (*count, conf))


def test_flips_and_wrong_believed_are_counted() -> None:
    truth = [(2, 0)] + [(0, 0)] * 23
    plain = [_read((2, 0), 0.9)] + [_read((0, 0), 1.0, 0)] * 23
    odd = [_read((3, 0), 0.8, 3), _read((0, 0), 0.5, 0)] + [_read((0, 0), 1.0, 0)] * 22
    t = JitterTally()
    score_board("IMG_1", truth, [plain, odd], t)
    assert (t.points, t.flipped, t.believed_flip, t.belief_flipped) == (24, 1, 1, 1)
    assert (t.wrong_believed, t.wrong_plain, t.exact_plain, t.exact_all) == (1, 0, 1, 0)
    assert t.stages == {"found": 1, "belief-reads": 1}


def test_each_variant_is_tallied() -> None:
    truth = [(1, 0)] * 24
    plain = [_read((1, 0), 1.0, 1)] * 24
    odd = [_read((0, 1), 0.9, 1)] + [_read((1, 0), 1.0, 1)] * 23
    t = JitterTally()
    score_board("IMG_2", truth, [plain, plain, odd], t, ["plain", "shift0", "noise"])
    assert t.by_variant == {"plain": [0, 0], "shift0": [0, 0], "noise": [1, 1]}


def test_the_reader_tells_its_trace_and_warps_with_its_warp() -> None:
    """The measure's hooks (no module attribute swapped): the reader's ``warp`` makes the board
    the checkers read, and ``checker_trace`` is told the per-point reads."""
    white, black = [0] * 24, [0] * 24
    white[5], white[12], black[18], black[11] = 3, 12, 2, 13
    image, _ = render_scene(
        "tournament_green", Position(tuple(white), tuple(black)), "bottom-right", 3
    )
    fix = find_board_markers(image)
    assert fix is not None
    warped: list[tuple[int, int]] = []

    def warp(frame: np.ndarray, h: np.ndarray, width: int, height: int) -> np.ndarray:
        warped.append((width, height))
        return rectify(frame, h, width, height)

    reader = BoardReader(None, dice_finder=False, warp=warp, board_finder=lambda _: fix)
    trace = Trace()
    reader.checker_trace = trace.record
    obs = reader.read(image)
    assert len(warped) == 1 and obs.white is not None
    assert trace.read[5][0] == 3 and trace.found[5] >= 2
    assert trace.read[18][1] == 2
