"""The referee on observations built from known positions (no camera)."""

from __future__ import annotations

from firmware.events import Kind, Light, RefereeEvent
from firmware.referee import Referee
from rules.actions import Action, VoidRoll
from rules.match import Match
from rules.play import Play
from rules.position import Position
from rules.side import Side
from vision.observation import ObservedDie

from .observations import die, seen, with_counts

START = Position.start()


def kinds(events: list[RefereeEvent]) -> list[Kind]:
    return [e.kind for e in events]


def opened(white: int = 3, black: int = 1) -> Referee:
    ref = Referee(Match(5))
    ref.observe(seen(START))
    events = ref.observe(seen(START, (die(white, "white_right"), die(black, "black_right"))))
    assert Kind.ROLL in kinds(events)
    return ref


def black_to_roll() -> tuple[Referee, Position]:
    """White opened 3-1 and played 8/5 6/5, the play is final: black to roll."""
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    ref.observe(seen(after, (die(3), die(1))))
    ref.observe(seen(after))
    return ref, after


def test_opening_roll_higher_die_moves_first_with_both_numbers() -> None:
    ref = opened(3, 1)
    assert ref.match.turn is Side.WHITE and ref.match.dice == (3, 1)


def test_opening_tie_asks_for_a_reroll() -> None:
    ref = Referee(Match(5))
    events = ref.observe(seen(START, (die(4, "white_right"), die(4, "black_right"))))
    assert kinds(events) == [Kind.REROLL]
    assert ref.match.turn is None


def test_a_legal_play_is_final_when_the_dice_are_picked_up() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    dice = (die(3), die(1))
    moving = ref.observe(seen(after, dice))
    # One tuple: an `is` here would narrow ref.match.turn for mypy past the next observe().
    assert (kinds(moving), ref.match.turn) == ([Kind.MOVING], Side.WHITE)  # dice still down
    final = ref.observe(seen(after))
    assert kinds(final)[0] is Kind.PLAY and "8/5 6/5" in final[0].message
    assert ref.match.turn is Side.BLACK


def test_part_way_through_a_play_is_still_moving() -> None:
    ref = opened(3, 1)
    events = ref.observe(seen(START.apply(Play.parse("8/5")), (die(3), die(1))))
    assert kinds(events) == [Kind.MOVING] and events[0].light is Light.GREEN


def test_an_illegal_play_is_called_when_the_dice_are_picked_up() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("13/8"))  # 5 pips with 3-1
    warn = ref.observe(seen(after, (die(3), die(1))))
    assert kinds(warn) == [Kind.WARNING]
    final = ref.observe(seen(after))
    assert kinds(final)[0] is Kind.ILLEGAL
    assert final[0].light is Light.RED and final[0].beeps
    assert "does not fit the roll 3-1" in final[0].message
    # The opponent accepts: the game goes on from the position on the board.
    ruling = ref.command("accept", "black")
    assert kinds(ruling)[0] is Kind.RULING


def test_a_cocked_die_voids_the_roll() -> None:
    ref, after = black_to_roll()
    events = ref.observe(seen(after, (die(6, "black_right"), die(2, "black_right", "cocked"))))
    assert kinds(events)[0] is Kind.REROLL and "cocked" in events[0].message
    assert ref.match.dice is None


def test_three_dice_read_surely_void_the_roll() -> None:
    ref, after = black_to_roll()
    three = (die(6, "black_right"), die(2, "black_right"), die(4, "black_right"))
    events = ref.observe(seen(after, three))
    assert kinds(events)[0] is Kind.REROLL and "3 dice" in events[0].message
    assert any(isinstance(a, VoidRoll) for a in ref.match.log)


def test_a_third_die_that_cannot_be_read_is_asked_about_not_a_void_roll() -> None:
    ref, after = black_to_roll()
    # Two dice read, and an unread "die" beside the board (fm gammon test10's phantom).
    phantom = die(None, "outside", at=(1040.0, 390.0))
    events = ref.observe(seen(after, (die(6, "black_right"), die(2, "black_right"), phantom)))
    assert kinds(events) == [Kind.UNCERTAIN] and "3 dice seen" in events[0].message
    assert ref.match.dice is None
    assert not any(isinstance(a, VoidRoll) for a in ref.match.log)


def test_a_doubtful_die_read_as_cocked_asks_the_players_instead_of_voiding_the_roll() -> None:
    ref, after = black_to_roll()
    doubtful = die(2, "black_right", "cocked", at=(40.0, 5.0), confidence=0.45)
    events = ref.observe(seen(after, (die(6, "black_right"), doubtful)))
    assert kinds(events) == [Kind.UNCERTAIN] and "may be cocked" in events[0].message
    # A surely read cocked die still voids the roll.
    sure = die(2, "black_right", "cocked", at=(40.0, 5.0))
    assert kinds(ref.observe(seen(after, (die(6, "black_right"), sure))))[0] is Kind.REROLL


def test_players_can_confirm_a_roll_with_a_doubted_die() -> None:
    ref, after = black_to_roll()
    doubtful = die(2, "black_right", "cocked", at=(40.0, 5.0), confidence=0.45)
    events = ref.observe(seen(after, (die(6, "black_right"), doubtful)))
    assert "is it 6-2? press confirm" in events[0].message and ref.match.dice is None
    events = ref.command("confirm")
    assert kinds(events) == [Kind.ROLL] and events[0].message == "black rolled 6-2 (confirmed)"
    assert ref.match.dice == (6, 2) and ref.match.turn is Side.BLACK


def test_a_doubted_roll_cannot_be_confirmed_once_the_dice_are_gone_or_unread() -> None:
    ref, after = black_to_roll()
    doubtful = die(2, "black_right", "cocked", at=(40.0, 5.0), confidence=0.45)
    ref.observe(seen(after, (die(6, "black_right"), doubtful)))
    ref.observe(seen(after))  # picked up to roll again
    assert kinds(ref.command("confirm")) == [Kind.PROMPT] and ref.match.dice is None
    # A die with no value read offers nothing to confirm.
    unread = die(None, "black_right", at=(40.0, 5.0))
    events = ref.observe(seen(after, (die(6, "black_right"), unread)))
    assert kinds(events) == [Kind.UNCERTAIN] and "confirm" not in events[0].message
    assert kinds(ref.command("confirm")) == [Kind.PROMPT] and ref.match.dice is None


def test_dice_in_the_wrong_half_void_the_roll() -> None:
    ref, after = black_to_roll()
    events = ref.observe(seen(after, (die(6, "white_right"), die(2, "white_right"))))
    assert kinds(events)[0] is Kind.REROLL and "outside black's right half" in events[0].message


def test_a_doubtful_die_outside_the_right_half_asks_the_players_instead_of_voiding_the_roll() -> (
    None
):
    # A die's zone rests on where the board was found: placed by a board in doubt (confidence
    # below the dice threshold) it is asked about, never a voided roll on its own.
    ref, after = black_to_roll()
    doubtful = (die(6, "white_right", confidence=0.5), die(2, "black_right", at=(40.0, 5.0)))
    events = ref.observe(seen(after, doubtful))
    assert kinds(events) == [Kind.UNCERTAIN] and "may be outside" in events[0].message
    assert ref.match.dice is None and ref.match.turn is Side.BLACK


def test_unsure_counts_are_read_as_the_legal_position() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    # The camera misreads the 5 point as 1 checker, but is unsure of it.
    misread = with_counts(seen(after, (), unsure={5: 0.4}), {5: 1}, {})
    events = ref.observe(misread)
    assert kinds(events)[0] is Kind.PLAY  # read with the rules' help, not called illegal


def test_a_confident_misread_that_is_not_possible_is_uncertain_not_illegal() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    misread = with_counts(seen(after, ()), {5: 1}, {})  # 14 white checkers
    events = ref.observe(misread)
    assert kinds(events) == [Kind.UNCERTAIN]
    assert ref.match.turn is Side.WHITE


def test_repeated_still_readings_are_said_once() -> None:
    ref = opened(3, 1)
    obs = seen(START.apply(Play.parse("8/5")), (die(3), die(1)))
    assert ref.observe(obs) and not ref.observe(obs)


def test_refused_commands_say_why() -> None:
    ref = opened(3, 1)
    events = ref.command("double", "white")
    assert kinds(events) == [Kind.ERROR] and "before rolling" in events[0].message
    assert kinds(ref.command("dance")) == [Kind.ERROR]


def test_bad_frames_are_status_events() -> None:
    from vision.observation import Observation

    ref = Referee(Match(5))
    events = ref.observe(Observation("too_dark"))
    assert kinds(events) == [Kind.STATUS] and "too dark" in events[0].message


def test_actions_are_recorded_before_events_are_returned() -> None:
    recorded: list[Action] = []
    ref = Referee(Match(5), record=recorded.append)
    ref.observe(seen(START, (die(3, "white_right"), die(1, "black_right"))))
    assert len(recorded) == 1 and recorded == list(ref.match.log)


def test_players_can_confirm_an_uncertain_legal_reading() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    # A checker on the 5 point is seen on the 4 point; the camera is only fairly sure of both.
    obs = with_counts(seen(after, (), unsure={5: 0.62, 4: 0.62}), {5: 1, 4: 1}, {})
    events = ref.observe(obs)
    assert kinds(events) == [Kind.UNCERTAIN]
    assert events[0].details["guess"] == "8/5 6/5" and "press confirm" in events[0].message
    events = ref.command("confirm", "white")
    assert kinds(events)[0] is Kind.PLAY and "confirmed" in events[0].message
    assert ref.match.turn is Side.BLACK


def test_confirm_with_nothing_pending_just_prompts() -> None:
    ref = opened(3, 1)
    assert kinds(ref.command("confirm")) == [Kind.PROMPT]


def test_rolling_before_the_opponent_picked_up_is_void() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    both = (die(3), die(1), die(6, "black_right"), die(5, "black_right"))
    events = ref.observe(seen(after, both))
    assert kinds(events) == [Kind.REROLL] and "before white picked up" in events[0].message


def test_a_stray_third_die_reading_is_not_an_early_roll() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5"))
    stray = ObservedDie(1, (0, 0, 5, 5), (2.0, 2.0), "flat", "outside", 0.3)
    events = ref.observe(seen(after, (die(3), die(1), stray)))
    assert kinds(events) == [Kind.MOVING]


def _at(value: int, zone: str, x: float, y: float) -> ObservedDie:
    return ObservedDie(
        value, (int(x) - 10, int(y) - 10, int(x) + 10, int(y) + 10), (x, y), "flat", zone, 0.95
    )


def test_a_die_read_where_none_can_be_is_ignored_afterwards() -> None:
    # The camera reads a "die" in a gap between black's checkers on the set-up board.
    ghost = _at(1, "black_right", 240.0, 730.0)
    ref = Referee(Match(5))
    ref.observe(seen(START, (ghost,)))
    events = ref.observe(
        seen(START, (ghost, _at(3, "white_right", 900, 300), _at(1, "black_right", 360, 420)))
    )
    assert Kind.ROLL in kinds(events) and ref.match.dice == (3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    # White's dice are picked up; the ghost stays: the play is final all the same.
    events = ref.observe(seen(after, (ghost,)))
    assert kinds(events)[0] is Kind.PLAY
    # Black rolls; the ghost is not a third die.
    events = ref.observe(
        seen(after, (ghost, _at(6, "black_right", 300, 300), _at(4, "black_right", 350, 350)))
    )
    assert kinds(events)[0] is Kind.ROLL and ref.match.dice == (6, 4)


def _black_to_move(first: tuple[ObservedDie, ObservedDie]) -> tuple[Referee, Position]:
    ref, after = black_to_roll()
    events = ref.observe(seen(after, first))
    assert kinds(events)[0] is Kind.ROLL
    return ref, after


def test_dice_rolled_again_before_any_move_replace_the_roll() -> None:
    # The camera missed a cocked die; the players saw it and black rolled again elsewhere.
    ref, after = _black_to_move(
        (die(6, "black_right", at=(100, 100)), die(2, "black_right", at=(140, 100)))
    )
    again = (die(6, "black_right", at=(300, 200)), die(4, "black_right", at=(340, 220)))
    events = ref.observe(seen(after, again))
    assert kinds(events)[0] is Kind.ROLL and "rolled again: 6-4" in events[0].message
    assert ref.match.turn is Side.BLACK and ref.match.dice == (6, 4)
    log = [type(a).__name__ for a in ref.match.log]
    assert log[-2:] == ["VoidRoll", "Roll"]


def test_a_changed_reading_of_the_same_dice_is_not_a_reroll() -> None:
    first = (die(6, "black_right", at=(100, 100)), die(2, "black_right", at=(140, 100)))
    ref, after = _black_to_move(first)
    misread = (die(6, "black_right", at=(101, 99)), die(3, "black_right", at=(141, 101)))
    events = ref.observe(seen(after, misread))
    assert Kind.ROLL not in kinds(events)
    assert ref.match.dice == (6, 2)


def test_one_die_rolled_again_with_the_other_unmoved_replaces_the_roll() -> None:
    first = (die(6, "black_right", at=(100, 100)), die(2, "black_right", at=(140, 100)))
    ref, after = _black_to_move(first)
    again = (die(6, "black_right", at=(100, 101)), die(4, "black_right", at=(300, 220)))
    events = ref.observe(seen(after, again))
    assert kinds(events)[0] is Kind.ROLL and ref.match.dice == (6, 4)


def test_an_unmoved_die_read_differently_is_never_a_reroll() -> None:
    first = (die(6, "black_right", at=(100, 100)), die(2, "black_right", at=(140, 100)))
    ref, after = _black_to_move(first)
    # The 6 is misread as a 5 where it lay, and a stray reading appears elsewhere.
    odd = (die(5, "black_right", at=(100, 100)), die(4, "black_right", at=(300, 220)))
    events = ref.observe(seen(after, odd))
    assert Kind.ROLL not in kinds(events) and ref.match.dice == (6, 2)


def test_a_doubtful_reading_of_a_part_way_position_is_not_called_illegal() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    # Every point read with middling confidence; a checker of the 5 point is read on the 6,
    # which is exactly the part-way position after 8/5 (a play that would be incomplete).
    middling = {p: 0.62 for p in range(1, 25)}
    misread = with_counts(seen(after, (), unsure=middling), {5: 1, 6: 5}, {})
    events = ref.observe(misread)
    assert kinds(events) == [Kind.UNCERTAIN]
    assert "unsure of point(s)" in events[0].message
    # Read surely, the same position is a fault: one die was not used.
    sure = with_counts(seen(after), {5: 1, 6: 5}, {})
    ref2 = opened(3, 1)
    assert kinds(ref2.observe(sure))[0] is Kind.ILLEGAL


def test_a_position_reached_two_ways_is_one_candidate() -> None:
    from firmware.matching import Match as Fit
    from firmware.matching import read_board

    after = START.apply(Play.parse("8/5 6/5"))
    # The 6 point read one short, unsure; the position is offered twice (part-way and whole).
    misread = with_counts(seen(after, (), unsure={6: 0.4}), {6: 3}, {})
    fit = read_board(misread, Side.WHITE, [after, after])
    assert fit.match is Fit.CORRECTED and fit.position == after


def test_an_illegal_play_is_called_though_unrelated_points_are_unsure() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("13/8"))  # 5 pips with 3-1, read surely where it matters
    unrelated = {p: 0.62 for p in (1, 2, 3, 4, 20, 21, 22, 23)}  # empty points, read so-so
    ref.observe(seen(after, (die(3), die(1)), unsure=unrelated))
    final = ref.observe(seen(after, unsure=unrelated))
    assert kinds(final)[0] is Kind.ILLEGAL


def test_a_checker_lost_from_view_on_a_doubted_point_is_read_as_before() -> None:
    ref = opened(3, 1)
    # Nothing moved yet; the 6 point is read one short with little confidence.
    short = with_counts(seen(START, (die(3), die(1)), unsure={6: 0.4}), {6: 4}, {})
    events = ref.observe(short)
    assert kinds(events) == [Kind.MOVING] and ref.match.turn is Side.WHITE


def test_the_opponent_moving_on_before_a_play_is_settled_is_asked_not_called() -> None:
    ref = opened(3, 1)
    after = START.apply(Play.parse("8/5 6/5"))
    ref.observe(seen(after, (die(3), die(1))))
    # The dice are picked up, but the camera sees black's checkers moved too (black played
    # on before white's play was recorded): not white's fault to call.
    moved_on = after.flip().apply(Play.parse("24/18")).flip()
    events = ref.observe(seen(moved_on))
    assert Kind.ILLEGAL not in kinds(events)
    assert kinds(events) == [Kind.UNCERTAIN]
    assert "black moved checkers before white's play was settled" in events[0].message
