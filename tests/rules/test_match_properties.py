"""Property tests: random action scripts never reach an impossible state, the log replays into
the same state, and Match IDs round-trip."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.actions import ActionRefused, VoidReason
from rules.cube import Rules
from rules.game import Phase
from rules.match import Match, Score
from rules.matchid import MatchId
from rules.side import Side

RULESETS = [
    (5, Rules()),
    (3, Rules(crawford=False, backgammon_value=2)),
    (1, Rules()),
    (0, Rules(jacoby=True, beavers=True, automatic_doubles=2)),
]


def _random_step(m: Match, rnd: random.Random) -> None:
    """Try one random action; refusals are fine, any other exception is a bug."""
    die = lambda: rnd.randint(1, 6)  # noqa: E731
    choice = rnd.random()
    phase = m.phase
    try:
        if choice < 0.04:
            m.undo()
        elif choice < 0.07:
            m.void_roll(rnd.choice(list(VoidReason)))
        elif choice < 0.09:
            m.resign(rnd.randint(1, 3), by=rnd.choice([Side.WHITE, Side.BLACK]))
        elif phase is Phase.OPENING:
            m.opening_roll(die(), die())
        elif phase is Phase.TO_ROLL:
            if rnd.random() < 0.15:
                m.double()
            elif rnd.random() < 0.05:
                m.accept_illegal() if rnd.random() < 0.5 else m.demand_correction()
            else:
                m.roll(die(), die())
        elif phase is Phase.DOUBLED:
            r = rnd.random()
            m.take() if r < 0.6 else m.beaver() if r < 0.75 else m.pass_()
            assert m.phase is not Phase.DOUBLED or m.decider is not None
        elif phase is Phase.RESIGNATION:
            m.accept_resignation() if rnd.random() < 0.5 else m.decline_resignation()
        elif phase is Phase.ROLLED:
            plays = m.legal_plays()
            if plays and rnd.random() < 0.9:
                m.play(rnd.choice(plays))
            else:  # an illegal (or empty) play
                m.play(m.position)
        elif phase is Phase.MOVED:
            r = rnd.random()
            if r < 0.85:
                m.pick_up()
            elif r < 0.9:
                m.demand_correction()
            else:
                m.accept_illegal()
    except ActionRefused:
        pass


def _check_invariants(m: Match) -> None:
    s = m.state
    g = s.game
    assert sum(g.position.us) == 15 and sum(g.position.them) == 15
    assert g.cube.value >= 1 and g.cube.value & (g.cube.value - 1) == 0
    base = g.paused if g.phase is Phase.RESIGNATION and g.paused is not None else g
    if g.phase is not Phase.OVER:
        assert (base.dice is not None) == (base.phase in (Phase.ROLLED, Phase.MOVED))
        assert (base.moved is not None) == (base.phase is Phase.MOVED)
    assert (g.turn is None) == (g.phase is Phase.OPENING)
    if g.crawford:
        assert g.cube.value == 1 and g.cube.centred and g.phase is not Phase.DOUBLED
        if not m.is_over:  # a finished match keeps its last game, maybe the Crawford one
            assert sum(1 for r in s.games if r.crawford) == 0
    if not s.money:
        assert g.cube.value == 1 or g.cube.owner is not None  # no automatic doubles
    total = Score()
    for r in s.games:
        assert r.score_before == total
        assert r.result.points >= r.result.cube_value >= 1
        total = total.add(r.result.winner, r.result.points)
    assert total == s.score
    if s.length:
        leaders = [side for side in Side if s.score[side] >= s.length]
        assert leaders == ([s.winner] if s.winner else [])
        assert sum(1 for r in s.games if r.crawford) <= 1
    else:
        assert s.winner is None
    fields = MatchId.decode(m.match_id())
    assert fields.encode() == m.match_id()
    assert fields.score == (s.score.white, s.score.black) and fields.length == s.length
    assert fields.cube_value == g.cube.value and fields.crawford == g.crawford


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(range(len(RULESETS))))
def test_random_action_scripts_never_reach_an_impossible_state(seed: int, ruleset: int) -> None:
    length, rules = RULESETS[ruleset]
    rnd = random.Random(seed)
    m = Match(length, rules)
    for _ in range(400):
        _random_step(m, rnd)
        _check_invariants(m)
        if m.is_over:
            break
    replayed = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert replayed.state == m.state
    assert replayed.log == m.log


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    cube=st.integers(0, 15),
    owner=st.sampled_from([None, Side.WHITE, Side.BLACK]),
    on_roll=st.sampled_from(list(Side)),
    decider=st.sampled_from(list(Side)),
    crawford=st.booleans(),
    status=st.integers(0, 4),
    doubled=st.booleans(),
    resign=st.integers(0, 3),
    dice=st.tuples(st.integers(0, 6), st.integers(0, 6)),
    length=st.integers(0, 2**15 - 1),
    score=st.tuples(st.integers(0, 2**15 - 1), st.integers(0, 2**15 - 1)),
    jacoby=st.booleans(),
)
def test_match_id_round_trips(
    cube: int,
    owner: Side | None,
    on_roll: Side,
    decider: Side,
    crawford: bool,
    status: int,
    doubled: bool,
    resign: int,
    dice: tuple[int, int],
    length: int,
    score: tuple[int, int],
    jacoby: bool,
) -> None:
    from rules.matchid import GameStatus

    info = MatchId(
        1 << cube,
        owner,
        on_roll,
        crawford,
        GameStatus(status),
        decider,
        doubled,
        resign,
        dice,
        length,
        score,
        jacoby,
    )
    text = info.encode()
    assert len(text) == 12 and MatchId.decode(text) == info
