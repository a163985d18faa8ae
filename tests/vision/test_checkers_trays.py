"""Borne-off checkers read from the bear-off tray (vision.checkers.trays), and the totals that
use a believed tray count: a side seen to have borne some off is short of 15 less those, so its
missing checkers go to its doubted points while it bears off (short_side.fill_short), and one
counted too many is fitted (totals.fit_total).

The tray scenes are drawn with numpy on a frame whose homography is the identity: the
canonical board (CANON_W x CANON_H) at the frame's left, the frame and tray past its right
end, checkers standing on edge in the tray as slabs a fifth of a checker thick."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.board import CANON_H, CANON_W
from vision.checkers.model import BoardShape, CheckerCounts
from vision.checkers.short_bar import bar_doubt
from vision.checkers.short_side import fill_short
from vision.checkers.totals import fit_total
from vision.checkers.trays import TrayCount, TrayRead, read_trays, seen_off, with_trays

FRAME = (40, 60, 90)  # BGR: a brown frame
FLOOR = (150, 185, 205)  # a light tray floor
SLAB = (235, 235, 235)  # a white checker's edge
JOINT = (120, 120, 120)  # the line between two slabs
PERIOD = 18  # canonical rows per slab (a fifth of a checker: CANON_H / 11.2 / 4.5)


def _scene(
    white: int, black: int, *, wavy: bool = False, width: int = 1600, lost: int = 0
) -> np.ndarray:
    """A frame: board at x 0-1200, frame past it, the tray at x 1290-1420 (home right)."""
    frame = np.zeros((CANON_H, width, 3), np.uint8)
    frame[:, :CANON_W] = (60, 120, 60)
    frame[:, CANON_W:] = FRAME
    frame[:, 1290:1420] = FLOOR
    if wavy:
        # A wood grain's waves across the tray: steps along it, not straight across.
        ys, xs = np.mgrid[0 : CANON_H // 3, 1290:1420]
        wave = np.sin(2 * np.pi * (ys + 6 * np.sin(xs / 9.0)) / PERIOD) > 0.3
        frame[: CANON_H // 3, 1290:1420][wave] = JOINT
    x0, x1 = 1306, 1404  # a checker wide, in the tray's middle
    for k in range(white):  # white's stack from the bottom (white sits at the bottom)
        y1 = CANON_H - 4 - k * PERIOD
        frame[y1 - PERIOD : y1, x0:x1] = SLAB
        frame[y1 - 2 : y1, x0:x1] = JOINT if k and k != lost else SLAB
    for k in range(black):
        y0 = 4 + k * PERIOD
        frame[y0 : y0 + PERIOD, x0:x1] = (40, 40, 160)
        frame[y0 : y0 + 2, x0:x1] = (20, 20, 60) if k else (40, 40, 160)
    return cv2.GaussianBlur(frame, (0, 0), 1.5)


@pytest.mark.parametrize(("white", "black"), [(6, 5), (13, 9), (3, 14)])
def test_stacks_in_the_tray_are_counted_and_believed(white: int, black: int) -> None:
    tray = read_trays(_scene(white, black), np.eye(3), "bottom-right", BoardShape())
    assert tray.visible
    assert (tray.white.count, tray.black.count) == (white, black)
    assert tray.white.believed and tray.black.believed


@pytest.mark.parametrize(("white", "believed"), [(13, True), (5, False)])
def test_a_tall_stack_may_lose_a_joint(white: int, believed: bool) -> None:
    # The line under white's top checker is not seen (blurred): a tall stack is still believed
    # (its period and length agree), a short one is not.
    tray = read_trays(_scene(white, 0, lost=white - 1), np.eye(3), "bottom-right", BoardShape())
    assert tray.white.count == white and tray.white.joints == white - 2
    assert tray.white.believed is believed


def test_a_tray_cut_by_the_image_edge_is_not_read() -> None:
    tray = read_trays(_scene(6, 3, width=CANON_W + 60), np.eye(3), "bottom-right", BoardShape())
    assert not tray.visible and tray.white.count is None and tray.black.count is None


def test_a_wood_grain_is_no_stack() -> None:
    tray = read_trays(_scene(5, 0, wavy=True), np.eye(3), "bottom-right", BoardShape())
    assert tray.white.count == 5 and tray.white.believed
    assert not tray.black.believed


def test_a_home_on_the_left_reads_the_left_tray() -> None:
    frame = _scene(4, 7)[:, ::-1].copy()  # mirrored: board at the right, the tray left of it
    shift = np.array([[1.0, 0, -(frame.shape[1] - CANON_W)], [0, 1, 0], [0, 0, 1]])
    tray = read_trays(frame, shift, "bottom-left", BoardShape())
    assert (tray.white.count, tray.black.count) == (4, 7)


def _home_board() -> tuple[list[int], list[int], list[float]]:
    """White bearing off: 12 on its points 1-6 (one doubted 4), black's 15 elsewhere."""
    white, black = [0] * 24, [0] * 24
    white[0], white[2], white[4] = 4, 4, 4
    black[18], black[20], black[23] = 5, 5, 5
    conf = [1.0] * 24
    conf[2] = 0.5
    return white, black, conf


def test_a_side_bearing_off_fills_from_the_tray_count() -> None:
    white, black, conf = _home_board()
    fill_short(white, black, 0, 0, conf, [None] * 24)  # bore off 3 or more? nothing told
    assert sum(white) == 12
    fill_short(white, black, 0, 0, conf, [None] * 24, off=(2, None))  # 2 seen off: 1 missing
    assert white[2] == 5 and conf[2] == 0.5 and sum(white) == 13
    assert bar_doubt(*_home_board()[:2], 0, 0, 0.9, off=(2, None)) == 0.5


def test_a_side_bearing_off_sheds_one_too_many() -> None:
    white, _, conf = _home_board()
    assert fit_total(white, 0, conf, 1.0, off=4) == (0, 1.0)
    assert white[2] == 3 and conf[2] == 0.4


def test_with_trays_reports_the_believed_counts() -> None:
    counts = CheckerCounts(
        white=(4,) + (0,) * 23,
        black=(0,) * 23 + (5,),
        bar_white=0,
        bar_black=0,
        off_white=11,
        off_black=10,
        off_from_trays=False,
        point_confidence=(1.0,) * 24,
        bar_confidence=1.0,
        off_confidence=0.5,
    )
    both = TrayRead(TrayCount(11, 0.9), TrayCount(10, 0.9), True)
    got = with_trays(counts, both)
    assert got.off_from_trays and got.off_confidence > 0.65
    one = TrayRead(TrayCount(9, 0.9), TrayCount(3, 0.3), True)
    assert seen_off(one) == (9, None)
    got = with_trays(counts, one)
    assert (got.off_white, got.off_black, got.off_from_trays) == (9, 10, False)
    assert got.off_confidence == 0.5


def test_a_tray_mostly_out_of_the_image_is_not_warped(monkeypatch) -> None:
    warps, plain = [], cv2.warpPerspective

    def warp(*a, **k):
        warps.append(a[2])
        return plain(*a, **k)

    monkeypatch.setattr("vision.checkers.trays.cv2.warpPerspective", warp)
    # Too little of the strip in the image to hold a checker: not read, and not warped.
    assert (
        read_trays(_scene(6, 5, width=1240), np.eye(3), "bottom-right", BoardShape()) == TrayRead()
    )
    assert warps == []
    # Enough of it: warped whole (a narrower warp's pixels differ) and read.
    assert read_trays(_scene(6, 5), np.eye(3), "bottom-right", BoardShape()).visible
    assert warps == [(96, 675)]
