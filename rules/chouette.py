"""A chouette: three or more players on one board, the box against a team led by the captain.

The box plays white, the team black; the captain moves the team's checkers. Each team member
has their own cube against the box. The team doubles only unanimously (every member who may
double agrees); when the box doubles, each member takes or passes alone. A member who passes
pays (or, for a team double the box passes, is paid) the value before the double and is out of
the game. At the end: if the box beat the captain, the captain goes to the end of the team and
the next member captains; if the captain beat the box, the captain becomes the box and the old
box joins the end of the team. Payouts are points times each member's stake.

>>> c = Chouette(["Ann", "Ben", "Cy"])          # Ann is the box, Ben the captain
>>> c.opening_roll(white=1, black=3)             # the captain won the opening
>>> c.move("8/5 6/5")                            # ... and plays for the team
>>> c.box_double()
>>> c.take("Ben"); c.pass_("Cy")                 # Cy pays 1 and is out of this game
>>> c.balances
{'Ann': 1, 'Ben': 0, 'Cy': -1}
>>> c.roll(6, 4); c.move("24/18 13/9")           # the box plays
>>> c.resign(1)                                 # the team resigns a single game
>>> c.balances, c.box, c.captain                 # box won: Ben goes to the end, Cy captains
({'Ann': 3, 'Ben': -2, 'Cy': -1}, 'Ann', 'Cy')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.actions import (
    AcceptResignation,
    ActionRefused,
    OpeningRoll,
    PickUp,
    PlayMade,
    Resign,
    Roll,
)
from rules.cube import Cube, ResultKind, Rules, score_game
from rules.game import GameState, Phase, advance
from rules.play import IllegalMove, NotationError, Play
from rules.position import Position
from rules.side import Side

BOX, TEAM = Side.WHITE, Side.BLACK


class Chouette:
    """A chouette session. ``players[0]`` starts in the box, ``players[1]`` as captain, the rest
    in team order. ``stakes`` gives each player's stake per point (default 1)."""

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
        self.rules = rules or Rules()
        self.stakes = {n: 1 for n in names} | dict(stakes or {})
        self.box = names[0]
        self.team = names[1:]  # team[0] is the captain
        self.balances = {n: 0 for n in names}
        self.games_played = 0
        self._new_game()

    # -- state ------------------------------------------------------------------------

    @property
    def captain(self) -> str:
        return self.team[0]

    @property
    def acting_captain(self) -> str:
        """Who moves the team's checkers: the captain, or the first member still in the game."""
        return next(n for n in self.team if n in self.active)

    @property
    def phase(self) -> Phase:
        return self.game.phase

    def cube(self, member: str) -> Cube:
        """``member``'s cube against the box (owner WHITE = the box)."""
        return self.cubes[member]

    def _new_game(self) -> None:
        self.game = GameState.new(self.rules, money=True)
        self.cubes = {n: Cube() for n in self.team}
        self.active = set(self.team)
        self.waiting: set[str] = set()  # members who must answer the box's double
        self.team_offer: set[str] = set()  # members whose team double the box must answer
        self.last_captain: str | None = None  # the member who captained when settled last

    # -- board actions (delegated to the game) -----------------------------------------

    def _board(self, action: OpeningRoll | Roll | PlayMade | PickUp | Resign) -> None:
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
        self._board(OpeningRoll(white, black))

    def roll(self, d1: int, d2: int) -> None:
        self._board(Roll((d1, d2)))

    def move(self, play: Play | Position | str) -> None:
        """Play and pick up the dice (the play must be legal or it is recorded as made)."""
        mover = self.game.turn
        if isinstance(play, str):
            try:
                play = Play.parse(play)
            except NotationError as exc:
                raise ActionRefused(str(exc)) from None
        if isinstance(play, Play):
            try:
                play = play.result or self.game.position.apply(play)
            except IllegalMove as exc:
                raise ActionRefused(str(exc)) from None
        if mover is not None and play.player is not mover:
            play = play.flip()
        self._board(PlayMade(play.position_id()))
        self._board(PickUp())

    def resign(self, level: int = 1, side: Side = TEAM) -> None:
        """``side`` resigns ``level`` against every member still in the game (accepted)."""
        self._board(Resign(level, side))

    # -- the cube ---------------------------------------------------------------------

    def _before_roll(self, side: Side) -> None:
        if self.game.phase is not Phase.TO_ROLL or self.game.turn is not side:
            raise ActionRefused("the cube can only be turned before rolling, on your own turn")
        if self.waiting or self.team_offer:
            raise ActionRefused("a double is already waiting for an answer")

    def box_double(self) -> None:
        """The box doubles every member whose cube it may turn; each answers alone."""
        self._before_roll(BOX)
        eligible = {n for n in self.active if self.cubes[n].may_double(BOX)}
        if not eligible:
            raise ActionRefused("every member in the game owns their cube")
        self.waiting = eligible

    def take(self, member: str) -> None:
        self._answer(member, take=True)

    def pass_(self, member: str) -> None:
        self._answer(member, take=False)

    def _answer(self, member: str, take: bool) -> None:
        if member not in self.waiting:
            raise ActionRefused(f"{member} has no double to answer")
        self.waiting.discard(member)
        if take:
            self.cubes[member] = self.cubes[member].doubled(TEAM)
        else:
            self._pay(member, BOX, self.cubes[member].value)
        if not self.active:  # every member passed: the box wins the game
            self._rotate(box_won=True)

    def team_double(self, agreeing: Iterable[str]) -> None:
        """The team doubles; refused unless every member who may double agrees."""
        self._before_roll(TEAM)
        eligible = {n for n in self.active if self.cubes[n].may_double(TEAM)}
        if not eligible:
            raise ActionRefused("the box owns every member's cube")
        missing = eligible - set(agreeing)
        if missing:
            raise ActionRefused(f"team doubles need every member: {', '.join(sorted(missing))}")
        self.team_offer = eligible

    def box_take(self) -> None:
        self._box_answer(take=True)

    def box_pass(self) -> None:
        self._box_answer(take=False)

    def _box_answer(self, take: bool) -> None:
        if not self.team_offer:
            raise ActionRefused("the team has not doubled")
        self.last_captain = self.acting_or_none
        for member in sorted(self.team_offer):
            if take:
                self.cubes[member] = self.cubes[member].doubled(BOX)
            else:
                self._pay(member, TEAM, self.cubes[member].value)
        self.team_offer = set()
        if not self.active:  # the box passed everyone: the team wins the game
            self._rotate(box_won=False)

    # -- settling ---------------------------------------------------------------------

    def _pay(self, member: str, winner: Side, points: int) -> None:
        """Settle ``member``'s game against the box and take them out of it."""
        amount = points * self.stakes[member]
        sign = 1 if winner is TEAM else -1
        self.balances[member] += sign * amount
        self.balances[self.box] -= sign * amount
        self.active.discard(member)

    @property
    def acting_or_none(self) -> str | None:
        return next((n for n in self.team if n in self.active), None)

    def _settle(self, winner: Side, kind: ResultKind) -> None:
        self.last_captain = self.acting_or_none
        for member in sorted(self.active, key=self.team.index):
            points = score_game(kind, self.cubes[member], self.rules, money=True)
            self._pay(member, winner, points)
        self._rotate(box_won=winner is BOX)

    def _rotate(self, box_won: bool) -> None:
        """Box won: the captain (and a captain who passed) go to the end of the team.
        Team won: the captain who finished the game takes the box; the old box joins the end."""
        finisher = self.last_captain or self.captain
        losers = [n for n in (self.captain, finisher) if box_won or n != finisher]
        losers = list(dict.fromkeys(losers))
        rest = [n for n in self.team if n not in losers and n != finisher]
        if box_won:
            self.team = rest + losers
        else:
            self.team = rest + [n for n in losers if n != finisher] + [self.box]
            self.box = finisher
        self.games_played += 1
        self._new_game()
