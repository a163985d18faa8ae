"""Export a match as SGF the way GNU Backgammon saves it (``save match``; ``load match`` reads it).

One game tree per game. White is ``W`` (gnubg's player 0), black ``B``. A move is the dice
then one letter pair per single-die step, in white's numbering: ``a`` is white's point 1 (black's
24) ... ``x`` white's 24, ``y`` the bar, ``z`` off. Cube actions are ``double``, ``take``,
``drop``; the result is ``RE[W+2]`` (``R`` appended for a resignation).

>>> from rules.match import Match
>>> m = Match(3, white="Ann", black="Bo")
>>> m.opening_roll(white=3, black=1)
>>> m.move("8/5 6/5")
>>> print(to_sgf(m, date=None), end="")
(;FF[4]GM[6]CA[UTF-8]AP[bgref]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bo]RU[Crawford]
;W[31hefe])
"""

from __future__ import annotations

from datetime import date as Date

from rules.cube import EndReason, GameResult
from rules.game import Event, EventKind
from rules.match import Match
from rules.side import Side

_BAR, _OFF = "y", "z"


def _letter(point: int, side: Side) -> str:
    if point == 25:
        return _BAR
    if point == 0:
        return _OFF
    white_point = point if side is Side.WHITE else 25 - point
    return chr(ord("a") + white_point - 1)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _node(event: Event) -> str | None:
    colour = "W" if event.side is Side.WHITE else "B"
    if event.kind is EventKind.MOVE:
        assert event.dice is not None
        hi, lo = max(event.dice), min(event.dice)
        steps = "".join(_letter(a, event.side) + _letter(b, event.side) for a, b in event.steps)
        return f";{colour}[{hi}{lo}{steps}]"
    word = {
        EventKind.DOUBLE: "double",
        EventKind.TAKE: "take",
        EventKind.PASS: "drop",
        EventKind.BEAVER: "beaver",
    }.get(event.kind)
    return None if word is None else f";{colour}[{word}]"


def _result(result: GameResult) -> str:
    colour = "W" if result.winner is Side.WHITE else "B"
    resigned = "R" if result.reason is EndReason.RESIGNED else ""
    return f"RE[{colour}+{result.points}{resigned}]"


def to_sgf(match: Match, date: Date | None = None) -> str:
    """The match as SGF text (finished games, then the game in progress if it has moves)."""
    games: list[tuple[int, int, bool, tuple[Event, ...], GameResult | None]] = [
        (g.score_before.white, g.score_before.black, g.crawford, g.events, g.result)
        for g in match.games
    ]
    if not match.is_over and match.game.events:
        s = match.score
        games.append((s.white, s.black, match.is_crawford, match.game.events, None))
    trees = []
    for number, (ws, bs, crawford, events, result) in enumerate(games):
        head = (
            f"(;FF[4]GM[6]CA[UTF-8]AP[bgref]MI[length:{match.length}][game:{number}]"
            f"[ws:{ws}][bs:{bs}]PW[{_escape(match.white_name)}]PB[{_escape(match.black_name)}]"
        )
        if number == 0 and date is not None:
            head += f"DT[{date:%Y-%m-%d}]"
        rules = []
        if match.length and match.rules.crawford:
            rules.append("Crawford:CrawfordGame" if crawford else "Crawford")
        if match.is_money and match.rules.jacoby:
            rules.append("Jacoby")
        if rules:
            head += f"RU[{':'.join(rules)}]"
        if result is not None:
            head += _result(result)
        nodes = [n for e in events if (n := _node(e)) is not None]
        trees.append(head + "\n" + "\n".join(nodes) + ")")
    return "\n".join(trees) + ("\n" if trees else "")
