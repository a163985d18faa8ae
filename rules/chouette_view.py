"""What a chouette shows: the next step in words, and the scoreboard's data.

>>> from rules.chouette import Chouette
>>> next_step(Chouette(["Ann", "Ben", "Cy"]))
'opening roll: Ann and Ben one die each'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.game import Phase
from rules.side import Side

if TYPE_CHECKING:
    from rules.chouette import Chouette


def next_step(ch: Chouette) -> str:
    """What happens next in chouette ``ch``, in words (:meth:`Chouette.prompt`)."""
    if ch.waiting:
        return f"{', '.join(sorted(ch.waiting))} to take or pass the box's double"
    if ch.team_offer:
        return f"{ch.box} (box) to take or pass the team's double"
    g = ch.game
    # The box plays white, the team black.
    who = {Side.WHITE: f"{ch.box} (box)", Side.BLACK: f"{ch.acting_captain} (captain)"}
    if g.phase is Phase.OPENING:
        return f"opening roll: {ch.box} and {ch.captain} one die each"
    assert g.turn is not None
    if g.phase is Phase.TO_ROLL:
        return f"{who[g.turn]} to roll or double"
    if g.phase is Phase.ROLLED and g.dice is not None:
        return f"{who[g.turn]} to play {max(g.dice)}-{min(g.dice)}"
    return f"{who[g.turn]} to pick up the dice"


def scoreboard(ch: Chouette) -> dict[str, Any]:
    """Chouette ``ch`` as JSON-ready data for the scoreboard (:meth:`Chouette.snapshot`)."""
    g = ch.game
    return {
        "box": ch.box,
        "captain": ch.captain,
        "acting_captain": ch.acting_captain,
        "team": list(ch.team),
        "in_game": [n for n in ch.team if n in ch.active],
        "cubes": {
            n: {"value": cube.value, "owner": None if cube.owner is None else str(cube.owner)}
            for n, cube in ch.cubes.items()
        },
        "waiting": sorted(ch.waiting),
        "team_offer": sorted(ch.team_offer),
        "balances": dict(ch.balances),
        "stakes": dict(ch.stakes),
        "games_played": ch.games_played,
        "phase": str(g.phase),
        "turn": None if g.turn is None else str(g.turn),
        "dice": None if g.dice is None else list(g.dice),
        "position_id": g.board().position_id(),
        "prompt": ch.prompt(),
    }
