"""What a scene's layout is made of: a checker's and a box's (die, cube) physical place.

World frame as in ``camera.py``: playing-area mm, x right, y down, z down (up is negative z).
:mod:`vision.synth.layout` places the checkers and the cube, :mod:`vision.synth.dice_layout`
the dice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

UP = np.array([0.0, 0.0, -1.0])


@dataclass
class CheckerPlace:
    """A checker: centre (x, y), bottom height z (<= 0 above the surface), where it is."""

    x: float
    y: float
    z: float
    colour: str
    where: str  # point | bar | off
    index: int = -1  # point index (white numbering) for points
    on_edge: bool = False  # borne off, standing on edge in a tray
    covered: bool = False  # another checker or a die rests on it

    def top(self, t: float) -> float:
        return self.z - t


@dataclass
class BoxPlace:
    """A die or the cube: centre (3,), rotation (local -> world), edge length, face values
    (top, bottom, +x, -x, +y, -y in local axes; local -z is the top)."""

    centre: np.ndarray
    rot: np.ndarray
    size: float
    faces: tuple[int, int, int, int, int, int]
    state: str = "flat"
    zone: str = "outside"
    is_cube: bool = False
    support: str | None = None  # a cocked die's: checker, frame, die, free or outside

    def vertices(self) -> np.ndarray:
        h = self.size / 2
        s = np.array([[x, y, z] for x in (-h, h) for y in (-h, h) for z in (-h, h)])
        v: np.ndarray = self.centre + s @ self.rot.T
        return v


@dataclass
class Layout:
    checkers: list[CheckerPlace]
    dice: list[BoxPlace]
    cube: BoxPlace | None


def _rz(a: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


def _die_faces(rng: np.random.Generator, top: int) -> tuple[int, int, int, int, int, int]:
    rest = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = int(rng.choice(rest))
    b = int(rng.choice([v for v in rest if v not in (a, 7 - a)]))
    return (top, 7 - top, a, 7 - a, b, 7 - b)
