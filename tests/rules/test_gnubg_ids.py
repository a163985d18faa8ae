"""Position IDs and XGIDs against GNU Backgammon's own encoder."""

from __future__ import annotations

import random

import pytest

from rules.legal import legal_plays
from rules.position import Position
from tests.support.gnubg import position_ids_for, requires_gnubg

pytestmark = [pytest.mark.gnubg, requires_gnubg]


def _positions(n: int, seed: int) -> list[Position]:
    """Positions from random legal games, on both sides of the turn (bar, bear-offs...)."""
    rng = random.Random(seed)
    out: list[Position] = []
    pos = Position.start()
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        result = rng.choice(legal_plays(pos, dice)).result
        assert result is not None
        out.append(result)
        pos = Position.start() if result.is_over() else result.flip()
    return out


def test_position_ids_match_gnubg_encoder() -> None:
    positions = _positions(500, seed=3)
    # gnubg's layout: (side not on roll, side on roll), points 1-24 then the bar.
    boards = [(p.them[1:26], p.us[1:26]) for p in positions]
    theirs = position_ids_for(boards)
    assert [p.position_id() for p in positions] == theirs
    assert all(
        Position.from_position_id(pid, p.player) == p
        for pid, p in zip(theirs, positions, strict=True)
    )


def test_start_position_id_is_the_one_gnubg_prints() -> None:
    start = Position.start()
    assert position_ids_for([(start.them[1:26], start.us[1:26])]) == ["4HPwATDgc/ABMA"]
