"""A match as one immutable value, and the pure step from one match state to the next.

:class:`MatchState` holds the score, the finished games (:class:`GameRecord`), the game in
progress and the Crawford state; :func:`advance_match` applies one action to it (a game's
end scores it and starts the next game, the Crawford game when due). :class:`rules.match.Match`
keeps these states for undo and the action log for replay.

>>> from rules.actions import OpeningRoll
>>> state = advance_match(new_match_state(3), OpeningRoll(white=5, black=2))
>>> state.game.turn, state.score
(<Side.WHITE: 'white'>, Score(white=0, black=0))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.actions import Action, ActionRefused
from rules.cube import GameResult, Rules
from rules.game import Event, GameState, Phase, advance
from rules.position import Position
from rules.side import Side


@dataclass(frozen=True, slots=True)
class Score:
    """Points per side.

    >>> Score().add(Side.BLACK, 2)
    Score(white=0, black=2)
    """

    white: int = 0
    black: int = 0

    def __getitem__(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black

    def add(self, side: Side, points: int) -> Score:
        if side is Side.WHITE:
            return Score(self.white + points, self.black)
        return Score(self.white, self.black + points)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: the score before it, whether it was the Crawford game, its events
    (moves and cube actions, for export) and its result."""

    number: int
    score_before: Score
    crawford: bool
    first: Side  # who won the opening roll
    events: tuple[Event, ...]
    result: GameResult
    final: Position  # the board at the end, seen from the player on turn (the loser after a
    # bear-off, the doubler after a drop)


@dataclass(frozen=True, slots=True)
class MatchState:
    """The whole match as one immutable value (what undo and replay compare)."""

    length: int  # 0 = money session
    rules: Rules
    score: Score = field(default_factory=Score)
    games: tuple[GameRecord, ...] = ()
    game: GameState = field(default_factory=GameState)
    crawford_done: bool = False
    winner: Side | None = None

    @property
    def money(self) -> bool:
        return self.length == 0

    @property
    def post_crawford(self) -> bool:
        """True after the Crawford game has been played."""
        return self.crawford_done and not self.game.crawford


def new_match_state(length: int, rules: Rules | None = None) -> MatchState:
    """The state before the first game; refuses options that do not apply."""
    rules = rules or Rules()
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise ValueError(
            f"match length must be a whole number >= 1 (or 0 for money), not {length!r}"
        )
    if length > 0:
        used = rules.money_only_in_use()
        if used:
            raise ValueError(f"{' and '.join(used)} apply to money play only, not to a match")
    game = GameState.new(rules, money=length == 0)
    return MatchState(length, rules, game=game)


def advance_match(state: MatchState, action: Action) -> MatchState:
    """The match after ``action`` (not ``Undo``, which needs the history: see :class:`Match`)."""
    if state.winner is not None:
        raise ActionRefused(f"the match is over: {state.winner} won")
    game = advance(state.game, action)
    if game.phase is not Phase.OVER:
        return replace(state, game=game)
    result = game.result
    assert result is not None and game.turn is not None
    first = game.events[0].side if game.events else game.turn
    record = GameRecord(
        len(state.games) + 1,
        state.score,
        game.crawford,
        first,
        game.events,
        result,
        game.position,
    )
    score = state.score.add(result.winner, result.points)
    games = state.games + (record,)
    if state.length and score[result.winner] >= state.length:
        return replace(state, score=score, games=games, game=game, winner=result.winner)
    crawford = False
    if state.length and state.rules.crawford and not state.crawford_done:
        # The first game after a player first reaches N-1 (never at 0-0 in a 1-point match).
        crawford = score[result.winner] == state.length - 1
    next_game = GameState.new(state.rules, money=state.money, crawford=crawford)
    return replace(
        state,
        score=score,
        games=games,
        game=next_game,
        crawford_done=state.crawford_done or crawford,
    )
