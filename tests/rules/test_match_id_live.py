"""Play random matches in our Match and, command for command, in GNU Backgammon (both players
human, manual dice); after every action both must show the same Position ID and Match ID.

This covers the states an imported .mat never shows: a double waiting for an answer, a
resignation on offer, dice on the board before the play.
"""

from __future__ import annotations

import random
import re
import subprocess

import pytest

from rules.cube import Rules
from rules.game import Phase
from rules.match import Match
from rules.matfile import mat_moves
from tests.support.gnubg import find_gnubg, requires_gnubg

pytestmark = [pytest.mark.gnubg, requires_gnubg]

_LEVEL = {1: "single", 2: "gammon", 3: "backgammon"}


def _script(seed: int, length: int, actions: int) -> tuple[list[str], list[tuple[str, str]]]:
    """gnubg input lines and our expected (Position ID, Match ID) at each marker."""
    rnd = random.Random(seed)
    lines = ["set rng manual", "set automatic move off", "set automatic roll off"]
    lines += [f"set player {p} human" for p in (0, 1)]
    if length:
        m = Match(length)
        lines.append(f"new match {length}")
    else:  # a money session with every money-play option
        m = Match.money(Rules(jacoby=True, beavers=True, automatic_doubles=1))
        lines += ["set jacoby on", "set beavers 1", "set automatic doubles 1", "new session"]
    expected: list[tuple[str, str]] = []
    declined = False
    for _ in range(actions):
        if m.is_over:
            break
        games = len(m.games)
        phase = m.phase
        if phase is Phase.OPENING:
            a, b = rnd.randint(1, 6), rnd.randint(1, 6)
            m.opening_roll(a, b)
            lines.append(f"{a} {b}")
            if a == b:
                continue  # gnubg asks for the dice again at once: nothing else may be sent
        elif phase is Phase.TO_ROLL:
            r = rnd.random()
            turn = m.turn
            assert turn is not None  # someone is to roll after the opening
            if r < 0.12 and m.game.cube_available and m.cube.may_double(turn):
                m.double()
                lines.append("double")
            elif r < 0.14 and not declined and m.game.moves_made >= 2:
                # (gnubg's manual dice re-use the last opening roll when a game is resigned
                # before the second roll, so resignations wait until then)
                level = rnd.randint(1, 3)
                if m.is_money and not m.cube.turned:
                    # gnubg scores a resigned gammon in full even under the Jacoby rule (it
                    # counts single for a gammon played out); we apply Jacoby to both.
                    level = 1
                m.resign(level)
                lines.append(f"resign {_LEVEL[level]}")
            else:
                d1, d2 = rnd.randint(1, 6), rnd.randint(1, 6)
                m.roll(d1, d2)
                lines += ["roll", f"{d1} {d2}"]
                declined = False
                if not any(p.moves for p in m.legal_plays()):
                    continue  # gnubg passes at once for a player who cannot move
        elif phase is Phase.DOUBLED:
            r = rnd.random()
            if m.is_money and not m.game.beaver and r < 0.2:
                m.beaver()
                lines.append("beaver")
            elif r < 0.8:
                m.take()
                lines.append("take")
            else:
                m.drop()
                lines.append("drop")
        elif phase is Phase.RESIGNATION:
            if rnd.random() < 0.5:
                m.accept_resignation()
                lines.append("accept")
            else:
                m.decline_resignation()
                lines.append("reject")
                declined = True  # gnubg will not hear the same offer again this turn
        elif phase is Phase.ROLLED:
            plays = m.legal_plays()
            play = rnd.choice(plays) if plays else None
            m.move(play if play is not None else m.position)
            if play is not None and play.moves:
                lines.append(f"move {mat_moves(str(play))}")
        if len(m.games) != games or m.is_over:
            continue  # gnubg now asks for the next opening dice
        lines += ["show board", f"zzmark{len(expected)}"]
        expected.append((m.position.position_id(), m.match_id()))
    return lines, expected


def _gnubg_ids(lines: list[str], markers: int) -> list[tuple[str, str]]:
    gnubg = find_gnubg()
    assert gnubg is not None
    out = subprocess.run(
        [gnubg, "-t", "-q", "-r"],
        input="\n".join(lines) + "\n",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # the markers' "Unknown keyword" lines go to stderr
        text=True,
        timeout=300,
    ).stdout
    chunks = re.split(r"Unknown keyword `zzmark\d+'", out)[:markers]
    ids = []
    for chunk in chunks:
        pid = re.findall(r"Position ID: (\S{14})", chunk)
        mid = re.findall(r"Match ID\s*: (\S{12})", chunk)
        ids.append((pid[-1] if pid else "", mid[-1] if mid else ""))
    return ids


@pytest.mark.parametrize("seed,length", [(1, 3), (2, 5), (3, 7), (4, 9), (5, 0)])
def test_ids_equal_gnubgs_after_every_action(seed: int, length: int) -> None:
    lines, expected = _script(seed, length, 1500)
    assert len(expected) > 15
    got = _gnubg_ids(lines, len(expected))
    for i, (ours, theirs) in enumerate(zip(expected, got, strict=True)):
        assert ours == theirs, f"step {i}: ours {ours}, gnubg {theirs}"
