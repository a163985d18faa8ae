"""One test per chouette rule."""

from __future__ import annotations

import pytest

from rules.actions import ActionRefused
from rules.chouette import Chouette
from rules.cube import Cube
from rules.side import Side


def _team_to_move() -> Chouette:
    c = Chouette(["Box", "Cap", "Mo", "Jo"])
    c.opening_roll(white=1, black=3)  # the captain wins the opening
    return c


def _box_to_roll() -> Chouette:
    c = _team_to_move()
    c.move("8/5 6/5")
    return c


def test_chouette_needs_three_or_more_players() -> None:
    with pytest.raises(ValueError, match="3 or more"):
        Chouette(["A", "B"])


def test_first_player_is_the_box_second_the_captain_then_team_order() -> None:
    c = Chouette(["A", "B", "C", "D"])
    assert c.box == "A" and c.captain == "B" and c.team == ["B", "C", "D"]


def test_each_member_decides_alone_when_the_box_doubles() -> None:
    c = _box_to_roll()
    c.box_double()
    c.take("Cap")
    c.pass_("Mo")
    c.take("Jo")
    assert c.cube("Cap") == Cube(2, Side.BLACK) and c.cube("Jo") == Cube(2, Side.BLACK)
    assert "Mo" not in c.active and c.balances["Mo"] == -1 and c.balances["Box"] == 1


def test_play_waits_until_every_member_has_answered_the_box() -> None:
    c = _box_to_roll()
    c.box_double()
    c.take("Cap")
    with pytest.raises(ActionRefused, match="waiting for an answer"):
        c.roll(3, 1)


def test_team_doubles_must_be_unanimous() -> None:
    c = _box_to_roll()
    c.roll(6, 4)
    c.move("24/18 13/9")
    with pytest.raises(ActionRefused, match="team doubles need every member: Jo"):
        c.team_double(["Cap", "Mo"])
    c.team_double(["Cap", "Mo", "Jo"])
    c.box_take()
    assert all(c.cube(n) == Cube(2, Side.WHITE) for n in ("Cap", "Mo", "Jo"))


def test_box_passing_a_team_double_pays_every_member_and_moves_the_box() -> None:
    c = _box_to_roll()
    c.roll(6, 4)
    c.move("24/18 13/9")
    c.team_double(["Cap", "Mo", "Jo"])
    c.box_pass()
    assert c.balances == {"Box": -3, "Cap": 1, "Mo": 1, "Jo": 1}
    # team win: the captain takes the box, the old box joins the end of the team
    assert c.box == "Cap" and c.team == ["Mo", "Jo", "Box"] and c.captain == "Mo"


def test_captain_rotates_to_the_end_when_the_box_wins() -> None:
    c = _box_to_roll()
    c.roll(6, 4)
    c.move("24/18 13/9")
    c.resign(2)  # the team resigns a gammon to the box
    assert c.balances == {"Box": 6, "Cap": -2, "Mo": -2, "Jo": -2}
    assert c.box == "Box" and c.team == ["Mo", "Jo", "Cap"] and c.captain == "Mo"


def test_box_moves_to_the_winning_captain_on_a_team_win() -> None:
    c = _box_to_roll()
    c.roll(6, 4)
    c.move("24/18 13/9")
    c.resign(1, side=Side.WHITE)  # the box resigns
    assert c.box == "Cap" and c.team == ["Mo", "Jo", "Box"]


def test_payouts_use_each_members_stake() -> None:
    c = Chouette(["Box", "Cap", "Mo"], stakes={"Mo": 5})
    c.opening_roll(white=1, black=3)
    c.move("8/5 6/5")
    c.box_double()
    c.take("Cap")
    c.take("Mo")
    c.roll(6, 4)
    c.move("24/18 13/9")
    c.resign(1, side=Side.WHITE)
    assert c.balances == {"Box": -12, "Cap": 2, "Mo": 10}


def test_a_member_who_passed_is_out_and_the_next_member_captains() -> None:
    c = _box_to_roll()
    c.box_double()
    c.pass_("Cap")
    c.take("Mo")
    c.take("Jo")
    assert c.acting_captain == "Mo"
    c.roll(6, 4)
    c.move("24/18 13/9")
    c.resign(1)  # the team (Mo and Jo) resigns at cube 2
    assert c.balances == {"Box": 5, "Cap": -1, "Mo": -2, "Jo": -2}
    assert c.team[-2:] == ["Cap", "Mo"] and c.captain == "Jo"


def test_balances_always_sum_to_zero_and_the_log_replays() -> None:
    import json
    import random

    from rules.game import Phase

    rnd = random.Random(5)
    c = Chouette(["A", "B", "C", "D"], stakes={"D": 3})
    for _ in range(600):
        try:
            if c.waiting:
                member = sorted(c.waiting)[0]
                c.take(member) if rnd.random() < 0.7 else c.pass_(member)
            elif c.team_offer:
                c.box_take() if rnd.random() < 0.7 else c.box_pass()
            elif c.phase is Phase.OPENING:
                c.opening_roll(rnd.randint(1, 6), rnd.randint(1, 6))
            elif c.phase is Phase.TO_ROLL:
                r = rnd.random()
                if r < 0.08:
                    c.box_double() if c.game.turn is Side.WHITE else c.team_double(c.team)
                elif r < 0.1:
                    c.resign(rnd.randint(1, 3), rnd.choice(list(Side)))
                elif r < 0.12:
                    c.undo()
                else:
                    c.roll(rnd.randint(1, 6), rnd.randint(1, 6))
            else:
                plays = c.game.legal_plays()
                c.move(rnd.choice(plays) if plays else c.game.position)
        except ActionRefused:
            pass
        assert sum(c.balances.values()) == 0
        assert sorted([c.box, *c.team]) == ["A", "B", "C", "D"]
    assert c.games_played >= 3
    again = Chouette.from_json(json.loads(json.dumps(c.to_json())))
    assert again.snapshot() == c.snapshot()


def test_undo_takes_back_a_chouette_action_until_the_next_roll() -> None:
    c = _box_to_roll()
    c.box_double()
    c.pass_("Mo")
    c.undo()
    assert c.waiting == {"Cap", "Mo", "Jo"} and c.balances["Mo"] == 0
    c.undo()
    c.roll(6, 4)
    with pytest.raises(ActionRefused, match="cannot undo past a roll"):
        c.undo()
        c.undo()


def test_illegal_play_in_a_chouette_can_be_corrected() -> None:
    c = _team_to_move()
    c.play("8/4 6/5")  # 4 and 1 with 3-1
    c.pick_up()
    c.demand_correction()
    c.move("8/5 6/5")
    assert c.game.turn is Side.WHITE
    assert "box" in c.prompt()


def test_a_play_that_cannot_be_read_or_made_is_refused_saying_so() -> None:
    c = _team_to_move()
    with pytest.raises(ActionRefused, match="cannot play 7/4"):
        c.move("7/4 6/5")  # nothing on the captain's 7 point
    with pytest.raises(ActionRefused):
        c.move("8-5 six")
    c.move("8/5 6/5")  # still the captain's turn: the refusals changed nothing
    assert c.game.turn is Side.WHITE
