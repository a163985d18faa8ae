"""The players' commands (buttons and the web page): their names, and the match change each
one asks for. ``confirm`` is the referee's own (it confirms a play the camera was unsure of).

>>> from rules.match import Match
>>> m = Match(5)
>>> m.opening_roll(white=3, black=1)
>>> match_change(m, "resign", None)()
>>> m.prompt()
'white resigns a single game: black to accept or decline'
"""

from __future__ import annotations

from collections.abc import Callable

from rules.match import Match
from rules.side import Side
from web.hub import COMMANDS  # the one list (web imports nothing of firmware)

__all__ = ["COMMANDS", "match_change"]


def match_change(match: Match, name: str, by: Side | None) -> Callable[[], None]:
    """The change command ``name`` (any of :data:`COMMANDS` but ``confirm``) asks of
    ``match``, by player ``by`` (None: whoever it concerns); run it to apply it."""
    changes: dict[str, Callable[[], None]] = {
        "double": lambda: match.double(by=by),
        "take": lambda: match.take(by=by),
        "pass": lambda: match.pass_(by=by),
        "beaver": lambda: match.beaver(by=by),
        "accept": lambda: match.accept_illegal(by=by),
        "correct": lambda: match.demand_correction(by=by),
        "undo": lambda: match.undo(by=by),
        "resign": lambda: match.resign(1, by=by),
        "accept_resignation": lambda: match.accept_resignation(by=by),
        "decline_resignation": lambda: match.decline_resignation(by=by),
    }
    if name not in changes:
        raise ValueError(f"{name!r} is not a match change; known: {', '.join(changes)}")
    return changes[name]
