"""One test per rule of match play: length, winner, Crawford, money sessions, the log."""

from __future__ import annotations

import json

import pytest

from rules.actions import ActionRefused, Roll, action_from_json, action_to_json
from rules.cube import Rules
from rules.match import Match, Score
from rules.side import Side
from tests.rules.match_helpers import win_by_resignation

W, B = Side.WHITE, Side.BLACK


def test_match_is_won_when_a_score_reaches_the_length() -> None:
    m = Match(3)
    win_by_resignation(m, B, 1)
    win_by_resignation(m, B, 1)
    assert m.winner is None and m.is_crawford
    win_by_resignation(m, B, 1)
    assert m.winner is B and m.is_over and m.score == Score(0, 3)
    with pytest.raises(ActionRefused, match="the match is over: black won"):
        m.opening_roll(3, 1)


def test_gammon_may_carry_the_score_past_the_length() -> None:
    m = Match(1)
    win_by_resignation(m, W, 2)
    assert m.winner is W and m.score == Score(2, 0)


def test_any_length_from_one_is_allowed() -> None:
    for length in (1, 2, 4, 25):
        assert Match(length).length == length
    with pytest.raises(ValueError, match="match length"):
        Match(-3)


def test_crawford_game_follows_the_first_reaching_of_one_away() -> None:
    m = Match(5)
    win_by_resignation(m, W, 3)
    assert not m.is_crawford  # 3-0 in a 5-point match
    win_by_resignation(m, W, 1)
    assert m.score == Score(4, 0) and m.is_crawford


def test_crawford_game_has_no_cube() -> None:
    m = Match(5)
    win_by_resignation(m, B, 2)
    win_by_resignation(m, B, 2)
    assert m.is_crawford
    m.opening_roll(5, 2)
    m.move("13/8 13/11")
    with pytest.raises(ActionRefused, match="no doubling in the Crawford game"):
        m.double(by=B)


def test_games_after_the_crawford_game_are_post_crawford_with_the_cube() -> None:
    m = Match(5)
    win_by_resignation(m, B, 2)
    win_by_resignation(m, B, 2)  # 0-4: next game is Crawford
    win_by_resignation(m, W, 1)  # the Crawford game
    assert not m.is_crawford and m.is_post_crawford
    m.opening_roll(1, 3)
    m.move("8/5 6/5")
    m.double(by=W)  # the trailer doubles post-Crawford
    m.take(by=B)
    assert m.cube.value == 2


def test_only_one_crawford_game_per_match() -> None:
    m = Match(5)
    win_by_resignation(m, W, 2)
    win_by_resignation(m, W, 2)  # 4-0
    win_by_resignation(m, B, 1)  # Crawford game, 4-1
    win_by_resignation(m, B, 3)  # 4-4: both one away, but Crawford is done
    assert m.score == Score(4, 4) and not m.is_crawford and m.is_post_crawford


def test_crawford_rule_can_be_switched_off() -> None:
    m = Match(3, Rules(crawford=False))
    win_by_resignation(m, W, 2)
    assert not m.is_crawford
    m.opening_roll(1, 3)
    m.move("8/5 6/5")
    m.double()


def test_one_point_match_has_no_crawford_game() -> None:
    assert not Match(1).is_crawford


def test_money_session_never_ends() -> None:
    m = Match.money(Rules(jacoby=True, beavers=True, automatic_doubles=1))
    for _ in range(5):
        win_by_resignation(m, W, 3)
    assert m.winner is None and not m.is_over
    assert m.score == Score(5, 0)  # Jacoby: a resigned backgammon counts single, cube unturned


def test_log_replays_into_the_same_state() -> None:
    m = Match(5, white="Ann", black="Bo")
    win_by_resignation(m, B, 2)
    m.opening_roll(6, 1)
    m.move("13/7 8/7")
    m.double(by=B)
    m.take()
    m.roll(4, 4)
    m.play("24/20(2) 13/9(2)")
    m.undo()
    m.play("13/9(2) 6/2(2)")
    replayed = Match(5, white="Ann", black="Bo")
    replayed.replay(m.log)
    assert replayed.state == m.state
    text = json.dumps(m.to_json())
    again = Match.from_json(json.loads(text))
    assert again.state == m.state and (again.white_name, again.black_name) == ("Ann", "Bo")


def test_every_action_has_a_json_form() -> None:
    from rules import actions

    for cls in actions._NAMES:  # noqa: SLF001 - the registry is the list of action types
        if cls is actions.Roll:
            a: actions.Action = Roll((3, 2), W)
        elif cls is actions.OpeningRoll:
            a = actions.OpeningRoll(3, 2)
        elif cls is actions.PlayMade:
            a = actions.PlayMade("4HPwATDgc/ABMA", "8/5 6/5", B)
        elif cls is actions.VoidRoll:
            a = actions.VoidRoll(actions.VoidReason.COCKED)
        elif cls is actions.Resign:
            a = actions.Resign(2, B)
        else:
            a = cls(by=W)
        assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a


def test_bad_json_actions_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown action 'dance'"):
        action_from_json({"action": "dance"})
    with pytest.raises(ValueError, match="unknown fields: colour"):
        action_from_json({"action": "double", "colour": "white"})
    with pytest.raises(ValueError, match="not a bgref-match record"):
        Match.from_json({"format": "other"})


def test_snapshot_is_json_and_follows_the_match() -> None:
    from tests.rules.test_match_scripts import crawford_match

    m, _ = crawford_match()
    replay = Match(m.length, white=m.white_name, black=m.black_name)
    for action in m.log:
        replay.apply(action)
        snap = json.loads(json.dumps(replay.snapshot()))
        assert snap["score"] == {"white": replay.score.white, "black": replay.score.black}
        assert snap["match_id"] == replay.match_id() and snap["phase"] == replay.phase.value
        assert snap["prompt"] == replay.prompt()
    assert snap["winner"] == "white" and snap["prompt"] == "match over: white wins 8-4"


def test_prompt_names_who_must_act() -> None:
    m = Match(5)
    m.opening_roll(3, 1)
    m.play("8/4 6/5")
    assert m.prompt().startswith("white to pick up the dice (illegal:")
    m.pick_up()
    assert m.prompt().startswith("black to roll or double (white's play was illegal")
    m.accept_illegal()
    m.double()
    assert m.prompt() == "black doubles to 2: white to take or pass"
    m.take()
    m.resign(2, by=Side.BLACK)
    assert m.prompt() == "black resigns a gammon: white to accept or decline"


def test_judging_a_play_records_nothing() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    before = (m.state, m.log)
    assert m.judge("8/5").partial and not m.judge("8/5").legal
    assert m.judge("8/4 6/5").status == "illegal"
    assert m.judge("8/5 6/5").legal
    assert (m.state, m.log) == before
