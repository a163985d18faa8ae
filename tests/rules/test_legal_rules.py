"""One test per rule of legal-play generation, named after the rule."""

from __future__ import annotations

import pytest

from rules.legal import InvalidDice, legal_plays
from rules.play import Play
from rules.position import BAR, OFF, Position

from .helpers import notations, position, results

# Opponent checkers not named in a test are borne off (helpers.counts), out of the way.


def test_both_dice_must_be_played_when_possible() -> None:
    # Our 18 (their 7) is closed: the 6 can only be played after the 1 (24/23/17).
    pos = position({24: 1}, {7: 2})
    assert notations(pos, (6, 1)) == {"24/17"}
    # Playing the 1 alone is only part of the play.
    assert all(len(p.moves) == 2 for p in legal_plays(pos, (6, 1)))


def test_if_only_one_die_can_be_played_the_larger_must_be_played() -> None:
    # Our 13 (their 12) is closed: 24/18 or 24/19, never both; the 6 is larger.
    pos = position({24: 1}, {12: 2})
    assert notations(pos, (6, 5)) == {"24/18"}


def test_if_only_the_smaller_die_can_be_played_it_is_played() -> None:
    # Our 18 (their 7) and 13 (their 12) are closed: only the 5 can be played, 24/19.
    pos = position({24: 1}, {7: 2, 12: 2})
    assert notations(pos, (6, 5)) == {"24/19"}


def test_doubles_give_four_moves() -> None:
    plays = legal_plays(Position.start(), (1, 1))
    assert plays and all(len(p.moves) == 4 for p in plays)
    assert "8/7(2) 6/5(2)" in {str(p) for p in plays}


def test_doubles_play_as_many_as_possible() -> None:
    # One checker, our 20 (their 5) closed: 24/22, then 22/20 is closed: one 2 is played.
    pos = position({24: 1}, {5: 2})
    plays = legal_plays(pos, (2, 2))
    assert [str(p) for p in plays] == ["24/22"]


def test_checkers_on_the_bar_enter_first() -> None:
    pos = position({BAR: 1, 13: 5, 6: 5, 8: 4}, {6: 5, 8: 3, 13: 5, 24: 2})
    for play in legal_plays(pos, (4, 3)):
        assert play.moves[0].from_point == BAR


def test_each_die_enters_on_the_opponents_home_board() -> None:
    pos = position({BAR: 2, 6: 13}, {6: 5, 8: 5, 13: 5})
    entries = {m.to_point for p in legal_plays(pos, (4, 3)) for m in p.moves}
    assert entries == {25 - 4, 25 - 3}


def test_no_other_checker_moves_while_one_is_on_the_bar() -> None:
    # Two on the bar, our 21 (their 4) closed: the 3 enters, the 4 cannot, nothing else moves.
    pos = position({BAR: 2, 6: 13}, {4: 2, 8: 5, 13: 8})
    plays = legal_plays(pos, (4, 3))
    assert [str(p) for p in plays] == ["bar/22"]


def test_a_point_held_by_two_or_more_opponents_is_closed() -> None:
    # The example: with 5-4 a back checker moves neither 4 nor 5 nor 9
    # when both landing points (our 20 and 19 = their 5 and 6) are closed.
    pos = position({24: 2, 13: 5, 8: 3, 6: 5}, {5: 2, 6: 4, 8: 3, 13: 6})
    for play in legal_plays(pos, (5, 4)):
        assert all(m.from_point != 24 for m in play.moves), str(play)


def test_a_closed_point_blocks_a_combined_move_as_intermediate_landing() -> None:
    # 24/13 needs 18 or 19 free: both closed (their 7 and 6), so the back checker stays.
    pos = position({24: 1, 6: 14}, {7: 2, 6: 2})
    assert all(m.from_point != 24 for p in legal_plays(pos, (6, 5)) for m in p.moves), notations(
        pos, (6, 5)
    )


def test_landing_on_a_single_opponent_checker_hits_it() -> None:
    # Our 20 is their 5, holding a blot.
    pos = position({24: 2, 6: 13}, {5: 1, 6: 14})
    play = next(p for p in legal_plays(pos, (4, 1)) if str(p) == "24/20* 6/5")
    assert play.result is not None
    assert play.result.them[BAR] == 1 and play.result.them[5] == 0
    assert play.moves[0].hit


def test_hitting_is_never_forced() -> None:
    pos = position({24: 2, 6: 13}, {5: 1, 6: 14})
    plays = legal_plays(pos, (4, 1))
    assert any(p.result is not None and p.result.them[BAR] == 0 for p in plays)
    assert any(p.result is not None and p.result.them[BAR] == 1 for p in plays)


def test_bearing_off_only_when_all_fifteen_are_home() -> None:
    pos = position({7: 1, 6: 4, 5: 5, 4: 5}, {1: 15})
    for play in legal_plays(pos, (6, 5)):
        # A checker may only be borne off after the one on 7 has come home.
        moves = list(play.moves)
        for i, m in enumerate(moves):
            if m.to_point == OFF:
                assert any(n.from_point == 7 for n in moves[:i]), str(play)


def test_bearing_off_counts_checkers_already_off() -> None:
    pos = position({6: 1, 2: 1}, {1: 15})  # 13 already off
    assert "6/off 2/off" in notations(pos, (6, 2))


def test_a_die_bears_off_from_its_exact_point() -> None:
    pos = position({4: 2, 2: 2}, {1: 15})
    assert notations(pos, (4, 4)) == {"4/off(2) 2/off(2)"}


def test_a_larger_die_bears_off_from_the_highest_occupied_point() -> None:
    pos = position({3: 1, 2: 1}, {1: 15})
    assert notations(pos, (6, 5)) == {"3/off 2/off"}


def test_a_larger_die_must_move_inside_when_a_higher_point_is_occupied() -> None:
    # The example: all home points made and a 6-4: the 6 must bear off from the
    # 6 point, the 4 may bear off or move.
    pos = position({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {1: 15})
    assert notations(pos, (6, 4)) == {"6/off 4/off", "6/2 6/off", "6/off 5/1"}
    # 11 off: the 6 bears off from the 5 (highest); the 3 must move 5/2, not bear off the 1.
    pos = position({5: 2, 1: 2}, {1: 15})
    assert notations(pos, (6, 3)) == {"5/2 5/off"}


def test_a_hit_checker_must_reenter_and_come_home_before_bearing_off_resumes() -> None:
    pos = position({BAR: 1, 6: 4, 5: 4, 4: 6}, {1: 2, 24: 13})
    for play in legal_plays(pos, (6, 5)):
        assert all(m.to_point != OFF for m in play.moves), str(play)
        assert play.moves[0].from_point == BAR


def test_a_roll_with_no_legal_move_is_forfeited() -> None:
    # Our entry points (their 1-6) are all closed.
    pos = position({BAR: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    plays = legal_plays(pos, (6, 5))
    assert plays == [Play((), pos)]
    assert str(plays[0]) == ""


def test_exactly_one_play_per_distinct_resulting_position() -> None:
    for dice in [(3, 1), (6, 5), (2, 2), (6, 6), (4, 2)]:
        plays = legal_plays(Position.start(), dice)
        assert len({p.result for p in plays}) == len(plays)


def test_results_are_seen_from_the_mover() -> None:
    start = Position.start()
    for play in legal_plays(start, (6, 5)):
        assert play.result is not None and play.result.player is start.player
        assert play.result.pip_counts() == (167 - 11, 167)


def test_opening_roll_counts_match_known_values() -> None:
    # Distinct plays from the start position (a well-known table).
    assert len(legal_plays(Position.start(), (2, 1))) == 15
    assert len(legal_plays(Position.start(), (6, 5))) == 7


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3,), "31", (1.0, 2), (True, 2)])
def test_invalid_dice_are_refused_with_a_clear_error(dice: object) -> None:
    with pytest.raises(InvalidDice, match="two numbers 1-6"):
        legal_plays(Position.start(), dice)  # type: ignore[arg-type]


def test_results_helper_agrees_with_plays() -> None:
    assert len(results(Position.start(), (3, 1))) == 16
