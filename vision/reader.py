"""The public entry point of ``vision``: one frame in, one :class:`Observation` out.

::

    reader = BoardReader(Calibration.load("calibration.json"))
    obs = reader.read(frame)            # never raises on a bad frame: see obs.status
    if obs.status == "ok":
        obs.white, obs.black, obs.dice, obs.cube

Without a calibration the board is searched for in every frame (slower, used for evaluation on
sets where every image has its own camera pose); ``white_home`` then says the orientation.
Statuses: ``bad_frame`` (not an HxWx3 uint8 image, or the wrong size for the calibration),
``too_dark``, ``board_not_found``, ``occluded`` (a hand or object covers part of the board; the
counts are given with a low confidence), ``uncertain`` (counts that cannot be right, e.g. more
than 15 checkers of a side), ``ok``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from vision.board import BoardFix, BoardGeometry, find_board, homography_for, rectify
from vision.board.fine_sides import quad_shift
from vision.board.trust import board_doubt
from vision.calibration import Calibration, expected_die_px
from vision.changes import FrameChanges, merged
from vision.checkers import (
    WORK_H,
    WORK_W,
    BoardShape,
    count_checkers,
    quad_aspect,
)
from vision.checkers.bar import CubeSeen
from vision.checkers.count import PointTrace
from vision.checkers.trays import read_trays, seen_off, with_trays
from vision.cube_sides import off_cube_sides
from vision.dice_cube import cube_past_numerals, left_to_cube, on_found_cube
from vision.dice_doubt import one_reading_a_die
from vision.dice_gaps import out_of_checker_gaps
from vision.dice_markers import off_markers
from vision.dice_place import boxes_in_work, loose_die, near_board, place_die
from vision.dice_tilt import restate
from vision.die_ground import DieZones
from vision.face_colour import doubt_bare_corners
from vision.faint_pips import lift_faint
from vision.hand import find_hand, under_hand
from vision.memory import keep_freed_memory
from vision.observation import Observation, ObservedDie
from vision.read_outcome import frame_problem, observation_of
from vision.top_lattice import lattice_tops
from vision.top_plain import plain_ones
from vision.top_relook import relook_tops
from vision.warp import shared_bgra

DiceFinder = Callable[..., list[Any]]
# (frame, homography, width, height) -> the board warped to width x height (``rectify``).
BoardWarp = Callable[[np.ndarray, np.ndarray, int, int], np.ndarray]


def _find_dice() -> DiceFinder | None:
    """The project's dice finder (it can search parts of a frame), if importable."""
    try:
        from vision.dice import find_dice
    except ImportError:  # the dice stage is optional; the reader then reports no dice
        return None
    return find_dice


@dataclass(frozen=True)
class _Board:
    corners: tuple[tuple[float, float], ...]
    homography: np.ndarray
    geometry: BoardGeometry
    shape: BoardShape
    die_size_px: float
    doubt: str = ""  # why the found board's placement is not trusted ("" when it is)
    edge_shift: tuple[float, ...] = (0.0, 0.0)  # the found quad's long sides past the edge


def _calibrated_shift(cal: Calibration, frame: np.ndarray) -> tuple[float, ...]:
    """The calibrated quad's long sides past the playing area's edge (``fine_sides``): as
    stored at calibration, else (a calibration saved before it was stored) measured on this
    frame, the first the calibrated board is read in; none for a labelled quad."""
    if cal.edge_shift is not None:
        return cal.edge_shift
    return quad_shift(frame, np.asarray(cal.corners), cal.method) or (0.0, 0.0)


class BoardReader:
    """Frame -> Observation.  See the module docstring."""

    def __init__(
        self,
        calibration: Calibration | None = None,
        *,
        white_home: str | None = None,
        redetect: bool | None = None,
        dice_finder: DiceFinder | None | bool = True,
        min_brightness: float = 28.0,
        full_dice_search_every: int = 1,
        board_finder: Callable[[np.ndarray], BoardFix | None] = find_board,
        warp: BoardWarp = rectify,
    ) -> None:
        self.calibration = calibration
        # Where the board is when there is no calibration (or it is redetected every frame);
        # the evaluation swaps in the labelled corners to score the later stages on their own.
        self.board_finder = board_finder
        # How the board is warped for the checkers, and who is told their per-point reads:
        # the jitter measure (``vision.checkers.jitter``) swaps in a square warp and a trace.
        self.warp = warp
        self.checker_trace: PointTrace | None = None
        self.white_home = white_home or (calibration.white_home if calibration else "bottom-right")
        self.redetect = calibration is None if redetect is None else redetect
        if dice_finder is True:
            self.dice_finder = _find_dice()
        elif dice_finder is False:
            self.dice_finder = None
        else:
            self.dice_finder = dice_finder
        self.min_brightness = min_brightness
        # N > 1, with a calibration: dice are searched only where the frame changed since the
        # last read and around the dice read then, and in the whole frame every Nth read (a
        # die missed once gets another look). About 3x faster dice, and on the demo recording
        # the same dice except a phantom "1" in an unchanged gap. The default (1) searches the
        # whole frame every time: the runner confirms a scene by repeated identical reads, and
        # reads that reuse the last one's search area are not independent evidence.
        self.full_dice_search_every = max(1, full_dice_search_every)
        # Only the project's own finder can search parts of a frame.
        self._by_region = self.full_dice_search_every > 1 and self.dice_finder is _find_dice()
        self._changes = FrameChanges()
        # Per-calibration things, made once: the calibrated board and the near-board mask.
        self._cal_board: tuple[Calibration, _Board] | None = None
        self._mask: tuple[_Board, tuple[int, ...], np.ndarray] | None = None
        self._last_dice: list[Any] = []
        self._reads_since_full = 0
        self.last_latency_s = 0.0
        self.moved = False  # the last calibrated read found the board moved
        self.dice_error = ""  # why the last frame's dice could not be read, if they could not
        keep_freed_memory()

    # ----------------------------------------------------------------- public
    def read(self, frame: Any) -> Observation:
        t0 = time.perf_counter()
        self.dice_error = ""
        try:
            with shared_bgra(frame):  # the frame's warps share one BGRA copy (faster)
                obs = self._read(frame)
        except Exception as exc:  # noqa: BLE001 - the referee must never see an exception
            obs = Observation(
                status="bad_frame", message=f"reader error: {type(exc).__name__}: {exc}"
            )
        if self.dice_error:  # said, not hidden: the board is still read
            obs = replace(obs, message="; ".join(m for m in (obs.message, self.dice_error) if m))
        self.last_latency_s = time.perf_counter() - t0
        return obs

    # ----------------------------------------------------------------- steps
    def _read(self, frame: Any) -> Observation:
        problem = frame_problem(frame)
        if problem:
            return Observation(status="bad_frame", message=problem)
        if frame.ndim == 2:
            frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
        # One grey frame serves the brightness check, the moved-board check and the dice finder.
        grey_full = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        if not _surely_bright(grey_full, self.min_brightness):
            small = cv2.resize(frame, (160, 120), interpolation=cv2.INTER_AREA)
            grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
            if float(grey.mean()) < self.min_brightness and float(np.percentile(grey, 95)) < 60:
                return Observation(status="too_dark", message=f"mean brightness {grey.mean():.0f}")
        board = self._board(frame, grey_full)
        if board is None:
            # No board, but dice may still be read (a dice-only photo): they get no zone.
            loose = tuple(loose_die(r) for r in self._dice(frame, None, grey_full))
            if self.moved:
                return Observation(
                    status="board_not_found",
                    dice=loose,
                    message="the board or camera moved since calibration: calibrate again",
                )
            return Observation(
                status="board_not_found", dice=loose, message="no playing area found"
            )
        if isinstance(board, str):
            return Observation(status="bad_frame", message=board)
        rect = self.warp(frame, board.homography, WORK_W, WORK_H)
        readings = self._dice(frame, board, grey_full)
        to_work = np.diag([WORK_W / 1200.0, WORK_H / 900.0, 1.0]) @ board.homography
        ignore = boxes_in_work(readings, to_work)
        colours = self.calibration.colours if self.calibration else None
        # A die found by its pips is no cube (dice on the bar were taken for it), read or not:
        # a face left unread for doubt still has pips. A numeral read as a die hiding the
        # cube is looked past, and dropped below once the cube is read under it.
        cube = cube_past_numerals(
            frame, board.homography, board.geometry, self.white_home, board.die_size_px, readings
        )
        # The bar's count is told where the cube is: a cube on the bar is no checker, and one
        # seen elsewhere leaves the bar's middle to checkers.
        geo = board.geometry
        at = None
        if cube is not None and cube.centre is not None:
            at = (cube.centre[0] / geo.width, cube.centre[1] / geo.height)
        # Borne off: the tray's counts where believed, for the totals and the result.
        tray = read_trays(frame, board.homography, self.white_home, board.shape)
        counts = count_checkers(
            rect,
            geo,
            self.white_home,
            shape=board.shape,
            colours=colours,
            ignore=ignore,
            cube=CubeSeen(at),
            off=seen_off(tray),
            trace=self.checker_trace,
            edge_shift=board.edge_shift,
        )
        counts = with_trays(counts, tray)
        counts = under_hand(counts, find_hand(frame, board.homography), geo, self.white_home)
        readings = out_of_checker_gaps(readings, counts.discs, to_work)  # gaps read as 2s
        readings = on_found_cube(readings, cube, board.homography, geo, board.die_size_px)
        readings = off_cube_sides(readings, cube, board.homography, geo)
        dice: tuple[ObservedDie, ...] = ()
        if readings:  # each die's zone judged below its middle, against the bar the frame shows
            zones = DieZones(
                frame, board.homography, geo, self.white_home, board.corners, board.die_size_px
            )
            where = (board.homography, geo, self.white_home, counts, to_work)
            dice = tuple(place_die(r, *where, zones.of(r)) for r in readings)
        return observation_of(counts, dice, cube, board.corners, board.doubt, self.white_home)

    def _board(self, frame: np.ndarray, grey: np.ndarray) -> _Board | str | None:
        cal = self.calibration
        if cal is not None and not self.redetect:
            h, w = frame.shape[:2]
            if (w, h) != tuple(cal.image_size):
                return (
                    f"frame is {w}x{h}, calibration is for {cal.image_size[0]}x{cal.image_size[1]}"
                )
            # A bumped board or camera: the calibrated position no longer holds.
            self.moved = cal.check_moved(grey).moved
            if self.moved:
                return None
            if self._cal_board is None or self._cal_board[0] is not cal:
                board = _Board(
                    corners=cal.corners,
                    homography=cal.homography,
                    geometry=cal.geometry,
                    shape=cal.shape,
                    die_size_px=cal.die_size_px
                    or expected_die_px(cal.corners, cal.bar_frac, cal.shape),
                    edge_shift=_calibrated_shift(cal, frame),
                )
                self._cal_board = (cal, board)
            return self._cal_board[1]
        fix: BoardFix | None = self.board_finder(frame)
        if fix is None:
            return None
        shape = BoardShape(aspect=quad_aspect(fix.corners))
        if cal is not None:
            shape = replace(cal.shape, aspect=shape.aspect)
        return _Board(
            corners=fix.corners,
            homography=homography_for(np.asarray(fix.corners)),
            geometry=BoardGeometry(bar_frac=fix.bar_frac),
            shape=shape,
            die_size_px=expected_die_px(fix.corners, fix.bar_frac, shape),
            doubt=board_doubt(frame, fix),
            # Found quads (markers' or the search's) lie outside the playing area (fine_sides).
            edge_shift=quad_shift(frame, np.asarray(fix.corners), fix.method) or (0.0, 0.0),
        )

    def _dice(self, frame: np.ndarray, board: _Board | None, grey: np.ndarray) -> list[Any]:
        if self.dice_finder is None:
            return []
        try:
            ours = self.dice_finder is _find_dice()
            if board is None:
                if ours:
                    return list(self.dice_finder(frame, die_size_px=None, gray=grey))
                return list(self.dice_finder(frame, die_size_px=None))
            size = board.die_size_px
            if not ours:  # a finder of the caller's: no mask
                return list(self.dice_finder(frame, die_size_px=size))
            mask = self._near_board(frame.shape[:2], board)
            if not self.redetect and self._by_region:
                found = self._dice_where_changed(frame, size, mask, grey, board.corners)
            else:
                found = list(
                    self.dice_finder(
                        frame,
                        die_size_px=size,
                        mask=mask,
                        gray=grey,
                        learned_state=False,
                        corners=board.corners,
                    )
                )
            # Flat or cocked is judged with the camera the board's corners give; the cube's
            # numeral is no die, nor is a marker's; faces closer than a die's side are one die's.
            found = restate(frame, found, board.corners, size)
            found = lift_faint(frame, found, board.corners, size)  # faint pips, plainly flat
            found = doubt_bare_corners(grey, found, size)  # a cocked 1 read as a flat 2
            found = left_to_cube(found, frame, board.homography, board.geometry, size)
            found = off_markers(found, grey, board.homography, board.geometry, size)
            found = one_reading_a_die(found, size)
            # A cocked die read 1-3 or unread whose pips fit a 5's or a 6's top lattice.
            found = lattice_tops(found, board.corners, (frame.shape[1], frame.shape[0]), size)
            # Still 1-3 or unread: its pips sought again in a closer look (``top_relook``).
            found = relook_tops(frame, found, board.corners, size)
            # Read 2-4 or unread: a top 1 whose face is plainly its own (``top_plain``).
            return plain_ones(frame, found, board.corners, size)
        except Exception as exc:  # noqa: BLE001 - a failing dice stage must not lose the board
            self.dice_error = f"dice not read: {type(exc).__name__}: {exc}"
            return []

    def _near_board(self, shape: tuple[int, ...], board: _Board) -> np.ndarray:
        """``dice_place.near_board``, kept while the board (a calibrated one) stays the same."""
        if self._mask is None or self._mask[0] is not board or self._mask[1] != shape:
            self._mask = (board, shape, near_board(shape, board.homography, board.geometry))
        return self._mask[2]

    def _dice_where_changed(
        self,
        frame: np.ndarray,
        size: float,
        mask: np.ndarray,
        grey: np.ndarray,
        corners: tuple[tuple[float, float], ...] | None = None,
    ) -> list[Any]:
        """Calibrated reads: search where the frame changed and around the dice read last
        time (they are read afresh, so the dice of one frame are always judged together);
        like a full search, only near the board (``mask``)."""
        margin = 1.5 * size
        self._changes.margin_px = margin
        boxes = self._changes.update(grey)  # the grey frame: no second conversion
        self._reads_since_full += 1
        if boxes is None or self._reads_since_full >= self.full_dice_search_every:
            self._reads_since_full = 0
            found = list(
                self.dice_finder(  # type: ignore[misc]
                    frame,
                    die_size_px=size,
                    mask=mask,
                    gray=grey,
                    learned_state=False,
                    corners=corners,
                )
            )
        else:
            h, w = frame.shape[:2]
            for x0, y0, x1, y1 in (r.bbox for r in self._last_dice):
                boxes.append(
                    (
                        max(0, int(x0 - margin)),
                        max(0, int(y0 - margin)),
                        min(w, int(x1 + margin)),
                        min(h, int(y1 + margin)),
                    )
                )
            found = (
                list(
                    self.dice_finder(  # type: ignore[misc]
                        frame,
                        die_size_px=size,
                        regions=merged(boxes),
                        mask=mask,
                        gray=grey,
                        learned_state=False,
                        corners=corners,
                    )
                )
                if boxes
                else []
            )
        self._last_dice = found
        return found


def _surely_bright(grey: np.ndarray, min_brightness: float) -> bool:
    """Is the too-dark test's 160x120 grey thumbnail's mean surely at least ``min_brightness``
    (the test then passes without the thumbnail, ~5 ms a 1280x960 frame on the slow machine)?

    When the frame tiles into the thumbnail's 160x120 blocks, the thumbnail's mean is the grey
    frame's within 1.5: both greys round a convex mix of the channels (0.5 each) and the area
    resize rounds the blocks' mean colours (0.5, through the same convex mix). Other sizes:
    not decided here."""
    h, w = grey.shape[:2]
    if w % 160 or h % 120:
        return False
    return cv2.sumElems(grey)[0] / grey.size >= min_brightness + 2.0
