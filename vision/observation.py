"""What the reader saw in one frame: the :class:`Observation` and its JSON form.

Counts are in WHITE's numbering as in ``../shared/DATASET.md``: ``white[0]`` is white's point 1
(white's ace point), ``white[23]`` is white's point 24.  ``to_json()`` gives the DATASET
prediction schema (the label schema plus ``status`` and ``confidence``)::

    obs = BoardReader(calibration).read(frame)
    if obs.status == "ok" and obs.confidence > 0.9:
        print(obs.white[5], obs.bar_black)
    json.dumps(obs.to_json())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Every status the reader can give.  Only "ok" carries a board reading.
STATUSES = ("ok", "board_not_found", "motion", "too_dark", "occluded", "bad_frame", "uncertain")
ZONES = ("white_right", "black_right", "bar", "outside")
# A count this confident or more is believed by the referee (firmware.matching.MatchSettings.sure
# defaults to it): the reader's doubts keep every count they cannot prove below it.
BELIEVED = 0.65
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


@dataclass(frozen=True)
class ObservedDie:
    """One die as the board stage places it: value, box, state and zone.

    ``state`` is "flat", "cocked" or "on_checker"; ``zone`` one of :data:`ZONES` (or None when the
    board was not found).  ``value`` is None when the face could not be read.
    """

    value: int | None
    bbox: tuple[int, int, int, int]
    centre: tuple[float, float]
    state: str
    zone: str | None
    confidence: float

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "value": self.value,
            "bbox": [int(v) for v in self.bbox],
            "state": self.state,
        }
        if self.zone is not None:
            out["zone"] = self.zone
        out["confidence"] = round(float(self.confidence), 3)
        return out


@dataclass(frozen=True)
class CubeReading:
    """The doubling cube: ``location`` is "centre", "white" or "black"; ``value`` None if unread."""

    location: str
    value: int | None
    confidence: float
    centre: tuple[float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "location": self.location}


@dataclass(frozen=True)
class Observation:
    """One frame's reading.  Counts are None unless ``status == "ok"``.

    ``point_confidence[i]`` belongs to entry ``i`` of ``white``/``black``.  ``off_from_trays`` is
    False when ``off`` was derived as 15 minus the checkers seen (no tray visible).
    """

    status: str
    white: tuple[int, ...] | None = None
    black: tuple[int, ...] | None = None
    bar_white: int = 0
    bar_black: int = 0
    off_white: int | None = None
    off_black: int | None = None
    off_from_trays: bool = False
    point_confidence: tuple[float, ...] | None = None
    bar_confidence: float = 0.0
    off_confidence: float = 0.0
    dice: tuple[ObservedDie, ...] = ()
    cube: CubeReading | None = None
    corners: tuple[tuple[float, float], ...] | None = None
    white_home: str | None = None
    confidence: float = 0.0
    message: str = ""
    extra: dict[str, float] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown status {self.status!r}; expected one of {STATUSES}")
        for name in ("white", "black"):
            counts = getattr(self, name)
            if counts is not None and len(counts) != 24:
                raise ValueError(f"{name} must have 24 counts, got {len(counts)}")

    @property
    def has_board(self) -> bool:
        return self.white is not None and self.black is not None

    def key(self) -> tuple[Any, ...]:
        """What must stay identical between reads for a reading to be confirmed."""
        dice = tuple(sorted((d.value or 0, d.state, d.zone or "") for d in self.dice))
        # The cube's place, not its face: a face read on one frame and not the next must not
        # hold up a confirmation, and every double moves the cube anyway.
        cube = None if self.cube is None else self.cube.location
        return (
            self.status,
            self.white,
            self.black,
            self.bar_white,
            self.bar_black,
            self.off_white,
            self.off_black,
            dice,
            cube,
        )

    def to_json(self) -> dict[str, Any]:
        """The DATASET prediction schema: board, dice, cube, status, confidence."""
        out: dict[str, Any] = {"status": self.status}
        conf: dict[str, Any] = {"overall": round(float(self.confidence), 3)}
        if self.has_board:
            assert self.white is not None and self.black is not None
            board: dict[str, Any] = {
                "white": list(self.white),
                "black": list(self.black),
                "bar": {"white": self.bar_white, "black": self.bar_black},
                "off": {"white": self.off_white, "black": self.off_black},
            }
            if self.corners is not None:
                board["corners"] = [
                    [round(float(x), 1), round(float(y), 1)] for x, y in self.corners
                ]
            if self.white_home is not None:
                board["white_home"] = self.white_home
            out["board"] = board
            if self.point_confidence is not None:
                conf["points"] = [round(float(c), 3) for c in self.point_confidence]
            conf["bar"] = round(float(self.bar_confidence), 3)
            conf["off"] = round(float(self.off_confidence), 3)
            conf["off_from_trays"] = self.off_from_trays
        elif self.corners is not None:
            out["board"] = {
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners]
            }
        out["dice"] = [d.to_json() for d in self.dice]
        out["cube"] = None if self.cube is None else self.cube.to_json()
        if self.cube is not None:
            conf["cube"] = round(float(self.cube.confidence), 3)
        out["confidence"] = conf
        if self.message:
            out["message"] = self.message
        return out
