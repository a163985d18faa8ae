"""Export matches to .mat, import them into GNU Backgammon, compare scores and positions; check
our Match IDs against gnubg's encoder and decoder."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from rules.game import EventKind
from rules.match import Match
from rules.matchid import GameStatus, MatchId
from rules.matfile import to_mat
from rules.sgf import to_sgf
from rules.side import Side
from tests.rules.test_match_scripts import crawford_match, played_out_match
from tests.support.gnubg import find_gnubg, requires_gnubg
from tests.support.gnubg_match import import_mat, match_id_for, match_id_info

pytestmark = [pytest.mark.gnubg, requires_gnubg]


def _import(m: Match, tmp_path: Path, name: str):
    path = tmp_path / f"{name}.mat"
    path.write_text(to_mat(m))
    return import_mat(path)


def _check_import(m: Match, tmp_path: Path, name: str) -> None:
    imp = _import(m, tmp_path, name)
    assert not imp.warnings, imp.warnings
    assert imp.match_length == m.length
    assert imp.player_names == (m.white_name, m.black_name)
    assert imp.n_games == len(m.games)
    for ours, theirs in zip(m.games, imp.games, strict=True):
        before = (ours.score_before.white, ours.score_before.black)
        assert theirs.score_before == before
        assert theirs.winner == (0 if ours.result.winner is Side.WHITE else 1)
        assert theirs.points_won == ours.result.points
        our_ids = [e.position_id for e in ours.events if e.kind is EventKind.MOVE]
        assert list(theirs.position_ids_after_moves) == our_ids
    assert imp.final_score == (m.score.white, m.score.black)


def test_scripted_match_imports_into_gnubg_with_the_same_scores_and_positions(
    tmp_path: Path,
) -> None:
    # Includes an accepted illegal play: gnubg's import takes the moves as written.
    m, _ = crawford_match()
    _check_import(m, tmp_path, "crawford")


@pytest.mark.parametrize("seed", [11, 12])
def test_played_out_match_imports_into_gnubg_unchanged(tmp_path: Path, seed: int) -> None:
    _check_import(played_out_match(seed, length=3), tmp_path, f"played{seed}")


def _fields(mid: str) -> MatchId:
    return MatchId.decode(mid)


def _match_ids(m: Match) -> list[str]:
    replay = Match(m.length)
    ids: list[str] = []
    for action in m.log:
        replay.apply(action)
        ids.append(replay.match_id())
    return sorted(set(ids))


def test_match_ids_agree_with_gnubg_decoder() -> None:
    m = played_out_match(5, length=5)
    # gnubg's "set matchid" cannot take a finished game or a double waiting for an answer.
    ids = [
        mid
        for mid in _match_ids(m)
        if _fields(mid).status is GameStatus.PLAYING and not _fields(mid).double_offered
    ]
    assert len(ids) > 20
    for mid, info in zip(ids, match_id_info(ids), strict=True):
        ours = _fields(mid)
        assert MatchId.decode(ours.encode()) == ours
        assert info["game_state"] == int(ours.status)
        assert info["turn"] == (0 if ours.decider is Side.WHITE else 1)
        assert info["dice"] == (None if ours.dice == (0, 0) else ours.dice)
        assert info["cube_value"] == ours.cube_value
        assert info["on_roll"] == (0 if ours.on_roll is Side.WHITE else 1)
        assert info["score"] == ours.score and info["match_length"] == ours.length
        assert info["crawford"] == ours.crawford
        owner = None if ours.cube_owner is None else int(ours.cube_owner is Side.BLACK)
        assert info["cube_owner"] == owner


def test_match_ids_agree_with_gnubg_encoder() -> None:
    m = played_out_match(5, length=5)
    fields = [_fields(mid) for mid in _match_ids(m)]
    playing = [f for f in fields if f.status is GameStatus.PLAYING]
    wanted = {
        "doubled": lambda f: f.double_offered,
        "owned cube": lambda f: f.cube_owner is not None and f.dice != (0, 0),
        "crawford": lambda f: f.crawford,
        "black on roll": lambda f: f.on_roll is Side.BLACK and f.score != (0, 0),
    }
    picks = {what: next((f for f in playing if test(f)), None) for what, test in wanted.items()}
    found = {what: f for what, f in picks.items() if f is not None}
    assert {"doubled", "owned cube"} <= set(found), picks
    for what, f in found.items():
        expected = match_id_for(
            match_length=f.length,
            score=f.score,
            cube_value=f.cube_value,
            cube_owner=None if f.cube_owner is None else int(f.cube_owner is Side.BLACK),
            on_roll=int(f.on_roll is Side.BLACK),
            turn=int(f.decider is Side.BLACK),
            crawford=f.crawford,
            dice=None if f.dice == (0, 0) else f.dice,
            doubled=f.double_offered,
        )
        assert expected == f.encode(), what


def _gnubg_final_ids(path: Path, command: str = "import mat") -> tuple[str, str]:
    """(Position ID, Match ID) gnubg shows after importing ``path`` (drives gnubg -t directly,
    as the shared driver reports moves and scores but not the final IDs)."""
    gnubg = find_gnubg()
    assert gnubg is not None
    script = f"set confirm new off\n{command} {path}\nshow board\n"
    out = subprocess.run(
        [gnubg, "-t", "-q", "-r"], input=script, capture_output=True, text=True, timeout=120
    ).stdout
    pids = re.findall(r"Position ID: (\S{14})", out)
    mids = re.findall(r"Match ID\s*: (\S{12})", out)
    assert pids and mids, out[-2000:]
    return pids[-1], mids[-1]


def _drop_match(extra_turn: bool) -> Match:
    m = Match(1, white="Ann", black="Bo")
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    if extra_turn:
        m.roll(6, 4)
        m.move("24/18 13/9")
    m.double()
    m.drop()
    return m


@pytest.mark.parametrize(
    "name",
    ["played11", "played12", "played13", "crawford", "drop_white", "drop_black"],
)
def test_final_ids_after_import_equal_gnubgs(tmp_path: Path, name: str) -> None:
    builders = {
        "played11": lambda: played_out_match(11),
        "played12": lambda: played_out_match(12),
        "played13": lambda: played_out_match(13),
        "crawford": lambda: crawford_match()[0],
        "drop_white": lambda: _drop_match(False),
        "drop_black": lambda: _drop_match(True),
    }
    m = builders[name]()
    path = tmp_path / f"{name}.mat"
    path.write_text(to_mat(m))
    assert _gnubg_final_ids(path) == (m.position.position_id(), m.match_id())


@pytest.mark.parametrize("name", ["played11", "played12", "crawford", "drop_black"])
def test_sgf_export_loads_into_gnubg_with_the_same_final_ids(tmp_path: Path, name: str) -> None:
    m = {
        "played11": lambda: played_out_match(11),
        "played12": lambda: played_out_match(12),
        "crawford": lambda: crawford_match()[0],
        "drop_black": lambda: _drop_match(True),
    }[name]()
    path = tmp_path / f"{name}.sgf"
    path.write_text(to_sgf(m))
    assert _gnubg_final_ids(path, "load match") == (m.position.position_id(), m.match_id())


def test_money_session_with_a_beaver_imports_into_gnubg(tmp_path: Path) -> None:
    from rules.cube import Rules

    m = Match.money(Rules(beavers=True), white="Ann", black="Bo")
    m.opening_roll(4, 2)
    m.move("8/4 6/4")
    m.double(by=Side.BLACK)
    m.beaver(by=Side.WHITE)
    m.take(by=Side.BLACK)
    m.roll(3, 1)
    m.move("8/5 6/5")
    m.resign(1, by=Side.WHITE)
    m.accept_resignation()
    m.opening_roll(1, 2)
    m.move("13/11 6/5")
    m.double(by=Side.WHITE)
    m.take()
    m.roll(6, 6)
    m.resign(2, by=Side.WHITE)
    m.accept_resignation()
    assert (m.score.white, m.score.black) == (0, 8)
    _check_import(m, tmp_path, "money")
