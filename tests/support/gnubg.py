"""GNU Backgammon (gnubg 1.07, Debian package) as an independent oracle for tests.

Every function here starts ``gnubg -t -q -r -p SCRIPT`` (tty mode, quiet, no rc files, run a
Python script in gnubg's embedded interpreter, where ``import gnubg`` gives its API), hands it a
whole batch of queries in a JSON file and reads the answers back from another JSON file. One
process answers a whole list, so call the functions with lists, not in a loop. Each process runs
under a timeout; any failure raises :class:`GnubgError` carrying gnubg's own output. Pure
standard library apart from the ``requires_gnubg`` pytest marker.

Tests that need gnubg skip cleanly without it::

    from tests.support.gnubg import requires_gnubg, legal_results

    pytestmark = [pytest.mark.gnubg, requires_gnubg]

The binary is ``$BGREF_GNUBG`` if set, else ``gnubg`` on PATH, else ``/usr/games/gnubg``.

Board layout and perspective (checked by ``test_gnubg_support.py``)
------------------------------------------------------------------
gnubg holds a board as two arrays of 25 counts, ``(board[0], board[1])``; each array is in its
own side's numbering: index ``i`` is point ``i + 1`` (1-24, home board 1-6, moving toward 1) and
index 24 is the bar; borne-off checkers are not stored (15 minus the total). Our point ``p`` is
the opponent's point ``25 - p``.

**The side on roll is ``board[1]``, the SECOND block**, in ``gnubg.board()``, in
``gnubg.positionid``/``positionfromid`` and in every Position ID gnubg prints. In the start
position ``4HPwATDgc/ABMA`` both blocks are equal, so check it on an asymmetric one::

    >>> decode_position_id("AwAAAg4AgAAAAA")        # doctest: +SKIP
    ((2, 0, ..., 1, 0), (0, 0, 0, 0, 0, 3, 0, ..., 0, 1))
    # board[0] = opponent: 2 on its 1 point, 1 on its 24 point
    # board[1] = side on roll: 3 on its 6 point, 1 on the bar; with 6-5 gnubg offers the on-roll
    #            side 'bar/14' and 'bar/19 6/1*' (the hit lands on the opponent's 24 point).

What each function asks gnubg
-----------------------------
Match IDs and .mat import are in :mod:`tests.support.gnubg_match`.

Every process starts with both players human, ``set confirm new off``, ``set automatic roll
off``, ``set automatic game off``, ``set threads 1``, ``set evaluation chequerplay evaluation
plies 0``, ``set rng mersenne``, ``set seed 1``, and (except for imports and command lists)
``new game``. Starting a process costs ~0.3 s, so pass whole lists.

``legal_results`` / ``legal_plays``
    Per query: ``set board <id>`` (gnubg reads the ID with the side on roll as the second
    block, whoever's turn it was; the board gnubg then shows is compared with the ID, so a
    rejected position raises), ``set dice d1 d2`` (also checked), then ``gnubg.hint()`` with
    NO argument, i.e. up to MAX_MOVES plays (1.07 formats a given maximum into a 6-byte
    buffer, so ``hint(100000)`` would overflow it). At 0 ply gnubg's FindnSaveBestMoves keeps
    every play GenerateMoves returns, and GenerateMoves already merges plays that reach the
    same position, so the hint list is exactly one entry per distinct legal result (the tests
    check this against a brute-force enumerator; a duplicate would raise). Each entry's
    notation is parsed with ``gnubg.parsemove`` and applied to the board (a hit, including one
    on the way as in ``24/23*/20``, sends the opponent's blot to its bar); the tests check these
    results against gnubg's own ``move`` command (:func:`gnubg_check_plays`). When gnubg lists
    no play the result is the unchanged position and the notation is ``""``. Result IDs are
    **seen from the mover**: the mover is still ``board[1]`` (the position is not turned round
    for the opponent; :func:`swap_sides` does that).

    gnubg spends a fixed ~10 ms per hint in its thread pool's poll loop (``MT_WaitForTasks``
    sleeps before it looks again; every evaluating Python call goes through it), so one process
    answers only ~95 queries/s. Batches are therefore split over several processes
    (``workers``, default ``$BGREF_GNUBG_WORKERS`` or 8); they mostly sleep, so CPU use stays
    low. Measured: 3000 queries in 3.8 s (786 queries/s) on the idle 2-core machine, ~470/s
    with the machine under load (``python -m tests.support.gnubg bench 3000``).

``sample_queries``
    Realistic or random (Position ID, dice) queries generated inside gnubg (see its docstring).

``position_id_for`` / ``decode_position_id`` / ``swap_sides`` (and batch forms)
    ``gnubg.positionid(board)`` and ``gnubg.positionfromid(id)``; decoding rejects IDs that
    gnubg does not re-encode to the same string (garbage, more than 15 checkers, both sides on
    one point).

Throughput: ``python -m tests.support.gnubg bench [N]`` prints queries/second for N sampled
queries (half game walks, half random boards).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from tests.support.gnubg_process import (
    GnubgError,
    _bulk_workers,
    _call,
    _workers,
    find_gnubg,
    requires_gnubg,
)

__all__ = [
    "START_POSITION_ID",
    "GnubgError",
    "decode_position_id",
    "decode_position_ids",
    "find_gnubg",
    "gnubg_check_plays",
    "legal_plays",
    "legal_results",
    "position_id_for",
    "position_ids_for",
    "requires_gnubg",
    "sample_queries",
    "swap_sides",
]

START_POSITION_ID = "4HPwATDgc/ABMA"
_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
Board = tuple[tuple[int, ...], tuple[int, ...]]
Query = tuple[str, tuple[int, int]]


def _check_position_id(pid: object) -> str:
    if not isinstance(pid, str) or len(pid) != 14 or not set(pid) <= _B64:
        raise GnubgError(f"not a Position ID (14 base-64 characters): {pid!r}")
    return pid


def _check_query(query: object) -> tuple[str, tuple[int, int]]:
    if not isinstance(query, tuple | list) or len(query) != 2:
        raise GnubgError(f"a query is (position_id, (die1, die2)), got {query!r}")
    pid, dice = query
    _check_position_id(pid)
    if (
        not isinstance(dice, tuple | list)
        or len(dice) != 2
        or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice)
    ):
        raise GnubgError(f"dice must be two numbers 1-6, got {dice!r} (position {pid})")
    return pid, (dice[0], dice[1])


# --------------------------------------------------------------------------------------------
# Legal plays


def legal_plays(queries: Sequence[Query], *, workers: int | None = None) -> list[dict[str, str]]:
    """For each (Position ID, dice): {result Position ID: gnubg notation of the play}.

    Perspective: the query ID has the side on roll as gnubg's second block; every result ID
    keeps the MOVER as the second block (not turned round for the opponent). No legal play
    gives ``{query_id: ""}``. Dice order does not matter.

    >>> plays = legal_plays([("4HPwATDgc/ABMA", (3, 1))])[0]        # doctest: +SKIP
    >>> plays["4HPwATCwZ/ABMA"]                                        # doctest: +SKIP
    '8/5 6/5'
    >>> len(plays)                                                      # doctest: +SKIP
    16
    """
    checked = [_check_query(q) for q in queries]
    answers = _call("legal", [[pid, list(d)] for pid, d in checked], _workers(workers))
    return [_as_dict(q, answer) for q, answer in zip(checked, answers, strict=True)]


def legal_results(queries: Sequence[Query], *, workers: int | None = None) -> list[set[str]]:
    """For each (Position ID, dice): the set of Position IDs reachable by a legal play.

    Result IDs are seen FROM THE MOVER: the mover stays gnubg's second block, exactly as in the
    query ID (call :func:`swap_sides` to hand the position to the opponent). An empty play
    gives ``{query_id}``.

    >>> results = legal_results([("4HPwATDgc/ABMA", (3, 1)), ("4HPwATDgc/ABMA", (6, 6))])
    >>> [len(r) for r in results]                                   # doctest: +SKIP
    [16, 3]
    >>> "4HPwATDgc/ABMA" in results[0]                              # doctest: +SKIP
    False
    """
    return [set(plays) for plays in legal_plays(queries, workers=workers)]


def gnubg_check_plays(
    queries: Sequence[Query], *, workers: int | None = None
) -> list[dict[str, str]]:
    """Like :func:`legal_plays`, but each result comes from playing the notation with gnubg's
    own ``move`` command and reading the board back. Slow (a few plays per 10 ms); it exists to
    verify the fast path in tests."""
    checked = [_check_query(q) for q in queries]
    answers = _call("check", [[pid, list(d)] for pid, d in checked], _workers(workers), weight=4)
    return [_as_dict(q, answer) for q, answer in zip(checked, answers, strict=True)]


def _as_dict(query: Query, answer: list[list[str]]) -> dict[str, str]:
    plays = {rid: notation for rid, notation in answer}
    if len(plays) != len(answer):
        # GenerateMoves merges plays with equal results; if that ever fails, say so loudly.
        raise GnubgError(f"gnubg listed two plays with the same result for {query}: {answer}")
    return plays


def sample_queries(
    n: int, seed: int, mode: str = "walk", *, workers: int | None = None
) -> list[Query]:
    """n deterministic (Position ID, dice) queries generated inside gnubg.

    ``mode="walk"``: positions met in games played from the start with random dice, each move
    mostly gnubg's 0-ply choice and sometimes a random legal play (restarting after a game
    ends); ``mode="random"``: random boards mixing contact, closed boards with checkers on the
    bar, bear-offs and races. Generated in chunks of 200 with seeds derived from ``seed``, so
    the list depends only on (n, seed, mode).
    """
    if mode not in ("walk", "random"):
        raise GnubgError(f"mode must be 'walk' or 'random', got {mode!r}")
    if n < 0:
        raise GnubgError(f"n must be >= 0, got {n}")
    chunk = 200
    items = [[mode, min(chunk, n - start), seed * 100_003 + start] for start in range(0, n, chunk)]
    answers = _call("sample", items, _workers(workers), weight=chunk)
    return [(pid, (d[0], d[1])) for answer in answers for pid, d in answer]


# --------------------------------------------------------------------------------------------
# Position IDs


def position_id_for(board: Board) -> str:
    """gnubg's Position ID of one board ``(board[0], board[1])``: two arrays of 25 counts in
    gnubg's layout (index 0-23 = points 1-24 in that side's own numbering, 24 = bar; borne-off
    checkers are not stored). **The side on roll is ``board[1]``.** One gnubg process per call:
    use :func:`position_ids_for` for many boards.

    >>> start = (0,) * 5 + (5, 0, 3) + (0,) * 4 + (5,) + (0,) * 10 + (2, 0)
    >>> position_id_for((start, start))                          # doctest: +SKIP
    '4HPwATDgc/ABMA'
    """
    return position_ids_for([board])[0]


def position_ids_for(boards: Sequence[Board]) -> list[str]:
    """:func:`position_id_for` for a batch of boards, in one gnubg process."""
    items = []
    for board in boards:
        if len(board) != 2 or any(len(side) != 25 for side in board):
            raise GnubgError(f"a board is two arrays of 25 counts, got {board!r}")
        items.append([[int(n) for n in side] for side in board])
    return list(_call("encode", items, _bulk_workers(len(items))))


def decode_position_id(position_id: str) -> Board:
    """The board gnubg reads from a Position ID: ``(opponent, side on roll)``, 25 counts each
    (points 1-24 then the bar, each side in its own numbering). Raises on IDs that gnubg does
    not re-encode identically (garbage, more than 15 checkers a side).

    >>> opponent, on_roll = decode_position_id("AwAAAg4AgAAAAA")        # doctest: +SKIP
    >>> on_roll[5], on_roll[24]         # 3 on its 6 point, 1 on the bar  # doctest: +SKIP
    (3, 1)
    """
    return decode_position_ids([position_id])[0]


def decode_position_ids(position_ids: Sequence[str]) -> list[Board]:
    """:func:`decode_position_id` for a batch, in one gnubg process."""
    items = [_check_position_id(p) for p in position_ids]
    answers = _call("decode", items, _bulk_workers(len(items)))
    return [(tuple(b[0]), tuple(b[1])) for b in answers]


def swap_sides(position_ids: Sequence[str]) -> list[str]:
    """The same positions with the other side on roll (gnubg's two blocks exchanged): turns a
    result of :func:`legal_results` into the position the opponent rolls from."""
    items = [_check_position_id(p) for p in position_ids]
    return list(_call("swap", items, _bulk_workers(len(items))))


# --------------------------------------------------------------------------------------------
# Throughput figure


def _bench(n: int) -> None:
    t0 = time.perf_counter()
    queries = sample_queries(n // 2, seed=1) + sample_queries(n - n // 2, seed=2, mode="random")
    t1 = time.perf_counter()
    results = legal_results(queries)
    t2 = time.perf_counter()
    plays = sum(len(r) for r in results)
    print(f"sample_queries: {n} queries in {t1 - t0:.2f} s")
    print(
        f"legal_results: {n} queries, {plays} distinct results, {t2 - t1:.2f} s, "
        f"{n / (t2 - t1):.0f} queries/s with {_workers(None)} gnubg processes"
    )


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "bench":
        _bench(int(sys.argv[2]) if len(sys.argv) > 2 else 3000)
    else:
        print("usage: python -m tests.support.gnubg bench [N]")
