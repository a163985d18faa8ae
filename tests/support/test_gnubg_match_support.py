"""Tests of the GNU Backgammon driver's match side: Match IDs, gnubg's state after commands,
and .mat import."""

from __future__ import annotations

import re
import subprocess
from typing import Any

import pytest

from tests.support import gnubg as g
from tests.support.gnubg import (
    START_POSITION_ID,
    GnubgError,
    legal_plays,
    legal_results,
    requires_gnubg,
    swap_sides,
)
from tests.support.gnubg_match import (
    MatchState,
    gnubg_state_after,
    import_mat,
    match_id_for,
    match_id_info,
    match_ids_for,
)

# ---------------------------------------------------------------------------------------------
# Match IDs


@pytest.mark.gnubg
@requires_gnubg
def test_match_id_of_the_manual_example() -> None:
    info = match_id_info("QYkqASAAIAAA")
    expected = {
        "cube_value": 2,
        "cube_owner": 0,
        "on_roll": 1,
        "turn": 1,
        "crawford": False,
        "game_state": 1,
        "score": (2, 4),
        "match_length": 9,
        "dice": (5, 2),
        "doubled": False,
        "resigned": 0,
        "jacoby": True,
    }
    assert {k: info[k] for k in expected} == expected
    assert "match to 9 points" in info["text"]["score"]
    # gnubg 1.07 itself writes the same state with its "no Jacoby" bit 66 set.
    assert (
        match_id_for(
            match_length=9, score=(2, 4), cube_value=2, cube_owner=0, on_roll=1, dice=(5, 2)
        )
        == "QYkqASAAIAAE"
    )


STATES: list[MatchState] = [
    MatchState(match_length=7),
    MatchState(match_length=0, cube_value=4, cube_owner=1, on_roll=1, dice=(6, 6)),
    MatchState(match_length=5, score=(4, 2), crawford=True, on_roll=1, dice=(3, 1)),
    MatchState(match_length=5, score=(4, 3), cube_value=2, cube_owner=0, dice=(2, 1)),
    MatchState(match_length=3, score=(1, 0), cube_value=2, on_roll=0, turn=1, doubled=True),
    MatchState(match_length=11, score=(10, 9), on_roll=1, turn=0, resigned=3, dice=(4, 5)),
    MatchState(match_length=25, score=(17, 23), cube_value=64, cube_owner=1, game_state=2),
]


@pytest.mark.gnubg
@requires_gnubg
def test_match_ids_round_trip_through_gnubg() -> None:
    ids = match_ids_for(STATES)
    assert ids[0] == match_id_for(**STATES[0])
    assert len(set(ids)) == len(ids)
    for state, info in zip(STATES, match_id_info(ids), strict=True):
        expect: dict[str, Any] = {
            "score": (0, 0),
            "cube_value": 1,
            "cube_owner": None,
            "on_roll": 0,
            "crawford": False,
            "game_state": 1,
            "dice": None,
            "doubled": False,
            "resigned": 0,
            **state,
        }
        expect.setdefault("turn", expect["on_roll"])
        if expect["dice"]:
            expect["dice"] = tuple(sorted(expect["dice"], reverse=True))
        assert {k: info[k] for k in expect} == expect, state
        assert info["jacoby"] == (state["match_length"] == 0)


@pytest.mark.gnubg
@requires_gnubg
def test_bad_match_ids_raise() -> None:
    with pytest.raises(GnubgError, match="not a Match ID"):
        match_id_info("QYkqASAAIAA")
    with pytest.raises(GnubgError, match="cannot reproduce match ID|cannot read match ID"):
        match_id_info("////////////")
    with pytest.raises(GnubgError, match="resign level"):
        match_id_for(match_length=5, resigned=4)


# ---------------------------------------------------------------------------------------------
# .mat import

# Laid out as gnubg's own `export match mat` writes it (the second player's column starts at
# character 33). gnubg's importer is column-sensitive: with "Wins 1 point" on a line of its own
# under the second player, it reads game 2 as a further double and a resignation.
TINY_MAT = "\n".join(
    [
        " 3 point match",
        "",
        " Game 1",
        " Alice : 0                      Bob : 0",
        "  1) 31: 8/5 6/5                 42: 8/4 6/4",
        "  2)  Doubles => 2                Drops",
        "      Wins 1 point",
        "",
        " Game 2",
        " Alice : 1                      Bob : 0",
        "  1) 64: 24/18 13/9               Doubles => 2",
        "  2)  Drops                       Wins 1 point",
        "",
    ]
)


@pytest.mark.gnubg
@requires_gnubg
def test_import_of_a_tiny_match(tmp_path) -> None:
    path = tmp_path / "tiny.mat"
    path.write_text(TINY_MAT)
    imp = import_mat(path)
    assert imp.warnings == ()
    assert imp.match_length == 3
    assert imp.player_names == ("Alice", "Bob")
    assert imp.n_games == 2
    assert [(gm.score_before, gm.score_after, gm.winner) for gm in imp.games] == [
        ((0, 0), (1, 0), 0),
        ((1, 0), (1, 1), 1),
    ]
    assert imp.final_score == (1, 1)
    assert "Alice 1, Bob 1" in (imp.score_text or "")
    first, second = imp.games
    assert [r[:3] for r in first.records] == [
        (0, "move", (3, 1)),
        (1, "move", (4, 2)),
        (0, "double", None),
        (1, "drop", None),
    ]
    # Position after each play, from the mover's side; each is a legal result of the roll
    # from the position gnubg stored before it.
    assert first.position_ids_after_moves[0] == next(
        r for r, n in legal_plays([(START_POSITION_ID, (3, 1))])[0].items() if n == "8/5 6/5"
    )
    before_bob = first.records[1][4]
    assert first.final_position_id in legal_results([(before_bob, (4, 2))])[0]
    assert first.final_mover == 1 and second.final_mover == 0
    # The doubler's stored board is the final position handed to the doubler.
    assert swap_sides([first.final_position_id]) == [first.records[2][4]]
    # The IDs gnubg shows after the import are those its tty `show board` prints.
    tty = subprocess.run(
        [g.find_gnubg() or "gnubg", "-t", "-q", "-r"],
        input=f"set confirm new off\nimport mat {path}\nshow board\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    ).stdout
    assert imp.gnubg_position_id == re.findall(r"Position ID: (\S{14})", tty)[-1]
    assert imp.gnubg_match_id == re.findall(r"Match ID\s*: (\S{12})", tty)[-1]
    assert imp.gnubg_match_id is not None
    assert match_id_info(imp.gnubg_match_id)["score"] == (1, 1)
    assert imp.notes == ()


@pytest.mark.gnubg
@requires_gnubg
def test_import_reports_gnubgs_warnings(tmp_path) -> None:
    bad_move = tmp_path / "bad.mat"
    bad_move.write_text(
        " 3 point match\n\n Game 1\n Alice : 0      Bob : 0\n"
        "  1) 31: 8/5 6/5     42: 8/4 6/9\n  2) 77: 1/2\n"
    )
    imp = import_mat(bad_move)
    assert any("Invalid move" in w for w in imp.warnings)
    assert any('Unrecognised move "77: 1/2"' in w for w in imp.warnings)
    assert imp.n_games == 1 and imp.games[0].winner is None

    not_mat = tmp_path / "hello.mat"
    not_mat.write_text("hello world\n")
    imp = import_mat(not_mat)
    assert imp.n_games == 0 and imp.match_length is None
    assert any("not a valid .mat file" in w for w in imp.warnings)

    imp = import_mat(tmp_path / "missing.mat")
    assert imp.n_games == 0 and any("No such file" in w for w in imp.warnings)


@pytest.mark.gnubg
@requires_gnubg
def test_match_id_from_commands_agrees_with_the_encoder() -> None:
    state = gnubg_state_after(["new match 9", "set score 2 4", "set cube value 2", "set dice 5 2"])
    assert state.position_id == START_POSITION_ID
    assert state.match_id is not None
    info = match_id_info(state.match_id)
    assert (info["match_length"], info["score"], info["cube_value"], info["dice"]) == (
        9,
        (2, 4),
        2,
        (5, 2),
    )
    rebuilt = match_id_for(
        match_length=9,
        score=(2, 4),
        cube_value=2,
        cube_owner=info["cube_owner"],
        on_roll=info["on_roll"],
        dice=(5, 2),
    )
    assert rebuilt == state.match_id
    assert any("dice have been set to 5 and 2" in m for m in state.messages)
    with pytest.raises(GnubgError, match="one line"):
        gnubg_state_after(["new match 9\nset score 2 4"])
