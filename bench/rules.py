"""Rules-engine benchmark: legal-play generation rate and check_play latency.

    .venv/bin/python bench/rules.py [--positions 2000] [--seed 1]

Positions come from random legal games (seeded): mid-game (contact) and bear-off positions.
Times are CPU time of this process (time.process_time), so other work on the machine does not
inflate them; on an idle machine they match wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.check import check_play  # noqa: E402
from rules.legal import legal_plays, play_tree  # noqa: E402
from rules.play import Play  # noqa: E402
from rules.position import Position  # noqa: E402
from rules.side import Side  # noqa: E402


def sample_positions(n: int, seed: int) -> tuple[list[Position], list[Position]]:
    """(mid-game, bear-off) positions from random legal games."""
    rng = random.Random(seed)
    mid: list[Position] = []
    bear: list[Position] = []
    while len(mid) < n or len(bear) < n:
        pos = Position.start(Side.WHITE)
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            play = rng.choice(legal_plays(pos, dice))
            assert play.result is not None
            if play.result.is_over():
                break
            pos = play.result.flip()
            if pos.is_contact():
                if len(mid) < n and rng.random() < 0.2:
                    mid.append(pos)
            elif sum(pos.us[7:]) == 0 and len(bear) < n:
                bear.append(pos)
    return mid, bear


def rate(positions: list[Position], dice_list: list[tuple[int, int]]) -> float:
    start = time.process_time()
    for pos, dice in zip(positions, dice_list, strict=True):
        legal_plays(pos, dice)
    return len(positions) / (time.process_time() - start)


OPENSPIEL_SCRIPT = """
import random, time, pyspiel
rng = random.Random(1)
game = pyspiel.load_game("backgammon")
states = []
while len(states) < 2000:
    s = game.new_initial_state()
    while not s.is_terminal() and len(states) < 2000:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            if rng.random() < 0.3:
                states.append(s.clone())
            s.apply_action(rng.choice(s.legal_actions()))
t0 = time.process_time()
for s in states:
    s.legal_actions()
print(len(states) / (time.process_time() - t0))
"""


def openspiel_rate(python: str) -> float | None:
    """OpenSpiel's legal_actions() rate (its own random-game states), via another interpreter
    that has open_spiel installed (it is not a bgref dependency)."""
    import subprocess

    try:
        out = subprocess.run(
            [python, "-c", OPENSPIEL_SCRIPT], capture_output=True, text=True, timeout=300
        )
        return float(out.stdout.strip())
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--openspiel-python",
        help="a Python with open_spiel installed, to measure OpenSpiel's generator in this run",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    mid, bear = sample_positions(args.positions, args.seed)
    non_doubles = [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b]
    print(f"positions: {len(mid)} mid-game, {len(bear)} bear-off (seed {args.seed})")
    for name, group in (("mid-game", mid), ("bear-off", bear)):
        nd = [rng.choice(non_doubles) for _ in group]
        dd = [(d, d) for d in (rng.randint(1, 6) for _ in group)]
        print(f"legal_plays {name:9s} non-doubles: {rate(group, nd):8.0f} positions/s")
        print(f"legal_plays {name:9s} doubles:     {rate(group, dd):8.0f} positions/s")
    if args.openspiel_python:
        rate_os = openspiel_rate(args.openspiel_python)
        print(
            "OpenSpiel legal_actions (C++, all dice, its own random-game states, not deduplicated"
            f" by result): {rate_os:8.0f} positions/s"
            if rate_os
            else "OpenSpiel: not available"
        )
    for name, group in (("mid-game", mid), ("bear-off", bear)):
        times: dict[str, list[float]] = {
            "legal": [],
            "part-way": [],
            "other-roll": [],
            "any, tree reused": [],
        }
        for pos in group:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            play = rng.choice(legal_plays(pos, dice))
            assert play.result is not None
            cases = {"legal": play.result}
            if len(play.moves) > 1:
                cases["part-way"] = pos.apply(Play(play.moves[:1]))
            # An illegal "after": a legal result for another roll.
            wrong = rng.choice(legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))).result
            assert wrong is not None
            cases["other-roll"] = wrong
            for label, after in cases.items():
                t0 = time.process_time()
                check_play(pos, dice, after)
                times[label].append(time.process_time() - t0)
            # The referee builds the turn's tree once per roll and judges every frame with it.
            tree = play_tree(pos, dice)
            for after in cases.values():
                t0 = time.process_time()
                check_play(pos, dice, after, tree)
                times["any, tree reused"].append(time.process_time() - t0)
        for label, ts in times.items():
            ts.sort()
            med = statistics.median(ts) * 1e3
            p99 = ts[int(0.99 * (len(ts) - 1))] * 1e3
            print(
                f"check_play {name:9s} {label:16s} after-positions: median {med:6.3f} ms"
                f"  p99 {p99:6.3f} ms  (n={len(ts)})"
            )


if __name__ == "__main__":
    main()
