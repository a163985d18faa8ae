"""Scripted full matches with the expected score after every game.

The scripts are also exported to .mat and imported into GNU Backgammon in
``test_mat_gnubg.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.cube import Cube, EndReason, ResultKind, Rules, result_kind
from rules.game import Phase
from rules.match import Match, Score
from rules.position import Position
from rules.side import Side

W, B = Side.WHITE, Side.BLACK


def crawford_match() -> tuple[Match, list[Score]]:
    """A 5-point match with a taken double, an accepted illegal play, a dropped double, a
    gammon, the Crawford game, a post-Crawford double and a backgammon."""
    m = Match(5, white="Alice", black="Bob")
    expected = []
    # Game 1: white doubles, black takes; black's illegal play is accepted; white resigns.
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    m.roll(6, 4)
    m.move("24/18 13/9")
    m.double(by=W)
    m.take(by=B)
    m.roll(2, 2)
    m.move("13/11(2) 6/4(2)")
    m.roll(5, 3)
    m.play("13/7 8/6")  # 6 and 2 played with 5-3: illegal
    m.pick_up()
    m.accept_illegal(by=W)
    m.roll(6, 5)
    m.move("24/18*/13")
    m.resign(1, by=W)
    m.accept_resignation(by=B)
    expected.append(Score(0, 2))
    # Game 2: white doubles early and black drops.
    m.opening_roll(6, 1)
    m.move("13/7 8/7")
    m.roll(4, 2)
    m.move("8/4 6/4")
    m.double(by=W)
    m.drop(by=B)
    expected.append(Score(1, 2))
    # Game 3: white resigns a gammon.
    m.opening_roll(2, 4)
    m.move("8/4 6/4")
    m.roll(5, 5)
    m.resign(2, by=W)
    m.accept_resignation(by=B)
    expected.append(Score(1, 4))  # black is one away: next game is the Crawford game
    # Game 4: the Crawford game, no cube; white wins a single game.
    m.opening_roll(5, 2)
    m.move("13/11 13/8")
    m.resign(1, by=B)
    m.accept_resignation(by=W)
    expected.append(Score(2, 4))
    # Game 5: post-Crawford; white (trailing) doubles, black takes, black resigns a backgammon.
    m.opening_roll(1, 6)
    m.move("13/7 8/7")
    m.double(by=W)
    m.take(by=B)
    m.roll(6, 6)
    m.move("13/7(2) 8/2(2)")
    m.resign(3, by=B)
    m.accept_resignation(by=W)
    expected.append(Score(8, 4))
    return m, expected


def beaver_session() -> tuple[Match, list[Score]]:
    """Money play: an automatic double, a beaver, Jacoby."""
    m = Match.money(Rules(jacoby=True, beavers=True, automatic_doubles=1), white="A", black="B")
    expected = []
    m.opening_roll(4, 4)  # automatic double: cube 2, centred
    m.opening_roll(4, 2)
    m.move("8/4 6/4")
    m.double(by=B)
    m.beaver(by=W)  # white takes at 4 and redoubles to 8 at once, keeping the cube
    m.take(by=B)
    m.roll(3, 1)
    m.move("8/5 6/5")
    m.resign(2, by=B)  # a gammon, and the cube was turned: Jacoby does not apply
    m.accept_resignation(by=W)
    expected.append(Score(16, 0))
    m.opening_roll(2, 6)
    m.resign(2, by=W)  # cube not turned: Jacoby makes the gammon single
    m.accept_resignation(by=B)
    expected.append(Score(16, 1))
    return m, expected


def played_out_match(seed: int, length: int = 3) -> Match:
    """A whole match played to the end with seeded random dice and random legal plays, and a
    simple cube policy (double when 30+ pips ahead, take unless 60+ behind)."""
    rnd = random.Random(seed)
    m = Match(length, white="Wanda", black="Bert")
    while not m.is_over:
        if m.phase is Phase.OPENING:
            m.opening_roll(rnd.randint(1, 6), rnd.randint(1, 6))
        elif m.phase is Phase.TO_ROLL:
            lead = -_pip_lead(m.position)
            if m.game.cube_available and m.cube.may_double(m.turn or W) and lead > 30:
                m.double()
                if lead > 60:
                    m.pass_()
                    continue
                m.take()
            m.roll(rnd.randint(1, 6), rnd.randint(1, 6))
        else:
            plays = m.legal_plays()
            m.move(rnd.choice(plays) if plays else m.position)
    return m


def _pip_lead(position: Position) -> int:
    ours, theirs = position.pip_counts()
    return ours - theirs


def _scores_after_each_game(m: Match) -> list[Score]:
    return [r.score_before.add(r.result.winner, r.result.points) for r in m.games]


SCRIPTS: dict[str, Callable[[], tuple[Match, list[Score]]]] = {
    "crawford": crawford_match,
    "beaver": beaver_session,
}


def test_scripted_match_with_crawford_gammon_backgammon_and_drop() -> None:
    m, expected = crawford_match()
    assert _scores_after_each_game(m) == expected
    assert [g.crawford for g in m.games] == [False, False, False, True, False]
    assert m.winner is W and m.score == expected[-1]
    kinds = [(g.result.kind, g.result.reason) for g in m.games]
    assert kinds[1] == (ResultKind.SINGLE, EndReason.PASSED)
    assert kinds[2] == (ResultKind.GAMMON, EndReason.RESIGNED)
    assert kinds[4] == (ResultKind.BACKGAMMON, EndReason.RESIGNED)
    illegal = [e for e in m.games[0].events if e.kind.value == "illegal_accepted"]
    assert len(illegal) == 1 and illegal[0].side is W


def test_scripted_money_session_with_beaver_and_jacoby() -> None:
    m, expected = beaver_session()
    assert _scores_after_each_game(m) == expected
    assert m.games[0].result.cube_value == 8 and m.winner is None


def test_played_out_games_score_by_the_final_board() -> None:
    for seed in (1, 2, 3):
        m = played_out_match(seed)
        assert m.is_over
        for record in m.games:
            result = record.result
            if result.reason is EndReason.BORNE_OFF:
                assert record.final.player is result.winner.opponent  # the loser's view
                kind = result_kind(record.final.us)
                assert record.final.them[0] == 15 and result.kind is kind
                assert result.points == Cube(result.cube_value).value * int(kind)
        assert _scores_after_each_game(m)[-1] == m.score
