"""Checker positions for synthetic scenes (white-numbered, as in DATASET.md).

Random positions come from a tiny random-play simulator (no rules package: vision knows
nothing of rules), so they look like real games: openings, hits, primes, bear-offs.

Usage::

    >>> import numpy as np
    >>> p = random_position(np.random.default_rng(1))
    >>> p.validate()
    >>> sum(p.white) + p.bar_white + p.off_white
    15
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

CHECKERS = 15
_START_WHITE = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)


@dataclass(frozen=True)
class Position:
    """Checker counts: ``white[i]``/``black[i]`` on white's point i+1, plus bar and off."""

    white: tuple[int, ...]
    black: tuple[int, ...]
    bar_white: int = 0
    bar_black: int = 0
    off_white: int = 0
    off_black: int = 0

    @classmethod
    def starting(cls) -> Position:
        return cls(white=_START_WHITE, black=tuple(reversed(_START_WHITE)))

    def validate(self) -> None:
        """Raise ValueError naming the problem if this is not a valid position."""
        for name, pts in (("white", self.white), ("black", self.black)):
            if len(pts) != 24:
                raise ValueError(f"{name} must list 24 points, got {len(pts)}")
            if any(c < 0 for c in pts):
                raise ValueError(f"{name} has a negative count: {pts}")
        totals = {
            "white": sum(self.white) + self.bar_white + self.off_white,
            "black": sum(self.black) + self.bar_black + self.off_black,
        }
        for name, total in totals.items():
            if total != CHECKERS:
                raise ValueError(f"{name} has {total} checkers, not {CHECKERS}")
        both = [i for i in range(24) if self.white[i] and self.black[i]]
        if both:
            raise ValueError(f"both colours on point indices {both}")
        if min(self.bar_white, self.bar_black, self.off_white, self.off_black) < 0:
            raise ValueError("negative bar/off count")

    def label(self) -> dict[str, Any]:
        """The DATASET.md ``board`` counts of this position."""
        return {
            "white": list(self.white),
            "black": list(self.black),
            "bar": {"white": self.bar_white, "black": self.bar_black},
            "off": {"white": self.off_white, "black": self.off_black},
        }


class _Game:
    """Mutable board for the simulator. White moves 23 -> 0, black 0 -> 23."""

    def __init__(self) -> None:
        self.pts = {"white": list(_START_WHITE), "black": list(reversed(_START_WHITE))}
        self.bar = {"white": 0, "black": 0}
        self.off = {"white": 0, "black": 0}

    @staticmethod
    def other(side: str) -> str:
        return "black" if side == "white" else "white"

    def _all_home(self, side: str) -> bool:
        pts = self.pts[side]
        outside = pts[6:] if side == "white" else pts[:18]
        return self.bar[side] == 0 and sum(outside) == 0

    def _target(self, side: str, src: int, die: int) -> int:
        """Destination index (24/-1 style beyond the board means bear off)."""
        if src == -99:  # entering from the bar
            return 24 - die if side == "white" else die - 1
        return src - die if side == "white" else src + die

    def moves(self, side: str, die: int) -> list[tuple[int, int]]:
        opp = self.pts[self.other(side)]
        mine = self.pts[side]
        srcs = [-99] if self.bar[side] else [i for i in range(24) if mine[i]]
        out = []
        for s in srcs:
            t = self._target(side, s, die)
            if 0 <= t < 24:
                if opp[t] < 2:
                    out.append((s, t))
            elif s != -99 and self._all_home(side):
                exact = t in (-1, 24)
                further = [i for i in range(24) if mine[i]]
                farthest = max(further) if side == "white" else min(further)
                if exact or s == farthest:
                    out.append((s, t))
        return out

    def apply(self, side: str, move: tuple[int, int]) -> None:
        s, t = move
        if s == -99:
            self.bar[side] -= 1
        else:
            self.pts[side][s] -= 1
        if 0 <= t < 24:
            opp = self.other(side)
            if self.pts[opp][t] == 1:
                self.pts[opp][t] = 0
                self.bar[opp] += 1
            self.pts[side][t] += 1
        else:
            self.off[side] += 1

    def position(self) -> Position:
        return Position(
            tuple(self.pts["white"]),
            tuple(self.pts["black"]),
            self.bar["white"],
            self.bar["black"],
            self.off["white"],
            self.off["black"],
        )


def simulate(rng: np.random.Generator, half_moves: int) -> Position:
    """Position after ``half_moves`` random turns from the start (stops before a game ends).

    Moves prefer making points and progress over blots, so games look played.
    """
    g = _Game()
    side = "white" if rng.random() < 0.5 else "black"
    last = g.position()
    for _ in range(half_moves):
        d1, d2 = (int(v) for v in rng.integers(1, 7, size=2))
        dice = [d1] * 4 if d1 == d2 else [d1, d2]
        for die in dice:
            options = g.moves(side, die)
            if not options:
                continue
            mine = g.pts[side]
            weights = []
            for s, t in options:
                w = 1.0
                if 0 <= t < 24:
                    w += 2.0 if mine[t] >= 1 else 0.0  # make/extend a point
                    w += 1.5 if g.pts[g.other(side)][t] == 1 else 0.0  # hit
                else:
                    w += 3.0
                if s != -99 and mine[s] == 2:
                    w *= 0.5  # breaking a point leaves a blot
                weights.append(w)
            p = np.asarray(weights) / sum(weights)
            g.apply(side, options[int(rng.choice(len(options), p=p))])
        if g.off[side] == CHECKERS:
            return last
        last = g.position()
        side = g.other(side)
    return last


def _pile_up(rng: np.random.Generator, pos: Position) -> Position:
    """Move several checkers of one colour onto one of its points: a tall stack."""
    side = "white" if rng.random() < 0.5 else "black"
    pts = list(pos.white if side == "white" else pos.black)
    occupied = [i for i in range(24) if pts[i]]
    if not occupied:
        return pos
    target = int(rng.choice(occupied))
    want = int(rng.integers(7, 13))
    for i in rng.permutation(occupied):
        if pts[target] >= want:
            break
        if i != target:
            take = min(pts[i], want - pts[target])
            pts[i] -= take
            pts[target] += take
    if side == "white":
        return Position(
            tuple(pts), pos.black, pos.bar_white, pos.bar_black, pos.off_white, pos.off_black
        )
    return Position(
        pos.white, tuple(pts), pos.bar_white, pos.bar_black, pos.off_white, pos.off_black
    )


POSITION_KINDS = ("start", "opening", "midgame", "late", "stacks")


def random_position(rng: np.random.Generator, kind: str | None = None) -> Position:
    """A valid random position; ``kind`` in POSITION_KINDS or None (mixed).

    "late" reaches bear-offs; "stacks" piles 7-12 checkers on one point.
    """
    if kind is None:
        kind = str(rng.choice(POSITION_KINDS, p=[0.12, 0.18, 0.35, 0.25, 0.10]))
    if kind == "start":
        pos = Position.starting()
    elif kind == "opening":
        pos = simulate(rng, int(rng.integers(1, 8)))
    elif kind == "midgame":
        pos = simulate(rng, int(rng.integers(8, 40)))
    elif kind == "late":
        pos = simulate(rng, int(rng.integers(40, 140)))
    elif kind == "stacks":
        pos = _pile_up(rng, simulate(rng, int(rng.integers(0, 30))))
    else:
        raise ValueError(f"position kind must be one of {POSITION_KINDS}, got {kind!r}")
    pos.validate()
    return pos
