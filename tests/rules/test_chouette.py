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
