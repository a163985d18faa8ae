"""One test per rule of game flow: opening, turns, void rolls, undo, illegal plays, endings."""

from __future__ import annotations

import pytest

from rules.actions import ActionRefused, PickUp, PlayMade, Roll, VoidReason
from rules.cube import EndReason, ResultKind, Rules
from rules.game import GameState, Phase, advance
from rules.match import Match, Score
from rules.play import Play
from rules.position import Position
from rules.side import Side
from tests.rules.match_helpers import bear_off_game, sides, white_to_roll

W, B = Side.WHITE, Side.BLACK


# -- opening -------------------------------------------------------------------------------


def test_opening_roll_higher_die_moves_first_with_both_numbers() -> None:
    m = Match(5)
    m.opening_roll(white=2, black=6)
    assert (m.turn, m.phase) == (B, Phase.ROLLED)  # a tuple: mypy keeps no narrowing past play()
    assert sorted(m.dice or ()) == [2, 6]
    assert m.position == Position.start(B)
    m.play("24/18 13/11")  # uses both the 6 and the 2
    m.pick_up()
    assert m.turn is W and m.phase is Phase.TO_ROLL


def test_opening_tie_is_rerolled() -> None:
    m = Match(5)
    m.opening_roll(4, 4)
    assert m.phase is Phase.OPENING and m.turn is None
    assert m.cube.value == 1  # no automatic doubles in a match
    m.opening_roll(5, 3)
    assert m.turn is W


def test_automatic_double_on_opening_tie_keeps_cube_centred() -> None:
    m = Match.money(Rules(automatic_doubles=1))
    m.opening_roll(2, 2)
    assert m.cube.value == 2 and m.cube.centred


def test_automatic_doubles_stop_at_the_limit() -> None:
    for limit in (1, 2):
        m = Match.money(Rules(automatic_doubles=limit))
        for _ in range(4):
            m.opening_roll(3, 3)
        assert m.cube.value == 2**limit and m.cube.centred


def test_automatic_doubles_are_refused_in_match_play() -> None:
    with pytest.raises(ValueError, match="automatic doubles apply to money play only"):
        Match(7, Rules(automatic_doubles=1))


def test_opening_needs_one_die_each_before_any_other_action() -> None:
    m = Match(3)
    with pytest.raises(ActionRefused, match="opening roll: one die each"):
        m.roll(3, 1)
    with pytest.raises(ActionRefused, match="opening roll"):
        m.double()


def test_dice_show_one_to_six() -> None:
    m = Match(3)
    with pytest.raises(ActionRefused, match="1-6"):
        m.opening_roll(7, 1)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    with pytest.raises(ActionRefused, match="1-6"):
        m.roll(0, 4)


# -- a turn --------------------------------------------------------------------------------


def test_player_must_roll_before_moving() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    with pytest.raises(ActionRefused, match="black must roll before moving"):
        m.play("24/18")


def test_players_act_only_in_their_turn() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    with pytest.raises(ActionRefused, match="white's turn, not black's"):
        m.play("8/5 6/5", by=B)
    m.move("8/5 6/5", by=W)
    with pytest.raises(ActionRefused, match="black's turn, not white's"):
        m.roll(6, 6, by=W)
    with pytest.raises(ActionRefused, match="black's turn, not white's"):
        m.double(by=W)


def test_play_becomes_final_when_the_dice_are_picked_up() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.play("24/21 6/5")
    assert m.phase is Phase.MOVED and m.turn is W  # still white's turn: may change the play
    m.play("8/5 6/5")
    m.pick_up()
    assert m.turn is B
    assert m.games == () and m.game.events[-1].play == "8/5 6/5"
    assert m.position.flip() == Position.start(W).apply(Play.parse("8/5 6/5"))


def test_roll_before_the_opponent_picked_up_is_void() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.play("8/5 6/5")
    with pytest.raises(ActionRefused, match="not picked up the dice yet"):
        m.roll(6, 6, by=B)
    m.void_roll(VoidReason.EARLY, by=B)
    assert m.phase is Phase.MOVED and m.turn is W
    m.pick_up()
    m.roll(6, 6, by=B)
    assert m.dice == (6, 6)


def test_void_roll_must_be_rerolled() -> None:
    for reason in (VoidReason.COCKED, VoidReason.OUTSIDE, VoidReason.ON_CHECKER):
        m = Match(3)
        m.opening_roll(3, 1)
        m.move("8/5 6/5")
        m.roll(6, 5)
        m.void_roll(reason)
        assert m.phase is Phase.TO_ROLL and m.dice is None and m.turn is B
        m.roll(2, 1)
        assert m.dice == (2, 1)


def test_void_opening_roll_is_rolled_again_one_die_each() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.void_roll("cocked")
    assert m.phase is Phase.OPENING
    m.opening_roll(2, 5)
    assert m.turn is B


def test_undo_takes_back_the_last_action() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    before = m.state
    m.double()
    m.undo()
    assert m.state == before
    m.roll(4, 2)
    m.play("8/4 6/4")
    m.undo()
    assert m.phase is Phase.ROLLED and m.dice == (4, 2)
    m.undo()  # the roll itself may be taken back (misread dice)
    assert m.state == before


def test_undo_is_refused_once_the_dice_have_been_rolled_since() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    m.roll(4, 2)
    m.undo()
    with pytest.raises(ActionRefused, match="cannot undo past a roll"):
        m.undo()
    with pytest.raises(ActionRefused, match="nothing to undo"):
        Match(3).undo()


def test_dice_picked_up_without_moving_is_an_empty_play() -> None:
    # White on the bar against a closed board: no legal play, so picking up is legal.
    black = sides(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    m_state = GameState.new(position=white_to_roll(sides(bar=1, p6=5, p8=3, p13=6), black))
    s = advance(m_state, Roll((6, 6)))
    assert s.legal_plays() == [] or all(len(p.moves) == 0 for p in s.legal_plays())
    s = advance(s, PickUp())
    assert s.turn is B and s.events[-1].legal and s.events[-1].play == ""


# -- illegal plays -------------------------------------------------------------------------


def _illegal_played() -> Match:
    m = Match(3)
    m.opening_roll(3, 1)
    m.play("8/4 6/5")  # moves 4 and 1 with 3-1: illegal
    return m


def test_illegal_play_accepted_by_the_opponent_stands() -> None:
    m = _illegal_played()
    m.pick_up()
    board = m.position
    m.accept_illegal(by=B)
    assert m.position == board
    assert m.position.flip() == Position.start(W).apply(Play.parse("8/4 6/5"))
    m.roll(2, 1)
    assert m.phase is Phase.ROLLED


def test_illegal_play_must_be_corrected_when_the_opponent_demands() -> None:
    m = _illegal_played()
    m.pick_up()
    m.demand_correction(by=B)
    assert m.turn is W and m.phase is Phase.ROLLED and m.dice == (3, 1)
    assert m.position == Position.start(W)
    m.move("8/5 6/5")
    assert m.turn is B


def test_illegal_play_stands_if_the_opponent_rolls_without_calling_it() -> None:
    m = _illegal_played()
    m.pick_up()
    m.roll(6, 5)
    with pytest.raises(ActionRefused, match="no illegal play"):
        m.demand_correction()
    assert m.position.flip() == Position.start(W).apply(Play.parse("8/4 6/5"))


def test_illegal_play_can_be_called_before_the_dice_are_picked_up() -> None:
    m = _illegal_played()
    m.demand_correction(by=B)
    assert m.phase is Phase.ROLLED and m.turn is W


def test_only_the_opponent_rules_on_an_illegal_play() -> None:
    m = _illegal_played()
    m.pick_up()
    with pytest.raises(ActionRefused, match="black must act, not white"):
        m.accept_illegal(by=W)


def test_legal_play_cannot_be_ruled_illegal() -> None:
    m = Match(3)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    with pytest.raises(ActionRefused, match="no illegal play"):
        m.demand_correction()


# -- ends of games -------------------------------------------------------------------------


def _finish(state: GameState) -> GameState:
    state = advance(state, Roll((2, 1)))
    after = state.legal_plays()[0].result
    assert after is not None
    return advance(advance(state, PlayMade(after.position_id())), PickUp())


def test_single_game_scores_the_cube_value() -> None:
    from rules.cube import Cube

    state = _finish(bear_off_game(sides(off=1, p6=14), cube=Cube(4, W)))
    assert state.result is not None
    assert (state.result.kind, state.result.points) == (ResultKind.SINGLE, 4)
    assert state.result.reason is EndReason.BORNE_OFF


def test_gammon_when_the_loser_has_borne_off_none() -> None:
    state = _finish(bear_off_game(sides(p6=15)))
    assert state.result is not None
    assert (state.result.kind, state.result.points) == (ResultKind.GAMMON, 2)


def test_backgammon_when_the_loser_is_still_in_the_winners_home_board() -> None:
    state = _finish(bear_off_game(sides(p6=14, p20=1)))
    assert state.result is not None
    assert (state.result.kind, state.result.points) == (ResultKind.BACKGAMMON, 3)


def test_backgammon_when_the_loser_is_on_the_bar() -> None:
    state = _finish(bear_off_game(sides(p6=14, bar=1)))
    assert state.result is not None and state.result.kind is ResultKind.BACKGAMMON


def test_backgammon_counts_two_by_option() -> None:
    state = _finish(bear_off_game(sides(p6=14, p20=1), Rules(backgammon_value=2)))
    assert state.result is not None
    assert (state.result.kind, state.result.points) == (ResultKind.BACKGAMMON, 2)


def test_jacoby_gammon_counts_single_while_the_cube_is_not_turned() -> None:
    state = _finish(bear_off_game(sides(p6=15), Rules(jacoby=True), money=True))
    assert state.result is not None and state.result.points == 1


def test_jacoby_gammon_counts_once_the_cube_is_turned() -> None:
    from rules.cube import Cube

    game = bear_off_game(sides(p6=15), Rules(jacoby=True), money=True, cube=Cube(2, B))
    state = _finish(game)
    assert state.result is not None and state.result.points == 4


def test_jacoby_is_refused_in_match_play() -> None:
    with pytest.raises(ValueError, match="the Jacoby rule apply to money play only"):
        Match(5, Rules(jacoby=True))


def test_accepted_resignation_scores_its_level_times_the_cube() -> None:
    m = Match(9)
    m.opening_roll(3, 1)
    m.move("8/5 6/5")
    m.double(by=B)
    m.take(by=W)
    m.roll(6, 6)
    m.resign(2, by=W)
    assert m.decider is B
    m.accept_resignation(by=B)
    assert m.score == Score(0, 4)
    assert m.games[-1].result.reason is EndReason.RESIGNED


def test_declined_resignation_lets_the_game_continue() -> None:
    m = Match(9)
    m.opening_roll(3, 1)
    m.play("8/5 6/5")
    before = m.state.game
    m.resign(1, by=B)
    with pytest.raises(ActionRefused, match="accept or decline"):
        m.pick_up()
    m.decline_resignation(by=W)
    assert m.phase is Phase.MOVED and m.game.board() == before.board()
    m.pick_up()
    assert m.turn is B


def test_resignation_level_is_one_two_or_three() -> None:
    m = Match(9)
    m.opening_roll(3, 1)
    with pytest.raises(ActionRefused, match="resign 1"):
        m.resign(4)


def test_game_ends_when_the_last_checker_is_borne_off() -> None:
    state = _finish(bear_off_game(sides(off=3, p6=12)))
    assert state.phase is Phase.OVER and state.result is not None
    assert state.result.winner is W
    with pytest.raises(ActionRefused, match="game is over"):
        advance(state, Roll((1, 1)))


def test_illegal_play_of_the_last_checker_waits_for_the_opponents_choice() -> None:
    from rules.actions import AcceptIllegal, DemandCorrection

    pos = white_to_roll(sides(off=14, p6=1), sides(p6=15))
    state = advance(GameState.new(position=pos), Roll((2, 1)))
    off = pos.apply(Play.parse("6/off"))  # needs a 6 or 5-1 ... not 2-1: illegal
    state = advance(advance(state, PlayMade(off.position_id())), PickUp())
    assert state.phase is Phase.TO_ROLL and state.turn is B and state.illegal is not None
    with pytest.raises(ActionRefused, match="bore off the last checker"):
        advance(state, Roll((3, 3)))
    corrected = advance(state, DemandCorrection())
    assert corrected.turn is W and corrected.phase is Phase.ROLLED and corrected.position == pos
    over = advance(state, AcceptIllegal())
    assert over.phase is Phase.OVER and over.result is not None
    assert (over.result.winner, over.result.kind) == (W, ResultKind.GAMMON)
