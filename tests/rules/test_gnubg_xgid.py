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
