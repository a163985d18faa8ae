"""What the device learns once at set-up: where the board is, its orientation, its colours.

::

    cal = calibrate(start_frame, white_home="bottom-right")   # frame shows the starting position
    cal.save("calibration.json")
    cal = Calibration.load("calibration.json")
    if cal.check_moved(frame).moved:
        cal = calibrate(frame, white_home=cal.white_home, learn_colours=False)

``calibrate`` without ``white_home`` tries the four corners and keeps the one under which the
frame reads as the standard starting position.  Checker colours are learned from that frame
(the lighter set is white).  ``check_moved`` compares the frame's board outline with the
reference taken at calibration (phase correlation on a small warped edge image, as a whole and
by quarters round each corner: a camera turned or zoomed a little shifts the whole by next to
nothing but the corners by several pixels), so a bumped board or camera is noticed without a
full board search.

A calibration from a found quad (the search's or the markers') stores how far its long sides
lie outside the playing area at each end (``edge_shift``, vision.board.fine_sides.edge_ends;
files saved with one shift a side still load): every read of the calibrated board
takes it off the points' colour runs for their confidence, as a read that finds the board does.
Session 31, each image read through a calibration made from its own found quad, no shift ->
shift stored (believed / wrong): IMG_72401-72500 1643 / 2 -> 1655 / 2 (one count changed, not
believed: a missing black checker put on another doubted point by the totals' fit, which takes
the least confident); /tmp/fresh68 IMG_68601-68660 1032 / 0 -> 1068 / 0; paper webcam 435 / 0 ->
477 / 0; fm gammon 81 / 1 -> 85 / 1; exact unchanged on all four.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.board import (
    WHITE_HOMES,
    BoardFix,
    BoardGeometry,
    find_board,
    homography_for,
    rectify,
)
from vision.board.fine_sides import quad_shift
from vision.checkers import (
    WORK_H,
    WORK_W,
    BoardShape,
    CheckerColours,
    count_checkers,
    quad_aspect,
)

START_WHITE = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
START_BLACK = tuple(reversed(START_WHITE))
_REF_W, _REF_H = 160, 120
# The reference's quarters, each holding one corner of the playing area.
_QUARTERS = tuple(
    (slice(y, y + _REF_H // 2), slice(x, x + _REF_W // 2))
    for y in (0, _REF_H // 2)
    for x in (0, _REF_W // 2)
)
# A quarter's shift counts when its correlation peak is at least this clear and the shift at
# most this many reference pixels (about 0.3 point): once play has changed a quarter's content
# (the demo game's later frames) its peak falls to 0.1-0.2 and lands anywhere, often whole
# points away on the repeating triangles. A larger true move shifts the whole view anyway.
_QUARTER_RESPONSE = 0.3
_QUARTER_MAX_SHIFT = 3.0
# Die edge over checker diameter on usual boards (15-16 mm dice, 37-40 mm checkers).
DIE_OVER_CHECKER = 0.42


class CalibrationError(ValueError):
    """Calibration could not be made or read; the message says why."""


@dataclass(frozen=True)
class MoveCheck:
    moved: bool
    shift_px: float  # estimated shift of the board outline, in image pixels
    response: float  # phase-correlation peak (low = the view changed beyond a shift)


@dataclass(frozen=True)
class Calibration:
    """Board position (homography image -> canonical), orientation, colours and sizes."""

    corners: tuple[tuple[float, float], ...]
    image_size: tuple[int, int]  # (width, height)
    white_home: str = "bottom-right"
    bar_frac: float = 0.06
    shape: BoardShape = field(default_factory=BoardShape)
    colours: CheckerColours | None = None
    die_size_px: float | None = None
    method: str = "frame"
    reference: tuple[int, ...] = ()  # _REF_W x _REF_H edge image of the board and its frame
    # The quad's top and bottom sides outside the playing area, shares of the board's height
    # (vision.board.fine_sides.edge_ends: top-left, top-right, bottom-left, bottom-right; two,
    # one a side, in files saved in session 31), measured once on the calibration frame; None in
    # calibrations saved before it (the reader measures it on its first frame then).
    edge_shift: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if self.white_home not in WHITE_HOMES:
            raise CalibrationError(f"white_home must be one of {WHITE_HOMES}")
        if len(self.corners) != 4:
            raise CalibrationError("corners must hold 4 points")

    @property
    def homography(self) -> np.ndarray:
        return homography_for(np.asarray(self.corners))

    @property
    def geometry(self) -> BoardGeometry:
        return BoardGeometry(bar_frac=self.bar_frac)

    # -------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["reference"] = list(self.reference)
        d["version"] = 1
        return d

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Calibration:
        try:
            colours = data.get("colours")
            return cls(
                corners=tuple((float(x), float(y)) for x, y in data["corners"]),
                image_size=(int(data["image_size"][0]), int(data["image_size"][1])),
                white_home=str(data.get("white_home", "bottom-right")),
                bar_frac=float(data.get("bar_frac", 0.06)),
                shape=BoardShape(**data.get("shape", {})),
                colours=None
                if colours is None
                else CheckerColours(
                    white=tuple(float(v) for v in colours["white"]),  # type: ignore[arg-type]
                    black=tuple(float(v) for v in colours["black"]),  # type: ignore[arg-type]
                ),
                die_size_px=None if data.get("die_size_px") is None else float(data["die_size_px"]),
                method=str(data.get("method", "frame")),
                reference=tuple(int(v) for v in data.get("reference", ())),
                edge_shift=None
                if data.get("edge_shift") is None
                else tuple(float(v) for v in data["edge_shift"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CalibrationError(f"malformed calibration ({type(exc).__name__}: {exc})") from exc

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CalibrationError(f"{p}: cannot read calibration ({exc})") from exc
        if not isinstance(data, dict):
            raise CalibrationError(f"{p}: top level must be a JSON object")
        try:
            return cls.from_json(data)
        except CalibrationError as exc:
            raise CalibrationError(f"{p}: {exc}") from exc

    # -------------------------------------------------------------- moved?
    @cached_property
    def _reference_array(self) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
        """The reference as an image, the phase correlation's window, and the reference's
        quarters: made once (the reference tuple's 19200 ints took ~1 ms to convert on every
        frame)."""
        ref = np.array(self.reference, np.float32).reshape(_REF_H, _REF_W)
        quarters = tuple(np.ascontiguousarray(ref[ys, xs]) for ys, xs in _QUARTERS)
        return ref, cv2.createHanningWindow((_REF_W, _REF_H), cv2.CV_32F), quarters

    def check_moved(self, frame: np.ndarray, *, max_shift_px: float = 4.0) -> MoveCheck:
        """Has the board or camera moved since calibration?  Compare the board's outline."""
        if not self.reference:
            return MoveCheck(False, 0.0, 1.0)
        h, w = frame.shape[:2]
        if (w, h) != tuple(self.image_size):
            return MoveCheck(True, float("inf"), 0.0)
        ref, win, quarters = self._reference_array
        cur = _reference_image(frame, self.corners)
        (sx, sy), response = cv2.phaseCorrelate(ref, cur, win)
        # Reference pixels -> image pixels: the reference spans 1.3x the board width.
        board_w = float(np.linalg.norm(np.subtract(self.corners[1], self.corners[0])))
        to_px = board_w * 1.3 / _REF_W
        shift = float(np.hypot(sx, sy)) * to_px
        # Round each corner: a turn or a zoom moves the corners apart while the whole barely
        # shifts (rendered start position: 1 degree or 2% moves them 6-10 px, the whole 1-2 px;
        # another position or a hand on the same board moves them at most 2 px). A quarter's
        # shift is less exact than the whole's (a 3 px shift reads 3.6-4.2 px there), so the
        # corners must move half as far again; and two must agree: a hand over one corner is
        # not a moved board.
        corner_shifts = sorted(
            _quarter_shift(q, np.ascontiguousarray(cur[ys, xs])) * to_px
            for q, (ys, xs) in zip(quarters, _QUARTERS, strict=True)
        )
        moved = shift > max_shift_px or corner_shifts[-2] > 1.5 * max_shift_px or response < 0.05
        shift = max(shift, corner_shifts[-2])
        return MoveCheck(bool(moved), shift, float(response))


@lru_cache(maxsize=1)
def _quarter_window() -> np.ndarray:
    return cv2.createHanningWindow((_REF_W // 2, _REF_H // 2), cv2.CV_32F)


def _quarter_shift(ref_quarter: np.ndarray, cur_quarter: np.ndarray) -> float:
    """A quarter's shift in reference pixels, or 0.0 when it does not count (a weak
    correlation peak, or a shift too large to be the board's own)."""
    (qx, qy), response = cv2.phaseCorrelate(ref_quarter, cur_quarter, _quarter_window())
    d = float(np.hypot(qx, qy))
    return d if response >= _QUARTER_RESPONSE and d <= _QUARTER_MAX_SHIFT else 0.0


def _expanded(corners: tuple[tuple[float, float], ...], grow: float = 0.15) -> np.ndarray:
    c = np.asarray(corners, np.float64)
    centre = c.mean(axis=0)
    grown: np.ndarray = centre + (c - centre) * (1.0 + 2 * grow)
    return grown


def _reference_image(frame: np.ndarray, corners: tuple[tuple[float, float], ...]) -> np.ndarray:
    """Edge magnitude of the board and its frame warped to a small fixed image."""
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    h = homography_for(_expanded(corners), _REF_W, _REF_H)
    small = cv2.warpPerspective(grey, h, (_REF_W, _REF_H), flags=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small.astype(np.float32), (3, 3), 0)
    gx = cv2.Sobel(small, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(small, cv2.CV_32F, 0, 1, ksize=3)
    mag = cv2.magnitude(gx, gy)
    return mag / (float(mag.mean()) + 1e-6)


def calibration_from_fix(
    frame: np.ndarray, fix: BoardFix, white_home: str = "bottom-right"
) -> Calibration:
    """A calibration for a found board, without learning colours."""
    h, w = frame.shape[:2]
    ref = _reference_image(frame, fix.corners)
    board_w = float(np.linalg.norm(np.subtract(fix.corners[1], fix.corners[0])))
    shape = BoardShape(aspect=quad_aspect(fix.corners))
    point_px = board_w * (1 - fix.bar_frac) / 12
    return Calibration(
        corners=fix.corners,
        image_size=(w, h),
        white_home=white_home,
        bar_frac=fix.bar_frac,
        shape=shape,
        die_size_px=point_px * shape.checker_frac * DIE_OVER_CHECKER,
        method=fix.method,
        reference=tuple(int(round(v * 50)) for v in ref.ravel()),
        edge_shift=quad_shift(frame, np.asarray(fix.corners), fix.method),
    )


def calibrate(
    frame: np.ndarray,
    *,
    white_home: str | None = None,
    learn_colours: bool = True,
    fix: BoardFix | None = None,
) -> Calibration:
    """Calibrate from a frame showing the standard starting position.

    Finds the board (unless ``fix`` is given), then, if ``white_home`` is None, picks the corner
    under which the frame reads as the starting position.  With ``learn_colours`` the mean
    colours of the white and black checkers are stored.  Raises CalibrationError if no board is
    found, or if ``white_home`` is None and no orientation matches the starting position.
    """
    if fix is None:
        fix = find_board(frame)
    if fix is None:
        raise CalibrationError("no board found in the calibration frame")
    base = calibration_from_fix(frame, fix, white_home or "bottom-right")
    rect = rectify(frame, base.homography, WORK_W, WORK_H)
    homes = [white_home] if white_home else list(WHITE_HOMES)
    chosen = None
    for home in homes:
        counts = count_checkers(rect, base.geometry, home, shape=base.shape)
        if counts.white == START_WHITE and counts.black == START_BLACK:
            chosen = home
            # The checker size, measured on 30 checkers: every later frame uses it.
            base = replace(
                base, shape=replace(base.shape, checker_frac=counts.checker_frac, measured=True)
            )
            break
    if chosen is None:
        if white_home is None:
            raise CalibrationError(
                "the calibration frame does not read as the starting position under any "
                "orientation; give white_home"
            )
        chosen = white_home
        if learn_colours:
            learn_colours = False  # colours from a misread start would be wrong
    cal = replace(base, white_home=chosen)
    if learn_colours:
        cal = replace(cal, colours=_learn_colours(rect, cal))
    return cal


def _learn_colours(rect: np.ndarray, cal: Calibration) -> CheckerColours:
    """Mean Lab colour over the discs of each side in the starting position."""
    lab = cv2.cvtColor(rect, cv2.COLOR_BGR2LAB).astype(np.float32)
    counts = count_checkers(rect, cal.geometry, cal.white_home, shape=cal.shape)
    sums = {0: np.zeros(3), 1: np.zeros(3)}
    ns = {0: 0, 1: 0}
    for x, y, r, side in counts.discs:
        x0, x1 = int(max(0, x - 0.5 * r)), int(min(lab.shape[1], x + 0.5 * r))
        y0, y1 = int(max(0, y - 0.5 * r)), int(min(lab.shape[0], y + 0.5 * r))
        patch = lab[y0:y1, x0:x1].reshape(-1, 3)
        if len(patch):
            sums[side] += patch.mean(axis=0)
            ns[side] += 1
    if not ns[0] or not ns[1]:
        raise CalibrationError("no checkers of one colour found in the calibration frame")
    white = sums[0] / ns[0]
    black = sums[1] / ns[1]
    return CheckerColours(
        white=(float(white[0]), float(white[1]), float(white[2])),
        black=(float(black[0]), float(black[1]), float(black[2])),
    )


def expected_die_px(
    corners: tuple[tuple[float, float], ...], bar_frac: float, shape: BoardShape
) -> float:
    """A die's side in image pixels on a board seen through ``corners`` (TL, TR, BR, BL): a
    share of a checker, which is a share of a point's width."""
    c = np.asarray(corners, np.float64)
    board_w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    return float(board_w * (1 - bar_frac) / 12 * shape.checker_frac * DIE_OVER_CHECKER)
