"""Backgammon positions, seen from the side on roll.

A :class:`Position` holds both sides' checkers, each in that side's own numbering (as GNU
Backgammon does): index 0 is borne off, 1-24 are the points (the home board is 1-6, a side moves
from 24 toward 1), 25 is the bar. White's point p is black's point 25 - p. The side to move is
always "us"; ``player`` says which colour that is.

>>> pos = Position.start()
>>> pos.position_id()
'4HPwATDgc/ABMA'
>>> pos.pip_counts()
(167, 167)
>>> pos.us[6], pos.them[6]
(5, 5)
>>> pos.flip().player
<Side.BLACK: 'black'>
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.side import Side

if TYPE_CHECKING:
    from rules.play import Play

OFF = 0
BAR = 25
CHECKERS = 15
SLOTS = 26  # off, points 1-24, bar

_START = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


class InvalidPosition(ValueError):
    """The checkers given do not make a backgammon position; the message says why."""


def _point_name(side: Side, index: int) -> str:
    if index == BAR:
        return f"{side}'s bar"
    if index == OFF:
        return f"{side}'s borne-off tray"
    return f"{side}'s point {index}"


def _validate_side(side: Side, counts: tuple[int, ...]) -> None:
    if len(counts) != SLOTS:
        raise InvalidPosition(
            f"{side} needs {SLOTS} counts (off, points 1-24, bar), got {len(counts)}"
        )
    for index, n in enumerate(counts):
        if not isinstance(n, int) or isinstance(n, bool):
            raise InvalidPosition(f"{_point_name(side, index)} holds {n!r}, not a whole number")
        if n < 0:
            raise InvalidPosition(f"{_point_name(side, index)} holds a negative count ({n})")
    total = sum(counts)
    if total != CHECKERS:
        raise InvalidPosition(
            f"{side} has {total} checkers (counting bar and borne-off), expected {CHECKERS}"
        )


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable, hashable backgammon position from the view of the side on roll.

    ``us`` and ``them`` are 26-tuples, each in its own side's numbering: ``[0]`` borne off,
    ``[1..24]`` points, ``[25]`` the bar. ``player`` is the colour of ``us``.
    Construction validates: 15 checkers a side, no negative counts, never both colours on a point.
    """

    us: tuple[int, ...]
    them: tuple[int, ...]
    player: Side = Side.WHITE

    def __post_init__(self) -> None:
        _validate_side(self.player, self.us)
        _validate_side(self.player.opponent, self.them)
        for p in range(1, 25):
            if self.us[p] and self.them[25 - p]:
                raise InvalidPosition(
                    f"{self.player}'s point {p} holds both colours "
                    f"({self.us[p]} {self.player}, {self.them[25 - p]} {self.player.opponent})"
                )

    # -- constructors -------------------------------------------------------------------

    @classmethod
    def _trusted(cls, us: tuple[int, ...], them: tuple[int, ...], player: Side) -> Position:
        """Build without validation: for the move generator, whose results are valid by design."""
        pos = object.__new__(cls)
        object.__setattr__(pos, "us", us)
        object.__setattr__(pos, "them", them)
        object.__setattr__(pos, "player", player)
        return pos

    @classmethod
    def start(cls, player: Side = Side.WHITE) -> Position:
        """The standard starting position with ``player`` on roll."""
        return cls._trusted(_START, _START, player)

    @classmethod
    def from_sides(
        cls, white: Sequence[int], black: Sequence[int], player: Side = Side.WHITE
    ) -> Position:
        """From each colour's 26 counts in its own numbering (off, points 1-24, bar)."""
        w, b = tuple(white), tuple(black)
        return cls(w, b, player) if player is Side.WHITE else cls(b, w, player)

    @classmethod
    def from_points(
        cls, us: Sequence[int], them: Sequence[int], player: Side = Side.WHITE
    ) -> Position:
        """From GNU Backgammon's layout: 25 counts a side (points 1-24, then the bar).

        The borne-off counts are what is missing from 15.

        >>> Position.from_points([0] * 5 + [15] + [0] * 19, [0] * 5 + [15] + [0] * 19).us[6]
        15
        """
        if len(us) != 25 or len(them) != 25:
            raise InvalidPosition(
                f"GNU Backgammon layout needs 25 counts a side, got {len(us)} and {len(them)}"
            )
        return cls(
            (CHECKERS - sum(us), *us),
            (CHECKERS - sum(them), *them),
            player,
        )

    @classmethod
    def from_white_numbered(
        cls,
        white: Sequence[int],
        black: Sequence[int],
        bar: Mapping[str, int] | None = None,
        off: Mapping[str, int] | None = None,
        player: Side = Side.WHITE,
    ) -> Position:
        """From the vision layer's counts: 24 counts a colour, both indexed in WHITE's numbering.

        ``white[0]`` and ``black[0]`` are the counts on white's point 1. ``bar`` and ``off`` map
        ``"white"``/``"black"`` to counts; a missing ``off`` is derived (15 minus the rest).

        >>> start = Position.start()
        >>> w, b, bar, off = start.to_white_numbered()
        >>> Position.from_white_numbered(w, b, bar, off) == start
        True
        """
        if len(white) != 24 or len(black) != 24:
            raise InvalidPosition(
                f"need 24 point counts a colour, got {len(white)} white and {len(black)} black"
            )
        bar = bar or {}
        w_bar, b_bar = int(bar.get("white", 0)), int(bar.get("black", 0))
        w_points = list(white)
        b_points = [black[23 - i] for i in range(24)]  # black's point q is white's 25 - q
        if off is None:
            w_off = CHECKERS - sum(w_points) - w_bar
            b_off = CHECKERS - sum(b_points) - b_bar
        else:
            w_off, b_off = int(off.get("white", 0)), int(off.get("black", 0))
        return cls.from_sides((w_off, *w_points, w_bar), (b_off, *b_points, b_bar), player)

    # -- views --------------------------------------------------------------------------

    def side(self, colour: Side) -> tuple[int, ...]:
        """The 26 counts of ``colour`` in its own numbering."""
        return self.us if colour is self.player else self.them

    def flip(self) -> Position:
        """The same checkers from the opponent's view (the opponent on roll)."""
        return Position._trusted(self.them, self.us, self.player.opponent)

    def to_white_numbered(
        self,
    ) -> tuple[list[int], list[int], dict[str, int], dict[str, int]]:
        """The vision layer's form: (white[24], black[24], bar, off), both in white's numbering."""
        w, b = self.side(Side.WHITE), self.side(Side.BLACK)
        white = list(w[1:25])
        black = [b[24 - i] for i in range(24)]
        return (
            white,
            black,
            {"white": w[BAR], "black": b[BAR]},
            {"white": w[OFF], "black": b[OFF]},
        )

    def pip_counts(self) -> tuple[int, int]:
        """Pips still to travel: (us, them). The bar counts as 25."""
        return (
            sum(i * n for i, n in enumerate(self.us)),
            sum(i * n for i, n in enumerate(self.them)),
        )

    def borne_off(self, colour: Side) -> int:
        return self.side(colour)[OFF]

    def is_over(self) -> bool:
        """True when either side has borne off all 15 checkers."""
        return self.us[OFF] == CHECKERS or self.them[OFF] == CHECKERS

    def is_contact(self) -> bool:
        """True while some of our checkers still have to pass some of theirs."""
        our_back = max((i for i in range(1, 26) if self.us[i]), default=0)
        their_back = max((i for i in range(1, 26) if self.them[i]), default=0)
        return our_back + their_back > 25

    def apply(self, play: Play) -> Position:
        """The position after ``play``'s moves, still seen from the mover.

        Checks only that each move is physically possible (a checker to move, a landing point
        not held by two or more opponents); dice and the other rules are ``legal_plays``' job.
        Raises :class:`IllegalMove` naming the move that cannot be made.
        """
        from rules.play import apply_moves

        return apply_moves(self, play.moves)

    # -- identifiers --------------------------------------------------------------------

    def position_id(self) -> str:
        """GNU Backgammon's Position ID (14 characters).

        The key holds the side NOT on roll first, then the side on roll: each point 1-24 and
        the bar as that many 1-bits followed by a 0-bit, packed least significant bit first.
        """
        bits: list[int] = []
        for counts in (self.them, self.us):
            for index in range(1, 26):
                bits.extend([1] * counts[index])
                bits.append(0)
        key = bytearray(10)
        for k, bit in enumerate(bits):
            if bit:
                key[k >> 3] |= 1 << (k & 7)
        return base64.b64encode(bytes(key)).decode("ascii")[:14]

    @classmethod
    def from_position_id(cls, position_id: str, player: Side = Side.WHITE) -> Position:
        """Decode a GNU Backgammon Position ID; ``player`` is the colour on roll.

        >>> Position.from_position_id("4HPwATDgc/ABMA") == Position.start()
        True
        """
        text = position_id.strip()
        if text.lower().startswith("position id:"):
            text = text.split(":", 1)[1].strip()
        if len(text) != 14:
            raise InvalidPosition(
                f"a Position ID has 14 characters, {position_id!r} has {len(text)}"
            )
        try:
            key = base64.b64decode(text + "==", validate=True)
        except ValueError as exc:
            raise InvalidPosition(f"{position_id!r} is not base64: {exc}") from None
        sides: list[list[int]] = [[0] * 25, [0] * 25]
        side, slot = 0, 0
        for k in range(80):
            if side > 1:
                break
            if key[k >> 3] >> (k & 7) & 1:
                sides[side][slot] += 1
            else:
                slot += 1
                if slot == 25:
                    side, slot = side + 1, 0
        them, us = sides
        if sum(us) > CHECKERS or sum(them) > CHECKERS:
            raise InvalidPosition(f"Position ID {position_id!r} holds more than 15 checkers a side")
        return cls.from_points(us, them, player)

    def to_xgid(self) -> str:
        """eXtreme Gammon's XGID of this position, the cube centred and no dice rolled
        (:func:`rules.xgid.to_xgid` writes the cube, dice and score too).

        >>> Position.start().to_xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
        """
        from rules.xgid import to_xgid

        return to_xgid(self)

    @classmethod
    def from_xgid(cls, xgid: str) -> Position:
        """The position (and who is on roll) of an XGID; the cube and score fields are ignored.

        >>> Position.from_xgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10').player
        <Side.WHITE: 'white'>
        """
        from rules.xgid import xgid_sides

        return cls.from_sides(*xgid_sides(xgid))

    # -- display ------------------------------------------------------------------------

    def diagram(self) -> str:
        """A text board for debugging and error messages, in the on-roll side's numbering.

        ``X`` marks the side on roll (moving from 24 down to 1, bottom right is its home),
        ``O`` the opponent.
        """

        def cell(p: int) -> str:
            if self.us[p]:
                return f"{self.us[p]:>2}X"
            if self.them[25 - p]:
                return f"{self.them[25 - p]:>2}O"
            return "  ."

        top = list(range(13, 25))
        bottom = list(range(12, 0, -1))
        lines = [
            " "
            + " ".join(f"{p:>3}" for p in top[:6])
            + " |"
            + " ".join(f"{p:>3}" for p in top[6:]),
            " " + " ".join(cell(p) for p in top[:6]) + " |" + " ".join(cell(p) for p in top[6:]),
            f" bar: X {self.us[BAR]}  O {self.them[BAR]}"
            f"    off: X {self.us[OFF]}  O {self.them[OFF]}",
            " "
            + " ".join(cell(p) for p in bottom[:6])
            + " |"
            + " ".join(cell(p) for p in bottom[6:]),
            " "
            + " ".join(f"{p:>3}" for p in bottom[:6])
            + " |"
            + " ".join(f"{p:>3}" for p in bottom[6:]),
            f" X = {self.player} (on roll, pips {self.pip_counts()[0]}),"
            f" O = {self.player.opponent} (pips {self.pip_counts()[1]})",
        ]
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.player} to play, Position ID {self.position_id()}"
