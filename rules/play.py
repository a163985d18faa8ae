"""Moves, plays and GNU Backgammon's move notation.

>>> play = Play.parse("24/18 13/11")
>>> [(m.from_point, m.to_point) for m in play.moves]
[(24, 18), (13, 11)]
>>> str(Play.parse("8/5 8/5"))
'8/5(2)'
>>> str(Play.parse("bar/22* 6/off"))
'bar/22* 6/off'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from rules.position import BAR, OFF, Position

if TYPE_CHECKING:
    pass


class NotationError(ValueError):
    """Text that is not GNU Backgammon move notation; the message names the offending token."""


class IllegalMove(ValueError):
    """A move that cannot be made on the board as it stands; the message says which and why."""


class Move(NamedTuple):
    """One checker moving from ``from_point`` to ``to_point`` (25 = bar, 0 = off).

    Moves produced by ``legal_plays`` each use one die. Moves parsed from notation such as
    ``24/13`` may span both dice. (A named tuple: immutable, and cheap to make by the
    thousand in the move generator.)
    """

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_name(self.from_point)}/{_name(self.to_point)}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Play:
    """The moves of one turn, in the order played, and (when known) the resulting position.

    ``result`` is the position after the play, still seen from the mover (not flipped).
    ``str(play)`` is GNU Backgammon notation; an empty play (a forfeited roll) is ``""``.
    """

    moves: tuple[Move, ...]
    result: Position | None = None

    @classmethod
    def parse(cls, text: str) -> Play:
        """Parse GNU Backgammon notation: ``24/18 13/11``, ``bar/22*``, ``6/off``,
        ``8/5(2)``, ``13/7*/1``, ``24/13``. Raises :class:`NotationError` naming the bad token.

        >>> [str(m) for m in Play.parse("13/7*/1").moves]
        ['13/7*', '7/1']
        """
        moves: list[Move] = []
        stripped = text.strip()
        if stripped in ("", "-", "cannot move", "(no move)"):
            return cls(())
        for token in re.split(r"[\s,]+", stripped):
            moves.extend(_parse_token(token))
        return cls(tuple(moves))

    def __str__(self) -> str:
        return format_moves(self.moves)

    def __len__(self) -> int:
        return len(self.moves)


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>\d+)\))?$")
_STEP = re.compile(r"^(?P<point>bar|off|\d{1,2})(?P<hit>\*?)$", re.IGNORECASE)


def _parse_point(raw: str, token: str) -> int:
    low = raw.lower()
    if low == "bar":
        return BAR
    if low == "off":
        return OFF
    value = int(raw)
    if not 0 <= value <= 25:
        raise NotationError(f"point {value} in {token!r} is not 0-25 (or bar/off)")
    return value


def _parse_token(token: str) -> list[Move]:
    match = _TOKEN.match(token)
    if not match:
        raise NotationError(f"cannot read move {token!r}")
    count = int(match.group("count") or 1)
    if not 1 <= count <= 4:
        raise NotationError(f"repeat count ({count}) in {token!r} must be 1-4")
    parts = match.group("path").split("/")
    if len(parts) < 2:
        raise NotationError(f"move {token!r} needs from/to, e.g. 24/18")
    points: list[tuple[int, bool]] = []
    for part in parts:
        step = _STEP.match(part)
        if not step:
            raise NotationError(f"{part!r} in move {token!r} is not a point, 'bar' or 'off'")
        points.append((_parse_point(step.group("point"), token), bool(step.group("hit"))))
    if points[0][1]:
        raise NotationError(f"move {token!r} marks a hit on its starting point")
    moves: list[Move] = []
    for (start, _), (end, hit) in zip(points, points[1:], strict=False):
        if end >= start:
            raise NotationError(
                f"move {token!r} goes from {_name(start)} to {_name(end)}: "
                "checkers move toward lower points"
            )
        if start == OFF:
            raise NotationError(f"move {token!r} starts from off")
        if end == BAR:
            raise NotationError(f"move {token!r} moves onto the bar")
        moves.append(Move(start, end, hit))
    return moves * count


def _name(point: int) -> str:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def format_moves(moves: Sequence[Move]) -> str:
    """GNU Backgammon notation for ``moves``, as its FormatMove writes it: moves sorted from the
    highest starting point; a move that continues from where an earlier one landed is joined to
    it (``24/13``), keeping the landing point only where a checker was hit (``24/18*/13``);
    identical moves are counted (``8/5(2)``); a point where a blot was hit is starred once.
    """
    hit_points = {m.to_point for m in moves if m.hit}
    ordered = sorted(moves, key=lambda m: (-m.from_point, -m.to_point))
    chains: list[list[int]] = []
    for move in ordered:
        for chain in chains:
            if chain[-1] == move.from_point and move.from_point not in (OFF, BAR):
                if chain[-1] not in hit_points:
                    chain.pop()  # a plain intermediate landing point is not written
                chain.append(move.to_point)
                break
        else:
            chains.append([move.from_point, move.to_point])
    starred: set[int] = set()
    out: list[str] = []
    groups = list(dict.fromkeys(tuple(c) for c in chains))  # first appearance order
    for points in groups:
        parts = [_name(points[0])]
        for point in points[1:]:
            star = point in hit_points and point not in starred
            if star:
                starred.add(point)
            parts.append(_name(point) + ("*" if star else ""))
        count = chains.count(list(points))
        out.append("/".join(parts) + (f"({count})" if count > 1 else ""))
    return " ".join(out)


def apply_moves(position: Position, moves: Iterable[Move]) -> Position:
    """Move checkers as told, physically: raises :class:`IllegalMove` when a move has no checker
    to move or lands on a point the opponent holds with two or more. Hits are made whether or
    not the notation marked them. The result is still seen from the mover.
    """
    us = list(position.us)
    them = list(position.them)
    me, opp = position.player, position.player.opponent
    for move in moves:
        src, dst = move.from_point, move.to_point
        if not (1 <= src <= BAR and OFF <= dst < src):
            raise IllegalMove(f"{move} is not a forward move")
        if us[src] == 0:
            where = "on the bar" if src == BAR else f"on point {src}"
            raise IllegalMove(f"{move}: no {me} checker {where}")
        if dst != OFF:
            blockers = them[BAR - dst]
            if blockers >= 2:
                raise IllegalMove(f"{move} lands on a closed point ({blockers} {opp} checkers)")
        us[src] -= 1
        us[dst] += 1
        if dst != OFF and them[BAR - dst] == 1:
            them[BAR - dst] = 0
            them[BAR] += 1
    return Position._trusted(tuple(us), tuple(them), position.player)
