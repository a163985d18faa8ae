"""XGIDs read by GNU Backgammon's own `set xgid` give the positions we meant."""

from __future__ import annotations

import pytest

from rules.position import Position
from tests.rules.test_gnubg_ids import _positions
from tests.support.gnubg import requires_gnubg
from tests.support.gnubg_match import gnubg_state_after

pytestmark = [pytest.mark.gnubg, requires_gnubg]


@pytest.mark.parametrize("index", range(0, 60, 7))
def test_gnubg_reads_our_xgid_as_our_position(index: int) -> None:
    pos = _positions(60, seed=11)[index]  # both colours on roll, hits, bar, bear-offs
    state = gnubg_state_after(["new game", f"set xgid {pos.to_xgid()}"])
    assert state.position_id == pos.position_id(), pos.to_xgid()
    assert Position.from_position_id(state.position_id, pos.player) == pos


@pytest.mark.parametrize("on_roll", ["white", "black"])
def test_gnubg_reads_our_xgid_cube_dice_and_score(on_roll: str) -> None:
    from rules.side import Side
    from rules.xgid import to_xgid
    from tests.support.gnubg_match import match_id_info

    pos = Position.start(Side(on_roll))
    # Cube at 4 (log 2) owned by O (black), 5-2 rolled, X (white) 2, O 4, a 7-point match.
    xgid = to_xgid(pos, cube_log=2, cube_owner=-1, dice=(5, 2), score=(2, 4), match_length=7)
    state = gnubg_state_after(["new match 7", f"set xgid {xgid}"])
    assert state.position_id == pos.position_id()
    assert state.match_id is not None, state.messages
    info = match_id_info(state.match_id)
    assert info["cube_value"] == 4 and info["match_length"] == 7 and info["dice"] == (5, 2)
    # gnubg makes the side on roll its player 1.
    assert info["on_roll"] == 1
    white, black = (1, 0) if on_roll == "white" else (0, 1)
    assert info["score"][white] == 2 and info["score"][black] == 4
    assert info["cube_owner"] == black
