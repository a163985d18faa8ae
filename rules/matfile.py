"""The plain-text .mat format that GNU Backgammon imports (``import mat``): export and import.

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

import re
from datetime import date as Date

from rules.actions import ActionRefused
from rules.cube import Rules
from rules.game import Event, EventKind, Phase
from rules.match import Match
from rules.play import Play
from rules.position import BAR, OFF
from rules.side import Side

_LEFT = 28  # width of the left (white) column after the line number


def mat_moves(play: str) -> str:
    """gnubg's .mat style: one move per die step, bar as 25, off as 0, no repeat counts.

    >>> mat_moves("bar/22* 6/off 8/5(2)")
    '25/22* 6/0 8/5 8/5'
    """
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
        moves = mat_moves(event.play)
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


class MatFileError(ValueError):
    """A .mat text that cannot be read or replayed; the message names the line."""


_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORES = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBERED = re.compile(r"^\s*\d+\)(.*)$")
_ENTRY = re.compile(
    r"(?P<roll>[1-6][1-6]):(?P<moves>(?:\s+(?:bar|\d+)(?:/(?:\d+|off|bar)\*?)+(?:\(\d\))?)*)"
    r"|(?P<double>Doubles\s*=>\s*\d+)"
    r"|(?P<beaver>Beavers\s*=>\s*\d+)"
    r"|(?P<take>Takes)|(?P<drop>Drops)"
    r"|(?P<wins>Wins\s+(?P<points>\d+)\s+points?)",
    re.IGNORECASE,
)
_RIGHT_COLUMN = 20  # text starting this far into the line belongs to the right column


def _entries(body: str, offset: int) -> list[tuple[Side, re.Match[str]]]:
    """The entries on one line, each with its column (white = left, black = right)."""
    found = list(_ENTRY.finditer(body))
    out = []
    for i, entry in enumerate(found):
        if len(found) == 2:
            side = Side.WHITE if i == 0 else Side.BLACK
        else:
            side = Side.BLACK if offset + entry.start() >= _RIGHT_COLUMN else Side.WHITE
        out.append((side, entry))
    return out


def from_mat(text: str, rules: Rules | None = None) -> Match:
    """Read a .mat match (as GNU Backgammon exports it) and replay it through the rules.

    Opening rolls are rebuilt from the first play (the mover had the higher die); a game that
    ends with ``Wins n points`` before it is over was resigned (level = n / cube). Plays are
    recorded as written, legal or not (as gnubg's import does). ``rules`` are the optional
    rules in force (the format does not record them; e.g. beavers for a money session).
    Raises :class:`MatFileError`.

    >>> m = from_mat(to_mat(Match(1)))
    >>> m.length, m.games
    (1, ())
    """
    match: Match | None = None
    names: tuple[str, str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        try:
            if match is None:
                header = _HEADER.match(line)
                if header:
                    match = Match(int(header.group(1)), rules)
                continue
            if _GAME.match(line):
                names = None
                continue
            if names is None:
                scores = _SCORES.match(line)
                if not scores:
                    raise MatFileError("expected the players' names and scores")
                names = (scores.group(1), scores.group(3))
                match.white_name, match.black_name = names
                expected = (int(scores.group(2)), int(scores.group(4)))
                if expected != (match.score.white, match.score.black):
                    raise MatFileError(
                        f"score {expected[0]}-{expected[1]} does not follow from the games "
                        f"before ({match.score.white}-{match.score.black})"
                    )
                continue
            numbered = _NUMBERED.match(line)
            body, offset = (numbered.group(1), numbered.start(1)) if numbered else (line, 0)
            for side, entry in _entries(body, offset):
                _replay_entry(match, side, entry)
        except (ActionRefused, MatFileError) as exc:
            raise MatFileError(f"line {number} ({line.strip()!r}): {exc}") from None
    if match is None:
        raise MatFileError("no 'N point match' header")
    return match


def _replay_entry(m: Match, side: Side, entry: re.Match[str]) -> None:
    if entry.group("roll"):
        roll = entry.group("roll")
        hi, lo = int(roll[0]), int(roll[1])
        if m.phase is Phase.OPENING:
            if hi == lo:
                raise MatFileError(f"an opening roll cannot be a double ({roll})")
            high, low = max(hi, lo), min(hi, lo)
            m.opening_roll(*((high, low) if side is Side.WHITE else (low, high)))
        else:
            m.roll(hi, lo, by=side)
        moves = entry.group("moves").strip()
        if moves:
            m.play(moves, by=side)
        m.pick_up(by=side)
    elif entry.group("double"):
        m.double(by=side)
    elif entry.group("beaver"):
        m.beaver(by=side)
    elif entry.group("take"):
        m.take(by=side)
    elif entry.group("drop"):
        m.drop(by=side)
    elif entry.group("wins"):
        points = int(entry.group("points"))
        if m.games and m.phase is Phase.OPENING or m.is_over:
            last = m.games[-1].result
            if (last.winner, last.points) != (side, points):
                raise MatFileError(
                    f"the file says {side} wins {points}, the rules say {last.winner} "
                    f"wins {last.points}"
                )
            return
        cube = m.cube.value
        level, rest = divmod(points, cube)
        if rest or not 1 <= level <= 3:
            raise MatFileError(f"{points} points is not 1, 2 or 3 times the cube ({cube})")
        m.resign(level, by=side.opponent)
        m.accept_resignation(by=side)
