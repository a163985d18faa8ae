"""The referee: confirmed observations and player commands in, match actions and events out.

::

    referee = Referee(Match(7, white="Ann", black="Bob"), record=journal.append_action)
    for observation in confirmed_observations:
        for event in referee.observe(observation):
            show(event)
    referee.command("accept")          # the opponent accepts an illegal play

The referee owns the :class:`~rules.match.Match`. It is not thread-safe: the runner hands it one
observation or command at a time. ``record`` is called with every action the match accepts,
before any event about it is returned, so the journal always knows at least what was shown.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from firmware.commands import COMMANDS, match_change
from firmware.cube_watch import CubeWatch
from firmware.dice_memory import DiceCall, DiceMemory, judge_dice, too_many_dice
from firmware.events import Kind, RefereeEvent
from firmware.matching import BoardRead, MatchSettings, nearest, read_board
from firmware.matching import Match as Fit
from firmware.ruling import Outcome, rule_final_play
from rules.actions import Action, ActionRefused
from rules.check import Verdict, check_play
from rules.game import Phase
from rules.legal import PlayTree, play_tree
from rules.match import Match
from rules.position import Position
from rules.side import Side
from vision.observation import Observation, ObservedDie


@dataclass(frozen=True)
class RefereeSettings:
    matching: MatchSettings = MatchSettings()
    dice_confidence: float = 0.6  # a die read below this is "uncertain"


# A still scene is judged again and again against the same turn's plays: keep the last tree.
_play_tree = functools.lru_cache(maxsize=2)(play_tree)


class Referee:
    """Turns what the camera confirms into match actions, and says what it decided."""

    def __init__(
        self,
        match: Match,
        *,
        record: Callable[[Action], None] | None = None,
        settings: RefereeSettings = RefereeSettings(),
    ) -> None:
        self.match = match
        self.settings = settings
        self._record = record or (lambda action: None)
        self._last_said: tuple[Kind, str] | None = None
        self._pending_confirm: Position | None = None
        self._pending_roll: tuple[ObservedDie, ...] | None = None  # dice the players may confirm
        self._correcting = False  # a correction was demanded: wait for the dice to come back
        self._opening_seen = False
        self._dice = DiceMemory(settings.dice_confidence)  # scenery and the accepted roll
        self._cube = CubeWatch()  # the camera's cube against the match's, said once

    # -- public ----------------------------------------------------------------------

    def observe(self, obs: Observation) -> list[RefereeEvent]:
        """One confirmed (still, repeated) observation of the board; a notice follows when the
        camera's cube disagrees with the match's (:mod:`firmware.cube_watch`)."""
        if obs.status != "ok" or obs.white is None:
            return self._say(Kind.STATUS, f"camera: {obs.status.replace('_', ' ')}", None)
        events = self._observe(obs)
        said = self._cube.notice(obs.cube, self.match.cube, self.match.phase)
        return events if said is None else [*events, RefereeEvent(Kind.CUBE, said, None)]

    def _observe(self, obs: Observation) -> list[RefereeEvent]:
        obs = self._dice.without_scenery(obs)
        phase = self.match.phase
        if self.match.is_over:
            return self._say(Kind.MATCH_OVER, self.match.prompt(), None)
        if phase is Phase.OPENING:
            return self._opening(obs)
        if phase is Phase.TO_ROLL:
            return self._to_roll(obs)
        if phase in (Phase.ROLLED, Phase.MOVED):
            return self._moving(obs)
        return self._say(Kind.PROMPT, self.match.prompt(), None)

    def command(self, name: str, side: str | None = None) -> list[RefereeEvent]:
        """A player's command from a button or the web page; refused ones say why."""
        if name not in COMMANDS:
            return [RefereeEvent(Kind.ERROR, f"unknown command {name!r}", side)]
        by = Side(side) if side in ("white", "black") else None
        if name == "confirm":
            return self._confirm()
        try:
            events = self._apply(match_change(self.match, name, by))
        except ActionRefused as exc:
            return [RefereeEvent(Kind.ERROR, f"{name} refused: {exc}", side)]
        if name == "correct":
            self._correcting = True
        kind = Kind.CUBE if name in ("double", "take", "pass", "beaver") else Kind.RULING
        return [RefereeEvent(kind, f"{name}: {self.match.prompt()}", side), *events]

    # -- phases ----------------------------------------------------------------------

    def _opening(self, obs: Observation) -> list[RefereeEvent]:
        start = Position.start()
        fit = read_board(obs, Side.WHITE, [start], self.settings.matching)
        if fit.match not in (Fit.EXACT, Fit.CORRECTED):
            return self._say(Kind.PROMPT, "set up the starting position", None)
        if not self._opening_seen:
            self._opening_seen = True
            if len(obs.dice) != 2:  # nobody has rolled yet: whatever "dice" show are scenery
                self._dice.remember_scenery(obs.dice)
                obs = self._dice.without_scenery(obs)
        if not obs.dice:
            return self._say(
                Kind.PROMPT, "opening roll: one die each, in your own right half", None
            )
        if len(obs.dice) != 2:
            return self._say(Kind.PROMPT, f"opening roll: {len(obs.dice)} dice seen, need 2", None)
        by_zone = {d.zone: d for d in obs.dice}
        white, black = by_zone.get("white_right"), by_zone.get("black_right")
        if white is None or black is None:
            return self._reroll(
                "outside", "each player rolls one die into their own right half", None
            )
        problem = self._dice_problem([white]) or self._dice_problem([black])
        if problem:
            return problem
        # Plain locals: the lambdas below would not keep an attribute's narrowing.
        w, b = white.value, black.value
        assert w is not None and b is not None
        if w == b:
            self._apply(lambda: self.match.opening_roll(white=w, black=b))
            return self._say(Kind.REROLL, f"opening tie {w}-{b}: roll again", None)
        events = self._apply(lambda: self.match.opening_roll(white=w, black=b))
        self._dice.forget_roll()  # the opening dice are never "rolled again" by one player
        turn = self.match.turn
        dice = self.match.dice
        assert turn is not None and dice is not None
        return [
            RefereeEvent(
                Kind.ROLL,
                f"{turn} wins the opening roll and plays {max(dice)}-{min(dice)}",
                str(turn),
                {"dice": list(dice)},
            ),
            *events,
        ]

    def _to_roll(self, obs: Observation) -> list[RefereeEvent]:
        turn = self.match.turn
        assert turn is not None
        self._pending_roll = None
        if not obs.dice:
            return self._say(Kind.PROMPT, self.match.prompt(), str(turn))
        threshold = self.settings.dice_confidence
        call = too_many_dice(obs.dice, threshold) or judge_dice(obs.dice, turn, threshold)
        read = [d.value for d in obs.dice if d.value is not None]
        if call is not None and call.reason is None and len(obs.dice) == 2 and len(read) == 2:
            # Two dice read, one doubted: the players may say the roll stands as read.
            self._pending_roll = obs.dice
            hi, lo = max(read), min(read)
            call = DiceCall(f"{call.text}; is it {hi}-{lo}? press confirm to take it")
        if call is not None:
            return self._call(call, turn)
        if len(obs.dice) < 2:
            return self._say(Kind.UNCERTAIN, "only one die seen: is the other hidden?", str(turn))
        return self._take_roll(obs.dice, turn)

    def _take_roll(
        self, dice: tuple[ObservedDie, ...], turn: Side, note: str = ""
    ) -> list[RefereeEvent]:
        d1, d2 = (d.value for d in dice)
        assert d1 is not None and d2 is not None
        events = self._apply(lambda: self.match.roll(d1, d2, by=turn))
        self._dice.remember_roll(dice)
        text = f"{turn} rolled {max(d1, d2)}-{min(d1, d2)}{note}"
        return [RefereeEvent(Kind.ROLL, text, str(turn), {"dice": [d1, d2]}), *events]

    def _moving(self, obs: Observation) -> list[RefereeEvent]:
        game = self.match.game
        turn, dice = game.turn, game.dice
        assert turn is not None and dice is not None
        before = game.position
        tree = _play_tree(before, dice)
        allowed = [*tree.results, *tree.partial, before]
        fit = read_board(obs, turn, allowed, self.settings.matching, before)
        # The mover's dice lie in the mover's right half (a roll anywhere else was void).
        dice_down = any(d.zone == f"{turn}_right" for d in obs.dice)
        if self._correcting:
            if not dice_down:
                return self._say(
                    Kind.PROMPT,
                    f"{turn}: put the dice back ({max(dice)}-{min(dice)}) and play again",
                    str(turn),
                )
            self._correcting = False
        if self._dice.early_roll(obs, turn):
            return self._say(
                Kind.REROLL,
                f"{turn.opponent} rolled before {turn} picked up the dice: roll again later",
                str(turn.opponent),
            )
        if fit.match in (Fit.EXACT, Fit.CORRECTED) and fit.position == before:
            rerolled = self._rerolled(obs, turn, dice)
            if rerolled is not None:
                return rerolled
        if fit.position is None or fit.match is Fit.UNCERTAIN:
            return self._uncertain(fit, turn, obs, tree)
        verdict = check_play(before, dice, fit.position, tree)
        details: dict[str, object] = {
            "dice": list(dice),
            "position_id": fit.position.position_id(),
            "read": str(fit.match),
        }
        if dice_down:
            if verdict.legal:
                text = str(verdict.play) or "no move possible"
                return self._say(
                    Kind.MOVING, f"{turn}: {text} (pick up the dice to finish)", str(turn), details
                )
            if verdict.partial or fit.position == before:
                return self._say(Kind.MOVING, f"{turn} is moving", str(turn), details)
            if fit.match is Fit.OFF_SCRIPT:
                return self._say(
                    Kind.WARNING,
                    f"not legal yet: {verdict.reason}",
                    str(turn),
                    {**details, "closest": [str(p) for p in verdict.closest]},
                )
            return self._uncertain(fit, turn, obs, tree)
        # Dice picked up: the play is final. Anything still read as a die is scenery.
        self._dice.remember_scenery(obs.dice)
        self._dice.forget_roll()
        ruling = rule_final_play(obs, turn, before, fit, verdict, tree, self.settings.matching)
        if ruling.outcome is Outcome.LEGAL:
            text, events = self._move_legal(verdict, turn)
            return [
                RefereeEvent(
                    Kind.PLAY,
                    f"{turn} played {max(dice)}-{min(dice)}: {text}",
                    str(turn),
                    {**details, "play": text},
                ),
                *events,
            ]
        if ruling.outcome is Outcome.ASK:
            return self._uncertain(fit, turn, obs, tree, ruling.reason)
        played = fit.position
        events = self._apply(lambda: self.match.move(played, by=turn))
        return [
            RefereeEvent(
                Kind.ILLEGAL,
                f"illegal play by {turn}: {verdict.reason}",
                str(turn),
                {**details, "reason": verdict.reason, "closest": [str(p) for p in verdict.closest]},
            ),
            *events,
        ]

    # -- helpers ---------------------------------------------------------------------

    def _dice_problem(
        self, dice: list[ObservedDie], roller: Side | None = None
    ) -> list[RefereeEvent] | None:
        call = judge_dice(dice, roller, self.settings.dice_confidence)
        return None if call is None else self._call(call, roller)

    def _call(self, call: DiceCall, roller: Side | None) -> list[RefereeEvent]:
        if call.reason is not None:
            return self._reroll(call.reason, call.text, roller)
        return self._say(Kind.UNCERTAIN, call.text, None if roller is None else str(roller))

    def _rerolled(
        self, obs: Observation, turn: Side, dice: tuple[int, int]
    ) -> list[RefereeEvent] | None:
        """Nothing moved yet, and the dice show another roll where the accepted one did not
        lie (:meth:`DiceMemory.new_roll`): the players rolled again (they saw a fault the
        camera missed). The old roll is voided and the new one taken."""
        new = self._dice.new_roll(obs, turn, dice)
        if new is None:
            return None
        try:
            events = self._apply(lambda: self.match.void_roll("other", by=turn))
            events += self._apply(lambda: self.match.roll(new[0], new[1], by=turn))
        except ActionRefused:
            return None
        self._dice.remember_roll(obs.dice)
        return [
            RefereeEvent(
                Kind.ROLL,
                f"{turn} rolled again: {max(new)}-{min(new)} "
                f"(the {max(dice)}-{min(dice)} does not count)",
                str(turn),
                {"dice": new, "voided": list(dice)},
            ),
            *events,
        ]

    def _reroll(self, reason: str, text: str, roller: Side | None) -> list[RefereeEvent]:
        said = self._say(
            Kind.REROLL,
            f"re-roll: {text}",
            None if roller is None else str(roller),
            {"reason": reason},
        )
        if said and roller is not None and self.match.phase is Phase.TO_ROLL:
            try:
                said += self._apply(lambda: self.match.void_roll(reason, by=roller))
            except ActionRefused:
                pass  # nothing to void in the match record: the roll was never accepted
        return said

    def _uncertain(
        self,
        fit: BoardRead,
        turn: Side,
        obs: Observation,
        tree: PlayTree,
        reason: str = "",
    ) -> list[RefereeEvent]:
        """Never a guess called out as a fault: say what is unclear, and offer the nearest
        legal play for the players to confirm."""
        guess = nearest(obs, tree.results)
        play = tree.play_for(guess) if guess is not None else None
        self._pending_confirm = guess
        text = f"please check the board: {reason or fit.reason or 'the camera cannot read it'}"
        if play is not None:
            text += f"; was it {str(play) or 'no move'}? press confirm, or fix the board"
        return self._say(
            Kind.UNCERTAIN,
            text,
            str(turn),
            {
                "doubtful_points": list(fit.doubtful_points),
                "guess": None if play is None else str(play),
            },
        )

    def _confirm(self) -> list[RefereeEvent]:
        """The players confirm what the camera doubted: two dice read, one in doubt (the roll
        is taken as read), or the legal play offered for an unsure board."""
        roll, self._pending_roll = self._pending_roll, None
        if roll is not None and self.match.phase is Phase.TO_ROLL and self.match.turn is not None:
            return self._take_roll(roll, self.match.turn, " (confirmed)")
        pending, self._pending_confirm = self._pending_confirm, None
        game = self.match.game
        if pending is None or game.phase is not Phase.ROLLED or game.dice is None:
            return [RefereeEvent(Kind.PROMPT, f"nothing to confirm; {self.match.prompt()}", None)]
        turn = game.turn
        assert turn is not None
        verdict = check_play(game.position, game.dice, pending)
        if not verdict.legal:
            return [
                RefereeEvent(
                    Kind.ERROR,
                    f"the board as read is not a legal play ({verdict.reason}): fix the board "
                    "or the reading",
                    str(turn),
                )
            ]
        text, events = self._move_legal(verdict, turn)
        return [RefereeEvent(Kind.PLAY, f"{turn} played {text} (confirmed)", str(turn)), *events]

    def _move_legal(self, verdict: Verdict, turn: Side) -> tuple[str, list[RefereeEvent]]:
        """Make the legal play ``verdict`` found: its notation ("cannot move" for none) and
        the events the match change gave."""
        play = verdict.play
        assert play is not None
        return str(play) or "cannot move", self._apply(lambda: self.match.move(play, by=turn))

    def _apply(self, change: Callable[[], None]) -> list[RefereeEvent]:
        """Run a match change, record every action it adds, and report a finished game."""
        n = len(self.match.log)
        games = len(self.match.games)
        change()
        for action in self.match.log[n:]:
            self._record(action)
        self._last_said = None
        events: list[RefereeEvent] = []
        if len(self.match.games) > games:
            result = self.match.games[-1].result
            events.append(RefereeEvent(Kind.GAME_OVER, str(result), str(result.winner)))
            if self.match.is_over:
                events.append(RefereeEvent(Kind.MATCH_OVER, self.match.prompt(), None))
        return events

    def _say(
        self,
        kind: Kind,
        message: str,
        side: str | None,
        details: dict[str, object] | None = None,
    ) -> list[RefereeEvent]:
        """An event, unless it repeats the last thing said (still scenes repeat themselves)."""
        if self._last_said == (kind, message):
            return []
        self._last_said = (kind, message)
        return [RefereeEvent(kind, message, side, dict(details or {}))]
