"""Tests of the GNU Backgammon driver itself: layout, perspective, completeness, Position IDs.

Match IDs and .mat import: test_gnubg_match_support.py.
"""

from __future__ import annotations

import pytest

from tests.support import gnubg as g
from tests.support import gnubg_process
from tests.support.gnubg import (
    START_POSITION_ID,
    GnubgError,
    decode_position_id,
    decode_position_ids,
    gnubg_check_plays,
    legal_plays,
    legal_results,
    position_id_for,
    position_ids_for,
    requires_gnubg,
    sample_queries,
    swap_sides,
)

START_SIDE = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5) + (0,) * 10 + (2, 0)
BAR = 24  # gnubg's index of the bar


def side(points: dict[int, int]) -> tuple[int, ...]:
    """25 counts in gnubg's layout from {point 1-24 or 25 (bar): n}."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] += n
    return tuple(counts)


# ---------------------------------------------------------------------------------------------
# A small brute-force play enumerator, independent of gnubg, used to check that the driver
# returns every legal result and nothing else.


def _steps(opp: list[int], me: list[int], die: int) -> list[tuple[list[int], list[int]]]:
    """Every single-checker move of `die` pips; boards in gnubg's layout (mover = me)."""
    out = []
    sources = [BAR] if me[BAR] else [i for i in range(24) if me[i]]
    for i in sources:
        point = 25 if i == BAR else i + 1
        target = point - die
        if target >= 1:
            if opp[24 - target] >= 2:
                continue
        else:
            if any(me[6:]):
                continue  # bearing off needs every checker home
            if target < 0 and any(me[point:6]):
                continue  # a higher die may only bear off from the highest point
        o, m = opp[:], me[:]
        m[i] -= 1
        if target >= 1:
            m[target - 1] += 1
            if o[24 - target] == 1:
                o[24 - target] = 0
                o[BAR] += 1
        out.append((o, m))
    return out


def brute_results(
    board: tuple[tuple[int, ...], tuple[int, ...]], dice: tuple[int, int]
) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Result boards of all legal plays: as many dice as possible, else the larger die."""
    a, b = dice
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    # result -> (most dice used, the die used when only one)
    finals: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}

    def walk(opp: list[int], me: list[int], rest: list[int], used: list[int]) -> None:
        nexts = _steps(opp, me, rest[0]) if rest else []
        if not nexts:
            key = (tuple(opp), tuple(me))
            score = (len(used), max(used) if len(used) == 1 else 0)
            finals[key] = max(finals.get(key, (0, 0)), score)
            return
        for o, m in nexts:
            walk(o, m, rest[1:], used + [rest[0]])

    for order in orders:
        walk(list(board[0]), list(board[1]), order, [])
    best = max(finals.values())
    if best[0] == 1 and a != b:
        # Only one die can be played: the larger one if it can be played at all.
        best = max((s for s in finals.values()), key=lambda s: s[1])
        return {k for k, s in finals.items() if s == best}
    return {k for k, s in finals.items() if s[0] == best[0]}


# ---------------------------------------------------------------------------------------------
# Driver plumbing that needs no gnubg


def test_find_gnubg_honours_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("BGREF_GNUBG", str(tmp_path / "no-such-gnubg"))
    assert g.find_gnubg() is None
    with pytest.raises(GnubgError, match="not found"):
        legal_results([(START_POSITION_ID, (3, 1))])


def test_a_failing_binary_raises_with_its_output(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BGREF_GNUBG", "/bin/false")
    with pytest.raises(GnubgError, match=r"exit 1\) gave no answer"):
        legal_results([(START_POSITION_ID, (3, 1))])


def test_a_hung_binary_is_killed_at_the_timeout(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    fake = tmp_path / "gnubg"
    fake.write_text("#!/bin/sh\necho starting >&2\nexec sleep 60\n")
    fake.chmod(0o755)
    monkeypatch.setenv("BGREF_GNUBG", str(fake))
    monkeypatch.setattr(gnubg_process, "_BASE_TIMEOUT", 0.5)
    with pytest.raises(GnubgError, match="timed out .* stderr: starting"):
        legal_results([(START_POSITION_ID, (3, 1))])


@pytest.mark.parametrize(
    "query, message",
    [
        (("4HPwATDgc/ABM", (3, 1)), "not a Position ID"),
        (("4HPwATDgc/AB#A", (3, 1)), "not a Position ID"),
        ((START_POSITION_ID, (0, 1)), "dice must be two numbers 1-6"),
        ((START_POSITION_ID, (7, 1)), "dice must be two numbers 1-6"),
        ((START_POSITION_ID, 31), "dice must be two numbers 1-6"),
        ("4HPwATDgc/ABMA", "a query is"),
    ],
)
def test_bad_queries_are_refused_before_gnubg_runs(query, message) -> None:
    with pytest.raises(GnubgError, match=message):
        legal_results([query])


def test_empty_batches_need_no_gnubg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BGREF_GNUBG", "/bin/false")
    assert legal_results([]) == []
    assert position_ids_for([]) == []


# ---------------------------------------------------------------------------------------------
# Layout and perspective


@pytest.mark.gnubg
@requires_gnubg
def test_start_position_id_decodes_to_gnubg_layout() -> None:
    assert decode_position_id(START_POSITION_ID) == (START_SIDE, START_SIDE)
    assert position_id_for((START_SIDE, START_SIDE)) == START_POSITION_ID


@pytest.mark.gnubg
@requires_gnubg
def test_side_on_roll_is_the_second_block() -> None:
    opponent = side({1: 2, 24: 1})
    on_roll = side({6: 3, 25: 1})
    pid = position_id_for((opponent, on_roll))
    assert pid == "AwAAAg4AgAAAAA"
    assert decode_position_id(pid) == (opponent, on_roll)
    # Only the second block has a checker on the bar, and gnubg makes it enter first: so the
    # second block is the side gnubg moves. 6/1* hits the first block's checker on its 24.
    assert set(legal_plays([(pid, (6, 5))])[0].values()) == {"bar/14", "bar/19 6/1*"}
    # Exchanging the blocks hands the roll over: now the first block's checkers move.
    swapped = swap_sides([pid])[0]
    assert decode_position_id(swapped) == (on_roll, opponent)
    assert swap_sides([swapped]) == [pid]
    assert set(legal_plays([(swapped, (2, 1))])[0].values()) == {"24/21"}


@pytest.mark.gnubg
@requires_gnubg
def test_results_are_seen_from_the_mover() -> None:
    plays = legal_plays([(START_POSITION_ID, (3, 1))])[0]
    by_notation = {n: r for r, n in plays.items()}
    opponent, mover = decode_position_id(by_notation["8/5 6/5"])
    assert opponent == START_SIDE  # untouched, still the first block
    assert mover == side({6: 4, 5: 2, 8: 2, 13: 5, 24: 2})
    # A hit sends the opponent's blot to its bar, in the first block.
    # A blot on our 5 point (its 20): 6/5* hits it.
    pid = position_id_for((side({20: 1, 1: 14}), side({6: 15})))
    hit = legal_plays([(pid, (5, 1))])[0]
    assert "6/5*" in " ".join(hit.values())
    for (opp, _), notation in zip(decode_position_ids(list(hit)), hit.values(), strict=True):
        assert (opp[BAR] == 1) == ("*" in notation)


@pytest.mark.gnubg
@requires_gnubg
def test_hits_on_the_way_are_applied() -> None:
    # One checker on our 24, an opposing blot on our 23 (its 2): 3-1 plays 24/23*/20 (hit on
    # the way) or 24/21/20 (no hit): two different results.
    pid = position_id_for((side({2: 1, 20: 14}), side({24: 1, 6: 14})))
    plays = legal_plays([(pid, (3, 1))])[0]
    by_notation = {n: r for r, n in plays.items()}
    assert "24/23*/20" in by_notation and "24/20" in by_notation
    hit, quiet = decode_position_ids([by_notation["24/23*/20"], by_notation["24/20"]])
    assert hit == (side({25: 1, 20: 14}), side({20: 1, 6: 14}))
    assert quiet == (side({2: 1, 20: 14}), side({20: 1, 6: 14}))


@pytest.mark.gnubg
@requires_gnubg
def test_no_legal_play_gives_the_unchanged_position() -> None:
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 24: 3})
    pid = position_id_for((closed, side({25: 1, 13: 14})))
    assert legal_plays([(pid, (6, 6)), (pid, (3, 2))]) == [{pid: ""}, {pid: ""}]


@pytest.mark.gnubg
@requires_gnubg
def test_known_play_sets() -> None:
    start = START_POSITION_ID
    results = legal_plays([(start, (3, 1)), (start, (1, 3)), (start, (6, 6))])
    assert results[0] == results[1]  # die order does not matter
    assert "8/5 6/5" in results[0].values()
    assert set(results[2].values()) >= {"24/18(2) 13/7(2)", "13/7(4)", "24/18(2) 8/2(2)"}
    # Bear-off: with 6-5 and checkers on 4 and 3 only, both come off.
    pid = position_id_for((START_SIDE, side({4: 1, 3: 1})))
    assert set(legal_plays([(pid, (6, 5))])[0].values()) == {"4/off 3/off"}


# ---------------------------------------------------------------------------------------------
# Completeness: the driver against the brute-force enumerator and against gnubg's `move`


@pytest.fixture(scope="module")
def sampled() -> list[tuple[str, tuple[int, int]]]:
    return sample_queries(160, seed=7) + sample_queries(240, seed=7, mode="random")


@pytest.mark.gnubg
@requires_gnubg
def test_sample_queries_are_deterministic_and_varied(sampled) -> None:
    assert sample_queries(160, seed=7) == sampled[:160]
    assert len(set(sampled)) > 350
    boards = decode_position_ids(sorted({pid for pid, _ in sampled}))
    assert sum(me[BAR] > 0 for _, me in boards) > 20  # entering from the bar
    assert sum(sum(me) < 15 and not any(me[6:]) for _, me in boards) > 20  # bearing off
    assert sum(all(opp[i] >= 2 for i in range(6)) for opp, _ in boards) > 5  # closed boards
    assert sum(d[0] == d[1] for _, d in sampled) > 30


@pytest.mark.gnubg
@requires_gnubg
def test_results_equal_a_brute_force_enumeration(sampled) -> None:
    results = legal_results(sampled)
    ids = sorted({pid for pid, _ in sampled} | set().union(*results))
    boards = dict(zip(ids, decode_position_ids(ids), strict=True))
    empty = 0
    for (pid, dice), got in zip(sampled, results, strict=True):
        expected = brute_results(boards[pid], dice)
        assert {boards[r] for r in got} == expected, (pid, dice)
        empty += got == {pid}
    assert empty > 0  # the sample includes rolls with no legal play


@pytest.mark.gnubg
@requires_gnubg
def test_applied_notations_equal_gnubgs_own_move_command(sampled) -> None:
    queries = sampled[::8]
    assert gnubg_check_plays(queries) == legal_plays(queries)


@pytest.mark.gnubg
@requires_gnubg
def test_gnubg_errors_name_the_query() -> None:
    nobody_to_move = position_id_for((START_SIDE, (0,) * 25))
    with pytest.raises(GnubgError, match="no checkers left"):
        legal_results([(nobody_to_move, (3, 1))])
    with pytest.raises(GnubgError, match="not a canonical position ID|rejects position ID"):
        decode_position_id("//////////////")


def test_brute_force_enumerator_basics() -> None:
    # Sanity of the reference itself on hand-checked cases; the opponent parks its spare
    # checkers on its 20 point (our 5), out of the way.
    start = (START_SIDE, START_SIDE)
    assert len(brute_results(start, (3, 1))) == 16
    # Our 18 (its 7) closed: the 6 can only follow the 1, 24/23/17.
    opp = side({7: 2, 20: 13})
    assert brute_results((opp, side({24: 1})), (6, 1)) == {(opp, side({17: 1}))}
    # Our 13 (its 12) closed: 24/18 or 24/19 but never both; the larger die is played.
    opp = side({12: 2, 20: 13})
    assert brute_results((opp, side({24: 1})), (6, 5)) == {(opp, side({18: 1}))}
    # Our 18 and 13 closed: only the 5 can be played.
    opp = side({7: 2, 12: 2, 20: 11})
    assert brute_results((opp, side({24: 1})), (6, 5)) == {(opp, side({19: 1}))}
    # Bearing off: a larger die only from the highest point. 5/off 2/1, 2/1 5/off or 5/4 4/off.
    opp = side({20: 15})
    assert brute_results((opp, side({5: 1, 2: 1})), (6, 1)) == {
        (opp, side({1: 1})),
        (opp, side({2: 1})),
    }
