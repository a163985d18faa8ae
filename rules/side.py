"""The two sides of the board."""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    """``white`` (the lighter checkers) or ``black`` (the darker).

    >>> Side.WHITE.opponent
    <Side.BLACK: 'black'>
    """

    WHITE = "white"
    BLACK = "black"

    @property
    def opponent(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE
