"""Match state-machine benchmark: actions applied per second, log replay, Match ID, .mat export.

    .venv/bin/python bench/match.py [--matches 5] [--length 7] [--seed 1]

Matches are played with seeded random dice and random legal plays. Times are CPU time of this
process (time.process_time).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.game import Phase  # noqa: E402
from rules.match import Match  # noqa: E402
from rules.matfile import from_mat, to_mat  # noqa: E402


def play_match(length: int, rnd: random.Random) -> Match:
    m = Match(length)
    while not m.is_over:
        if m.phase is Phase.OPENING:
            m.opening_roll(rnd.randint(1, 6), rnd.randint(1, 6))
        elif m.phase is Phase.TO_ROLL:
            turn = m.turn
            assert turn is not None  # someone is to roll after the opening
            if m.game.cube_available and m.cube.may_double(turn) and (rnd.random() < 0.05):
                m.double()
                m.take() if rnd.random() < 0.7 else m.pass_()
                continue
            m.roll(rnd.randint(1, 6), rnd.randint(1, 6))
        else:
            plays = m.legal_plays()
            m.move(rnd.choice(plays) if plays else m.position)
    return m


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--length", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd = random.Random(args.seed)

    t0 = time.process_time()
    matches = [play_match(args.length, rnd) for _ in range(args.matches)]
    t1 = time.process_time()
    actions = sum(len(m.log) for m in matches)
    print(
        f"played {args.matches} {args.length}-point matches: {actions} actions, "
        f"{actions / (t1 - t0):.0f} actions/s (including legal-play generation)"
    )

    t0 = time.process_time()
    for m in matches:
        again = Match.from_json(json.loads(json.dumps(m.to_json())))
        assert again.state == m.state
    t1 = time.process_time()
    print(f"JSON log replay: {actions / (t1 - t0):.0f} actions/s")

    t0 = time.process_time()
    ids = 0
    for m in matches:
        replay = Match(m.length)
        for action in m.log:
            replay.apply(action)
            replay.match_id()
            ids += 1
    t1 = time.process_time()
    print(f"replay + Match ID after every action: {ids / (t1 - t0):.0f} actions/s")

    t0 = time.process_time()
    for m in matches:
        back = from_mat(to_mat(m))
        assert back.score == m.score
    t1 = time.process_time()
    print(f".mat export + import: {(t1 - t0) / len(matches) * 1000:.1f} ms per match")


if __name__ == "__main__":
    main()
