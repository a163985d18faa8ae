"""A deliberately naive legal-play generator: an independent check on rules.legal.

It tries every ordering of the dice and every checker for each die, straight from the rules'
wording, with no shortcuts; slow but easy to read.
"""

from __future__ import annotations

from itertools import permutations

from rules.position import BAR, OFF, Position


def _single_moves(us: list[int], them: list[int], die: int) -> list[tuple[list[int], list[int]]]:
    out = []
    for src in range(BAR, 0, -1):
        if us[src] == 0:
            continue
        if us[BAR] > 0 and src != BAR:
            continue  # the bar must be emptied first
        dst = src - die
        if dst >= 1:
            if them[25 - dst] >= 2:
                continue  # closed point
        else:
            if any(us[p] for p in range(7, 26)):
                continue  # not all home
            if dst < 0 and any(us[p] for p in range(src + 1, 7)):
                continue  # a higher point is occupied
            dst = OFF
        nu, nt = us[:], them[:]
        nu[src] -= 1
        nu[dst] += 1
        if dst != OFF and nt[25 - dst] == 1:
            nt[25 - dst] = 0
            nt[BAR] += 1
        out.append((nu, nt))
    return out


def reference_results(pos: Position, dice: tuple[int, int]) -> set[Position]:
    """Every position reachable by a legal play."""
    d1, d2 = dice
    sequences = [[d1] * 4] if d1 == d2 else [list(p) for p in permutations((d1, d2))]
    finished: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []  # (used, first die, ..)
    for seq in sequences:
        frontier = [(list(pos.us), list(pos.them), 0)]
        while frontier:
            us, them, used = frontier.pop()
            nexts = _single_moves(us, them, seq[used]) if used < len(seq) else []
            if not nexts:
                finished.append((used, seq[0], tuple(us), tuple(them)))
            for nu, nt in nexts:
                frontier.append((nu, nt, used + 1))
    most = max(f[0] for f in finished)
    best = [f for f in finished if f[0] == most]
    if most == 1 and d1 != d2:
        larger = [f for f in best if f[1] == max(dice) and (f[2], f[3]) != (pos.us, pos.them)]
        if larger:
            best = larger
    return {Position(us, them, pos.player) for _, _, us, them in best}
