"""A match to N points, or a money session: the referee's central type.

:class:`Match` is driven by explicit actions (one method each). Every action is either applied
or refused with :class:`~rules.actions.ActionRefused`, whose message says why. The match keeps
the score, the Crawford state, finished games and an ordered log of actions that replays into
the same state (``to_json``/``from_json``).

>>> m = Match(3, white="Alice", black="Bob")
>>> m.opening_roll(white=1, black=3)        # black wins the opening and plays 3-1
>>> m.move("8/5 6/5")                       # play, then pick up the dice
>>> m.roll(6, 4)
>>> m.double()
Traceback (most recent call last):
...
rules.actions.ActionRefused: the cube can only be turned before rolling
>>> m.resign(2)                             # white offers a gammon
>>> m.accept_resignation()
>>> m.score, m.games[-1].result.points
(Score(white=0, black=2), 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.actions import (
    AcceptIllegal,
    AcceptResignation,
    Action,
    ActionRefused,
    Beaver,
    DeclineResignation,
    DemandCorrection,
    Double,
    OpeningRoll,
    Pass,
    PickUp,
    PlayMade,
    Resign,
    Roll,
    Take,
    Undo,
    VoidReason,
    VoidRoll,
    action_from_json,
    action_to_json,
)
from rules.check import Verdict, check_play
from rules.cube import Cube, Rules
from rules.game import GameState, Phase, expect_play, position_after
from rules.match_state import GameRecord, MatchState, Score, advance_match, new_match_state
from rules.match_view import next_step, scoreboard
from rules.play import Play
from rules.position import Position
from rules.side import Side

FORMAT = "bgref-match"
VERSION = 1

# The match's values are defined in rules.match_state; they are named here too, so one import
# gives a caller the match, its score and its records.
__all__ = ["FORMAT", "VERSION", "GameRecord", "Match", "MatchState", "Score"]


class Match:
    """A match to ``length`` points (``0`` = a money session) driven by actions.

    Every method below records one action or raises :class:`ActionRefused` saying why not.
    Pass ``by=`` to have the match check that the right player is acting.

    >>> m = Match(5)
    >>> m.opening_roll(white=6, black=2)
    >>> m.turn, m.dice
    (<Side.WHITE: 'white'>, (6, 2))
    >>> m.play("24/18 13/11")
    >>> m.pick_up()
    >>> m.roll(5, 5, by=Side.WHITE)
    Traceback (most recent call last):
    ...
    rules.actions.ActionRefused: it is black's turn, not white's
    >>> m.double()
    >>> m.take()
    >>> m.cube
    Cube(value=2, owner=<Side.WHITE: 'white'>)
    >>> m.double()
    Traceback (most recent call last):
    ...
    rules.actions.ActionRefused: white owns the cube
    >>> Match.from_json(m.to_json()).state == m.state
    True
    """

    def __init__(
        self,
        length: int,
        rules: Rules | None = None,
        *,
        white: str = "White",
        black: str = "Black",
    ) -> None:
        self.white_name = white
        self.black_name = black
        self._states: list[MatchState] = [new_match_state(length, rules)]
        self._log: list[Action] = []
        self._floor = 1  # undo may not shrink _states below this (set at each roll)

    @classmethod
    def money(
        cls, rules: Rules | None = None, *, white: str = "White", black: str = "Black"
    ) -> Match:
        """A money session (no match length; Jacoby, beavers, automatic doubles allowed)."""
        return cls(0, rules, white=white, black=black)

    # -- state -----------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        return self._states[-1]

    @property
    def game(self) -> GameState:
        return self.state.game

    @property
    def length(self) -> int:
        return self.state.length

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def is_money(self) -> bool:
        return self.state.money

    @property
    def score(self) -> Score:
        return self.state.score

    @property
    def phase(self) -> Phase:
        return self.game.phase

    @property
    def turn(self) -> Side | None:
        """The player to roll or move (``None`` before the opening roll)."""
        return self.game.turn

    @property
    def decider(self) -> Side | None:
        """The player who must act next (the taker while a double waits, ...)."""
        return self.game.decider

    @property
    def cube(self) -> Cube:
        return self.game.cube

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.game.dice

    @property
    def position(self) -> Position:
        """The position from the view of the player on turn (before their play)."""
        return self.game.position

    @property
    def is_crawford(self) -> bool:
        """True during the Crawford game (no cube)."""
        return self.game.crawford

    @property
    def is_post_crawford(self) -> bool:
        return self.state.post_crawford

    @property
    def games(self) -> tuple[GameRecord, ...]:
        return self.state.games

    @property
    def winner(self) -> Side | None:
        """The match winner once a score reaches the length (always ``None`` for money)."""
        return self.state.winner

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None

    @property
    def log(self) -> tuple[Action, ...]:
        """Every applied action in order, undos included: replaying it rebuilds the state."""
        return tuple(self._log)

    def name(self, side: Side) -> str:
        return self.white_name if side is Side.WHITE else self.black_name

    def legal_plays(self) -> list[Play]:
        """The legal plays for the dice showing (empty when no dice are showing)."""
        return self.game.legal_plays()

    def judge(self, play: Play | Position | str) -> Verdict:
        """How ``play`` would be judged now, without recording anything (e.g. to tell a
        finished play from one still in progress before calling :meth:`play`).

        >>> m = Match(3)
        >>> m.opening_roll(white=3, black=1)
        >>> m.judge("8/5").status, m.judge("8/5 6/5").status
        ('partial', 'legal')
        """
        action = self._play_action(play, None)
        game = self.game
        assert game.turn is not None and game.dice is not None
        after = Position.from_position_id(action.position_id, player=game.turn)
        return check_play(game.position, game.dice, after)

    def match_id(self) -> str:
        """GNU Backgammon's Match ID for the current state (white is gnubg's player 0)."""
        from rules.matchid import match_id_of

        return match_id_of(self.state)

    def prompt(self) -> str:
        """What happens next, in words (for the scoreboard and the referee's messages).

        >>> m = Match(5)
        >>> m.prompt()
        'opening roll: one die each'
        >>> m.opening_roll(white=2, black=5)
        >>> m.prompt()
        'black to play 5-2'
        """
        return next_step(self)

    def snapshot(self) -> dict[str, Any]:
        """The current state as JSON-ready data for the web scoreboard (not for replay: use
        :meth:`to_json` for that)."""
        return scoreboard(self)

    # -- actions ---------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one action (the journal/replay entry point)."""
        if isinstance(action, Undo):
            if len(self._states) <= self._floor:
                if len(self._states) == 1:
                    raise ActionRefused("there is nothing to undo")
                raise ActionRefused("cannot undo past a roll: the dice have been rolled since")
            self._states.pop()
            self._log.append(action)
            return
        new = advance_match(self.state, action)
        if isinstance(action, Roll | OpeningRoll):
            self._floor = len(self._states)
        self._states.append(new)
        self._log.append(action)

    def opening_roll(self, white: int, black: int, *, by: Side | None = None) -> None:
        """Each player's single die; a tie is re-rolled (and may double the cube in money
        play with automatic doubles)."""
        self.apply(OpeningRoll(white, black, by))

    def roll(self, d1: int, d2: int, *, by: Side | None = None) -> None:
        self.apply(Roll((d1, d2), by))

    def play(self, play: Play | Position | str, *, by: Side | None = None) -> None:
        """The mover's play: a :class:`Play`, its notation, or the resulting position (either
        side's view). An illegal play is recorded; the opponent may accept it or demand a
        correction."""
        self.apply(self._play_action(play, by))

    def pick_up(self, *, by: Side | None = None) -> None:
        """The mover picked up the dice: the play is final and the turn passes."""
        self.apply(PickUp(by))

    def move(self, play: Play | Position | str, *, by: Side | None = None) -> None:
        """``play`` then ``pick_up``: a whole turn's move in one call."""
        before = len(self._states)
        self.play(play, by=by)
        try:
            self.pick_up(by=by)
        except ActionRefused:
            while len(self._states) > before:  # leave no half-made move behind
                self._states.pop()
                self._log.pop()
            raise

    def double(self, *, by: Side | None = None) -> None:
        self.apply(Double(by))

    def take(self, *, by: Side | None = None) -> None:
        self.apply(Take(by))

    def pass_(self, *, by: Side | None = None) -> None:
        """Pass (drop) the double: the doubler wins the current cube value."""
        self.apply(Pass(by))

    drop = pass_

    def beaver(self, *, by: Side | None = None) -> None:
        self.apply(Beaver(by))

    def accept_illegal(self, *, by: Side | None = None) -> None:
        self.apply(AcceptIllegal(by))

    def demand_correction(self, *, by: Side | None = None) -> None:
        self.apply(DemandCorrection(by))

    def void_roll(self, reason: VoidReason | str, *, by: Side | None = None) -> None:
        """A roll that does not count (cocked die, outside the right half, on a checker, rolled
        before the opponent picked up). A roll already recorded is cancelled."""
        self.apply(VoidRoll(VoidReason(reason), by))

    def undo(self, *, by: Side | None = None) -> None:
        """Take back the last action; refused once the dice have been rolled since."""
        self.apply(Undo(by))

    def resign(self, level: int = 1, *, by: Side | None = None) -> None:
        """Offer to resign 1 (single), 2 (gammon) or 3 (backgammon); ``by`` defaults to the
        player on turn."""
        self.apply(Resign(level, by))

    def accept_resignation(self, *, by: Side | None = None) -> None:
        self.apply(AcceptResignation(by))

    def decline_resignation(self, *, by: Side | None = None) -> None:
        self.apply(DeclineResignation(by))

    def _play_action(self, play: Play | Position | str, by: Side | None) -> PlayMade:
        game = self.game
        if self.is_over:
            raise ActionRefused(f"the match is over: {self.winner} won")
        mover = expect_play(game, by)
        after, text = position_after(play, game.position, mover)
        return PlayMade(after.position_id(), text, by)

    # -- records ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The match as JSON-ready data: set-up plus the action log."""
        r = self.rules
        return {
            "format": FORMAT,
            "version": VERSION,
            "length": self.length,
            "white": self.white_name,
            "black": self.black_name,
            "rules": {
                "crawford": r.crawford,
                "jacoby": r.jacoby,
                "beavers": r.beavers,
                "automatic_doubles": r.automatic_doubles,
                "backgammon_value": r.backgammon_value,
            },
            "actions": [action_to_json(a) for a in self._log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match by replaying its log; raises ``ValueError`` on bad data."""
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} record (format={data.get('format')!r})")
        try:
            rules = Rules(**data.get("rules", {}))
            match = cls(
                int(data["length"]),
                rules,
                white=data.get("white", "White"),
                black=data.get("black", "Black"),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"bad {FORMAT} record: {exc!r}") from None
        match.replay(action_from_json(a) for a in data.get("actions", []))
        return match

    def replay(self, actions: Iterable[Action]) -> None:
        """Apply ``actions`` in order (refusals propagate, naming the step)."""
        for i, action in enumerate(actions):
            try:
                self.apply(action)
            except ActionRefused as exc:
                raise ActionRefused(f"action {i + 1} ({action}): {exc}") from None
