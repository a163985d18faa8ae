"""Differential test: our legal plays and notation against GNU Backgammon's own generator.

Thousands of positions: from games played inside gnubg (walk) and random boards mixing contact,
closed boards with checkers on the bar, bear-offs and races.
"""

from __future__ import annotations

import pytest

from rules.legal import legal_plays
from rules.position import Position
from tests.support.gnubg import legal_plays as gnubg_legal_plays
from tests.support.gnubg import requires_gnubg, sample_queries

pytestmark = [pytest.mark.gnubg, requires_gnubg]

N_EACH = 1500
Answers = list[tuple[str, tuple[int, int], dict[str, str]]]


@pytest.fixture(scope="module")
def answers() -> Answers:
    queries = sample_queries(N_EACH, seed=7, mode="walk") + sample_queries(
        N_EACH, seed=8, mode="random"
    )
    theirs = gnubg_legal_plays(queries)
    return [(pid, dice, plays) for (pid, dice), plays in zip(queries, theirs, strict=True)]


def ours(pid: str, dice: tuple[int, int]) -> dict[str, str]:
    pos = Position.from_position_id(pid)
    return {p.result.position_id(): str(p) for p in legal_plays(pos, dice) if p.result}


def test_legal_results_match_gnubg(
    answers: list[tuple[str, tuple[int, int], dict[str, str]]],
) -> None:
    assert len(answers) == 2 * N_EACH
    wrong = [
        (pid, dice, sorted(set(ours(pid, dice)) ^ set(theirs)))
        for pid, dice, theirs in answers
        if set(ours(pid, dice)) != set(theirs)
    ]
    assert not wrong, f"{len(wrong)} of {len(answers)} differ, e.g. {wrong[:3]}"


def test_notation_matches_gnubg(answers: Answers) -> None:
    differ = []
    total = 0
    for pid, dice, theirs in answers:
        mine = ours(pid, dice)
        for rid, text in theirs.items():
            total += 1
            if mine.get(rid) != text:
                differ.append((pid, dice, text, mine.get(rid)))
    assert total > 10_000
    assert not differ, f"{len(differ)} of {total} plays written differently, e.g. {differ[:5]}"
