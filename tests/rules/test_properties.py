"""Property tests over random legal games (hypothesis, derandomized for reproducible CI)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.check import check_play
from rules.legal import legal_plays, play_tree
from rules.play import Play
from rules.position import CHECKERS, Position
from rules.side import Side

from .reference import reference_results

GAMES = settings(max_examples=25, deadline=None, derandomize=True)


def random_game(seed: int, max_turns: int = 400) -> list[tuple[Position, tuple[int, int]]]:
    """(position, dice) for each turn of a game with random legal plays."""
    rng = random.Random(seed)
    pos = Position.start(Side.WHITE if seed % 2 else Side.BLACK)
    turns = []
    for _ in range(max_turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns.append((pos, dice))
        play = rng.choice(legal_plays(pos, dice))
        assert play.result is not None
        if play.result.is_over():
            break
        pos = play.result.flip()
    return turns


@GAMES
@given(st.integers(0, 10**6))
def test_random_legal_games_keep_fifteen_checkers_a_side(seed: int) -> None:
    for pos, dice in random_game(seed):
        for play in legal_plays(pos, dice):
            assert play.result is not None
            assert sum(play.result.us) == CHECKERS and sum(play.result.them) == CHECKERS
            # Re-validate through the public constructor (the generator skips validation).
            Position(play.result.us, play.result.them, play.result.player)


@GAMES
@given(st.integers(0, 10**6))
def test_every_legal_play_uses_the_most_dice_possible(seed: int) -> None:
    for pos, dice in random_game(seed):
        plays = legal_plays(pos, dice)
        assert {p.result for p in plays} == reference_results(pos, dice), pos.position_id()
        lengths = {len(p.moves) for p in plays if p.result and not p.result.is_over()}
        assert len(lengths) <= 1


@GAMES
@given(st.integers(0, 10**6))
def test_ids_round_trip(seed: int) -> None:
    for pos, _ in random_game(seed)[::5]:
        assert Position.from_position_id(pos.position_id(), pos.player) == pos
        assert Position.from_xgid(pos.to_xgid()) == pos
        w, b, bar, off = pos.to_white_numbered()
        assert Position.from_white_numbered(w, b, bar, off, pos.player) == pos


@GAMES
@given(st.integers(0, 10**6))
def test_notation_round_trips(seed: int) -> None:
    for pos, dice in random_game(seed)[::3]:
        for play in legal_plays(pos, dice):
            assert pos.apply(Play.parse(str(play))) == play.result, str(play)


@GAMES
@given(st.integers(0, 10**6))
def test_check_play_accepts_every_legal_play_and_its_prefixes_are_partial(seed: int) -> None:
    for pos, dice in random_game(seed)[::7]:
        plays = legal_plays(pos, dice)
        finals = {p.result for p in plays}
        tree = play_tree(pos, dice)
        for play in plays[:10]:
            assert play.result is not None
            assert check_play(pos, dice, play.result).legal
            if len(play.moves) > 1:
                first = pos.apply(Play(play.moves[:1]))
                if first not in finals:
                    assert check_play(pos, dice, first, tree).partial
