"""What a match shows its players: the next step in words, and the scoreboard's data.

:class:`~rules.match.Match` answers with these through :meth:`~rules.match.Match.prompt` and
:meth:`~rules.match.Match.snapshot`; they only read the match.

>>> from rules.match import Match
>>> m = Match(5)
>>> m.opening_roll(white=2, black=5)
>>> next_step(m), scoreboard(m)["dice"]
('black to play 5-2', [5, 2])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.game import Phase

if TYPE_CHECKING:
    from rules.match import Match


def next_step(match: Match) -> str:
    """What happens next, in words (for the scoreboard and the referee's messages)."""
    g = match.game
    if match.winner is not None:
        s = match.score
        return f"match over: {match.winner} wins {s[match.winner]}-{s[match.winner.opponent]}"
    if g.phase is Phase.OPENING:
        return "opening roll: one die each"
    if g.phase is Phase.TO_ROLL:
        may = g.cube_available and g.turn is not None and g.cube.may_double(g.turn)
        text = f"{g.turn} to roll" + (" or double" if may else "")
        if g.illegal is not None:
            text += f" ({g.illegal.mover}'s play was illegal: accept it or demand a correction)"
        return text
    if g.phase is Phase.DOUBLED:
        if g.beaver:
            offerer = g.cube.owner
            return f"{offerer} beavers to {g.cube.value * 2}: {match.decider} to take or pass"
        return f"{g.turn} doubles to {g.cube.value * 2}: {match.decider} to take or pass"
    if g.phase is Phase.RESIGNATION and g.resignation is not None:
        level = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[g.resignation.level]
        return f"{g.resignation.by} resigns {level}: {match.decider} to accept or decline"
    if g.phase is Phase.ROLLED and g.dice is not None:
        return f"{g.turn} to play {max(g.dice)}-{min(g.dice)}"
    if g.phase is Phase.MOVED:
        note = f" (illegal: {g.moved_reason})" if g.moved_reason else ""
        return f"{g.turn} to pick up the dice{note}"
    return str(g.phase)


def scoreboard(match: Match) -> dict[str, Any]:
    """The current state as JSON-ready data for the web scoreboard (not for replay: use
    :meth:`~rules.match.Match.to_json` for that)."""
    g = match.game
    last = match.games[-1].result if match.games else None
    return {
        "length": match.length,
        "money": match.is_money,
        "names": {"white": match.white_name, "black": match.black_name},
        "score": {"white": match.score.white, "black": match.score.black},
        "game": len(match.games) + (0 if match.is_over else 1),
        "crawford": match.is_crawford,
        "post_crawford": match.is_post_crawford,
        "phase": str(g.phase),
        "turn": None if g.turn is None else str(g.turn),
        "decider": None if match.decider is None else str(match.decider),
        "dice": None if g.dice is None else list(g.dice),
        "cube": {
            "value": g.cube.value,
            "face": g.cube.face,
            "owner": None if g.cube.owner is None else str(g.cube.owner),
            "available": g.cube_available,
        },
        "position_id": g.board().position_id(),
        "match_id": match.match_id(),
        "illegal": None
        if g.illegal is None and not g.moved_reason
        else (g.illegal.reason if g.illegal is not None else g.moved_reason),
        "resignation": None
        if g.resignation is None or g.phase is not Phase.RESIGNATION
        else {"by": str(g.resignation.by), "level": g.resignation.level},
        "last_result": None
        if last is None
        else {
            "winner": str(last.winner),
            "kind": last.kind.name.lower(),
            "points": last.points,
            "reason": str(last.reason),
            "text": str(last),
        },
        "winner": None if match.winner is None else str(match.winner),
        "prompt": next_step(match),
    }
