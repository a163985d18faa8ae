"""Building positions for tests by naming only the occupied points."""

from __future__ import annotations

from rules.position import BAR, CHECKERS, OFF, Position
from rules.side import Side


def counts(points: dict[int, int]) -> tuple[int, ...]:
    """26 counts from {point: n} (25 = bar); whatever is missing from 15 is borne off."""
    slots = [0] * 26
    for point, n in points.items():
        slots[point] += n
    slots[OFF] += CHECKERS - sum(slots)
    return tuple(slots)


def position(us: dict[int, int], them: dict[int, int], player: Side = Side.WHITE) -> Position:
    """A position with ``us`` on roll; each dict in its own side's numbering (25 = bar)."""
    return Position(counts(us), counts(them), player)


def results(pos: Position, dice: tuple[int, int]) -> set[Position]:
    from rules.legal import legal_plays

    return {p.result for p in legal_plays(pos, dice) if p.result is not None}


def notations(pos: Position, dice: tuple[int, int]) -> set[str]:
    from rules.legal import legal_plays

    return {str(p) for p in legal_plays(pos, dice)}


__all__ = ["BAR", "counts", "position", "results", "notations"]
