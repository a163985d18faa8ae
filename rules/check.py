"""Judging an observed play: legal, still moving, or illegal with a reason a player understands.

>>> from rules.position import Position
>>> start = Position.start()
>>> after = start.apply(Play.parse("8/5 6/5"))
>>> check_play(start, (3, 1), after).legal
True
>>> verdict = check_play(start, (3, 1), start.apply(Play.parse("8/5")))
>>> verdict.partial, verdict.reason
(True, 'the 1 could have been played: both dice must be used')
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.legal import (
    ALLOWED,
    BAR_FIRST,
    CLOSED_POINT,
    NO_CHECKER,
    NOT_ALL_HOME,
    NOT_HIGHEST,
    PlayTree,
    legal_plays,
    play_tree,
    step_rule,
    validate_dice,
)
from rules.play import Move, Play, format_moves
from rules.position import BAR, OFF, InvalidPosition, Position

WhiteNumbered = tuple[Sequence[int], Sequence[int], Mapping[str, int], Mapping[str, int] | None]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one observed play.

    ``legal``: the after-position is the result of a legal play (``play`` is that play).
    ``partial``: not finished but part-way through some legal play (the player may still be
    moving); ``legal`` is then False and ``reason`` says what is left to play.
    Otherwise the play is illegal and ``reason`` says why; ``closest`` lists the legal plays
    nearest to what was done.
    """

    legal: bool
    partial: bool = False
    play: Play | None = None
    reason: str = ""
    closest: tuple[Play, ...] = ()

    @property
    def status(self) -> str:
        """``"legal"``, ``"partial"`` or ``"illegal"``."""
        if self.legal:
            return "legal"
        return "partial" if self.partial else "illegal"


def check_play(
    before: Position,
    dice: tuple[int, int],
    after: Position | WhiteNumbered,
    tree: PlayTree | None = None,
) -> Verdict:
    """Judge the change from ``before`` to ``after`` with ``dice`` (``before.player`` moved).

    ``after`` is a Position (either side's view) or the vision layer's
    ``(white, black, bar, off)`` counts in white's numbering. Pass a precomputed ``tree``
    (from ``play_tree``) when judging many frames of the same turn.
    """
    dice = validate_dice(dice)
    if not isinstance(after, Position):
        try:
            white, black, bar, off = after
            after = Position.from_white_numbered(white, black, bar, off, before.player)
        except InvalidPosition as exc:
            return Verdict(False, reason=f"the after-position is not possible: {exc}")
    if after.player is not before.player:
        after = after.flip()
    if tree is None:
        for play in legal_plays(before, dice):
            if play.result == after:
                return Verdict(True, play=play, reason="legal")
        tree = play_tree(before, dice)
    else:
        found = tree.play_for(after)
        if found is not None:
            return Verdict(True, play=found, reason="legal")
    closest = _closest(tree, after)
    if after in tree.partial:
        used = tree.partial[after]
        return Verdict(False, True, reason=_unfinished(before, after, dice, used), closest=closest)
    return Verdict(False, reason=_explain(before, dice, after, tree), closest=closest)


def _distance(a: Position, b: Position) -> int:
    return sum(abs(x - y) for x, y in zip(a.us, b.us, strict=True)) + sum(
        abs(x - y) for x, y in zip(a.them, b.them, strict=True)
    )


def _closest(tree: PlayTree, after: Position, n: int = 3) -> tuple[Play, ...]:
    scored = [(_distance(p.result, after), i) for i, p in enumerate(tree.plays) if p.result]
    return tuple(tree.plays[i] for _, i in heapq.nsmallest(n, scored))


def _dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _unfinished(before: Position, after: Position, dice: tuple[int, int], used: int) -> str:
    if used == 0:
        return f"no checker has moved, but {_dice_text(dice)} can be played"
    if dice[0] == dice[1]:
        left = 4 - used
        return f"only {used} of the four {dice[0]}s played: {left} more can be played"
    moved = before.pip_counts()[0] - after.pip_counts()[0]
    if moved in dice:
        remaining = dice[1] if moved == dice[0] else dice[0]
        return f"the {remaining} could have been played: both dice must be used"
    return "only one die played: both dice must be used"


def _opponent_change(before: Position, after: Position) -> str | None:
    """Why the opponent's checkers cannot have changed this way during our turn, if they can't."""
    opp = before.player.opponent
    hits = 0
    for p in range(1, 25):
        b, a = before.them[p], after.them[p]
        if a == b:
            continue
        if b == 1 and a == 0:
            hits += 1
            continue
        return (
            f"{opp}'s checkers changed during {before.player}'s turn (their point {p}: {b} -> {a})"
        )
    if after.them[BAR] != before.them[BAR] + hits:
        return (
            f"{opp}'s bar went from {before.them[BAR]} to {after.them[BAR]}, "
            f"but {hits} {opp} checker(s) were hit"
        )
    if after.them[OFF] != before.them[OFF]:
        return f"{opp}'s borne-off count changed during {before.player}'s turn"
    return None


class _PathFinder:
    """Finds single-die steps from one position to another ignoring the rules, with as few rule
    breaks as possible, so an illegal play can be explained by the first rule it broke."""

    def __init__(self, before: Position, target: Position, order: tuple[int, ...]) -> None:
        self.us, self.them = list(before.us), list(before.them)
        self.goal = (target.us, target.them)
        self.target_them = target.them
        self.target_pips = target.pip_counts()[0]
        self.pips = before.pip_counts()[0]
        self.order = order
        # Pips the remaining dice can move at most, from each depth on.
        self.reach = [sum(order[i:]) for i in range(len(order) + 1)]
        self.path: list[tuple[int, int, int]] = []
        self.seen: set[tuple[int, tuple[int, ...], tuple[int, ...]]] = set()
        self.best: list[tuple[int, int, int]] | None = None
        self.best_cost = 99

    def search(self, depth: int = 0, cost: int = 0) -> None:
        us, them = self.us, self.them
        if cost >= self.best_cost:
            return
        if (tuple(us), tuple(them)) == self.goal:
            self.best, self.best_cost = list(self.path), cost
            return
        # Prune: checkers only move forward, by at most the dice left.
        if not 0 < self.pips - self.target_pips <= self.reach[depth]:
            return
        state = (depth, tuple(us), tuple(them))
        if state in self.seen:
            return
        self.seen.add(state)
        die = self.order[depth]
        outside = sum(us[7:26])
        for src in range(BAR, 0, -1):
            rule = step_rule(us, them, src, die, outside)
            if rule == NO_CHECKER:
                continue
            dst = max(src - die, OFF)
            hit = dst != OFF and them[BAR - dst] == 1
            if hit and self.target_them[BAR - dst]:
                continue  # that blot is still there afterwards: it was not hit
            us[src] -= 1
            us[dst] += 1
            if hit:
                them[BAR - dst] = 0
                them[BAR] += 1
            self.pips -= src - dst
            self.path.append((src, die, rule))
            self.search(depth + 1, cost + (rule != ALLOWED))
            self.path.pop()
            self.pips += src - dst
            if hit:
                them[BAR] -= 1
                them[BAR - dst] = 1
            us[dst] -= 1
            us[src] += 1


def _find_path(
    before: Position, dice: tuple[int, int], target: Position
) -> list[tuple[int, int, int]] | None:
    """[(src, die, rule)] from ``before`` to ``target`` with the fewest broken rules, or None."""
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    best: list[tuple[int, int, int]] | None = None
    best_cost = 99
    for order in orders:
        finder = _PathFinder(before, target, order)
        finder.best_cost = best_cost
        finder.search()
        if finder.best is not None:
            best, best_cost = finder.best, finder.best_cost
    return best


def _step_text(src: int, die: int) -> str:
    dst = max(src - die, OFF)
    return str(Move(src, dst))


def describe_change(before: Position, after: Position) -> str:
    """Moves that turn ``before`` into ``after`` (mover's view), in notation.

    Checkers leaving points are paired with checkers arriving, highest first: a readable
    description of what changed, not necessarily the moves actually made.

    >>> start = Position.start()
    >>> describe_change(start, start.apply(Play.parse("24/20 13/9")))
    '24/20 13/9'
    """
    sources: list[int] = []
    targets: list[int] = []
    for p in range(BAR, OFF - 1, -1):
        diff = before.us[p] - after.us[p]
        sources.extend([p] * max(diff, 0))
        targets.extend([p] * max(-diff, 0))
    hits = {BAR - p for p in range(1, 25) if before.them[p] > after.them[p]}
    moves = [
        Move(src, dst, dst in hits) for src, dst in zip(sources, targets, strict=False) if src > dst
    ]
    return format_moves(moves)


def _explain(before: Position, dice: tuple[int, int], after: Position, tree: PlayTree) -> str:
    me = before.player
    opp_problem = _opponent_change(before, after)
    if opp_problem:
        return opp_problem
    path = _find_path(before, dice, after)
    if path is None:
        # More checkers at or above some point than before: something moved backwards.
        if any(sum(after.us[k:]) > sum(before.us[k:]) for k in range(1, BAR + 1)):
            return f"{me}'s checkers moved backwards ({describe_change(before, after)})"
        return f"{describe_change(before, after)} does not fit the roll {_dice_text(dice)}"
    for src, die, rule in path:
        step = _step_text(src, die)
        if rule == CLOSED_POINT:
            return f"{step} lands on a closed point"
        if rule == BAR_FIRST:
            return f"a checker on the bar must enter first ({step} was played before entering)"
        if rule == NOT_ALL_HOME:
            return f"{step} bore off while a checker was outside the home board"
        if rule == NOT_HIGHEST:
            return (
                f"{step} bore off with a {die} while a checker was on a higher point: "
                f"the {die} must be played from the higher point"
            )
    # Every step was allowed, so too few dice were used.
    used = len(path)
    if used < tree.dice_to_play:
        if dice[0] != dice[1] and tree.dice_to_play == 1 and used == 1:
            return f"only one die can be played, so the larger ({max(dice)}) must be played"
        if dice[0] != dice[1] and used == 1:
            other = dice[1] if path[0][1] == dice[0] else dice[0]
            return f"the {other} could have been played: both dice must be used"
        if used == 0:
            return f"no checker moved, but {_dice_text(dice)} can be played"
        return (
            f"{used} of {tree.dice_to_play} moves played: "
            f"{'all four' if dice[0] == dice[1] else 'both dice'} must be used"
        )
    if dice[0] != dice[1] and tree.dice_to_play == 1 and used == 1:
        return f"only one die can be played, so the larger ({max(dice)}) must be played"
    return "the play does not follow the rules"  # pragma: no cover - every case is named above
