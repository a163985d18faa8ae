"""Export a match to the plain-text .mat format that GNU Backgammon imports (``import mat``).

White is the left column (gnubg's player 0), black the right. Each game lists the score before
it, the moves (``52: 13/8 13/11``, bar as 25, off as 0), cube actions (``Doubles => 2``,
``Takes``, ``Drops``) and the result (``Wins 2 points``).

>>> from rules.match import Match
>>> m = Match(1, white="Alice", black="Bob")
>>> m.opening_roll(white=3, black=1)
>>> m.move("8/5 6/5")
>>> m.roll(6, 4)
>>> m.resign(1)
>>> m.accept_resignation()
>>> print(to_mat(m, date=None))
 1 point match
<BLANKLINE>
 Game 1
 Alice : 0                      Bob : 0
  1) 31: 8/5 6/5
      Wins 1 point
<BLANKLINE>
"""

from __future__ import annotations

from datetime import date as Date

from rules.game import Event, EventKind
from rules.match import Match
from rules.play import Play
from rules.position import BAR, OFF
from rules.side import Side

_LEFT = 28  # width of the left (white) column after the line number


def _moves_text(play: str) -> str:
    """gnubg's .mat style: one move per die step, bar as 25, off as 0, no repeat counts."""
    if not play:
        return ""
    parts = []
    for move in Play.parse(play).moves:
        src = 25 if move.from_point == BAR else move.from_point
        dst = 0 if move.to_point == OFF else move.to_point
        parts.append(f"{src}/{dst}{'*' if move.hit else ''}")
    return " ".join(parts)


def _entry(event: Event) -> str | None:
    """The column text for one event, or ``None`` for events the format does not record."""
    if event.kind is EventKind.MOVE:
        assert event.dice is not None
        hi, lo = max(event.dice), min(event.dice)
        moves = _moves_text(event.play)
        return f"{hi}{lo}: {moves}" if moves else f"{hi}{lo}:"
    if event.kind is EventKind.DOUBLE:
        return f" Doubles => {event.value}"
    if event.kind is EventKind.TAKE:
        return " Takes"
    if event.kind is EventKind.PASS:
        return " Drops"
    if event.kind is EventKind.BEAVER:
        return f" Beavers => {event.value}"
    return None  # resignation offers/answers and illegal-play rulings are not in .mat


def _points(points: int) -> str:
    return f" Wins {points} point{'s' if points != 1 else ''}"


def _game_lines(
    number: int,
    score: tuple[int, int],
    names: tuple[str, str],
    events: tuple[Event, ...],
    winner: Side | None,
    points: int,
) -> list[str]:
    lines = [f" Game {number}"]
    lines.append(f" {names[0]} : {score[0]}".ljust(32) + f"{names[1]} : {score[1]}")
    entries = [(e.side, text) for e in events if (text := _entry(e)) is not None]
    rows: list[list[str]] = []
    column = 0  # 0 = left (white), 1 = right (black)
    for side, text in entries:
        want = 0 if side is Side.WHITE else 1
        if not rows or want <= column:
            rows.append(["", ""])
        rows[-1][want] = text
        column = want
    for i, (left, right) in enumerate(rows, start=1):
        line = f"{i:3d}) " + (left.ljust(_LEFT - 1) + " " + right if right else left)
        lines.append(line.rstrip())
    if winner is not None:
        want = 0 if winner is Side.WHITE else 1
        if rows and want == 1 and column == 0:
            i = len(rows)
            left = rows[-1][0].ljust(_LEFT - 1) + " "
            lines[-1] = (f"{i:3d}) " + left + _points(points)).rstrip()
        elif want == 0:
            lines.append("     " + _points(points))
        else:
            lines.append(" " * (5 + _LEFT) + _points(points))
    lines.append("")
    return lines


def to_mat(match: Match, date: Date | None = None) -> str:
    """The match as .mat text: finished games, then the game in progress (if any moves).

    ``date`` adds gnubg's ``; [EventDate "..."]`` header line when given.
    """
    names = (_clean(match.white_name), _clean(match.black_name))
    lines: list[str] = []
    if date is not None:
        lines += [f'; [EventDate "{date:%Y.%m.%d}"]', ""]
    lines += [f" {match.length} point match", ""]
    for record in match.games:
        lines += _game_lines(
            record.number,
            (record.score_before.white, record.score_before.black),
            names,
            record.events,
            record.result.winner,
            record.result.points,
        )
    game = match.game
    if not match.is_over and game.events:
        lines += _game_lines(
            len(match.games) + 1,
            (match.score.white, match.score.black),
            names,
            game.events,
            None,
            0,
        )
    return "\n".join(lines)


def _clean(name: str) -> str:
    """Names may not contain the ' : ' separator or line breaks."""
    cleaned = " ".join(name.replace(":", " ").split())
    return cleaned or "Player"
