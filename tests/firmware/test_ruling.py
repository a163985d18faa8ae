"""The final-play ruling on its own: when a fault is called, and when the players are asked."""

from __future__ import annotations

from firmware.matching import MatchSettings, read_board
from firmware.ruling import Outcome, Ruling, opponent_moved, rule_final_play
from rules.check import check_play
from rules.legal import play_tree
from rules.play import Play
from rules.position import Position
from rules.side import Side
from vision.observation import Observation

from .observations import die, seen, with_counts

START = Position.start()
DICE = (3, 1)


def rule(obs: Observation, before: Position = START) -> Ruling:
    tree = play_tree(before, DICE)
    allowed = [*tree.results, *tree.partial, before]
    fit = read_board(obs, Side.WHITE, allowed, MatchSettings(), before)
    assert fit.position is not None
    verdict = check_play(before, DICE, fit.position, tree)
    return rule_final_play(obs, Side.WHITE, before, fit, verdict, tree, MatchSettings())


def test_a_legal_finished_play_stands() -> None:
    assert rule(seen(START.apply(Play.parse("8/5 6/5")))).outcome is Outcome.LEGAL


def test_an_illegal_play_read_surely_is_a_fault() -> None:
    ruling = rule(seen(START.apply(Play.parse("13/8"))))
    assert ruling == Ruling(Outcome.ILLEGAL)


def test_an_illegal_play_after_the_opponent_rolled_is_asked_not_called() -> None:
    after = START.apply(Play.parse("13/8"))
    ruling = rule(seen(after, (die(4, "black_right"), die(2, "black_right"))))
    assert ruling.outcome is Outcome.ASK
    assert "black rolled before white's play was settled" in ruling.reason


def test_a_fault_explained_by_doubtful_counts_is_asked_not_called() -> None:
    after = START.apply(Play.parse("8/5 6/5"))
    middling = {p: 0.62 for p in range(1, 25)}
    ruling = rule(with_counts(seen(after, unsure=middling), {5: 1, 6: 5}, {}))
    assert ruling.outcome is Outcome.ASK and "unsure of point(s)" in ruling.reason


def test_the_opponent_gaining_a_point_is_the_game_moving_on() -> None:
    assert not opponent_moved(START, START.apply(Play.parse("8/5 6/5")))
    # The same position from black's side: black's 8/5 6/5 is the opponent moving on for white.
    black_played = START.flip().apply(Play.parse("8/5 6/5")).flip()
    assert opponent_moved(START, black_played)
