""".mat import: our own exports read back unchanged, and matches GNU Backgammon played against
itself (exported by gnubg) replay through our rules to gnubg's scores, every play legal."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from rules.cube import Rules
from rules.game import EventKind
from rules.match import Match
from rules.matfile import MatFileError, from_mat, to_mat
from rules.side import Side
from tests.rules.test_match_scripts import crawford_match, played_out_match
from tests.support.gnubg import find_gnubg, requires_gnubg

W, B = Side.WHITE, Side.BLACK


def _moves(m: Match) -> list[list[str]]:
    return [[e.position_id for e in g.events if e.kind is EventKind.MOVE] for g in m.games]


@pytest.mark.parametrize("build", ["crawford", "played", "beaver"])
def test_exported_mat_reads_back_into_the_same_games(build: str) -> None:
    m = {
        "crawford": lambda: crawford_match()[0],
        "played": lambda: played_out_match(21, length=5),
        "beaver": _beaver_money_session,
    }[build]()
    back = from_mat(to_mat(m), m.rules)
    assert [g.result for g in back.games] == [g.result for g in m.games]
    assert [g.crawford for g in back.games] == [g.crawford for g in m.games]
    assert _moves(back) == _moves(m)
    assert (back.score, back.winner, back.white_name, back.black_name) == (
        m.score,
        m.winner,
        m.white_name,
        m.black_name,
    )


def _beaver_money_session() -> Match:
    m = Match.money(Rules(beavers=True), white="A", black="B")
    m.opening_roll(4, 2)
    m.move("8/4 6/4")
    m.double(by=B)
    m.beaver(by=W)
    m.take(by=B)
    m.roll(3, 1)
    m.move("8/5 6/5")
    m.resign(1, by=B)
    m.accept_resignation(by=W)
    return m


def test_mat_with_a_wrong_score_header_is_refused() -> None:
    m, _ = crawford_match()
    text = to_mat(m).replace(" Alice : 0                      Bob : 2", " Alice : 0  Bob : 3")
    with pytest.raises(MatFileError, match="does not follow from the games before"):
        from_mat(text)


def test_mat_without_a_header_is_refused() -> None:
    with pytest.raises(MatFileError, match="no 'N point match' header"):
        from_mat("Game 1\n")


def _gnubg_self_play(tmp_path: Path, seed: int, length: int) -> tuple[str, tuple[int, int]]:
    """A match gnubg plays against itself (0-ply, seeded), its .mat export and final score."""
    gnubg = find_gnubg()
    assert gnubg is not None
    path = tmp_path / f"self{seed}.mat"
    lines = [f"set seed {seed}"]
    for p in (0, 1):
        lines += [
            f"set player {p} gnubg",
            f"set player {p} chequerplay evaluation plies 0",
            f"set player {p} cubedecision evaluation plies 0",
        ]
    lines += [f"new match {length}", f"export match mat {path}", "show score", ""]
    out = subprocess.run(
        [gnubg, "-t", "-q", "-r"],
        input="\n".join(lines),
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    score = re.findall(r"The score \(after \d+ games?\) is: \S+ (\d+), \S+ (\d+)", out)
    assert score and path.exists(), out[-2000:]
    return path.read_text(), (int(score[-1][0]), int(score[-1][1]))


@pytest.mark.gnubg
@requires_gnubg
def test_gnubg_self_play_replays_to_gnubgs_score_with_every_play_legal(tmp_path: Path) -> None:
    seen: set[tuple[str, str]] = set()
    for seed in (9, 17, 25, 31):
        text, gnubg_score = _gnubg_self_play(tmp_path, seed, 7)
        m = from_mat(text)  # every game's score header is checked against our running score
        assert (m.score.white, m.score.black) == gnubg_score
        assert m.winner is (Side.WHITE if gnubg_score[0] >= 7 else Side.BLACK)
        moves = [e for g in m.games for e in g.events if e.kind is EventKind.MOVE]
        assert moves and all(e.legal for e in moves)
        # the Crawford game, when there is one, is the game after someone first reached 6
        for before, game in zip(m.games, m.games[1:], strict=False):
            after = before.score_before.add(before.result.winner, before.result.points)
            first_time = max(before.score_before.white, before.score_before.black) < 6
            assert game.crawford == (first_time and 6 in (after.white, after.black))
        seen |= {(g.result.kind.name, g.result.reason.value) for g in m.games}
        seen |= {("CRAWFORD", "game") for g in m.games if g.crawford}
    # these seeds cover the rules that matter (with Debian's gnubg 1.07)
    wanted = {("GAMMON", "borne_off"), ("BACKGAMMON", "borne_off"), ("SINGLE", "passed")}
    assert wanted | {("CRAWFORD", "game")} <= seen
