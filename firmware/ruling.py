"""When a finished play is called illegal: the referee's one ruling that must never be wrong.

The dice are picked up, so the play is final. The board read (a
:class:`~firmware.matching.BoardRead`) and the rules' verdict on it decide whether the play
stands, the players are asked, or a fault is called::

    ruling = rule_final_play(obs, turn, before, fit, verdict, tree, settings.matching)
    if ruling.outcome is Outcome.ASK:
        ask(ruling.reason)

A fault is called only when the camera read every count it rests on surely, and nothing says
the game moved on past the play (the opponent rolled, or moved checkers forward).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from firmware.matching import BoardRead, MatchSettings, doubtful_explanation
from firmware.matching import Match as Fit
from rules.check import Verdict
from rules.legal import PlayTree
from rules.position import Position
from rules.side import Side
from vision.observation import Observation


class Outcome(enum.Enum):
    LEGAL = "legal"  # the play stands
    ASK = "ask"  # the camera cannot judge it: the players confirm or fix the board
    ILLEGAL = "illegal"  # a fault, called out


@dataclass(frozen=True)
class Ruling:
    outcome: Outcome
    reason: str = ""  # for ASK: what is unclear (empty: the board read's own reason)


def rule_final_play(
    obs: Observation,
    turn: Side,
    before: Position,
    fit: BoardRead,
    verdict: Verdict,
    tree: PlayTree,
    matching: MatchSettings,
) -> Ruling:
    """The ruling on ``turn``'s finished play from ``before``, read as ``fit`` from ``obs``."""
    if verdict.legal:
        return Ruling(Outcome.LEGAL)
    assert fit.position is not None
    if fit.match is not Fit.OFF_SCRIPT and fit.match is not Fit.EXACT:
        return Ruling(Outcome.ASK)
    # The opponent has rolled, or moved checkers forward (a mover can only send them to the
    # bar), while this play was still unsettled (the camera asked and nobody answered): the
    # game moved on past what the referee can judge.
    if any(d.zone == f"{turn.opponent}_right" for d in obs.dice):
        moved_on = "rolled"
    elif opponent_moved(before, fit.position):
        moved_on = "moved checkers"
    else:
        moved_on = ""
    if moved_on:
        return Ruling(
            Outcome.ASK,
            f"{turn.opponent} {moved_on} before {turn}'s play was settled: confirm or fix it",
        )
    # If some legal play differs from the reading only on doubtful counts (a part-way
    # position misread, say), ask instead.
    doubt = doubtful_explanation(obs, tree.results, matching)
    if doubt:
        where = ", ".join("the bar" if p == 25 else str(p) for p in doubt)
        return Ruling(Outcome.ASK, f"the camera is unsure of point(s) {where} (white's numbering)")
    return Ruling(Outcome.ILLEGAL)


def opponent_moved(before: Position, after: Position) -> bool:
    """Did the opponent's checkers gain a point anywhere (more than a hit can do)?

    >>> start = Position.start()
    >>> opponent_moved(start, start)
    False
    """
    return any(after.them[i] > before.them[i] for i in range(1, 25))
