"""Legal-play generation: every legal play for a position and a roll.

>>> from rules.position import Position
>>> plays = legal_plays(Position.start(), (3, 1))
>>> len(plays)
16
>>> "8/5 6/5" in [str(p) for p in plays]
True

The rules, as enforced here: both dice must be played when possible; if only one can be played,
the larger when possible; doubles give four moves; checkers on the bar enter first (no other
checker moves while one is on the bar); a point held by two or more opponents is closed, also as
an intermediate landing point of a combined move; landing on a single opponent hits it (hitting is
never forced); bearing off only with all 15 home (or off); a die bears off from its exact point,
or from the highest occupied point when larger than it, otherwise it moves inside the home board;
a roll with no legal move is forfeited (one empty play).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from rules.play import Move, Play
from rules.position import BAR, OFF, Position

# Why a single-checker step is not allowed (0 = allowed).
ALLOWED = 0
NO_CHECKER = 1
BAR_FIRST = 2
CLOSED_POINT = 3
NOT_ALL_HOME = 4
NOT_HIGHEST = 5

RULE_NAMES = {
    NO_CHECKER: "no checker",
    BAR_FIRST: "a checker on the bar must enter first",
    CLOSED_POINT: "closed point",
    NOT_ALL_HOME: "bearing off before all checkers are home",
    NOT_HIGHEST: "bearing off from a lower point while a higher point is occupied",
}

Dice = tuple[int, int]
# A search state: our counts and a bitmask of the opponent's points hit so far (their
# numbering). Cheaper than copying both sides at every leaf; ``_them_after`` rebuilds theirs.
Key = tuple[tuple[int, ...], int]
Step = tuple[int, int, bool]  # from, to, hit


class InvalidDice(ValueError):
    """Dice that are not two numbers from 1 to 6."""


def validate_dice(dice: object) -> Dice:
    """Return ``dice`` as a pair of ints 1-6 or raise :class:`InvalidDice` saying what is wrong."""
    if not isinstance(dice, (tuple, list)):
        raise InvalidDice(f"dice must be two numbers 1-6, got {dice!r}")
    values = tuple(dice)
    if len(values) != 2 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values
    ):
        raise InvalidDice(f"dice must be two numbers 1-6, got {dice!r}")
    return (values[0], values[1])


def step_rule(us: list[int], them: list[int], src: int, die: int, outside: int) -> int:
    """Which rule (if any) forbids moving a checker from ``src`` with ``die``.

    ``outside`` is the number of our checkers on points 7-24 and the bar.
    """
    if us[src] == 0:
        return NO_CHECKER
    if us[BAR] and src != BAR:
        return BAR_FIRST
    dst = src - die
    if dst > 0:
        return CLOSED_POINT if them[BAR - dst] >= 2 else ALLOWED
    if outside:
        return NOT_ALL_HOME
    if dst < 0:
        for p in range(src + 1, 7):
            if us[p]:
                return NOT_HIGHEST
    return ALLOWED


@dataclass
class _Node:
    """Bookkeeping for one search: the best depth, its leaves, and (optionally) every node."""

    best: int = -1
    leaves: dict[Key, tuple[Step, ...]] = field(default_factory=dict)
    first_die: dict[Key, int] = field(default_factory=dict)
    # node key -> (depth, deepest depth reachable below it), when recording partial plays
    nodes: dict[Key, tuple[int, int]] | None = None


def _search(position: Position, dice: Dice, record: bool) -> _Node:
    """Depth-first search over single-die steps, keeping the leaves that use the most dice.

    The rules are those of ``step_rule``, inlined here because this is the hot path.
    """
    us = list(position.us)
    them = list(position.them)
    state = _Node(nodes={} if record else None)
    d1, d2 = dice
    doubles = d1 == d2
    orders = [(d1,) * 4] if doubles else [(d1, d2), (d2, d1)]
    steps: list[Step] = []

    def dfs(order: tuple[int, ...], depth: int, outside: int, min_src: int, hits: int) -> int:
        deepest = depth
        if depth < len(order) and us[OFF] < 15:
            die = order[depth]
            # With a checker on the bar only the bar can move.
            low = BAR if us[BAR] else 1
            highest_home = 0
            if not outside:
                highest_home = max(p for p in range(6, 0, -1) if us[p])
            for src in range(min_src, low - 1, -1):
                if not us[src]:
                    continue
                dst = src - die
                if dst > 0:
                    if them[BAR - dst] >= 2:
                        continue  # closed point
                    hit = them[BAR - dst] == 1
                else:
                    if outside or (dst < 0 and src != highest_home):
                        continue  # bearing off needs all home; a larger die only from the top
                    dst = OFF
                    hit = False
                us[src] -= 1
                us[dst] += 1
                if hit:
                    them[BAR - dst] = 0
                    them[BAR] += 1
                steps.append((src, dst, hit))
                # Doubles: keep sources non-increasing so permutations are not searched twice.
                below = dfs(
                    order,
                    depth + 1,
                    outside - (src > 6 and dst <= 6),
                    src if doubles else BAR,
                    hits | (1 << (BAR - dst)) if hit else hits,
                )
                if below > deepest:
                    deepest = below
                steps.pop()
                if hit:
                    them[BAR] -= 1
                    them[BAR - dst] = 1
                us[dst] -= 1
                us[src] += 1
        if deepest == depth:  # a leaf: nothing more could be played on this path
            # Bearing off the last checker ends the play early only when no other order of the
            # dice plays more of them (GNU Backgammon agrees: 3/1*/off beats 3/off with 3-2).
            value = depth
            if value >= state.best:
                if value > state.best:
                    state.best = value
                    state.leaves = {}
                    state.first_die = {}
                key = (tuple(us), hits)
                if key not in state.leaves:
                    state.leaves[key] = tuple(steps)
                    if steps:
                        state.first_die[key] = order[0]
            deepest = value
        if state.nodes is not None:
            key = (tuple(us), hits)
            old = state.nodes.get(key)
            if old is None or old[1] < deepest:
                state.nodes[key] = (depth, deepest)
        return deepest

    outside = sum(us[7:26])
    for order in orders:
        dfs(order, 0, outside, BAR, 0)
    return state


def _plays(position: Position, dice: Dice, state: _Node) -> list[Play]:
    leaves = state.leaves
    if state.best == 1 and dice[0] != dice[1]:
        larger = max(dice)
        # Only one die can be played: the larger one when possible.
        if any(state.first_die.get(k) == larger for k in leaves):
            leaves = {k: v for k, v in leaves.items() if state.first_die.get(k) == larger}
    plays = []
    for (us, hits), steps in leaves.items():
        moves = tuple(map(Move._make, steps))
        them = _them_after(position.them, hits)
        plays.append(Play(moves, Position._trusted(us, them, position.player)))
    return plays


def _them_after(them: tuple[int, ...], hits: int) -> tuple[int, ...]:
    """The opponent's counts after the blots in ``hits`` (a bitmask of points) went to the bar."""
    if not hits:
        return them
    after = list(them)
    for point in range(1, 25):
        if hits >> point & 1:
            after[point] = 0
            after[BAR] += 1
    return tuple(after)


def legal_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """Every legal play for ``position`` (the side on roll moves) and ``dice``.

    Exactly one play per distinct resulting position. Each play's ``.result`` is the position
    after it, still seen from the mover. A roll that cannot be played gives ``[Play(())]`` whose
    result is the unchanged position.
    """
    dice = validate_dice(dice)
    return _plays(position, dice, _search(position, dice, False))


def iter_legal_results(position: Position, dice: tuple[int, int]) -> Iterator[Position]:
    """The distinct positions reachable by a legal play (cheaper than building the plays)."""
    for play in legal_plays(position, dice):
        assert play.result is not None
        yield play.result


@dataclass(frozen=True)
class PlayTree:
    """Every legal play and every position part-way through one, for a position and roll.

    ``partial`` maps each intermediate position (seen from the mover) to the number of dice
    used to reach it; the starting position is included with 0 when any move is possible.
    """

    plays: tuple[Play, ...]
    partial: dict[Position, int]
    dice_to_play: int

    @property
    def results(self) -> list[Position]:
        """The position after each legal play (seen from the mover), in play order."""
        return [p.result for p in self.plays if p.result is not None]

    def play_for(self, result: Position) -> Play | None:
        """The legal play that ends in ``result``, if any."""
        for play in self.plays:
            if play.result == result:
                return play
        return None


def play_tree(position: Position, dice: tuple[int, int]) -> PlayTree:
    """Legal plays plus the positions part-way through them (for "still moving" checks)."""
    dice = validate_dice(dice)
    state = _search(position, dice, True)
    plays = _plays(position, dice, state)
    finals = {p.result for p in plays}
    partial: dict[Position, int] = {}
    assert state.nodes is not None
    best = max(state.best, 0)
    for (us, hits), (depth, deepest) in state.nodes.items():
        if deepest == best and depth < best:
            pos = Position._trusted(us, _them_after(position.them, hits), position.player)
            if pos not in finals:
                partial[pos] = depth
    return PlayTree(tuple(plays), partial, best)
