"""A chouette: three or more players on one board, the box against a team led by the captain.

The box plays white, the team black; the captain moves the team's checkers. Each team member
has their own cube against the box. The team doubles only unanimously (every member who may
double agrees); when the box doubles, each member takes or passes alone. A member who passes
pays (or, when the box passes a team double, is paid) the value before the double and is out
of the game; if the captain passes, the next member still in the game moves the checkers.
At the end: if the box won, the captain goes to the end of the team and the next member
captains; if the team won, the captain who finished the game takes the box and the old box
joins the end of the team. Payouts are points times each member's stake.

Like :class:`rules.match.Match`, every action is applied or refused with
:class:`~rules.actions.ActionRefused`, logged, undoable (until the next roll) and replayable
from JSON.

>>> c = Chouette(["Ann", "Ben", "Cy"])          # Ann is the box, Ben the captain
>>> c.opening_roll(white=1, black=3)             # the captain won the opening
>>> c.move("8/5 6/5")                            # ... and plays for the team
>>> c.box_double()
>>> c.take("Ben"); c.pass_("Cy")                 # Cy pays 1 and is out of this game
>>> c.balances
{'Ann': 1, 'Ben': 0, 'Cy': -1}
>>> c.roll(6, 4); c.move("24/18 13/9")           # the box plays
>>> c.resign(1)                                  # the team resigns a single game
>>> c.balances, c.box, c.captain                 # box won: Ben goes to the end, Cy captains
({'Ann': 3, 'Ben': -2, 'Cy': -1}, 'Ann', 'Cy')
>>> Chouette.from_json(c.to_json()).snapshot() == c.snapshot()
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.actions import (
    AcceptIllegal,
    AcceptResignation,
    ActionRefused,
    DemandCorrection,
    OpeningRoll,
    PickUp,
    PlayMade,
    Resign,
    Roll,
    VoidReason,
    VoidRoll,
)
from rules.chouette_view import next_step, scoreboard
from rules.cube import Cube, ResultKind, Rules, score_game
from rules.game import GameState, Phase, advance, position_after
from rules.play import Play
from rules.position import Position
from rules.side import Side

BOX, TEAM = Side.WHITE, Side.BLACK
FORMAT = "bgref-chouette"

GameAction = (
    OpeningRoll | Roll | PlayMade | PickUp | Resign | AcceptIllegal | DemandCorrection | VoidRoll
)


class Chouette:
    """A chouette session. ``players[0]`` starts in the box, ``players[1]`` as captain, the rest
    in team order. ``stakes`` gives each player's stake per point (default 1). Money play: the
    Jacoby rule and beavers of ``rules`` are not used here (each member has their own cube)."""

    def __init__(
        self,
        players: Iterable[str],
        rules: Rules | None = None,
        stakes: Mapping[str, int] | None = None,
    ) -> None:
        names = list(players)
        if len(names) < 3:
            raise ValueError(f"a chouette needs 3 or more players, got {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError("chouette players need distinct names")
        unknown = set(stakes or {}) - set(names)
        if unknown:
            raise ValueError(f"stakes for unknown players: {', '.join(sorted(unknown))}")
        self.players = names
        self.rules = rules or Rules()
        self.stakes = {n: 1 for n in names} | dict(stakes or {})
        self.box = names[0]
        self.team = names[1:]  # team[0] is the captain
        self.balances = {n: 0 for n in names}
        self.games_played = 0
        self.log: list[list[Any]] = []
        self._history: list[dict[str, Any]] = []
        self._floor = 0
        self._new_game()

    # -- state ------------------------------------------------------------------------

    @property
    def captain(self) -> str:
        return self.team[0]

    @property
    def acting_captain(self) -> str | None:
        """Who moves the team's checkers: the captain, or the first member still in the game."""
        return next((n for n in self.team if n in self.active), None)

    @property
    def phase(self) -> Phase:
        return self.game.phase

    def cube(self, member: str) -> Cube:
        """``member``'s cube against the box (owner WHITE = the box, BLACK = the member)."""
        return self.cubes[member]

    def _new_game(self) -> None:
        self.game = GameState.new(self.rules, money=True)
        self.cubes = {n: Cube() for n in self.team}
        self.active = set(self.team)
        self.waiting: set[str] = set()  # members who must answer the box's double
        self.team_offer: set[str] = set()  # members whose team double the box must answer

    def prompt(self) -> str:
        """What happens next, in words."""
        return next_step(self)

    def snapshot(self) -> dict[str, Any]:
        """The session as JSON-ready data for the scoreboard."""
        return scoreboard(self)

    # -- the log, undo and replay ----------------------------------------------------

    _STATE = ("box", "team", "balances", "games_played", "game", "cubes", "active", "waiting",
              "team_offer")  # fmt: skip

    def _record(self, entry: list[Any], run: Callable[[], None]) -> None:
        """Run one action; on success log it and keep the state before it for undo."""
        before = {k: copy.deepcopy(getattr(self, k)) for k in self._STATE}
        try:
            run()
        except BaseException:
            for k, v in before.items():
                setattr(self, k, v)
            raise
        if entry[0] in ("opening_roll", "roll"):
            self._floor = len(self._history)
        self._history.append(before)
        self.log.append(entry)

    def undo(self) -> None:
        """Take back the last action; refused once the dice have been rolled since."""
        if len(self._history) <= self._floor:
            raise ActionRefused(
                "nothing to undo" if not self._history else "cannot undo past a roll"
            )
        for k, v in self._history.pop().items():
            setattr(self, k, v)
        self.log.append(["undo"])

    def to_json(self) -> dict[str, Any]:
        r = self.rules
        return {
            "format": FORMAT,
            "players": list(self.players),
            "stakes": dict(self.stakes),
            "rules": {"crawford": r.crawford, "backgammon_value": r.backgammon_value},
            "actions": [list(e) for e in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chouette:
        """Rebuild a session by replaying its log; raises ``ValueError`` on bad data."""
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} record (format={data.get('format')!r})")
        c = cls(data["players"], Rules(**data.get("rules", {})), data.get("stakes"))
        for i, entry in enumerate(data.get("actions", [])):
            name, *args = entry
            if name in ("move", "play") and args and c.game.turn is not None:
                args = [Position.from_position_id(str(args[0]), player=c.game.turn)]
            method = getattr(c, "pass_" if name == "pass" else name, None)
            if name.startswith("_") or method is None or not callable(method):
                raise ValueError(f"action {i + 1}: unknown chouette action {name!r}")
            try:
                method(*args)
            except ActionRefused as exc:
                raise ActionRefused(f"action {i + 1} ({entry}): {exc}") from None
        return c

    # -- board actions (delegated to the game) -----------------------------------------

    def _board(self, entry: list[Any], *actions: GameAction) -> None:
        def run() -> None:
            for action in actions:
                self._advance(action)

        self._record(entry, run)

    def _advance(self, action: GameAction) -> None:
        if self.waiting or self.team_offer:
            raise ActionRefused("a double is waiting for an answer")
        self.game = advance(self.game, action)
        if self.game.phase is Phase.RESIGNATION:
            self.game = advance(self.game, AcceptResignation())
        if self.game.phase is Phase.OVER:
            assert self.game.result is not None
            self._settle(self.game.result.winner, self.game.result.kind)

    def opening_roll(self, white: int, black: int) -> None:
        """``white`` is the box's die, ``black`` the captain's."""
        self._board(["opening_roll", white, black], OpeningRoll(white, black))

    def roll(self, d1: int, d2: int) -> None:
        self._board(["roll", d1, d2], Roll((d1, d2)))

    def play(self, play: Play | Position | str) -> None:
        """The mover's play (the dice stay down until :meth:`pick_up`)."""
        pid = self._position_id(play)
        self._board(["play", pid], PlayMade(pid))

    def pick_up(self) -> None:
        self._board(["pick_up"], PickUp())

    def move(self, play: Play | Position | str) -> None:
        """Play and pick up the dice in one step."""
        pid = self._position_id(play)
        self._board(["move", pid], PlayMade(pid), PickUp())

    def accept_illegal(self) -> None:
        self._board(["accept_illegal"], AcceptIllegal())

    def demand_correction(self) -> None:
        self._board(["demand_correction"], DemandCorrection())

    def void_roll(self, reason: VoidReason | str) -> None:
        self._board(["void_roll", str(reason)], VoidRoll(VoidReason(reason)))

    def resign(self, level: int = 1, side: Side | str = TEAM) -> None:
        """``side`` resigns ``level`` against every member still in the game (accepted)."""
        side = Side(side)
        self._board(["resign", level, str(side)], Resign(level, side))

    def _position_id(self, play: Play | Position | str) -> str:
        mover = self.game.turn
        if mover is None or self.game.phase not in (Phase.ROLLED, Phase.MOVED):
            raise ActionRefused(f"no play is expected now ({self.game.phase})")
        return position_after(play, self.game.position, mover)[0].position_id()

    # -- the cube ---------------------------------------------------------------------

    def _before_roll(self, side: Side) -> None:
        if self.waiting or self.team_offer:
            raise ActionRefused("a double is already waiting for an answer")
        if self.game.phase is not Phase.TO_ROLL or self.game.turn is not side:
            raise ActionRefused("the cube can only be turned before rolling, on your own turn")

    def box_double(self) -> None:
        """The box doubles every member whose cube it may turn; each answers alone."""

        def run() -> None:
            self._before_roll(BOX)
            eligible = {n for n in self.active if self.cubes[n].may_double(BOX)}
            if not eligible:
                raise ActionRefused("every member in the game owns their cube")
            self.game = _settle_pending_illegal(self.game)
            self.waiting = eligible

        self._record(["box_double"], run)

    def take(self, member: str) -> None:
        self._record(["take", member], lambda: self._answer(member, take=True))

    def pass_(self, member: str) -> None:
        self._record(["pass", member], lambda: self._answer(member, take=False))

    drop = pass_

    def _answer(self, member: str, take: bool) -> None:
        if member not in self.waiting:
            raise ActionRefused(f"{member} has no double to answer")
        self.waiting.discard(member)
        if take:
            self.cubes[member] = self.cubes[member].doubled(TEAM)
        else:
            self._pay(member, BOX, self.cubes[member].value)
        if not self.active:  # every member passed: the box wins the game
            self._rotate(box_won=True, finisher=self.captain)

    def team_double(self, agreeing: Iterable[str]) -> None:
        """The team doubles; refused unless every member who may double agrees."""
        agreed = sorted(set(agreeing))

        def run() -> None:
            self._before_roll(TEAM)
            eligible = {n for n in self.active if self.cubes[n].may_double(TEAM)}
            if not eligible:
                raise ActionRefused("the box owns every member's cube")
            missing = eligible - set(agreed)
            if missing:
                raise ActionRefused(
                    f"team doubles need every member: {', '.join(sorted(missing))} did not agree"
                )
            self.game = _settle_pending_illegal(self.game)
            self.team_offer = eligible

        self._record(["team_double", agreed], run)

    def box_take(self) -> None:
        self._record(["box_take"], lambda: self._box_answer(take=True))

    def box_pass(self) -> None:
        self._record(["box_pass"], lambda: self._box_answer(take=False))

    def _box_answer(self, take: bool) -> None:
        if not self.team_offer:
            raise ActionRefused("the team has not doubled")
        finisher = self.acting_captain
        for member in sorted(self.team_offer):
            if take:
                self.cubes[member] = self.cubes[member].doubled(BOX)
            else:
                self._pay(member, TEAM, self.cubes[member].value)
        self.team_offer = set()
        if not self.active:  # the box passed everyone: the team wins the game
            self._rotate(box_won=False, finisher=finisher or self.captain)

    # -- settling ---------------------------------------------------------------------

    def _pay(self, member: str, winner: Side, points: int) -> None:
        """Settle ``member``'s game against the box and take them out of it."""
        amount = points * self.stakes[member]
        sign = 1 if winner is TEAM else -1
        self.balances[member] += sign * amount
        self.balances[self.box] -= sign * amount
        self.active.discard(member)

    def _settle(self, winner: Side, kind: ResultKind) -> None:
        finisher = self.acting_captain or self.captain
        for member in [n for n in self.team if n in self.active]:
            points = score_game(kind, self.cubes[member], self.rules, money=True)
            self._pay(member, winner, points)
        self._rotate(box_won=winner is BOX, finisher=finisher)

    def _rotate(self, box_won: bool, finisher: str) -> None:
        """Box won: the captain (and the member who finished for them) go to the end of the
        team. Team won: the finisher takes the box, the old box joins the end of the team (a
        captain who had passed goes to the end before them)."""
        losers = list(dict.fromkeys([self.captain, finisher] if box_won else [self.captain]))
        if not box_won and self.captain == finisher:
            losers = []
        rest = [n for n in self.team if n not in losers and n != finisher]
        if box_won:
            self.team = rest + losers
        else:
            self.team = rest + losers + [self.box]
            self.box = finisher
        self.games_played += 1
        self._new_game()


def _settle_pending_illegal(game: GameState) -> GameState:
    """A cube action by the opponent lets a pending illegal play stand."""
    if game.illegal is None:
        return game
    if game.illegal.after.us[0] == 15:
        raise ActionRefused(
            "the illegal play bore off the last checker: accept it (the game ends) or demand "
            "a correction"
        )
    return advance(game, AcceptIllegal())
