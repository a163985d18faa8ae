"""check_play: legal, still moving, or illegal with a reason a player understands."""

from __future__ import annotations

from rules.check import check_play
from rules.legal import legal_plays, play_tree
from rules.play import Play
from rules.position import BAR, Position

from .helpers import counts, position

START = Position.start()


def after(pos: Position, text: str) -> Position:
    return pos.apply(Play.parse(text))


def test_check_play_legal_names_the_play() -> None:
    verdict = check_play(START, (6, 5), after(START, "24/18 18/13"))
    assert verdict.legal and verdict.status == "legal"
    assert verdict.play is not None and str(verdict.play) == "24/13"


def test_check_play_accepts_the_after_position_from_either_side() -> None:
    result = after(START, "13/11 6/5")
    assert check_play(START, (2, 1), result.flip()).legal


def test_check_play_accepts_vision_counts_in_white_numbering() -> None:
    white, black, bar, off = after(START, "8/5 6/5").to_white_numbered()
    assert check_play(START, (3, 1), (white, black, bar, off)).legal


def test_both_dice_must_be_used_partial_play_is_still_moving() -> None:
    verdict = check_play(START, (6, 5), after(START, "13/7"))
    assert verdict.partial and not verdict.legal and verdict.status == "partial"
    assert verdict.reason == "the 5 could have been played: both dice must be used"
    assert verdict.closest


def test_no_checker_moved_is_partial_when_the_roll_can_be_played() -> None:
    verdict = check_play(START, (6, 5), START)
    assert verdict.partial
    assert "can be played" in verdict.reason


def test_forfeited_roll_is_legal_when_nothing_moves() -> None:
    pos = position({BAR: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    verdict = check_play(pos, (6, 5), pos)
    assert verdict.legal and verdict.play == Play((), pos)


def test_a_closed_point_cannot_be_an_intermediate_landing_point() -> None:
    # 24/13 through 18 and 19, both closed (their 7 and 6).
    pos = position({24: 1, 6: 14}, {7: 2, 6: 2})
    done = Position(counts({13: 1, 6: 14}), pos.them)
    verdict = check_play(pos, (6, 5), done)
    assert verdict.status == "illegal"
    assert verdict.reason in ("24/18 lands on a closed point", "24/19 lands on a closed point")


def test_a_checker_on_the_bar_must_enter_first_reason() -> None:
    pos = position({BAR: 1, 13: 5, 8: 4, 6: 5}, {6: 5, 8: 3, 13: 5, 24: 2})
    moved = Position(counts({BAR: 1, 13: 4, 8: 4, 6: 5, 9: 1}), pos.them)  # 13/9, no entry
    verdict = check_play(pos, (4, 3), moved)
    assert verdict.status == "illegal"
    assert verdict.reason.startswith("a checker on the bar must enter first")


def test_bore_off_while_a_checker_was_outside_the_home_board_reason() -> None:
    pos = position({8: 1, 6: 4, 5: 5, 4: 5}, {1: 15})
    done = Position(counts({8: 1, 6: 3, 5: 4, 4: 5}), pos.them)  # 6/off 5/off, 8 left behind
    verdict = check_play(pos, (6, 5), done)
    assert verdict.status == "illegal"
    assert "bore off while a checker was outside the home board" in verdict.reason


def test_only_one_die_playable_larger_must_be_played_reason() -> None:
    pos = position({24: 1}, {12: 2})
    verdict = check_play(pos, (6, 5), Position(counts({19: 1}), pos.them))
    assert verdict.status == "illegal"
    assert verdict.reason == "only one die can be played, so the larger (6) must be played"


def test_the_after_position_has_a_missing_checker() -> None:
    white, black, bar, off = START.to_white_numbered()
    white[5] -= 1  # one white checker vanished from the 6 point
    verdict = check_play(START, (3, 1), (white, black, bar, {"white": 0, "black": 0}))
    assert verdict.status == "illegal"
    assert "white has 14 checkers" in verdict.reason


def test_moving_the_opponents_checkers_is_illegal() -> None:
    moved = Position(START.us, after(START.flip(), "24/23").us, START.player)
    verdict = check_play(START, (3, 1), moved)
    assert verdict.status == "illegal"
    assert "black's checkers changed during white's turn" in verdict.reason


def test_wrong_distance_is_illegal_with_the_roll_named() -> None:
    verdict = check_play(START, (3, 1), after(START, "8/4 6/5"))
    assert verdict.status == "illegal"
    assert "3-1" in verdict.reason
    assert [str(p) for p in verdict.closest][0] in {"8/4", "8/5 6/5"}


def test_bearing_off_a_lower_checker_with_a_larger_die_is_illegal() -> None:
    pos = position({5: 2, 1: 2}, {1: 15})
    done = Position(counts({5: 1, 1: 1}), pos.them)  # 5/off with the 6, 1/off with the 3
    verdict = check_play(pos, (6, 3), done)
    assert verdict.status == "illegal"
    assert "higher point" in verdict.reason


def test_precomputed_tree_gives_the_same_verdicts() -> None:
    tree = play_tree(START, (4, 2))
    for play in legal_plays(START, (4, 2)):
        assert play.result is not None
        assert check_play(START, (4, 2), play.result, tree).legal


def test_play_tree_results_are_the_legal_plays_results() -> None:
    tree = play_tree(START, (4, 2))
    plays = legal_plays(START, (4, 2))
    assert tree.results == [p.result for p in plays]
    assert all(r not in tree.partial for r in tree.results)
