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

``match_id_info``
    ``set matchid <id>``, then ``gnubg.cubeinfo()`` and the texts of ``show score``, ``show
    cube``, ``show turn``, ``show dice``. ``set matchid`` normalises states it cannot set up
    (pending double or resignation, turn != on roll, finished game), so turn, doubled,
    resigned, game state, dice and the Jacoby bit are those for which gnubg's own encoder gives
    back the same ID.

``match_id_for``
    ``gnubg.matchid(cubeinfo, posinfo)``: gnubg's own encoder fed the fields directly (the
    dicts' ``jacoby`` and ``resigned`` entries set after construction, since ``cubeinfo()``
    copies the live Jacoby setting and ``posinfo()`` takes resigned 0/1 only). **gnubg 1.07
    writes bit 66 = NOT Jacoby**, so its match-play IDs end in ``E``-type characters where the
    manual's example ``QYkqASAAIAAA`` ends in ``A``.

``gnubg_state_after``
    Runs any command list (``new match 9``, ``set score 2 4`` ...) and reports
    ``gnubg.positionid()``, ``gnubg.matchid()`` and the printed lines.

``import_mat``
    ``import mat <file>`` in a process with no game yet, then ``gnubg.match(0, 1, 0, 0)``
    (games, per-record boards, names, length), ``show score``, and the printed lines (warnings
    such as ``Unrecognised move "77: 1/2" in .mat file.``). gnubg's importer is
    column-sensitive: write files the way ``export match mat`` does (second player's column
    at character 33, a final "Wins n point(s)" on the same line as the last action when the
    second player wins); otherwise it may read extra actions.

Player numbering: player 0 is the first player of a match (``X`` in ``gnubg.match()``, the
left column of a .mat file, named first in ``show score``); scores are (player 0, player 1).

Throughput: ``python -m tests.support.gnubg bench [N]`` prints queries/second for N sampled
queries (half game walks, half random boards).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

__all__ = [
    "START_POSITION_ID",
    "GnubgError",
    "GameImport",
    "GnubgState",
    "MatImport",
    "decode_position_id",
    "decode_position_ids",
    "find_gnubg",
    "gnubg_check_plays",
    "gnubg_state_after",
    "import_mat",
    "legal_plays",
    "legal_results",
    "match_id_for",
    "match_id_info",
    "match_ids_for",
    "position_id_for",
    "position_ids_for",
    "requires_gnubg",
    "sample_queries",
    "swap_sides",
]

START_POSITION_ID = "4HPwATDgc/ABMA"
_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_DEFAULT_WORKERS = 8
# Seconds per process: start-up allowance plus a per-item allowance far above the ~10 ms a
# hint takes, so a loaded 2-core machine does not trip it, yet a hung gnubg fails in minutes.
_BASE_TIMEOUT = 30.0
_PER_ITEM_TIMEOUT = 0.25

Board = tuple[tuple[int, ...], tuple[int, ...]]
Query = tuple[str, tuple[int, int]]


class GnubgError(RuntimeError):
    """gnubg failed, timed out, or rejected an input; the message carries gnubg's output."""


def find_gnubg() -> str | None:
    """Path of the gnubg binary: ``$BGREF_GNUBG``, ``gnubg`` on PATH, ``/usr/games/gnubg``."""
    env = os.environ.get("BGREF_GNUBG")
    if env:
        return env if os.access(env, os.X_OK) else None
    found = shutil.which("gnubg")
    if found:
        return found
    fallback = "/usr/games/gnubg"
    return fallback if os.access(fallback, os.X_OK) else None


requires_gnubg = pytest.mark.skipif(
    find_gnubg() is None,
    reason="GNU Backgammon not found (apt-get install gnubg, or set BGREF_GNUBG to the binary)",
)


# --------------------------------------------------------------------------------------------
# The program run inside gnubg. It reads {"op", "items", "options"} from $BGREF_GNUBG_REQ and
# writes {"results": [{"ok": value} | {"error": text}, ...]} (or {"fatal": traceback}) to
# $BGREF_GNUBG_RESP. gnubg's board printing goes to /dev/null except where captured.
_WORKER = r'''
import ctypes, json, os, random, sys, tempfile, traceback
import gnubg

_libc = ctypes.CDLL(None)
START = "4HPwATDgc/ABMA"


def capture(command):
    """Run a gnubg command and return what it printed on stdout and stderr."""
    with tempfile.TemporaryFile() as f:
        sys.stdout.flush(); sys.stderr.flush(); _libc.fflush(None)
        saved = os.dup(1), os.dup(2)
        os.dup2(f.fileno(), 1); os.dup2(f.fileno(), 2)
        try:
            gnubg.command(command)
        finally:
            sys.stdout.flush(); sys.stderr.flush(); _libc.fflush(None)
            os.dup2(saved[0], 1); os.dup2(saved[1], 2)
            os.close(saved[0]); os.close(saved[1])
        f.seek(0)
        return f.read().decode("utf-8", "replace")


def messages(text):
    """The lines of gnubg output that are not part of a printed board."""
    keep = []
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(("|", "+", "^|", "v|", "GNU Backgammon", "Match ID")):
            continue
        keep.append(s)
    return keep


def ensure_game():
    try:
        playing = gnubg.posinfo()["gamestate"] == 1
    except Exception:
        playing = False
    if not playing:
        gnubg.command("new game")


def decode(pid):
    if not isinstance(pid, str):
        raise ValueError("position ID must be a string, got %r" % (pid,))
    try:
        board = gnubg.positionfromid(pid)
    except Exception as exc:
        raise ValueError("gnubg rejects position ID %r: %s" % (pid, exc))
    if gnubg.positionid(board) != pid:
        raise ValueError("gnubg does not read %r as a canonical position ID (it re-encodes it "
                         "as %r)" % (pid, gnubg.positionid(board)))
    return board


def set_position(pid, dice):
    board = decode(pid)
    if sum(board[1]) == 0:
        raise ValueError("position %r: the side on roll (second block) has no checkers left"
                         % pid)
    ensure_game()
    gnubg.command("set board " + pid)
    if gnubg.positionid() != pid:
        raise ValueError("gnubg did not accept board %r (it shows %r)" % (pid, gnubg.positionid()))
    gnubg.command("set dice %d %d" % tuple(dice))
    got = tuple(gnubg.posinfo()["dice"])
    if sorted(got) != sorted(dice):
        raise ValueError("gnubg did not accept dice %r (it shows %r)" % (dice, got))
    return gnubg.board()


def apply_steps(board, steps):
    """(opponent, mover) after the mover plays steps [(from, to)], 25 = bar, 0 = off."""
    opp, me = list(board[0]), list(board[1])
    for frm, to in steps:
        i = 24 if frm == 25 else frm - 1
        if not 0 <= i <= 24 or me[i] <= 0:
            raise ValueError("step %d/%d has no checker to move" % (frm, to))
        me[i] -= 1
        if to > 0:
            me[to - 1] += 1
            j = 24 - to  # the opponent's own index of our point `to`
            if opp[j] == 1:
                opp[j] = 0
                opp[24] += 1
            elif opp[j] > 1:
                raise ValueError("step %d/%d lands on a made point" % (frm, to))
    return opp, me


def plays(pid, dice):
    board = set_position(pid, dice)
    out = []
    for entry in gnubg.hint()["hint"]:
        opp, me = apply_steps(board, gnubg.parsemove(entry["move"]))
        out.append([gnubg.positionid((opp, me)), entry["move"]])
    return out or [[pid, ""]]


def op_legal(item, options):
    return plays(item[0], item[1])


def op_check(item, options):
    """Every hint play of item, as played by gnubg's own `move` command (mover's view)."""
    pid, dice = item
    out = []
    for rid, notation in plays(pid, dice):
        if not notation:
            out.append([rid, notation])
            continue
        set_position(pid, dice)
        turn = gnubg.posinfo()["turn"]
        text = capture("move " + notation)
        info = gnubg.posinfo()
        b = gnubg.board()
        if info["gamestate"] == 1 and info["turn"] == turn:
            raise ValueError("gnubg refused %r in %s: %s" % (notation, pid, messages(text)))
        if info["gamestate"] == 1:
            mover_view = (b[1], b[0])  # the opponent is on roll now: the mover is board[0]
        else:
            # Game over (the mover bore off its last checker): the mover has none left.
            mover_view = (b[0], b[1]) if sum(b[1]) == 0 else (b[1], b[0])
        out.append([gnubg.positionid(mover_view), notation])
    return out


def place(rnd, own, other, count, lo, hi):
    """Put count checkers on own points lo..hi (1-24) where the other side has none."""
    points = [p for p in range(lo, hi + 1) if other[24 - p] == 0]
    for _ in range(count):
        own[rnd.choice(points) - 1] += 1


def random_board(rnd):
    me, opp = [0] * 25, [0] * 25
    kind = rnd.choice(["contact", "contact", "closed", "bearoff", "race"])
    if kind == "closed":
        made = rnd.randint(4, 6)
        for p in rnd.sample(range(1, 7), made):
            opp[p - 1] = 2
        me[24] = rnd.randint(1, 3)
        place(rnd, opp, me, 15 - 2 * made - rnd.randint(0, 2), 1, 24)
        place(rnd, me, opp, 15 - me[24] - rnd.randint(0, 3), 1, 18)
    elif kind == "bearoff":
        place(rnd, me, opp, rnd.randint(1, 15), 1, 6)
        opp[24] = rnd.choice([0, 0, 0, 1])
        place(rnd, opp, me, rnd.randint(1, 15 - opp[24]), 1, 24)
    elif kind == "race":
        place(rnd, me, opp, rnd.randint(1, 15), 1, 12)
        place(rnd, opp, me, rnd.randint(1, 15), 1, 12)
    else:
        me[24] = rnd.choice([0, 0, 0, 1, 2])
        opp[24] = rnd.choice([0, 0, 0, 1])
        place(rnd, me, opp, 15 - me[24] - rnd.choice([0, 0, 0, 2]), 1, 24)
        place(rnd, opp, me, 15 - opp[24] - rnd.choice([0, 0, 0, 2]), 1, 24)
    return opp, me


def op_sample(item, options):
    mode, n, seed = item
    rnd = random.Random(seed)
    out = []
    pid = START
    while len(out) < n:
        dice = [rnd.randint(1, 6), rnd.randint(1, 6)]
        if mode == "random":
            out.append([gnubg.positionid(random_board(rnd)), dice])
            continue
        out.append([pid, dice])
        listed = plays(pid, dice)
        # Mostly gnubg's best play (realistic games), sometimes any play (odd positions).
        rid = listed[0][0] if rnd.random() < 0.6 else rnd.choice(listed)[0]
        opp, me = gnubg.positionfromid(rid)
        pid = START if sum(me) == 0 else gnubg.positionid((me, opp))
    return out


def op_encode(item, options):
    board = item
    if len(board) != 2 or any(len(side) != 25 for side in board):
        raise ValueError("a board is two arrays of 25 counts, got %r" % (board,))
    return gnubg.positionid((tuple(board[0]), tuple(board[1])))


def op_decode(item, options):
    return [list(side) for side in decode(item)]


def op_swap(item, options):
    board = decode(item)
    return gnubg.positionid((board[1], board[0]))


def op_matchid_info(item, options):
    """gnubg's reading of a match ID.

    `set matchid` gives the cube, score, length and Crawford state, but it normalises what it
    cannot set up (a pending double or resignation, turn != on roll, finished games). The exact
    turn / doubled / resigned / game state / dice / Jacoby bits are then found by asking
    gnubg's own encoder (gnubg.matchid) which of those combinations gives back the same ID.
    """
    mid = item
    text = capture("set matchid " + mid)
    kept = gnubg.matchid()
    try:
        ci = gnubg.cubeinfo()
    except Exception as exc:
        raise ValueError("gnubg cannot read match ID %r (%s): %s"
                         % (mid, str(exc).strip(), " ".join(messages(text))))
    pi = gnubg.posinfo()
    base = gnubg.posinfo(0, 0, 0, 1, (0, 0))  # a valid dict; fields are overwritten below
    dice_tries = [tuple(pi["dice"])] + [(0, 0)] + [
        (a, b) for a in range(1, 7) for b in range(1, a + 1)]
    found = None
    for dice in dice_tries:
        for gs in range(8):
            for turn in (0, 1):
                for doubled in (0, 1):
                    for resigned in range(4):
                        for jacoby in (0, 1):
                            cand = dict(base, turn=turn, doubled=doubled, gamestate=gs,
                                        dice=dice, resigned=resigned)
                            if gnubg.matchid(dict(ci, jacoby=jacoby), cand) == mid:
                                found = (cand, jacoby)
                                break
                        if found: break
                    if found: break
                if found: break
            if found: break
        if found: break
    if found is None:
        raise ValueError("gnubg's encoder cannot reproduce match ID %r from what `set matchid` "
                         "read (it keeps %r): %s" % (mid, kept, " ".join(messages(text))))
    return {"cubeinfo": ci, "posinfo": found[0], "jacoby": bool(found[1]), "kept": kept,
            "messages": messages(text),
            "text": {k: gnubg.show(k) for k in ("score", "cube", "turn", "dice")}}


def op_matchid_for(item, options):
    ci = gnubg.cubeinfo(item["cube_value"], item["cube_owner"], item["on_roll"],
                        item["match_length"], tuple(item["score"]), item["crawford"], 0)
    ci["jacoby"] = item["jacoby"]  # cubeinfo() copies the live setting; override it
    pi = gnubg.posinfo(item["turn"], 0, item["doubled"], item["game_state"], tuple(item["dice"]))
    pi["resigned"] = item["resigned"]  # posinfo() accepts only 0/1; the ID holds 0-3
    return gnubg.matchid(ci, pi)


def op_import_mat(item, options):
    command, path = item
    text = capture(command + " " + path)
    match = gnubg.match(0, 1, 0, 0)
    out = {"messages": messages(text), "match": match, "notes": []}
    if match is not None:
        out["score_text"] = gnubg.show("score")
        try:
            out["final_ids"] = [gnubg.positionid(), gnubg.matchid()]
        except Exception:
            out["final_ids"] = [None, None]
        finals = []
        for number, game in enumerate(match["games"], 1):
            final = None
            for rec in game["game"]:
                if rec.get("action") != "move":
                    continue
                try:
                    opp, me = apply_steps(decode(rec["board"]), [tuple(s) for s in rec["move"]])
                    rec["after"] = gnubg.positionid((opp, me))
                except Exception as exc:
                    rec["after"] = None
                    out["notes"].append("game %d: cannot apply %r by %s to %s: %s" % (
                        number, rec.get("move"), rec.get("player"), rec.get("board"), exc))
                final = [rec["after"], rec["player"]]
            finals.append(final)
        out["finals"] = finals
    return out


def op_commands(item, options):
    """Run gnubg commands from a fresh state; report the position and match IDs."""
    printed = []
    for command in item:
        printed += messages(capture(command))
    try:
        pid, mid = gnubg.positionid(), gnubg.matchid()
    except Exception:
        pid, mid = None, None
    return [pid, mid, printed]


OPS = {"commands": op_commands, "legal": op_legal, "check": op_check, "sample": op_sample,
       "encode": op_encode, "decode": op_decode, "swap": op_swap, "matchid_info": op_matchid_info,
       "matchid_for": op_matchid_for, "import_mat": op_import_mat}


def main():
    with open(os.environ["BGREF_GNUBG_REQ"]) as f:
        req = json.load(f)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    setup = ["set player 0 human", "set player 1 human", "set confirm new off",
             "set display off", "set threads 1", "set automatic roll off",
             "set automatic game off", "set evaluation chequerplay evaluation plies 0",
             "set rng mersenne", "set seed 1"]
    if req["op"] not in ("import_mat", "commands"):  # these start from no match at all
        setup.append("new game")
    for command in setup:
        gnubg.command(command)
    results = []
    op = OPS[req["op"]]
    for item in req["items"]:
        try:
            results.append({"ok": op(item, req.get("options", {}))})
        except Exception as exc:
            results.append({"error": "%s: %s" % (type(exc).__name__, exc)})
    with open(os.environ["BGREF_GNUBG_RESP"], "w") as f:
        json.dump({"results": results}, f)


try:
    main()
except BaseException:
    with open(os.environ["BGREF_GNUBG_RESP"], "w") as f:
        json.dump({"fatal": traceback.format_exc()}, f)
'''


@dataclass(frozen=True)
class _Job:
    op: str
    items: list[Any]
    timeout: float


def _binary() -> str:
    path = find_gnubg()
    if path is None:
        raise GnubgError("GNU Backgammon not found (apt-get install gnubg, or set BGREF_GNUBG)")
    return path


def _run_jobs(jobs: Sequence[_Job]) -> list[list[dict[str, Any]]]:
    """Run each job in its own gnubg process, all at once; per-item results in job order."""
    binary = _binary()
    with tempfile.TemporaryDirectory(prefix="bgref-gnubg-") as tmp:
        script = os.path.join(tmp, "worker.py")
        with open(script, "w") as f:
            f.write(_WORKER)
        running = []
        for k, job in enumerate(jobs):
            req, resp = os.path.join(tmp, f"req{k}.json"), os.path.join(tmp, f"resp{k}.json")
            with open(req, "w") as f:
                json.dump({"op": job.op, "items": job.items}, f)
            # Each process gets its own home: gnubg creates ~/.gnubg at start-up, and several
            # starting at once on a fresh machine race for it ("File exists", exit 1).
            home = os.path.join(tmp, f"home{k}")
            os.mkdir(home)
            env = dict(os.environ, BGREF_GNUBG_REQ=req, BGREF_GNUBG_RESP=resp, HOME=home)
            # Output goes to files, not pipes: a chatty process can never block on a full pipe
            # while the parent waits for another one.
            with (
                open(os.path.join(tmp, f"out{k}.txt"), "wb") as out_file,
                open(os.path.join(tmp, f"err{k}.txt"), "wb") as err_file,
            ):
                proc = subprocess.Popen(
                    [binary, "-t", "-q", "-r", "-p", script],
                    cwd=tmp,  # gnubg puts ./scripts on its sys.path; keep it away from the repo
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=out_file,
                    stderr=err_file,
                )
            running.append((job, proc, k, time.monotonic() + job.timeout))
        out: list[list[dict[str, Any]]] = []
        try:
            for job, proc, k, deadline in running:
                try:
                    proc.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                    raise GnubgError(
                        f"gnubg timed out after {job.timeout:.0f} s on {len(job.items)} "
                        f"{job.op!r} items; stderr: {_read_tail(tmp, f'err{k}.txt')}"
                    ) from None
                out.append(_read_response(job, proc.returncode, tmp, k))
        finally:
            for _, proc, _, _ in running:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        return out


def _read_tail(tmp: str, name: str, limit: int = 2000) -> str:
    try:
        with open(os.path.join(tmp, name), "rb") as f:
            return f.read().decode("utf-8", "replace")[-limit:]
    except OSError:
        return ""


def _read_response(job: _Job, returncode: int, tmp: str, k: int) -> list[dict[str, Any]]:
    try:
        with open(os.path.join(tmp, f"resp{k}.json")) as f:
            data = json.load(f)
    except (OSError, ValueError):
        raise GnubgError(
            f"gnubg (exit {returncode}) gave no answer for {job.op!r}; "
            f"stdout: {_read_tail(tmp, f'out{k}.txt')}; stderr: {_read_tail(tmp, f'err{k}.txt')}"
        ) from None
    if "fatal" in data:
        raise GnubgError(f"gnubg's Python failed on {job.op!r}: {data['fatal']}")
    results: list[dict[str, Any]] = data["results"]
    if len(results) != len(job.items):
        raise GnubgError(f"gnubg answered {len(results)} of {len(job.items)} {job.op!r} items")
    return results


def _call(op: str, items: Sequence[Any], workers: int = 1, weight: int = 1) -> list[Any]:
    """Answer items with op over up to ``workers`` processes; raise on any item's error.

    ``weight`` is the number of hint-sized steps one item costs (for the timeout)."""
    items = list(items)
    if not items:
        return []
    n_jobs = max(1, min(workers, len(items)))
    size = math.ceil(len(items) / n_jobs)
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    jobs = [_Job(op, c, _BASE_TIMEOUT + _PER_ITEM_TIMEOUT * weight * len(c)) for c in chunks]
    values: list[Any] = []
    errors: list[str] = []
    for chunk, results in zip(chunks, _run_jobs(jobs), strict=True):
        for item, result in zip(chunk, results, strict=True):
            if "error" in result:
                errors.append(f"{item!r}: {result['error']}")
                values.append(None)
            else:
                values.append(result["ok"])
    if errors:
        shown = "; ".join(errors[:5])
        raise GnubgError(f"gnubg {op!r} failed on {len(errors)} of {len(items)} items: {shown}")
    return values


def _workers(workers: int | None) -> int:
    if workers is not None:
        return max(1, workers)
    return max(1, int(os.environ.get("BGREF_GNUBG_WORKERS", _DEFAULT_WORKERS)))


def _bulk_workers(n_items: int) -> int:
    # ID conversions take ~0.1 ms each: only huge batches are worth more processes.
    return max(1, min(_workers(None), n_items // 5000))


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
# Match IDs

_GAME_STATES = {0: "none", 1: "playing", 2: "over", 3: "resigned", 4: "dropped"}


def match_id_info(match_ids: str | Sequence[str]) -> Any:
    """Decode Match IDs with gnubg; one dict per ID (or one dict for a str).

    How: ``set matchid <id>``, then ``gnubg.cubeinfo()`` for the cube, score, length, Crawford
    and player on roll. ``set matchid`` normalises states it cannot set up (a pending double:
    "SetMatchID cannot handle positions where a double has been offered"; a pending
    resignation; turn != on roll; a finished game), so the turn, doubled, resigned, game-state,
    dice and Jacoby fields are those for which gnubg's own encoder (``gnubg.matchid``) gives
    back exactly this ID. An ID gnubg cannot read raises :class:`GnubgError`.

    Keys: ``cube_value``; ``cube_owner`` (0, 1 or None = centred); ``on_roll`` (gnubg's fMove,
    the player holding the dice); ``turn`` (fTurn, who must act now: differs from on_roll after
    a double or resignation); ``crawford`` (bool); ``game_state`` (0 none, 1 playing, 2 over,
    3 resigned, 4 dropped) and ``game_state_name``; ``score`` (player 0, player 1);
    ``match_length`` (0 = money); ``dice`` (high die first, or None when not rolled);
    ``doubled`` (bool); ``resigned`` (0, or the resign level 1-3); ``jacoby`` (gnubg 1.07's
    extension bit 66 of the ID, which it writes as NOT Jacoby: the manual's ``QYkqASAAIAAA``
    has it clear, i.e. Jacoby, while gnubg itself ends match IDs in ``...E``-type characters,
    i.e. no Jacoby, because Jacoby never applies in a match); ``kept_by_set_matchid`` (the ID
    gnubg holds after ``set matchid``: differs from the input when it normalised the state);
    ``messages`` (what ``set matchid`` printed); ``text`` (gnubg's ``show score``, ``show
    cube``, ``show turn``, ``show dice`` lines after ``set matchid``).

    >>> match_id_info("QYkqASAAIAAA")["score"]        # doctest: +SKIP
    (2, 4)
    """
    single = isinstance(match_ids, str)
    ids = [match_ids] if single else list(match_ids)
    for mid in ids:
        if not isinstance(mid, str) or len(mid) != 12 or not set(mid) <= _B64:
            raise GnubgError(f"not a Match ID (12 base-64 characters): {mid!r}")
    infos = [_match_info(raw) for raw in _call("matchid_info", ids)]
    return infos[0] if single else infos


def _match_info(raw: dict[str, Any]) -> dict[str, Any]:
    pi, ci = raw["posinfo"], raw["cubeinfo"]
    dice = tuple(pi["dice"])
    owner = ci["cubeowner"]
    return {
        "cube_value": ci["cube"],
        "cube_owner": owner if owner in (0, 1) else None,
        "on_roll": ci["move"],
        "turn": pi["turn"],
        "crawford": bool(ci["crawford"]),
        "game_state": pi["gamestate"],
        "game_state_name": _GAME_STATES.get(pi["gamestate"], str(pi["gamestate"])),
        "score": tuple(ci["score"]),
        "match_length": ci["matchto"],
        "dice": None if dice == (0, 0) else dice,
        "doubled": bool(pi["doubled"]),
        "resigned": pi["resigned"],
        "jacoby": raw["jacoby"],
        "kept_by_set_matchid": raw["kept"],
        "messages": tuple(raw["messages"]),
        "text": raw["text"],
    }


def match_id_for(
    *,
    match_length: int,
    score: tuple[int, int] = (0, 0),
    cube_value: int = 1,
    cube_owner: int | None = None,
    on_roll: int = 0,
    turn: int | None = None,
    crawford: bool = False,
    game_state: int = 1,
    dice: tuple[int, int] | None = None,
    doubled: bool = False,
    resigned: int = 0,
    jacoby: bool | None = None,
) -> str:
    """gnubg's Match ID for a state, from gnubg's own encoder (``gnubg.matchid``).

    Players are 0 and 1 as in gnubg: player 0 is the first player of the match (``X`` in
    ``gnubg.match()``, the left column of a .mat file); ``score`` is (player 0, player 1).
    ``cube_owner`` None = centred. ``turn`` (who acts now) defaults to ``on_roll`` (who holds
    the dice); they differ while a double or resignation awaits an answer. ``game_state`` is
    0 none, 1 playing, 2 over, 3 resigned, 4 dropped. ``jacoby`` sets gnubg 1.07's extension bit
    66 (written as NOT Jacoby); None means what gnubg itself writes: no Jacoby in a match (the
    ID ends in ``E``-type characters), Jacoby in money play (its default setting).

    >>> match_id_for(match_length=9, score=(2, 4), cube_value=2, cube_owner=0,
    ...              on_roll=1, dice=(5, 2))                          # doctest: +SKIP
    'QYkqASAAIAAE'
    >>> match_id_for(match_length=9, score=(2, 4), cube_value=2, cube_owner=0,
    ...              on_roll=1, dice=(5, 2), jacoby=True)             # doctest: +SKIP
    'QYkqASAAIAAA'  # the example of gnubg's manual
    """
    item = _match_item(
        match_length=match_length,
        score=score,
        cube_value=cube_value,
        cube_owner=cube_owner,
        on_roll=on_roll,
        turn=turn,
        crawford=crawford,
        game_state=game_state,
        dice=dice,
        doubled=doubled,
        resigned=resigned,
        jacoby=jacoby,
    )
    return str(_call("matchid_for", [item])[0])


def match_ids_for(states: Sequence[dict[str, Any]]) -> list[str]:
    """:func:`match_id_for` for many states (dicts of its keyword arguments), one process.

    >>> match_ids_for([dict(match_length=7), dict(match_length=0)])   # doctest: +SKIP
    ['MAHgAAAAAAAE', 'MAEAAAAAAAAA']
    """
    return [str(m) for m in _call("matchid_for", [_match_item(**st) for st in states])]


def _match_item(
    *,
    match_length: int,
    score: tuple[int, int] = (0, 0),
    cube_value: int = 1,
    cube_owner: int | None = None,
    on_roll: int = 0,
    turn: int | None = None,
    crawford: bool = False,
    game_state: int = 1,
    dice: tuple[int, int] | None = None,
    doubled: bool = False,
    resigned: int = 0,
    jacoby: bool | None = None,
) -> dict[str, Any]:
    if not 0 <= resigned <= 3:
        raise GnubgError(f"resigned must be 0 (none) or a resign level 1-3, got {resigned}")
    if dice is not None and not all(1 <= d <= 6 for d in dice):
        raise GnubgError(f"dice must be two numbers 1-6 or None, got {dice!r}")
    if jacoby is None:
        jacoby = match_length == 0
    return {
        "match_length": match_length,
        "score": list(score),
        "cube_value": cube_value,
        "cube_owner": -1 if cube_owner is None else cube_owner,
        "on_roll": on_roll,
        "turn": on_roll if turn is None else turn,
        "crawford": int(crawford),
        "game_state": game_state,
        "dice": list(dice) if dice else [0, 0],
        "doubled": int(doubled),
        "resigned": resigned,
        "jacoby": int(jacoby),
    }


@dataclass(frozen=True)
class GnubgState:
    """Where a list of gnubg commands left gnubg: its Position ID and Match ID (None when no
    game exists) and the lines it printed (boards left out)."""

    position_id: str | None
    match_id: str | None
    messages: tuple[str, ...]


def gnubg_state_after(commands: Sequence[str]) -> GnubgState:
    """Run gnubg commands in a fresh gnubg (both players human, dice seeded with ``set seed
    1``, no game yet) and report the state they leave, e.g. to build a Match ID the way a
    user would::

        gnubg_state_after(["new match 9", "set score 2 4", "set cube value 2",
                           "set dice 5 2"]).match_id      # doctest: +SKIP
    """
    for command in commands:
        if not isinstance(command, str) or "\n" in command:
            raise GnubgError(f"a gnubg command is one line of text, got {command!r}")
    pid, mid, printed = _call("commands", [list(commands)], weight=len(commands))[0]
    return GnubgState(pid, mid, tuple(printed))


# --------------------------------------------------------------------------------------------
# .mat import


@dataclass(frozen=True)
class GameImport:
    """One game as gnubg imported it.

    ``score_before``/``score_after`` are (player 0, player 1); ``winner`` is 0, 1 or None;
    ``final_position_id`` is the position after the game's last checker play, seen from the
    player who made it (mover = second block); ``records`` are gnubg's records
    ``(player, action, dice, move, board_before)`` with ``move`` as (from, to) steps and
    ``board_before`` the Position ID gnubg stores before the action, from the actor's view.
    ``position_ids_after_moves`` has one entry per checker play (None if gnubg stored a play
    that cannot be applied to its board; :attr:`MatImport.notes` says why).
    """

    score_before: tuple[int, int]
    score_after: tuple[int, int]
    winner: int | None
    points_won: int
    resigned: bool
    final_position_id: str | None
    final_mover: int | None
    position_ids_after_moves: tuple[str | None, ...]
    records: tuple[tuple[int, str, tuple[int, ...] | None, tuple[tuple[int, int], ...], str], ...]


@dataclass(frozen=True)
class MatImport:
    """What gnubg read from a .mat file. ``messages`` holds gnubg's printed lines (boards left
    out); ``warnings`` the subset that reports a problem. A file gnubg cannot read at all gives
    no games, ``match_length`` None and the reason in ``warnings``. ``gnubg_position_id`` and
    ``gnubg_match_id`` are what gnubg shows once the import is done (the end of the match, as
    ``show board`` prints it); ``notes`` are the driver's own remarks (plays it could not
    apply)."""

    path: str
    match_length: int | None
    player_names: tuple[str, str] | None
    games: tuple[GameImport, ...]
    final_score: tuple[int, int] | None
    score_text: str | None
    messages: tuple[str, ...]
    warnings: tuple[str, ...]
    gnubg_position_id: str | None = None
    gnubg_match_id: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def n_games(self) -> int:
        return len(self.games)


_WARNING_WORDS = (
    "warning",
    "unrecognised",
    "unrecognized",
    "not a valid",
    "no such",
    "error",
    "illegal",
    "invalid",
    "cannot",
    "can't",
    "failed",
)
_PLAYER = {"X": 0, "O": 1}


def import_mat(path: str | os.PathLike[str], *, command: str = "import mat") -> MatImport:
    """Import a plain-text .mat match file into gnubg (``import mat``) and report it.

    ``command`` may name another of gnubg's readers, e.g. ``"load match"`` for an SGF file.
    One gnubg process per call (~0.3 s).

    >>> imp = import_mat("tests/data/some.mat")                    # doctest: +SKIP
    >>> imp.n_games, imp.final_score, imp.player_names               # doctest: +SKIP
    (2, (1, 1), ('Alice', 'Bob'))
    """
    if not command.startswith(("import ", "load ")) or "\n" in command:
        raise GnubgError(f"command must be a gnubg 'import ...' or 'load ...' command: {command!r}")
    full = os.path.abspath(os.fspath(path))
    if any(c in full for c in '\n\r"') or " " in full:
        raise GnubgError(f"unusable path for gnubg's command line (space or quote): {full!r}")
    raw = _call("import_mat", [[command, full]])[0]
    msgs = tuple(raw["messages"])
    warnings = tuple(m for m in msgs if any(w in m.lower() for w in _WARNING_WORDS))
    match = raw["match"]
    if match is None:
        return MatImport(full, None, None, (), None, None, msgs, warnings)
    info = match["match-info"]
    games = tuple(
        _game_import(game, final) for game, final in zip(match["games"], raw["finals"], strict=True)
    )
    final_score = games[-1].score_after if games else (0, 0)
    final_ids = raw.get("final_ids") or [None, None]
    return MatImport(
        path=full,
        match_length=info.get("match-length"),
        player_names=(info["X"].get("name", ""), info["O"].get("name", "")),
        games=games,
        final_score=final_score,
        score_text=raw.get("score_text"),
        messages=msgs,
        warnings=warnings,
        gnubg_position_id=final_ids[0],
        gnubg_match_id=final_ids[1],
        notes=tuple(raw["notes"]),
    )


def _game_import(game: dict[str, Any], final: list[Any] | None) -> GameImport:
    gi = game["info"]
    before = (gi["score-X"], gi["score-O"])
    winner = _PLAYER.get(gi.get("winner") or "")
    points = gi.get("points-won", 0) or 0
    after = list(before)
    if winner is not None:
        after[winner] += points
    records = []
    afters = []
    for rec in game["game"]:
        dice = tuple(rec["dice"]) if rec.get("dice") else None
        move = tuple((s[0], s[1]) for s in rec.get("move") or ())
        records.append(
            (
                _PLAYER.get(rec.get("player", ""), -1),
                rec.get("action", ""),
                dice,
                move,
                rec.get("board", ""),
            )
        )
        if "after" in rec:
            afters.append(rec["after"])
    return GameImport(
        score_before=before,
        score_after=(after[0], after[1]),
        winner=winner,
        points_won=points,
        resigned=bool(gi.get("resigned", False)),
        final_position_id=final[0] if final else None,
        final_mover=_PLAYER.get(final[1]) if final else None,
        position_ids_after_moves=tuple(afters),
        records=tuple(records),
    )


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
